"""The AI's operations (spec §12.3–§12.5, §12.4, §14.4, §16): what kind, where, in what order.

A plan is computed on the current position and answers the engine's questions one by one; the
Bot recomputes it when the position has moved (an event resolved first, spec §12.2.3b).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from functools import partial

from twsolo.ai.criteria import CRITERIA
from twsolo.ai.dryrun import primary_score
from twsolo.ai.military import (
    CoupTargets,
    best_coup,
    best_realign,
    coup_lowers_defcon,
    coup_valid,
)
from twsolo.ai.narrow import narrow
from twsolo.ai.placement import SCORE, Goal, Planner
from twsolo.ai.trace import Step, spec
from twsolo.ai.value import scoring_value
from twsolo.ai.view import View
from twsolo.engine.board import controller, placement_access
from twsolo.engine.calendar import action_rounds
from twsolo.engine.effects import coup_roll_modifier
from twsolo.engine.events.late import NORTH_SEA_OIL_ROUND
from twsolo.engine.legal import coup_success_chance
from twsolo.engine.ops import OpsBudget
from twsolo.engine.records import region_name
from twsolo.engine.scoring import (
    Counts,
    counts_if_held,
    region_counts,
    score_counts,
    shuttle_applies,
)
from twsolo.engine.space import EIGHTH_ROUND, has_ability, space_refusal
from twsolo.engine.state import hand_of
from twsolo.ids import SOUTHEAST_ASIA, Side
from twsolo.phrases.book import say
from twsolo.ruleset.model import (
    CHINA_CARD_ALWAYS_ENTERS,
    FINAL_SWEEP,
    GUARD_PREPARED,
    PREPARE_NEXT_SCORING,
)

ASIA = "asia"


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


def ai_rounds_left(view: View) -> int:
    """The AI's action rounds in this turn after this one (spec §14.4): the regular rounds,
    and an extra round it is sure to get — the Space Station's (space box 8) or North Sea Oil's
    8th US round (8 rounds either way, not 9) — when, after the revealed card, its deck/hand
    holds a card for that round too. (The card count limits only the extra round: a scenario
    that names no cards below the revealed one still has its regular rounds.)"""
    state, side = view.state, view.side
    regular = max(0, action_rounds(state.turn) - state.action_round)
    extra = has_ability(state, view.rules, side, EIGHTH_ROUND) or (
        side is Side.US and NORTH_SEA_OIL_ROUND in state.effects
    )
    return regular + int(extra and len(state.piles[hand_of(side)]) > regular)


def milops_shortfall(view: View) -> int:
    """DEFCON − the AI's military ops, if positive (spec §14.4, §19.E)."""
    return max(0, view.state.defcon - view.state.milops[view.side.col])


def military_ops_due(view: View) -> bool:
    """Spec §14.4 [r2]: the shortfall exceeds what the AI's later rounds can be counted on to
    cover, `milops_per_round_left` (rules/priorities.yaml) times its rounds left: always so in
    its last round while any shortfall remains."""
    per_round = view.rules.priorities.milops_per_round_left
    return milops_shortfall(view) > per_round * ai_rounds_left(view)


def military_ops_coup(view: View, budget: OpsBudget) -> tuple[int, str] | None:
    """Spec §14.4: a coup in the Primary Region first, then any allowed region by §18; §14.2
    chooses among the targets of a region. [r3] A BG is a target within §14.3's margins (its
    DEFCON drop lowers the AI's own requirement too), never when the coup would bring DEFCON
    to 2 (rules/priorities.yaml `milops_battlegrounds`; false: non-BGs only). The target and
    its region (the follow-up coups stay there, spec §11.2)."""
    order = [r for r in (view.primary, *view.regions_by_table()) if r]
    bgs = view.rules.priorities.milops_battlegrounds and view.state.defcon > 3

    def allowed(c: int) -> bool:
        return bgs or not coup_lowers_defcon(view, c)

    for region in dict.fromkeys(order):
        candidates = [c for c in view.members(region) if allowed(c)]
        ops = budget.remaining_if(view.rules, candidates[0]) if candidates else 0
        target = best_coup(view, candidates, ops, say("why.rule.military_ops"))
        if target is not None:
            return target, region
    return None


# The last plan: (position key, (allow_space, card_ops), plan, its trace steps).
_last_plan: list[tuple[tuple[object, ...], tuple[bool, int], OpsPlan, list[Step]]] = []


def plan_key(view: View, budget: OpsBudget) -> tuple[object, ...]:
    """Everything a plan depends on but the Space Race's terms (allowed, the card's ops): the
    rules too (a Ruleset hashes by identity), or a decision under edited rules would reuse a plan
    made under others (`check --rules`, `simulate --compare-rules` in one process)."""
    s = view.state
    return (
        view.rules,
        view.side,
        s.influence.tobytes(),
        s.defcon,
        s.turn,
        s.action_round,
        s.scoring_round,
        s.scoring_rounds_this_turn,  # the next round's scoring (spec §8.3, §25.1)
        len(s.piles[hand_of(view.side)]),  # k of spec §14.4
        tuple(s.milops),
        tuple(s.space),
        tuple(s.space_attempts),
        tuple(sorted(e.sort_key() for e in s.effects)),
        view.primary,
        view.secondary,
        s.enhanced,
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
        view.probe(new_steps),
        budget,
        allow_space=allow_space,
        card_ops=card_ops,
    )
    _last_plan[:] = [(key, terms, plan, new_steps)]
    view.trace.extend(new_steps)
    return OpsPlan(plan.kind, list(plan.points), plan.target, plan.region, plan.space_step)


def _plan_operations(view: View, budget: OpsBudget, *, allow_space: bool, card_ops: int) -> OpsPlan:
    """Spec §12.3 (with §12.4, §12.5, §14.4, §16): influence → coup → realignment in the
    Primary Region, then the Secondary, then the Space Race, then influence anywhere by §18. In
    a Scoring Round (§12.4 [r2]): a decisive coup, else option 0 if it gains, else §14.4, else
    the same; in a Non-Scoring Round §14.4 comes first."""
    view = china_card_in_asia(view, budget)
    primary, secondary = view.primary, view.secondary
    sr = view.scoring_round and primary is not None
    stage = None  # the Primary's option-0 placement, once made
    if sr and primary:
        target, stage = decisive_coup(view, budget)
        if target is not None:
            return OpsPlan("coup", target=target, region=primary)
        stage = stage or influence_stage(view, budget, primary, option0=True)
        if SCORE in stage.options:  # §12.4.2: option 0 gains VP
            points = influence_from(view, budget, primary, option0=True, stage=stage)
            assert points is not None
            return influence_plan(view, points, say("why.rule.scoring_option0"))
    if military_ops_due(view):
        coup = military_ops_coup(view, budget)
        if coup is not None:
            return OpsPlan("coup", target=coup[0], region=coup[1])
    if not sr and view.uses(FINAL_SWEEP):
        points = final_sweep(view, budget)
        if points is not None:
            return influence_plan(view, points, say("why.rule.final_sweep"))
    if not sr and view.uses(PREPARE_NEXT_SCORING):
        points = prepare_next_scoring(view, budget)
        if points is not None:
            return influence_plan(view, points, say("why.rule.prepare_next"))
    for region in [r for r in (primary, secondary) if r]:
        option0 = sr and region == primary
        points = influence_from(
            view, budget, region, option0=option0, stage=stage if region == primary else None
        )
        if points is not None:
            return influence_plan(view, points, say("why.rule.influence"))
        members = list(view.members(region))
        ops = budget.remaining_if(view.rules, members[0]) if members else 0
        target = best_coup(view, members, ops, say("why.rule.coup_in", region=region))
        if target is not None:
            return OpsPlan("coup", target=target, region=region)
        target = best_realign(view, members)
        if target is not None:
            return OpsPlan("realign", target=target, region=region)
    if allow_space and space_refusal(view.state, view.rules, view.side, card_ops) is None:
        why = say("why.space_race.nothing_to_do")
        view.note(Step(say("why.rule.space_race"), why=why))
        return OpsPlan("space_race", space_step=True)
    points = plan_influence(view, budget.copy(), regions_in_order(view), option0=False)
    if points:
        return influence_plan(view, points, say("why.rule.influence_by_table"), space_step=True)
    view.note(Step(spec("12.3"), why=say("why.ops.none_legal")))
    return OpsPlan("none", space_step=True)


def china_card_in_asia(view: View, budget: OpsBudget) -> View:
    """Spec §25.2 (the enhanced AI's china_card_always_enters): the China Card (the ops that
    earn +1 in Asia) is played for ops in Asia with §13 aimed at Asia: when only the Secondary
    Region is Asia or Southeast Asia, the plan is made with Asia as the Primary (it does not
    score). Otherwise the view as it is (the Primary is Asian, or the card was set aside)."""
    if ASIA not in budget.areas or not view.uses(CHINA_CARD_ALWAYS_ENTERS):
        return view
    if in_asia(view.primary) or not in_asia(view.secondary):
        return view
    if view.scoring_round and view.primary is not None:
        return view  # [r3]: never out of a Scoring Round: §12.4 in the Primary

    view.note(Step(say("why.rule.china_card_in_asia"), chosen=ASIA))
    return view.recast(primary=ASIA, scoring_round=False)


def in_asia(region: str | None) -> bool:
    return region in (ASIA, SOUTHEAST_ASIA)


def prepare_next_scoring(view: View, budget: OpsBudget) -> list[int] | None:
    """Spec §25.1 (the enhanced AI's prepare_next_scoring): in a round whose Secondary Region
    the next round scores (and whose Primary does not score now), option 0 first for the
    Secondary's coming scoring, on the present board; the rest of the ops go by §12.3 (the
    Primary, then §12.5). None when the next round scores nothing known or option 0 gains
    nothing there."""
    region = view.next_scoring
    if region is None or region != view.secondary:
        return None
    planner = Planner(
        view.sandbox(),
        budget=budget.copy(),
        access=placement_access(view.state, view.rules, view.side),
    )
    if not planner.score(region):
        return None
    if view.uses(GUARD_PREPARED):
        guard_prepared(view, planner)
    return planner.run(regions_in_order(view))


def guard_prepared(view: View, planner: Planner) -> None:
    """Spec §25.6 (the enhanced AI's guard_prepared): after the whole option-0 plan of §25.1,
    each country it brought to exactly control gets `points` more (rules/enhanced.yaml), in
    the order they were prepared, within §11.4's caps and the ops the plan left: the human
    acts first in the Scoring Round."""
    board = planner.view
    extra = view.rules.enhanced.guard_points
    for c in dict.fromkeys(planner.placed):
        if view.ai_controls(c) or board.ai_influence(c) - board.human_influence(
            c
        ) != board.stability(c):
            continue
        points = min(extra, board.cap(c) - board.ai_influence(c))
        if points > 0 and not planner.exhausted:
            planner.place(
                Goal("guard", c, points, planner.cost_to(c, board.ai_influence(c) + points))
            )
            rule = say("why.rule.guard")
            view.note(Step(rule, chosen=view.rules.countries[c].id))


def final_sweep(view: View, budget: OpsBudget) -> list[int] | None:
    """Spec §25.7 (the enhanced AI's final_sweep): in the AI's Non-Scoring Rounds of the last
    turn (`turn`, rules/enhanced.yaml) — every one [r4], or with `rounds: after_last_scoring`
    only those after its last Scoring Round [r3] — option 0 for the final scoring (§20) of the
    map region where that gains most (not Southeast Asia; ties by §18), outside the region
    restriction; the ops it leaves go by §12.3. None: not due, or no gain."""
    state, rules = view.state, view.rules
    if state.turn != rules.enhanced.final_sweep_turn:
        return None
    after_last = rules.enhanced.final_sweep_rounds == "after_last_scoring"
    if after_last and state.action_round <= max(rules.regions.midlate_rounds):
        return None
    access = placement_access(state, rules, view.side)
    best: tuple[int, Planner, str] | None = None
    for region in view.regions_by_table():
        planner = Planner(view.sandbox([]), budget=budget.copy(), access=access)
        if not planner.score(region):
            continue
        gain = primary_score(rules, planner.view.state, view.side, region) - primary_score(
            rules, state, view.side, region
        )
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, planner, region)
    if best is None:
        return None
    gain, planner, region = best
    why = say("why.final_sweep.gain", gain=gain)
    view.note(Step(say("why.rule.final_sweep"), chosen=region, why=why))
    return planner.run(regions_in_order(view))


def influence_plan(
    view: View, points: list[int], rule: str, *, space_step: bool = False
) -> OpsPlan:
    """An influence plan, traced with the points it puts in each region (spec §12.5: the ops
    the first region cannot take move on)."""
    regions: dict[str, int] = {}
    for c in points:
        region = view.rules.countries[c].region
        regions[region] = regions.get(region, 0) + 1
    where = ", ".join(
        say("why.points.in", n=n, region=region_name(region)) for region, n in regions.items()
    )
    why = say("why.points", n=len(points), where=where)
    view.note(Step(rule, chosen=list(regions), why=why))
    return OpsPlan("influence", points=points, space_step=space_step)


@dataclass(frozen=True, slots=True)
class CoupOutlook:
    """A coup's look-ahead over the six die results (spec §12.4.1): the chance it changes who
    controls the country, and the expected change of the AI's value of the coming scoring."""

    control_chance: float
    swing: float


def decisive_coup(view: View, budget: OpsBudget) -> tuple[int | None, Planner | None]:
    """Spec §12.4.1 [r2]: in a Scoring Round, the coup in the Primary Region (allowed by §14.1,
    §11.1, §14.3) whose chance to change the country's controller is at least
    `min_control_chance` and whose expected swing of the coming scoring beats option 0's gain
    and reaches `min_swing` (`min_swing_to_defcon2` if it brings DEFCON to 2); the greatest
    swing, ties by §14.2's tie-breaks. Also the option-0 placement when it was made."""
    primary = view.primary
    assert primary is not None
    p = view.rules.priorities
    members = list(view.members(primary))
    if not members:
        return None, None
    ops = budget.remaining_if(view.rules, members[0])
    base = primary_score(view.rules, view.state, view.side, primary)
    counts = region_counts(view.state, view.rules, primary)
    outlooks = {
        c: coup_outlook(view, c, ops, primary, counts, base)
        for c in members
        if coup_valid(view, c, ops)
    }

    def least_swing(c: int) -> int:
        to_defcon2 = coup_lowers_defcon(view, c) and view.state.defcon == 3
        return p.decisive_coup_min_swing_to_defcon2 if to_defcon2 else p.decisive_coup_min_swing

    pool = [
        c
        for c, o in outlooks.items()
        if o.control_chance >= p.decisive_coup_min_control_chance and o.swing >= least_swing(c)
    ]
    if not pool:
        return None, None
    stage = influence_stage(view, budget, primary, option0=True)
    influence_gain = primary_score(view.rules, stage.view.state, view.side, primary) - base
    pool = [c for c in pool if outlooks[c].swing > influence_gain]
    if not pool:
        return None, stage
    chance = {c: coup_success_chance(view.state, view.rules, view.side, c, ops) for c in pool}
    targets = CoupTargets(view, ops, chance)
    ties = [(n, partial(CRITERIA.get("coup_tiebreak", n), targets)) for n in p.coup_tiebreak]
    target = narrow(
        view,
        say("why.rule.decisive_coup"),
        pool,
        keys=[("greatest_swing", lambda c: -outlooks[c].swing), *ties],
        name=lambda c: view.rules.countries[c].id,
        why=lambda c: say(
            "why.decisive_coup.chance",
            chance=f"{outlooks[c].control_chance:.2f}",
            swing=f"{outlooks[c].swing:+.2f}",
            option0=f"{influence_gain:+d}",
        ),
        figures=lambda c: {
            "control_chance": round(outlooks[c].control_chance, 3),
            "expected_swing": round(outlooks[c].swing, 2),
            "option0_gain": influence_gain,
        },
    )
    return target, stage


def coup_outlook(
    view: View,
    c: int,
    ops: int,
    region: str,
    now: tuple[dict[Side, Counts], int],
    base: int,
) -> CoupOutlook:
    """A coup in c over the six die results, from the region's counts `now` (`region_counts`)
    and the AI's value of its scoring `base`: how often c's controller changes, and the
    expected change of that value. A score reads only who controls each country: one scoring
    per controller of c."""
    rules, side = view.rules, view.side
    mod = coup_roll_modifier(view.state, rules, side, c)
    a, h, stability = view.ai_influence(c), view.human_influence(c), view.stability(c)
    before = controller(view.state, rules, c)
    shuttle = shuttle_applies(view.state, rules, region, False)
    scores: dict[Side | None, int] = {}
    total = 0.0
    changes = 0
    for roll in range(1, 7):
        result = max(0, roll + ops + mod - 2 * stability)
        removed = min(h, result)
        margin = (a + result - removed) - (h - removed)
        holder = side if margin >= stability else side.other if -margin >= stability else None
        changes += holder is not before
        if holder not in scores:
            counts, bgs = counts_if_held(view.state, rules, region, now, c, holder)
            score = score_counts(rules, region, counts, bgs, shuttle=shuttle)
            scores[holder] = scoring_value(view.state, side, score)
        total += scores[holder]
    return CoupOutlook(changes / 6, total / 6 - base)


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
