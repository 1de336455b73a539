"""`twsolo simulate`: many AI-against-stand-in games; a summary on stdout, progress on stderr."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from twsolo.compose import load_ruleset
from twsolo.errors import TwsoloError
from twsolo.files.printable import unfiltered
from twsolo.ids import Side
from twsolo.phrases import say, value_word
from twsolo.players.registry import check_stand_in, names
from twsolo.ruleset import DIFFICULTY_LEVELS
from twsolo.sim.backends import make_pool
from twsolo.sim.batch import Batch, BatchRunner, Settings, run_batch
from twsolo.sim.batch import report as make_report
from twsolo.sim.batch import simulate as simulate_run
from twsolo.sim.compare import comparison_lines
from twsolo.sim.outputs import (
    EXIT_GAMES_FAILED,
    check_log_folder,
    check_report,
    failure_lines,
    write_report,
)
from twsolo.sim.pool import WORKER_TIMEOUT, Pool
from twsolo.sim.runs import (
    GameSpec,
    GameSummary,
)

EXIT_INTERRUPTED = 130  # the shell's code for a program stopped by Ctrl-C


def human_option(name: str) -> str:
    try:
        return check_stand_in(name)
    except TwsoloError as exc:
        raise click.BadParameter(str(exc)) from None


def play_with_bar(pool: Pool) -> BatchRunner:
    """Each batch with a progress bar on stderr, and a word when Ctrl-C stops it."""

    def play(batch: list[GameSpec], label: str, log_dir: Path | None) -> Batch:
        bar_file = unfiltered(sys.stderr)  # the label is ours: the bar may redraw itself
        with click.progressbar(length=len(batch), label=label, file=bar_file) as bar:
            done = run_batch(pool, batch, log_dir, lambda: bar.update(1))
        if done.interrupted:
            finished = len(done.games) + len(done.failures)
            said = say("cmd.simulate.interrupted_games", finished=finished, planned=done.planned)
            click.echo("\n" + said, err=True)
        return done

    return play


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
    "--cluster",
    metavar="ADDRESS",
    default=None,
    help="Run on a Dask cluster: a scheduler's tcp://HOST:8786, or local[:N] to start N workers "
    "here (needs twsolo[cluster]); results do not depend on it.",
)
@click.option(
    "--worker-timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=WORKER_TIMEOUT,
    show_default=True,
    metavar="SECONDS",
    help="With --cluster: how long to wait for a worker to join, or a silent one (stopped, "
    "gone) to answer; then the run goes on without it, or stops (exit 2) if none is left.",
)
@click.option(
    "--human",
    default="greedy",
    show_default=True,
    callback=lambda _ctx, _param, name: human_option(name),
    help="The human stand-in: " + ", ".join(names()) + " (strong:N: N worlds per candidate).",
)
@click.option(
    "--ai-side", type=click.Choice(["us", "ussr", "both"]), default="both", show_default=True
)
@click.option(
    "--difficulty",
    type=click.Choice(DIFFICULTY_LEVELS),
    default=["normal"],
    show_default=True,
    multiple=True,
    help="spec §2.5; give it several times to play each in turn.",
)
@click.option(
    "--rules",
    "--candidate",
    "rules_path",
    type=click.Path(file_okay=False, exists=True),
    default=None,
    help="The rules played (with --baseline: the candidate, the edited rules).",
)
@click.option(
    "--baseline",
    "--compare-rules",
    "compare_path",
    type=click.Path(file_okay=False, exists=True),
    default=None,
    help="Also play the same seeds under this rules directory (the rules before the edit) and "
    "print the change baseline → candidate, per side of the AI.",
)
@click.option(
    "--check",
    is_flag=True,
    help="Check the invariants after every step and that each game replays exactly.",
)
@click.option(
    "--enhanced", is_flag=True, help="spec §25: the enhanced AI (rules/enhanced.yaml's switches)."
)
@click.option("--draft-cap", is_flag=True, help="spec §24.5: the draft cap (a difficulty option).")
@click.option(
    "--balanced-setup", is_flag=True, help="spec §24.6: the balanced set-up (US +2 in Italy)."
)
@click.option(
    "--log",
    "log_path",
    type=click.Path(file_okay=False),
    default=None,
    help="Write each game to DIR as JSON Lines, the AI's reasons included (`twsolo replay`).",
)
@click.option(
    "--report",
    "report_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write an HTML page of charts (needs twsolo[report]).",
)
@click.option(
    "--overwrite", is_flag=True, help="Let --log write into a folder that holds files already."
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def simulate(
    games: int,
    seed: int,
    workers: int,
    cluster: str | None,
    worker_timeout: float,
    human: str,
    ai_side: str,
    difficulty: tuple[str, ...],
    rules_path: str | None,
    compare_path: str | None,
    check: bool,
    enhanced: bool,
    draft_cap: bool,
    balanced_setup: bool,
    log_path: str | None,
    report_path: str | None,
    overwrite: bool,
    as_json: bool,
) -> None:
    """Play many games of the AI against a human stand-in and report how the AI does.
    Ctrl-C stops the run and reports the games finished so far (marked partial)."""
    if cluster is not None and workers != 1:
        raise TwsoloError(say("cmd.simulate.workers_or_cluster"))
    rules = load_ruleset(rules_path)  # report bad rules before any worker starts
    if compare_path:
        load_ruleset(compare_path)
    charts = report_writer() if report_path else None
    log_dir = Path(log_path) if log_path else None
    if report_path:  # said now, not after the games
        check_report(Path(report_path))
    if log_dir is not None:
        check_log_folder(log_dir, overwrite=overwrite)
    if cluster:  # a cluster takes seconds to start or reach (Ctrl-C counts once it runs)
        click.echo(say("cmd.simulate.starting_cluster", address=cluster), err=True)
    settings = Settings(
        games,
        seed,
        ai_side,
        human,
        difficulty,
        rules_path,
        compare_path,
        check,
        enhanced,
        draft_cap,
        balanced_setup,
    )
    try:
        with make_pool(workers, cluster, worker_timeout) as pool:
            run = simulate_run(settings, play_with_bar(pool), log_dir)
    except KeyboardInterrupt:  # while the workers start or stop: no game to report
        click.echo("\n" + say("cmd.simulate.interrupted"), err=True)
        raise SystemExit(EXIT_INTERRUPTED) from None
    report = make_report(run, pool, workers=workers, cluster=cluster)
    first, second, failures, batches = run.first, run.second, run.failures, run.batches
    if as_json:
        click.echo(json.dumps(report, indent=2))
    else:
        click.echo(text_report(report, rules.rating_name))
        for line in failure_lines(failures, first.logs):
            click.echo(line)
    # The summary is on the screen: what cannot be written now costs that file only.
    problems = [p for b in batches if b.logs is not None for p in b.logs.problems()]
    if charts is not None and report_path is not None:
        page = charts(report, first.games, second.games if second else None)
        written = write_report(Path(report_path), page)
        if written:
            problems.append(written)
        else:
            click.echo(say("cmd.simulate.report_written", path=report_path), err=True)
    for problem in problems:
        click.echo(say("cmd.error", message=problem), err=True)
    if run.interrupted:
        raise SystemExit(EXIT_INTERRUPTED)
    if problems:
        raise SystemExit(2)
    if failures:
        raise SystemExit(EXIT_GAMES_FAILED)
    violations = report["summary"]["violations"] + report.get("compare_summary", {}).get(
        "violations", 0
    )
    if check and violations:
        for g in first.games:
            for v in g.violations[:3]:
                click.echo(say("cmd.simulate.violation", seed=g.seed, violation=v), err=True)
        raise SystemExit(1)


ReportWriter = Callable[[dict[str, Any], list[GameSummary], list[GameSummary] | None], str]


def report_writer() -> ReportWriter:
    """The HTML report's writer, loaded before the games so that a missing extra is said at
    once, not after an hour of games."""
    try:
        from twsolo.sim.report import html_report
    except ImportError as exc:
        raise TwsoloError(say("cmd.simulate.report_needs_matplotlib", module=exc.name)) from None
    return html_report


def text_report(report: dict[str, Any], rating_name: Callable[[str], str] = str) -> str:
    """The summary in words; the report's values (ids, ratings) said in the language in use."""
    s = report["summary"]
    low, high = s["ai_win_rate_ci95"]
    run = report["run"]
    lines = []
    if run["partial"]:
        lines.append(say("cmd.simulate.partial", finished=run["finished"], planned=run["planned"]))
    cells = ", ".join(
        f"{value_word('difficulty', difficulty)} {Side(side).label} {g['ai_wins']}/{g['games']}"
        for (difficulty, _, side), g in (
            (key.partition("/"), g) for key, g in s["by_difficulty_and_side"].items()
        )
    )
    ratings = ", ".join(f"{rating_name(k)} {v}" for k, v in s["ratings"].items())
    reasons = ", ".join(f"{value_word('end', k)} {v}" for k, v in s["end_reasons"].items())
    lines += [
        say(
            "cmd.simulate.games",
            games=s["games"],
            wins=s["ai_wins"],
            rate=f"{s['ai_win_rate']:.1%}",
            low=f"{low:.1%}",
            high=f"{high:.1%}",
            draws=s["draws"],
        ),
        say("cmd.simulate.by_difficulty", cells=cells),
        say("cmd.simulate.ratings", ratings=ratings),
        say("cmd.simulate.end_reasons", reasons=reasons),
        _quart("cmd.simulate.final_vp", s["final_vp"]),
        _quart("cmd.simulate.human_score", s["human_score"]),
        _quart("cmd.simulate.turns", s["turns"]),
        _quart("cmd.simulate.scorings", s["scorings_per_game"]),
        _quart("cmd.simulate.seconds", s["seconds_per_game"], ".3f"),
    ]
    if "comparison" in report:
        lines += comparison_lines(report["comparison"])
    if report["settings"]["check"]:
        lines.append(say("cmd.simulate.violations", n=s["violations"]))
    if report["settings"]["cluster"]:
        lines.append(say("cmd.simulate.retried", n=run["retried"]))
    return "\n".join(lines)


def _quart(key: str, q: dict[str, float], fmt: str = ".1f") -> str:
    """A statistic's median and quartiles, as the phrase `key` says them."""
    median, q1, q3 = (f"{q[k]:{fmt}}" for k in ("median", "q1", "q3"))
    return say(key, median=median, q1=q1, q3=q3)
