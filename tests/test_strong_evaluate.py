"""The strong stand-in's evaluation (players/evaluate.py): a won game above any VP, the AI's
control of Europe in a Scoring Round as a loss (spec §20.1.4), the human's as a win only with
the VP in the human's favour (§20.1.5), and the region that scores next weighing most."""

from __future__ import annotations

from pathlib import Path

from twsolo.compose import load_ruleset
from twsolo.engine.state import GameState, Result
from twsolo.ids import Side
from twsolo.players.evaluate import DEFAULT, next_scoring, value
from twsolo.ruleset import Ruleset

from .support import position

EUROPE_BGS = ("italy", "france", "west_germany", "east_germany", "poland")


def europe_held_by(rules: Ruleset, side: Side, *, vp: int = 0, pending: bool = True) -> GameState:
    """Europe's battlegrounds and Finland controlled by `side`, the AI the USSR, Europe the
    Primary Region of a Mid War turn's third round: a Scoring Round when `pending`."""
    influence = dict.fromkeys((*EUROPE_BGS, "finland"), (5, 0) if side is Side.US else (0, 5))
    state = position(rules, influence=influence, empty=True, vp=vp, turn=5)
    state.ai_side = Side.USSR
    state.action_round = 3 if pending else 4
    state.scoring_round = pending
    state.put(rules.scoring_card_for("europe").number, "primary")
    return state


def test_a_won_game_is_worth_more_than_any_vp(rules: Ruleset) -> None:
    """Above any VP, and above a position that is about to win (the AI still acts)."""
    for state in (position(rules, vp=19, turn=5), europe_held_by(rules, Side.US, vp=19)):
        state.ai_side = Side.USSR
        won = state.copy()
        won.result = Result(Side.US, "vp20")
        lost = state.copy()
        lost.result = Result(Side.USSR, "europe_control")
        assert value(won, rules, Side.US) > value(state, rules, Side.US)
        assert value(lost, rules, Side.US) < value(state, rules, Side.US) - 50


def test_the_ais_control_of_europe_in_a_scoring_round_counts_as_a_loss(rules: Ruleset) -> None:
    scoring = europe_held_by(rules, Side.USSR, pending=True)
    assert next_scoring(scoring, rules) == (0, {"europe": 1.0})
    assert value(scoring, rules, Side.US) < -DEFAULT.win / 2
    later = europe_held_by(rules, Side.USSR, pending=False)
    assert value(later, rules, Side.US) > value(scoring, rules, Side.US)


def test_the_humans_control_of_europe_wins_only_with_the_vp_in_its_favour(rules: Ruleset) -> None:
    ahead = europe_held_by(rules, Side.US, vp=1)
    behind = europe_held_by(rules, Side.US, vp=-1)
    assert value(ahead, rules, Side.US) > DEFAULT.win / 2
    assert value(behind, rules, Side.US) < DEFAULT.win / 2


def test_the_region_that_scores_next_weighs_most(rules: Ruleset) -> None:
    """The same lead in Europe counts more when Europe scores at the end of this round than
    when nothing says when it will."""
    lead = {"france": (4, 0), "west_germany": (5, 0), "uk": (5, 0)}
    now = position(rules, influence=lead, empty=True, turn=5)
    now.ai_side = Side.USSR
    now.action_round, now.scoring_round = 3, True
    now.put(rules.scoring_card_for("europe").number, "primary")
    later = now.copy()
    later.scoring_round = False
    later.action_round = 4
    base = position(rules, empty=True, turn=5)
    base.ai_side = Side.USSR
    base.action_round, base.scoring_round = 3, True
    base.put(rules.scoring_card_for("europe").number, "primary")
    gain_now = value(now, rules, Side.US) - value(base, rules, Side.US)
    assert gain_now > value(later, rules, Side.US) - value(base, rules, Side.US) > 0


def test_region_scores_are_remembered_per_ruleset(rules: Ruleset, rules_copy: Path) -> None:
    """The same position judged under rules whose Asia presence is worth more (as
    `simulate --compare-rules` does in one process) is worth more: the remembered region scores
    are keyed by the rules (they were not, and the second ruleset read the first's)."""
    path = rules_copy / "scoring.yaml"
    path.write_text(
        path.read_text().replace("asia: {card: 1, presence: 3", "asia: {card: 1, presence: 5")
    )
    richer = load_ruleset(rules_copy)
    state = position(rules, influence={"thailand": (2, 0)}, empty=True, turn=5)
    state.ai_side = Side.USSR
    assert value(state, richer, Side.US) > value(state, rules, Side.US)
