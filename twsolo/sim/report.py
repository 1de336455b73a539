"""`twsolo simulate --report FILE`: one self-contained HTML page of charts (the optional extra
`twsolo[report]`): the AI's win rate with its 95% interval per difficulty and side, the final VP,
the end reasons, the game length, and VP and DEFCON by turn; with `--compare-rules` the two rule
sets side by side on every chart. The charts are drawn by matplotlib as inline SVG (text as
paths), so the page needs nothing beside itself."""

from __future__ import annotations

import html
import io
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import matplotlib
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from twsolo.ids import Side
from twsolo.phrases import say, value_word
from twsolo.sim.runs import GameSummary
from twsolo.sim.stats import groups, win_rate

COLOURS = ("#1f5fa8", "#c0392b")  # the first rule set, the compared one
Runs = list[tuple[str, Sequence[GameSummary]]]  # (label, games) per rule set


def html_report(
    report: dict[str, Any],
    first: Sequence[GameSummary],
    second: Sequence[GameSummary] | None = None,
) -> str:
    """The page for a `simulate` report (its JSON form) and the games behind it."""
    settings = report["settings"]
    runs: Runs = [(settings["rules"] or say("sim.default_rules"), first)]
    if second is not None:
        runs.append((settings["compare_rules"], second))
    charts = [
        ("win-rate", say("sim.html.chart.win_rate"), win_rates),
        ("final-vp", say("sim.html.chart.final_vp"), final_vp),
        ("end-reasons", say("sim.html.chart.end_reasons"), end_reasons),
        ("game-length", say("sim.html.chart.game_length"), game_length),
        ("tracks", say("sim.html.chart.tracks"), tracks),
    ]
    figures = "\n".join(chart(key, title, draw, runs) for key, title, draw in charts)
    return PAGE.format(
        title=html.escape(say("sim.html.title")),
        banner=banner(report),
        summary=summary_table(report, runs),
        settings=html.escape(settings_line(settings)),
        figures=figures,
    )


def chart(key: str, title: str, draw: Callable[[Figure, Runs], None], runs: Runs) -> str:
    # text as paths (no font needed to show it), ids that repeat from run to run
    with matplotlib.rc_context(
        {"svg.fonttype": "path", "svg.hashsalt": "twsolo-report", "font.size": 9.0}
    ):
        figure = Figure(figsize=(7.0, 3.4), layout="constrained")
        draw(figure, runs)
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg") :]  # inline: no XML prolog or doctype
    return (
        f'<figure class="chart" id="chart-{key}">\n{svg}\n'
        f"<figcaption>{html.escape(title)}</figcaption>\n</figure>"
    )


def legend(axes: Axes, runs: Runs) -> None:
    if len(runs) > 1:  # above the plot, where it hides no bar
        axes.legend(frameon=False, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=2)


def win_rates(figure: Figure, runs: Runs) -> None:
    axes = figure.subplots()
    cells = sorted({key for _, games in runs for key in groups(games)})
    width = 0.8 / len(runs)
    for r, (label, games) in enumerate(runs):
        by_cell = groups(games)
        rates, low, high = [], [], []
        for cell in cells:
            s = win_rate(by_cell.get(cell, []))
            lo, hi = s["ai_win_rate_ci95"]
            rates.append(100 * s["ai_win_rate"])
            low.append(100 * (s["ai_win_rate"] - lo))
            high.append(100 * (hi - s["ai_win_rate"]))
        xs = [i + (r - (len(runs) - 1) / 2) * width for i in range(len(cells))]
        axes.bar(xs, rates, width, yerr=[low, high], capsize=4, color=COLOURS[r], label=label)
    ticks = [
        say("sim.html.axis.ai_plays", difficulty=value_word("difficulty", d), side=Side(s).label)
        for d, s in cells
    ]
    axes.set_xticks(range(len(cells)), ticks)
    axes.set_ylim(0, 100)
    axes.set_ylabel(say("sim.html.axis.ai_wins"))
    legend(axes, runs)


def final_vp(figure: Figure, runs: Runs) -> None:
    axes = figure.subplots()
    values = [g.vp for _, games in runs for g in games] or [0]
    edges = list(range(min(values) - 1, max(values) + 3, 2))
    for r, (label, games) in enumerate(runs):
        axes.hist(
            [g.vp for g in games],
            bins=edges,
            color=COLOURS[r],
            alpha=0.55 if len(runs) > 1 else 0.9,
            label=label,
        )
    axes.axvline(0, color="black", linewidth=0.8)
    axes.set_xlabel(say("sim.html.axis.vp_at_end"))
    axes.set_ylabel(say("sim.html.axis.games"))
    legend(axes, runs)


# A setting of the run by the option that sets it, where their names differ.
OPTIONS = {"compare_rules": "baseline"}


def settings_line(settings: dict[str, Any]) -> str:
    """The run's settings as the command line that asks for them (`--games 4 --enhanced`):
    the same words in every language."""
    options = []
    for key, value in settings.items():
        if value in (None, False):
            continue
        option = "--" + OPTIONS.get(key, key).replace("_", "-")
        options.append(option if value is True else f"{option} {value}")
    return say("sim.html.settings", options=" ".join(options))


def end_reasons(figure: Figure, runs: Runs) -> None:
    axes = figure.subplots()
    counts = [Counter(g.reason for g in games) for _, games in runs]
    reasons = sorted(set().union(*counts), key=lambda k: -sum(c[k] for c in counts))
    height = 0.8 / len(runs)
    for r, ((label, _), count) in enumerate(zip(runs, counts, strict=True)):
        ys = [i + (r - (len(runs) - 1) / 2) * height for i in range(len(reasons))]
        axes.barh(ys, [count[k] for k in reasons], height, color=COLOURS[r], label=label)
    axes.set_yticks(range(len(reasons)), [value_word("end", k).replace("_", " ") for k in reasons])
    axes.invert_yaxis()
    axes.set_xlabel(say("sim.html.axis.games"))
    legend(axes, runs)


def game_length(figure: Figure, runs: Runs) -> None:
    axes = figure.subplots()
    turns = list(range(1, 11))
    width = 0.8 / len(runs)
    for r, (label, games) in enumerate(runs):
        count = Counter(g.turns for g in games)
        xs = [t + (r - (len(runs) - 1) / 2) * width for t in turns]
        axes.bar(xs, [count[t] for t in turns], width, color=COLOURS[r], label=label)
    axes.set_xticks(turns)
    axes.set_xlabel(say("sim.html.axis.end_turn"))
    axes.set_ylabel(say("sim.html.axis.games"))
    legend(axes, runs)


def tracks(figure: Figure, runs: Runs) -> None:
    vp_axes, defcon_axes = figure.subplots(1, 2)
    for r, (label, games) in enumerate(runs):
        by_turn: dict[int, list[tuple[int, int]]] = {}
        for g in games:
            for turn, vp, defcon in g.track:
                by_turn.setdefault(turn, []).append((vp, defcon))
        turns = sorted(by_turn)
        vps = [sorted(v for v, _ in by_turn[t]) for t in turns]
        vp_axes.plot(turns, [statistics.median(v) for v in vps], color=COLOURS[r], label=label)
        vp_axes.fill_between(
            turns,
            [quantile(v, 0.25) for v in vps],
            [quantile(v, 0.75) for v in vps],
            color=COLOURS[r],
            alpha=0.2,
        )
        defcons = [statistics.mean(d for _, d in by_turn[t]) for t in turns]
        defcon_axes.plot(turns, defcons, color=COLOURS[r], marker="o", label=label)
    vp_axes.axhline(0, color="black", linewidth=0.8)
    vp_axes.set_xlabel(say("sim.html.axis.turn"))
    vp_axes.set_ylabel(say("sim.html.axis.vp_quartiles"))
    defcon_axes.set_xlabel(say("sim.html.axis.turn"))
    defcon_axes.set_ylabel(say("sim.html.axis.defcon"))
    defcon_axes.set_ylim(1, 5.2)
    legend(vp_axes, runs)


def quantile(ordered: list[int], q: float) -> float:
    return float(ordered[min(len(ordered) - 1, int(q * len(ordered)))])


def banner(report: dict[str, Any]) -> str:
    run = report["run"]
    if not run["partial"]:
        return ""
    said = say("sim.html.partial", finished=run["finished"], planned=run["planned"])
    return f'<p class="partial">{html.escape(said)}</p>'


def summary_table(report: dict[str, Any], runs: Runs) -> str:
    summaries = [report["summary"]] + (
        [report["compare_summary"]] if "compare_summary" in report else []
    )
    rows: list[tuple[str, Callable[[dict[str, Any]], str]]] = [
        (say("sim.html.row.games"), lambda s: str(s["games"])),
        (say("sim.html.row.ai_wins"), lambda s: f"{s['ai_wins']} ({s['ai_win_rate']:.1%})"),
        (
            say("sim.html.row.interval"),
            lambda s: "–".join(f"{x:.1%}" for x in s["ai_win_rate_ci95"]),
        ),
        (say("sim.html.row.draws"), lambda s: str(s["draws"])),
        (say("sim.html.row.final_vp"), lambda s: f"{s['final_vp']['median']:+.1f}"),
        (say("sim.html.row.turns"), lambda s: f"{s['turns']['median']:.1f}"),
    ]
    head = "".join(f"<th>{html.escape(str(label))}</th>" for label, _ in runs)
    body = "".join(
        f"<tr><th>{html.escape(name)}</th>"
        + "".join(f"<td>{cell(s)}</td>" for s in summaries)
        + "</tr>"
        for name, cell in rows
    )
    if "comparison" in report:
        c = report["comparison"]
        mcnemar = html.escape(say("sim.html.row.mcnemar"))
        changed = say("sim.html.changed_outcomes", n=c["changed_outcomes"])
        body += (
            f'<tr><th>{mcnemar}</th><td colspan="2">{c["p_value_mcnemar"]:.3g} '
            f"{html.escape(changed)}</td></tr>"
        )
    return f"<table><tr><th></th>{head}</tr>{body}</table>"


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 2em auto; max-width: 60em; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ border: 1px solid #ccc; padding: 0.3em 0.8em; text-align: left; }}
figure.chart {{ margin: 2em 0; }}
figure.chart svg {{ width: 100%; max-width: 48em; height: auto; }}
figcaption {{ font-weight: bold; }}
.partial {{ background: #fde2c8; padding: 0.5em; }}
.settings {{ color: #555; font-size: 0.9em; }}
</style>
</head>
<body>
<h1>{title}</h1>
{banner}
<p class="settings">{settings}</p>
{summary}
{figures}
</body>
</html>
"""
