"""A control character in a typed answer (a NUL, an escape) is refused at once with a message,
and nothing is done (issue #40, item 8): at a question, at a warning's yes-or-no, after the end,
and at a real terminal, where `input()` used to stop at the NUL and wait for another line."""

from __future__ import annotations

import os
import pty
import select
import sys
import time
from pathlib import Path

from .table_person import FIRST, journal, run_typing

REFUSED = "Refused: the line holds a control character (U+{:04X})"


def test_a_nul_or_an_escape_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    result = run_typing(
        tmp_path, ["new", "--seed", "3", "--name", "c"], ["1\x002 3", "\x1b[A", FIRST, "quit"]
    )
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert REFUSED.format(0) in out
    assert REFUSED.format(0x1B) in out
    answers = [e for e in journal(tmp_path) if e["actor"] == "us"]
    assert len(answers) == 1  # the draft's answer typed after both refusals, nothing else


def test_a_nul_at_a_real_terminal_is_refused_at_its_enter(tmp_path: Path) -> None:
    """A pseudo-terminal: the line `1<NUL>2` and Enter get the refusal and the next prompt."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: twsolo at a terminal
        os.environ["PYTHONPATH"] = str(Path(__file__).resolve().parents[1])
        args = ["new", "--seed", "3", "--name", "t", "--home", str(tmp_path)]
        os.execv(sys.executable, [sys.executable, "-m", "twsolo", *args])
    try:
        assert b"> " in read_until(fd, b"> ")
        os.write(fd, b"1\x002\r")
        said = read_until(fd, b"type it again")
        assert REFUSED.format(0).encode() in said
        assert said.rstrip().endswith(b">")  # asked again at once
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)


def read_until(fd: int, wanted: bytes, limit: float = 30.0) -> bytes:
    """What the terminal shows until `wanted` and the next prompt, or `limit` seconds."""
    out = b""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
        if wanted in out and out.rstrip().endswith(b">"):
            break
    return out
