"""Spec §23.10: the Secondary Region in a Scoring Round, read as a rule about scoring (the
default: the Secondary keeps its role) or literally (rules/regions.yaml
`secondary_in_scoring_round: false`: in a Scoring Round the human's penalty-free area and the
AI's fall-back region are the Primary alone)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from twsolo.cli.main import cli
from twsolo.compose import load_ruleset
from twsolo.ruleset import Ruleset
from twsolo.solo.action_rounds import action_round

from .test_solo_support import US, USSR, give, make_flow, put

ASIA, EUROPE, MIDDLE_EAST = 1, 2, 3


def literal(rules_copy: Path) -> Path:
    """The rules with the literal reading switched on."""
    path = rules_copy / "regions.yaml"
    text = path.read_text()
    assert "secondary_in_scoring_round: true" in text
    path.write_text(
        text.replace("secondary_in_scoring_round: true", "secondary_in_scoring_round: false")
    )
    return rules_copy


# The board of tests/cases/s12_3_order_secondary.yaml, in a Scoring Round: nothing to do in the
# Primary (South America), influence by §13 in the Secondary (Europe).
SCENARIO = {
    "ai_side": "ussr",
    "turn": 4,
    "action_round": 3,
    "board": "empty",
    "primary": "south_america",
    "secondary": "europe",
    "scoring_round": True,
    "card": 7,
    "dice": [3],
}


def decide(tmp_path: Path, scenario: dict[str, object], *rules: str) -> dict[str, object]:
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(scenario))
    result = CliRunner().invoke(cli, ["decide", str(path), "--json", *rules])
    assert result.exit_code == 0, result.output
    answer: dict[str, object] = json.loads(result.stdout)
    return answer


def test_the_ai_falls_back_on_the_secondary_by_default_spec_23_10(tmp_path: Path) -> None:
    """The default reading: in a Scoring Round the AI that can do nothing in the Primary goes
    on to the Secondary (§12.3.3): Socialist Governments' 3 ops take Poland."""
    got = decide(tmp_path, SCENARIO)
    assert got["play"] == "ops"
    assert got["actions"] == [{"type": "influence", "country": "poland", "amount": 3}]


def test_the_literal_reading_leaves_the_primary_alone_spec_23_10(
    tmp_path: Path, rules_copy: Path
) -> None:
    """The literal reading: the Scoring Round has no Secondary for the AI, so §12.3.3 goes on
    to the Space Race (§16.2) and nothing is placed in Europe. In a Non-Scoring Round the
    switch changes nothing."""
    rules = str(literal(rules_copy))
    got = decide(tmp_path, SCENARIO, "--rules", rules)
    assert got["play"] == "space_race"
    assert got["actions"] == [{"type": "space_race", "roll": 3, "success": True}]
    nsr = decide(
        tmp_path, {**SCENARIO, "action_round": 2, "scoring_round": False}, "--rules", rules
    )
    assert nsr["actions"] == [{"type": "influence", "country": "poland", "amount": 3}]


def human_in_the_secondary(rules: Ruleset, action: int) -> bool:
    """The human (US) spends Containment's 3 ops in Japan (the Secondary, Asia) in the action
    round `action` of turn 4 (AR3 is a Scoring Round, AR2 is not); the AI has no card. Whether
    the human paid the off-region penalty (spec §10.2)."""
    answers = [25, "ops", "influence", *["japan"] * 3]
    flow = make_flow(rules, USSR, turn=4, human=answers, draws=[ASIA])
    put(flow, "primary", MIDDLE_EAST)
    put(flow, "secondary", EUROPE)
    give(flow, US, 25)
    action_round(flow, action)  # the shift (§7.3): Europe the Primary, Asia the Secondary
    info = flow.rounds[-1]
    assert (info.primary, info.secondary, info.scoring) == ("europe", "asia", action == 3)
    assert flow.game.state.inf(rules.index["japan"], US) == rules.country("japan").start[US] + 3
    return info.penalty


@pytest.mark.parametrize("action", [2, 3])
def test_the_human_acts_freely_in_the_secondary_by_default_spec_23_10(
    rules: Ruleset, action: int
) -> None:
    assert not human_in_the_secondary(rules, action)


def test_the_literal_reading_costs_the_human_the_penalty_spec_23_10(rules_copy: Path) -> None:
    """Under the literal reading the Secondary is outside the penalty-free area in a Scoring
    Round only."""
    rules = load_ruleset(literal(rules_copy))
    assert human_in_the_secondary(rules, 3)
    assert not human_in_the_secondary(rules, 2)


def test_validate_lists_the_switch(rules_copy: Path) -> None:
    runner = CliRunner()
    default = runner.invoke(cli, ["validate"])
    assert "secondary_in_scoring_round: true (spec §23.10" in default.stdout
    switched = runner.invoke(cli, ["validate", "--rules", str(literal(rules_copy))])
    assert switched.exit_code == 0, switched.output
    assert "secondary_in_scoring_round: false (spec §23.10" in switched.stdout


def test_a_missing_switch_is_the_default_and_a_bad_one_is_refused(rules_copy: Path) -> None:
    """The key is optional (an older rules directory keeps today's behaviour); a value that is
    not a boolean is refused with its line."""
    path = rules_copy / "regions.yaml"
    text = path.read_text()
    path.write_text(text.replace("secondary_in_scoring_round: true\n", ""))
    assert load_ruleset(rules_copy).regions.secondary_in_scoring_round is True
    path.write_text(
        text.replace("secondary_in_scoring_round: true", "secondary_in_scoring_round: 3")
    )
    result = CliRunner().invoke(cli, ["validate", "--rules", str(rules_copy)])
    assert result.exit_code == 2
    assert "regions.yaml:" in result.output
    assert "secondary_in_scoring_round" in result.output
