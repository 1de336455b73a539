"""`twsolo simulate` and the whole-game properties at scale (issue: simulate)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from twsolo.checks import invariants
from twsolo.cli.main import cli
from twsolo.engine.initial_state import standard_state
from twsolo.ids import Side
from twsolo.ruleset import Ruleset
from twsolo.sim.batch import Settings
from twsolo.sim.pool import ProcessPool, SerialPool
from twsolo.sim.runs import GameSpec, play
from twsolo.sim.stats import mcnemar, quartiles, wilson


def simulate(*args: str) -> dict[str, object]:
    result = CliRunner().invoke(cli, ["simulate", *args, "--json"])
    assert result.exit_code == 0, result.output
    report: dict[str, object] = json.loads(result.stdout)
    return report


@pytest.mark.slow
def test_hundreds_of_seeded_games_keep_every_invariant() -> None:
    """Invariants after every step (cards conserved, influence ≥ 0, DEFCON in range, the AI
    never causes DEFCON 1) and an exact replay of each game, over 200 games."""
    specs = [GameSpec(seed, ("us", "ussr")[seed % 2], "random", check=True) for seed in range(200)]
    games = list(ProcessPool(2).map(play, specs))
    problems = [f"seed {g.seed}: {v}" for g in games for v in g.violations]
    assert problems == []
    assert {g.reason for g in games} <= {
        "vp20",
        "defcon1",
        "europe_control",
        "final_scoring",
        "wargames",
        "cuban_missile_crisis",
    }


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    specs = [GameSpec(seed, "ussr", "random") for seed in range(6)]
    serial = [g.to_dict() for g in SerialPool().map(play, specs)]
    parallel = [g.to_dict() for g in ProcessPool(2).map(play, specs)]
    for g in (*serial, *parallel):
        del g["seconds"]
    assert serial == parallel


def test_simulate_summary() -> None:
    report = simulate("--games", "6", "--seed", "3", "--human", "random", "--check")
    s = report["summary"]
    assert isinstance(s, dict)
    assert s["games"] == 6
    assert 0 <= s["ai_wins"] <= 6
    low, high = s["ai_win_rate_ci95"]
    assert 0 <= low <= s["ai_win_rate"] <= high <= 1
    assert sum(s["end_reasons"].values()) == 6
    assert sum(s["ratings"].values()) == 6
    assert s["violations"] == 0
    assert set(s["final_vp"]) == {"q1", "median", "q3"}
    assert s["ai_card_use"]


def test_compare_rules_plays_the_same_seeds(tmp_path: Path) -> None:
    variant = tmp_path / "rules"
    shutil.copytree(Path(__file__).resolve().parents[1] / "rules", variant)
    priorities = variant / "priorities.yaml"
    priorities.write_text(
        priorities.read_text().replace("battleground_extra: 1", "battleground_extra: 3")
    )
    report = simulate(
        "--games", "4", "--human", "random", "--rules", str(variant), "--compare-rules", "rules"
    )
    comparison = report["comparison"]
    assert isinstance(comparison, dict)
    assert comparison["games"] == 4
    assert 0 <= comparison["p_value_mcnemar"] <= 1


def test_text_report() -> None:
    result = CliRunner().invoke(cli, ["simulate", "--games", "2", "--human", "random"])
    assert result.exit_code == 0, result.output
    assert "AI wins:" in result.stdout
    assert "95% CI" in result.stdout


def test_statistics_helpers() -> None:
    assert wilson(0, 0) == (0.0, 0.0)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3)
    assert high == pytest.approx(0.5962, abs=1e-3)
    assert quartiles([1, 2, 3, 4, 5])["median"] == 3
    assert mcnemar([True] * 10, [True] * 10) == 1.0
    # 8 discordant pairs all one way: p = 2 / 2**8
    assert mcnemar([True] * 8, [False] * 8) == pytest.approx(2 / 256)


def test_invariants_name_a_lost_card(rules: Ruleset) -> None:
    state = standard_state(rules)
    state.piles["draw"].shuffled.remove(8)
    assert [p.name for p in invariants(state, Side.USSR)] == ["cards"]
    assert [str(p) for p in invariants(state, Side.USSR)] == [
        "cards not conserved (each in exactly one place, or face down unseen)"
    ]
    state.piles["draw"].unseen = 1
    assert [str(p) for p in invariants(state, Side.USSR)] == [
        "cards not conserved (each in exactly one place, or face down unseen)",
        "the piles' unseen cards do not add up to the unseen cards",
    ]
    state.unseen = [8]
    assert [str(p) for p in invariants(state, Side.USSR)] == []


def test_digest_script_tells_games_apart_and_repeats_itself() -> None:
    """scripts/digest.py (the check that a speed-up changed no decision): the same seeds give
    the same digest, other seeds another."""
    script = Path(__file__).resolve().parents[1] / "scripts" / "digest.py"

    def digest(*args: str) -> str:
        out = subprocess.run(
            [sys.executable, str(script), "--games", "2", *args],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        return out.split(": ")[-1].strip()

    first = digest("--per-game")
    assert len(first) == 16
    assert digest() == first
    assert digest("--seed", "5") != first


def test_several_difficulties_take_turns_and_are_reported_apart() -> None:
    report = simulate(
        "--games", "8", "--human", "random", "--difficulty", "normal", "--difficulty", "hard"
    )
    s = report["summary"]
    assert isinstance(s, dict)
    groups = s["by_difficulty_and_side"]
    assert list(groups) == ["hard/us", "hard/ussr", "normal/us", "normal/ussr"]
    assert [g["games"] for g in groups.values()] == [2, 2, 2, 2]
    assert sum(g["ai_wins"] for g in groups.values()) == s["ai_wins"]
    # Sides alternate game by game, then the difficulty: one difficulty keeps the old seeds.
    mixed = Settings(4, 10, "both", "random", ("normal", "hard")).specs(None)
    assert [(g.seed, g.ai_side, g.difficulty) for g in mixed] == [
        (10, "us", "normal"),
        (11, "ussr", "normal"),
        (12, "us", "hard"),
        (13, "ussr", "hard"),
    ]
    alone = Settings(2, 10, "ussr", "random", ("expert",)).specs(None)
    assert [(g.seed, g.ai_side, g.difficulty) for g in alone] == [
        (10, "ussr", "expert"),
        (11, "ussr", "expert"),
    ]
