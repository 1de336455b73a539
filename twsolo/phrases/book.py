"""The phrasebook's mechanism: a phrase is found by its key, read in the language in use, and
filled in with its fields.

Every sentence twsolo says to a person is a phrase of one of the sections (this package's other
modules), keyed `area.what` ("record.influence.add", "question.draft"). The English of a phrase
is its gettext msgid and its key the msgctxt, so a second language is one more gettext catalog
(`locale/LANG/LC_MESSAGES/twsolo.mo`) read by the stdlib's gettext, and a translator sees the
English beside the key. A phrase that counts is a pair (singular, plural) with the count in the
field `n`: the catalog's own plural rule picks the form (Russian has three).
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from twsolo.errors import TwsoloError
from twsolo.ids import SIDES
from twsolo.phrases import (
    asking,
    commands,
    events,
    questions,
    records,
    rulebook,
    session,
    showing,
    solo,
)

DOMAIN = "twsolo"
LOCALES = Path(__file__).parent / "locale"
ENGLISH = "en"

Phrase = str | tuple[str, str]


def _gather() -> dict[str, Phrase]:
    """The sections' phrases in one book; a key in two sections is a mistake."""
    book: dict[str, Phrase] = {}
    sections = (records, questions, asking, showing, session, events, solo, commands, rulebook)
    for section in sections:
        for key, phrase in section.PHRASES.items():
            if key in book:
                raise TwsoloError(f"internal: the phrase {key!r} is in two sections")
            book[key] = phrase
    return book


PHRASES: dict[str, Phrase] = _gather()

# The catalog in use; None: English, the phrases as written (the engine says a phrase for every
# question of a simulated game: English skips the catalog's lookup).
_catalog: gettext.NullTranslations | None = None
_language = ENGLISH


# Sentences said already, by key and fields: a simulated game against the strong stand-in says
# some 100,000 (a legality check's reason, most of them the same few), and filling a template
# costs ten times an f-string. Emptied when it grows past MEMO_LIMIT and when the language
# changes. So a field is a value: its text may not change while it lives (numbers, strings,
# frozen records; a mutable dataclass cannot be a key and is said afresh).
_said: dict[tuple[Any, ...], str] = {}
MEMO_LIMIT = 100_000


def say(key: str, /, **fields: Any) -> str:
    """The phrase `key` in the language in use, its `{fields}` filled in."""
    memo = (key, *fields.items())
    try:
        return _said[memo]
    except KeyError:
        pass
    except TypeError:  # a field that cannot be a key (a list): said afresh
        return _filled(key, fields)
    if len(_said) >= MEMO_LIMIT:
        _said.clear()
    text = _said[memo] = _filled(key, fields)
    return text


def _filled(key: str, fields: dict[str, Any]) -> str:
    phrase = PHRASES[key]
    if _catalog is None:
        if isinstance(phrase, str):
            return phrase.format(**fields)
        return phrase[fields["n"] != 1].format(**fields)  # English: one, and all the rest
    if isinstance(phrase, str):
        return _catalog.pgettext(key, phrase).format(**fields)
    return _catalog.npgettext(key, phrase[0], phrase[1], fields["n"]).format(**fields)


def value_word(kind: str, value: str) -> str:
    """A command line's value as said (`--mode table`, `--difficulty hard`): its phrase
    `value.KIND.VALUE` in the language in use, else the value itself."""
    key = f"value.{kind}.{value}"
    return say(key) if key in PHRASES else value


def answer_word(value: str) -> str:
    """A word of the play grammar as said (`event_first` -> "event first"): its phrase
    `answer.VALUE`, else the value with spaces."""
    key = f"answer.{value}"
    return say(key) if key in PHRASES else value.replace("_", " ")


def languages(localedir: Path | None = None) -> list[str]:
    """The languages with a catalog, English (the phrases themselves) first."""
    localedir = localedir or LOCALES
    found = sorted(p.parent.parent.name for p in localedir.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return [ENGLISH, *found]


def use_language(language: str, localedir: Path | None = None) -> None:
    """Say everything from now on in `language` (English: the phrases as written), its catalog
    read from `localedir` (default: the package's `locale`, LOCALES)."""
    global _catalog, _language
    localedir = localedir or LOCALES
    _said.clear()
    if language == ENGLISH:
        _catalog, _language = None, ENGLISH
    else:
        try:
            catalog = gettext.translation(DOMAIN, localedir, languages=[language])
        except OSError:
            known = ", ".join(languages(localedir))
            raise TwsoloError(
                f"no catalog for the language {language!r} (there are: {known})"
            ) from None
        _catalog, _language = catalog, language
    for side in SIDES:  # a plain attribute, read in every record (twsolo/ids.py)
        side.label = say(f"side.{side.value}")
    for listener in _listeners:
        listener()


def language() -> str:
    return _language


def translated(context: str, english: str) -> str:
    """A text that is not a phrase of the book (the command line's `--help`, under the context
    `help`) in the language in use: the catalog's msgctxt `context`, msgid `english`."""
    return english if _catalog is None else _catalog.pgettext(context, english)


def translated_plural(context: str, singular: str, plural: str, n: int) -> str:
    """`translated` for a text with a count (click's `ngettext`): the form `n` asks for."""
    if _catalog is None:
        return singular if n == 1 else plural
    return _catalog.npgettext(context, singular, plural, n)


# Called after every change of language (the command line re-says its `--help` texts).
_listeners: list[Callable[[], None]] = []


def when_language_changes(listener: Callable[[], None]) -> None:
    _listeners.append(listener)


# Where a language is chosen, in order (issue #44): a command's `--lang`, then TWSOLO_LANG, then
# the locale's variables as gettext reads them; else English.
LANGUAGE_VARIABLE = "TWSOLO_LANG"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def wanted_language(environ: Mapping[str, str]) -> tuple[str, bool]:
    """The language the environment asks for, and whether it was asked for by name
    (TWSOLO_LANG: a language without a catalog is then an error, not English)."""
    if chosen := environ.get(LANGUAGE_VARIABLE, "").strip():
        return chosen.lower(), True
    for variable in LOCALE_VARIABLES:
        if value := environ.get(variable, "").strip():
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return (code if code not in ("c", "posix") else ENGLISH), False
    return ENGLISH, False


def start_language(environ: Mapping[str, str], localedir: Path | None = None) -> str:
    """Use the language the environment asks for: by name (TWSOLO_LANG) it must have a
    catalog; the locale's, when it has none, leaves English."""
    wanted, named = wanted_language(environ)
    if not named and wanted not in languages(localedir):
        wanted = ENGLISH
    use_language(wanted, localedir)
    return wanted


def catalog_template() -> str:
    """The book as a gettext template (.pot): each phrase's key as msgctxt, its English as
    msgid, for a translator's new catalog."""
    out = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
    for key, phrase in PHRASES.items():
        out.append(f"msgctxt {_quoted(key)}")
        if isinstance(phrase, str):
            out += [f"msgid {_quoted(phrase)}", 'msgstr ""', ""]
        else:
            out += [
                f"msgid {_quoted(phrase[0])}",
                f"msgid_plural {_quoted(phrase[1])}",
                'msgstr[0] ""',
                'msgstr[1] ""',
                "",
            ]
    return "\n".join(out)


def _quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'
