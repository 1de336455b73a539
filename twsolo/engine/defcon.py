"""DEFCON region bans and the military operations check (base §8.1, §8.2; spec §19.E)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from twsolo.engine.records import MilopsCheck
from twsolo.ids import Side
from twsolo.phrases import say

if TYPE_CHECKING:
    from twsolo.engine.game import Game

# Base §8.1.5 (A10): at DEFCON ≤ level, no coups or realignments in these regions.
DEFCON_BANS: tuple[tuple[int, str], ...] = ((4, "europe"), (3, "asia"), (2, "middle_east"))


def defcon_ban(defcon: int, region: str) -> str | None:
    """Why DEFCON forbids coups and realignments in `region`, or None."""
    for level, banned in DEFCON_BANS:
        if defcon <= level and region == banned:
            return say("engine.defcon.ban", defcon=defcon, region=banned.replace("_", " "))
    return None


def military_ops_check(game: Game) -> None:
    """Spec §19.E (base §8.2): each side short of DEFCON gives the opponent 1 VP per missing
    point; the penalties are netted; both tracks reset to 0."""
    state = game.state
    game.record(MilopsCheck(state.defcon, (state.milops[0], state.milops[1])))
    shortfall = {side: max(0, state.defcon - state.milops[side.col]) for side in Side}
    net = shortfall[Side.USSR] - shortfall[Side.US]  # positive: the US gains
    if net:
        game.gain_vp(Side.US, net, say("engine.defcon.military_ops_check.vp"))
    for side in Side:
        game.add_milops(side, -state.milops[side.col])
