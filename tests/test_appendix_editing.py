"""An appendix editor changes the AI with no Python edited (issue: the card appendix an editor can
really edit): a copy of rules/ with one card's choice ordering reordered, one window changed and
one event figure changed in cards.yaml gives other decisions through `twsolo decide`; names the
vocabulary does not know fail validation with file:line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from twsolo.cli.main import cli

SUEZ = """\
ai_side: ussr
turn: 2
action_round: 2
board: empty
primary: asia
scoring_round: false
influence:
  france: {us: 3}
  uk: {us: 3}
  israel: {us: 3}
card: 28
"""
JUNTA = """\
ai_side: ussr
turn: 4
action_round: 2
board: empty
primary: central_america
scoring_round: false
card: 47
"""


def decide(tmp_path: Path, scenario: str, rules: Path | None = None) -> dict[str, Any]:
    path = tmp_path / "scenario.yaml"
    path.write_text(scenario)
    args = ["decide", str(path), "--json", *(["--rules", str(rules)] if rules else [])]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    decided: dict[str, Any] = json.loads(result.stdout)
    return decided


def edit(rules: Path, name: str, old: str, new: str) -> None:
    path = rules / name
    text = path.read_text()
    assert text.count(old) == 1, f"{old!r} must occur once in {name}"
    path.write_text(text.replace(old, new))


def test_reordering_a_choice_ordering_changes_the_countries(
    tmp_path: Path, rules_copy: Path
) -> None:
    """Appendix #28 takes 2 at a time from France, Israel, UK (`listed`); listed the other way
    round, the AI takes the UK's first."""
    before = decide(tmp_path, SUEZ)
    assert before["actions"][0]["choices"]["countries"] == ["france", "france", "israel", "israel"]
    edit(
        rules_copy,
        "appendix.yaml",
        "keys: [{listed: [france, israel, uk]}]",
        "keys: [{listed: [uk, israel, france]}]",
    )
    after = decide(tmp_path, SUEZ, rules_copy)
    assert after["actions"][0]["choices"]["countries"] == ["uk", "uk", "israel", "israel"]
    assert after["state_after"]["influence"]["uk"] == {"us": 1, "ussr": 0}


def test_changing_a_window_changes_how_the_card_is_played(tmp_path: Path, rules_copy: Path) -> None:
    """Suez Crisis removes 4 of the human's influence: its NSR window (`infl_removed >= 4`)
    holds; raised to 5 it fails and the AI plays the card for its Ops."""
    assert decide(tmp_path, SUEZ)["play"] == "event"
    edit(
        rules_copy,
        "appendix.yaml",
        '"NSR if: infl_removed >= 4"\n    choices: "Take 2',
        '"NSR if: infl_removed >= 5"\n    choices: "Take 2',
    )
    after = decide(tmp_path, SUEZ, rules_copy)
    assert after["play"] == "ops"
    assert any(
        s["rule"] == "appendix #28" and "condition fails" in s["why"] for s in after["trace"]
    )


def test_changing_an_event_figure_changes_the_placement(tmp_path: Path, rules_copy: Path) -> None:
    """Junta places +2 (cards.yaml `figures`) where that gives control, battlegrounds first:
    Mexico (stability 2). With +3 the AI reaches Cuba (stability 3, first by §18) instead, and
    places 3."""
    before = decide(tmp_path, JUNTA)
    assert before["actions"][0]["choices"]["countries"] == ["mexico"]
    assert before["state_after"]["influence"]["mexico"] == {"us": 0, "ussr": 2}
    edit(
        rules_copy,
        "cards.yaml",
        "figures: {influence: 2, ops: 2}",
        "figures: {influence: 3, ops: 2}",
    )
    after = decide(tmp_path, JUNTA, rules_copy)
    assert after["actions"][0]["choices"]["countries"] == ["cuba"]
    assert after["state_after"]["influence"]["cuba"] == {"us": 0, "ussr": 3}


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "      suez_crisis.remove:\n",
            "      suez_crisis.removes:\n",
            "entries[24].resolve.suez_crisis.removes: unknown question key 'suez_crisis.removes'"
            " (card 28's event asks: suez_crisis.remove)",
        ),
        (
            "keys: [{listed: [france, israel, uk]}]",
            "keys: [{lists: [france, israel, uk]}]",
            "unknown name 'lists'",
        ),
        (
            "keys: [{listed: [france, israel, uk]}]",
            "keys: [most_human_influence, by_whim]",
            "entries[24].resolve.suez_crisis.remove.keys[1]: unknown value 'by_whim'",
        ),
        (
            "keys: [{listed: [france, israel, uk]}]",
            "keys: [{listed: [france, atlantis]}]",
            "keys[0].listed[1]: unknown value 'atlantis'",
        ),
        (
            "keys: [{listed: [france, israel, uk]}]",
            "keys: [listed]",
            "listed takes an argument (countries)",
        ),
    ],
    ids=[
        "unknown-key",
        "unknown-ordering-with-argument",
        "unknown-ordering",
        "bad-argument",
        "missing-argument",
    ],
)
def test_an_unknown_name_fails_validation_with_file_and_line(
    rules_copy: Path, old: str, new: str, message: str
) -> None:
    path = rules_copy / "appendix.yaml"
    text = path.read_text()
    assert text.count(old) == 1
    text = text.replace(old, new)
    path.write_text(text)
    line = text[: text.index(new)].count("\n") + 1
    result = CliRunner().invoke(cli, ["validate", "--rules", str(rules_copy)])
    assert result.exit_code == 2
    (problem,) = [p for p in result.stderr.splitlines() if "appendix.yaml:" in p]
    assert f"appendix.yaml:{line}:" in problem or f"appendix.yaml:{line + 1}:" in problem
    assert message in problem


def test_a_procedure_must_be_listed_by_its_entry(rules_copy: Path) -> None:
    """Code that belongs to a card is never hidden: its entry lists it, or validation fails."""
    edit(rules_copy, "appendix.yaml", "    procedures: [double_coup]\n", "")
    result = CliRunner().invoke(cli, ["validate", "--rules", str(rules_copy)])
    assert result.exit_code == 2
    assert "card 41 has the procedures ['double_coup']: list them" in result.stderr
