"""`new --digital --dice manual`: on screen the program deals the cards, and the person rolls
the dice and types them (the option was recorded and then ignored: every die was rolled for
them, found by the conformance suite's review)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from twsolo.cli.main import cli


def journal(home: Path, name: str) -> list[dict[str, object]]:
    lines = (home / "games" / name / "journal.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def test_the_person_rolls_on_screen_with_manual_dice(tmp_path: Path) -> None:
    runner = CliRunner()
    home = str(tmp_path)
    made = runner.invoke(
        cli,
        ["new", "--digital", "--dice", "manual", "--seed", "3", "--name", "m", "--home", home],
        input="4\nquit\n",
    )
    assert made.exit_code == 0, made.output
    assert "Roll the set-up's die" in made.output
    assert "die: 4 (variable extra influence" in made.output
    dice = [e for e in journal(tmp_path, "m") if e.get("kind") == "die"]
    assert [d["answer"] for d in dice] == [4]
    again = runner.invoke(cli, ["play", "m", "--home", home], input="quit\n")
    assert again.exit_code == 0, again.output
    assert "Roll the set-up's die" not in again.output  # the journal's die, not asked again


def test_on_screen_the_dice_are_rolled_for_you_by_default(tmp_path: Path) -> None:
    made = CliRunner().invoke(
        cli,
        ["new", "--digital", "--seed", "3", "--name", "a", "--home", str(tmp_path)],
        input="quit\n",
    )
    assert made.exit_code == 0, made.output
    assert "Roll the set-up's die" not in made.output
    assert [e for e in journal(tmp_path, "a") if e.get("kind") == "die"]
