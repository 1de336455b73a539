"""The product conformance suite (issue #39): twsolo played as a person plays it — every
combination of `twsolo new`'s options through the real GameSession and its save in a home
folder, killed and resumed at drawn points; a sample through the real command line in a
terminal (pexpect); every position the program exports started again with `new --from` in both
modes and played to the end; and every command that reads a save run on every save made here.

The kit's `Setup`, `new_save`, `play_session` (twsolo/testing.py) do the playing. Budget: the
`ci` profile runs this file in under 3 minutes; `HYPOTHESIS_PROFILE=conformance` is the long run
(docs/testing.md)."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from twsolo.cli.main import cli
from twsolo.compose import load_ruleset
from twsolo.persist.savefile import SaveDir
from twsolo.testing import SessionGame, Setup, new_save, play_session, setups

RULES = load_ruleset()
ROOT = Path(__file__).resolve().parent.parent
# Whole games through the session are seconds each: the `ci` profile's 40 examples would take
# minutes per test, so the per-test count scales with the profile (the conformance profile's
# max_examples reaches every test unscaled).
SCALE = max(1, settings.default.max_examples // 40)
SLOW = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large]
# No shrinking: each example is whole games of seconds, and its report (the set-up, the
# person's seed, the kill points) is already short; a failure is found, not minimised.
FOUND = [Phase.explicit, Phase.reuse, Phase.generate]


def budget(ci_examples: int) -> settings:
    """`ci_examples` under the ci and dev profiles, the profile's own count above them."""
    wanted = ci_examples if SCALE == 1 else settings.default.max_examples
    return settings(max_examples=wanted, deadline=None, suppress_health_check=SLOW, phases=FOUND)


@pytest.fixture(autouse=True)
def no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """A killed game here dies by an exception between two journal lines, never by losing the
    disk's cache: fsync (3/4 of a session's time) proves nothing the tests of saves/ do not."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


def home_of(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def played(tmp: Path, setup: Setup, person: int, kills: list[int]) -> SessionGame:
    return play_session(RULES, new_save(home_of(tmp), "g", setup), person_seed=person, kills=kills)


def same_game(whole: SessionGame, resumed: SessionGame) -> None:
    assert resumed.journal == whole.journal
    assert resumed.state == whole.state
    assert resumed.result == whole.result


def cli_run(home: Path, *args: str, text: str = "") -> str:
    """A command as typed (in-process): it must not raise, whatever it reports."""
    result = CliRunner().invoke(cli, [*args, "--home", str(home)], input=text)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args,
        result.output[-2000:],
        result.exception,
    )
    assert "Traceback" not in result.output
    return result.output


def readers_never_raise(home: Path) -> None:
    """`list`, `show`, `play` (with `history`) of every game in `home` report, never crash."""
    cli_run(home, "list")
    for folder in sorted((home / "games").iterdir()):
        cli_run(home, "show", folder.name)
        cli_run(home, "play", folder.name, text="history\nquit\n")


# ---------------------------------------------------------------- every combination, resumed


@budget(12)
@given(
    setup=setups(),
    person=st.integers(0, 2**16),
    kills=st.lists(st.integers(0, 400), min_size=1, max_size=3),
)
def test_every_combination_resumes_to_the_same_game(
    tmp_path_factory: pytest.TempPathFactory, setup: Setup, person: int, kills: list[int]
) -> None:
    """Killed after drawn journal lines and resumed each time, a game is the uninterrupted game:
    its journal line for line, its final state and its result."""
    tmp = tmp_path_factory.mktemp("combination")
    whole = played(tmp / "whole", setup, person, [])
    resumed = played(tmp / "killed", setup, person, kills)
    same_game(whole, resumed)
    assert whole.result is not None
    readers_never_raise(tmp / "killed")


@pytest.mark.parametrize("enhanced", [False, True], ids=["seed AI", "enhanced AI"])
@pytest.mark.parametrize("table", [False, True], ids=["digital", "table"])
def test_each_mode_and_ai_resumes_after_its_first_answers(
    tmp_path: Path, enhanced: bool, table: bool
) -> None:
    """The four corners every player meets: killed early in the first turn and in the second."""
    setup = Setup(table=table, enhanced=enhanced, seed=3)
    same_game(played(tmp_path / "a", setup, 1, []), played(tmp_path / "b", setup, 1, [20, 60]))


# ---------------------------------------------------------------- exported positions


def exports(home: Path, tmp: Path) -> list[Path]:
    """Every way the program writes a position of the finished game "g": `show --scenario`, the
    in-game `scenario` and `inspect TURN --scenario`, and `replay --scenario` of a simulated
    game's log."""
    files = [tmp / name for name in ("show.yaml", "ingame.yaml", "inspect.yaml", "replay.yaml")]
    cli_run(home, "show", "g", "--scenario", str(files[0]))
    cli_run(home, "play", "g", text=f"scenario {files[1]}\ninspect 1 --scenario {files[2]}\nquit\n")
    logs = tmp / "logs"
    CliRunner().invoke(cli, ["simulate", "--games", "1", "--seed", "2", "--log", str(logs)])
    (log,) = logs.iterdir()
    out = CliRunner().invoke(cli, ["replay", str(log), "--scenario", str(files[3])])
    assert out.exception is None, out.output
    missing = [f.name for f in files if not f.exists()]
    assert not missing, missing
    return files


@pytest.mark.parametrize("table", [False, True], ids=["digital", "table"])
@budget(1)
@given(setup=setups(), person=st.integers(0, 99))
def test_every_exported_position_starts_a_game_that_plays_to_the_end(
    tmp_path_factory: pytest.TempPathFactory, table: bool, setup: Setup, person: int
) -> None:
    """`new --from` each exported position, on screen and at the table; each game plays to its
    end, resumes after a kill to the same game, and every save reads back."""
    tmp = tmp_path_factory.mktemp("exported")
    home = home_of(tmp / "home")
    play_session(RULES, new_save(home, "g", setup), person_seed=person)
    for n, file in enumerate(exports(home, tmp)):
        again = Setup(table=table, seed=setup.seed + n, scenario=str(file))
        whole = play_session(RULES, new_save(home, f"from-{n}", again), person_seed=person)
        assert whole.result is not None, file.name
        killed = played(tmp / f"killed-{n}", again, person, [5])
        same_game(whole, killed)
    readers_never_raise(home)


# ---------------------------------------------------------------- the real command line


def twsolo(home: Path, *args: str) -> pexpect.spawn:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "120", "TWSOLO_HOME": str(home)}
    return pexpect.spawn(
        sys.executable, ["-m", "twsolo", *args], env=env, encoding="utf-8", timeout=60
    )


@settings(max_examples=2, deadline=None, suppress_health_check=SLOW, phases=FOUND)
@given(setup=setups(), person=st.integers(0, 99), kill=st.integers(0, 300))
def test_a_game_begun_and_killed_in_a_terminal_resumes_to_the_same_game(
    tmp_path_factory: pytest.TempPathFactory, setup: Setup, person: int, kill: int
) -> None:
    """`twsolo new` in a terminal, quit at its first question; played on to a drawn point;
    `twsolo play` in a terminal resumes it and is killed (SIGKILL) at its prompt; the game then
    finishes as the uninterrupted one did, and `list` and `show` in the terminal read it."""
    tmp = tmp_path_factory.mktemp("terminal")
    whole = played(tmp / "whole", setup, person, [])
    home = home_of(tmp / "home")
    child = twsolo(home, "new", "--name", "g", *setup.args())
    child.expect("> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    play_session(RULES, SaveDir(home / "games" / "g"), person_seed=person, kills=[kill])
    child = twsolo(home, "play", "g")
    child.expect("> ")  # resumed: a question, or the commands after the end
    child.kill(signal.SIGKILL)
    child.wait()
    resumed = play_session(RULES, SaveDir(home / "games" / "g"), person_seed=person)
    same_game(whole, resumed)
    for args in (["list"], ["show", "g"]):
        child = twsolo(home, *args)
        child.expect(pexpect.EOF)
        assert "Traceback" not in (child.before or ""), child.before
        child.wait()
        assert child.exitstatus == 0, child.before
