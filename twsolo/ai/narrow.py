"""The one narrowing step every AI choice among candidates shares: spec §13's placement goals
(§13.3 ties), §14.2's coup targets, §15's realignment targets and the appendix's event choices.

A choice is made in two stages, both named by the rules data: the first *tier* (an ordered list
of filters) that keeps any candidate gives the pool, then the pool is ordered by *keys* (each a
tie-break of the one before); the first wins. The step is written to the decision's trace, with
the key that set the winner apart from the runner-up (the rule that decided, issue #14 defect 5).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from twsolo.ai.trace import Step
from twsolo.ai.view import View
from twsolo.phrases.book import say

T = TypeVar("T")
Tier = tuple[str, Callable[[T], bool]]
Key = tuple[str, Callable[[T], Any]]  # a named key: the rules data's name for it


def narrow(
    view: View,
    rule: str,
    candidates: Sequence[T],
    *,
    tiers: Sequence[tuple[str, Callable[[T], bool]]] = (),
    keys: Sequence[tuple[str, Callable[[T], Any]]] = (),
    name: Callable[[T], object] = str,
    why: Callable[[T], str] | None = None,
    figures: Callable[[T], dict[str, Any]] | None = None,
) -> T | None:
    """The first tier that keeps any candidate (without tiers, all of them), ordered by `keys`
    (a stable sort: full ties keep the candidates' order); the first wins. Writes one trace
    step: `rule` with the tier's name, the chosen, the pool in order, `why` and `figures` of the
    chosen, and the key that decided between the first two (`decided_by`: a key's name, or
    "order" when they tie on every key). None, and no step, when no tier keeps a candidate."""
    pool, tier = list(candidates), ""
    for tier_name, keep in tiers:
        pool = [c for c in candidates if keep(c)]
        if pool:
            tier = tier_name
            break
    if not pool:
        return None
    scored = [(tuple(k(c) for _, k in keys), i) for i, c in enumerate(pool)]
    scored.sort()  # by the keys, then the candidates' order
    if not view.keep:  # nobody reads the step: only the winner
        return pool[scored[0][1]]
    ranked = [pool[i] for _, i in scored]
    chosen = ranked[0]
    facts = dict(figures(chosen)) if figures else {}
    text = why(chosen) if why else ""
    if len(ranked) > 1:
        first, second = scored[0][0], scored[1][0]
        decided = next((n for (n, _), a, b in zip(keys, first, second, strict=True) if a != b), "")
        facts["decided_by"] = decided or "order"
        by = say("why.decided_by", key=decided) if decided else ""
        text = "; ".join(t for t in (text, by) if t)
    view.note(
        Step(
            say("why.rule.tiered", rule=rule, tier=tier) if tier else rule,
            chosen=name(chosen),
            candidates=tuple(name(c) for c in ranked),
            why=text,
            figures=facts,
        )
    )
    return chosen
