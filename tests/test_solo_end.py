"""The end of the turn (spec §19), the end of the game and the Victory Rating (spec §20), the
solitaire DEFCON rules (spec §11.1, §20.1.2) and the turn sequence (spec §5)."""

from __future__ import annotations

import pytest

from twsolo.compose import standard_providers
from twsolo.engine.game import GameOver
from twsolo.engine.state import Effect, Result, area_of, hand_of
from twsolo.ids import CHINA_CARD, Side
from twsolo.ruleset import Ruleset
from twsolo.solo import SoloOptions, play_game
from twsolo.solo.action_rounds import human_action
from twsolo.solo.draft import draft
from twsolo.solo.result import victory_rating
from twsolo.solo.turn import end_of_turn, start_of_turn

from .test_solo_support import US, USSR, give, make_flow, put


def test_end_of_turn_spec_19(rules: Ruleset) -> None:
    """Spec §19: E. military ops short of DEFCON give the opponent VP, both tracks reset;
    turn-long effects end (game-long ones stay); G. the China Card face up; Space Race attempts
    reset; H. the turn advances; A. of the next turn: DEFCON +1."""
    flow = make_flow(rules, USSR, turn=3)
    game, state = flow.game, flow.game.state
    state.defcon, state.milops, state.space_attempts = 3, [1, 3], [1, 1]
    state.effects += [Effect(25, US), Effect(21), Effect(86, US, "round"), Effect(86)]
    put(flow, area_of(US), CHINA_CARD)
    state.china_face_up = False
    give(flow, US, 4)
    put(flow, hand_of(US), 19, bottom=True)
    end_of_turn(flow)
    # F (spec §4.4, §19.F): deck/hands carry over untouched, nothing revealed.
    assert state.piles[hand_of(US)].to_dict() == {"shuffled": [4], "bottom": [19]}
    assert state.vp == -2  # the US was 2 short
    assert state.milops == [0, 0]
    assert state.space_attempts == [0, 0]
    assert sorted(e.to_list() for e in state.effects) == [[21, None, ""], [86, None, ""]]
    assert state.china_face_up
    assert CHINA_CARD in state.piles[area_of(US)]
    assert state.turn == 4
    assert state.result is None
    start_of_turn(flow)
    assert state.defcon == 4
    assert state.action_round == 0
    assert game.state.scoring_rounds_this_turn == 0


def test_final_scoring_after_turn_10_spec_19_i(rules: Ruleset) -> None:
    """Spec §19.I: after turn 10 the six map regions score, the China Card's holder gains 1 VP,
    and the game ends; the rating follows the score (§20.2)."""
    flow = make_flow(rules, USSR, turn=10)
    with pytest.raises(GameOver):
        end_of_turn(flow)
    state = flow.game.state
    assert state.result is not None
    assert state.result.reason == "final_scoring"
    texts = [r.text(rules) for r in flow.game.log]
    assert any("the China Card" in t and "USSR gains 1 VP" in t for t in texts)
    assert any("(final scoring: Europe); VP track at" in t for t in texts)
    rating = victory_rating(rules, state, state.result)
    assert rating in {r for _, r in rules.regions.victory_rating}


@pytest.mark.parametrize(
    ("ai_side", "reason", "winner", "vp", "rating"),
    [
        (USSR, "vp20", US, 20, "Master victory"),
        (USSR, "vp20", USSR, -20, "Decisive defeat"),
        (US, "vp20", USSR, -21, "Master victory"),
        (USSR, "europe_control", US, 3, "Decisive victory"),
        (USSR, "europe_control", USSR, 3, "Decisive defeat"),
        (USSR, "defcon1", USSR, 6, "Decisive defeat"),
        (US, "defcon1", US, -6, "Decisive defeat"),
        (USSR, "final_scoring", US, 10, "Major victory"),
        (USSR, "final_scoring", US, 9, "Substantial victory"),
        (USSR, "final_scoring", US, 5, "Substantial victory"),
        (USSR, "final_scoring", US, 4, "Marginal victory"),
        (USSR, "final_scoring", US, 1, "Marginal victory"),
        (USSR, "final_scoring", None, 0, "Draw"),
        (USSR, "final_scoring", USSR, -1, "Marginal defeat"),
        (USSR, "final_scoring", USSR, -4, "Marginal defeat"),
        (USSR, "final_scoring", USSR, -5, "Defeat"),
        (US, "final_scoring", USSR, -7, "Substantial victory"),
        (US, "wargames", US, 25, "Defeat"),
        (USSR, "wargames", US, 22, "Major victory"),
    ],
)
def test_victory_rating_spec_20_2(
    rules: Ruleset, ai_side: Side, reason: str, winner: Side | None, vp: int, rating: str
) -> None:
    """Spec §20.2: the rating from the human's score, with the Master and Decisive cases decided
    by how the game ended (20 VP, Europe control, DEFCON 1)."""
    flow = make_flow(rules, ai_side)
    flow.game.state.vp = vp
    assert victory_rating(rules, flow.game.state, Result(winner, reason)) == rating


def test_defcon_rules_of_the_solitaire_spec_11_1_20_1_2(rules: Ruleset) -> None:
    """Spec §11.1: while the AI is phasing, DEFCON stops at 2 (the part that would reach 1 is
    ignored). Spec §20.1.2: DEFCON 1 while the human is phasing: the human loses."""
    flow = make_flow(rules, US)
    game = flow.game
    game.state.phasing, game.state.defcon = US, 2
    game.change_defcon(-1, "test")
    assert game.state.defcon == 2
    assert not game.state.over
    game.state.phasing = USSR
    with pytest.raises(GameOver):
        game.change_defcon(-1, "test")
    result = game.state.result
    assert result == Result(US, "defcon1")
    assert victory_rating(rules, game.state, result) == "Decisive defeat"


def test_turn_sequence_spec_5(rules: Ruleset) -> None:
    """Spec §5: A (DEFCON), B (draft), X (regions), C (headline), D (6 action rounds in the Early
    War, each with both sides and one Scoring Round), E–I (end of turn)."""
    steps: list[str] = []

    def observe(game: object, step: str) -> None:
        steps.append(step)

    options = SoloOptions(ai_side=US)
    for seed in range(50):  # a game that gets past turn 1
        steps.clear()
        record = play_game(rules, options, standard_providers(US, seed), observer=observe)
        if "turn_end" in steps:
            break
    first = steps[: steps.index("turn_end") + 1]
    assert first[:5] == ["setup", "defcon", "draft", "step_x", "headline"]
    rounds = first[5:-1]
    assert rounds.count("regions") == 6
    assert rounds.count("action") == 12
    assert rounds.count("scoring") == 1
    assert steps[-1] == "end"
    assert record.result is not None


def test_twenty_vp_wins_at_once_spec_20_1_1(rules: Ruleset) -> None:
    """Spec §20.1.1: a side reaching 20 VP wins at once (here the human, by the draft bonus):
    Master victory."""
    flow = make_flow(
        rules,
        USSR,
        turn=2,
        human=[(10, 12, 19)],
        draws=[21, 23, 27, 10, 12, 19],
    )
    give(flow, US, 4)
    give(flow, USSR, 5)
    flow.game.state.vp = 19
    with pytest.raises(GameOver):
        draft(flow)
    state = flow.game.state
    assert state.result == Result(US, "vp20")
    assert victory_rating(rules, state, state.result) == "Master victory"


def test_wargames_ends_the_game_spec_20_1_3(rules: Ruleset) -> None:
    """Spec §20.1.3: Wargames played as an event ends the game; the rating comes from the VP
    then (the opponent's 6 VP included)."""
    flow = make_flow(rules, USSR, turn=8, human=[100, "event", "yes"])
    state = flow.game.state
    state.defcon, state.vp, state.phasing = 2, 9, US
    give(flow, US, 100)
    with pytest.raises(GameOver):
        human_action(flow)
    assert state.result == Result(US, "wargames")
    assert state.vp == 3
    assert victory_rating(rules, state, state.result) == "Marginal victory"
