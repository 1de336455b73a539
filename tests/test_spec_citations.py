"""Every citation the program can print names a section of the project's own rulebook
(docs/rules/, issue #24): `spec §N` a heading, a numbered item (§10.1.4 = §10.1 item 4), a
lettered sub-item (§12.2.3a) or a step (§19.E) of the rules; `appendix #N` an entry, `GN` a
general rule and `appendix §N` a part of the card appendix (docs/rules/appendix.md)."""

from __future__ import annotations

import re
from pathlib import Path

from twsolo.rulebook.sources import Prose, section_ids

ROOT = Path(__file__).resolve().parents[1]
SEARCHED = ("twsolo", "tests", "scripts", "rules", "docs", "README.md")
SUFFIXES = {".py", ".yaml", ".md", ".txt"}

# One id: 12, 12.2, 12.2.3, 12.2.3a, 19.E.
ID = r"\d+(?:\.\d+)*(?:[a-z](?![a-z]))?(?:\.[A-Z](?![A-Za-z]))?"
# A citation: "spec §12.4.1", and the ids listed after it ("spec §11.2, §12.5", "§23.3–§23.6").
CITATION = re.compile(rf"spec §({ID})((?:(?:, | and | or |–|-|/)§{ID})*)", re.IGNORECASE)
MORE = re.compile(rf"§({ID})")
# The appendix: "appendix #43", "entry 32" is not a citation; "(G7)", "appendix G5", "G10 b".
ENTRY = re.compile(r"appendix #(\d+)((?:(?:, | and | or |/)#\d+)*)", re.IGNORECASE)
MORE_ENTRIES = re.compile(r"#(\d+)")
GENERAL = re.compile(r"(?<![A-Za-z0-9_])(G\d{1,2})(?![A-Za-z0-9_])")
BASE = re.compile(r"card-events ([A-E]\d+)\b")
APPENDIX_PART = re.compile(r"appendix §(\d+(?:\.\d+)*)", re.IGNORECASE)
# Files whose text is the rulebook itself, or a test's made-up sample.
NOT_CITING = {"docs/rules", "tests/test_spec_citations.py"}


def files() -> list[Path]:
    found = []
    for top in SEARCHED:
        path = ROOT / top
        for f in [path] if path.is_file() else sorted(path.rglob("*")):
            rel = f.relative_to(ROOT).as_posix()
            if (
                f.suffix in SUFFIXES
                and f.is_file()
                and not any(rel.startswith(n) for n in NOT_CITING)
            ):
                found.append(f)
    return found


def citations(pattern: re.Pattern[str], more: re.Pattern[str] | None) -> list[tuple[str, str]]:
    """(file:line, id) of every citation the pattern finds in the searched files."""
    out = []
    for f in files():
        rel = f.relative_to(ROOT).as_posix()
        for number, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            for m in pattern.finditer(line):
                ids = [m.group(1)]
                if more is not None and m.lastindex and m.lastindex > 1:
                    ids += more.findall(m.group(2))
                out.extend((f"{rel}:{number}", i) for i in ids)
    return out


def test_every_spec_citation_is_a_section_of_the_rulebook() -> None:
    valid = Prose.read().section_ids()
    found = citations(CITATION, MORE)
    assert len(found) > 300  # the search reads the code: a broken pattern would find nothing
    wrong = [f"{where}: spec §{i}" for where, i in found if i not in valid]
    assert not wrong, "citations of sections docs/rules/ does not have:\n" + "\n".join(wrong)


def test_every_appendix_citation_is_an_entry_rule_or_part_of_the_appendix() -> None:
    entries, general, parts = Prose.read().appendix_ids()
    assert len(entries) >= 100
    assert {"G1", "G7"} <= general
    assert {"1.1", "1.2"} <= parts
    cited_entries = citations(ENTRY, MORE_ENTRIES)
    cited_general = citations(GENERAL, None)
    cited_parts = citations(APPENDIX_PART, None)
    assert len(cited_entries) > 50
    assert len(cited_general) > 50
    assert len(cited_parts) > 10
    wrong = [f"{w}: appendix #{i}" for w, i in cited_entries if int(i) not in entries]
    wrong += [f"{w}: {i}" for w, i in cited_general if i not in general]
    wrong += [f"{w}: appendix §{i}" for w, i in cited_parts if i not in parts]
    assert not wrong, "citations the card appendix does not have:\n" + "\n".join(wrong)


def test_every_base_game_citation_is_a_heading_of_card_events() -> None:
    labels = Prose.read().event_ids()
    assert {"A1", "A15", "B6", "D14"} <= labels
    cited = citations(BASE, None)
    assert len(cited) > 100
    wrong = [f"{w}: card-events {i}" for w, i in cited if i not in labels]
    assert not wrong, "citations docs/rules/card-events.md does not have:\n" + "\n".join(wrong)


def test_the_rulebook_has_every_section_of_the_ruleset() -> None:
    """§1–§25 with the sections the program's rules stand on, and the §25 switches."""
    prose = Prose.read()
    ids = prose.section_ids()
    assert {"10.1.4", "12.2.3a", "2.4", "19.E", "13.3.5", "23.10", "25.4"} <= ids
    assert [n for n, _ in prose.sections] == list(range(1, 26))
    titles = prose.titles()
    assert all(titles.get(str(n)) for n in range(1, 26))


def test_the_parser_reads_items_sub_items_and_steps() -> None:
    text = """## §10 The human's action round

### §10.1 Procedure [seed]
1. Draw 2 cards.
   (a continuation line)
4. **UN Intervention** played by you can cancel only ...

### §12.2 Decide
3. **Human event**:
   a. **Space Race dump**: ...
   b. Otherwise ... holds 8. Shuffle.

### §13.3 Ties
1. Lower cost. 2. Adjacent to the human's superpower. 3. Higher stability. 7. Not an item

## §19 End of turn
- **E.** Military operations
- **G–I.** The rest
"""
    assert section_ids(text) == [
        "10",
        "10.1",
        "10.1.1",
        "10.1.4",
        "12.2",
        "12.2.3",
        "12.2.3a",
        "12.2.3b",
        "13.3",
        "13.3.1",
        "13.3.2",
        "13.3.3",
        "19",
        "19.E",
        "19.G",
        "19.H",
        "19.I",
    ]


def test_the_patterns_find_the_ids_a_citation_lists() -> None:
    line = "(spec §11.2, §12.5) and Spec §12.2.3a r2; spec §23.3–§23.6, spec §19.E. base §6.3"
    ids = [i for m in CITATION.finditer(line) for i in (m.group(1), *MORE.findall(m.group(2)))]
    assert ids == ["11.2", "12.5", "12.2.3a", "23.3", "23.6", "19.E"]
    line = "appendix #26/#62 (G7), appendix G5 and G10 b; BG1 is not one"
    assert [m.group(1) for m in GENERAL.finditer(line)] == ["G7", "G5", "G10"]
    found = [
        i for m in ENTRY.finditer(line) for i in (m.group(1), *MORE_ENTRIES.findall(m.group(2)))
    ]
    assert found == ["26", "62"]


# What a clone does not hold: the sources the project was written from.
OUTSIDE = re.compile(
    r"\.\./shared|shared/spec|reference/README|countries\.csv|cards\.csv|adjacency\.csv"
    r"|spec/(?:scenario|card-appendix|solo-rules)\.md|\bdesign\.md"
)


def test_the_project_points_only_inside_itself() -> None:
    """Nothing in the repository sends its reader outside it (issue #24)."""
    found = []
    for top in (*SEARCHED, "pyproject.toml", ".ci"):
        path = ROOT / top
        for f in [path] if path.is_file() else sorted(path.rglob("*")):
            if not f.is_file() or f.suffix == ".pyc" or f.name == Path(__file__).name:
                continue
            try:
                text = f.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue
            for number, line in enumerate(text.splitlines(), 1):
                if OUTSIDE.search(line):
                    found.append(f"{f.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "references outside the repository:\n" + "\n".join(found)
