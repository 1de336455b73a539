"""Card-pile procedures the turn flow shares: drawing to the table, dealing unseen cards with
the base game's reshuffle, and gathering piles."""

from __future__ import annotations

from collections.abc import Iterable

from twsolo.engine.game import Game
from twsolo.engine.records import CardMove
from twsolo.engine.state import GameState, hand_of
from twsolo.ids import CHINA_CARD, Side

HANDS = (hand_of(Side.USSR), hand_of(Side.US))


def hand_size(state: GameState, side: Side) -> int:
    """Cards in a deck/hand, the China Card not counted (base A4.B; spec §6 fills to 8 or 9)."""
    return sum(1 for card in state.piles[hand_of(side)] if card != CHINA_CARD)


def gather(game: Game, sources: Iterable[str], target: str) -> None:
    """Move every card of `sources` into `target`, then shuffle it."""
    for source in sources:
        for card in sorted(game.state.piles[source]):
            game.move_card(card, target)
    game.shuffle(target)


def reshuffle_discards(game: Game) -> bool:
    """Base §4.3: the discard pile is shuffled into the draw deck. False if it is empty."""
    if not len(game.state.piles["discard"]):
        return False
    game.note("the discard pile is shuffled into the draw deck (base §4.3)")
    gather(game, ["discard"], "draw")
    return True


def draw_to(game: Game, pile: str, target: str, purpose: str) -> int | None:
    """The top card of `pile` (chance says which) moved to `target`; None if `pile` is empty."""
    return game.draw(pile, purpose, to=target)


def draw_cards(game: Game, pile: str, count: int, purpose: str) -> list[int]:
    """Up to `count` cards off the top of `pile` onto the table, one by one."""
    drawn: list[int] = []
    for n in range(count):
        card = draw_to(game, pile, "table", f"{purpose} ({n + 1} of {count})")
        if card is None:
            break
        drawn.append(card)
    return drawn


def deal_one(game: Game, side: Side, purpose: str) -> bool:
    """Deal one unseen card from the draw deck into `side`'s deck/hand, reshuffling the discard
    pile in when the draw deck is empty (base §4.3.1). False if no card is left."""
    if not len(game.state.piles["draw"]) and not reshuffle_discards(game):
        return False
    return draw_to(game, "draw", hand_of(side), purpose) is not None


def ensure_draw(game: Game, count: int) -> None:
    """Spec §6.3: a step that needs more cards than the draw deck holds reshuffles the discards
    into it first."""
    if len(game.state.piles["draw"]) < count:
        reshuffle_discards(game)


def shuffle_after_taking(game: Game, since: int) -> None:
    """Spec §3.4, §22.4: after an event took cards out of a deck/hand — drawn, revealed and
    kept, discarded — both deck/hands are shuffled; the cards the human put at the bottom lose
    their place. A card the event put on top stays there: the event shuffled before it placed it
    (Missile Envy, appendix #49). `since`: the log position before the card was resolved."""
    if any(isinstance(r, CardMove) and r.source in HANDS for r in game.log[since:]):
        if any(game.state.piles[h].bottom for h in HANDS):
            game.note("cards were taken from a deck/hand: both are shuffled (spec §22.4)")
        for pile in HANDS:
            game.shuffle(pile, keep_top=True)
