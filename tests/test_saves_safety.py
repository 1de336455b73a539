"""The second round of hostile and unlucky use of the saves (issue #27): the position cache
rewritten by `list`, readers that never make `play` refuse, `new` all or nothing, TWSOLO_HOME
with `~`, resume commands a shell takes, unique names, journals whose times are wrong, files
that are not files, and text from files that reaches the terminal escaped."""

from __future__ import annotations

import fcntl
import json
import os
import threading
import time
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner, Result

from twsolo.cli.main import cli

from .table_person import first, run_typing


def run(home: Path, args: list[str], text: str = "", **env: str) -> Result:
    result = CliRunner().invoke(cli, [*args, "--home", str(home)], input=text, env=env or None)
    assert "Traceback" not in result.output + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def game(home: Path, name: str = "g", answers: int = 12) -> Path:
    played = run_typing(home, ["new", "--name", name, "--seed", "5"], [*first(answers), "quit"])
    assert played.exit_code == 0, played.output
    return home / "games" / name


def journal(folder: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (folder / "journal.jsonl").read_text().splitlines()]


def test_list_rewrites_a_missing_or_stale_cache(tmp_path: Path) -> None:
    folder = game(tmp_path)
    cache = folder / "state.json"
    listed = run(tmp_path, ["list"]).output
    for stale in (None, {**json.loads(cache.read_text()), "entries": 1}):
        if stale is None:
            cache.unlink()
        else:
            cache.write_text(json.dumps(stale))
        assert run(tmp_path, ["list"]).output == listed
        assert json.loads(cache.read_text())["entries"] == len(journal(folder))


def test_a_readers_shared_lock_never_makes_play_refuse(tmp_path: Path) -> None:
    folder = game(tmp_path)
    fd = os.open(folder / ".lock", os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)  # as `list` holds it, here for 0.3 s
    threading.Timer(0.3, lambda: os.close(fd)).start()
    played = run(tmp_path, ["play", "g"], "quit\n")
    assert played.exit_code == 0, played.stderr
    assert "open in another twsolo" not in played.stderr


def test_a_killed_new_leaves_a_leftover_that_is_reported_and_cleaned(tmp_path: Path) -> None:
    game(tmp_path, answers=0)
    leftover = tmp_path / "games" / ".new-h.x1y2"
    leftover.mkdir()
    (leftover / "game.json").write_text("{")  # a `new` killed half-way through its header
    os.utime(leftover, (time.time() - 3600,) * 2)
    listed = run(tmp_path, ["list"]).output
    assert "`new` was interrupted" in listed
    assert f"rm -r -- {leftover}" in listed
    assert "g: you play the US" in listed
    assert run(tmp_path, ["new", "--name", "h"], "quit\n").exit_code == 0
    assert not leftover.exists()
    assert (tmp_path / "games" / "h" / "game.json").exists()


def test_a_folder_without_a_game_names_the_command_that_removes_it(tmp_path: Path) -> None:
    (tmp_path / "games" / "old").mkdir(parents=True)  # what an earlier twsolo's killed new left
    made = run(tmp_path, ["new", "--name", "old"], "quit\n")
    assert made.exit_code == 2
    assert f"rm -r -- {tmp_path / 'games' / 'old'}" in made.stderr


def test_tilde_in_twsolo_home_is_the_home_folder(tmp_path: Path) -> None:
    env = {"HOME": str(tmp_path), "TWSOLO_HOME": "~/tw"}
    made = CliRunner().invoke(cli, ["new", "--name", "g"], input="quit\n", env=env)
    assert made.exit_code == 0, made.output
    assert (tmp_path / "tw" / "games" / "g" / "game.json").exists()
    assert not Path("~").exists()
    env["TWSOLO_HOME"] = "~nobody-here-xyz/tw"
    refused = CliRunner().invoke(cli, ["list"], env=env)
    assert refused.exit_code == 2
    assert "no such user's home folder" in refused.stderr


def test_the_resume_command_of_a_name_like_an_option_works(tmp_path: Path) -> None:
    made = run(tmp_path, ["new", "--name", "-x y"], "quit\n")
    assert made.exit_code == 0
    assert "play -- '-x y'" in made.output
    resumed = CliRunner().invoke(
        cli, ["play", "--home", str(tmp_path), "--", "-x y"], input="quit\n"
    )
    assert resumed.exit_code == 0, resumed.output
    assert "Resuming '-x y'" in resumed.output


def test_unnamed_games_begun_in_one_second_get_their_own_names(tmp_path: Path) -> None:
    for _ in range(3):
        assert run(tmp_path, ["new"], "quit\n").exit_code == 0
    names = sorted(p.name for p in (tmp_path / "games").iterdir())
    assert len(names) == 3
    assert all(n.startswith("game-") for n in names)


def test_a_journal_whose_turns_are_wrong_is_refused(tmp_path: Path) -> None:
    folder = game(tmp_path)
    entries = journal(folder)
    for entry in entries:
        entry["turn"] = 3
    (folder / "journal.jsonl").write_text("".join(json.dumps(e) + "\n" for e in entries))
    (folder / "state.json").unlink()
    played = run(tmp_path, ["play", "g"], "quit\n")
    assert played.exit_code == 2
    assert "journal.jsonl:2: the recorded answer says turn 3 AR 0, but the game is at turn 1" in (
        played.stderr
    )


def test_a_read_only_journal_is_a_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = game(tmp_path, answers=1)
    with open(folder / "journal.jsonl", "rb+") as f:  # a last line without its newline
        f.truncate(os.path.getsize(folder / "journal.jsonl") - 1)
    real = os.open

    def read_only(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if str(path).endswith("journal.jsonl") and flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    played = run(tmp_path, ["play", "g"], "1\n" * 5 + "quit\n")
    assert played.exit_code == 2
    assert "journal.jsonl: Permission denied" in played.stderr


def test_history_to_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    game(tmp_path, answers=0)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    played = run(tmp_path, ["play", "g"], f"history --to {fifo}\nhistory --to /dev/zero\nquit\n")
    assert played.exit_code == 0
    assert played.output.count("not a regular file") == 2


@pytest.mark.parametrize("source", ["fifo", "/dev/zero"])
def test_replay_refuses_what_is_not_a_file(tmp_path: Path, source: str) -> None:
    path = Path(source)
    if source == "fifo":
        path = tmp_path / "fifo"
        os.mkfifo(path)
    result = CliRunner().invoke(cli, ["replay", str(path)])
    assert result.exit_code == 2
    assert "not a regular file" in result.stderr


def test_a_name_from_the_disk_reaches_the_terminal_escaped(tmp_path: Path) -> None:
    folder = game(tmp_path, answers=0)
    planted = folder.with_name("evil\x1b]0;owned\x07\x1b[2J")
    folder.rename(planted)
    listed = run(tmp_path, ["list"])
    assert "\x1b" not in listed.output
    assert "\x07" not in listed.output
    assert "evil\\x1b]0;owned\\x07" in listed.output  # (click drops the CSI sequence)


def test_a_logs_control_characters_are_refused_by_replay(tmp_path: Path) -> None:
    header = {"type": "header", "format": "twsolo-gamelog", "version": 1, "note": "\x1b[2J"}
    path = tmp_path / "log.jsonl"
    path.write_text(json.dumps(header) + "\n")
    result = CliRunner().invoke(cli, ["replay", str(path)])
    assert result.exit_code == 2
    assert f"{path}:1: note: expected a line of text" in result.stderr
    assert "\x1b" not in result.output


def test_rules_names_with_control_characters_are_refused(rules_copy: Path) -> None:
    cards = rules_copy / "cards.yaml"
    cards.write_text(cards.read_text().replace("name: Asia Scoring", 'name: "Asia\\e]0;x\\a"', 1))
    result = CliRunner().invoke(cli, ["validate", "--rules", str(rules_copy)])
    assert result.exit_code == 2
    assert "cards.yaml:" in result.stderr
    assert "a control character in" in result.stderr
    assert "\x1b" not in result.output


def test_show_svg_writes_xml_a_parser_accepts(tmp_path: Path) -> None:
    game(tmp_path)
    svg = tmp_path / "board.svg"
    assert run(tmp_path, ["show", "g", "--svg", str(svg)]).exit_code == 0
    assert ElementTree.parse(svg).getroot().tag.endswith("svg")


def test_a_scenario_with_a_complex_key_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("ai_side: us\nturn: 1\naction_round: 1\n? [a, b]\n: 1\n")
    result = CliRunner().invoke(cli, ["decide", str(path)])
    assert result.exit_code == 2
    assert f"{path}:4:3: (top level): key a list is not a string" in result.stderr
