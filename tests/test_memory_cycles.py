"""A simulated game leaves no reference cycles behind (issue #26): every dry run's state, view
and planner is freed the moment the decision is made, not when the garbage collector gets to it.
A cycle (a planner holding its own bound tie-breaks did) keeps each board copy alive until a
collection and makes the collector run and walk them: a few percent of a simulation's CPU."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from twsolo.ids import Side
from twsolo.ruleset import Ruleset
from twsolo.sim.runs import GameSpec, providers
from twsolo.solo import play_game


@pytest.fixture
def collector_off() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.parametrize(
    ("human", "enhanced"), [("greedy", False), ("random", False), ("strong:0", True)]
)
@pytest.mark.usefixtures("collector_off")
def test_a_whole_game_leaves_no_cyclic_garbage(rules: Ruleset, human: str, enhanced: bool) -> None:
    for seed in (0, 1):  # the AI on each side
        ai = (Side.US, Side.USSR)[seed % 2]
        spec = GameSpec(seed, ai.value, human, "normal", enhanced=enhanced)
        play_game(rules, spec.options(), providers(spec, ai))
    assert gc.collect() == 0
