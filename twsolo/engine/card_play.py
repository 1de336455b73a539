"""Playing a card in an action round (base §5, §6.4.5, §9; card-events A6, A13).

One card, one way: as its event, for operations (the opponent's event then happens too, in the
order the phasing player chooses), or on the Space Race (no event at all).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from twsolo.engine.events import EVENTS, event_refusal, play_event, run_hooks
from twsolo.engine.events.common import spend_card
from twsolo.engine.events.mid import missile_envy_due
from twsolo.engine.events.registry import CardPlayer, plays_cards
from twsolo.engine.operations import conduct_operations
from twsolo.engine.ops import OpsBudget, card_ops
from twsolo.engine.records import CardPlayed
from twsolo.engine.space import attempt, space_refusal
from twsolo.ids import CHINA_CARD, Side
from twsolo.phrases import say

if TYPE_CHECKING:
    from twsolo.engine.game import Game


def ways_to_play(game: Game, side: Side, card: int) -> list[str]:
    """The legal ways for `side` to play `card` now."""
    c = game.rules.card(card)
    if c.scoring:
        return ["event"]  # a scoring card is always played as its event (A6)
    if missile_envy_due(game.state, side, card):
        return ["ops"]  # card-events #49, appendix #49: played for ops in the next round
    ways = []
    if card != CHINA_CARD and c.owner in (None, side) and event_allowed(game, side, card):
        ways.append("event")
    ways.append("ops")
    ops = card_ops(game.state, game.rules, side, card)
    if space_refusal(game.state, game.rules, side, ops) is None:
        ways.append("space_race")
    return ways


def event_allowed(game: Game, side: Side, card: int) -> bool:
    """Whether `side` may play `card` as its event now: an event that cannot happen (one a card
    prohibits, UN Intervention without a card carrying the opponent's event: card-events #32)
    is not offered. A side that searches its face-down deck/hand by revealing may count on
    the cards nobody has seen (Policy.reveals_for; appendix #32), and any side on the cards
    it holds outside its deck/hand (Policy.held; spec §10.1.4)."""
    policy = game.policy
    reveals, held = policy.reveals_for(game, side), policy.held(game, side)
    return event_refusal(game.state, game.rules, card, side, reveals=reveals, held=held) is None


def opponent_event(game: Game, side: Side, card: int) -> bool:
    """Base §5.2: a card carrying the opponent's event, played for ops, triggers it."""
    return game.rules.card(card).owner is side.other and card in EVENTS


def play_card(game: Game, side: Side, card: int, how: str | None = None) -> str:
    """Play `card` for `side`; `how` is asked through the seam when not given. Whichever way,
    20 VP wins once the whole play is done (spec §20.1.1; card-events A15): the one check for
    every way (an event also checks at its own end, so the ops after an event-first event
    never happen once it won)."""
    ways = ways_to_play(game, side, card)
    if how is None:
        prompt = say("engine.card_play.play_card.prompt", card=game.rules.card(card))
        how = str(game.ask("play", side, ways, prompt, key="play", card=card))
    run_hooks(game, "card_chosen", side=side, card=card, how=how)
    if how == "event":
        game.record(CardPlayed(side, card, how, 0))
        play_event(game, card, side)
    elif how == "space_race":
        ops = card_ops(game.state, game.rules, side, card)
        game.record(CardPlayed(side, card, how, ops))
        attempt(game, side, ops)
        spend_card(game, side, card)
    else:
        play_for_ops(game, side, card)
    game.check_vp_victory()
    return how


def play_for_ops(game: Game, side: Side, card: int) -> None:
    budget = OpsBudget.for_card(game.state, game.rules, side, card)
    played = CardPlayed(side, card, "ops", budget.base, tuple(budget.areas))
    if opponent_event(game, side, card):
        order = game.ask(
            "order",
            side,
            ["event_first", "ops_first"],
            say("engine.card_play.play_for_ops.order", card=game.rules.card(card)),
            key="order",
        )
        played.event_first = order == "event_first"
        game.record(played)
        if order == "event_first":
            play_event(game, card, side, triggered=True)
            conduct_operations(game, side, budget, allow_space=False)
        else:
            conduct_operations(game, side, budget, allow_space=False)
            play_event(game, card, side, triggered=True)
        return
    game.record(played)
    conduct_operations(game, side, budget, allow_space=False)
    spend_card(game, side, card)


plays_cards(CardPlayer(ways_to_play, play_card))  # Grain Sales plays a card (#67)
