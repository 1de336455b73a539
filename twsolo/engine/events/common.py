"""Building blocks the card events share: choices of countries and cards, influence moved point
by point, wars, operations granted by an event, free coups. Each asks through the Choice seam."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import permutations
from typing import TYPE_CHECKING, Any

from twsolo.engine.board import adjacent_controlled, controls
from twsolo.engine.coup import coup, coup_refusal, realign, realign_refusal
from twsolo.engine.effects import ops_modifier
from twsolo.engine.events.registry import EventContext, Requirement
from twsolo.engine.operations import conduct_operations
from twsolo.engine.ops import OpsBudget, card_ops
from twsolo.engine.state import GameState, area_of, hand_of
from twsolo.ids import CHINA_CARD, CardId, Side
from twsolo.phrases import say
from twsolo.ruleset import Ruleset
from twsolo.ruleset.model import War

if TYPE_CHECKING:
    from twsolo.engine.game import Game

Candidates = Sequence[int] | Callable[[], Sequence[int]]


def ids(game: Game, countries: Iterable[int]) -> list[str]:
    return [game.rules.countries[c].id for c in countries]


def in_region(game: Game, region: str) -> list[int]:
    return list(game.rules.members(region))


def event_area(game: Game, card: int) -> list[int]:
    """The countries of the regions the card's event acts in (rules/cards.yaml
    `event_regions`), each once, in map order."""
    return list(_event_area(game.rules, card))


@lru_cache(maxsize=512)
def _event_area(rules: Ruleset, card: int) -> tuple[int, ...]:
    # Fixed by the rules (a Ruleset is never changed, and hashes by identity): asked at every
    # point of an event that places in its regions.
    regions = rules.card(card).event_regions
    return tuple(
        c.index for c in rules.countries if any(rules.in_region(c.index, r) for r in regions)
    )


def war_facts(game: Game, card: int) -> War:
    """A war card's figures (rules/cards.yaml `war`; the loader requires them)."""
    facts = game.rules.card(card).war
    assert facts is not None
    return facts


def choose_country(
    game: Game,
    chooser: Side,
    candidates: Sequence[int],
    prompt: str,
    *,
    key: str,
    intent: str = "",
    influence_of: Side | None = None,
    event: int | None = None,
    **figures: Any,
) -> int:
    """A country among `candidates`. `intent` ("add" or "remove") and `influence_of` (whose
    influence) tell an AI provider what the choice does (spec §17.2–§17.4); `event` names the
    card whose effect asks, when it acts outside the event itself (a hook); `figures` are the
    event's own numbers (the amount, the points left, the ops of a coup)."""
    answer = game.ask(
        "country",
        chooser,
        ids(game, candidates),
        prompt,
        key=key,
        event=event,
        intent=intent,
        influence_of=influence_of,
        **figures,
    )
    return game.rules.index[str(answer)]


def choose_card(
    game: Game,
    chooser: Side,
    cards: Sequence[int],
    prompt: str,
    *,
    key: str,
    none: str | None = None,
    event: int | None = None,
    **figures: Any,
) -> int | None:
    """A card from `cards`; with `none`, that answer (e.g. "decline") means no card."""
    options: list[int | str] = sorted(cards)
    if none is not None:
        options.append(none)
    answer = game.ask("card", chooser, options, prompt, key=key, event=event, **figures)
    return None if answer == none else int(str(answer))


def discard_search(
    game: Game,
    chooser: Side,
    eligible: Callable[[int], bool],
    prompt: str,
    *,
    key: str,
    none: str | None,
) -> int | None:
    """A card the event lets `chooser` take from the discard pile (SALT Negotiations, Star
    Wars): one of its `eligible` cards, or None when it holds none (or `none` is answered).
    The named step "discard_search" (Policy.procedure): the solitaire AI falls back on the draw
    deck (spec §22.3)."""
    cards = [c for c in game.state.piles["discard"].known() if eligible(c)]
    if not cards:
        return None
    return choose_card(game, chooser, cards, prompt, key=key, none=none)


def yes_no(game: Game, chooser: Side, prompt: str, *, key: str, **figures: Any) -> bool:
    return game.ask("yes_no", chooser, ["yes", "no"], prompt, key=key, **figures) == "yes"


def _current(candidates: Candidates) -> Sequence[int]:
    return candidates() if callable(candidates) else candidates


def add_by_choice(
    game: Game,
    chooser: Side,
    side: Side,
    amount: int,
    candidates: Candidates,
    prompt: str,
    *,
    key: str,
    per_country: int | None = None,
    distinct: bool = False,
) -> list[int]:
    """Add `amount` influence of `side`, one point at a time where `chooser` says, among
    `candidates` (re-evaluated each point when callable), at most `per_country` in one country,
    or each in a different country when `distinct`. Stops early when no candidate is left."""
    return _points(
        game,
        chooser,
        side,
        amount,
        candidates,
        prompt,
        key=key,
        limit=1 if distinct else per_country,
        intent="add",
        act=lambda c: game.add_influence(c, side, 1),
    )


def each_of(
    game: Game,
    chooser: Side,
    candidates: Sequence[int],
    count: int,
    prompt: str,
    act: Callable[[int], object],
    *,
    key: str,
    intent: str,
    influence_of: Side,
    event: int | None = None,
) -> None:
    """`chooser` picks up to `count` different countries among `candidates`, one at a time;
    `act` (which adds or removes `influence_of`'s influence, as `intent` says) is applied to each
    as soon as it is picked."""
    _points(
        game,
        chooser,
        influence_of,
        count,
        candidates,
        prompt,
        key=key,
        limit=1,
        intent=intent,
        act=act,
        event=event,
    )


def remove_by_choice(
    game: Game,
    chooser: Side,
    side: Side,
    amount: int,
    candidates: Candidates,
    prompt: str,
    *,
    key: str,
    per_country: int | None = None,
) -> list[int]:
    """Remove `amount` influence of `side` point by point where `chooser` says, among countries
    of `candidates` that still hold some, at most `per_country` from one country."""
    return _points(
        game,
        chooser,
        side,
        amount,
        candidates,
        prompt,
        key=key,
        limit=per_country,
        intent="remove",
        act=lambda c: game.remove_influence(c, side, 1),
        eligible=lambda c: game.state.inf(c, side) > 0,
    )


def _points(
    game: Game,
    chooser: Side,
    side: Side,
    amount: int,
    candidates: Candidates,
    prompt: str,
    *,
    key: str,
    limit: int | None,
    intent: str,
    act: Callable[[int], object],
    eligible: Callable[[int], bool] = lambda c: True,
    event: int | None = None,
) -> list[int]:
    """`amount` times: `chooser` picks a country among the eligible `candidates` (re-evaluated
    each time when callable), at most `limit` times the same one, and `act` is applied to it.
    Stops early when none is left. The countries picked, in order. Each question carries the
    event's figures: `total`, `left` (this point included), `per_country` (the limit, None for
    none) and `placed` (the countries picked so far, in order)."""
    done: list[int] = []
    for i in range(amount):
        options = [
            c
            for c in _current(candidates)
            if eligible(c) and (limit is None or done.count(c) < limit)
        ]
        if not options:
            break
        country = choose_country(
            game,
            chooser,
            options,
            say("event.point_of", prompt=prompt, number=i + 1, amount=amount),
            key=key,
            intent=intent,
            influence_of=side,
            event=event,
            total=amount,
            left=amount - i,
            per_country=limit,
            placed=tuple(done),
        )
        act(country)
        done.append(country)
    return done


def remove_all(game: Game, side: Side, country: int) -> int:
    return game.remove_influence(country, side, game.state.inf(country, side))


def add_until_control(game: Game, side: Side, country: int) -> None:
    """Add `side` influence until it controls `country` (Fidel, Romanian Abdication, ...)."""
    s = game.state
    need = s.inf(country, side.other) + game.rules.countries[country].stability
    if s.inf(country, side) < need:
        game.add_influence(country, side, need - s.inf(country, side))


def war(game: Game, attacker: Side, target: int, facts: War) -> bool:
    """A war event (its figures: rules/cards.yaml `war`): roll, −1 per country adjacent to the
    target that the defender controls (its superpower box counting, A1), −1 more if the target
    counts and the defender controls it; on `success`+ the attacker gains `vp` and replaces all
    defender influence there with its own. The attacker gains `milops` military ops either way
    (A11)."""
    defender = attacker.other
    name = game.rules.countries[target].name
    modifier = adjacent_controlled(game.state, game.rules, defender, target)
    if facts.target_counts and controls(game.state, game.rules, defender, target):
        modifier += 1
    need = facts.success + modifier
    reach = say("event.war.reach", need=need) if need <= 6 else say("event.war.reach_2")
    roll = game.roll(
        attacker,
        say("event.war.roll", name=name, reach=reach, success=facts.success, modifier=modifier),
    )
    won = roll - modifier >= facts.success
    game.add_milops(attacker, facts.milops)
    if won:
        game.gain_vp(attacker, facts.vp, say("event.war.vp", name=name))
        moved = remove_all(game, defender, target)
        game.add_influence(target, attacker, moved)
    key = "event.war.won" if won else "event.war.lost"
    game.note(say(key, name=name, roll=roll, modifier=modifier))
    return won


def grant_operations(game: Game, side: Side, ops: int) -> None:
    """An event's "conduct operations with N ops" (CIA Created, ABM Treaty, ...): influence,
    realignments or one coup, with the player's ops modifiers (A14, D7); never the Space Race
    (D6)."""
    budget = OpsBudget(ops_modifier(game.state, side, ops))
    conduct_operations(game, side, budget, allow_space=False)


def free_coup(
    game: Game, side: Side, candidates: Sequence[int], ops: int, prompt: str, *, key: str
) -> bool:
    """A free coup (base §6.3.5: Junta, Ortega, Tear Down This Wall): no military ops, the DEFCON
    region ban does not apply, a battleground still lowers DEFCON. False if no target. The
    question carries the coup's `ops`, modified."""
    targets = [
        c for c in candidates if coup_refusal(game.state, game.rules, side, c, free=True) is None
    ]
    if not targets:
        game.note(say("event.free_coup.note", side=side.label))
        return False
    ops = ops_modifier(game.state, side, ops)
    country = choose_country(game, side, targets, prompt, key=key, intent="coup", ops=ops)
    coup(game, side, country, ops, free=True)
    return True


def chooser_hand(ctx: EventContext) -> str:
    return f"hand_{ctx.chooser.value}"


def prohibited_by(card: int) -> Requirement:
    """A `requires`: the event cannot happen once `card`'s lasting effect is in force (A6)."""

    def refusal(state: GameState, rules: Ruleset, ctx: EventContext) -> str | None:
        return (
            say("event.requires.prohibited_by", card=rules.card(card))
            if state.has_effect(card)
            else None
        )

    return refusal


def realign_rolls(
    game: Game,
    side: Side,
    rolls: int,
    candidates: Candidates,
    prompt: str,
    *,
    key: str,
    free: bool = False,
) -> None:
    """Up to `rolls` realignment rolls by `side`, one at a time, among the `candidates` it may
    realign; "done" stops. `free`: the DEFCON region ban does not apply (card-events D3)."""
    rules = game.rules
    for i in range(rolls):
        targets = [
            c
            for c in _current(candidates)
            if realign_refusal(game.state, rules, side, c, free=free) is None
        ]
        if not targets:
            return
        answer = game.ask(
            "realign",
            side,
            [*ids(game, targets), "done"],
            say("event.roll_of", prompt=prompt, number=i + 1, rolls=rolls),
            key=key,
            total=rolls,
            left=rolls - i,
        )
        if answer == "done":
            return
        realign(game, side, rules.index[str(answer)], free=free)


# ---------------------------------------------------------------- cards of a deck/hand
def china_card_used(game: Game, side: Side) -> None:
    """The China Card used by `side` passes face down to the opponent's play area (base §9.3,
    card-events A13) and ends Formosan Resolution when the US uses it. Played for ops or on the
    Space Race, or in the solitaire game taken by an event or discarded for an Ops requirement:
    "used either way, it then passes face down to the other side, as if played" (spec §3.4,
    appendix G7)."""
    game.move_card(CHINA_CARD, area_of(side.other))
    game.set_china_face_up(False)
    if side is Side.US and game.state.has_effect(CardId.FORMOSAN_RESOLUTION):
        game.remove_effect(CardId.FORMOSAN_RESOLUTION)


def may_take(game: Game, card: int) -> bool:
    """Whether an event may take `card` from a deck/hand or have it discarded for an Ops
    requirement: the China Card only where the policy puts it in play there (spec §3.4; base
    card-events A13: never)."""
    return card != CHINA_CARD or game.policy.china_card_in_hands()


def meets_ops(game: Game, side: Side, card: int, need: int) -> bool:
    """`card` may be discarded by `side` for an Ops requirement of `need` (modified ops, base
    §5.3: a higher value meets it too; never a scoring card, which has no ops)."""
    return may_take(game, card) and card_ops(game.state, game.rules, side, card) >= need


def hand_cards(game: Game, side: Side, purpose: str) -> list[int]:
    """The cards of `side`'s deck/hand, for an event that lets a player choose among them (or
    shows them): the deck/hand is looked through first, so each card dealt face down into it is
    named (spec §4, `Game.look_through`). Who looked shuffles it afterwards (appendix G7)."""
    hand = hand_of(side)
    game.look_through(hand, purpose)
    return sorted(game.state.piles[hand].known())


def show_hand(game: Game, side: Side, name: str) -> None:
    """`side` shows its deck/hand to the opponent (CIA Created, Lone Gunman). Nothing in the
    game depends on what is seen, so the state learns nothing (a face-down deck/hand stays
    unknown to the program, spec §4; the looker's screen may list it, `Game.show`); whoever
    looked shuffles it afterwards (appendix G7)."""
    game.show(hand_of(side), side.other, name)
    game.shuffle(hand_of(side))


def ops_discards(game: Game, side: Side, need: int, purpose: str) -> list[int]:
    """The cards of `side`'s deck/hand that meet an Ops requirement of `need` (Blockade, Latin
    American Debt Crisis, Quagmire, Bear Trap)."""
    return [c for c in hand_cards(game, side, purpose) if meets_ops(game, side, c, need)]


def random_card(game: Game, side: Side, purpose: str, *, china: bool = False) -> int | None:
    """Appendix G7: a random card of a deck/hand is its top card after shuffling; it goes to the
    table. The China Card is never lost to a random discard (`china=False`, card-events A13): if
    it comes up it is set aside, the next card is taken, and it is shuffled back afterwards.
    None if no card can be taken."""
    hand = hand_of(side)
    game.shuffle(hand)
    card = game.draw(hand, purpose, to="table")
    if card == CHINA_CARD and not china:
        game.move_card(CHINA_CARD, "aside")
        card = game.draw(hand, purpose, to="table")
        game.move_card(CHINA_CARD, hand)
        game.shuffle(hand)
        if card is None:
            game.note(say("event.random_card.note", purpose=purpose))
    return card


def china_card_came_up(game: Game, card: int | None) -> None:
    """Spec §3.4, §22.4: the China Card came up while a player revealed or drew cards from the
    opponent's deck/hand: afterwards both deck/hands are shuffled (a card an event put on top
    stays there)."""
    if card == CHINA_CARD:
        for side in (Side.USSR, Side.US):
            game.shuffle(hand_of(side), keep_top=True)


def spend_card(game: Game, side: Side, card: int) -> None:
    """`side` has used `card` without its event (played for ops or on the Space Race, given by
    an event for its ops, discarded for an Ops requirement): it goes to the discard pile; the
    China Card passes to the opponent instead (`china_card_used`)."""
    if card == CHINA_CARD:
        china_card_used(game, side)
    elif game.state.where(card) != "discard":
        game.move_card(card, "discard")


def escape_by_revealing(game: Game, ctx: EventContext, side: Side, otherwise: str) -> bool:
    """An event `side` escapes by discarding a card of the event's Ops requirement (figure
    `discard_ops`: Blockade, Latin American Debt Crisis), when `side` searches its deck/hand by
    revealing (the solitaire AI, spec §17.5): it says whether it tries (`<card>.escape`; no:
    `otherwise` happens), then reveals for the card. True: a card was discarded."""
    need = game.rules.card(ctx.card).figure("discard_ops")
    name = game.rules.card(ctx.card).name
    prompt = say("event.escape_by_revealing.prompt", name=name, need=need, otherwise=otherwise)
    if not yes_no(game, side, prompt, key=ctx.key("escape"), need=need):
        return False
    wanted = say("event.escape_by_revealing.wanted", name=name, need=need)
    card = reveal_until(game, side, lambda c: meets_ops(game, side, c, need), wanted)
    if card is None:
        return False
    spend_card(game, side, card)
    return True


def place_figures(game: Game, ctx: EventContext, side: Side, prompt: str) -> list[int]:
    """The event's `influence` figure of `side`'s influence in its event regions, at most its
    `per_country` figure in one country (Liberation Theology, Ussuri River Skirmish)."""
    card = game.rules.card(ctx.card)
    return add_by_choice(
        game,
        ctx.chooser,
        side,
        card.figure("influence"),
        event_area(game, ctx.card),
        prompt,
        key=ctx.key("place"),
        per_country=card.figure("per_country"),
    )


def reveal_until(game: Game, side: Side, wanted: Callable[[int], bool], purpose: str) -> int | None:
    """Spec §17.5: reveal cards from the top of `side`'s deck/hand onto the table, one at a
    time, until one is `wanted` (an Ops requirement: `meets_ops`, where the China Card counts,
    §3.4; a human event for UN Intervention, appendix #32); the other revealed cards are
    shuffled back (appendix G7). Returns the card found, left on the table, or None."""
    hand = hand_of(side)
    passed: list[int] = []
    found = None
    while found is None and (card := game.draw(hand, purpose, to="table")) is not None:
        if wanted(card):
            found = card
        else:
            passed.append(card)
    for card in passed:
        game.move_card(card, hand)
    if passed:
        game.shuffle(hand)  # §17.5, appendix G7: the revealed cards are shuffled back
    return found


def to_bottom(game: Game, side: Side, cards: Sequence[int], purpose: str) -> None:
    """`side` puts `cards` at the bottom of its deck/hand in the order it chooses (spec §4.3),
    asked as "bottom" when there is an order to choose."""
    order: tuple[int, ...] = tuple(cards)
    if len(cards) > 1:
        answer = game.ask(
            "bottom",
            side,
            [tuple(p) for p in permutations(sorted(cards))],
            say("event.to_bottom.bottom", purpose=purpose),
            key="bottom",
            cards=tuple(sorted(cards)),
        )
        assert isinstance(answer, tuple)
        order = tuple(int(c) for c in answer)
    for card in order:
        game.move_card(card, hand_of(side), bottom=True)
