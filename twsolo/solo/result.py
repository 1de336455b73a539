"""The Victory Rating (spec §20.2): the result from the human's point of view."""

from __future__ import annotations

from twsolo.engine.state import GameState, Result
from twsolo.ids import DECISIVE_DEFEAT, DECISIVE_VICTORY, MASTER_VICTORY, Side
from twsolo.ruleset import Ruleset

# Ends decided by how the game ended, not by the score (spec §20.1).
CONTROL_SUFFIX = "_control"
CATASTROPHES = ("defcon1", "cuban_missile_crisis")


def human_score(state: GameState) -> int:
    """VP in the human's favour (spec §1.7, §20.2)."""
    assert state.ai_side is not None
    return state.vp * state.ai_side.other.sign


def victory_rating(rules: Ruleset, state: GameState, result: Result) -> str:
    """Spec §20.2. A side reaching 20 VP: Master victory for the human, Decisive defeat for the
    AI. Control of Europe in a Scoring Round (or at final scoring): Decisive. DEFCON 1 (and the
    Cuban Missile Crisis's forbidden coup, a ruling: the same nuclear end) is a Decisive defeat
    for the side that caused it. Otherwise the table of `rules/regions.yaml` by score."""
    assert state.ai_side is not None
    human: Side = state.ai_side.other
    won = result.winner is human
    if result.reason == "vp20":
        return MASTER_VICTORY if won else DECISIVE_DEFEAT
    if result.reason.endswith(CONTROL_SUFFIX) or result.reason in CATASTROPHES:
        return DECISIVE_VICTORY if won else DECISIVE_DEFEAT
    score = human_score(state)
    for minimum, rating in rules.regions.victory_rating:
        if score >= minimum:
            return rating
    return rules.regions.victory_rating[-1][1]
