"""The rerun measures (`then: {rerun: ...}` `measure`, spec §17.6): what an event's re-run with a
candidate is judged by, from the position before and after it."""

from __future__ import annotations

from typing import Any

from twsolo.ai.appendix_interpreter import Question
from twsolo.ai.criteria import criterion
from twsolo.ai.dryrun import measure, primary_score
from twsolo.engine.board import controls


@criterion("rerun_measures", "score", arg="region")
def _score(q: Question, before: Any, after: Any, region: str) -> int:
    """The AI's score of the region after the re-run (as if scored now)."""
    return primary_score(q.view.rules, after, q.view.side, region)


@criterion("rerun_measures", "controls")
def _controls(q: Question, before: Any, after: Any, arg: None) -> int:
    """Countries the AI newly controls."""
    return measure(q.view.rules, before, after, q.view.side, q.view.primary).controls


@criterion("rerun_measures", "controlled_bgs_touched")
def _controlled_bgs_touched(q: Question, before: Any, after: Any, arg: None) -> int:
    """Battlegrounds the AI controls among the countries whose AI influence the answer
    changed."""
    rules, col = q.view.rules, q.view.side.col
    changed = [
        c
        for c in range(len(rules.countries))
        if after.influence[c, col] != before.influence[c, col]
    ]
    return sum(
        1
        for c in changed
        if rules.countries[c].battleground and controls(after, rules, q.view.side, c)
    )
