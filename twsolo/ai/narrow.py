"""The one narrowing step every AI choice among candidates shares: spec §13's placement goals
(§13.3 ties), §14.2's coup targets, §15's realignment targets and the appendix's event choices.

A choice is made in two stages, both named by the rules data: the first *tier* (an ordered list
of filters) that keeps any candidate gives the pool, then the pool is ordered by *keys* (each a
tie-break of the one before); the first wins. The step is written to the decision's trace.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from twsolo.ai.trace import Step
from twsolo.ai.view import View

T = TypeVar("T")
Tier = tuple[str, Callable[[T], bool]]


def narrow(
    view: View,
    rule: str,
    candidates: Sequence[T],
    *,
    tiers: Sequence[tuple[str, Callable[[T], bool]]] = (),
    keys: Sequence[Callable[[T], Any]] = (),
    name: Callable[[T], object] = str,
    why: Callable[[T], str] | None = None,
    figures: Callable[[T], dict[str, Any]] | None = None,
) -> T | None:
    """The first tier that keeps any candidate (without tiers, all of them), ordered by `keys`
    (a stable sort: full ties keep the candidates' order); the first wins. Writes one trace
    step: `rule` with the tier's name, the chosen, the pool in order, `why` and `figures` of the
    chosen. None, and no step, when no tier keeps a candidate."""
    pool, tier = list(candidates), ""
    for tier_name, keep in tiers:
        pool = [c for c in candidates if keep(c)]
        if pool:
            tier = tier_name
            break
    if not pool:
        return None
    ranked = sorted(pool, key=lambda c: tuple(k(c) for k in keys)) if keys else pool
    chosen = ranked[0]
    view.note(
        Step(
            f"{rule} ({tier})" if tier else rule,
            chosen=name(chosen),
            candidates=tuple(name(c) for c in ranked),
            why=why(chosen) if why else "",
            figures=figures(chosen) if figures else {},
        )
    )
    return chosen
