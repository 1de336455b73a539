"""Influence placement with ops (base §6.1; card-events A7).

Access is fixed before the first point; each point costs 1, or 2 while the opponent controls the
country, re-checked point by point; Chernobyl closes one region to the USSR.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from twsolo.engine.board import controlled, controls, placement_access
from twsolo.engine.effects import chernobyl_region
from twsolo.engine.ops import OpsBudget
from twsolo.engine.state import GameState
from twsolo.errors import IllegalActionError
from twsolo.ids import CardId, Side
from twsolo.phrases import say
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game


def point_cost(state: GameState, rules: Ruleset, side: Side, country: int) -> int:
    """Base §6.1.2: 2 ops while the opponent controls the country, else 1."""
    return 2 if controls(state, rules, side.other, country) else 1


def placement_refusal(
    state: GameState, rules: Ruleset, side: Side, country: int, access: frozenset[int]
) -> str | None:
    """Why `side` may not place a point in `country` now, or None (cost aside)."""
    if country not in access:
        name = rules.countries[country].name
        return say("engine.influence.placement_refusal.refused", name=name, side=side.label)
    region = closed_region(state, side)
    if region and rules.in_region(country, region):
        return say(
            "engine.influence.placement_refusal.refused_2",
            card=rules.card(CardId.CHERNOBYL).name,
            region=region.replace("_", " "),
        )
    return None


def closed_region(state: GameState, side: Side) -> str | None:
    """The region where `side` may not place influence (Chernobyl, card #94), or None."""
    return chernobyl_region(state) if side is Side.USSR else None


def cost_refusal(rules: Ruleset, country: int, cost: int, available: int) -> str:
    return say(
        "engine.influence.cost_refusal.refused",
        name=rules.countries[country].name,
        cost=cost,
        available=available,
    )


def placement_options(
    state: GameState, rules: Ruleset, side: Side, budget: OpsBudget, access: frozenset[int]
) -> list[int]:
    """Countries where one more point can go now (access, card bans, cost within the budget):
    `placement_refusal` and `point_cost` made for the whole board at once, as this runs for
    every point."""
    closed = closed_region(state, side)
    dear = controlled(state, rules, side.other).tolist()
    if not budget.areas and not closed:  # one figure for every country: no bonus, no ban
        left = budget.remaining_if(rules, None)
        return [c for c in sorted(access) if (2 if dear[c] else 1) <= left]
    return [
        c
        for c in sorted(access)
        if not (closed and rules.in_region(c, closed))
        and budget.can_spend(rules, c, 2 if dear[c] else 1)
    ]


def place_point(
    game: Game, side: Side, country: int, budget: OpsBudget, access: frozenset[int]
) -> None:
    """Place one point, paying its cost from the budget; refuse with the rule's reason."""
    state, rules = game.state, game.rules
    reason = placement_refusal(state, rules, side, country, access)
    cost = point_cost(state, rules, side, country)
    if reason is None and not budget.can_spend(rules, country, cost):
        reason = cost_refusal(rules, country, cost, budget.remaining_if(rules, country))
    if reason:
        raise IllegalActionError(reason)
    budget.spend(rules, country, cost)
    game.add_influence(country, side, 1)


def place_influence(game: Game, side: Side, budget: OpsBudget, points: Iterable[int]) -> None:
    """Place the given points in order (a country once per point), all with one access set."""
    access = placement_access(game.state, game.rules, side)
    for country in points:
        place_point(game, side, country, budget, access)


def conduct_influence(game: Game, side: Side, budget: OpsBudget) -> None:
    """Ask `side` point by point where its influence goes, until the ops are spent or it stops."""
    access = placement_access(game.state, game.rules, side)
    while True:
        options = placement_options(game.state, game.rules, side, budget, access)
        if not options:
            return
        ids = [game.rules.countries[c].id for c in options]
        answer = game.ask(
            "influence",
            side,
            [*ids, "done"],
            say("engine.influence.place", n=budget.left),
            key="ops.influence",
            budget=budget,
            access=access,
        )
        if answer == "done":
            return
        place_point(game, side, game.rules.index[str(answer)], budget, access)
