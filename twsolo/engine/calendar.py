"""The game's calendar (base §4.4, A4; spec §5): the era of a turn, the action rounds of a turn,
the last turn. The draft, the action rounds, the Scoring Round timing, the appendix windows and
the events that change with the era all read it here."""

from __future__ import annotations

from twsolo.ids import Era

FINAL_TURN = 10  # spec §5: up to 10 turns
# The first turn of each era: the Early War is turns 1–3, the Mid War 4–7, the Late War 8–10.
ERA_FIRST_TURN = {Era.EARLY: 1, Era.MID: 4, Era.LATE: 8}
ROUNDS = {Era.EARLY: 6, Era.MID: 7, Era.LATE: 7}  # action rounds per turn (spec §5)


def era_of(turn: int) -> Era:
    if turn >= ERA_FIRST_TURN[Era.LATE]:
        return Era.LATE
    return Era.MID if turn >= ERA_FIRST_TURN[Era.MID] else Era.EARLY


def early_war(turn: int) -> bool:
    return era_of(turn) is Era.EARLY


def late_war(turn: int) -> bool:
    return era_of(turn) is Era.LATE


def action_rounds(turn: int) -> int:
    """The regular action rounds of the turn (extra rounds aside)."""
    return ROUNDS[era_of(turn)]
