"""The section ids the specification defines, for the test that checks every `spec §` citation
(tests/test_spec_citations.py). The spec lives outside the repository, so its ids are kept in
tests/spec_sections.txt; rerun this script when the spec changes:

    python scripts/spec_sections.py                  # rewrite tests/spec_sections.txt
    python scripts/spec_sections.py --check          # exit 1 if the list is stale

An id is a heading (`## §12`, `### §12.2` -> 12, 12.2), a numbered item of a section (`4.` under
§10.1 -> 10.1.4; also inline, `1. Lower cost. 2. Adjacent ...` under §13.3), a lettered sub-item of
an item (`a.` under §12.2 item 3 -> 12.2.3a) or a lettered step (`- **E.**` under §19 -> 19.E;
`- **E–I.**` -> 19.E ... 19.I).
"""

from __future__ import annotations

import argparse
import re
import string
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT.parent / "shared" / "spec" / "solo-rules.md"
LIST = ROOT / "tests" / "spec_sections.txt"

HEADING = re.compile(r"^#{2,6} §(\d+(?:\.\d+)*)\b")
ITEM = re.compile(r"^(\d+)\. ")
INLINE_ITEM = re.compile(r"(?<=\s)(\d+)\.\s")
SUB_ITEM = re.compile(r"^ +([a-z])\. ")
STEP = re.compile(r"^- \*\*([A-Z])(?:–([A-Z]))?\.\*\*")


def section_ids(text: str) -> list[str]:
    """Every id the spec text defines, in the order they appear."""
    ids: list[str] = []
    section: str | None = None
    item: str | None = None  # the id of the current numbered item, for its sub-items
    last = -1  # the current item's number, for inline items continuing the sequence
    for line in text.splitlines():
        if not line.strip():
            last = -1  # an inline item continues its paragraph only
            continue
        if m := HEADING.match(line):
            section, item, last = m.group(1), None, -1
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
            ids.extend(f"{section}.{x}" for x in letters[first : end + 1])
        if last >= 0:
            for m in INLINE_ITEM.finditer(" " + rest):
                if int(m.group(1)) == last + 1:
                    last += 1
                    ids.append(f"{section}.{last}")
    return ids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spec", type=Path, default=SPEC)
    parser.add_argument("--check", action="store_true", help="exit 1 if the list is stale")
    args = parser.parse_args()
    text = "\n".join(section_ids(args.spec.read_text(encoding="utf-8"))) + "\n"
    if args.check:
        if LIST.read_text(encoding="utf-8") != text:
            sys.exit(f"{LIST} is stale: run python scripts/spec_sections.py")
        return
    LIST.write_text(text, encoding="utf-8")
    print(f"{LIST}: {text.count(chr(10))} section ids")


if __name__ == "__main__":
    main()
