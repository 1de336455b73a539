"""The China Card is said to be where it really is (issue #39 item 7, spec §3.1): inside a
deck/hand it is neither face up nor face down, so `show`, the board page, the scenario file and
the table's end-of-turn checklist say it is in that deck/hand."""

from __future__ import annotations

from pathlib import Path

import yaml

from twsolo.cli.render import turn_checklist
from twsolo.engine.records import MarkerChange, Note
from twsolo.phrases import say
from twsolo.positions.scenario import Scenario
from twsolo.ruleset import Ruleset

from .table_person import run_typing

IN_THE_HUMANS_DECK = {
    "ai_side": "us",
    "turn": 3,
    "action_round": 1,
    "china_card": {"holder": "ussr"},
    "human_deck": {"shuffled": [6, 13, 20]},
    "human_cards": 3,
}


def test_show_and_the_board_page_say_the_deck_hand(tmp_path: Path) -> None:
    path = tmp_path / "china.yaml"
    path.write_text(yaml.safe_dump(IN_THE_HUMANS_DECK))
    board = tmp_path / "board.html"
    args = ["new", "--digital", "--from", str(path), "--name", "c", "--board", str(board)]
    result = run_typing(tmp_path, args, ["show", "quit"])
    assert result.exit_code == 0, result.output[-2000:]
    assert "China Card: USSR (in the USSR deck/hand)" in result.output
    assert "China Card: USSR (in the USSR deck/hand)" in board.read_text()


def test_the_scenario_file_names_no_face(rules: Ruleset) -> None:
    scenario = Scenario.from_dict(IN_THE_HUMANS_DECK, rules)
    written = scenario.to_dict()
    assert written["china_card"] == {"holder": "ussr"}
    assert 6 in written["human_deck"]["shuffled"]
    # In a play area it is face up or down, as before.
    area = Scenario.from_dict({**IN_THE_HUMANS_DECK, "human_deck": {"shuffled": [13]}}, rules)
    assert area.to_dict()["china_card"] == {"holder": "ussr", "face_up": True}


def test_the_checklist_does_not_turn_up_a_card_shuffled_in(rules: Ruleset) -> None:
    """At the table, after a turn: the China Card that the draft put into a deck/hand is not to
    be put back face up."""
    state = Scenario.from_dict(IN_THE_HUMANS_DECK, rules).state
    lines = turn_checklist(rules, [MarkerChange("turn", 3)], state)
    assert "  [ ] the China Card left in the USSR deck/hand" in lines
    assert not any("face up" in line for line in lines)
    area = Scenario.from_dict({**IN_THE_HUMANS_DECK, "human_deck": {"shuffled": [13]}}, rules)
    turned = [Note(say("engine.game.china_face_up")), MarkerChange("turn", 3)]
    lines = turn_checklist(rules, turned, area.state)
    assert "  [ ] the China Card turned face up: USSR (face up)" in lines
    # Face up all turn: nothing changed, nothing to check again.
    lines = turn_checklist(rules, [MarkerChange("turn", 3)], area.state)
    assert not any("China Card" in line for line in lines)
