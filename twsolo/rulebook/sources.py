"""The rulebook's prose (docs/rules/*.md) and the ids its sections define.

The prose is found like the rules data (ruleset/paths.py): the copy shipped inside the wheel
(twsolo/_rulebook), then the checkout's docs/rules/. One file per top-level section,
`NN-slug.md` (§1–§25), then `appendix.md` (the card appendix), `appendix-language.md` (the
windows and conditions an editor writes), `card-events.md` (the base game's rules and events)
and `base-facts.md` (the facts of the printed board and deck).

An id is a heading (`## §12`, `### §12.2` -> 12, 12.2), a numbered item of a section (`4.` under
§10.1 -> 10.1.4; also inline, `1. Lower cost. 2. Adjacent ...` under §13.3), a lettered sub-item
of an item (`a.` under §12.2 item 3 -> 12.2.3a) or a lettered step (`- **E.**` under §19 -> 19.E;
`- **E–I.**` -> 19.E ... 19.I). The appendix defines `#N` (an entry) and `GN` (a general rule).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from twsolo.errors import TwsoloError
from twsolo.phrases import language, say
from twsolo.phrases.book import ENGLISH

SECTION_FILE = re.compile(r"^(\d\d)-[a-z0-9-]+\.md$")
APPENDIX = "appendix.md"
LANGUAGE = "appendix-language.md"
EVENTS = "card-events.md"  # the base game's rules and events, cited as `card-events A9`
FACTS = "base-facts.md"
INDEX = "README.md"

HEADING = re.compile(r"^(#{2,6}) §(\d+(?:\.\d+)*)\.?\s+(.*?)\s*$")
ITEM = re.compile(r"^(\d+)\. ")
INLINE_ITEM = re.compile(r"(?<=\s)(\d+)\.\s")
SUB_ITEM = re.compile(r"^ +([a-z])\. ")
STEP = re.compile(r"^- \*\*([A-Z])(?:–([A-Z]))?\.\*\*")
# The appendix: `### #43 SALT Negotiations`, `### G7 Deck/hands` or `- **G7 Deck/hands.**`.
ENTRY = re.compile(r"^#{2,4} #(\d+)\.?\s+(.*?)\s*$")
GENERAL = re.compile(r"^(?:#{2,4} |- \*\*)(G\d+)\.?\s+(.*?)\.?(?:\*\*.*)?$")
# The appendix's own numbered parts: `## 1. Entry format`, `### 1.2 Condition vocabulary`.
PART = re.compile(r"^#{2,4} (\d+(?:\.\d+)*)\.?\s+([A-Z].*?)\s*$")
TAG = re.compile(r"\s*\[[^\]]*\]\s*$")


def rulebook_dir() -> Path:
    """docs/rules/: the wheel's copy (twsolo/_rulebook), else the checkout's."""
    packaged = Path(str(resources.files("twsolo") / "_rulebook"))
    checkout = Path(__file__).resolve().parents[2] / "docs" / "rules"
    for path in (packaged, checkout):
        if (path / APPENDIX).is_file():
            return path
    raise TwsoloError(f"cannot find the rulebook's text; looked in {packaged}, {checkout}")


@dataclass(frozen=True)
class Prose:
    """The rulebook's Markdown files, read once."""

    directory: Path
    sections: tuple[tuple[int, str], ...]  # (section number, its file's text), §1 first
    appendix: str
    language: str
    events: str
    facts: str
    index: str

    @classmethod
    def read(cls, directory: Path | None = None, lang: str | None = None) -> Prose:
        """The book in `lang` (default: the language in use): each file from `directory/LANG/`
        where the language has it written (issue #44: docs/rules/ru/), else the English one."""
        directory = directory or rulebook_dir()
        lang = lang or language()
        own = directory / lang if lang != ENGLISH else None

        def path_of(name: str) -> Path:
            translated = own / name if own is not None else None
            return (
                translated if translated is not None and translated.is_file() else directory / name
            )

        found: dict[int, str] = {}
        for path in sorted(directory.iterdir()):
            if m := SECTION_FILE.match(path.name):
                number = int(m.group(1))
                if number in found:
                    raise TwsoloError(f"{directory}: two files for §{number}")
                found[number] = path_of(path.name).read_text(encoding="utf-8")
        missing = [n for n in range(1, max(found, default=0) + 1) if n not in found]
        if not found or missing:
            raise TwsoloError(f"{directory}: no file for §{missing or [1]}")

        def text(name: str) -> str:
            path = path_of(name)
            if not path.is_file():
                raise TwsoloError(f"{directory}: {name} is missing")
            return path.read_text(encoding="utf-8")

        return cls(
            directory,
            tuple(sorted(found.items())),
            text(APPENDIX),
            text(LANGUAGE),
            text(EVENTS),
            text(FACTS),
            text(INDEX),
        )

    def titles(self) -> dict[str, str]:
        """Every heading's id and its title without its tags: {"13.2": "Options", ...}."""
        out: dict[str, str] = {}
        for _, text in self.sections:
            for line in text.splitlines():
                if m := HEADING.match(line):
                    out[m.group(2)] = TAG.sub("", m.group(3))
        return out

    def section_ids(self) -> set[str]:
        ids: set[str] = set()
        for _, text in self.sections:
            ids.update(section_ids(text))
        return ids

    def appendix_ids(self) -> tuple[set[int], set[str], set[str]]:
        """What the appendix page defines: its entries (`#N`), general rules (`GN`) and
        numbered parts (`appendix §1.2`)."""
        entries, general, parts = set(), set(), set()
        for line in self.appendix.splitlines():
            if m := ENTRY.match(line):
                entries.add(int(m.group(1)))
            elif m := GENERAL.match(line):
                general.add(m.group(1))
            elif m := PART.match(line):
                parts.add(m.group(1))
        return entries, general, parts

    def event_ids(self) -> set[str]:
        """The base game's labels card-events.md heads: A1–A15, B1–B6, D1–D14."""
        return set(re.findall(r"(?m)^#{2,4} ([A-E]\d+)\.", self.events))


def section_ids(text: str) -> list[str]:
    """Every id a section's text defines, in the order they appear."""
    ids: list[str] = []
    section: str | None = None
    item: str | None = None  # the id of the current numbered item, for its sub-items
    last = -1  # the current item's number, for inline items continuing the sequence
    for line in text.splitlines():
        if not line.strip():
            last = -1  # an inline item continues its paragraph only
            continue
        if m := HEADING.match(line):
            section, item, last = m.group(2), None, -1
            ids.append(section)
            continue
        if section is None:
            continue
        rest = line
        if m := ITEM.match(line):
            last = int(m.group(1))
            item = f"{section}.{last}"
            ids.append(item)
            rest = line[m.end() :]
        elif (m := SUB_ITEM.match(line)) and item is not None:
            ids.append(item + m.group(1))
        elif m := STEP.match(line):
            letters = string.ascii_uppercase
            first = letters.index(m.group(1))
            end = letters.index(m.group(2) or m.group(1))
            ids.extend(f"{section}.{letters[i]}" for i in range(first, end + 1))
        if last >= 0:
            for m in INLINE_ITEM.finditer(" " + rest):
                if int(m.group(1)) == last + 1:
                    last += 1
                    ids.append(f"{section}.{last}")
    return ids


CITED = re.compile(r"§(\d+(?:\.\d+)*)")


def section_titles() -> dict[str, str]:
    """Every heading's title in the language in use (`why` cites them)."""
    return _titles(language())


@cache
def _titles(lang: str) -> dict[str, str]:
    try:
        return Prose.read(lang=lang).titles()
    except (OSError, TwsoloError):
        return {}  # a broken install: the citations are printed without titles


def cited_sections(texts: Iterable[str]) -> list[str]:
    """The sections `texts` cite, each once with its title as the rulebook heads it, e.g.
    "§13.2 Options (in §13 AI Influence Placement Priority)"; an item's id (§13.2.1) is
    titled by the heading it stands under."""
    titles = section_titles()
    out: dict[str, str] = {}
    for text in texts:
        for m in CITED.finditer(text):
            ident = m.group(1)
            heading = ident
            while heading not in titles and "." in heading:
                heading = heading.rsplit(".", 1)[0]
            if heading not in titles or ident in out:
                continue
            top = heading.split(".", 1)[0]
            if top != heading and top in titles:
                out[ident] = say(
                    "why.cited_within",
                    ident=ident,
                    title=titles[heading],
                    top=top,
                    top_title=titles[top],
                )
            else:
                out[ident] = say("why.cited", ident=ident, title=titles[heading])
    return list(out.values())
