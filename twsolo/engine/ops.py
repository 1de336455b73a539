"""The ops a card gives and how they are spent: the budget with its conditional bonuses.

Base §7.4 (card-events A14): unconditional modifiers first (Containment/Brezhnev +1 up to 4,
Red Scare/Purge −1 down to 1), then the conditional +1s that hold only when every op is spent in
an area (China Card in Asia, Vietnam Revolts in Southeast Asia).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from twsolo.engine.effects import area_bonuses, ops_modifier
from twsolo.engine.state import GameState
from twsolo.ids import Side
from twsolo.ruleset import Ruleset


def card_ops(state: GameState, rules: Ruleset, side: Side, card: int) -> int:
    """The card's ops for `side` with the unconditional modifiers; scoring cards have none."""
    c = rules.card(card)
    return 0 if c.scoring else ops_modifier(state, side, c.ops)


@dataclass
class OpsBudget:
    """Ops to spend, with area bonuses that stay available while every op went to the area."""

    base: int
    areas: list[str] = field(default_factory=list)
    spent: int = 0
    outside: set[str] = field(default_factory=set)  # bonus areas already left

    @classmethod
    def for_card(cls, state: GameState, rules: Ruleset, side: Side, card: int) -> OpsBudget:
        return cls(card_ops(state, rules, side, card), area_bonuses(state, side, card))

    def copy(self) -> OpsBudget:
        return OpsBudget(self.base, list(self.areas), self.spent, set(self.outside))

    def remaining_if(self, rules: Ruleset, country: int | None) -> int:
        """What would remain available if the next op went to `country` (None: anywhere)."""
        if not self.areas:  # most cards: no bonus to earn (this runs for every country)
            return self.base - self.spent
        bonus = 0
        for area in self.areas:
            if area in self.outside:
                continue
            if country is None or rules.in_region(country, area):
                bonus += 1
        return self.base + bonus - self.spent

    def can_spend(self, rules: Ruleset, country: int, cost: int) -> bool:
        return cost <= self.remaining_if(rules, country)

    def spend(self, rules: Ruleset, country: int, cost: int) -> None:
        for area in self.areas:
            if not rules.in_region(country, area):
                self.outside.add(area)
        self.spent += cost

    def total(self) -> int:
        """The ops in force now: the base plus every bonus still earned."""
        return self.base + sum(1 for a in self.areas if a not in self.outside)

    @property
    def left(self) -> int:
        return max(0, self.total() - self.spent)
