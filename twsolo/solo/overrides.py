"""The solitaire procedures of the card appendix that replace or extend a base-game event, each
registered by card, as a chess variant overrides a rule of the board: `SoloPolicy.event_handler`
runs an override in place of the engine's handler (the override may call that handler for the
base game's part), `SoloPolicy.procedure` replaces a named step, and hooks act at the turn's
moments (engine/events/registry.py MOMENTS). The AI's decisions among them are Choices the Bot
answers by the card's appendix entry (`asks`), so they are recorded and traced like any other.

Each procedure is named, with its cards (`SOLITAIRE`): the cards' appendix entries list it
(appendix.yaml `procedures`) and `twsolo validate` shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from twsolo.engine.effects import NUCLEAR_SUBS_DOUBLE
from twsolo.engine.events import EventContext, on
from twsolo.engine.events.common import (
    choose_card,
    choose_country,
    discard_search,
    grant_operations,
    hand_cards,
    meets_ops,
    spend_card,
    to_bottom,
)
from twsolo.engine.events.early import blockade_effect
from twsolo.engine.events.late import DECLINE, double_in_south_america
from twsolo.engine.events.mid import (
    MISSILE_CRISIS_CANCEL,
    cancel_cuban_missile_crisis,
    cuban_missile_crisis_refusal,
    round_mark,
)
from twsolo.engine.game import Game
from twsolo.engine.state import Effect, hand_of
from twsolo.ids import CardId, Side, card_key
from twsolo.phrases.book import say
from twsolo.ruleset.vocabulary import described

F = TypeVar("F", bound=Callable[..., Any])
Handler = Callable[[Game, EventContext], None]
Override = Callable[[Game, EventContext, Handler], None]


@dataclass
class Solitaire:
    """The registry: event overrides by card, replaced steps by name, and each procedure's
    cards, description and the AI questions it asks (keys by card)."""

    overrides: dict[int, Override] = field(default_factory=dict)
    steps: dict[str, Callable[..., Any]] = field(default_factory=dict)
    cards: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # Each procedure's first function, whose docstring describes it (read only when asked:
    # a compiled build finds it in the source, `described`).
    described_by: dict[str, Callable[..., Any]] = field(default_factory=dict)
    asks: dict[int, tuple[str, ...]] = field(default_factory=dict)

    def named(
        self, name: str, cards: Sequence[int], fn: Callable[..., Any], asks: Sequence[str] = ()
    ) -> None:
        self.cards[name] = tuple(sorted({*self.cards.get(name, ()), *cards}))
        self.described_by.setdefault(name, fn)
        for card in cards:
            known = self.asks.get(card, ())
            self.asks[card] = known + tuple(card_key(card, s) for s in asks if s not in known)

    def docs(self) -> dict[str, str]:
        """Each procedure's description: its first function's docstring's first sentence."""
        return {name: described(fn) for name, fn in self.described_by.items()}


SOLITAIRE = Solitaire()


def override(name: str, card: int, *, asks: Sequence[str] = ()) -> Callable[[F], F]:
    """`fn(game, ctx, base)` resolves `card`'s event in the solitaire game (`base`: the
    engine's handler)."""

    def register(fn: F) -> F:
        SOLITAIRE.overrides[card] = fn
        SOLITAIRE.named(name, [card], fn, asks)
        return fn

    return register


def step(name: str, step_name: str, cards: Sequence[int]) -> Callable[[F], F]:
    """`fn` replaces the engine's named step `step_name` (Policy.procedure)."""

    def register(fn: F) -> F:
        SOLITAIRE.steps[step_name] = fn
        SOLITAIRE.named(name, cards, fn)
        return fn

    return register


def hook(
    name: str, moment: str, card: int, *, entry: int | None = None, asks: Sequence[str] = ()
) -> Callable[[F], F]:
    """`fn` acts at `moment` of the turn as `card`'s hook (engine registry `on`: hooks run in
    card order), a procedure of `entry`'s appendix entry (`card`'s by default)."""

    def register(fn: F) -> F:
        on(moment, card)(fn)
        SOLITAIRE.named(name, [entry or card], fn, asks)
        return fn

    return register


def _ai(game: Game) -> Side | None:
    return game.state.ai_side


# ---------------------------------------------------------------- #26, #62: the human restacks
@override("human_restacks", CardId.CIA_CREATED)
@override("human_restacks", CardId.LONE_GUNMAN)
def human_restacks(game: Game, ctx: EventContext, base: Handler) -> None:
    """Appendix #26, #62: the AI's event makes the human restack their deck/hand — the cards
    carrying the AI's event on top, highest Ops first, the others below, lowest Ops first,
    equal Ops in random order — and the AI then conducts 1 Op (as its entry says); the human's
    event shows the AI's deck/hand as printed (the base handler)."""
    ai = _ai(game)
    if ai is None or ctx.chooser is not ai:
        base(game, ctx)
        return
    restack_for(game, ai.other, ai, game.rules.card(ctx.card).name)
    grant_operations(game, ai, 1)


def restack_for(game: Game, side: Side, ai: Side, name: str) -> None:
    """`side` looks through its deck/hand (every face-down card is named, spec §4) and stacks
    it by the rule of appendix #26/#62; the order of equal-Ops cards is chance's (at the table,
    the person says which they put higher)."""
    rules = game.rules
    look = say("solo.restack.look", card=name, side=side.label)
    cards = hand_cards(game, side, look)
    theirs = [c for c in cards if rules.card(c).owner is ai]
    others = [c for c in cards if c not in theirs]
    order: list[int] = []
    for group, highest_first in ((theirs, True), (others, False)):
        for ops in sorted({rules.card(c).ops for c in group}, reverse=highest_first):
            tied = [c for c in group if rules.card(c).ops == ops]
            while len(tied) > 1:
                higher = game.pick(tied, say("solo.restack.higher", card=name, ops=ops))
                order.append(higher)
                tied.remove(higher)
            order.extend(tied)
    game.restack(hand_of(side), order)


# ---------------------------------------------------------------- #10, #95: the human's escape
ESCAPE = "escape"  # Effect data: the human may escape the event in its next action round


def _deferred(game: Game, ctx: EventContext, base: Handler) -> None:
    """Appendix #10, #95: the human hit by the AI's Blockade or Latin American Debt Crisis
    answers it in the next action round, from the 2 cards drawn there; the event waits."""
    target = ctx.chooser.other
    if _ai(game) is not ctx.chooser:
        base(game, ctx)  # the AI is hit: it reveals for the discard (the engine, spec §17.5)
        return
    game.add_effect(Effect(ctx.card, target, ESCAPE))
    game.note(
        say(
            "solo.escape.deferred",
            card=game.rules.card(ctx.card),
            side=target.label,
            number=ctx.card,
        )
    )


@override("deferred_escape", CardId.BLOCKADE)
def blockade(game: Game, ctx: EventContext, base: Handler) -> None:
    """The human answers the AI's Blockade in the next action round (appendix #10)."""
    _deferred(game, ctx, base)


@override("deferred_escape", CardId.LATIN_AMERICAN_DEBT_CRISIS)
def latin_american_debt_crisis(game: Game, ctx: EventContext, base: Handler) -> None:
    """The human answers the AI's Latin American Debt Crisis in the next action round (appendix
    #95)."""
    _deferred(game, ctx, base)


def escape_with_drawn(game: Game, side: Side, card: int, drawn: Sequence[int]) -> int | None:
    """The pending escape of `card` at `side`'s action round, if one is pending: discard one of
    the `drawn` cards with the card's Ops requirement, or not. Returns the card discarded (0:
    none, the event acts now); None when nothing was pending."""
    effect = Effect(card, side, ESCAPE)
    if effect not in game.state.effects:
        return None
    game.remove_effect(effect)
    need = game.rules.card(card).figure("discard_ops")
    options = [c for c in drawn if meets_ops(game, side, c, need)]
    name = game.rules.card(card).name
    prompt = say("solo.escape.prompt", card=name, need=need)
    chosen = None
    if options:
        key = card_key(card, "discard")
        chosen = choose_card(
            game, side, options, prompt, key=key, none="decline", event=card, need=need
        )
    else:  # said, or the event's loss comes with no reason (issue #41)
        cards = say("solo.escape.and").join(
            f"{game.rules.card(c)}, {ops_words(game, c)}" for c in drawn
        )
        phrase = "solo.escape.cannot_two" if len(drawn) > 1 else "solo.escape.cannot_one"
        game.note(say(phrase, card=name, cards=cards, need=need, side=side.label, number=card))
    if chosen is None:
        return 0
    spend_card(game, side, chosen)
    return chosen


def ops_words(game: Game, card: int) -> str:
    return say("solo.ops", n=game.rules.card(card).ops)


@hook("deferred_escape", "drawn", CardId.BLOCKADE)
def blockade_due(game: Game, side: Side, drawn: list[int]) -> list[int]:
    """Appendix #10: the human discards a drawn card of 3+ Ops and must then play the other;
    otherwise all US influence leaves West Germany now."""
    used = escape_with_drawn(game, side, CardId.BLOCKADE, drawn)
    if used == 0:
        blockade_effect(game)
    return [used] if used else []


@hook("deferred_escape", "drawn", CardId.LATIN_AMERICAN_DEBT_CRISIS)
def latin_american_debt_due(game: Game, side: Side, drawn: list[int]) -> list[int]:
    """Appendix #95: the human discards a drawn card of 3+ Ops, or the USSR (the AI) doubles its
    influence in 2 South American countries now."""
    used = escape_with_drawn(game, side, CardId.LATIN_AMERICAN_DEBT_CRISIS, drawn)
    if used == 0:
        double_in_south_america(game, Side.USSR)
    return [used] if used else []


# ---------------------------------------------------------------- #40 Cuban Missile Crisis
@override("ai_cuban_missile_crisis", CardId.CUBAN_MISSILE_CRISIS, asks=("remove", "cancel"))
def cuban_missile_crisis(game: Game, ctx: EventContext, base: Handler) -> None:
    """Spec §23.7, appendix #40: played by the AI, DEFCON goes to 2 and 2 of the human's
    influence leave West Germany or Turkey (the AI chooses); the rest of the card is ignored."""
    if ctx.player is not _ai(game):
        base(game, ctx)
        return
    game.set_defcon(2, "Cuban Missile Crisis")
    human = ctx.player.other
    amount = game.rules.card(ctx.card).figure("remove")
    places = [game.rules.index[c] for c in MISSILE_CRISIS_CANCEL[Side.US]]
    options = [c for c in places if game.state.inf(c, human) > 0]
    if options:
        country = choose_country(
            game,
            ctx.player,
            options,
            say("solo.missile_crisis.remove", amount=amount, side=human.label),
            key=ctx.key("remove"),
            intent="remove",
            influence_of=human,
            amount=amount,
        )
        game.remove_influence(country, human, amount)


KEEP = "keep"


@hook("ai_cuban_missile_crisis", "card_played", CardId.CUBAN_MISSILE_CRISIS)
def ai_cancels_missile_crisis(game: Game, side: Side, card: int, how: str) -> None:
    """Appendix #40 on_human_play, spec §23.7: once a card is resolved, the AI may cancel a
    Cuban Missile Crisis that binds it, where the card lets it (its entry says where first)."""
    state, rules = game.state, game.rules
    ai, effect = _ai(game), state.effect(CardId.CUBAN_MISSILE_CRISIS)
    if ai is None or effect is None or effect.side is not ai:
        return
    places = [rules.index[c] for c in MISSILE_CRISIS_CANCEL[ai]]
    options = [c for c in places if cuban_missile_crisis_refusal(state, rules, ai, c) is None]
    if not options:
        return
    amount = rules.card(CardId.CUBAN_MISSILE_CRISIS).figure("remove")
    answer = game.ask(
        "country",
        ai,
        [*(rules.countries[c].id for c in options), KEEP],
        say("solo.missile_crisis.cancel", amount=amount),
        key=card_key(CardId.CUBAN_MISSILE_CRISIS, "cancel"),
        event=CardId.CUBAN_MISSILE_CRISIS,
        intent="remove",
        influence_of=ai,
        amount=amount,
    )
    if answer != KEEP:
        cancel_cuban_missile_crisis(game, ai, rules.index[str(answer)])


# ---------------------------------------------------------------- #41 Nuclear Subs
@override("double_coup", CardId.NUCLEAR_SUBS)
def nuclear_subs(game: Game, ctx: EventContext, base: Handler) -> None:
    """Appendix #41, spec §14.5: the AI's Nuclear Subs (it is the US) also makes its first coup
    attempt this turn twice (`NUCLEAR_SUBS_DOUBLE`, read by operations.py)."""
    base(game, ctx)
    if _ai(game) is Side.US:
        game.add_effect(NUCLEAR_SUBS_DOUBLE)


# ---------------------------------------------------------------- #42, #44 the trapped human
TRAP_DRAW = 2  # spec §10.1.1: the cards of an action round


@step("trapped_human_draws", "trap_discard", [CardId.QUAGMIRE, CardId.BEAR_TRAP])
def trapped_human_draws(game: Game, side: Side, card: int) -> int | None:
    """Appendix #42 / #44, the human trapped: draw 2 as usual (spec §10.1.1). A card with 2+ Ops
    (the China Card counts; the human picks if both have) is discarded, which uses the round, and
    the other goes to the bottom; if neither has, both go to the bottom (in the human's order,
    spec §4.3) and the round is skipped: None."""
    hand, name = hand_of(side), game.rules.card(card).name
    drawn = [
        c
        for n in range(1, TRAP_DRAW + 1)
        if (
            c := game.draw(
                hand,
                say("solo.trap.draw", card=name, nth=n, count=TRAP_DRAW),
                to="table",
                of=(n, TRAP_DRAW),
            )
        )
        is not None
    ]
    need = game.rules.card(card).figure("discard_ops")
    eligible = [c for c in drawn if meets_ops(game, side, c, need)]
    discard = eligible[0] if len(eligible) == 1 else None
    if len(eligible) > 1:
        prompt = say("solo.trap.discard", card=name, need=need)
        key = card_key(card, "discard")
        discard = choose_card(game, side, eligible, prompt, key=key, event=card, need=need)
    to_bottom(game, side, [c for c in drawn if c != discard], name)
    return discard


# ---------------------------------------------------------------- #43, #85 the discard pile
@step("discard_fallback", "discard_search", [CardId.SALT_NEGOTIATIONS, CardId.STAR_WARS])
def discard_or_draw_deck(
    game: Game,
    side: Side,
    eligible: Callable[[int], bool],
    prompt: str,
    *,
    key: str,
    none: str | None,
) -> int | None:
    """Spec §22.3, appendix G7: the AI takes from the discard pile a card that qualifies (its
    entry says which); if none does, or the pile holds none, it reveals cards from the top of
    the draw deck until one qualifies and shuffles the others back into the draw deck. The
    AI is asked the same question of each revealed card. The human searches as printed."""
    if side is not _ai(game):
        return discard_search(game, side, eligible, prompt, key=key, none=none)
    found = discard_search(game, side, eligible, prompt, key=key, none=DECLINE)
    passed: list[int] = []
    reveal = say("solo.discard_search.reveal")
    while found is None and (card := game.draw("draw", reveal, to="table")) is not None:
        take = say("solo.discard_search.take", card=game.rules.card(card))
        if eligible(card) and choose_card(game, side, [card], take, key=key, none=DECLINE):
            found = card
        else:
            passed.append(card)
    for card in passed:
        game.move_card(card, "draw")
    if passed:
        game.shuffle("draw")
    return found


# ---------------------------------------------------------------- #76 the China Card
@step("china_card_to_deck", "china_card_taken", [CardId.USSURI_RIVER_SKIRMISH])
def china_card_into_deck(game: Game, to: Side, *, face_up: bool) -> None:
    """Appendix #76: the China Card the US takes is shuffled into its deck/hand (the AI's, or
    the human shuffles it into theirs), face up and playable."""
    game.move_card(CardId.THE_CHINA_CARD, hand_of(to))
    game.set_china_face_up(face_up)
    game.shuffle(hand_of(to))


# ---------------------------------------------------------------- #50 We Will Bury You
@hook("un_cancels_we_will_bury_you", "round_start", CardId.WE_WILL_BURY_YOU, asks=("fetch_un",))
def we_will_bury_you_un_first(game: Game, side: Side) -> bool:
    """Appendix #50 on_human_play: in its next action round the AI (the US) looks through its
    deck/hand for UN Intervention; if it holds it and takes it, the card goes on top (the
    deck/hand shuffled under it, appendix G7), so the AI reveals and plays it (the AI's play
    rule for #50). The round is not replaced."""
    state = game.state
    effect, hand = state.effect(CardId.WE_WILL_BURY_YOU), hand_of(side)
    if (
        effect is None
        or side is not Side.US
        or _ai(game) is not Side.US
        or effect.data == round_mark(state, side)
        or not game.holds(hand, CardId.UN_INTERVENTION, say("solo.bury_you.looks"))
    ):
        return False
    answer = game.ask(
        "yes_no",
        side,
        ["yes", "no"],
        say("solo.bury_you.fetch_un"),
        key=card_key(CardId.WE_WILL_BURY_YOU, "fetch_un"),
        event=CardId.WE_WILL_BURY_YOU,
    )
    if answer == "yes":
        game.note(say("solo.bury_you.takes_un"))
        game.shuffle(hand, keep_top=True)
        game.move_card(CardId.UN_INTERVENTION, hand, top=True)
    return False


@hook(
    "un_cancels_we_will_bury_you",
    "card_chosen",
    CardId.UN_INTERVENTION,
    entry=CardId.WE_WILL_BURY_YOU,
)
def un_for_its_op_cancels(game: Game, side: Side, card: int, how: str) -> None:
    """Appendix #50 on_human_play: the AI's UN Intervention cancels We Will Bury You's 3 VP even
    played for its Op (runs before We Will Bury You's own hook: hooks go in card order)."""
    effect = game.state.effect(CardId.WE_WILL_BURY_YOU)
    if (
        card != CardId.UN_INTERVENTION
        or effect is None
        or side is not Side.US
        or _ai(game) is not Side.US
        or effect.data == round_mark(game.state, side)
    ):
        return
    game.remove_effect(CardId.WE_WILL_BURY_YOU)
    game.note(say("solo.bury_you.un_cancels"))


def event_override(card: int, base: Handler) -> Handler:
    """The solitaire game's handler of `card`'s event (Policy.event_handler)."""
    fn = SOLITAIRE.overrides.get(card)
    if fn is None:
        return base
    return lambda game, ctx: fn(game, ctx, base)


def replaced_step(name: str, base: F) -> F:
    """The solitaire game's version of the engine's named step (Policy.procedure)."""
    found = SOLITAIRE.steps.get(name)
    return base if found is None else found  # type: ignore[return-value]
