"""The product conformance suite (issue #39): twsolo played as a person plays it — every
combination of `twsolo new`'s options through the real GameSession and its save in a home
folder, killed and resumed at drawn points; a sample through the real command line in a
terminal (pexpect); every position the program exports started again with `new --from` in both
modes and played to the end; and every command that reads a save run on every save made here.

The kit's `Setup`, `new_save`, `play_session` (twsolo/testing.py) do the playing. Budget: the
`ci` profile runs this file in under 3 minutes; `HYPOTHESIS_PROFILE=conformance` is the long run
(docs/testing.md)."""

from __future__ import annotations

import json
import os
import signal
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pexpect
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from tests.table_person import Person, typed
from twsolo.cli.main import cli
from twsolo.compose import load_ruleset
from twsolo.engine.choices import Choice
from twsolo.engine.game import Game
from twsolo.persist.savefile import SaveDir
from twsolo.testing import (
    Killed,
    SessionGame,
    Setup,
    dying_after,
    new_save,
    play_session,
    setups,
)
from twsolo.testing import Person as KitPerson

RULES = load_ruleset()
ROOT = Path(__file__).resolve().parent.parent
# Whole games through the session take about a second each: the `dev` and `ci` profiles run
# each test's small count, the `conformance` profile its long count (docs/testing.md says the
# run times), `nightly` a tenth of that.
PROFILE = os.getenv("HYPOTHESIS_PROFILE", "dev")
SLOW = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large]
# No shrinking: each example is whole games of seconds, and its report (the set-up, the
# person's seed, the kill points) is already short; a failure is found, not minimised.
FOUND = [Phase.explicit, Phase.reuse, Phase.generate]


def budget(ci_examples: int, long_examples: int) -> settings:
    """`ci_examples` under the dev and ci profiles, `long_examples` under `conformance`."""
    wanted = {"conformance": long_examples, "nightly": max(ci_examples, long_examples // 10)}
    count = wanted.get(PROFILE, ci_examples)
    return settings(max_examples=count, deadline=None, suppress_health_check=SLOW, phases=FOUND)


# Kill points: a count, then that many integers (hypothesis rejects some draws of st.lists).
@st.composite
def kill_points(draw: st.DrawFn) -> list[int]:
    return [draw(st.integers(0, 400)) for _ in range(draw(st.integers(1, 3)))]


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
    """`list`, `show`, `play` (with `history`) of every game in `home` report, never crash;
    `replay` (a simulated game's log) given a save's journal says what it is not."""
    cli_run(home, "list")
    for folder in sorted((home / "games").iterdir()):
        cli_run(home, "show", folder.name)
        cli_run(home, "play", folder.name, text="history\nquit\n")
        out = CliRunner().invoke(cli, ["replay", str(folder / "journal.jsonl")])
        assert out.exit_code == 2, out.output[-2000:]
        assert out.output.startswith("error: "), out.output[-2000:]


# ---------------------------------------------------------------- every combination, resumed


# The long run's 10,000 combinations come in two shares of 5,000, each its own test, so that
# two processes (`-k share0`, `-k share1`) keep both cores busy: about 70 minutes on this
# machine's two cores.
SHARES = 2 if PROFILE == "conformance" else 1


@pytest.mark.parametrize("share", [f"share{n}" for n in range(SHARES)])
@budget(12, 10_000 // SHARES)
@given(setup=setups(), person=st.integers(0, 2**16), kills=kill_points())
def test_every_combination_resumes_to_the_same_game(
    tmp_path_factory: pytest.TempPathFactory,
    share: str,
    setup: Setup,
    person: int,
    kills: list[int],
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
    killed = played(tmp_path / "b", setup, 1, [20, 60])
    assert killed.resumed == 2  # both kills fell inside the game
    same_game(played(tmp_path / "a", setup, 1, []), killed)


# ---------------------------------------------------------------- exported positions


def exports(home: Path, tmp: Path, seed: int, turns: int) -> list[Path]:
    """Every way the program writes a position of the finished game "g": `show --scenario`, the
    in-game `scenario`, `inspect TURN --scenario` of turn 1 and of a later turn the game
    reached (of its `turns`, drawn by `seed`), and `replay --scenario` of a game simulated with
    `seed`."""
    names = ("show", "ingame", "inspect", "inspect-later", "replay")
    files = [tmp / f"{name}.yaml" for name in names]
    cli_run(home, "show", "g", "--scenario", str(files[0]))
    asked = [f"scenario {files[1]}", f"inspect 1 --scenario {files[2]}"]
    asked += [f"inspect {1 + seed % turns} --scenario {files[3]}", "quit", ""]
    cli_run(home, "play", "g", text="\n".join(asked))
    logs = tmp / "logs"
    sim = ["simulate", "--games", "1", "--seed", str(seed), "--log", str(logs)]
    assert CliRunner().invoke(cli, sim).exit_code == 0
    (log,) = logs.iterdir()
    out = CliRunner().invoke(cli, ["replay", str(log), "--scenario", str(files[4])])
    assert out.exception is None, out.output
    missing = [f.name for f in files if not f.exists()]
    assert not missing, missing
    return files


@pytest.mark.parametrize("table", [False, True], ids=["digital", "table"])
@budget(1, 100)
@given(setup=setups(), person=st.integers(0, 99), kill=st.integers(0, 300))
# Found by the long run: the enhanced AI revealed the China Card twice (spec §25.2) in turn 1,
# and `inspect 1 --scenario` wrote it twice.
@example(
    setup=Setup(
        side="us",
        table=True,
        dice="manual",
        difficulty="hard",
        enhanced=True,
        draft_cap=True,
        fast_deal=True,
        seed=959,
    ),
    person=6,
    kill=5,
)
def test_every_exported_position_starts_a_game_that_plays_to_the_end(
    tmp_path_factory: pytest.TempPathFactory, table: bool, setup: Setup, person: int, kill: int
) -> None:
    """`new --from` each exported position, on screen and at the table; each game plays to its
    end, resumes after a kill at a drawn journal line to the same game, and every save reads
    back."""
    tmp = tmp_path_factory.mktemp("exported")
    home = home_of(tmp / "home")
    first = play_session(RULES, new_save(home, "g", setup), person_seed=person)
    for n, file in enumerate(exports(home, tmp, setup.seed, first.state.turn)):
        again = Setup(table=table, seed=setup.seed + n, scenario=str(file))
        whole = play_session(RULES, new_save(home, f"from-{n}", again), person_seed=person)
        assert whole.result is not None, file.name
        killed = played(tmp / f"killed-{n}", again, person, [kill])
        same_game(whole, killed)
    readers_never_raise(home)


# ---------------------------------------------------------------- the real command line


def twsolo(home: Path, *args: str) -> pexpect.spawn:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "120", "TWSOLO_HOME": str(home)}
    return pexpect.spawn(
        sys.executable, ["-m", "twsolo", *args], env=env, encoding="utf-8", timeout=60
    )


@budget(2, 50)
@given(
    setup=setups(),
    person=st.integers(0, 99),
    kill=st.integers(0, 300),
    language=st.sampled_from(("en", "ru")),
)
@example(setup=Setup(seed=5), person=1, kill=40, language="ru")
def test_a_game_begun_and_killed_in_a_terminal_resumes_to_the_same_game(
    tmp_path_factory: pytest.TempPathFactory, setup: Setup, person: int, kill: int, language: str
) -> None:
    """`twsolo new` in a terminal (in English or Russian: `--lang`), quit at its first
    question; played on to a drawn point; `twsolo play` in a terminal resumes it and is killed
    (SIGKILL) at its prompt; the game then finishes as the uninterrupted one did, and `list` and
    `show` in the terminal read it."""
    tmp = tmp_path_factory.mktemp("terminal")
    whole = played(tmp / "whole", setup, person, [])
    home = home_of(tmp / "home")
    child = twsolo(home, "new", "--name", "g", *setup.args(), "--lang", language)
    child.expect("> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    play_session(RULES, SaveDir(home / "games" / "g"), person_seed=person, kills=[kill])
    child = twsolo(home, "play", "g", "--lang", language)
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


# ---------------------------------------------------------------- typed at the prompt


@dataclass
class TypingPerson(Person):
    """The kit's `Person` (every answer a function of the position: the same after a resume)
    typing each answer at the command line's prompt as its label, one answer a prompt."""

    def answer(self, game: Game, choice: Choice) -> str:
        assert game.state.ai_side is not None
        person = KitPerson(game.state.ai_side.other, self.seed)
        return typed(game, choice, person.choose(game, choice))


def typed_game(
    home: Path, args: list[str], seed: int, dies_after: int, languages: tuple[str, str]
) -> None:
    """`twsolo new ARGS` typed by a `TypingPerson` in the first of `languages` (the screen's
    labels and names in it); the process dies before its journal line `dies_after` + 1 (-1:
    never), and `twsolo play g` typed on by the same person in the second (who remembers
    nothing of the dead process's questions) resumes the game to its end."""
    new, play = (["--lang", language] for language in languages)
    runs = [(["new", "--name", "g", *args, *new], dies_after), (["play", "g", *play], -1)]
    for command, dies in runs:
        with pytest.MonkeyPatch.context() as patch, dying_after(dies):
            TypingPerson(seed=seed).sit_down(patch)
            result = CliRunner().invoke(cli, [*command, "--home", str(home)])
        if not isinstance(result.exception, Killed):
            assert result.exit_code == 0, result.output[-3000:]
            return
    raise AssertionError("the resumed game died")


def journal(home: Path) -> list[dict[str, Any]]:
    lines = (home / "games" / "g" / "journal.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


LANGUAGES = st.tuples(st.sampled_from(("en", "ru")), st.sampled_from(("en", "ru")))


@budget(2, 50)
@given(setup=setups(), person=st.integers(0, 99), kill=st.integers(0, 300), languages=LANGUAGES)
# Found by the long run: the game ended on the AI's moves after the resume, and the person
# answered the dead process's last question at the prompt after the end.
@example(
    setup=Setup(
        difficulty="expert",
        enhanced=True,
        draft_cap=True,
        optional_cards=True,
        balanced_setup=True,
        seed=447,
    ),
    person=96,
    kill=204,
    languages=("en", "en"),
)
# Russian begun, English resumed (issue #44): the labels and names typed are the screen's.
@example(
    setup=Setup(side="ussr", table=True, dice="manual", seed=12),
    person=3,
    kill=90,
    languages=("ru", "en"),
)
def test_a_game_typed_at_the_prompt_is_the_kits_game_and_resumes_to_it(
    tmp_path_factory: pytest.TempPathFactory,
    setup: Setup,
    person: int,
    kill: int,
    languages: tuple[str, str],
) -> None:
    """Every answer typed at `twsolo new`'s prompts as the screen labels it, one a prompt, in
    English or Russian, gives the game the kit's session plays with the same answers; the
    process killed after a drawn journal line and `twsolo play` typed on (in either language)
    gives it too."""
    tmp = tmp_path_factory.mktemp("typed")
    whole = played(tmp / "kit", setup, person, [])
    for name, dies in (("typed", -1), ("typed-killed", kill)):
        home = home_of(tmp / name)
        typed_game(home, setup.args(), person, dies, languages)
        assert journal(home) == whole.journal, name
