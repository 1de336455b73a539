"""Board queries: control, access, adjacency, region membership. Pure functions of a state."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from twsolo.engine.state import GameState
from twsolo.ids import SIDES, Side
from twsolo.ruleset import Ruleset


def margin(state: GameState, side: Side) -> npt.NDArray[np.int16]:
    """Own influence minus the opponent's, per country."""
    col = side.col
    return state.influence[:, col] - state.influence[:, 1 - col]


def controlled(state: GameState, rules: Ruleset, side: Side) -> npt.NDArray[np.bool_]:
    """Base §2.1.7 (card-events A2): own − opponent ≥ stability (which implies own ≥ stability)."""
    return margin(state, side) >= rules.stability


def controls(state: GameState, rules: Ruleset, side: Side, country: int) -> bool:
    return holds(state.cells, rules.stabilities, side.col, country)


def holds(cells: Any, stabilities: tuple[int, ...], col: int, country: int) -> bool:
    """`controls` on its parts (base §2.1.7): `cells` a state's, `col` the side's column. Scalar
    reads: this runs hundreds of thousands of times per simulated game, and the AI's View
    passes the parts it keeps (a compiled build reads them without a look-up by name)."""
    held: bool = cells[country, col] - cells[country, 1 - col] >= stabilities[country]
    return held


def controller(state: GameState, rules: Ruleset, country: int) -> Side | None:
    for side in SIDES:
        if controls(state, rules, side, country):
            return side
    return None


def adjacent_to_superpower(rules: Ruleset, country: int, side: Side) -> bool:
    return rules.countries[country].superpower is side


def placement_access(state: GameState, rules: Ruleset, side: Side) -> frozenset[int]:
    """Base §6.1.1 (A7): countries holding own influence, their neighbours, and countries adjacent
    to the own superpower. Fixed at the start of the action: new influence opens nothing."""
    access = set(rules.superpower_neighbours(side))
    for i in state.influence[:, side.col].nonzero()[0].tolist():
        access.add(i)
        access.update(rules.neighbours[i])
    return frozenset(access)


def adjacent_controlled(state: GameState, rules: Ruleset, side: Side, country: int) -> int:
    """Neighbours of `country` that `side` controls, its own superpower box counting as one
    (base §2.1.5; used by realignment and war events)."""
    n = sum(1 for j in rules.neighbours[country] if controls(state, rules, side, j))
    return n + (1 if adjacent_to_superpower(rules, country, side) else 0)
