"""Statistics of a batch of games: win rate with a 95% confidence interval, Victory Rating
distribution, end reasons, final VP quartiles, turns, scorings, the AI's card use, time; and a
paired comparison of two rule sets played on the same seeds."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from twsolo.sim.runs import GameSummary

Z95 = 1.959963984540054


def wilson(successes: int, n: int) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95%). It always holds the observed rate;
    rounding alone would put it outside at 0% and 100% (0.9999999999999999 for 10 of 10), and
    a chart's error bar below a bar cannot be negative."""
    if n == 0:
        return 0.0, 0.0
    p = successes / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def quartiles(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"q1": 0.0, "median": 0.0, "q3": 0.0}
    if len(values) == 1:
        v = float(values[0])
        return {"q1": v, "median": v, "q3": v}
    q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return {"q1": q1, "median": median, "q3": q3}


def win_rate(games: Sequence[GameSummary]) -> dict[str, Any]:
    """Games, AI wins, the AI's win rate and its 95% interval."""
    n = len(games)
    wins = sum(g.ai_won for g in games)
    low, high = wilson(wins, n)
    return {
        "games": n,
        "ai_wins": wins,
        "ai_win_rate": wins / n if n else 0.0,
        "ai_win_rate_ci95": [low, high],
    }


def groups(games: Sequence[GameSummary]) -> dict[tuple[str, str], list[GameSummary]]:
    """The games by (difficulty, the AI's side), in that order."""
    out: dict[tuple[str, str], list[GameSummary]] = {}
    for g in games:
        out.setdefault((g.difficulty, g.ai_side), []).append(g)
    return dict(sorted(out.items()))


def summarize(games: Sequence[GameSummary]) -> dict[str, Any]:
    use: dict[str, Counter[int]] = {"event": Counter(), "ops": Counter(), "space_race": Counter()}
    for g in games:
        for how, cards in g.ai_plays.items():
            use[how].update(cards)
    cards = sorted({c for counter in use.values() for c in counter})
    return {
        **win_rate(games),
        "by_difficulty_and_side": {
            f"{difficulty}/{side}": win_rate(cell)
            for (difficulty, side), cell in groups(games).items()
        },
        "draws": sum(g.draw for g in games),
        "ratings": dict(Counter(g.rating for g in games).most_common()),
        "end_reasons": dict(Counter(g.reason for g in games).most_common()),
        "final_vp": quartiles([g.vp for g in games]),
        "human_score": quartiles([g.score for g in games]),
        "turns": quartiles([g.turns for g in games]),
        "scorings_per_game": quartiles([g.scorings for g in games]),
        "ai_card_use": {str(c): {how: use[how][c] for how in use if use[how][c]} for c in cards},
        "seconds_per_game": quartiles([g.seconds for g in games]),
        "violations": sum(len(g.violations) for g in games),
    }


def mcnemar(a: Sequence[bool], b: Sequence[bool]) -> float:
    """Two-sided exact McNemar test (binomial on the discordant pairs): the p-value that the
    AI's win rate is the same under both rule sets, the games paired by seed."""
    only_a = sum(1 for x, y in zip(a, b, strict=True) if x and not y)
    only_b = sum(1 for x, y in zip(a, b, strict=True) if y and not x)
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    tail: float = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation)."""
    n = len(values)
    mean = statistics.fmean(values) if values else 0.0
    half = Z95 * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return mean, mean - half, mean + half


def paired(
    wins: tuple[Sequence[bool], Sequence[bool]], margins: tuple[Sequence[float], Sequence[float]]
) -> dict[str, Any]:
    """Games paired by seed, (baseline, candidate): the AI's win rate under each, the change in
    its mean margin (VP in its favour) with a 95% interval, and McNemar's p on the wins."""
    before, after = wins
    n = len(before)
    mean, low, high = mean_ci([b - a for a, b in zip(*margins, strict=True)])
    return {
        "games": n,
        "ai_win_rate": [sum(before) / n if n else 0.0, sum(after) / n if n else 0.0],
        "difference": (sum(after) - sum(before)) / n if n else 0.0,
        "margin_change": mean,
        "margin_change_ci95": [low, high],
        "changed_outcomes": sum(1 for x, y in zip(before, after, strict=True) if x != y),
        "p_value_mcnemar": mcnemar(before, after),
    }
