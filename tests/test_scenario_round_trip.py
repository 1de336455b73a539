"""A position reached by play, written as a scenario and read back, is the same scenario
(issue #39 item 4): Scenario.from_state → to_dict → from_dict → from_state gives the same file,
and every fact the file holds comes back as the game had it: the lasting effects with their
sides (none for NATO's), the human's deck/hand (its known cards in their places, its face-down
count), where the China Card lies."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from twsolo.api import Side, decide, play_game
from twsolo.engine.state import Effect, GameState, hand_of
from twsolo.errors import ScenarioError
from twsolo.ids import CHINA_CARD
from twsolo.positions.scenario import Scenario
from twsolo.ruleset import Ruleset


def reached(rules: Ruleset, ai_side: str, **how: Any) -> list[GameState]:
    """Every position of a seeded whole game (after each step of the turn flow) before its
    end."""
    states: list[GameState] = []
    play_game(rules, ai_side, observer=lambda game, step: states.append(game.state.copy()), **how)
    return [s for s in states if s.result is None]


def human_deck(state: GameState) -> tuple[Any, ...]:
    pile = state.piles[hand_of(state.ai_side.other)] if state.ai_side else None
    assert pile is not None
    return pile.top, sorted(pile.shuffled), pile.bottom, pile.unseen


def effects(state: GameState) -> list[tuple[int, str, str]]:
    return sorted(Effect.sort_key(e) for e in state.effects)


def assert_round_trip(rules: Ruleset, state: GameState) -> None:
    written = Scenario.from_state(state, rules).to_dict()
    back = Scenario.from_dict(yaml.safe_load(yaml.safe_dump(written)), rules)
    assert Scenario.from_state(back.state, rules).to_dict() == written
    where = (state.turn, state.action_round)
    assert effects(back.state) == effects(state), where
    assert human_deck(back.state) == human_deck(state), where
    assert back.state.where(CHINA_CARD) == state.where(CHINA_CARD), where
    assert back.state.scoring_round == state.scoring_round, where


# (AI side, how the game is played): random and greedy humans, the enhanced AI, both sides.
GAMES = [
    ("us", {"human": "random", "seed": 21}),  # the issue's: turn 2 AR1, an empty draw deck
    ("ussr", {"human": "random", "seed": 2}),
    ("ussr", {"human": "greedy", "seed": 5}),
    ("us", {"human": "greedy", "seed": 8, "ai": "enhanced"}),
]


@pytest.mark.parametrize(("ai_side", "how"), GAMES)
def test_every_position_of_a_game_round_trips(
    rules: Ruleset, ai_side: str, how: dict[str, Any]
) -> None:
    positions = reached(rules, ai_side, **how)
    for state in positions[::3]:
        assert_round_trip(rules, state)


def test_the_china_card_in_the_humans_deck_hand_round_trips(rules: Ruleset) -> None:
    """The issue's first failure: the human (USSR) holds the China Card inside its deck/hand,
    with cards known there and others face down; the file gave the deck/hand's size as
    `human_cards` and could not be read back (`the draw deck holds only N cards to deal`)."""
    state = next(
        s
        for s in reached(rules, "us", human="random", seed=21)
        if (s.turn, s.action_round) == (2, 1)
        and not len(s.piles["draw"])
        and CHINA_CARD in s.piles[hand_of(Side.USSR)]
    )
    written = Scenario.from_state(state, rules).to_dict()
    pile = state.piles["hand_ussr"]
    assert written["human_cards"] == pile.unseen < len(pile)
    assert CHINA_CARD in written["human_deck"]["bottom"]
    assert "face_up" not in written["china_card"]  # inside a deck/hand it is neither
    assert_round_trip(rules, state)


def test_an_effect_of_no_side_stays_of_no_side(rules: Ruleset) -> None:
    """NATO applies to neither side alone (the engine records no side): written `side: none`,
    it reads back so; a file that gives no side still reads as the card owner's (as before),
    and a side the card needs is still required."""
    base = {"ai_side": "ussr", "turn": 3, "action_round": 2, "board": "empty"}
    events = [{"card": 21, "side": "none"}, {"card": 25}, {"card": 31, "side": "ussr"}]
    scenario = Scenario.from_dict({**base, "active_events": events}, rules)
    expected = [Effect(21), Effect(25, Side.US), Effect(31, Side.USSR)]
    assert effects(scenario.state) == sorted(Effect.sort_key(e) for e in expected)
    assert scenario.to_dict()["active_events"] == events
    nato = Scenario.from_dict({**base, "active_events": [21]}, rules)
    assert [(e.card, e.side) for e in nato.state.effects] == [(21, Side.US)]
    with pytest.raises(ScenarioError, match="card 31's effect needs a side"):
        Scenario.from_dict({**base, "active_events": [{"card": 31}]}, rules)


def test_the_humans_known_cards_are_read_in_their_places(rules: Ruleset) -> None:
    data = {
        "ai_side": "us",
        "turn": 2,
        "action_round": 3,
        "china_card": {"holder": "ussr"},
        "human_deck": {"top": [13], "shuffled": [20, 12], "bottom": [6, 35]},
        "human_cards": 2,
    }
    state = Scenario.from_dict(data, rules).state
    pile = state.piles["hand_ussr"]
    assert (pile.top, sorted(pile.shuffled), pile.bottom, pile.unseen) == (
        [13],
        [12, 20],
        [6, 35],
        2,
    )
    assert state.china_holder is Side.USSR
    with pytest.raises(ScenarioError, match="the human cannot hold it"):
        Scenario.from_dict({**data, "china_card": {"holder": "us", "face_up": True}}, rules)


def test_missile_envy_in_force_lies_in_the_humans_deck_hand(rules: Ruleset) -> None:
    """Appendix #49: Missile Envy, its effect in force, goes on top of the deck/hand of the side
    it went to; the human's as well as the AI's (a turn-7 position of a greedy game)."""
    data = {
        "ai_side": "us",
        "turn": 7,
        "action_round": 0,
        "active_events": [{"card": 49, "side": "ussr", "data": "6:3:us"}],
        "human_deck": {"top": [49]},
    }
    state = Scenario.from_dict(data, rules).state
    assert state.piles["hand_ussr"].top == [49]
    assert_round_trip(rules, state)


def test_a_card_revealed_twice_in_one_decision_is_written_once(rules: Ruleset) -> None:
    """Spec §25.2 sets the China Card aside under the AI's other cards; with none left it is
    revealed again. The export listed it twice (`card: 6`, `ai_deck: [6]`), a file `new --from`
    refused (`card 6 is named twice`): a card revealed again is written at its first place,
    and the AI decides there as it did."""
    data = {
        "ai_side": "us",
        "turn": 1,
        "action_round": 6,
        "primary": "europe",
        "secondary": "africa",
        "card": CHINA_CARD,
        "china_card": {"holder": "us"},
        "enhanced": ["china_card_always_enters"],
        "dice": [4],
    }
    state = Scenario.from_dict(data, rules).state
    twice = [CHINA_CARD, CHINA_CARD]
    written = Scenario.from_state(state, rules, drawn=twice, dice=[4]).to_dict()
    assert written["card"] == CHINA_CARD
    assert "ai_deck" not in written
    back = Scenario.from_dict(yaml.safe_load(yaml.safe_dump(written)), rules)
    assert decide(rules, back)["card"] == CHINA_CARD
