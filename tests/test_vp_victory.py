"""Victory at 20 VP ends the game at once (spec §20.1.1; card-events A15), whichever way a card
play moved the track: as its event, for ops, or on the Space Race."""

from __future__ import annotations

import pytest

from tests.support import game_at, position, to_table
from twsolo.api import play_game
from twsolo.engine.adjust import VP_WIN
from twsolo.engine.card_play import play_card
from twsolo.engine.game import GameOver
from twsolo.engine.records import CardPlayed, Record, VPChange
from twsolo.engine.state import Result
from twsolo.ids import Side
from twsolo.ruleset import Ruleset

MARSHALL_PLAN = 23  # 4 ops: enough for any box of the Space Race


@pytest.mark.parametrize("side", list(Side))
def test_a_space_race_to_20_vp_ends_the_game(rules: Ruleset, side: Side) -> None:
    """card-events A12/A15: box 1 first (roll 1 of 1–3) gives 2 VP; at 19 that is a win, and
    the card is spent before the game ends."""
    state = position(rules, empty=True, vp=19 * side.sign, phasing=side)
    game = game_at(rules, state, dice=[1])
    to_table(game, MARSHALL_PLAN)
    with pytest.raises(GameOver) as over:
        play_card(game, side, MARSHALL_PLAN, "space_race")
    assert game.state.vp == 21 * side.sign
    assert over.value.result == Result(side, "vp20")
    assert game.state.result == Result(side, "vp20")
    assert game.state.where(MARSHALL_PLAN) != "table"


def test_a_space_race_short_of_20_vp_goes_on(rules: Ruleset) -> None:
    state = position(rules, empty=True, vp=-17, phasing=Side.USSR)
    game = game_at(rules, state, dice=[1])
    to_table(game, MARSHALL_PLAN)
    play_card(game, Side.USSR, MARSHALL_PLAN, "space_race")
    assert game.state.vp == -19
    assert game.state.result is None


def actions_after_victory(log: list[Record]) -> list[int]:
    """The log positions of cards played while the VP track stood at 20 or beyond."""
    vp, late = 0, []
    for i, record in enumerate(log):
        if isinstance(record, VPChange):
            vp = record.after
        elif isinstance(record, CardPlayed) and abs(vp) >= VP_WIN:
            late.append(i)
    return late


def test_no_card_is_played_after_a_side_reaches_20_vp(rules: Ruleset) -> None:
    """Whole games (random stand-in, AI as the US): no action follows a play that reached 20
    VP. Before the Space Race checked, seed 42 let the USSR play one more card at +20."""
    for seed in range(45):
        record = play_game(rules, Side.US, human="random", seed=seed)
        assert actions_after_victory(record.log) == [], f"seed {seed}"
