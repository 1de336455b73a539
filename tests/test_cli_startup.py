"""A fast start (issue #13): `twsolo --help` and every Tab of shell completion start a new
process, so importing the command line must not import numpy, the rules, the engine or the AI;
the commands import them when they run. (The wall time is measured by scripts/bench.py.)"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from twsolo.cli.main import LazyCommand, cli

HEAVY = re.compile(r"\b(numpy|yaml|twsolo\.(ai|engine|ruleset|session|solo|sim|players))\b")


def imported(code: str, home: Path) -> set[str]:
    """The modules a fresh Python has imported after running `code` (no standard input; the
    rules cache in `home`)."""
    probe = f"{code}\nimport sys\nprint('\\n'.join(sorted(sys.modules)), file=sys.stderr)"
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        check=True,
        stdin=subprocess.DEVNULL,
        env={
            "TWSOLO_HOME": str(home),
            "XDG_CACHE_HOME": str(home / "cache"),
            "PATH": "/usr/bin:/bin",
        },
    )
    return set(done.stderr.split())


def run_cli(*args: str) -> str:
    return (
        "from twsolo.cli.main import cli\n"
        f"try:\n    cli({list(args)!r}, prog_name='twsolo')\nexcept SystemExit:\n    pass"
    )


def test_importing_the_command_line_imports_nothing_heavy(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import twsolo.cli.main"],
        capture_output=True,
        text=True,
        check=True,
    )
    names = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()]
    assert "twsolo.cli.main" in names
    assert not [n for n in names if HEAVY.search(n)]


def test_help_and_completion_import_nothing_heavy(tmp_path: Path) -> None:
    (tmp_path / "games" / "alpha").mkdir(parents=True)
    (tmp_path / "games" / "alpha" / "game.json").write_text("{}")
    run_help = (
        "from twsolo.cli.main import cli\n"
        "try:\n    cli(['--help'], prog_name='twsolo')\nexcept SystemExit:\n    pass"
    )
    complete = (
        "from click.shell_completion import ShellComplete\n"
        "from twsolo.cli.main import cli\n"
        "c = ShellComplete(cli, {}, 'twsolo', '_TWSOLO_COMPLETE')\n"
        "assert [i.value for i in c.get_completions(['play'], 'al')] == ['alpha']\n"
        "assert 'simulate' in [i.value for i in c.get_completions([], 's')]"
    )
    for code in (run_help, complete):
        assert not [n for n in imported(code, tmp_path) if HEAVY.search(n)], code


def test_a_resume_imports_neither_the_yaml_reader_nor_the_strong_stand_in(tmp_path: Path) -> None:
    """A resume with the rules cached (issue #26: ≤ 250 ms of CPU) unpickles the Ruleset, so
    PyYAML and the rules readers stay unloaded; the strong stand-in is loaded for a `hint`
    only. The first run writes the cache (and needs the YAML)."""
    first = imported(run_cli("new", "--digital", "--seed", "3", "--name", "g"), tmp_path)
    assert "yaml" in first
    again = imported(run_cli("play", "g"), tmp_path)
    assert "twsolo.solo.runner" in again  # the game was replayed
    assert not {"yaml", "twsolo.ruleset.nodes", "twsolo.players.strong"} & again


def test_a_lazy_command_is_listed_with_its_own_help() -> None:
    lazy = [c for c in cli.commands.values() if isinstance(c, LazyCommand)]
    assert lazy
    for command in lazy:
        assert command.help == command.real().help


def test_the_command_line_gives_numpy_one_blas_thread_unless_told(tmp_path: Path) -> None:
    """OpenBLAS's threads spin at numpy's import (≈100 ms of CPU on resume) and twsolo does no
    linear algebra: `twsolo` sets one thread before any command imports numpy, and a
    thread count the user set is kept."""
    probe = (
        "import os, sys\n"
        "from twsolo.cli.main import main\n"
        "sys.argv = ['twsolo', 'countries']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('numpy' in sys.modules, os.environ['OPENBLAS_NUM_THREADS'], file=sys.stderr)"
    )
    for given, expected in ((None, "1"), ("2", "2")):
        env = {"TWSOLO_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
        if given:
            env["OPENBLAS_NUM_THREADS"] = given
        done = subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=env
        )
        assert done.stderr.split() == ["True", expected]
