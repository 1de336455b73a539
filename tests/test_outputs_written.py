"""Every command that writes a file writes it the one way (twsolo/files/output.py, issue #40):
a link, a FIFO or a device named as the output is refused before anything is written, a link
planted under a temporary name is never written through, and a full disk leaves the earlier
file as it was, with a message that says so and no temporary file left behind."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import twsolo.rulebook.pdf
from twsolo.cli.main import cli
from twsolo.files.output import OutputNotWritten, refuse_special, write_atomically
from twsolo.ruleset.cache import entry_path
from twsolo.ruleset.paths import rules_dir

from .table_person import first, run_typing

SECRET = "the owner's file\n"
EARLIER = "the earlier output\n"
REAL_WRITE = os.write


@dataclass(frozen=True)
class Written:
    """One command's run writing `target`: its exit status and all it printed."""

    code: int
    text: str


def invoked(args: list[str]) -> Written:
    return checked(CliRunner().invoke(cli, args))


def checked(result: Result) -> Written:
    text = result.stdout + result.stderr
    assert "Traceback" not in text
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return Written(result.exit_code, text)


@contextlib.contextmanager
def stand_in_browser() -> Iterator[None]:
    """A Chromium that prints a one-line PDF at once (the real one: tests/test_rulebook.py)."""

    def headless(*args: str, timeout: float = 0, sealed: object = None) -> object:
        out = next(a.removeprefix("--print-to-pdf=") for a in args if a.startswith("--print-to"))
        Path(out).write_bytes(b"%PDF-1.4 stand-in\n")
        return None

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(twsolo.rulebook.pdf, "find_browser", lambda: "chromium")
        patch.setattr(twsolo.rulebook.pdf, "headless", headless)
        yield


def rulebook_pdf(home: Path, target: Path) -> Written:
    with stand_in_browser():
        return invoked(["rulebook", "--pdf", str(target)])


def typed(home: Path, args: list[str], lines: list[str]) -> Written:
    return checked(run_typing(home, args, lines))


SIMULATED = ["simulate", "--games", "1", "--seed", "4", "--ai-side", "us"]
LOG_NAME = "game-000004-ai-us.jsonl"  # what `simulate --log` writes for seed 4

# Each writing command, run with its output at `target` (home: a saved game `g`, with AI
# decisions behind it, and the log of a simulated game).
COMMANDS: dict[str, Callable[[Path, Path], Written]] = {
    "rulebook --out": lambda home, t: invoked(["rulebook", "--out", str(t)]),
    "rulebook --pdf": rulebook_pdf,
    "show --html": lambda home, t: invoked(["show", "g", "--home", str(home), "--html", str(t)]),
    "show --svg": lambda home, t: invoked(["show", "g", "--home", str(home), "--svg", str(t)]),
    "show --scenario": lambda home, t: invoked(
        ["show", "g", "--home", str(home), "--scenario", str(t)]
    ),
    "replay --scenario": lambda home, t: invoked(
        ["replay", str(home / "game-000004-ai-us.jsonl"), "--scenario", str(t)]
    ),
    "play --board": lambda home, t: typed(home, ["play", "g", "--board", str(t)], ["quit"]),
    "in-game board": lambda home, t: typed(home, ["play", "g"], [f"board {t}", "quit"]),
    "in-game scenario": lambda home, t: typed(home, ["play", "g"], [f"scenario {t}", "quit"]),
    "in-game inspect --scenario": lambda home, t: typed(
        home, ["play", "g"], [f"inspect 1 --scenario {t}", "quit"]
    ),
    "in-game history --to": lambda home, t: typed(
        home, ["play", "g"], [f"history all --to {t}", "quit"]
    ),
    "simulate --report": lambda home, t: invoked(
        ["simulate", "--games", "1", "--seed", "4", "--report", str(t)]
    ),
    "simulate --log": lambda home, t: invoked([*SIMULATED, "--log", str(t.parent), "--overwrite"]),
}


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("home")
    played = run_typing(home, ["new", "--seed", "4", "--name", "g"], [*first(60), "quit"])
    assert played.exit_code == 0, played.output[-2000:]
    logged = invoked([*SIMULATED, "--log", str(home / "logs")])
    assert logged.code == 0, logged.text
    (home / "logs" / LOG_NAME).rename(home / LOG_NAME)
    return home


@pytest.fixture(params=sorted(COMMANDS))
def command(request: pytest.FixtureRequest) -> str:
    if request.param == "simulate --report":
        pytest.importorskip("matplotlib")
    return str(request.param)


@pytest.fixture
def target(tmp_path: Path, command: str) -> Path:
    if command == "simulate --log":
        (tmp_path / "logs").mkdir()
        return tmp_path / "logs" / LOG_NAME
    return tmp_path / "out" / "output.file"


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "secret.txt"
    path.write_text(SECRET)
    return path


def device_stand_in(target: Path, command: str) -> Path:
    """A character device to name as the output: a /dev/null of our own at `target` where the
    tests may make one (as root, as in CI: a regression replaces it, never the machine's),
    else /dev/null itself (which a user who cannot make a device cannot replace either)."""
    target.parent.mkdir(exist_ok=True)
    try:
        os.mknod(target, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        if command == "simulate --log":  # its output's name is fixed: game-...jsonl
            pytest.skip("making a device node in the log folder needs root")
        return Path("/dev/null")
    return target


def refused_is_said(written: Written, why: str) -> None:
    assert why in written.text, written.text
    # a command refuses with exit status 2; the in-game commands say it and go on
    assert written.code in (0, 2)


def test_a_link_at_the_output_is_refused_and_its_file_untouched(
    home: Path, command: str, target: Path, secret: Path
) -> None:
    target.parent.mkdir(exist_ok=True)
    target.symlink_to(secret)
    written = COMMANDS[command](home, target)
    refused_is_said(written, "a symbolic link, not a regular file: refused")
    assert target.is_symlink()
    assert secret.read_text() == SECRET


def test_a_link_at_a_temporary_name_is_never_written_through(
    home: Path, command: str, target: Path, secret: Path
) -> None:
    """The names the temporary files had before (`.F.tmp`, `F.part`): the output is written,
    the links stay links and what they point to is untouched."""
    target.parent.mkdir(exist_ok=True)
    links = [target.with_name(f".{target.name}.tmp"), target.with_name(f"{target.name}.part")]
    for link in links:
        link.symlink_to(secret)
    written = COMMANDS[command](home, target)
    assert written.code == 0, written.text
    assert not target.is_symlink()
    assert target.is_file()
    assert target.stat().st_size > 0
    assert all(link.is_symlink() for link in links)
    assert secret.read_text() == SECRET


def test_a_fifo_at_the_output_is_refused_without_waiting(
    home: Path, command: str, target: Path
) -> None:
    target.parent.mkdir(exist_ok=True)
    os.mkfifo(target)
    written = COMMANDS[command](home, target)
    refused_is_said(written, "a pipe (FIFO), not a regular file: refused")
    assert stat.S_ISFIFO(os.lstat(target).st_mode)


def test_a_device_as_the_output_is_refused_and_stays_a_device(
    home: Path, command: str, target: Path
) -> None:
    device = device_stand_in(target, command)
    written = COMMANDS[command](home, device)
    refused_is_said(written, "a device, not a regular file: refused")
    assert stat.S_ISCHR(os.lstat(device).st_mode)


@contextlib.contextmanager
def full_disk_for(target: Path) -> Iterator[None]:
    """os.write that, for the temporary files of `target`, writes half and then fails as a
    full disk does."""
    prefix = f".{target.name}."

    def write(fd: int, data: bytes) -> int:
        name = os.path.basename(os.readlink(f"/proc/self/fd/{fd}"))
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            return REAL_WRITE(fd, data)
        REAL_WRITE(fd, bytes(data)[: len(data) // 2])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "write", write)
        yield


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs Linux's /proc/self/fd")
def test_a_full_disk_leaves_the_earlier_output_and_says_so(
    home: Path, command: str, target: Path
) -> None:
    target.parent.mkdir(exist_ok=True)
    target.write_text(EARLIER)
    with full_disk_for(target):
        written = COMMANDS[command](home, target)
    said = f"No space left on device (the earlier {target.name} is as it was)"
    assert said in written.text, written.text
    assert written.code in (0, 2)
    assert target.read_text() == EARLIER
    assert not list(target.parent.glob(f".{target.name}.*.tmp"))


def test_the_device_is_refused_before_any_write(monkeypatch: pytest.MonkeyPatch) -> None:
    """The machine's own /dev/null: refused by a look at it (lstat), before a temporary file
    is made or a byte written."""
    monkeypatch.setattr(os, "open", None)  # any open would raise TypeError
    with pytest.raises(OutputNotWritten, match="a device, not a regular file: refused"):
        write_atomically(Path("/dev/null"), b"x")
    assert stat.S_ISCHR(os.lstat("/dev/null").st_mode)


def test_a_taken_temporary_name_is_passed_over(
    tmp_path: Path, secret: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """O_EXCL|O_NOFOLLOW: a link planted under the very name drawn is not opened; another name
    is drawn."""
    target = tmp_path / "page.html"
    draws = iter([b"\x00" * 4, b"\x01" * 4])
    monkeypatch.setattr(os, "urandom", lambda n: next(draws))
    planted = tmp_path / ".page.html.00000000.tmp"
    planted.symlink_to(secret)
    write_atomically(target, b"the page")
    assert target.read_bytes() == b"the page"
    assert planted.is_symlink()
    assert secret.read_text() == SECRET
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".page.html.00000000.tmp",
        "page.html",
        "secret.txt",
    ]


def test_the_earlier_files_permissions_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    target.write_text(EARLIER)
    target.chmod(0o640)
    write_atomically(target, b"new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


@pytest.mark.parametrize("plant", ["link", "fifo"])
def test_the_rules_cache_is_neither_read_nor_written_through_a_planted_entry(
    tmp_path: Path, secret: Path, monkeypatch: pytest.MonkeyPatch, plant: str
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("TWSOLO_RULES_CACHE", raising=False)
    entry = entry_path(tmp_path / "cache" / "twsolo", rules_dir())
    entry.parent.mkdir(parents=True)
    if plant == "link":
        entry.symlink_to(secret)
    else:
        os.mkfifo(entry)
    listed = invoked(["countries", "--region", "europe"])  # a miss, neither waited on
    assert listed.code == 0, listed.text
    assert entry.is_symlink() if plant == "link" else stat.S_ISFIFO(os.lstat(entry).st_mode)
    assert secret.read_text() == SECRET


def test_rulebook_pdf_writes_only_the_pdf(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #40 item 9: `rulebook --pdf F` left rulebook.html in the current folder (the page
    is the PDF's own, in a private temporary folder); `rulebook` alone still writes it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out").mkdir()
    with stand_in_browser():
        printed = invoked(["rulebook", "--pdf", "out/book.pdf"])
    assert printed.code == 0, printed.text
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["book.pdf", "out"]
    assert invoked(["rulebook"]).code == 0
    assert (tmp_path / "rulebook.html").read_text().startswith("<!DOCTYPE html>")


def test_a_special_file_is_refused_by_kind(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "folder").mkdir()
    refuse_special(tmp_path / "new")  # nothing there yet: written
    for name, kind in [("fifo", "a pipe (FIFO)"), ("folder", "a folder")]:
        said = re.escape(f"{tmp_path / name}: {kind}, not a regular file: refused")
        with pytest.raises(OutputNotWritten, match=said):
            refuse_special(tmp_path / name)
