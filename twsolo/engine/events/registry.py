"""The card-event registry: one small function per card, registered by number.

A handler is `fn(game, ctx)`. It makes every choice through `game.ask` with `ctx.chooser` (the
side the event belongs to; on a neutral card, the side that played it: base §5.2). Optional
`requires` says why the event cannot happen now (a prerequisite or a prohibiting card); the
event then does not happen and the card is discarded, not removed (base §5.2, A6).

Each question an event (or its lasting effect's hook) asks has a stable key, `<card>.<step>`
(`card_key`), and the registration lists the steps (`asks`): the appendix names its choices by
these keys and the rules loader checks them. Operations an event grants ask the turn's own
questions (`OPS_KEYS`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from twsolo.engine.state import GameState
from twsolo.ids import Side, card_key
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game


@dataclass
class EventContext:
    card: int
    player: Side  # the side that played the card (the phasing side, or who headlined it)
    chooser: Side  # the side the event belongs to, who makes its choices
    headline: bool = False
    triggered: bool = False  # the opponent played this card for ops (base §5.2)
    # The player searches its face-down deck/hand by revealing (Policy.reveals_for: the
    # solitaire AI, appendix #32) instead of choosing from the cards it knows.
    reveals: bool = False
    # Cards the player holds outside its deck/hand (Policy.held: the solitaire human's other
    # drawn card, on the table, for UN Intervention: spec §10.1.4).
    held: tuple[int, ...] = ()
    # Where the card goes afterwards; None: out of the game if starred, else the discard pile.
    destination: str | None = None

    def key(self, step: str) -> str:
        """The stable name of one of this event's questions (Choice.key)."""
        return card_key(self.card, step)


Handler = Callable[["Game", EventContext], None]


@dataclass(frozen=True)
class CardPlayer:
    """How a card is played as an action: engine/card_play.py `ways_to_play` and `play_card`. An
    event that plays another card (Grain Sales, #67) plays it through this: playing a card plays
    its event, so engine/card_play.py sits above the events and registers itself here when imported
    (`plays_cards`), as the events register their handlers."""

    ways: Callable[[Game, Side, int], list[str]]
    play: Callable[[Game, Side, int, str | None], str]


_CARD_PLAYER: list[CardPlayer] = []


def plays_cards(player: CardPlayer) -> None:
    _CARD_PLAYER[:] = [player]


def card_player() -> CardPlayer:
    if not _CARD_PLAYER:
        raise RuntimeError(
            "internal: an event plays a card, but twsolo.engine.card_play is not loaded"
        )
    return _CARD_PLAYER[0]


Requirement = Callable[[GameState, Ruleset, EventContext], str | None]


# The questions of operations (a card's, or ops an event grants): the same keys everywhere.
OPS_KEYS = ("ops.operation", "ops.influence", "ops.coup", "ops.realign")


@dataclass(frozen=True)
class EventSpec:
    card: int
    handler: Handler
    requires: Requirement | None = None
    keys: tuple[str, ...] = ()  # the questions it asks (Choice.key)
    figures: tuple[str, ...] = ()  # the numbers it reads from rules/cards.yaml `figures`
    reads: tuple[str, ...] = ()  # the other cards.yaml facts it reads: event_regions, war


EVENTS: dict[int, EventSpec] = {}


def event(
    card: int,
    *,
    requires: Requirement | None = None,
    asks: tuple[str, ...] = (),
    ops: bool = False,
    figures: tuple[str, ...] = (),
    reads: tuple[str, ...] = (),
) -> Callable[[Handler], Handler]:
    """Register the handler of card `card` (and the condition for its event to happen). `asks`:
    the steps of the questions it (or its hooks) asks, each keyed `<card>.<step>`; `ops`: it
    grants operations, which ask `OPS_KEYS`; `figures`: the numbers of its text it reads from
    rules/cards.yaml (`Card.figure`); `reads`: the other facts it reads there (`event_regions`,
    `war`). The rules loader checks cards.yaml holds exactly these."""

    def register(fn: Handler) -> Handler:
        if card in EVENTS:
            raise ValueError(f"card {card} has two event handlers")
        keys = tuple(card_key(card, step) for step in asks) + (OPS_KEYS if ops else ())
        EVENTS[card] = EventSpec(card, fn, requires, keys, figures, reads)
        return fn

    return register


# Moments of the turn at which a lasting effect acts (its card's module registers the function;
# the turn flow calls `run_hooks`). Each hook checks that its effect is in force.
MOMENTS = {
    # (game, side) before `side`'s action round; a hook returning True has replaced the round
    # (Quagmire, Bear Trap).
    "round_start": "before an action round",
    # (game, side, card, how) after `side` played `card` in an action round or the headline
    # (how: event | ops | space_race | headline), once the card is resolved (We Will Bury You,
    # Flower Power, NORAD, Missile Envy); after a round a trap replaced: card 0, how "replaced".
    "card_played": "after a card is resolved",
    # (game, side, card, how) in an action round, once `side` has chosen how to play `card`
    # (how: event | ops | space_race), before it resolves (We Will Bury You's VP come before
    # any VP the US earns in the round); after a round a trap replaced: card 0, "replaced".
    "card_chosen": "before a card resolves",
    # (game, side, drawn) -> list[int]: in the solitaire game, after the human drew the cards
    # of an action round: the cards an effect used (a discard to escape Blockade or Latin
    # American Debt Crisis, appendix #10, #95); the rest stay playable.
    "drawn": "after the human's action-round draw",
    # (game, side) -> int: extra action rounds `side` takes this turn (North Sea Oil).
    "extra_rounds": "extra action rounds",
    # (game) at the end of the turn, before turn-long effects expire.
    "turn_end": "end of turn",
}
Hook = Callable[..., Any]
HOOKS: dict[str, list[tuple[int, Hook]]] = {moment: [] for moment in MOMENTS}


def on(moment: str, card: int) -> Callable[[Hook], Hook]:
    """Register `fn` as card `card`'s action at `moment`."""
    if moment not in MOMENTS:
        raise ValueError(f"unknown moment {moment!r}")

    def register(fn: Hook) -> Hook:
        hooks = HOOKS[moment]
        hooks.append((card, fn))
        hooks.sort(key=lambda h: h[0])  # kept in card order (stable for one card's hooks)
        return fn

    return register


def run_hooks(game: Game, moment: str, **kwargs: Any) -> list[Any]:
    """Call every hook of `moment` (in card order); their results, in the same order."""
    return [fn(game, **kwargs) for _, fn in HOOKS[moment]]
