"""The win rate's 95% interval at its edges (issue #39): a batch the AI wins or loses whole
still gets its interval and its report page."""

from __future__ import annotations

import pytest

from twsolo.sim.runs import GameSummary
from twsolo.sim.stats import summarize, wilson


def test_the_interval_holds_the_rate_within_0_and_1() -> None:
    """Wilson's interval always holds the observed rate; rounding put 10 of 10 at
    0.9999999999999999 and 0 of 3 above 0."""
    for n in range(1, 201):
        for k in range(n + 1):
            low, high = wilson(k, n)
            assert 0.0 <= low <= k / n <= high <= 1.0, (k, n)
    assert wilson(10, 10)[1] == 1.0
    assert wilson(0, 3)[0] == 0.0


def games(won: bool, n: int) -> list[GameSummary]:
    return [
        GameSummary(seed, side, won, False, "vp20", "", 0, 20, 3, 2, 0.1)
        for seed in range(n)
        for side in ("us", "ussr")
    ]


def test_a_batch_won_whole_and_one_lost_whole_get_their_page() -> None:
    """The issue's run (10 games a side, all won by the AI: `simulate --report` raised in the
    chart's error bars and wrote no page), compared with a run the AI lost whole."""
    pytest.importorskip("matplotlib", reason="the report extra is not installed")
    from twsolo.sim.report import html_report

    won, lost = games(True, 10), games(False, 3)
    report = {
        "summary": summarize(won),
        "compare_summary": summarize(lost),
        "run": {"partial": False},
        "settings": {"rules": None, "compare_rules": "lost"},
    }
    page = html_report(report, won, lost)
    assert 'id="chart-win-rate"' in page
    assert "<td>20 (100.0%)</td><td>0 (0.0%)</td>" in page
