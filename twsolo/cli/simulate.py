"""`twsolo simulate`: many AI-against-stand-in games; a summary on stdout, progress on stderr."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from twsolo.errors import TwsoloError
from twsolo.players.standins import check_human
from twsolo.ruleset import DIFFICULTY_LEVELS, load_ruleset
from twsolo.sim.games import HUMANS, GameSpec, GameSummary, play
from twsolo.sim.pool import make_pool
from twsolo.sim.stats import compare, summarize


def specs(
    games: int,
    seed: int,
    ai_side: str,
    human: str,
    difficulty: str,
    rules_dir: str | None,
    check: bool,
) -> list[GameSpec]:
    sides = ("us", "ussr") if ai_side == "both" else (ai_side,)
    return [
        GameSpec(seed + i, sides[i % len(sides)], human, difficulty, rules_dir, check)
        for i in range(games)
    ]


def human_option(name: str) -> str:
    try:
        return check_human(name)
    except TwsoloError as exc:
        raise click.BadParameter(str(exc)) from None


def run_batch(batch: list[GameSpec], workers: int, label: str) -> list[GameSummary]:
    pool = make_pool(workers)
    out: list[GameSummary] = []
    with click.progressbar(length=len(batch), label=label, file=sys.stderr) as bar:
        for summary in pool.map(play, batch):
            out.append(summary)
            bar.update(1)
    return out


@click.command()
@click.option("--games", type=click.IntRange(1, 1_000_000), default=100, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Game i uses seed + i.")
@click.option(
    "--workers",
    type=click.IntRange(1, 256),
    default=1,
    show_default=True,
    help="Worker processes; results do not depend on it.",
)
@click.option(
    "--human",
    default="greedy",
    show_default=True,
    callback=lambda _ctx, _param, name: human_option(name),
    help="The human stand-in: " + ", ".join(HUMANS) + " (strong:N: N worlds per candidate).",
)
@click.option(
    "--ai-side", type=click.Choice(["us", "ussr", "both"]), default="both", show_default=True
)
@click.option(
    "--difficulty",
    type=click.Choice(DIFFICULTY_LEVELS),
    default="normal",
    show_default=True,
    help="spec §2.5.",
)
@click.option("--rules", "rules_path", type=click.Path(file_okay=False, exists=True), default=None)
@click.option(
    "--compare-rules",
    "compare_path",
    type=click.Path(file_okay=False, exists=True),
    default=None,
    help="Play the same seeds under a second rules directory and compare.",
)
@click.option(
    "--check",
    is_flag=True,
    help="Check the invariants after every step and that each game replays exactly.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def simulate(
    games: int,
    seed: int,
    workers: int,
    human: str,
    ai_side: str,
    difficulty: str,
    rules_path: str | None,
    compare_path: str | None,
    check: bool,
    as_json: bool,
) -> None:
    """Play many games of the AI against a human stand-in and report how the AI does."""
    load_ruleset(rules_path)  # report bad rules before any worker starts
    first = run_batch(
        specs(games, seed, ai_side, human, difficulty, rules_path, check), workers, "Simulating"
    )
    report: dict[str, Any] = {"summary": summarize(first)}
    if compare_path:
        load_ruleset(compare_path)
        second = run_batch(
            specs(games, seed, ai_side, human, difficulty, compare_path, check),
            workers,
            "Comparing",
        )
        report["compare_summary"] = summarize(second)
        report["comparison"] = compare(first, second)
    report["settings"] = {
        "games": games,
        "seed": seed,
        "workers": workers,
        "human": human,
        "ai_side": ai_side,
        "difficulty": difficulty,
        "rules": rules_path,
        "compare_rules": compare_path,
        "check": check,
    }
    if as_json:
        click.echo(json.dumps(report, indent=2))
    else:
        click.echo(text_report(report))
    violations = report["summary"]["violations"] + report.get("compare_summary", {}).get(
        "violations", 0
    )
    if check and violations:
        for g in first:
            for v in g.violations[:3]:
                click.echo(f"seed {g.seed}: {v}", err=True)
        raise SystemExit(1)


def text_report(report: dict[str, Any]) -> str:
    s = report["summary"]
    low, high = s["ai_win_rate_ci95"]
    lines = [
        f"Games: {s['games']}   AI wins: {s['ai_wins']} ({s['ai_win_rate']:.1%}, "
        f"95% CI {low:.1%}–{high:.1%})   draws: {s['draws']}",
        "Victory Ratings (the human's): " + ", ".join(f"{k} {v}" for k, v in s["ratings"].items()),
        "End reasons: " + ", ".join(f"{k} {v}" for k, v in s["end_reasons"].items()),
        _quart("Final VP (+ = US)", s["final_vp"]),
        _quart("Human score", s["human_score"]),
        _quart("Turns played", s["turns"]),
        _quart("Scorings per game", s["scorings_per_game"]),
        _quart("Seconds per game", s["seconds_per_game"], ".3f"),
    ]
    if "comparison" in report:
        c = report["comparison"]
        a, b = c["ai_win_rate"]
        lines.append(
            f"Compared: AI win rate {a:.1%} → {b:.1%} ({c['difference']:+.1%}), "
            f"{c['changed_outcomes']} games changed, McNemar p = {c['p_value_mcnemar']:.3g}"
        )
    if report["settings"]["check"]:
        lines.append(f"Invariant violations: {s['violations']}")
    return "\n".join(lines)


def _quart(name: str, q: dict[str, float], fmt: str = ".1f") -> str:
    return f"{name}: median {q['median']:{fmt}} (quartiles {q['q1']:{fmt}}–{q['q3']:{fmt}})"
