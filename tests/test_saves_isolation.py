"""One save that cannot be read never hides the others (issue #39): a save whose reading raises
something no damage check foresaw (a defect of twsolo, as a game started from an exported
scenario once raised a ValueError) is reported in its own `list` row with the reason, `show` of
it is a message, not a traceback, and `list`, `show`, `play NAME` and `play` of the other games
go on as before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from twsolo.cli.main import cli
from twsolo.persist.savefile import SaveDir

REASON = "an error no damage check foresaw"


def run(home: Path, args: list[str], text: str = "") -> Result:
    result = CliRunner().invoke(cli, [*args, "--home", str(home)], input=text)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Three games, the oldest `broken`: reading its journal or its cache raises a ValueError."""
    for seed, name in enumerate(("broken", "a", "c")):
        assert run(tmp_path, ["new", "--seed", str(seed), "--name", name], "quit\n").exit_code == 0
    for method in ("entries", "snapshot"):
        original = getattr(SaveDir, method)

        def planted(self: SaveDir, *args: Any, _original: Any = original) -> Any:
            if self.name == "broken":
                raise ValueError(REASON)
            return _original(self, *args)

        monkeypatch.setattr(SaveDir, method, planted)
    return tmp_path


def test_list_reports_it_in_its_row_and_goes_on(home: Path) -> None:
    result = run(home, ["list"])
    assert result.exit_code == 0
    rows = result.output.splitlines()
    assert rows[0].startswith("broken: damaged: ")
    assert f"cannot be read (ValueError: {REASON}): a defect of twsolo" in rows[0]
    assert rows[1].startswith("a: you play the US, digital; turn 1")
    assert rows[2].startswith("c: you play the US, digital; turn 1")


def test_show_of_it_is_a_message_and_of_another_game_the_board(home: Path) -> None:
    broken = run(home, ["show", "broken"])
    assert broken.exit_code == 2
    assert f"ValueError: {REASON}" in broken.output
    other = run(home, ["show", "a"])
    assert other.exit_code == 0, other.output
    assert "DEFCON" in other.output


def test_play_finds_and_resumes_the_other_games(home: Path) -> None:
    latest = run(home, ["play"], "quit\n")
    assert latest.exit_code == 0, latest.output
    assert "Resuming 'c'." in latest.output
    named = run(home, ["play", "a"], "quit\n")
    assert named.exit_code == 0, named.output
    assert "Resuming 'a'." in named.output
