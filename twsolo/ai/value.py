"""What a region's scoring is worth to a side: its VP, and above any VP a game it wins or loses
(spec §20.1). Every search of the AI that values a scoring reads it: option 0 (spec §13.2), the
decisive coup's look-ahead (§12.4.1), the dry runs' score measures (§1.8), and so the human
stand-ins that play by the AI's rules."""

from __future__ import annotations

from twsolo.engine.game import VP_WIN
from twsolo.engine.scores import RegionScore
from twsolo.engine.state import GameState
from twsolo.ids import Side
from twsolo.phrases.book import say

# A won game is worth more than any VP the track can show (it spans 2 × 20), a lost one less.
WIN = 1000


def control_wins(state: GameState, side: Side, vp: int) -> bool:
    """Spec §20.1.4–5: control of a region whose control ends the game (Europe) wins it for the
    AI outright, for the human only with the VP (`vp`, after the scoring) in the human's
    favour; in a game without an AI (the base game) for either side."""
    return state.ai_side in (None, side) or vp * side.sign > 0


def scoring_value(state: GameState, side: Side, score: RegionScore) -> int:
    """The value of `score` applied now, for `side`: the VP it moves toward `side`, plus `WIN`
    if it wins the game (control of Europe, spec §20.1.4–5; 20 VP, §20.1.1), minus `WIN` if it
    loses it. The VP stay in the sum, so two outcomes of the same class still compare by VP."""
    vp = state.vp + score.vp  # the track after the scoring (positive: US ahead)
    won = lost = False
    if score.auto_win is not None:
        holder = score.auto_win
        if control_wins(state, holder, vp):
            won, lost = holder is side, holder is not side
    if not (won or lost):
        won = vp * side.sign >= VP_WIN
        lost = vp * side.other.sign >= VP_WIN
    return score.vp * side.sign + (WIN if won else -WIN if lost else 0)


def outcome(value: int) -> int:
    """The game's outcome a value says: 1 won, -1 lost, 0 neither."""
    return (value > WIN // 2) - (value < -WIN // 2)


def gain_text(before: int, after: int) -> str:
    """A trace's words for a change of value: the VP, or the game won or saved."""
    vp = (after - outcome(after) * WIN) - (before - outcome(before) * WIN)
    change = outcome(after) - outcome(before)
    if change > 0:
        return say("why.gain.wins" if outcome(after) > 0 else "why.gain.avoids_losing")
    if change < 0:
        return say("why.gain.loses" if outcome(after) < 0 else "why.gain.gives_up_win")
    return say("why.gain.vp", vp=f"{vp:+d}")
