"""Two rule sets played on the same seeds: the baseline (the rules as they were) and the
candidate (the edit), compared per side of the AI and in total, so that a change reads the
right way round: `baseline → candidate`, a positive change the candidate's gain for the AI."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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
    lines = [f"Compared, baseline ({c['baseline']}) → candidate ({c['candidate']}):"]
    for side, s in c["by_side"].items():
        a, b = s["ai_win_rate"]
        low, high = s["margin_change_ci95"]
        who = "in total" if side == "total" else f"AI {side.upper()}"
        lines.append(
            f"  {who}: AI win rate {a:.1%} → {b:.1%} ({s['difference']:+.1%}, "
            f"McNemar p = {s['p_value_mcnemar']:.3g} on {s['changed_outcomes']} changed "
            f"outcomes); AI margin {s['margin_change']:+.2f} VP (95% CI {low:+.2f}…{high:+.2f}); "
            f"{s['changed_games']} of {s['games']} games changed"
        )
    return lines
