"""A sensible human stand-in (issue: simulate): it drafts to keep its own events and high ops,
headlines and plays its own events when they gain, spends ops to raise its score in the
Primary and Secondary Regions and coups when DEFCON allows and it helps.

How to play a card is decided here (its own event when one dry run shows a gain); for
operations, targets and event choices it follows the AI's own rules applied to its side (the
bot's priorities, spec §11–§18); the human-only questions (draft, headline, the card to play,
the bottom order) are answered here too."""

from __future__ import annotations

from twsolo.ai.bot import Bot
from twsolo.ai.dryrun import dry_run_event
from twsolo.ai.view import View
from twsolo.engine.card_play import event_allowed
from twsolo.engine.choices import Answer, Choice
from twsolo.engine.game import Game
from twsolo.engine.ops import card_ops
from twsolo.ids import CHINA_CARD, Side
from twsolo.players.registry import StandIn
from twsolo.ruleset import Ruleset


class GreedyPlayer:
    def __init__(self, side: Side) -> None:
        self.side = side
        # The bot's rules for targets and event choices, without its costliest look-aheads
        # (re-running an event per option).
        self.bot = Bot(side, dry=True)

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
            drawn = {int(c) for kept in choice.options if isinstance(kept, tuple) for c in kept}
            values = {c: self.value(rules, c) for c in drawn}
            return max(choice.options, key=lambda kept: sum_value(values, kept))
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
        """Its own or a neutral event when one dry run says it gains (a won game, VP, the
        Primary's score — a won or lost game above any VP, ai/value.py —, control, or at least
        as much influence as the card's ops); else ops."""
        card = int(choice.context["card"])
        owner = game.rules.card(card).owner
        own = "event" in choice.options and owner in (None, self.side)
        if own and self.event_gains(game, card):
            return "event"
        ops = card_ops(game.state, game.rules, self.side, card)
        if "space_race" in choice.options and owner is self.side.other and ops >= 2:
            # Dump the opponent's strong events on the Space Race when it can.
            return "space_race" if game.rules.card(card).ops >= 3 else "ops"
        return "ops" if "ops" in choice.options else choice.options[0]

    def event_gains(self, game: Game, card: int) -> bool:
        if not event_allowed(game, self.side, card):
            return False
        view = View(game.rules, game.state, self.side, keep=False)
        _, m = dry_run_event(view, card, self.side, self.bot.providers, game.policy)
        ops = game.rules.card(card).ops
        return m.wins or m.vp > 0 or m.score_gain > 0 or m.controls > 0 or m.infl_changed >= ops


def sum_value(values: dict[int, tuple[int, int, int]], kept: Answer) -> tuple[int, ...]:
    """A kept set's worth: how many own (and neutral) events, then its ops."""
    chosen = [values[int(c)] for c in kept] if isinstance(kept, tuple) else []
    return (sum(v[0] for v in chosen), sum(v[1] for v in chosen))


STAND_IN = StandIn(
    "greedy",
    "one ply: its own events when they gain, ops by the AI's own priorities",
    lambda side, seed, arg: GreedyPlayer(side),
    order=1,
)
