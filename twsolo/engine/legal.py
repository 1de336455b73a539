"""Legal-action views: for a side and an amount of ops, every target with the reason it is
refused, so the CLI can show why and the AI can filter. Pure functions of a state."""

from __future__ import annotations

from dataclasses import dataclass

from twsolo.engine.board import placement_access
from twsolo.engine.coup import coup_refusal, realign_refusal
from twsolo.engine.effects import coup_roll_modifier
from twsolo.engine.influence import cost_refusal, placement_refusal, point_cost
from twsolo.engine.state import GameState
from twsolo.ids import Side
from twsolo.ruleset import Ruleset


@dataclass(slots=True, unsafe_hash=True)  # a value: not frozen, for speed (docs/decisions.md §10)
class Target:
    country: str
    refusal: str | None  # None: legal
    cost: int = 0  # influence: ops for the next point
    chance: float = 0.0  # coup: probability the coup changes anything

    @property
    def legal(self) -> bool:
        return self.refusal is None


def influence_targets(state: GameState, rules: Ruleset, side: Side, ops: int) -> list[Target]:
    """Every country, with what the next point there costs and why it cannot go there."""
    access = placement_access(state, rules, side)
    out = []
    for c in rules.countries:
        refusal = placement_refusal(state, rules, side, c.index, access)
        cost = point_cost(state, rules, side, c.index)
        if refusal is None and cost > ops:
            refusal = cost_refusal(rules, c.index, cost, ops)
        out.append(Target(c.id, refusal, cost=cost))
    return out


def coup_success_chance(
    state: GameState, rules: Ruleset, side: Side, country: int, ops: int
) -> float:
    """P(die + ops + modifiers − 2 × stability > 0) on one die."""
    need = (
        2 * rules.countries[country].stability
        - ops
        - coup_roll_modifier(state, rules, side, country)
    )
    wins = sum(1 for roll in range(1, 7) if roll > need)
    return wins / 6


def coup_targets(
    state: GameState, rules: Ruleset, side: Side, ops: int, *, free: bool = False
) -> list[Target]:
    out = []
    for c in rules.countries:
        refusal = coup_refusal(state, rules, side, c.index, free=free)
        chance = coup_success_chance(state, rules, side, c.index, ops)
        out.append(Target(c.id, refusal, chance=chance))
    return out


def realign_targets(state: GameState, rules: Ruleset, side: Side) -> list[Target]:
    return [Target(c.id, realign_refusal(state, rules, side, c.index)) for c in rules.countries]
