"""The one way twsolo reads a file a person hands it (rules, scenarios, saves, logs): a regular
file, read up to a size limit, as UTF-8 text; and the one way text from such a file reaches a
terminal (`printable`: control characters shown as escapes).

A link to /dev/zero, a FIFO or a file of many megabytes is refused before it is read, so a bad
path costs a message, not the machine's memory or minutes of parsing.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path

from twsolo.errors import TwsoloError

KIB = 1024
MIB = 1024 * KIB


class UnreadableFile(TwsoloError):
    """A file that cannot be read as asked; the message says why, without the path (callers
    put the path where their reports put it)."""


def read_bytes(path: Path, limit: int, *, follow: bool = True) -> bytes:
    """The file's bytes, if it is a regular file of at most `limit` bytes; not through a
    symbolic link unless `follow` (a save's files are never links)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)  # a FIFO with no writer: no wait
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise UnreadableFile("no such file") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP and not follow:
            raise UnreadableFile(
                "a symbolic link, refused (a save's files are never links)"
            ) from None
        raise UnreadableFile(f"cannot open it: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile("not a regular file (a device, a pipe or a directory)")
        if info.st_size > limit:
            raise UnreadableFile(f"too large: {size(info.st_size)}, the limit is {size(limit)}")
        try:
            data = f.read(limit + 1)
        except OSError as exc:
            raise UnreadableFile(f"cannot read it: {exc.strerror or exc}") from None
    if len(data) > limit:  # the file grew while it was read
        raise UnreadableFile(f"too large: over the limit of {size(limit)}")
    return data


def read_text(path: Path, limit: int, *, follow: bool = True) -> str:
    """The file as UTF-8 text (see read_bytes)."""
    data = read_bytes(path, limit, follow=follow)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnreadableFile(
            f"not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})"
        ) from None


def size(n: int) -> str:
    if n >= MIB:
        return f"{n / MIB:.1f} MiB"
    return f"{n / KIB:.0f} KiB" if n >= KIB else f"{n} bytes"


# C0 and C1 controls but the newline and the tab, DEL, and the invisible format characters
# that reorder or hide text (bidirectional overrides, zero-width characters, the BOM).
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def printable(text: str) -> str:
    """`text` with each control character shown as its escape (`\\x1b`), never sent raw."""
    return CONTROL.sub(_escape, text)


def has_control(text: str) -> bool:
    return CONTROL.search(text) is not None


def _escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
