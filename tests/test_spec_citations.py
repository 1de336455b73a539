"""Every `spec §` citation names a section that exists (issue #19 defect 5): a heading, a numbered
item (§10.1.4 = §10.1 item 4), a lettered sub-item (§12.2.3a) or a step (§19.E) of
../shared/spec/solo-rules.md. The spec lies outside the repository, so the valid ids are kept in
tests/spec_sections.txt, written by scripts/spec_sections.py from the spec's text."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEARCHED = ("twsolo", "tests", "scripts", "rules", "docs", "README.md")
SUFFIXES = {".py", ".yaml", ".md", ".txt"}

# One id: 12, 12.2, 12.2.3, 12.2.3a, 19.E.
ID = r"\d+(?:\.\d+)*(?:[a-z](?![a-z]))?(?:\.[A-Z](?![A-Za-z]))?"
# A citation: "spec §12.4.1", and the ids listed after it ("spec §11.2, §12.5", "§23.3–§23.6").
CITATION = re.compile(rf"spec §({ID})((?:(?:, | and | or |–|-|/)§{ID})*)", re.IGNORECASE)
MORE = re.compile(rf"§({ID})")


def load_script() -> ModuleType:
    path = ROOT / "scripts" / "spec_sections.py"
    spec = importlib.util.spec_from_file_location("spec_sections", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def valid_ids() -> set[str]:
    return set((ROOT / "tests" / "spec_sections.txt").read_text(encoding="utf-8").split())


def citations() -> list[tuple[str, int, str]]:
    """(file, line, id) of every citation in the searched files."""
    found = []
    for top in SEARCHED:
        path = ROOT / top
        files = [path] if path.is_file() else sorted(path.rglob("*"))
        for f in files:
            if f.suffix not in SUFFIXES or not f.is_file() or f.name == "spec_sections.txt":
                continue
            for number, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
                for m in CITATION.finditer(line):
                    ids = [m.group(1), *MORE.findall(m.group(2))]
                    found.extend((str(f.relative_to(ROOT)), number, i) for i in ids)
    return found


def test_every_spec_citation_exists() -> None:
    valid = valid_ids()
    found = citations()
    assert len(found) > 300  # the search reads the code: a broken pattern would find nothing
    wrong = [f"{f}:{n}: spec §{i}" for f, n, i in found if i not in valid]
    assert not wrong, "citations of sections the spec does not have:\n" + "\n".join(wrong)


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
    ids = load_script().section_ids(text)
    assert ids == [
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


def test_the_pattern_finds_the_ids_a_citation_lists() -> None:
    line = "(spec §11.2, §12.5) and Spec §12.2.3a r2; spec §23.3–§23.6, spec §19.E. base §6.3"
    ids = [i for m in CITATION.finditer(line) for i in (m.group(1), *MORE.findall(m.group(2)))]
    assert ids == ["11.2", "12.5", "12.2.3a", "23.3", "23.6", "19.E"]


SPEC = ROOT.parent / "shared" / "spec" / "solo-rules.md"


@pytest.mark.skipif(not SPEC.is_file(), reason="the spec is not beside this checkout")
def test_the_list_is_the_specs() -> None:
    """tests/spec_sections.txt is what the script makes of the spec today."""
    ids = load_script().section_ids(SPEC.read_text(encoding="utf-8"))
    assert set(ids) == valid_ids(), "stale: run python scripts/spec_sections.py"
    assert {"10.1.4", "12.2.3a", "2.4", "19.E", "13.3.5", "23.10"} <= set(ids)
    assert "10.4" not in ids
