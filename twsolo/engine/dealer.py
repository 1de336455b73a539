"""The dealer: which card lies in each pile's unseen part, the one fact the table does not know.

The state holds only what the table knows (spec §4, docs/decisions.md §3): a card dealt face
down joins `GameState.unseen` and its pile gains an unseen slot. In digital play and in
simulations chance deals real cards, so someone must know which card went where, or a seeded
game would not keep the real odds of a later reveal. That someone is the dealer, and only chance
reads it (engine/game.py offers chance the dealer's cards); the players, the AI and its dry runs,
the screens and the saved state never see it. At the table there is no dealer: nobody knows.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from twsolo.engine.state import GameState


@dataclass(slots=True)
class Dealer:
    cards: dict[str, list[int]] = field(default_factory=dict)

    def unseen_in(self, pile: str) -> list[int]:
        return self.cards.get(pile, [])

    def add(self, pile: str, cards: list[int]) -> None:
        self.cards.setdefault(pile, []).extend(cards)

    def take(self, pile: str, card: int) -> None:
        self.cards[pile].remove(card)

    def copy(self) -> Dealer:
        return Dealer({pile: cards.copy() for pile, cards in self.cards.items()})

    def check(self, state: GameState) -> list[str]:
        """What does not agree with the state: each pile's unseen count and the pool."""
        problems = [
            f"{name}: {pile.unseen} unseen, the dealer holds {len(self.unseen_in(name))}"
            for name, pile in state.piles.items()
            if pile.unseen != len(self.unseen_in(name))
        ]
        dealt = sorted(c for cards in self.cards.values() for c in cards)
        if dealt != state.unseen:
            problems.append(f"the dealer's cards {dealt} are not the unseen cards {state.unseen}")
        return problems
