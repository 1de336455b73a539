"""AI influence placement (spec §13, with the caps of §11.4 and the splitting of §12.5).

The planner works on a copy of the state: it places point by point, so each cost is the real one
(2 ops while the human controls the country, base §6.1.2) and each option sees the board as the
previous ones left it. After every completed option it restarts from the first (§13.2).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations

from twsolo.ai.criteria import CRITERIA, criterion
from twsolo.ai.narrow import narrow
from twsolo.ai.score_search import ScoreStep, cheapest_positions
from twsolo.ai.trace import Step
from twsolo.ai.value import gain_text, scoring_value
from twsolo.ai.view import View, in_region
from twsolo.engine.effects import chernobyl_region
from twsolo.engine.ops import OpsBudget
from twsolo.engine.scoring import (
    Counts,
    control_change,
    region_counts,
    score_counts,
    shuttle_applies,
)
from twsolo.ids import SOUTHEAST_ASIA, Side
from twsolo.phrases.book import say

SCORE = "score"  # option 0: only when the region scores this round (spec §12.4.2)


@dataclass(slots=True, unsafe_hash=True)  # a value: not frozen, for speed (docs/decisions.md §10)
class Goal:
    option: str
    country: int
    points: int
    cost: int


class Planner:
    """Plans where `view.side` places influence. `view.state` must be a copy: it is mutated.

    With a `budget` (ops) points cost 1 or 2 and must be accessible (`access`); without one
    (an event's placement, spec §17.2 [r2]) every point costs 1, `points` is the event's one
    budget and `per_country` its limit in one country, counting the points it already put there
    (`placed`).
    """

    def __init__(
        self,
        view: View,
        *,
        budget: OpsBudget | None = None,
        points: int = 0,
        access: Collection[int] | None = None,
        candidates: Collection[int] | None = None,
        caps: bool = True,
        per_country: int | None = None,
        placed: Sequence[int] = (),
    ) -> None:
        self.view = view
        self.budget = budget
        self.points_left = points
        self.per_country = per_country
        self.placed_before = list(placed)
        self.access = access
        self.candidates = candidates
        self.caps = caps
        self.placed: list[int] = []
        self.options: list[str] = []  # the option of each goal placed, in order
        # Card effects that close a region to placement with ops (Chernobyl, card-events #94).
        region = chernobyl_region(view.state) if budget is not None else None
        self.banned = region if view.side is Side.USSR else None
        # The §13.3 tie-breaks in the order rules/priorities.yaml lists them, looked up once:
        # every pick uses them. Unbound: a planner holding functions bound to itself would be a
        # reference cycle, and each planner, with its board copy, would wait for the garbage
        # collector (issue #26).
        self.tiebreaks: list[tuple[str, Callable[[Planner, Goal], object]]] = [
            (name, CRITERIA.get("influence_tiebreak", name))
            for name in view.rules.priorities.influence_tiebreak
        ]

    # ------------------------------------------------------------------ costs (spec §13.1)
    def point_cost(self, c: int) -> int:
        if self.budget is None:
            return 1
        return 2 if self.view.human_controls(c) else 1

    def cost_to(self, c: int, target: int) -> int:
        """Ops to raise the AI's influence in c to `target`, 2 per point while the human
        still controls c."""
        v = self.view
        a, h, s = v.ai_influence(c), v.human_influence(c), v.stability(c)
        cost = 0
        while a < target:
            cost += 2 if self.budget is not None and h - a >= s else 1
            a += 1
        return cost

    def available(self, c: int | None = None) -> int:
        """What may still be spent (on `c`): the ops, or the event's points within its
        per-country limit."""
        if self.budget is not None:
            return self.budget.remaining_if(self.view.rules, c)
        if c is None or self.per_country is None:
            return self.points_left
        room = self.per_country - self.placed_before.count(c) - self.placed.count(c)
        return min(self.points_left, room)

    def usable(self, c: int) -> bool:
        if self.candidates is not None and c not in self.candidates:
            return False
        if self.budget is None and self.available(c) <= 0:
            return False
        if self.access is not None and c not in self.access:
            return False
        if self.banned is not None and self.view.rules.in_region(c, self.banned):
            return False  # Chernobyl: no USSR influence there by ops
        return not self.caps or self.view.ai_influence(c) < self.view.cap(c)

    def take_target(self, c: int) -> int:
        return self.view.human_influence(c) + self.view.stability(c)

    def break_target(self, c: int) -> int:
        return self.view.human_influence(c) - self.view.stability(c) + 1

    # ------------------------------------------------------------------ placing
    def place(self, goal: Goal) -> None:
        rules = self.view.rules
        for _ in range(goal.points):
            cost = self.point_cost(goal.country)
            if self.budget is not None:
                if not self.budget.can_spend(rules, goal.country, cost):
                    return
                self.budget.spend(rules, goal.country, cost)
            else:
                if self.available(goal.country) <= 0:
                    return
                self.points_left -= 1
            self.view.state.influence[goal.country, self.view.side.col] += 1
            self.placed.append(goal.country)

    @property
    def exhausted(self) -> bool:
        if self.budget is None:
            return self.points_left <= 0
        return self.budget.left <= 0

    # ------------------------------------------------------------------ spec §13.3 ties
    def tiebreak_key(self, goal: Goal) -> tuple[object, ...]:
        return tuple(key(self, goal) for _, key in self.tiebreaks)

    def pick(self, goals: Sequence[Goal], rule: str) -> list[Goal]:
        """The goal §13.3 prefers (none when there is no goal), noted in the trace."""
        names = self.view.rules.countries
        chosen = narrow(
            self.view,
            rule,
            goals,
            keys=[(name, partial(key, self)) for name, key in self.tiebreaks],
            name=lambda g: names[g.country].id,
            why=lambda g: say("why.goal.cost", goal=goal_text(g.option), cost=g.cost),
        )
        return [chosen] if chosen is not None else []

    # ------------------------------------------------------------------ spec §13.2 options
    def run(self, regions: Sequence[str], *, score_region: str | None = None) -> list[int]:
        """Place everything the options allow, region after region (spec §12.5): only the ops
        that cannot be spent in a region move on to the next. `score_region` turns option 0 on
        for that region (spec §12.4.2)."""
        for region in regions:
            while not self.exhausted:
                goals = self.next_goals(region, option0=region == score_region)
                if not goals:
                    break
                for goal in goals:
                    self.place(goal)
                    self.options.append(goal.option)
        return self.placed

    def score(self, region: str) -> list[int]:
        """Option 0 alone for `region`'s coming scoring, restarted until it gains nothing more
        (spec §25.1 runs it before §12.3)."""
        while not self.exhausted:
            members = [c for c in self.view.members(region) if self.usable(c)]
            goals = best_score_plan(self, region, members)
            if not goals:
                break
            for goal in goals:
                self.place(goal)
                self.options.append(goal.option)
        return self.placed

    def next_goals(self, region: str, *, option0: bool) -> list[Goal]:
        members = [c for c in self.view.members(region) if self.usable(c)]
        for name in self.view.rules.priorities.influence_options:
            if name == SCORE and not option0:
                continue
            goals: list[Goal] = CRITERIA.get("influence_options", name)(self, region, members)
            if goals:
                return goals
        return []

    def _take(self, option: str, c: int) -> Goal:
        target = self.take_target(c)
        return Goal(option, c, target - self.view.ai_influence(c), self.cost_to(c, target))

    def affordable_take(self, c: int) -> bool:
        return self.cost_to(c, self.take_target(c)) <= self.available(c)


@criterion("influence_options", "take_bg")
def _take_bg(p: Planner, region: str, members: list[int]) -> list[Goal]:
    """Option 1: an uncontrolled battleground the AI can afford to take."""
    v = p.view
    goals = [
        p._take("take_bg", c)
        for c in members
        if v.bg(c) and v.uncontrolled(c) and p.affordable_take(c)
    ]
    return p.pick(goals, say("why.rule.option1"))


@criterion("influence_options", "break_bg")
def _break_bg(p: Planner, region: str, members: list[int]) -> list[Goal]:
    """Option 2: a human-controlled battleground: take it if affordable, else just break it."""
    v = p.view
    goals = []
    for c in members:
        if not (v.bg(c) and v.human_controls(c)):
            continue
        if p.affordable_take(c):
            goals.append(p._take("break_bg", c))
            continue
        target = p.break_target(c)
        cost = p.cost_to(c, target)
        if cost <= p.available(c):
            goals.append(Goal("break_bg", c, target - v.ai_influence(c), cost))
    return p.pick(goals, say("why.rule.option2"))


@criterion("influence_options", "take_key_non_bg")
def _take_key_non_bg(p: Planner, region: str, members: list[int]) -> list[Goal]:
    """Option 3: an uncontrolled non-battleground, affordable, if the AI controls no
    non-battleground in the region (domination needs one) or it touches the human superpower."""
    v = p.view
    takes = [c for c in members if not v.bg(c) and v.uncontrolled(c) and p.affordable_take(c)]
    if not takes:
        return []
    has_non_bg = any(not v.bg(c) and v.ai_controls(c) for c in v.members(region))
    goals = [
        p._take("take_key_non_bg", c)
        for c in takes
        if not has_non_bg or v.adjacent_to_human_superpower(c)
    ]
    return p.pick(goals, say("why.rule.option3"))


@criterion("influence_options", "reinforce")
def _reinforce(p: Planner, region: str, members: list[int]) -> list[Goal]:
    """Option 4: an AI-controlled battleground below its cap, where the human has influence
    or controls a neighbour: place 1."""
    v = p.view
    goals = [
        Goal("reinforce", c, 1, p.point_cost(c))
        for c in members
        if v.bg(c)
        and v.ai_controls(c)
        and (v.human_influence(c) > 0 or any(v.human_controls(n) for n in v.rules.neighbours[c]))
        and p.point_cost(c) <= p.available(c)
    ]
    return p.pick(goals, say("why.rule.option4"))


@criterion("influence_options", "approach_bg")
def _approach_bg(p: Planner, region: str, members: list[int]) -> list[Goal]:
    """Option 5: an uncontrolled battleground too dear to take: as many points toward it as
    the ops allow (up to the cap)."""
    v = p.view
    goals = []
    for c in members:
        if not (v.bg(c) and v.uncontrolled(c)) or p.affordable_take(c):
            continue
        n = 0
        a, spent = v.ai_influence(c), 0
        while a < p.take_target(c) and spent + 1 <= p.available(c):
            spent += 1  # uncontrolled: every point costs 1
            a += 1
            n += 1
        if n:
            goals.append(Goal("approach_bg", c, n, spent))
    return p.pick(goals, say("why.rule.option5"))


@criterion("influence_options", "take_non_bg")
def _take_non_bg(p: Planner, region: str, members: list[int]) -> list[Goal]:
    """Option 6: any uncontrolled non-battleground the AI can afford to take."""
    v = p.view
    goals = [
        p._take("take_non_bg", c)
        for c in members
        if not v.bg(c) and v.uncontrolled(c) and p.affordable_take(c)
    ]
    return p.pick(goals, say("why.rule.option6"))


@criterion("influence_options", "presence")
def _presence(p: Planner, region: str, members: list[int]) -> list[Goal]:
    """Option 7 [r2]: a country of the region with no AI influence, that the human does not
    control and that is not in Southeast Asia (presence scores nothing there): place 1."""
    v = p.view
    goals = [
        Goal("presence", c, 1, p.point_cost(c))
        for c in members
        if v.ai_influence(c) == 0
        and not v.human_controls(c)
        and not in_region(v.rules, c, SOUTHEAST_ASIA)
        and p.point_cost(c) <= p.available(c)
    ]
    return p.pick(goals, say("why.rule.option7"))


@criterion("influence_options", "access")
def _access(p: Planner, region: str, members: list[int]) -> list[Goal]:
    """Option 8: a country outside the region, next to a battleground of the region that the
    AI cannot reach, where 1 point gives access to it."""
    v = p.view
    if p.access is None:
        return []  # an event's placement needs no access
    unreachable = [c for c in v.members(region) if v.bg(c) and c not in p.access]
    outside = {
        n
        for c in unreachable
        for n in v.rules.neighbours[c]
        if not in_region(v.rules, n, region) and p.usable(n)
    }
    goals = [
        Goal("access", c, 1, p.point_cost(c))
        for c in sorted(outside)
        if p.point_cost(c) <= p.available(c)
    ]
    return p.pick(goals, say("why.rule.option8"))


# ---------------------------------------------------------------------- spec §13.3 tie-breaks
@criterion("influence_tiebreak", "lower_cost")
def _lower_cost(p: Planner, goal: Goal) -> object:
    """Lower cost."""
    return goal.cost


@criterion("influence_tiebreak", "adjacent_human_superpower")
def _adjacent_human_superpower(p: Planner, goal: Goal) -> object:
    """Adjacent to the human's superpower."""
    return not p.view.adjacent_to_human_superpower(goal.country)


@criterion("influence_tiebreak", "higher_stability")
def _higher_stability(p: Planner, goal: Goal) -> object:
    """Higher stability."""
    return -p.view.stability(goal.country)


@criterion("influence_tiebreak", "more_human_influence")
def _more_human_influence(p: Planner, goal: Goal) -> object:
    """More human influence present."""
    return -p.view.human_influence(goal.country)


@criterion("influence_tiebreak", "table")
def _table(p: Planner, goal: Goal) -> object:
    """The Region/Country Priority Table (spec §18)."""
    return p.view.rank(goal.country)


def goal_text(option: str) -> str:
    """What a goal of the option (rules/priorities.yaml influence_options) aims at, for the
    trace (the phrases "why.goal.OPTION")."""
    return say(f"why.goal.{option}")


# ---------------------------------------------------------------------- option 0
def _actions(p: Planner, region: str, c: int, limit: int) -> list[ScoreStep]:
    """Per country, "take" or "break" at their cheapest cost under the caps (§13.2 option 0)."""
    v = p.view
    state, rules, side = v.state, v.rules, v.side
    targets = set()
    if not v.ai_controls(c):
        targets.add(p.take_target(c))
    if v.human_controls(c):
        targets.add(p.break_target(c))
    out = []
    for target in sorted(targets):
        cost = p.cost_to(c, target)
        if cost > min(limit, p.available(c)) or (p.caps and target > v.cap(c)):
            continue
        takes = target >= p.take_target(c)  # else the country ends uncontrolled
        # The country is the human's or nobody's now (the targets above), so what its present
        # controller loses is the human's.
        _, human, ai, bgs = control_change(state, rules, region, c, side if takes else None)
        out.append(ScoreStep(c, target, cost, ai, human, bgs))
    return out


def spending_scopes(p: Planner, members: list[int]) -> list[tuple[tuple[int, ...], int]]:
    """The countries a distribution may use and the ops it then has. A conditional +1 (the
    China Card in Asia, Vietnam Revolts in Southeast Asia: card-events A14) is earned only by a
    distribution wholly inside its area, so each set of bonus areas still earnable gives its
    members with the base ops plus those bonuses (the empty set: every member, the base ops).
    An event's points are one budget, one scope (spec §17.2)."""
    if p.budget is None:
        return [(tuple(members), p.available() if members else 0)]
    rules, budget = p.view.rules, p.budget
    earnable = [a for a in budget.areas if a not in budget.outside]
    scopes: dict[tuple[int, ...], int] = {}
    for n in range(len(earnable) + 1):
        for areas in combinations(earnable, n):
            inside = tuple(c for c in members if all(rules.in_region(c, a) for a in areas))
            limit = budget.base + n - budget.spent
            scopes[inside] = max(limit, scopes.get(inside, limit))
    return list(scopes.items())


@criterion("influence_options", SCORE)
def best_score_plan(p: Planner, region: str, members: list[int]) -> list[Goal]:
    """Option 0 (spec §13.2): the distribution of the remaining ops that most increases the AI's
    VP from scoring the region this round. A region's score depends only on who controls each
    country, so the search tries, per country, nothing, "take" or "break" at their cheapest
    cost: an exact search, run over the summed counts (dynamic programming). Ties: fewer ops,
    then §13.3."""
    scopes = [(scope, limit) for scope, limit in spending_scopes(p, members) if scope and limit > 0]
    if not scopes:
        return []
    v = p.view
    counts, total_bgs = region_counts(v.state, v.rules, region)
    shuttle = shuttle_applies(v.state, v.rules, region, False)
    side = v.side

    def ai_vp(ai: Counts, human: Counts, bgs: int) -> int:
        score = score_counts(v.rules, region, {side: ai, side.other: human}, bgs, shuttle=shuttle)
        return scoring_value(v.state, side, score)

    start = (counts[side], counts[side.other], total_bgs)
    base = ai_vp(*start)
    best: tuple[int, int, tuple[object, ...]] | None = None
    chosen: tuple[ScoreStep, ...] = ()
    for scope, limit in scopes:
        steps = (_actions(p, region, c, limit) for c in scope)
        for (ai, human, bgs), (used, acts) in cheapest_positions(start, steps, limit).items():
            gain = ai_vp(ai, human, bgs) - base
            if gain <= 0:
                continue
            ties = tuple(sorted(p.tiebreak_key(Goal("score", a.country, 0, a.cost)) for a in acts))
            rank = (-gain, used, ties)
            if best is None or rank < best:
                best, chosen = rank, acts
    if best is None:
        return []
    names = [v.rules.countries[a.country].id for a in chosen]
    gain = -best[0]
    v.note(
        Step(
            say("why.rule.option0"),
            chosen=names,
            why=say(
                "why.score.ops" if p.budget is not None else "why.score.points",
                gain=gain_text(base, base + gain),
                region=region,
                n=best[1],
            ),
            figures={"value_gain": gain, "ops": best[1]},
        )
    )
    return [Goal("score", a.country, a.target - v.ai_influence(a.country), a.cost) for a in chosen]
