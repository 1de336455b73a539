"""What a region's scoring yields, per side and net (base §10.1): values that the scoring
computes (engine/scoring.py) and its record carries (engine/records.py `RegionScored`), kept
apart so both import them at run time (a compiled build needs a record's field types).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from twsolo.ids import Side


@dataclass(slots=True, unsafe_hash=True)  # a value: not frozen, for speed (docs/decisions.md §10)
class SideScore:
    level: str  # none | presence | domination | control
    countries: int
    battlegrounds: int
    adjacent: int  # controlled countries adjacent to the enemy superpower
    vp: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "countries": self.countries,
            "battlegrounds": self.battlegrounds,
            "adjacent": self.adjacent,
        }


@dataclass(slots=True, unsafe_hash=True)  # a value: not frozen, for speed (docs/decisions.md §10)
class RegionScore:
    region: str
    sides: dict[Side, SideScore]
    vp: int  # net, positive = US (board convention)
    auto_win: Side | None = None  # control of a region whose control wins (Europe)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {s.value: self.sides[s].to_dict() for s in Side}
        out["vp"] = self.vp
        if self.auto_win:
            out["control_wins"] = self.auto_win.value
        return out
