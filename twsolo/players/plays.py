"""The human's candidate plays of an action round (spec §10.1): a card and how to play it —
its event, the Space Race, or its ops by a plan (influence aimed at a region, a coup) — and the
script that answers the engine's questions for the play once it is chosen."""

from __future__ import annotations

from dataclasses import dataclass, field

from twsolo.engine.choices import Answer, Choice
from twsolo.engine.game import Game
from twsolo.engine.ops import OpsBudget
from twsolo.engine.scoring import pile_region
from twsolo.engine.state import GameState
from twsolo.ids import MAP_REGIONS, Side
from twsolo.phrases import say
from twsolo.players.ops_plans import OpsPlan, coup_targets, influence_plan
from twsolo.ruleset import Ruleset

# The questions a play's script answers outside any event (the play's own ops).
OPS_QUESTIONS = ("operation", "influence", "coup")
# The questions that choose a new play: a play's script answers none from them on.
NEW_PLAY = ("ar_card", "headline", "draft")


@dataclass(frozen=True)
class Play:
    """One candidate: `card` played as `how` (event, ops, space_race); for ops, the plan and
    the regions its influence aims at (`focus`, to plan again if an event moved the board
    first); `order` when the card carries the AI's event (spec §10.1.3)."""

    card: int
    how: str
    ops: OpsPlan | None = None
    focus: tuple[str, ...] = ()
    order: str = "event_first"

    def describe(self, rules: Ruleset) -> str:
        name = str(rules.card(self.card))
        if self.how == "event":
            return say("hint.play.event", card=name)
        if self.how == "space_race":
            return say("hint.play.space_race", card=name)
        return say("hint.play.ops", card=name, plan=describe_plan(rules, self.ops))


def describe_plan(rules: Ruleset, plan: OpsPlan | None) -> str:
    if plan is None:
        return say("hint.plan.by_the_rules")
    if plan.kind == "coup" and plan.target is not None:
        return say("hint.plan.coup", country=rules.countries[plan.target].name)
    if plan.kind == "influence":
        points: dict[str, int] = {}
        for c in plan.points:
            name = rules.countries[c].name
            points[name] = points.get(name, 0) + 1
        places = ", ".join(f"{n} +{k}" for n, k in points.items())
        return say("hint.plan.influence", places=places)
    if plan.kind == "coup":
        return say("hint.plan.coup_nowhere")
    return say(f"hint.plan.{plan.kind}")


def regions_now(state: GameState, rules: Ruleset) -> list[str]:
    """The Primary and Secondary Regions (spec §7.1): where the human spends ops freely."""
    return [r for p in ("primary", "secondary") if (r := pile_region(state, rules, p))]


# Influence plans made on one position, by the budget's ops and bonus areas and the regions
# aimed at: the two cards of an action round often give the same.
Plans = dict[tuple[int, tuple[str, ...], tuple[str, ...]], tuple[int, ...]]


def candidates(
    state: GameState,
    rules: Ruleset,
    side: Side,
    card: int,
    ways: list[str],
    plans: Plans | None = None,
) -> list[Play]:
    """The plays of `card` worth weighing: each legal way; for ops, influence aimed at the
    Primary, the Secondary and both (each order), and at each other map region (the
    off-region penalty then counts, spec §10.2), and every coup in the two regions. `plans`:
    the influence plans already made on `state` (filled here)."""
    plans = {} if plans is None else plans
    out: list[Play] = []
    for how in ways:
        if how != "ops":
            out.append(Play(card, how))
            continue
        budget = OpsBudget.for_card(state, rules, side, card)
        regions = regions_now(state, rules)
        focuses: list[tuple[str, ...]] = [(r,) for r in regions]
        if len(regions) == 2:
            focuses += [tuple(regions), tuple(reversed(regions))]
        focuses += [(r,) for r in MAP_REGIONS if r not in regions]
        seen: set[tuple[int, ...]] = set()
        for focus in focuses:
            key = (budget.base, tuple(budget.areas), focus)
            points = plans.get(key)
            if points is None:
                points = plans[key] = influence_plan(state, rules, side, budget, list(focus))
            if points and points not in seen:
                seen.add(points)
                out.append(Play(card, "ops", OpsPlan("influence", points), focus))
        allowed = {c for r in regions for c in rules.members(r)}
        for target in coup_targets(state, rules, side, allowed):
            out.append(Play(card, "ops", OpsPlan("coup", target=target)))
    return out


@dataclass
class PlayScript:
    """Answers the engine's questions for a chosen play; None for any other question."""

    play: Play
    side: Side
    board: bytes  # the influence when the plan was made
    depth: int = 0  # the events being resolved when it was made: its ops questions come there
    points: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.play.ops is not None:
            self.points = list(self.play.ops.points)

    def answer(self, game: Game, choice: Choice) -> Answer | None:
        play, kind, options = self.play, choice.kind, choice.options
        if kind == "play":
            return play.how if choice.context.get("card") == play.card else None
        if kind == "order":
            return play.order if play.order in options else None
        if len(game.event_frames) != self.depth or kind not in OPS_QUESTIONS or play.ops is None:
            return None
        rules = game.rules
        if kind == "operation":
            budget = choice.context.get("budget")
            moved = game.state.influence.tobytes() != self.board  # an event came first
            if play.ops.kind == "influence" and moved and isinstance(budget, OpsBudget):
                plan = influence_plan(game.state, rules, self.side, budget, list(play.focus))
                self.points = list(plan)
            return play.ops.kind if play.ops.kind in options else None
        if kind == "influence":
            while self.points:
                point = rules.countries[self.points.pop(0)].id
                if point in options:
                    return point
            return "done"
        target = play.ops.target
        if target is not None and rules.countries[target].id in options:
            return rules.countries[target].id
        return None
