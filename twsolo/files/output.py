"""The one way twsolo writes a file (saves, logs, reports, pages, pictures, scenarios, the
rulebook and its PDF, the rules cache): docs/decisions.md §17.

A whole file is written under a fresh temporary name in the target's folder — created with
O_CREAT|O_EXCL|O_NOFOLLOW, so a link or file planted under any name is never opened — fsynced,
then renamed over the target (`os.replace`: a crash, a kill or a full disk leaves the earlier
file as it was, never half a page). A target that exists and is not a regular file (a link, a
FIFO, a device, a folder) is refused before anything is written: replacing /dev/full or a
link's target is never what a person naming an output meant.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path

from twsolo.errors import TwsoloError

# A file twsolo writes, appends to or locks is never reached through a symbolic link (a shared
# save folder may carry links to the owner's other files): opened with O_NOFOLLOW.
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
TEMP_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
TEMP_TRIES = 100  # fresh names tried when one is taken (by a file planted there, or a race)
NAME_KEPT = 200  # of the target's name in the temporary one: under NAME_MAX (255) with the rest


class OutputNotWritten(TwsoloError, OSError):
    """An output not written: refused (not a regular file) or refused by the disk. An OSError
    too, so each caller that reports a failed write (`exc.strerror`) reports this one alike,
    and the CLI prints it as a message where no caller does."""

    def __init__(self, target: Path, why: str, code: int = errno.EPERM) -> None:
        super().__init__(code, why, str(target))

    def __str__(self) -> str:
        return f"cannot write {self.filename}: {self.strerror}"


def refuse_special(target: Path) -> None:
    """Refuse (OutputNotWritten) a `target` that exists and is not a regular file; said
    before any work, and again by every write."""
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise OutputNotWritten(target, exc.strerror or str(exc), exc.errno or errno.EIO) from None
    if stat.S_ISREG(mode):
        return
    if stat.S_ISLNK(mode):
        kind = "a symbolic link"
    elif stat.S_ISDIR(mode):
        kind = "a folder"
    elif stat.S_ISFIFO(mode):
        kind = "a pipe (FIFO)"
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        kind = "a device"
    else:
        kind = "a special file"
    why = f"{kind}, not a regular file: refused (remove it or choose another name)"
    raise OutputNotWritten(target, why)


def atomic_write_text(target: Path, text: str, *, durable: bool = True) -> None:
    """`write_atomically` of `text` as UTF-8."""
    write_atomically(target, text.encode("utf-8"), durable=durable)


def write_atomically(target: Path, data: bytes, *, durable: bool = True) -> None:
    """Write `data` as the file `target`: the new file whole, or (OutputNotWritten, the
    temporary file removed) the earlier one as it was. Not `durable`: no fsync (a log that a
    crash may lose whole, never in part)."""
    refuse_special(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = _create_temp(target)
    except OSError as exc:
        raise OutputNotWritten(target, exc.strerror or str(exc), exc.errno or errno.EIO) from None
    try:
        try:
            _write_all(fd, data)
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OutputNotWritten) or not isinstance(exc, OSError):
            raise
        why = exc.strerror or str(exc)
        if target.exists():
            why += f" (the earlier {target.name} is as it was)"
        raise OutputNotWritten(target, why, exc.errno or errno.EIO) from None
    if durable:
        with contextlib.suppress(OSError):  # the file is in place; this only hastens it
            fsync_dir(target.parent)


def _create_temp(target: Path) -> tuple[int, Path]:
    """A new file beside `target`, opened for writing, that nothing else held: O_EXCL refuses
    any name taken (a link among them, O_NOFOLLOW), and another name is tried. It takes the
    earlier file's permissions, or those of a file made by open()."""
    try:
        mode = stat.S_IMODE(os.stat(target, follow_symlinks=False).st_mode)
    except OSError:
        mode = 0o666  # less the umask, as open() gives
    for _ in range(TEMP_TRIES):
        temp = target.with_name(f".{target.name[:NAME_KEPT]}.{os.urandom(4).hex()}.tmp")
        try:
            fd = os.open(temp, TEMP_FLAGS, mode)
        except FileExistsError:
            continue
        if mode != 0o666:
            os.fchmod(fd, mode)
        return fd, temp
    raise FileExistsError(errno.EEXIST, f"no free temporary name beside {target.name}")


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def fsync_dir(directory: Path) -> None:
    if os.name != "posix":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
