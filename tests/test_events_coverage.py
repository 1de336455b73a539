"""Every card has its event and a test that plays it (issue: events), and every event keeps the
engine's invariants from random reachable positions with random legal choices."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import test_events_early, test_events_late, test_events_mid, test_events_optional
from tests.support import COVERED
from twsolo.engine.events import EVENTS, play_event
from twsolo.engine.game import GameOver
from twsolo.engine.state import GameState
from twsolo.ids import CHINA_CARD, Side
from twsolo.positions.scripted import reachable
from twsolo.ruleset import Ruleset

TEST_MODULES = (test_events_early, test_events_mid, test_events_late, test_events_optional)


def test_every_card_has_a_handler_and_a_test() -> None:
    assert TEST_MODULES  # importing them fills COVERED
    cards = set(range(1, 111)) - {CHINA_CARD}  # the China Card has no event (card-events A13)
    assert sorted(cards - set(EVENTS)) == []
    assert CHINA_CARD not in EVENTS
    assert sorted(cards - set(COVERED)) == []


def check(state: GameState) -> None:
    assert (state.influence >= 0).all()
    assert 1 <= state.defcon <= 5
    assert all(0 <= m <= 5 for m in state.milops)
    assert not state.card_problems()


EVENT_CARDS = sorted(set(range(1, 111)) - {CHINA_CARD})


@pytest.mark.parametrize("card", EVENT_CARDS)
@settings(max_examples=max(3, settings().max_examples // 8))
@given(
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 8),
    player=st.sampled_from(list(Side)),
    turn=st.integers(1, 10),
)
def test_every_event_keeps_the_invariants(
    rules: Ruleset, seed: int, card: int, steps: int, player: Side, turn: int
) -> None:
    try:
        game = reachable(rules, seed, steps)
    except GameOver:
        return
    state = game.state
    state.turn, state.action_round, state.phasing = turn, 2, player
    if state.where(card) != "table":
        game.move_card(card, "table")
    with contextlib.suppress(GameOver):
        play_event(game, card, player)
    check(state)
    assert state.where(card) != "table" or state.result is not None
