"""The choice orders (`then:`): the rule that picks among all the candidates when no tier keeps
one (the general rules of spec §17 and the appendix's own)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from twsolo.ai.appendix_interpreter import Question
from twsolo.ai.criteria import CRITERIA, F
from twsolo.ai.event_choices import (
    discard_for_requirement,
    place_own,
    remove_human,
    remove_own,
)
from twsolo.ai.military import best_coup, best_realign
from twsolo.ai.trace import Step, spec
from twsolo.ids import SOUTHEAST_ASIA
from twsolo.phrases.book import say


def _order(name: str) -> Callable[[F], F]:
    return CRITERIA.register("choice_orders", name)


@_order("place")
def _place(q: Question, candidates: list[int], regions: list[str], arg: None) -> int:
    """Spec §17.2 [r2] among the candidates, region after region: the event's points left as
    one budget, within its per-country limit (`event_choices.place_own`)."""
    per_country = q.choice.context.get("per_country")
    return place_own(
        q.view,
        candidates,
        left=q.figure("left", 1),
        per_country=per_country if isinstance(per_country, int) else None,
        placed=q.placed,
        regions=regions,
    )


@_order("remove_human")
def _remove_human(q: Question, candidates: list[int], regions: list[str], arg: None) -> int:
    """Spec §17.3."""
    chosen = remove_human(q.view, candidates)
    q.view.note(Step(spec("17.3"), chosen=q.name(chosen)))
    return chosen


@_order("remove_own")
def _remove_own(q: Question, candidates: list[int], regions: list[str], arg: None) -> int:
    """Spec §17.4."""
    chosen = remove_own(q.view, candidates)
    q.view.note(Step(spec("17.4"), chosen=q.name(chosen)))
    return chosen


@_order("coup")
def _coup(q: Question, candidates: list[int], regions: list[str], arg: None) -> int | None:
    """Spec §14.2 (with §14.1 and §14.3) with the question's ops; none valid: none."""
    region = regions[0] if len(regions) == 1 else say("why.event_countries")
    rule = say("why.rule.appendix_coup_in", number=q.card, region=region)
    return best_coup(q.view, candidates, q.ops(), rule)


@_order("free_coup")
def _free_coup(q: Question, candidates: list[int], regions: list[str], arg: None) -> int | None:
    """Spec §14.2 for a free coup (the DEFCON region ban aside, card-events A9)."""
    return best_coup(q.view, candidates, q.ops(), say("why.rule.free_coup"), free=True)


@_order("realign")
def _realign(q: Question, candidates: list[int], regions: list[str], arg: None) -> int | None:
    """Spec §15; none valid: none."""
    return best_realign(q.view, candidates)


@_order("discard_for_ops")
def _discard_for_ops(q: Question, candidates: list[int], regions: list[str], arg: None) -> int:
    """Spec §17.5 for the question's Ops requirement (`need`)."""
    return discard_for_requirement(q.view, candidates, q.figure("need", 0))


@_order("defcon_g6")
def _defcon_g6(q: Question, candidates: list[Any], regions: list[str], arg: None) -> int:
    """Appendix G6: DEFCON from 2 to 3, otherwise where it is (or as close as the card allows,
    never lower if it can)."""
    current = q.view.state.defcon
    wanted = 3 if current == 2 else current
    numbers = [int(str(o)) for o in candidates]
    chosen = min(numbers, key=lambda n: (abs(n - wanted), -n))
    q.view.note(Step(say("why.rule.appendix_defcon"), chosen=chosen))
    return chosen


@_order("primary_region")
def _primary_region(q: Question, candidates: list[Any], regions: list[str], arg: None) -> Any:
    """The current Primary Region (Asia when it is Southeast Asia, which is part of Asia)."""
    primary = q.view.primary
    named = "asia" if primary == SOUTHEAST_ASIA else primary
    return named if named in candidates else None
