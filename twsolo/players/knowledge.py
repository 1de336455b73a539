"""What the human may know about the cards, and worlds consistent with it (spec §4; the
hidden-card model, docs/decisions.md §3).

Everything the human stand-in and the hint know about cards comes through this module. The
state holds exactly what the table knows: each pile's known cards (those the human saw go in:
kept or given in the draft, put at the bottom, revealed and shuffled back), its *unseen*
slots, and `GameState.unseen`, the *pool* of cards that fill those slots. Which pool card lies
in which slot only the game's `Dealer` knows, and only chance may read it: nothing here does.

A *world* is the state with a dealer of its own: the pool dealt at random into the unseen
slots. The look-ahead plays on worlds only, so its answers depend on what the human knows and
on the sampling seed, never on a face-down card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from twsolo.engine.dealer import Dealer
from twsolo.engine.game import Game
from twsolo.engine.records import Answered, CardMove, Revealed
from twsolo.engine.state import GameState
from twsolo.ids import Side


@dataclass(frozen=True)
class Knowledge:
    """The cards as `side` knows them: `pool`, the cards of the unseen slots (sorted); each
    pile's slots are its `Pile.unseen`."""

    side: Side
    pool: tuple[int, ...]

    def reveal_weights(self, state: GameState, pile: str) -> list[tuple[int | None, float]]:
        """The chance of each card coming off the top of `pile` next: a known card by its
        number, and None for "a card of the pool" (each pool card equally likely)."""
        p = state.piles[pile]
        if p.top:
            return [(p.top[0], 1.0)]
        n = len(p.shuffled) + p.unseen
        if n == 0:
            return [(p.bottom[0], 1.0)] if p.bottom else []
        weights: list[tuple[int | None, float]] = [(c, 1 / n) for c in sorted(p.shuffled)]
        if p.unseen:
            weights.append((None, p.unseen / n))
        return weights


def knowledge(game: Game, side: Side) -> Knowledge:
    """What `side` knows now: the state (never the game's dealer)."""
    return Knowledge(side, tuple(game.state.unseen))


@dataclass(frozen=True)
class World:
    """A sampled world: a copy of a position and a dealer for its unseen slots."""

    state: GameState
    dealer: Dealer

    def copy(self) -> World:
        return World(self.state.copy(), self.dealer.copy())


def sample_world(
    state: GameState,
    rng: random.Random,
    *,
    first: Mapping[str, int] | None = None,
    placed: Mapping[int, str] | None = None,
) -> World:
    """`state` with its pool dealt at random into its unseen slots (pile by pile in the
    state's order, so the deal depends on `rng` alone). `first` (pile -> card) puts that pool
    card in one of the pile's slots (the look-ahead's choice of what the AI reveals next);
    `placed` (card -> pile) puts pool cards where they are known to have lain (an earlier
    position: cards seen since)."""
    wanted = {**{c: p for p, c in (first or {}).items()}, **(placed or {})}
    slots = {name: pile.unseen for name, pile in state.piles.items() if pile.unseen}
    dealer = Dealer({name: [] for name in slots})
    for card, pile in sorted(wanted.items()):
        if card in state.unseen and len(dealer.cards.get(pile, ())) < slots.get(pile, 0):
            dealer.add(pile, [card])
    rest = [c for c in state.unseen if c not in {d for cs in dealer.cards.values() for d in cs}]
    rng.shuffle(rest)
    for name, n in slots.items():
        take, rest = rest[: n - len(dealer.cards[name])], rest[n - len(dealer.cards[name]) :]
        dealer.add(name, take)
    return World(state.copy(), dealer)


def seen_since(game: Game, earlier: GameState, answers: int) -> dict[int, str]:
    """The cards unseen in `earlier` — the position when the game had given `answers` answers
    — that have been seen since, each with the pile it was seen in (its first draw or reveal
    after that position in the log)."""
    gone = set(earlier.unseen) - set(game.state.unseen)
    found: dict[int, str] = {}
    given = 0
    for record in game.log:
        if given < answers:
            given += isinstance(record, Answered)
            continue
        if isinstance(record, CardMove) and record.card in gone and record.card not in found:
            found[record.card] = record.source
        elif isinstance(record, Revealed) and record.card in gone and record.card not in found:
            found[record.card] = record.pile
    return found
