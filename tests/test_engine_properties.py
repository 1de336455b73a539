"""Hypothesis properties over random legal operation sequences from the standard setup
(issue: engine). Each example plays a sequence of operations chosen by random players."""

from __future__ import annotations

import json
from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from twsolo.engine.board import controlled, placement_access
from twsolo.engine.choices import CHANCE, FixedDice
from twsolo.engine.coup import coup, realign
from twsolo.engine.game import Game, GameOver, Policy
from twsolo.engine.influence import place_point
from twsolo.engine.legal import Target, coup_targets, influence_targets, realign_targets
from twsolo.engine.operations import conduct_operations
from twsolo.engine.ops import OpsBudget
from twsolo.engine.state import GameState
from twsolo.errors import IllegalActionError
from twsolo.ids import Side
from twsolo.positions.scripted import random_game
from twsolo.ruleset import Ruleset


def naive_control(state: GameState, rules: Ruleset, side: Side) -> list[bool]:
    """Base §2.1.7 spelled out: own ≥ stability and own − opponent ≥ stability."""
    out = []
    for c in rules.countries:
        own, opp = state.inf(c.index, side), state.inf(c.index, side.other)
        out.append(own >= c.stability and own - opp >= c.stability)
    return out


def check_invariants(state: GameState, rules: Ruleset) -> None:
    assert (state.influence >= 0).all()
    assert 1 <= state.defcon <= 5
    assert all(0 <= m <= 5 for m in state.milops)
    for side in Side:
        assert list(controlled(state, rules, side)) == naive_control(state, rules, side)
    assert not state.card_problems()


@given(
    seed=st.integers(0, 2**32 - 1),
    plan=st.lists(st.tuples(st.sampled_from(list(Side)), st.integers(1, 4)), max_size=25),
)
def test_random_operations_keep_the_invariants(
    rules: Ruleset, seed: int, plan: list[tuple[Side, int]]
) -> None:
    game = random_game(rules, seed)
    state = game.state
    for side, ops in plan:
        state.phasing = side
        before = state.copy()
        snapshot = json.dumps(before.to_dict(), sort_keys=True)
        try:
            conduct_operations(game, side, OpsBudget(ops), card_ops=ops)
        except GameOver:
            assert state.result is not None
            assert state.result.reason == "defcon1"
            assert state.result.winner is side.other
            break
        finally:
            check_invariants(state, rules)
            # The copy taken before the step is untouched by it.
            assert json.dumps(before.to_dict(), sort_keys=True) == snapshot
        state.space_attempts = [0, 0]
    assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state


@given(seed=st.integers(0, 2**32 - 1), ops=st.integers(1, 4), side=st.sampled_from(list(Side)))
def test_legal_views_agree_with_the_operations(
    rules: Ruleset, seed: int, ops: int, side: Side
) -> None:
    """Every target a view calls legal is accepted by its operation, and every refused one is
    refused by the operation with the same reason; on positions reached by random operations."""
    game = random_game(rules, seed)
    try:
        for i in range(6):
            conduct_operations(game, Side.USSR if i % 2 else Side.US, OpsBudget(ops), card_ops=ops)
    except GameOver:
        return
    state = game.state
    access = placement_access(state, rules, side)
    for target in influence_targets(state, rules, side, ops):
        trial = Game(rules, state.copy(), {CHANCE: FixedDice([])})
        _agrees(
            target,
            lambda t=target, g=trial: place_point(
                g, side, rules.index[t.country], OpsBudget(ops), access
            ),
        )
    for target in coup_targets(state, rules, side, ops):
        trial = Game(rules, state.copy(), {CHANCE: FixedDice([1])}, policy=Policy())
        _agrees(target, lambda t=target, g=trial: coup(g, side, rules.index[t.country], ops))
    for target in realign_targets(state, rules, side):
        trial = Game(rules, state.copy(), {CHANCE: FixedDice([1, 1])})
        _agrees(target, lambda t=target, g=trial: realign(g, side, rules.index[t.country]))


def _agrees(target: Target, operate: Callable[[], object]) -> None:
    refusal: str | None = None
    try:
        operate()
    except IllegalActionError as exc:
        refusal = str(exc)
    except GameOver:
        pass  # a legal coup that ended the game (DEFCON 1)
    assert refusal == target.refusal, target
