"""One writer per save: an exclusive `flock` on the game folder's `.lock` file, held while a
game is played. The holder writes its process id into the file, so a second `twsolo play` of
the same game is refused with a message that names it.

The kernel drops the lock when its process ends, however it ends (`kill -9` included): a stale
lock file holds no lock, and the file is never deleted (deleting a lock file races a second
process that has just opened it).
"""

from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path

from twsolo.errors import TwsoloError
from twsolo.files.output import NOFOLLOW

LOCK = ".lock"
# `list` and `show` test the lock by taking it shared for an instant: a `play` that starts in
# that instant tries again for a while before it says the game is in use.
ATTEMPTS = 40
PAUSE = 0.025  # seconds


class GameInUse(TwsoloError):
    """Another process plays this game."""


class SaveLock:
    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK
        self.fd: int | None = None

    def acquire(self) -> None:
        """Take the lock or raise GameInUse; an OSError when the folder cannot be written."""
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | NOFOLLOW, 0o644)
        try:
            _exclusive(fd)
        except BlockingIOError:
            holder = _pid(fd)
            os.close(fd)
            who = f"process {holder}" if holder else "another process"
            raise GameInUse(
                f"the game {self.path.parent.name!r} is open in another twsolo ({who}). "
                "Quit it there first (type `quit`): two players on one save would mix their "
                "answers."
            ) from None
        except BaseException:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self.fd = fd

    def release(self) -> None:
        if self.fd is not None:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = None

    def __enter__(self) -> SaveLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _exclusive(fd: int) -> None:
    """The exclusive lock, BlockingIOError when another process keeps it (not only a reader's
    instant)."""
    for _ in range(ATTEMPTS - 1):
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            time.sleep(PAUSE)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def holder(folder: Path) -> int | None:
    """The process that plays the game in `folder` now, if any (for `twsolo list`)."""
    try:
        fd = os.open(folder / LOCK, os.O_RDONLY | NOFOLLOW)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return _pid(fd) or 0
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


def _pid(fd: int) -> int | None:
    raw = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    return int(raw) if raw.isdigit() and len(raw) < 12 else None
