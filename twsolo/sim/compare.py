"""Two rule sets played on the same seeds: the baseline (the rules as they were) and the
candidate (the edit), compared per side of the AI and in total, so that a change reads the
right way round: `baseline → candidate`, a positive change the candidate's gain for the AI."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from twsolo.phrases import say
from twsolo.sim.runs import GameSummary
from twsolo.sim.stats import paired, quartiles

SIDES = ("us", "ussr", "total")


def played_alike(a: GameSummary, b: GameSummary) -> bool:
    """The same game: every kept fact but the time it took."""
    fields = ("reason", "rating", "score", "vp", "turns", "scorings", "track", "ai_plays")
    return all(getattr(a, f) == getattr(b, f) for f in fields)


def compare(
    baseline: Sequence[GameSummary],
    candidate: Sequence[GameSummary],
    labels: tuple[str, str],
) -> dict[str, Any]:
    """The paired comparison; `labels` name the (baseline, candidate) rules directories."""
    pairs = list(zip(baseline, candidate, strict=True))
    assert all(a.seed == b.seed and a.ai_side == b.ai_side for a, b in pairs)
    by_side: dict[str, Any] = {}
    for side in SIDES:
        mine = [(a, b) for a, b in pairs if side in ("total", a.ai_side)]
        if not mine:
            continue
        wins = ([a.ai_won for a, _ in mine], [b.ai_won for _, b in mine])
        # The AI's margin: VP in its favour at the end, the negative of the human's score.
        margins = ([-a.score for a, _ in mine], [-b.score for _, b in mine])
        by_side[side] = paired(wins, margins) | {
            "changed_games": sum(not played_alike(a, b) for a, b in mine)
        }
    total = by_side["total"]
    return {
        "baseline": labels[0],
        "candidate": labels[1],
        **total,
        "by_side": by_side,
        "median_human_score": [
            quartiles([g.score for g in baseline])["median"],
            quartiles([g.score for g in candidate])["median"],
        ],
    }


def comparison_lines(c: dict[str, Any]) -> list[str]:
    """The comparison in words: one line per side of the AI and one in total."""
    lines = [say("sim.compare.head", baseline=c["baseline"], candidate=c["candidate"])]
    for side, s in c["by_side"].items():
        a, b = s["ai_win_rate"]
        low, high = s["margin_change_ci95"]
        key, who = ("sim.compare.total", "") if side == "total" else ("sim.compare.side", side)
        said = say(
            key,
            side=who.upper(),
            before=f"{a:.1%}",
            after=f"{b:.1%}",
            difference=f"{s['difference']:+.1%}",
            p=f"{s['p_value_mcnemar']:.3g}",
            outcomes=s["changed_outcomes"],
            margin=f"{s['margin_change']:+.2f}",
            low=f"{low:+.2f}",
            high=f"{high:+.2f}",
            changed=s["changed_games"],
            games=s["games"],
        )
        lines.append(f"  {said}")
    return lines
