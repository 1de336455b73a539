"""Saves that cannot be turned against their owner (issue #27): a link planted in a save folder
or a log folder — the lock, the journal, its backup, the header, the position cache, the game
folder itself, a log's `.part` file — is refused or replaced, and the file it points to is
never written (nor read)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from twsolo.cli.main import cli

SECRET = "the owner's file\n"


def run(home: Path, args: list[str], text: str = "") -> Result:
    result = CliRunner().invoke(cli, [*args, "--home", str(home)], input=text)
    assert "Traceback" not in result.output + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture
def home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    assert run(home, ["new", "--name", "g", "--seed", "3"], "quit\n").exit_code == 0
    return home


@pytest.fixture
def target(tmp_path: Path) -> Path:
    path = tmp_path / "outside.txt"
    path.write_text(SECRET)
    return path


def plant(home: Path, name: str, target: Path) -> None:
    """Replace a save's file by a link to `target` (the file's content, copied, first)."""
    link = home / "games" / "g" / name
    if link.exists():
        target.write_text(SECRET)
        link.unlink()
    os.symlink(target, link)


@pytest.mark.parametrize("name", [".lock", "journal.jsonl", "game.json", "state.json"])
def test_a_linked_save_file_is_refused_and_its_target_untouched(
    home: Path, target: Path, name: str
) -> None:
    plant(home, name, target)
    played = run(home, ["play", "g"], "1 2 3\nquit\n")
    assert played.exit_code == 2
    assert f"{name} is a symbolic link: refused" in played.stderr
    assert target.read_text() == SECRET
    shown = run(home, ["show", "g"])
    assert shown.exit_code == 2
    assert "symbolic link" in shown.stderr
    assert "g: damaged:" in run(home, ["list"]).output
    assert target.read_text() == SECRET


def test_a_linked_journal_backup_is_not_written_through(home: Path, target: Path) -> None:
    journal = home / "games" / "g" / "journal.jsonl"
    with open(journal, "a") as f:
        f.write('{"seq": 1, "type": "ans')  # a torn last line, for --drop-torn-line
    os.symlink(target, journal.with_name("journal.jsonl.bak"))
    repaired = run(home, ["play", "g", "--drop-torn-line"], "quit\n")
    assert repaired.exit_code == 2
    assert "journal.jsonl.bak is a symbolic link: refused" in repaired.stderr
    assert target.read_text() == SECRET


def test_a_game_folder_that_is_a_link_is_refused(home: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    (home / "games" / "g").rename(elsewhere)
    os.symlink(elsewhere, home / "games" / "g")
    before = {p.name: p.read_bytes() for p in elsewhere.iterdir()}
    played = run(home, ["play", "g"], "1 2 3\nquit\n")
    assert played.exit_code == 2
    assert "games/g is a symbolic link: refused" in played.stderr
    assert {p.name: p.read_bytes() for p in elsewhere.iterdir()} == before


def test_a_log_file_that_is_a_link_is_refused_not_followed(tmp_path: Path, target: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    for name in ("game-000004-ai-us.jsonl.part", "game-000004-ai-us.jsonl"):
        os.symlink(target, logs / name)
    result = CliRunner().invoke(
        cli,
        [
            "simulate",
            "--games",
            "1",
            "--seed",
            "4",
            "--ai-side",
            "us",
            "--log",
            str(logs),
            "--overwrite",
        ],
    )
    assert result.exit_code == 2, result.output
    assert "Games: 1" in result.stdout
    assert "1 files were not written" in result.stderr
    assert "a symbolic link, not a regular file: refused" in result.stderr
    assert target.read_text() == SECRET
    assert (logs / "game-000004-ai-us.jsonl").is_symlink()
