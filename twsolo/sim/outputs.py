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
from twsolo.sim.gamelog import file_name, write_log
from twsolo.sim.runs import GameFailure

EXIT_GAMES_FAILED = 3  # every game was played, but some raised (they are in the summary)


def check_report(path: Path) -> None:
    """The report's folder exists and can be written (said before the games, not after)."""
    folder = path.parent
    if not folder.is_dir():
        raise TwsoloError(f"--report {path}: no folder {folder} to write it in")
    if path.is_dir():
        raise TwsoloError(f"--report {path}: a folder, not a file")
    try:
        refuse_special(path)
    except OSError as exc:
        raise TwsoloError(f"--report {path}: {exc.strerror or exc}") from None
    _writable(folder, f"--report {path}")


def check_log_folder(folder: Path, *, overwrite: bool) -> None:
    """The log folder, created if need be and writable; one that holds files already (an
    earlier run's logs) is refused unless `overwrite`."""
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise TwsoloError(f"--log {folder}: not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TwsoloError(f"--log {folder}: cannot create it: {exc.strerror or exc}") from None
    _writable(folder, f"--log {folder}")
    try:
        held = next(folder.iterdir(), None)
    except OSError as exc:
        raise TwsoloError(f"--log {folder}: cannot read it: {exc.strerror or exc}") from None
    if held is not None and not overwrite:
        raise TwsoloError(
            f"--log {folder}: the folder is not empty (an earlier run's logs?): choose an empty "
            "or new folder, or add --overwrite to replace the logs of the same games"
        )


def _writable(folder: Path, what: str) -> None:
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".twsolo-probe-")
    except OSError as exc:
        raise TwsoloError(f"{what}: cannot write in {folder}: {exc.strerror or exc}") from None
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
        return [f"{self.unwritten} files were not written to {self.path}: {self.error}"]


def write_report(path: Path, page: str) -> str | None:
    """Write the HTML report; what went wrong, if it was not written (the summary is on the
    screen already)."""
    try:
        atomic_write_text(path, page)
    except OSError as exc:
        return f"the report was not written to {path}: {exc.strerror or exc}"
    return None


def failure_lines(failures: list[GameFailure], logs: LogFolder | None) -> list[str]:
    """The summary's words on the games that raised: each seed and error, where the
    tracebacks are, and how to play one again alone."""
    if not failures:
        return []
    where = f" and in {logs.path}/*.failed.json" if logs is not None and logs.failures else ""
    lines = [
        f"FAILED: {len(failures)} game{'s' * (len(failures) > 1)} raised an error (not counted "
        f"above; their settings and tracebacks are in --json's `failures`{where}):"
    ]
    for f in failures[:10]:
        lines.append(f"  seed {f.seed}, AI {f.ai_side}: {f.error.splitlines()[0][:200]}")
    if len(failures) > 10:
        lines.append(f"  ... and {len(failures) - 10} more")
    first = failures[0]
    lines.append(
        f"  Play one again alone: twsolo simulate --games 1 --seed {first.seed} "
        f"--ai-side {first.ai_side}"
    )
    return lines
