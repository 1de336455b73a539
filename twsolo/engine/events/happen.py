"""Resolving one card's event (base §5.2, §5.5; card-events A6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from twsolo.engine.events.registry import EVENTS, EventContext
from twsolo.engine.game import EventFrame
from twsolo.engine.records import EventEnd, EventStart
from twsolo.engine.state import GameState
from twsolo.ids import Side
from twsolo.phrases import say
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game


def chooser_of(rules: Ruleset, card: int, player: Side) -> Side:
    """Base §5.2: the side an event belongs to makes its choices; a neutral card's player does."""
    owner = rules.card(card).owner
    return owner if owner is not None else player


def event_refusal(
    state: GameState,
    rules: Ruleset,
    card: int,
    player: Side,
    *,
    headline: bool = False,
    reveals: bool = False,
    held: tuple[int, ...] = (),
) -> str | None:
    """Why the event of `card` played by `player` cannot happen now, or None. `reveals`: the
    player searches its face-down deck/hand by revealing (Policy.reveals_for); `held`: the
    cards it holds outside it (Policy.held)."""
    spec = EVENTS.get(card)
    if spec is None:
        return say("event.no_event", card=rules.card(card))
    if spec.requires is None:
        return None
    chooser = chooser_of(rules, card, player)
    ctx = EventContext(card, player, chooser, headline=headline, reveals=reveals, held=held)
    return spec.requires(state, rules, ctx)


def play_event(
    game: Game,
    card: int,
    player: Side,
    *,
    headline: bool = False,
    triggered: bool = False,
    start: GameState | None = None,
) -> bool:
    """Resolve the event of `card` played by `player`; then move the card: out of the game if
    starred and the event happened, else to the discard pile (unless the handler put it somewhere
    else). Returns whether the event happened. VP victory is checked after the whole event.
    `start`: a state equal to the game's now that nobody changes while the event lasts (a dry
    run's own original), kept as the event's start instead of a copy."""
    rules = game.rules
    reveals, held = game.policy.reveals_for(game, player), game.policy.held(game, player)
    ctx = EventContext(
        card,
        player,
        chooser_of(rules, card, player),
        headline=headline,
        triggered=triggered,
        reveals=reveals,
        held=held,
    )
    reason = event_refusal(
        game.state, rules, card, player, headline=headline, reveals=reveals, held=held
    )
    game.record(EventStart(card, player, ctx.chooser))
    if reason is not None:
        game.note(say("event.play_event.note", card=rules.card(card), reason=reason))
        _put_away(game, card, "discard")
        game.record(EventEnd(card, False))
        return False
    game.event_frames.append(
        EventFrame(
            card, player, headline, game.state.copy() if start is None else start, len(game.answers)
        )
    )
    try:
        game.policy.event_handler(card, EVENTS[card].handler)(game, ctx)
    finally:
        game.event_frames.pop()
    default = "removed" if rules.card(card).removed else "discard"
    _put_away(game, card, ctx.destination or default)
    game.record(EventEnd(card, True))
    game.check_vp_victory()
    return True


def _put_away(game: Game, card: int, target: str) -> None:
    if game.state.where(card) != target:
        game.move_card(card, target)
