"""What the human may know about the cards, and worlds consistent with it (spec §4; the
hidden-card contract of issue #12).

Everything the human stand-in and the hint know about cards comes through this module, so the
rest of their code never reads a face-down card:

- the cards the human has seen go into a deck/hand and not come out again (kept or given in
  the draft, put at the bottom, revealed and shuffled back) are *known* to be there;
- every other card of the draw deck and of the two deck/hands lies in an *unseen* slot, and
  the cards that can fill those slots are the *pool*: every card not in a face-up place and not
  known to be in a deck/hand. The pool and the number of unseen slots per pile are public.

Today's GameState keeps each pile's true cards, so the known cards are read from the game's log
(only moves the human saw; a card dealt face down is never named) and the draw deck is treated
as unseen as a whole. When the hidden-card model lands, `knowledge` reads `Pile.unseen` and
`state.unseen` instead; nothing else changes.

A *world* is a copy of the state whose unseen slots are refilled from the pool at random: the
look-ahead plays on worlds only, never on the true state.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from twsolo.engine.game import Game
from twsolo.engine.records import CardMove
from twsolo.engine.state import GameState, Pile, hand_of
from twsolo.ids import Side

DRAW = "draw"
HANDS = (hand_of(Side.US), hand_of(Side.USSR))
# The piles that hold face-down cards nobody has seen (the Scoring Card Deck's cards are known
# as a set; only their order is not, and chance decides it in a world as at the table).
HIDDEN = (DRAW, *HANDS)


@dataclass(frozen=True)
class Knowledge:
    """The cards as `side` knows them: per hidden pile the cards known to lie in it and the
    number of its unseen slots; `pool`, sorted, the cards that fill the unseen slots."""

    side: Side
    known: Mapping[str, frozenset[int]]
    unseen: Mapping[str, int]
    pool: tuple[int, ...]

    def reveal_weights(self, state: GameState, pile: str) -> list[tuple[int | None, float]]:
        """The chance of each card coming off the top of `pile` next: a known card by its
        number, and None for "a card of the pool" (each pool card equally likely)."""
        p = state.piles[pile]
        if p.top:
            return [(p.top[0], 1.0)]
        known = sorted(self.known[pile] - set(p.top) - set(p.bottom))
        unseen = self.unseen[pile]
        n = len(known) + unseen
        if n == 0:
            return [(p.bottom[0], 1.0)] if p.bottom else []
        weights: list[tuple[int | None, float]] = [(c, 1 / n) for c in known]
        if unseen:
            weights.append((None, unseen / n))
        return weights


def knowledge(game: Game, side: Side) -> Knowledge:
    """What `side` knows now: the known cards of each deck/hand from the moves it saw in the
    log (a card dealt face down from the draw deck is an unseen slot; its number is not read),
    the pool from the face-up piles."""
    known: dict[str, set[int]] = {pile: set() for pile in HIDDEN}
    for record in game.log:
        if not isinstance(record, CardMove):
            continue
        if record.source == DRAW and record.target in HANDS:
            continue  # dealt face down: nobody saw which card
        if record.source in HANDS:
            known[record.source].discard(record.card)
        if record.target in HANDS:
            known[record.target].add(record.card)
    state = game.state
    face_up = {c for name, pile in state.piles.items() if name not in HIDDEN for c in pile}
    everything = {c for pile in state.piles.values() for c in pile}
    seen = face_up | known[HANDS[0]] | known[HANDS[1]]
    pool = tuple(sorted(everything - seen))
    unseen = {pile: len(state.piles[pile]) - len(known[pile]) for pile in HIDDEN}
    if sum(unseen.values()) != len(pool):
        raise AssertionError("internal: the unseen slots and the pool disagree")
    return Knowledge(side, {p: frozenset(k) for p, k in known.items()}, unseen, pool)


def sample_world(
    state: GameState, k: Knowledge, rng: random.Random, *, first: Mapping[str, int] | None = None
) -> GameState:
    """A copy of `state` whose unseen slots hold the pool's cards in a random order. It depends
    only on what `k.side` knows and on `rng`: which pool card lies in which slot is never read,
    only how many slots each pile has. `state` may also be an earlier position of the game
    (the start of an event being resolved): its slots are those holding pool cards.
    `first` (pile -> card) puts that pool card in one of the pile's slots (the look-ahead's
    choice of what the AI reveals next)."""
    pool = set(k.pool)
    world = state.copy()
    slots = {name: sum(1 for c in state.piles[name] if c in pool) for name in HIDDEN}
    cards = sorted(c for name in HIDDEN for c in state.piles[name] if c in pool)
    rng.shuffle(cards)
    for pile, card in (first or {}).items():
        if card in cards and slots[pile]:
            cards.remove(card)
            cards.insert(sum(slots[p] for p in HIDDEN[: HIDDEN.index(pile)]), card)
    filled = iter(cards)
    for name in HIDDEN:
        world.piles[name] = refill(state.piles[name], pool, filled)
    return world


def refill(pile: Pile, pool: set[int], filled: Iterator[int]) -> Pile:
    """`pile` with every pool card replaced by the next card of `filled`; the shuffled part
    in card order, so the result does not show where the true cards lay."""
    top = [next(filled) if c in pool else c for c in pile.top]
    bottom = [next(filled) if c in pool else c for c in pile.bottom]
    shuffled = sorted(next(filled) if c in pool else c for c in pile.shuffled)
    return Pile(shuffled, bottom, top)
