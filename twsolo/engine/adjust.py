"""Corrections of a mis-entered fact (the player's `adjust`): what may be set, the legal range of
each, and how a correction reads.

A correction sets a track or a count to the value the physical board shows. It is not a move: it
triggers no rule (DEFCON 1 or 20 VP set this way do not end the game). `Game.adjust` applies it
and logs an `Adjusted` record, so the game log, `history` and the board changes after an undo
show it like any other change.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from twsolo.engine.state import GameState
from twsolo.errors import TwsoloError
from twsolo.ids import Side
from twsolo.phrases import say
from twsolo.ruleset import Ruleset

# The tracks' bounds; the engine's moves keep to them too (engine/game.py).
VP_WIN = 20  # base §10.3, spec §20.1.1: 20 VP wins, so the track ends there either way
DEFCON_RANGE = (1, 5)  # base §8.1
MAX_MILOPS = 5  # base §8.2
MAX_INFLUENCE = 99  # more than any country holds in a game; scenario files use the same bound
ADJUSTABLE = ("influence", "vp", "defcon", "milops", "space")
SIDED = ("influence", "milops", "space")  # these name a side (and influence a country)
NAMES = {  # the phrase that names each (twsolo/phrases/events.py)
    "influence": "engine.adjust.name.influence",
    "vp": "engine.adjust.name.vp",
    "defcon": "engine.adjust.name.defcon",
    "milops": "engine.adjust.name.milops",
    "space": "engine.adjust.name.space",
}


class AdjustmentRefused(TwsoloError):
    """A correction to a value the board cannot show; the message gives the legal range."""


@dataclass(frozen=True, slots=True)
class Adjustment:
    """Set `what` (of `side`, in `country` for influence) to `value`."""

    what: str
    value: int
    side: Side | None = None
    country: str | None = None  # a country id (rules/map.yaml)

    def but(self, **changes: Any) -> Adjustment:
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"what": self.what, "value": self.value}
        if self.side is not None:
            out["side"] = self.side.value
        if self.country is not None:
            out["country"] = self.country
        return out


def legal_range(rules: Ruleset, what: str) -> tuple[int, int]:
    if what == "vp":
        return -VP_WIN, VP_WIN
    if what == "defcon":
        return DEFCON_RANGE
    if what == "milops":
        return 0, MAX_MILOPS
    if what == "space":
        return 0, len(rules.space)  # box 0 is the start (rules/space.yaml lists boxes 1–8)
    return 0, MAX_INFLUENCE


def check_adjustment(rules: Ruleset, change: Adjustment) -> None:
    """Refuse a correction the board cannot show, naming the legal values."""
    if change.what not in ADJUSTABLE:
        raise AdjustmentRefused(
            say(
                "engine.adjust.refused.what",
                what=repr(change.what),
                adjustable=", ".join(ADJUSTABLE),
            )
        )
    sided = change.what in SIDED
    if sided != (change.side is not None):
        key = "engine.adjust.refused.needs_side" if sided else "engine.adjust.refused.no_side"
        raise AdjustmentRefused(say(key, what=say(NAMES[change.what])))
    if (change.what == "influence") != (change.country is not None):
        raise AdjustmentRefused(say("engine.adjust.refused.country"))
    if change.country is not None and change.country not in rules.index:
        raise AdjustmentRefused(
            say("engine.adjust.refused.no_country", country=repr(change.country))
        )
    lo, hi = legal_range(rules, change.what)
    if not lo <= change.value <= hi:
        raise AdjustmentRefused(
            say(
                "engine.adjust.refused.range",
                what=say(NAMES[change.what]),
                lo=lo,
                hi=hi,
                value=change.value,
            )
        )


def current_value(state: GameState, rules: Ruleset, change: Adjustment) -> int:
    """The value the correction replaces."""
    if change.what == "vp":
        return state.vp
    if change.what == "defcon":
        return state.defcon
    assert change.side is not None
    col = change.side.col
    if change.what == "milops":
        return state.milops[col]
    if change.what == "space":
        return state.space[col]
    assert change.country is not None
    return state.inf(rules.index[change.country], change.side)


def describe(rules: Ruleset, change: Adjustment, before: int) -> str:
    """The correction as a sentence: "DEFCON set to 3 (was 4)"."""
    value = change.value
    if change.what == "vp":
        return say("engine.adjust.set.vp", value=vp_text(value), before=vp_text(before))
    if change.what == "defcon":
        return say("engine.adjust.set.defcon", value=value, before=before)
    assert change.side is not None
    side = change.side.label
    if change.what == "milops":
        return say("engine.adjust.set.milops", side=side, value=value, before=before)
    if change.what == "space":
        return say("engine.adjust.set.space", side=side, value=value, before=before)
    assert change.country is not None
    name = rules.countries[rules.index[change.country]].name
    return say("engine.adjust.set.influence", country=name, side=side, value=value, before=before)


def vp_text(vp: int) -> str:
    # the records' words for the track (engine/records.py `vp_on_track`)
    return say("vp.zero") if vp == 0 else (say("vp.us", n=vp) if vp > 0 else say("vp.ussr", n=-vp))
