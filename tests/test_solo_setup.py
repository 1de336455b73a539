"""Solitaire setup (spec §2) and the game options (spec §24)."""

from __future__ import annotations

import pytest

from twsolo.compose import standard_providers
from twsolo.engine.state import area_of
from twsolo.errors import TwsoloError
from twsolo.ids import CHINA_CARD, Side
from twsolo.ruleset import Ruleset
from twsolo.solo import SoloOptions, play_game
from twsolo.solo.new_game import difficulty, extra_influence, setup

from .test_solo_support import US, USSR, make_flow

# spec §2.4, the table as printed: result column -> country -> extra influence.
EXTRA = {
    USSR: {
        (4, 5, 6): {"poland": 4, "finland": 1, "czechoslovakia": 1},
        (3,): {"poland": 3, "finland": 1, "czechoslovakia": 1, "yugoslavia": 1},
        (2,): {"poland": 2, "finland": 1, "czechoslovakia": 1, "yugoslavia": 1, "austria": 1},
        (1,): {
            "poland": 1,
            "finland": 1,
            "czechoslovakia": 1,
            "yugoslavia": 1,
            "austria": 1,
            "bulgaria": 1,
        },
    },
    US: {
        (4, 5, 6): {"west_germany": 4, "france": 1, "italy": 1, "spain_portugal": 1},
        (3,): {"france": 3, "italy": 1, "spain_portugal": 1, "greece": 1, "denmark": 1},
        (2,): {
            "france": 1,
            "italy": 2,
            "spain_portugal": 1,
            "greece": 1,
            "denmark": 1,
            "benelux": 1,
        },
        (1,): {
            "france": 1,
            "italy": 1,
            "spain_portugal": 1,
            "greece": 1,
            "denmark": 1,
            "benelux": 1,
            "sweden": 1,
        },
    },
}


def expected_extra(side: Side, roll: int) -> dict[str, int]:
    return next(place for rolls, place in EXTRA[side].items() if roll in rolls)


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_variable_extra_influence_by_die_spec_2_4(rules: Ruleset, roll: int) -> None:
    """Spec §2.4: one die; both sides place the column of the result (USSR 6, US 7)."""
    flow = make_flow(rules, dice=[roll])
    before = flow.game.state.influence.copy()
    assert extra_influence(flow) == roll
    added = flow.game.state.influence - before
    for side in (USSR, US):
        want = expected_extra(side, roll)
        got = {c.id: int(added[c.index, side.col]) for c in rules.countries}
        assert {k: v for k, v in got.items() if v} == want
        assert sum(want.values()) == (6 if side is USSR else 7)


def test_worked_example_roll_5_spec_2_4(rules: Ruleset) -> None:
    """Spec §2.4 worked example: USSR Poland 4, Finland 1, Czechoslovakia 1; US West Germany 4,
    France 1, Italy 1, Spain 1 — on top of the printed start."""
    flow = make_flow(rules, dice=[5])
    extra_influence(flow)
    state = flow.game.state
    poland, wg = rules.index["poland"], rules.index["west_germany"]
    assert state.inf(poland, USSR) == rules.countries[poland].start[USSR] + 4
    assert state.inf(wg, US) == rules.countries[wg].start[US] + 4


def test_two_dice_use_the_lower_spec_2_4(rules: Ruleset) -> None:
    """Spec §2.4: two dice, the lower result is used (option `extra_influence_dice`)."""
    flow = make_flow(rules, dice=[5, 2], extra_influence_dice=2)
    assert extra_influence(flow) == 2
    state = flow.game.state
    assert state.inf(rules.index["austria"], USSR) == 1
    assert state.inf(rules.index["benelux"], US) == 1


@pytest.mark.parametrize(
    ("level", "ai_side", "vp"),
    [("normal", USSR, 0), ("experienced", USSR, -2), ("hard", US, 4), ("expert", US, 7)],
)
def test_difficulty_puts_the_ai_ahead_spec_2_5(
    rules: Ruleset, level: str, ai_side: Side, vp: int
) -> None:
    """Spec §2.5: Normal 0, Experienced 2, Hard 4, Expert 7 VP in the AI's favour."""
    flow = make_flow(rules, ai_side, difficulty=level)
    difficulty(flow)
    assert flow.game.state.vp == vp


def test_setup_cards_and_china_card_spec_2_1_2_3(rules: Ruleset) -> None:
    """Spec §2.1–§2.3: the China Card face up in the USSR's play area; the 7 scoring cards form
    the Scoring Card Deck; the Early War deck without them is the draw deck; Mid and Late War
    wait; optional cards out unless chosen (§24.2)."""
    flow = make_flow(rules, US, dice=[4])
    setup(flow)
    state = flow.game.state
    assert CHINA_CARD in state.piles[area_of(USSR)]
    assert state.china_face_up
    assert sorted(state.piles["scoring_deck"].known()) == [1, 2, 3, 37, 38, 79, 81]
    draw = list(state.piles["draw"].known())
    assert draw
    assert all(rules.card(c).era == "early" and not rules.card(c).scoring for c in draw)
    assert CHINA_CARD not in draw
    assert sorted(state.piles["unused"].known()) == list(range(104, 111))
    assert state.ai_side is US
    assert state.turn == 1
    assert state.defcon == 5
    with_optional = make_flow(rules, US, optional_cards=True)
    assert not len(with_optional.game.state.piles["unused"])


def test_options_are_checked_spec_24(rules: Ruleset) -> None:
    """Spec §24: unknown difficulty levels and dice counts are refused, naming what is allowed."""
    with pytest.raises(TwsoloError, match="expert"):
        SoloOptions(ai_side=US, difficulty="impossible").check(rules)
    with pytest.raises(TwsoloError, match="1 or 2"):
        SoloOptions(ai_side=US, extra_influence_dice=3).check(rules)


def test_options_round_trip_and_report_spec_24_4(rules: Ruleset) -> None:
    """Spec §24.4: every option is recorded with the game and reported with the result."""
    options = SoloOptions(
        ai_side=USSR, difficulty="hard", fast_deal=True, optional_cards=True, extra_influence_dice=2
    )
    assert SoloOptions.from_dict(options.to_dict()) == options
    record = play_game(rules, options, standard_providers(USSR, 3))
    summary = record.summary()
    assert summary["options"] == options.to_dict()
    assert summary["difficulty"] == "hard"
    assert summary["rating"] == record.rating
    assert "difficulty hard" in options.describe()
    assert "fast deal" in options.describe()
