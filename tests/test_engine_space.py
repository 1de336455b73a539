"""The Space Race (base §6.4; card-events A12). The table below is copied from card-events A12,
not read from rules/space.yaml, so a wrong entry in either shows up."""

from __future__ import annotations

import pytest

from tests.support import game_at, position
from twsolo.engine.space import (
    advance,
    attempt,
    attempts_allowed,
    has_ability,
    space_refusal,
)
from twsolo.engine.state import GameState
from twsolo.errors import IllegalActionError
from twsolo.ids import Side
from twsolo.ruleset import Ruleset

# box, name, ops needed, highest successful roll, VP first, VP second, ability (card-events A12)
TABLE = [
    (1, "Earth Satellite", 2, 3, 2, 1, "none"),
    (2, "Animal in Space", 2, 4, 0, 0, "two_attempts"),
    (3, "Man in Space", 2, 3, 2, 0, "none"),
    (4, "Man in Earth Orbit", 2, 4, 0, 0, "headline_second"),
    (5, "Lunar Orbit", 3, 3, 3, 1, "none"),
    (6, "Eagle/Bear Has Landed", 3, 4, 0, 0, "discard_held"),
    (7, "Space Shuttle", 3, 3, 4, 2, "none"),
    (8, "Space Station", 4, 2, 2, 0, "eighth_round"),
]


def test_rules_data_is_the_a12_table(rules: Ruleset) -> None:
    """card-events A12: rules/space.yaml holds the printed track."""
    got = [
        (b.box, b.name, b.ops, b.success, b.vp_first, b.vp_second, b.ability) for b in rules.space
    ]
    assert got == TABLE


def at(rules: Ruleset, side: Side, own: int, other: int) -> GameState:
    """A position with `side` at box `own` and the opponent at `other`."""
    state = position(rules, empty=True)
    state.space[side.col] = own
    state.space[side.other.col] = other
    return state


@pytest.mark.parametrize("side", list(Side))
@pytest.mark.parametrize(("box", "name", "need", "success", "first", "second", "ability"), TABLE)
def test_attempt_needs_the_box_ops(
    rules: Ruleset,
    side: Side,
    box: int,
    name: str,
    need: int,
    success: int,
    first: int,
    second: int,
    ability: str,
) -> None:
    """base §6.4.1 (card-events A12): a card of fewer modified ops than the next box needs is
    refused, no attempt is used, no die is rolled."""
    game = game_at(rules, at(rules, side, box - 1, 0))
    reason = f"the next box ({name}) needs a {need}-ops card"
    assert space_refusal(game.state, rules, side, need - 1) == reason
    assert space_refusal(game.state, rules, side, need) is None
    with pytest.raises(IllegalActionError) as refused:
        attempt(game, side, need - 1)
    assert str(refused.value) == reason
    assert game.state.space_attempts == [0, 0]
    assert game.state.space[side.col] == box - 1


@pytest.mark.parametrize("side", list(Side))
@pytest.mark.parametrize(("box", "name", "need", "success", "first", "second", "ability"), TABLE)
def test_success_first_to_reach_scores_first_vp(
    rules: Ruleset,
    side: Side,
    box: int,
    name: str,
    need: int,
    success: int,
    first: int,
    second: int,
    ability: str,
) -> None:
    """base §6.4.2–3 (card-events A12): the highest successful roll advances one box; the side
    first there scores the first VP value at once."""
    game = game_at(rules, at(rules, side, box - 1, 0), dice=[success])
    assert attempt(game, side, need) is True
    assert game.state.space[side.col] == box
    assert game.state.vp == side.sign * first
    assert game.state.space_attempts[side.col] == 1


@pytest.mark.parametrize("side", list(Side))
@pytest.mark.parametrize(("box", "name", "need", "success", "first", "second", "ability"), TABLE)
def test_success_second_to_reach_scores_second_vp(
    rules: Ruleset,
    side: Side,
    box: int,
    name: str,
    need: int,
    success: int,
    first: int,
    second: int,
    ability: str,
) -> None:
    """card-events A12: with the opponent already on the box, the second VP value."""
    game = game_at(rules, at(rules, side, box - 1, box), dice=[1])
    assert attempt(game, side, 4) is True
    assert game.state.space[side.col] == box
    assert game.state.vp == side.sign * second


@pytest.mark.parametrize("side", list(Side))
@pytest.mark.parametrize(("box", "name", "need", "success", "first", "second", "ability"), TABLE)
def test_roll_above_the_box_fails(
    rules: Ruleset,
    side: Side,
    box: int,
    name: str,
    need: int,
    success: int,
    first: int,
    second: int,
    ability: str,
) -> None:
    """base §6.4.2 (card-events A12): one above the box's number fails; the attempt is used."""
    game = game_at(rules, at(rules, side, box - 1, 0), dice=[success + 1])
    assert attempt(game, side, need) is False
    assert game.state.space[side.col] == box - 1
    assert game.state.vp == 0
    assert game.state.space_attempts[side.col] == 1


def test_second_behind_the_leader_on_box_one(rules: Ruleset) -> None:
    """card-events A12: Earth Satellite 2 VP to the first, 1 to the second: US first (+2), then
    the USSR (−1): VP +1."""
    game = game_at(rules, at(rules, Side.US, 0, 0), dice=[1, 1])
    attempt(game, Side.US, 2)
    attempt(game, Side.USSR, 2)
    assert game.state.space == [1, 1]
    assert game.state.vp == 1


def test_one_attempt_per_turn(rules: Ruleset) -> None:
    """base §6.4.2 (card-events A12): one attempt per turn, success or failure."""
    game = game_at(rules, at(rules, Side.US, 0, 0), dice=[6])
    attempt(game, Side.US, 4)
    reason = "US has no Space Race attempt left this turn"
    assert space_refusal(game.state, rules, Side.US, 4) == reason
    with pytest.raises(IllegalActionError) as refused:
        attempt(game, Side.US, 4)
    assert str(refused.value) == reason
    assert game.state.space_attempts == [1, 0]
    # The opponent keeps its own attempt.
    assert space_refusal(game.state, rules, Side.USSR, 2) is None


def test_attempts_come_back_next_turn(rules: Ruleset) -> None:
    """base §6.4.2: the count is per turn; the runner resets it."""
    game = game_at(rules, at(rules, Side.USSR, 0, 0), dice=[6, 1])
    attempt(game, Side.USSR, 2)
    game.reset_space_attempts()
    assert game.state.space_attempts == [0, 0]
    assert attempt(game, Side.USSR, 2) is True


@pytest.mark.parametrize(
    ("own", "other", "allowed"),
    [
        (0, 0, 1),
        (1, 0, 1),
        (2, 0, 2),  # Animal in Space reached, opponent below box 2
        (2, 1, 2),
        (5, 1, 2),
        (2, 2, 1),  # the opponent reached box 2: nobody has the ability
        (3, 2, 1),
        (2, 3, 1),
    ],
)
def test_two_attempts_with_box_two_while_the_opponent_is_below(
    rules: Ruleset, own: int, other: int, allowed: int
) -> None:
    """base §6.4.4 (card-events A12): box 2 gives two attempts while the opponent is below."""
    state = at(rules, Side.US, own, other)
    assert attempts_allowed(state, rules, Side.US) == allowed


def test_two_attempts_in_play(rules: Ruleset) -> None:
    """base §6.4.4 (card-events A12): US on box 2, USSR on 1: two attempts, then refused."""
    game = game_at(rules, at(rules, Side.US, 2, 1), dice=[6, 3])
    assert attempt(game, Side.US, 2) is False
    assert attempt(game, Side.US, 2) is True  # Man in Space: 3 succeeds, first there: +2
    assert game.state.space == [3, 1]
    assert game.state.vp == 2
    assert space_refusal(game.state, rules, Side.US, 3) == (
        "US has no Space Race attempt left this turn"
    )


@pytest.mark.parametrize(
    ("ability", "box"),
    [("two_attempts", 2), ("headline_second", 4), ("discard_held", 6), ("eighth_round", 8)],
)
def test_ability_held_only_while_the_opponent_is_below(
    rules: Ruleset, ability: str, box: int
) -> None:
    """base §6.4.4 (card-events A12): the side on box n holds its ability while the opponent is
    below n; once the opponent reaches n, neither side has it."""
    assert has_ability(at(rules, Side.USSR, box, box - 1), rules, Side.USSR, ability)
    assert not has_ability(at(rules, Side.USSR, box - 1, box - 1), rules, Side.USSR, ability)
    state = at(rules, Side.USSR, box, box)
    assert not has_ability(state, rules, Side.USSR, ability)
    assert not has_ability(state, rules, Side.US, ability)


def test_box_eight_ends_the_race(rules: Ruleset) -> None:
    """base §6.4.6 (card-events A12): a side on box 8 may not spend cards on the race again."""
    game = game_at(rules, at(rules, Side.USSR, 8, 3))
    reason = "USSR has reached the last box of the Space Race"
    assert space_refusal(game.state, rules, Side.USSR, 4) == reason
    with pytest.raises(IllegalActionError) as refused:
        attempt(game, Side.USSR, 4)
    assert str(refused.value) == reason
    assert game.state.space == [3, 8]
    assert game.state.space_attempts == [0, 0]


def test_event_advance_is_not_an_attempt(rules: Ruleset) -> None:
    """card-events A12: advances by events (#18, #80) use no attempt; they score as usual
    (Lunar Orbit, the US first there: +3)."""
    game = game_at(rules, at(rules, Side.US, 4, 2))
    advance(game, Side.US)
    assert game.state.space == [5, 2]
    assert game.state.vp == 3
    assert game.state.space_attempts == [0, 0]
    assert space_refusal(game.state, rules, Side.US, 3) is None


def test_event_advance_on_box_eight_does_nothing(rules: Ruleset) -> None:
    """base §6.4.6: there is no box after the Space Station."""
    game = game_at(rules, at(rules, Side.US, 8, 0))
    advance(game, Side.US)
    assert game.state.space == [8, 0]
    assert game.state.vp == 0


def test_full_race_for_the_ussr_scores_every_first(rules: Ruleset) -> None:
    """card-events A12: the USSR first on every box: 2 + 0 + 2 + 0 + 3 + 0 + 4 + 2 = 13 VP."""
    game = game_at(rules, at(rules, Side.USSR, 0, 0), dice=[1] * 8)
    for box, *_ in TABLE:
        game.reset_space_attempts()
        assert attempt(game, Side.USSR, 4) is True
        assert game.state.space[Side.USSR.col] == box
    assert game.state.vp == -13
