"""What `twsolo simulate` writes besides its summary — the games' logs (`--log DIR`), the games
that failed and the HTML report — checked before the first game, and written so that a refusal
of the disk after hours of games costs that file, never the summary.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from twsolo.errors import TwsoloError
from twsolo.files.output import atomic_write_text, refuse_special
from twsolo.phrases import say
from twsolo.sim.gamelog import file_name, write_log
from twsolo.sim.runs import GameFailure

EXIT_GAMES_FAILED = 3  # every game was played, but some raised (they are in the summary)


def check_report(path: Path) -> None:
    """The report's folder exists and can be written (said before the games, not after)."""
    folder = path.parent
    if not folder.is_dir():
        raise TwsoloError(say("sim.report.no_folder", path=path, folder=folder))
    if path.is_dir():
        raise TwsoloError(say("sim.report.a_folder", path=path))
    try:
        refuse_special(path)
    except OSError as exc:
        raise TwsoloError(f"--report {path}: {exc.strerror or exc}") from None
    _writable(folder, f"--report {path}")


def check_log_folder(folder: Path, *, overwrite: bool) -> None:
    """The log folder, created if need be and writable; one that holds files already (an
    earlier run's logs) is refused unless `overwrite`."""
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise TwsoloError(say("sim.log.not_a_folder", folder=folder))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        reason = exc.strerror or exc
        raise TwsoloError(say("sim.log.cannot_create", folder=folder, reason=reason)) from None
    _writable(folder, f"--log {folder}")
    try:
        held = next(folder.iterdir(), None)
    except OSError as exc:
        reason = exc.strerror or exc
        raise TwsoloError(say("sim.log.cannot_read", folder=folder, reason=reason)) from None
    if held is not None and not overwrite:
        raise TwsoloError(say("sim.log.not_empty", folder=folder))


def _writable(folder: Path, what: str) -> None:
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".twsolo-probe-")
    except OSError as exc:
        reason = exc.strerror or exc
        raise TwsoloError(
            say("sim.cannot_write_in", what=what, folder=folder, reason=reason)
        ) from None
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(probe)


@dataclass
class LogFolder:
    """The games' logs as they come in; a write the disk refuses is counted, the run goes on."""

    path: Path
    unwritten: int = 0
    error: str = ""
    failures: list[str] = field(default_factory=list)  # the failed games' files

    def game(self, seed: int, ai_side: str, lines: list[str]) -> None:
        try:
            write_log(self.path, seed, ai_side, lines)
        except OSError as exc:
            self._refused(exc)

    def failure(self, failed: GameFailure) -> None:
        name = file_name(failed.seed, failed.ai_side).replace(".jsonl", ".failed.json")
        try:
            atomic_write_text(
                self.path / name, json.dumps(failed.to_dict(), indent=2), durable=False
            )
            self.failures.append(name)
        except OSError as exc:
            self._refused(exc)

    def _refused(self, exc: OSError) -> None:
        self.unwritten += 1
        self.error = self.error or (exc.strerror or str(exc))

    def problems(self) -> list[str]:
        if not self.unwritten:
            return []
        return [say("sim.log.unwritten", n=self.unwritten, path=self.path, error=self.error)]


def write_report(path: Path, page: str) -> str | None:
    """Write the HTML report; what went wrong, if it was not written (the summary is on the
    screen already)."""
    try:
        atomic_write_text(path, page)
    except OSError as exc:
        return say("sim.report.unwritten", path=path, reason=exc.strerror or exc)
    return None


def failure_lines(failures: list[GameFailure], logs: LogFolder | None) -> list[str]:
    """The summary's words on the games that raised: each seed and error, where the
    tracebacks are, and how to play one again alone."""
    if not failures:
        return []
    if logs is not None and logs.failures:
        lines = [say("sim.failed_logged", n=len(failures), path=logs.path)]
    else:
        lines = [say("sim.failed", n=len(failures))]
    for f in failures[:10]:
        error = f.error.splitlines()[0][:200]
        lines.append("  " + say("sim.failed.game", seed=f.seed, side=f.ai_side, error=error))
    if len(failures) > 10:
        lines.append("  " + say("sim.failed.more", n=len(failures) - 10))
    first = failures[0]
    lines.append("  " + say("sim.failed.again", seed=first.seed, side=first.ai_side))
    return lines
