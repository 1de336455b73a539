"""`twsolo simulate`'s outputs (issue #27): a game that raises is recorded and the run goes on,
the outputs are checked before the first game, the summary is always printed, and the logs
of many seeds are read back by `replay`."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import twsolo.files.output
import twsolo.sim.runs
from twsolo.cli.main import cli
from twsolo.sim.gamelog import GameLog, read_log
from twsolo.sim.outputs import EXIT_GAMES_FAILED
from twsolo.sim.runs import GameSpec, GameSummary, play_logged

REAL_PLAYED = twsolo.sim.runs.played


def simulate(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["simulate", *args])
    return result.exit_code, result.stdout, result.stderr


def test_the_china_card_on_the_table_at_the_end_is_logged(tmp_path: Path) -> None:
    """Seed 5022 with the AI USSR ends while the China Card lies on the table (5033 did before
    revision 3; the seed sweep below covers the rest)."""
    code, _out, err = simulate(
        "--games", "1", "--seed", "5022", "--ai-side", "ussr", "--log", str(tmp_path)
    )
    assert code == 0, err
    entries = read_log(next(tmp_path.glob("*.jsonl")))
    places = {e["china"] for e in entries if e["type"] == "state"}
    assert "table" in places
    assert places <= {"us", "ussr", "table"}


def failing_at(seed: int):  # type: ignore[no-untyped-def]
    def played(spec: GameSpec, log: GameLog | None) -> GameSummary:
        if spec.seed == seed:
            raise RuntimeError(f"injected failure at seed {seed}")
        return REAL_PLAYED(spec, log)

    return played


def test_a_game_that_raises_is_recorded_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(twsolo.sim.runs, "played", failing_at(11))
    logs = tmp_path / "logs"
    code, out, _ = simulate("--games", "3", "--seed", "10", "--log", str(logs))
    assert code == EXIT_GAMES_FAILED
    assert "Games: 2" in out  # the summary of the games that were played
    assert "FAILED: 1 game raised an error" in out
    assert "seed 11, AI ussr: RuntimeError: injected failure at seed 11" in out
    assert sorted(p.name for p in logs.iterdir()) == [
        "game-000010-ai-us.jsonl",
        "game-000011-ai-ussr.failed.json",
        "game-000012-ai-us.jsonl",
    ]
    failed = json.loads((logs / "game-000011-ai-ussr.failed.json").read_text())
    assert failed["settings"]["seed"] == 11
    assert failed["settings"]["human"] == "greedy"
    assert "RuntimeError: injected failure" in failed["traceback"]
    assert "Traceback" in failed["traceback"]


def test_the_json_summary_holds_the_failures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(twsolo.sim.runs, "played", failing_at(0))
    code, out, _ = simulate("--games", "2", "--json")
    assert code == EXIT_GAMES_FAILED
    report = json.loads(out)
    assert report["summary"]["games"] == 1
    [failure] = report["failures"]
    assert failure["seed"] == 0
    assert failure["settings"]["ai_side"] == "us"
    assert "injected failure at seed 0" in failure["traceback"]


def test_a_report_without_a_folder_is_refused_before_any_game(tmp_path: Path) -> None:
    code, out, err = simulate("--games", "2", "--report", str(tmp_path / "nodir" / "r.html"))
    assert code == 2
    assert "no folder" in err
    assert "nodir" in err
    assert "Simulating" not in err
    assert out == ""


@pytest.mark.parametrize("where", ["/proc/x", "/dev/null"])
def test_a_log_folder_that_cannot_be_made_is_refused_before_any_game(where: str) -> None:
    code, _out, err = simulate("--games", "2", "--log", where)
    assert code == 2
    assert f"--log {where}" in err
    assert "Simulating" not in err


def test_log_refuses_a_folder_with_files_unless_overwrite(tmp_path: Path) -> None:
    earlier = tmp_path / "notes.txt"
    earlier.write_text("mine")
    code, _, err = simulate("--games", "1", "--log", str(tmp_path))
    assert code == 2
    assert "not empty" in err
    assert "--overwrite" in err
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]
    code, _, err = simulate("--games", "1", "--log", str(tmp_path), "--overwrite")
    assert code == 0, err
    assert earlier.read_text() == "mine"


def test_a_report_the_disk_refuses_leaves_the_summary_and_the_earlier_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("matplotlib")
    report = tmp_path / "r.html"
    report.write_text("the earlier report")

    def full(fd: int, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(twsolo.files.output, "_write_all", full)
    code, out, err = simulate("--games", "1", "--report", str(report))
    assert code == 2
    assert "Games: 1" in out
    assert f"the report was not written to {report}: No space left on device" in err
    assert "(the earlier r.html is as it was)" in err
    assert report.read_text() == "the earlier report"


def test_a_fifo_as_the_report_is_refused_before_any_game(tmp_path: Path) -> None:
    """(A device alike: tests/test_outputs_written.py.)"""
    fifo = tmp_path / "r.html"
    os.mkfifo(fifo)
    code, out, err = simulate("--games", "2", "--report", str(fifo))
    assert code == 2
    assert f"--report {fifo}: a pipe (FIFO), not a regular file: refused" in err
    assert "Simulating" not in err
    assert out == ""


def test_a_log_the_disk_refuses_leaves_the_summary_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(twsolo.sim.outputs, "write_log", full)
    code, out, err = simulate("--games", "2", "--log", str(tmp_path / "logs"))
    assert code == 2
    assert "Games: 2" in out
    assert "2 files were not written" in err
    assert "No space left on device" in err


@given(st.integers(0, 2**31 - 1), st.sampled_from(["us", "ussr"]))
def test_every_seeds_log_is_read_back_and_replayed(seed: int, side: str) -> None:
    """A seed sweep of `--log`: each game's log passes the careful reader and `replay` prints it
    (many games in the nightly profile, a few in ci)."""
    summary, lines = play_logged(GameSpec(seed, side))
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"twsolo-sweep-{os.getpid()}.jsonl"
    try:
        path.write_text("\n".join(lines) + "\n")
        entries = read_log(path)
        assert entries[-1]["type"] == "result"
        assert entries[-1]["seed"] == seed
        result = CliRunner().invoke(cli, ["replay", str(path)])
        assert result.exit_code == 0, result.output
        assert f"seed {seed}" in result.stdout
    finally:
        path.unlink(missing_ok=True)
    assert summary.seed == seed
