"""docs/rules/18-priority-table.md prints the §18 Region / Country Priority Table as
rules/priorities.yaml holds it: a hand copy that this test keeps equal to the data (issue #42)."""

from __future__ import annotations

import re
from pathlib import Path

from twsolo.ruleset import Ruleset

PAGE = Path(__file__).resolve().parents[1] / "docs" / "rules" / "18-priority-table.md"
ROW = re.compile(r"^\| (?P<region>[a-z_]+) \| (?P<countries>[a-z_, ]+) \|$", re.MULTILINE)


def printed() -> list[tuple[str, list[str]]]:
    return [
        (m["region"], [c.strip() for c in m["countries"].split(",")])
        for m in ROW.finditer(PAGE.read_text(encoding="utf-8"))
        if m["region"] != "region"  # the header row
    ]


def test_the_rulebooks_18_table_is_the_rules_data(rules: Ruleset) -> None:
    p = rules.priorities
    by_region: dict[str, list[str]] = {}
    for country, _ in sorted(p.country_rank.items(), key=lambda item: item[1]):
        by_region.setdefault(rules.country(country).region, []).append(country)
    want = [(region, by_region[region]) for region in p.region_order]
    assert printed() == want, "regenerate the table of docs/rules/18-priority-table.md"


def test_the_check_reads_the_page() -> None:
    rows = printed()
    assert [r for r, _ in rows][:2] == ["europe", "asia"]
    assert sum(len(c) for _, c in rows) == 84
