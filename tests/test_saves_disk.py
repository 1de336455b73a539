"""One writer per save, and disks that refuse writes (issue #18): a second process on a game is
refused with the holder's pid (real subprocesses); a full or read-only disk is a clear message,
the answer is not used, the journal stays whole and the game resumes once the disk takes writes
again; `new` leaves no empty folder; game names follow one rule."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from twsolo.cli.main import cli
from twsolo.persist.lock import holder

from .table_person import first, run_typing

REAL_WRITE = os.write
REAL_FSYNC = os.fsync
REAL_MKDIR = os.mkdir
REAL_OPEN = os.open


def run(home: Path, args: list[str], text: str = "") -> Result:
    result = CliRunner().invoke(cli, [*args, "--home", str(home)], input=text)
    assert "Traceback" not in result.output + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def journal(home: Path, name: str) -> list[dict[str, Any]]:
    text = (home / "games" / name / "journal.jsonl").read_text()
    assert text.endswith("\n")  # whole lines only
    return [json.loads(line) for line in text.splitlines()]


def fd_path(fd: int) -> str:
    return os.readlink(f"/proc/self/fd/{fd}")


def refuse_after(count: int, error: int, where: str) -> Callable[[int, bytes], int]:
    """os.write that takes `count` writes to a file whose path ends with `where`, then writes
    half of the next one and fails as a full disk (or a read-only one) does."""
    calls = [0]

    def write(fd: int, data: bytes) -> int:
        if not fd_path(fd).endswith(where):
            return REAL_WRITE(fd, data)
        calls[0] += 1
        if calls[0] <= count:
            return REAL_WRITE(fd, data)
        REAL_WRITE(fd, bytes(data)[: len(data) // 2])
        raise OSError(error, os.strerror(error))

    return write


def full_disk_at(marker: str) -> Callable[[int], None]:
    """os.fsync that fails as on a full disk for the temporary files of an atomic write whose
    name holds `marker`."""

    def fsync(fd: int) -> None:
        if marker in fd_path(fd):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        REAL_FSYNC(fd)

    return fsync


@pytest.mark.parametrize("error", [errno.ENOSPC, errno.EROFS], ids=["full", "read-only"])
def test_a_refused_journal_write_keeps_the_journal_whole_and_the_game_resumable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: int
) -> None:
    whole = run_typing(tmp_path, ["new", "--seed", "3", "--name", "w"], [*first(40), "quit"])
    assert whole.exit_code == 0
    expected = journal(tmp_path, "w")
    monkeypatch.setattr(os, "write", refuse_after(20, error, "journal.jsonl"))
    failed = run_typing(tmp_path, ["new", "--seed", "3", "--name", "f"], [*first(40), "quit"])
    assert failed.exit_code == 2
    assert "journal.jsonl: " + os.strerror(error) in failed.stderr
    assert "The last answer was not saved (nor used); every earlier one is." in failed.stderr
    assert "`twsolo play f` asks it again" in failed.stderr
    kept = journal(tmp_path, "f")
    assert len(kept) == 20  # the start mark and 19 answers; the 20th answer is not there
    strip = [{k: v for k, v in e.items() if k != "seq"} for e in kept]
    assert strip == [{k: v for k, v in e.items() if k != "seq"} for e in expected[:20]]
    monkeypatch.setattr(os, "write", REAL_WRITE)  # the disk takes writes again
    resumed = run_typing(tmp_path, ["play", "f"], [*first(40), "quit"])
    assert resumed.exit_code == 0, resumed.output
    after = journal(tmp_path, "f")
    assert after[:20] == kept
    # The refused answer was asked again, and the game is the one played without the failure.
    strip = [{k: v for k, v in e.items() if k != "seq"} for e in after[: len(expected)]]
    assert strip == [{k: v for k, v in e.items() if k != "seq"} for e in expected]


def test_a_refused_cache_write_is_a_message_and_the_answers_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "fsync", full_disk_at(".state.json."))
    result = run_typing(tmp_path, ["new", "--seed", "3", "--name", "c"], [*first(10), "quit"])
    assert result.exit_code == 2
    assert "state.json: No space left on device. Every answer so far is saved" in result.stderr
    folder = tmp_path / "games" / "c"
    assert not list(folder.glob(".*.tmp"))  # the temporary file was removed
    monkeypatch.setattr(os, "fsync", REAL_FSYNC)
    before = journal(tmp_path, "c")
    assert run(tmp_path, ["play", "c"], "quit\n").exit_code == 0
    assert journal(tmp_path, "c")[: len(before)] == before


def test_new_on_a_read_only_home_says_so_and_creates_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "games").mkdir()

    def mkdir(path: Any, *args: Any, **kwargs: Any) -> None:
        if Path(path).parent.name == "games":  # the game's folder, under any name
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        REAL_MKDIR(path, *args, **kwargs)

    monkeypatch.setattr(os, "mkdir", mkdir)
    result = run(tmp_path, ["new", "--name", "ro"], "quit\n")
    assert result.exit_code == 2
    assert "Read-only file system. Nothing was created" in result.stderr
    assert list((tmp_path / "games").iterdir()) == []


def test_new_on_a_full_disk_leaves_no_empty_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "fsync", full_disk_at(".game.json."))
    result = run(tmp_path, ["new", "--name", "full"], "quit\n")
    assert result.exit_code == 2
    assert "No space left on device. Nothing was created" in result.stderr
    assert list((tmp_path / "games").iterdir()) == []
    listed = run(tmp_path, ["list"])
    assert listed.output == "No saved games.\n"


def test_play_on_a_read_only_save_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert run(tmp_path, ["new", "--seed", "1", "--name", "r"], "quit\n").exit_code == 0
    before = journal(tmp_path, "r")

    def open_(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR) and "games/r" in str(path):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return REAL_OPEN(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", open_)
    result = run(tmp_path, ["play", "r"], "1\n" * 5)
    assert result.exit_code == 2
    assert "cannot lock" in result.stderr
    assert "Read-only file system" in result.stderr
    monkeypatch.setattr(os, "open", REAL_OPEN)
    assert journal(tmp_path, "r") == before


def start(home: Path, *args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "twsolo", *args, "--home", str(home)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def test_a_second_process_on_a_save_is_refused_with_the_holders_pid(tmp_path: Path) -> None:
    assert run(tmp_path, ["new", "--seed", "5", "--name", "two"], "quit\n").exit_code == 0
    folder = tmp_path / "games" / "two"
    first = start(tmp_path, "play", "two")
    try:
        deadline = time.monotonic() + 60
        while holder(folder) != first.pid:
            assert time.monotonic() < deadline, "the first process never took the lock"
            assert first.poll() is None, first.communicate()
            time.sleep(0.05)
        before = journal(tmp_path, "two")
        second = start(tmp_path, "play", "two")
        _, err = second.communicate(b"1\n" * 10, timeout=60)
        assert second.returncode == 2
        message = err.decode()
        assert f"the game 'two' is open in another twsolo (process {first.pid})" in message
        assert "Traceback" not in message
        assert journal(tmp_path, "two") == before  # the second process wrote nothing
        listed = run(tmp_path, ["list"])
        assert f"(being played, process {first.pid})" in listed.output
        shown = run(tmp_path, ["show", "two"])
        assert shown.exit_code == 0
        assert "It is being played: this is the position when it last waited." in shown.output
        _, err = first.communicate(b"1\n" * 5 + b"quit\n", timeout=60)
        assert first.returncode == 0, err.decode()
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    seqs = [e["seq"] for e in journal(tmp_path, "two")]
    assert seqs == list(range(len(seqs)))  # one writer: no duplicate line numbers
    assert holder(folder) is None
    again = run(tmp_path, ["play", "two"], "quit\n")  # the lock is free again
    assert again.exit_code == 0


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("g\n", "no control characters"),
        ("", "a game needs a name"),
        ("a\tb", "no control characters"),
        ("../up", "no '/'"),
        (".hidden", "no '.' at its start"),
        (" padded", "no spaces at its start or end"),
        ("x" * 65, "at most 64 characters"),
    ],
)
def test_game_names_follow_one_rule(tmp_path: Path, name: str, problem: str) -> None:
    result = run(tmp_path, ["new", "--name", name], "quit\n")
    assert result.exit_code == 2
    assert problem in result.stderr
    assert not (tmp_path / "games").exists() or list((tmp_path / "games").iterdir()) == []
    shown = run(tmp_path, ["show", name])
    assert shown.exit_code == 2
    assert problem in shown.stderr


def test_a_name_with_spaces_and_accents_is_fine(tmp_path: Path) -> None:
    result = run(tmp_path, ["new", "--seed", "1", "--name", "Partie du soir"], "quit\n")
    assert result.exit_code == 0, result.output
    assert "Partie du soir: you play the US" in run(tmp_path, ["list"]).output
