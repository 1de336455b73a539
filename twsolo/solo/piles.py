"""Card-pile procedures the turn flow shares: drawing to the table, dealing cards face down with
the base game's reshuffle, and gathering piles."""

from __future__ import annotations

from collections.abc import Iterable

from twsolo.engine.game import Game
from twsolo.engine.state import GameState, hand_of
from twsolo.ids import CHINA_CARD, Side
from twsolo.phrases.book import say


def hand_size(state: GameState, side: Side) -> int:
    """Cards in a deck/hand, the China Card not counted (base A4.B; spec §6 fills to 8 or 9)."""
    hand = state.piles[hand_of(side)]
    return len(hand) - (CHINA_CARD in hand)


def gather(game: Game, sources: Iterable[str], target: str) -> None:
    """Move every card of `sources` (face-up piles: every card known) into `target`, then
    shuffle it."""
    for source in sources:
        for card in sorted(game.state.piles[source].known()):
            game.move_card(card, target)
    game.shuffle(target)


def reshuffle_discards(game: Game) -> bool:
    """Base §4.3: the discard pile is shuffled into the draw deck. False if it is empty."""
    if not len(game.state.piles["discard"]):
        return False
    game.note(say("solo.piles.reshuffle"))
    gather(game, ["discard"], "draw")
    return True


def draw_cards(game: Game, pile: str, count: int, purpose: str) -> list[int]:
    """Up to `count` cards off the top of `pile` onto the table, one by one."""
    drawn: list[int] = []
    for n in range(count):
        nth = say("solo.piles.nth", purpose=purpose, nth=n + 1, count=count)
        card = game.draw(pile, nth, to="table", of=(n + 1, count))
        if card is None:
            break
        drawn.append(card)
    return drawn


def deal_one(game: Game, side: Side, purpose: str) -> bool:
    """Deal one card face down from the draw deck into `side`'s deck/hand (spec §4.1: nobody
    sees it), reshuffling the discard pile in when the draw deck is empty (base §4.3.1). False
    if no card is left."""
    if not len(game.state.piles["draw"]) and not reshuffle_discards(game):
        return False
    return game.deal("draw", hand_of(side), purpose)


def ensure_draw(game: Game, count: int) -> None:
    """Spec §6.3: a step that needs more cards than the draw deck holds reshuffles the discards
    into it first."""
    if len(game.state.piles["draw"]) < count:
        reshuffle_discards(game)
