"""Ways for the human to spend a card's ops (base §6; spec §10.2): the candidates the strong
stand-in weighs. Each is computed on a world (never the true state) and is only a proposal:
the look-ahead plays it through the engine and judges the result.

Influence plans aim at one region's score (or two regions', weighted): an exact search over
"take" and "break" per country, like the AI's option 0 but for the human and at any time, then
the ops left make the human's hold firmer (a battleground controlled by exactly its stability
breaks for 2 of the AI's ops; one point more doubles that). Coups come with their odds.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from twsolo.ai.score_search import ScoreStep, cheapest_positions
from twsolo.engine.board import controls, placement_access
from twsolo.engine.coup import coup_refusal
from twsolo.engine.influence import closed_region
from twsolo.engine.ops import OpsBudget
from twsolo.engine.scoring import (
    Counts,
    control_change,
    region_counts,
    score_counts,
    shuttle_applies,
)
from twsolo.engine.state import GameState
from twsolo.ids import Side
from twsolo.ruleset import Ruleset


@dataclass(frozen=True)
class OpsPlan:
    """One way to spend the ops: `kind` (influence, coup, space_race), the influence points in
    order (country indices) or the coup's target; `label` says it to a person."""

    kind: str
    points: tuple[int, ...] = ()
    target: int | None = None
    label: str = ""


class Board:
    """A board copy on which a plan is built point by point, with its costs (base §6.1.2: two
    ops a point while the opponent controls the country)."""

    def __init__(
        self,
        state: GameState,
        rules: Ruleset,
        side: Side,
        budget: OpsBudget,
        access: Collection[int] | None = None,
    ) -> None:
        self.state = state.board_copy()
        self.rules = rules
        self.side = side
        self.budget = budget.copy()
        # Base §6.1.1: access is fixed when the action begins (given when it has).
        self.access = placement_access(state, rules, side) if access is None else access
        self.closed = closed_region(state, side)
        self.points: list[int] = []

    def human_influence(self, c: int) -> int:
        return self.state.inf(c, self.side)

    def ai_influence(self, c: int) -> int:
        return self.state.inf(c, self.side.other)

    def usable(self, c: int) -> bool:
        return c in self.access and not (self.closed and self.rules.in_region(c, self.closed))

    def cost_to(self, c: int, target: int) -> int:
        s = self.rules.stabilities[c]
        h, a, cost = self.human_influence(c), self.ai_influence(c), 0
        while h < target:
            cost += 2 if a - h >= s else 1
            h += 1
        return cost

    def left(self, c: int | None = None) -> int:
        return self.budget.remaining_if(self.rules, c)

    def place(self, c: int, target: int) -> bool:
        """Raise the human's influence in c to `target` point by point, while the ops last."""
        while self.human_influence(c) < target:
            cost = 2 if controls(self.state, self.rules, self.side.other, c) else 1
            if not self.budget.can_spend(self.rules, c, cost):
                return False
            self.budget.spend(self.rules, c, cost)
            self.state.influence[c, self.side.col] += 1
            self.points.append(c)
        return True

    def margin(self, c: int) -> int:
        return self.human_influence(c) - self.ai_influence(c) - self.rules.stabilities[c]


def score_steps(board: Board, region: str, c: int, limit: int) -> list[ScoreStep]:
    """Per country, "take" (human control) or "break" (the AI loses control) at their cost."""
    s = board.rules.stabilities[c]
    state, rules, side = board.state, board.rules, board.side
    targets: list[tuple[int, Side | None]] = []
    if not controls(state, rules, side, c):
        targets.append((board.ai_influence(c) + s, side))
    if controls(state, rules, side.other, c):
        targets.append((board.ai_influence(c) - s + 1, None))
    out = []
    for target, holder in targets:
        cost = board.cost_to(c, target)
        if cost > limit:
            continue
        now, lost, gained, bgs = control_change(state, rules, region, c, holder)
        theirs = lost if now is side.other else Counts()
        out.append(ScoreStep(c, target, cost, gained, theirs, bgs))
    return out


def best_score(board: Board, region: str) -> list[ScoreStep]:
    """The take/break steps that raise the human's score of `region` the most within the ops
    (ties: fewer ops): an exact search over the region's counts, as scoring reads only them."""
    rules, side = board.rules, board.side
    members = [c for c in rules.members(region) if board.usable(c)]
    limit = min((board.left(c) for c in members), default=0)
    if limit <= 0:
        return []
    counts, total_bgs = region_counts(board.state, rules, region)
    shuttle = shuttle_applies(board.state, rules, region, False)

    def score(mine: Counts, theirs: Counts, bgs: int) -> int:
        result = score_counts(rules, region, {side: mine, side.other: theirs}, bgs, shuttle=shuttle)
        return result.vp * side.sign

    start = (counts[side], counts[side.other], total_bgs)
    base = score(*start)
    steps = (score_steps(board, region, c, limit) for c in members)
    states = cheapest_positions(start, steps, limit)
    best: tuple[int, int] | None = None
    plan: tuple[ScoreStep, ...] = ()
    for key, (used, chosen) in states.items():
        gain = score(*key) - base
        if gain > 0 and (best is None or (-gain, used) < best):
            best, plan = (-gain, used), chosen
    return list(plan)


def firm_up(board: Board, regions: Iterable[str]) -> None:
    """Spend what is left: the human's weakest hold in the regions (battlegrounds first) one
    point firmer, else a point toward the uncontrolled battleground cheapest to take, else
    toward any uncontrolled country; stop when nothing is useful."""
    rules, side = board.rules, board.side
    members = [c for r in regions for c in rules.members(r) if board.usable(c)]
    while board.left() > 0:
        held = [c for c in members if controls(board.state, rules, side, c) and board.margin(c) < 1]
        open_ = [
            c
            for c in members
            if not controls(board.state, rules, side, c)
            and not controls(board.state, rules, side.other, c)
        ]
        choice = None
        if held:
            choice = min(held, key=lambda c: (not rules.countries[c].battleground, board.margin(c)))
        elif open_:
            choice = min(
                open_,
                key=lambda c: (
                    not rules.countries[c].battleground,
                    board.cost_to(c, board.ai_influence(c) + rules.stabilities[c]),
                ),
            )
        if choice is None or not board.place(choice, board.human_influence(choice) + 1):
            return


def influence_plan(
    state: GameState,
    rules: Ruleset,
    side: Side,
    budget: OpsBudget,
    regions: list[str],
    access: Collection[int] | None = None,
) -> tuple[int, ...]:
    """Score-first in each of `regions` in turn (each with the ops the previous left), then
    the rest firming up the human's hold there. `access`: the action's, once it has begun."""
    board = Board(state, rules, side, budget, access)
    for region in regions:
        while board.left() > 0:
            steps = best_score(board, region)
            if not steps:
                break
            placed = [board.place(step.country, step.target) for step in steps]
            if not all(placed):
                break
    firm_up(board, regions)
    return tuple(board.points)


def coup_targets(
    state: GameState, rules: Ruleset, side: Side, allowed: Collection[int]
) -> list[int]:
    """Countries `side` may coup now, among `allowed` (the Primary and Secondary Regions: no
    penalty)."""
    return [c for c in sorted(allowed) if coup_refusal(state, rules, side, c) is None]
