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
from pathlib import Path
from typing import Any

from twsolo.errors import TwsoloError
from twsolo.phrases import asking, commands, events, questions, records, session, showing, solo

DOMAIN = "twsolo"
LOCALES = Path(__file__).parent / "locale"
ENGLISH = "en"

Phrase = str | tuple[str, str]


def _gather() -> dict[str, Phrase]:
    """The sections' phrases in one book; a key in two sections is a mistake."""
    book: dict[str, Phrase] = {}
    for section in (records, questions, asking, showing, session, events, solo, commands):
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


def languages(localedir: Path = LOCALES) -> list[str]:
    """The languages with a catalog, English (the phrases themselves) first."""
    found = sorted(p.parent.parent.name for p in localedir.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return [ENGLISH, *found]


def use_language(language: str, localedir: Path = LOCALES) -> None:
    """Say everything from now on in `language` (English: the phrases as written)."""
    global _catalog, _language
    _said.clear()
    if language == ENGLISH:
        _catalog, _language = None, ENGLISH
        return
    try:
        catalog = gettext.translation(DOMAIN, localedir, languages=[language])
    except OSError:
        known = ", ".join(languages(localedir))
        raise TwsoloError(
            f"no catalog for the language {language!r} (there are: {known})"
        ) from None
    _catalog, _language = catalog, language


def language() -> str:
    return _language


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
