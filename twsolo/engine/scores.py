"""What a region's scoring yields, per side and net (base §10.1): values that the scoring
computes (engine/scoring.py) and its record carries (engine/records.py `RegionScored`), kept
apart so both import them at run time (a compiled build needs a record's field types).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from twsolo.ids import Side


# Values: not frozen, for speed (docs/decisions.md §10). Their __init__ is written out: every
# scoring of every look-ahead builds them, and a compiled build runs a written __init__
# natively, the dataclass's interpreted (docs/decisions.md §14).
@dataclass(slots=True, unsafe_hash=True, init=False)
class SideScore:
    level: str  # none | presence | domination | control
    countries: int
    battlegrounds: int
    adjacent: int  # controlled countries adjacent to the enemy superpower
    vp: int

    def __init__(
        self, level: str, countries: int, battlegrounds: int, adjacent: int, vp: int
    ) -> None:
        self.level = level
        self.countries = countries
        self.battlegrounds = battlegrounds
        self.adjacent = adjacent
        self.vp = vp

    def to_dict(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "countries": self.countries,
            "battlegrounds": self.battlegrounds,
            "adjacent": self.adjacent,
        }


@dataclass(slots=True, unsafe_hash=True, init=False)  # as SideScore
class RegionScore:
    region: str
    sides: dict[Side, SideScore]
    vp: int  # net, positive = US (board convention)
    auto_win: Side | None  # control of a region whose control wins (Europe)

    def __init__(
        self, region: str, sides: dict[Side, SideScore], vp: int, auto_win: Side | None = None
    ) -> None:
        self.region = region
        self.sides = sides
        self.vp = vp
        self.auto_win = auto_win

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {s.value: self.sides[s].to_dict() for s in Side}
        out["vp"] = self.vp
        if self.auto_win:
            out["control_wins"] = self.auto_win.value
        return out
