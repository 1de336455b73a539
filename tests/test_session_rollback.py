"""`rollback` as a person types it (issue #39 item 5): `rollback -1` once took back every answer
of the game (367 → 9 journal lines) without a word. A turn outside the game is refused and
nothing changes; taking back an ended turn asks first; and what a take-back removed can be
brought back (`twsolo play NAME --restore-backup`, from journal.jsonl.bak)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from twsolo.cli.main import cli

from .table_person import first, run_typing


def run(home: Path, args: list[str], text: str = "") -> Result:
    result = CliRunner().invoke(cli, [*args, "--home", str(home)], input=text)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Seed 4, 60 answers: turn 2 (191 journal lines)."""
    home = tmp_path_factory.mktemp("rollback")
    assert run_typing(home, ["new", "--seed", "4", "--name", "r"], first(60)).exit_code == 0
    return home


@pytest.fixture
def home(template: Path, tmp_path: Path) -> Path:
    shutil.copytree(template, tmp_path / "home")
    return tmp_path / "home"


def journal(home: Path) -> str:
    return (home / "games" / "r" / "journal.jsonl").read_text()


@pytest.mark.parametrize("turn", ["-1", "0", "+0", "3", "999999"])
def test_a_turn_outside_the_game_is_refused_and_nothing_changes(home: Path, turn: str) -> None:
    before = journal(home)
    result = run(home, ["play", "r"], f"rollback {turn}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "rollback TURN: TURN is a turn of this game, 1 to 2; nothing changed." in result.output
    assert "taken back" not in result.output
    assert journal(home) == before


def test_taking_back_an_ended_turn_asks_first(home: Path) -> None:
    before = journal(home)
    result = run(home, ["play", "r"], "rollback 1\nn\nquit\n")
    assert "This takes back 190 answer(s), turn 1 and this turn so far. Do it? [y/N]" in (
        result.output
    )
    assert "Nothing was taken back." in result.output
    assert journal(home) == before


def test_rollback_of_this_turn_asks_nothing(home: Path) -> None:
    result = run(home, ["play", "r"], "rollback 2\nquit\n")
    assert "Do it?" not in result.output
    assert "rollback to turn 2: " in result.output


def test_what_a_rollback_took_back_comes_back(home: Path) -> None:
    before = journal(home)
    rolled = run(home, ["play", "r"], "rollback 1\ny\nquit\n")
    assert "rollback to turn 1: 190 answer(s) taken back. To bring them back: `quit`, then " in (
        rolled.output
    )
    assert "`twsolo play --restore-backup r`" in rolled.output
    after = journal(home)
    assert len(after.splitlines()) < 30
    restored = run(home, ["play", "--restore-backup", "r"], "quit\n")
    assert "Restored the journal kept before the last take-back: 191 entries" in restored.output
    assert journal(home) == before
    assert (home / "games" / "r" / "journal.jsonl.bak").read_text() == after
    again = run(home, ["play", "--restore-backup", "r"], "quit\n")  # and back again
    assert again.exit_code == 0
    assert journal(home) == after


def test_without_a_backup_nothing_is_restored(home: Path) -> None:
    before = journal(home)
    result = run(home, ["play", "--restore-backup", "r"], "quit\n")
    assert result.exit_code == 2
    assert "journal.jsonl.bak: no backup to restore" in result.output
    assert journal(home) == before
