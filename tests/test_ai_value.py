"""What a scoring is worth to the AI (spec §20.1; issue #19 defect 0): a won game above any
VP, a lost one below, read by option 0, the decisive coup and the dry runs."""

from __future__ import annotations

import pytest

from tests.support import position
from twsolo.ai.dryrun import primary_score
from twsolo.ai.value import WIN, gain_text, scoring_value
from twsolo.engine.scoring import region_score
from twsolo.ids import Side
from twsolo.ruleset import Ruleset

# The US controls Europe: all 5 battlegrounds and more countries than the USSR.
US_EUROPE = {
    "west_germany": (4, 0),
    "east_germany": (3, 0),
    "france": (3, 0),
    "poland": (3, 0),
    "italy": (2, 0),
}


def test_control_of_europe_wins_for_the_ai_whatever_the_vp(rules: Ruleset) -> None:
    """spec §20.1.4: the AI controls Europe in a Scoring Round: the AI wins."""
    state = position(rules, empty=True, influence=US_EUROPE, vp=-15)
    state.ai_side = Side.US
    score = region_score(state, rules, "europe")
    assert score.auto_win is Side.US
    assert scoring_value(state, Side.US, score) == score.vp + WIN
    assert scoring_value(state, Side.USSR, score) == -score.vp - WIN
    assert primary_score(rules, state, Side.US, "europe") > WIN // 2


def test_the_humans_control_of_europe_is_a_loss_only_with_the_vp_in_the_humans_favour(
    rules: Ruleset,
) -> None:
    """spec §20.1.5: the human (here the US) controlling Europe wins only when the VP, after the
    scoring, are in the human's favour; otherwise play goes on and the scoring is its VP."""
    state = position(rules, empty=True, influence=US_EUROPE, vp=-15)
    state.ai_side = Side.USSR
    score = region_score(state, rules, "europe")
    assert state.vp + score.vp <= 0  # 5 BGs give the US 5 VP: still the USSR's favour
    assert scoring_value(state, Side.USSR, score) == -score.vp
    state.vp = 0
    assert scoring_value(state, Side.USSR, score) == -score.vp - WIN


def test_twenty_vp_is_a_win_and_vp_still_compare_within_a_class(rules: Ruleset) -> None:
    """spec §20.1.1; within the same outcome, more VP is still better."""
    state = position(rules, empty=True, influence={"japan": (0, 4)}, vp=-18)
    state.ai_side = Side.USSR
    score = region_score(state, rules, "asia")
    assert score.vp < -2
    assert scoring_value(state, Side.USSR, score) == -score.vp + WIN
    state.vp = 0
    assert scoring_value(state, Side.USSR, score) == -score.vp


def test_the_trace_names_the_game_not_the_sum() -> None:
    assert gain_text(4, 4 + WIN - 2) == "wins the game"
    assert gain_text(-WIN - 3, 5) == "avoids losing the game"
    assert gain_text(3, 5) == "+2 VP"


def test_the_humans_control_of_europe_at_a_tied_track_is_no_win(rules: Ruleset) -> None:
    """spec §20.1.5: VP at 0 after the scoring are in neither side's favour: play goes on."""
    state = position(rules, empty=True, influence=US_EUROPE)
    state.ai_side = Side.USSR
    score = region_score(state, rules, "europe")
    state.vp = -score.vp  # the track at 0 once Europe has scored
    assert scoring_value(state, Side.USSR, score) == -score.vp
    state.vp += 1
    assert scoring_value(state, Side.USSR, score) == -score.vp - WIN


@pytest.mark.parametrize("side", [Side.US, Side.USSR])
def test_exactly_twenty_vp_ends_the_game_nineteen_does_not(rules: Ruleset, side: Side) -> None:
    """spec §20.1.1: a side at 20 VP or more wins, for either side's value of the scoring."""
    state = position(rules, empty=True, influence={"japan": (4, 0), "pakistan": (0, 4)})
    state.ai_side = side
    score = region_score(state, rules, "asia")
    assert score.vp == 0  # one battleground each: presence, nothing more
    for vp, won in ((20, True), (19, False)):
        state.vp = vp * side.sign
        assert scoring_value(state, side, score) == (WIN if won else 0)
        assert scoring_value(state, side.other, score) == (-WIN if won else 0)


def test_the_trace_names_a_lost_game_and_a_won_game_given_up() -> None:
    assert gain_text(2, 1 - WIN) == "loses the game"
    assert gain_text(WIN + 2, 4) == "gives up a won game"
    assert gain_text(WIN + 3, WIN + 5) == "+2 VP"  # won either way: the VP compare
    assert gain_text(-WIN - 1, -WIN - 4) == "-3 VP"
