"""Durable appends for a save's journal (whole files go through twsolo/files/output.py)."""

from __future__ import annotations

import contextlib
import errno
import os
from pathlib import Path

from twsolo.files.output import NOFOLLOW


def append_line_durable(target: Path, line: str) -> None:
    """Append one line and fsync it: an answer once given survives a `kill -9`. The line is
    written whole or not at all: when the disk refuses part of it (full, read-only, an I/O
    error), the file is cut back to its old length before the error is raised."""
    data = (line.rstrip("\n") + "\n").encode("utf-8")
    fd = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT | NOFOLLOW, 0o644)
    try:
        size = os.fstat(fd).st_size
        try:
            written = os.write(fd, data)
            if written != len(data):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            os.fsync(fd)
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, size)
            raise
    finally:
        os.close(fd)


def end_with_newline(target: Path) -> bool:
    """Give a file whose last line lacks its newline one (opened without following a link,
    and for writing only when it lacks it); whether one was missing."""
    fd = os.open(target, os.O_RDONLY | NOFOLLOW)
    try:
        end = os.lseek(fd, 0, os.SEEK_END)
        if end == 0 or os.pread(fd, 1, end - 1) == b"\n":
            return False
    finally:
        os.close(fd)
    append_line_durable(target, "")
    return True
