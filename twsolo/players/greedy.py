"""A sensible human stand-in (issue: simulate): it drafts to keep its own events and high ops,
headlines and plays its own events when they gain, spends ops to raise its score in the
Primary and Secondary Regions and coups when DEFCON allows and it helps.

For the engine's questions (how to play, operations, targets, event choices) it plays by the
AI's own rules applied to its side (the bot's priorities, spec §11–§18), which already do the
last three; the human-only questions (draft, headline, the card to play, the bottom order) are
answered here."""

from __future__ import annotations

from twsolo.ai.bot import Bot
from twsolo.engine.choices import Answer, Choice
from twsolo.engine.game import Game
from twsolo.engine.ops import card_ops
from twsolo.ids import CHINA_CARD, Side
from twsolo.ruleset import Ruleset


class GreedyPlayer:
    def __init__(self, side: Side) -> None:
        self.side = side
        # The bot's rules for targets and event choices, without its costliest look-aheads
        # (re-running an event per option); the full bot decides how to play each card.
        self.bot = Bot(side, dry=True)
        self.player = Bot(side, keep=False)

    def value(self, rules: Ruleset, card: int) -> tuple[int, int, int]:
        """How much the player wants to hold a card: its own event first, then ops."""
        c = rules.card(card)
        own = c.owner is self.side
        neutral = c.owner is None and card != CHINA_CARD
        return (int(own) * 2 + int(neutral), c.ops, -card)

    def choose(self, game: Game, choice: Choice) -> Answer:
        rules = game.rules
        if choice.kind == "draft":
            # Keep the set it values most; OP balance is already in the legal options.
            return max(choice.options, key=lambda kept: sum_value(self, rules, kept))
        if choice.kind in ("headline", "ar_card"):
            cards = [int(str(o)) for o in choice.options]
            return max(cards, key=lambda c: self.value(rules, c))
        if choice.kind == "bottom":
            # The card it wants back soonest goes to the bottom first.
            return max(choice.options, key=lambda order: self.order_value(rules, order))
        if choice.kind == "play" and "card" in choice.context:
            return self.play(game, choice)
        return self.bot.choose(game, choice)

    def order_value(self, rules: Ruleset, order: Answer) -> list[tuple[int, int, int]]:
        cards = order if isinstance(order, tuple) else ()
        return [self.value(rules, int(c)) for c in cards]

    def play(self, game: Game, choice: Choice) -> Answer:
        """Its own or a neutral event when the bot's rules would trigger it; else ops."""
        card = int(choice.context["card"])
        owner = game.rules.card(card).owner
        if "event" in choice.options and owner in (None, self.side):
            return self.player.choose(game, choice)
        ops = card_ops(game.state, game.rules, self.side, card)
        if "space_race" in choice.options and owner is self.side.other and ops >= 2:
            # Dump the opponent's strong events on the Space Race when it can.
            return "space_race" if game.rules.card(card).ops >= 3 else "ops"
        return "ops" if "ops" in choice.options else choice.options[0]


def sum_value(player: GreedyPlayer, rules: Ruleset, kept: Answer) -> tuple[int, ...]:
    cards = [int(c) for c in kept] if isinstance(kept, tuple) else []
    values = [player.value(rules, c) for c in cards]
    return (sum(v[0] for v in values), sum(v[1] for v in values))
