"""The AI's operations (spec §12.3–§12.5, §12.4, §14.4, §16): what kind, where, in what order.

A plan is computed on the current position and answers the engine's questions one by one; the
Bot recomputes it when the position has moved (an event resolved first, spec §12.2.3b).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from twsolo.ai.dryrun import primary_score
from twsolo.ai.military import best_coup, best_realign, coup_lowers_defcon, coup_valid
from twsolo.ai.placement import Planner
from twsolo.ai.trace import Step
from twsolo.ai.view import View
from twsolo.engine.board import placement_access
from twsolo.engine.calendar import action_rounds
from twsolo.engine.effects import coup_roll_modifier
from twsolo.engine.legal import coup_success_chance
from twsolo.engine.ops import OpsBudget
from twsolo.engine.scoring import (
    Counts,
    counts_if_held,
    region_counts,
    score_counts,
    shuttle_applies,
)
from twsolo.engine.space import space_refusal
from twsolo.ids import Side


@dataclass
class OpsPlan:
    kind: str  # influence | coup | realign | space_race | none
    points: list[int] = field(default_factory=list)  # influence, in order
    target: int | None = None  # coup, or the first realignment
    region: str | None = None  # where the coups or realignments are made (spec §11.2)
    space_step: bool = False  # reached the Space Race step (§12.3.3): depends on its terms


def regions_in_order(view: View) -> list[str]:
    """Primary, Secondary, then the rest by spec §18 (Southeast Asia folds into Asia)."""
    order = [r for r in (view.primary, view.secondary) if r]
    for region in view.regions_by_table():
        if region not in order:
            order.append(region)
    return order


def plan_influence(
    view: View,
    budget: OpsBudget,
    regions: list[str],
    *,
    option0: bool,
    access: Collection[int] | None = None,
) -> list[int]:
    """The points of a §13 placement over `regions` in order; `access` is the action's access
    when it began (base §6.1.1), computed now when not given."""
    sim = view.sandbox()
    if access is None:
        access = placement_access(view.state, view.rules, view.side)
    planner = Planner(sim, budget=budget, access=access)
    score_region = view.primary if option0 else None
    return planner.run(regions, score_region=score_region)


def influence_stage(view: View, budget: OpsBudget, region: str, *, option0: bool) -> Planner:
    """§13 in `region` alone, on a board copy with its own trace: how a placement starting
    there begins (the decisive coup weighs it; influence_from goes on from it)."""
    planner = Planner(
        view.sandbox([]),
        budget=budget.copy(),
        access=placement_access(view.state, view.rules, view.side),
    )
    planner.run([region], score_region=region if option0 else None)
    return planner


def influence_from(
    view: View,
    budget: OpsBudget,
    region: str,
    *,
    option0: bool,
    stage: Planner | None = None,
) -> list[int] | None:
    """Spec §12.3.2a with §12.5: None when §13 finds no target in `region`; else the whole
    placement, starting there and moving on only with the ops it cannot spend there. `stage`:
    the `influence_stage` of `region` when it is already made."""
    planner = stage or influence_stage(view, budget, region, option0=option0)
    if not planner.placed:
        return None
    rest = [r for r in regions_in_order(view) if r != region]
    points = planner.run(rest)
    view.trace.extend(planner.view.trace)
    return points


def last_rounds(view: View) -> bool:
    """Spec §14.4: the last `milops_last_rounds` action rounds of the turn."""
    rounds = action_rounds(view.state.turn)
    n = view.rules.priorities.milops_last_rounds
    return view.state.action_round > rounds - n


# The last plan: (position key, (allow_space, card_ops), plan, its trace steps).
_last_plan: list[tuple[tuple[object, ...], tuple[bool, int], OpsPlan, list[Step]]] = []


def plan_key(view: View, budget: OpsBudget) -> tuple[object, ...]:
    """Everything a plan depends on but the Space Race's terms (allowed, the card's ops)."""
    s = view.state
    return (
        view.side,
        s.influence.tobytes(),
        s.defcon,
        s.turn,
        s.action_round,
        s.scoring_round,
        tuple(s.milops),
        tuple(s.space),
        tuple(s.space_attempts),
        tuple(sorted(e.sort_key() for e in s.effects)),
        view.primary,
        view.secondary,
        budget.base,
        tuple(budget.areas),
        budget.spent,
        tuple(sorted(budget.outside)),
    )


def plan_operations(view: View, budget: OpsBudget, *, allow_space: bool, card_ops: int) -> OpsPlan:
    """Spec §12.3, remembered for the position it was made for: the "play" decision probes the
    plan, and the "operation" question that follows on an unchanged board reuses it."""
    key = plan_key(view, budget)
    terms = (allow_space, card_ops)
    if _last_plan:
        last_key, last_terms, plan, steps = _last_plan[0]
        # A plan decided before the Space Race step does not depend on its terms.
        if last_key == key and (not plan.space_step or last_terms == terms):
            view.trace.extend(steps)
            return OpsPlan(plan.kind, list(plan.points), plan.target, plan.region, plan.space_step)
    new_steps: list[Step] = []
    plan = _plan_operations(
        View(view.rules, view.state, view.side, new_steps),
        budget,
        allow_space=allow_space,
        card_ops=card_ops,
    )
    _last_plan[:] = [(key, terms, plan, new_steps)]
    view.trace.extend(new_steps)
    return OpsPlan(plan.kind, list(plan.points), plan.target, plan.region, plan.space_step)


def _plan_operations(view: View, budget: OpsBudget, *, allow_space: bool, card_ops: int) -> OpsPlan:
    """Spec §12.3 (with §12.4, §12.5, §14.4, §16): influence → coup → realignment in the
    Primary Region, then the Secondary, then the Space Race, then influence anywhere by §18."""
    primary, secondary = view.primary, view.secondary
    sr = view.scoring_round
    stage = None  # the Primary's option-0 placement, when the decisive coup has weighed it
    if sr and primary:
        target, stage = decisive_coup(view, budget)
        if target is not None:
            return OpsPlan("coup", target=target, region=primary)
    if last_rounds(view) and view.state.milops[view.side.col] < view.state.defcon:
        # Spec §14.4: the Primary Region first, then any allowed region by §18.
        order = [r for r in (primary, *view.regions_by_table()) if r]
        for region in dict.fromkeys(order):
            candidates = [c for c in view.members(region) if not coup_lowers_defcon(view, c)]
            ops = budget.remaining_if(view.rules, candidates[0]) if candidates else 0
            target = best_coup(view, candidates, ops, "spec §14.4 military ops")
            if target is not None:
                return OpsPlan("coup", target=target, region=region)
    for region in [r for r in (primary, secondary) if r]:
        option0 = sr and region == primary
        points = influence_from(
            view, budget, region, option0=option0, stage=stage if region == primary else None
        )
        if points is not None:
            view.note(Step("spec §12.3 influence", chosen=region, why=f"{len(points)} points"))
            return OpsPlan("influence", points=points)
        members = list(view.members(region))
        ops = budget.remaining_if(view.rules, members[0]) if members else 0
        target = best_coup(view, members, ops, f"spec §14 coup in {region}")
        if target is not None:
            return OpsPlan("coup", target=target, region=region)
        target = best_realign(view, members)
        if target is not None:
            return OpsPlan("realign", target=target, region=region)
    if allow_space and space_refusal(view.state, view.rules, view.side, card_ops) is None:
        view.note(Step("spec §16.2 space race", why="nothing to do in the Primary/Secondary"))
        return OpsPlan("space_race", space_step=True)
    points = plan_influence(view, budget.copy(), regions_in_order(view), option0=False)
    if points:
        view.note(Step("spec §12.3.3 influence by §18", why=f"{len(points)} points"))
        return OpsPlan("influence", points=points, space_step=True)
    view.note(Step("spec §12.3", why="no legal operation"))
    return OpsPlan("none", space_step=True)


def decisive_coup(view: View, budget: OpsBudget) -> tuple[int | None, Planner | None]:
    """Spec §12.4.1: in a Scoring Round, a Primary coup with success chance ≥ 1/2 whose expected
    VP swing for the coming scoring beats the best influence plan (option 0). Also the option-0
    placement when it was made (the influence plan starts from it)."""
    primary = view.primary
    assert primary is not None
    members = list(view.members(primary))
    if not members:
        return None, None
    ops = budget.remaining_if(view.rules, members[0])
    likely = view.rules.priorities.decisive_coup_min_chance
    pool = [
        c
        for c in members
        if coup_valid(view, c, ops)
        and coup_success_chance(view.state, view.rules, view.side, c, ops) >= likely
    ]
    if not pool:
        return None, None
    base = primary_score(view.rules, view.state, view.side, primary)
    counts = region_counts(view.state, view.rules, primary)
    swings = {c: expected_coup_swing(view, c, ops, primary, counts) - base for c in pool}
    if max(swings.values()) <= 0:
        return None, None  # influence never lowers the AI's score: no coup can beat it
    stage = influence_stage(view, budget, primary, option0=True)
    influence_gain = primary_score(view.rules, stage.view.state, view.side, primary) - base
    if max(swings.values()) <= influence_gain:
        return None, stage
    target = best_coup(view, [c for c in pool if swings[c] > influence_gain], ops, "spec §12.4.1")
    if target is not None:
        view.note(
            Step(
                "spec §12.4.1 decisive coup",
                chosen=view.rules.countries[target].id,
                figures={
                    "expected_swing": round(swings[target], 2),
                    "influence_gain": influence_gain,
                },
            )
        )
    return target, stage


def expected_coup_swing(
    view: View, c: int, ops: int, region: str, now: tuple[dict[Side, Counts], int]
) -> float:
    """The AI's expected score of `region` after a coup in c, over the six die results, from
    the region's counts `now` (`region_counts`). A score reads only who controls each country:
    one scoring per controller of c."""
    rules, side = view.rules, view.side
    mod = coup_roll_modifier(view.state, rules, side, c)
    a, h, stability = view.a(c), view.h(c), view.stability(c)
    shuttle = shuttle_applies(view.state, rules, region, False)
    scores: dict[Side | None, int] = {}
    total = 0.0
    for roll in range(1, 7):
        result = max(0, roll + ops + mod - 2 * stability)
        removed = min(h, result)
        margin = (a + result - removed) - (h - removed)
        holder = side if margin >= stability else side.other if -margin >= stability else None
        if holder not in scores:
            counts, bgs = counts_if_held(view.state, rules, region, now, c, holder)
            score = score_counts(rules, region, counts, bgs, shuttle=shuttle)
            scores[holder] = score.vp * side.sign
        total += scores[holder]
    return total / 6


def ops_score_gain(view: View, card: int) -> int:
    """The Primary Region score gain of placing `card`'s ops as influence by spec §13 (the
    yardstick of `beats_ops` and `custom:ops_change_score`)."""
    primary = view.primary
    if primary is None:
        return 0
    budget = OpsBudget.for_card(view.state, view.rules, view.side, card)
    stage = influence_stage(view, budget, primary, option0=view.scoring_round)
    return primary_score(view.rules, stage.view.state, view.side, primary) - primary_score(
        view.rules, view.state, view.side, primary
    )
