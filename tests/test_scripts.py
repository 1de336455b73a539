"""The measuring scripts the README and docs/ai.md quote (scripts/winrates.py, scripts/measure.py)
run as a reader would run them, on a few games: their tables come out whole."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def script(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_winrates_prints_the_strength_tables_for_the_enhanced_ai() -> None:
    out = script(
        "scripts/winrates.py",
        *("--games", "2", "--workers", "1", "--humans", "random", "--difficulties", "normal"),
        "--enhanced",
    )
    assert out.startswith("the enhanced AI (spec §25); 2 games per cell, seeds 0–1")
    assert "| normal | both | " in out
    assert "| normal | US | " in out
    assert "| normal | random | " in out  # the margin/ends table


def test_measure_pairs_two_runs_by_seed(tmp_path: Path) -> None:
    runs = []
    for name, extra in (("seed", ()), ("enhanced", ("--enhanced",))):
        out = tmp_path / f"{name}.json"
        args = ("--games", "2", "--workers", "1", "--human", "random", "--out", str(out))
        table = script("scripts/measure.py", "run", *args, *extra)
        assert "| us | 1 |" in table
        assert "| ussr | 1 |" in table
        runs.append(out)
    data = json.loads(runs[1].read_text())
    assert data["settings"]["enhanced"] is True
    assert [g["seed"] for g in data["games"]] == [0, 1]
    compared = script("scripts/measure.py", "compare", *map(str, runs))
    assert "- AI both: win rate" in compared
    assert "McNemar p = " in compared
