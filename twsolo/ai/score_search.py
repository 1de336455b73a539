"""The cheapest way to each scoring position of a region (spec §13.2 option 0; the strong
stand-in's plans use it for the human). A region's score reads only how many countries and
battlegrounds each side controls, so the search runs over those counts (dynamic programming)
instead of over placements: per country at most one step, "take" or "break" at its cost."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from twsolo.engine.scoring import Counts

Position = tuple[Counts, Counts, int]  # (the mover's counts, the opponent's, battlegrounds)


@dataclass(slots=True, unsafe_hash=True)  # a value: not frozen, for speed (docs/decisions.md §10)
class ScoreStep:
    """One country's take or break: the mover's influence to reach there and its cost."""

    country: int
    target: int  # the mover's influence to reach
    cost: int
    mine: Counts  # what the mover's counts gain
    theirs: Counts  # what the opponent's counts lose
    bgs: int  # change in the region's battleground count (Formosan Resolution)


def cheapest_positions(
    start: Position, steps: Iterable[Sequence[ScoreStep]], limit: int
) -> dict[Position, tuple[int, tuple[ScoreStep, ...]]]:
    """Every position reachable from `start` within `limit` ops, `steps` giving each country's
    choices: the fewest ops that reach it and the steps that do (the first found on ties)."""
    states: dict[Position, tuple[int, tuple[ScoreStep, ...]]] = {start: (0, ())}
    for choices in steps:
        for (mine, theirs, bgs), (used, chosen) in list(states.items()):
            for step in choices:
                cost = used + step.cost
                if cost > limit:
                    continue
                key = (mine + step.mine, theirs - step.theirs, bgs + step.bgs)
                if key not in states or states[key][0] > cost:
                    states[key] = (cost, (*chosen, step))
    return states
