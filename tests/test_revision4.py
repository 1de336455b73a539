"""Spec revision 4: the balanced set-up (§24.6) chosen at setup, recorded and reported; §25.7's
final sweep widened to every Non-Scoring Round of turn 10 (a switch value in rules/). The
sweep's decision itself: tests/cases/s25_7_final_sweep*.yaml."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from twsolo.cli.main import cli
from twsolo.compose import load_ruleset
from twsolo.errors import RulesDataError
from twsolo.positions.cases import run_case
from twsolo.ruleset import Ruleset
from twsolo.solo import SoloOptions
from twsolo.solo.new_game import extra_influence

from .test_ruleset_errors import break_file, where
from .test_solo_setup import expected_extra
from .test_solo_support import US, USSR, make_flow

CASES = Path(__file__).parent / "cases"


@pytest.mark.parametrize("ai_side", [US, USSR])
@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_balanced_setup_gives_the_us_two_more_in_italy_spec_24_6(
    rules: Ruleset, roll: int, ai_side: object
) -> None:
    """Spec §24.6 [r4]: every column of §2.4 gives the US 2 more in Italy (9 in all), whichever
    side the AI plays; the USSR's column is unchanged."""
    flow = make_flow(rules, ai_side, dice=[roll], balanced_setup=True)
    before = flow.game.state.influence.copy()
    extra_influence(flow)
    added = flow.game.state.influence - before
    for side in (USSR, US):
        want = dict(expected_extra(side, roll))
        if side is US:
            want["italy"] = want.get("italy", 0) + 2
        got = {c.id: int(added[c.index, side.col]) for c in rules.countries}
        assert {k: v for k, v in got.items() if v} == want
    assert int(added[:, US.col].sum()) == 9
    italy = rules.index["italy"]
    assert int(flow.game.state.influence[italy, US.col]) == {2: 4}.get(roll, 3)


def test_without_the_option_the_setup_is_the_seeds(rules: Ruleset) -> None:
    flow = make_flow(rules, dice=[5])
    before = flow.game.state.influence.copy()
    extra_influence(flow)
    assert int((flow.game.state.influence - before)[:, US.col].sum()) == 7


def test_the_option_round_trips_and_is_reported() -> None:
    on = SoloOptions(ai_side=USSR, balanced_setup=True)
    assert on.to_dict()["balanced_setup"] is True
    assert SoloOptions.from_dict(on.to_dict()) == on
    assert "balanced set-up" in on.describe()
    off = SoloOptions(ai_side=USSR)
    assert "balanced_setup" not in off.to_dict()  # older saves read and write as before
    assert "balanced set-up" not in off.describe()


def test_new_balanced_setup_is_said_saved_and_resumed(tmp_path: Path) -> None:
    """`twsolo new --balanced-setup`: the set-up's die says it, game.json records it, and the game
    resumes with it."""
    home = str(tmp_path)
    runner = CliRunner()
    made = runner.invoke(
        cli,
        ["new", "--balanced-setup", "--table", "--seed", "3", "--name", "b", "--home", home],
        input="2\nquit\n",
    )
    assert made.exit_code == 0, made.output
    assert "balanced set-up" in made.output
    assert "US Italy +2 (spec §24.6)" in made.output
    assert re.search(r"add US influence: .*Italy \+4 \(now 4\)", made.output), made.output
    header = json.loads((tmp_path / "games" / "b" / "game.json").read_text())
    assert header["options"]["balanced_setup"] is True
    again = runner.invoke(cli, ["play", "b", "--home", home], input="quit\n")
    assert again.exit_code == 0, again.output


def test_a_scenario_is_past_its_setup(tmp_path: Path) -> None:
    scenario = CASES.parent / "scenarios"
    first = sorted(scenario.glob("*.yaml"))[0]
    result = CliRunner().invoke(
        cli, ["new", "--from", str(first), "--balanced-setup", "--home", str(tmp_path)]
    )
    assert result.exit_code != 0
    assert "a scenario starts past it" in result.output
    assert not (tmp_path / "games").exists() or not any((tmp_path / "games").iterdir())


def test_simulate_balanced_setup_reports_it() -> None:
    result = CliRunner().invoke(
        cli, ["simulate", "--games", "2", "--balanced-setup", "--check", "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["settings"]["balanced_setup"] is True
    assert report["summary"]["violations"] == 0


def test_balanced_setup_outside_western_europe_is_refused(rules_copy: Path) -> None:
    line = break_file(rules_copy, "setup.yaml", "us: {italy: 2}", "us: {poland: 2}")
    with pytest.raises(RulesDataError) as info:
        load_ruleset(rules_copy)
    (msg,) = info.value.problems
    assert msg.startswith(where(rules_copy, "setup.yaml", line))
    assert "balanced_setup.us.poland: US extra influence goes in west_europe" in msg


def test_final_sweep_r3_reading_waits_for_the_last_scoring_round(rules_copy: Path) -> None:
    """Spec §25.7: `rounds: after_last_scoring` (revision 3) does not sweep in turn 10's AR1;
    `rounds: every` (revision 4, the default rules) does."""
    case = CASES / "s25_7_final_sweep_every_round.yaml"
    assert run_case(case, load_ruleset()).passed
    break_file(rules_copy, "enhanced.yaml", "rounds: every", "rounds: after_last_scoring")
    r3 = load_ruleset(rules_copy)
    assert r3.enhanced.final_sweep_rounds == "after_last_scoring"
    outcome = run_case(case, r3)
    assert not outcome.passed
    later = CASES / "s25_7_final_sweep.yaml"  # AR7, after the last Scoring Round
    assert run_case(later, r3).passed


def test_final_sweep_rounds_must_be_known(rules_copy: Path) -> None:
    line = break_file(rules_copy, "enhanced.yaml", "rounds: every", "rounds: sometimes")
    with pytest.raises(RulesDataError) as info:
        load_ruleset(rules_copy)
    (msg,) = info.value.problems
    assert msg.startswith(where(rules_copy, "enhanced.yaml", line))
    assert "after_last_scoring" in msg
