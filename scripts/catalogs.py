"""The phrasebook's language catalogs (issue #44), made with Babel: the template from the book,
a language's catalog brought up to date with it, the compiled .mo files the stdlib's gettext
reads, and what a catalog still lacks.

    python scripts/catalogs.py template          # twsolo/phrases/locale/twsolo.pot
    python scripts/catalogs.py update ru         # ru's .po: new phrases added, changed ones fuzzy
    python scripts/catalogs.py compile           # every twsolo.po -> twsolo.mo beside it
    python scripts/catalogs.py check ru          # what ru lacks (exit 1 if anything)

The build compiles the catalogs (scripts/compiled_build.py's hook), so no .mo is kept in git.
A phrase's key is its msgctxt and its English its msgid (twsolo/phrases/book.py): a phrase whose
English changes needs its translation looked at again, and `check` says so.
"""

from __future__ import annotations

import argparse
import io
import string
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "twsolo" / "phrases" / "locale"
DOMAIN = "twsolo"


def po_path(language: str, locales: Path = LOCALES) -> Path:
    return locales / language / "LC_MESSAGES" / f"{DOMAIN}.po"


Message = str | tuple[str, str]


def book() -> list[tuple[str, Message]]:
    """Every text a catalog translates, as (context, English): the phrasebook's phrases (by
    key), the command line's `--help` texts (context `help`), the descriptions of the rules
    data's vocabulary (context `vocabulary`: the rulebook says conditions with them) and
    click's own words (context `click`: twsolo/cli/click_words.py)."""
    sys.path.insert(0, str(ROOT))
    from twsolo.cli.click_words import CLICK_WORDS
    from twsolo.cli.main import help_texts
    from twsolo.compose import standard_vocabulary
    from twsolo.phrases import PHRASES

    described = standard_vocabulary().descriptions()
    return [
        *PHRASES.items(),
        *(("help", text) for text in help_texts()),
        *(("vocabulary", text) for text in described),
        *(("click", words) for words in CLICK_WORDS),
    ]


def template() -> Catalog:
    """The book as a catalog: each text's context (a phrase's key) and its English."""
    catalog = Catalog(domain=DOMAIN, project="twsolo", charset="utf-8")
    for key, phrase in book():
        catalog.add(phrase if isinstance(phrase, str) else tuple(phrase), context=key)
    return catalog


def read(path: Path, language: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=language, domain=DOMAIN)


def write(catalog: Catalog, path: Path) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=False, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def update(language: str, locales: Path = LOCALES) -> None:
    """`language`'s catalog with every phrase of the book: new ones empty, ones whose English
    changed marked fuzzy (their translation kept for the translator to look at)."""
    path = po_path(language, locales)
    catalog = read(path, language)
    catalog.update(template(), no_fuzzy_matching=True)
    write(catalog, path)


def compile_catalogs(locales: Path, out: Path) -> list[Path]:
    """Every `locales/LANG/LC_MESSAGES/twsolo.po` compiled to the same place under `out`
    (fuzzy entries left out: gettext then says the English)."""
    made = []
    for po in sorted(locales.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        language = po.parent.parent.name
        target = out / po.relative_to(locales).with_suffix(".mo")
        target.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        write_mo(buffer, read(po, language))
        target.write_bytes(buffer.getvalue())
        made.append(target)
    return made


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


def problems(language: str, locales: Path = LOCALES) -> list[str]:
    """What `language`'s catalog lacks against the book: a phrase missing, untranslated, fuzzy
    (its English changed), a plural without all its forms, a translation whose {fields} are not
    the English's (a plural's form may leave out the count)."""
    path = po_path(language, locales)
    if not path.exists():
        return [f"{path}: no catalog"]
    catalog = read(path, language)
    out = []
    for key, phrase in book():
        english = phrase if isinstance(phrase, str) else tuple(phrase)
        message = catalog.get(english if isinstance(english, str) else english[0], context=key)
        key = key if key not in ("help", "vocabulary", "click") else f"{key} {str(english)[:40]!r}"
        if message is None:
            out.append(f"{key}: missing (or its English changed)")
            continue
        if message.fuzzy:
            out.append(f"{key}: fuzzy (its English changed: look at the translation again)")
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if isinstance(english, tuple) and len(forms) != catalog.num_plurals:
            out.append(f"{key}: {len(forms)} plural forms, {catalog.num_plurals} needed")
        want = set().union(
            *(fields(e) for e in (english if isinstance(english, tuple) else [english]))
        )
        for form in forms:
            if not form:
                out.append(f"{key}: not translated")
                break
            got = fields(form)
            if got - want or (isinstance(english, str) and got != want):
                out.append(f"{key}: fields {sorted(got)}, the English has {sorted(want)}")
                break
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("template")
    sub.add_parser("update").add_argument("language")
    sub.add_parser("compile")
    sub.add_parser("check").add_argument("language")
    args = parser.parse_args()
    if args.command == "template":
        write(template(), LOCALES / f"{DOMAIN}.pot")
    elif args.command == "update":
        update(args.language)
    elif args.command == "compile":
        for made in compile_catalogs(LOCALES, LOCALES):
            print(made.relative_to(ROOT))
    else:
        found = problems(args.language)
        for line in found:
            print(line)
        print(f"{len(found)} problems")
        sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
