"""Durable file writes: atomic replacement for whole files, fsynced appends for the journal."""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path

# A file twsolo writes or appends to in a save or log folder is never reached through a
# symbolic link (a shared save folder may carry links to the owner's other files): appends
# and locks open with O_NOFOLLOW, whole files are replaced by a new file under the name
# (os.replace replaces a link, it never writes through it).
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def atomic_write_text(target: Path, text: str, *, durable: bool = True) -> None:
    """Write `text` to `target` so that a crash leaves either the old file or the new one:
    a temporary file in the same directory, flushed and fsynced (unless not `durable`), then
    `os.replace`, which replaces a link at `target` rather than following it."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    if durable:
        fsync_dir(target.parent)


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


def fsync_dir(directory: Path) -> None:
    if os.name != "posix":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
