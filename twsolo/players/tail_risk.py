"""The strong stand-in's tail-risk veto and trap guard (docs/strong.md, issue #30).

The look-ahead averages over a few sampled worlds, so a play that loses the game in a world it
did not sample can still look best. Two vetoes put such plays last, from what the human knows:
- the trap guard: never set off the AI's trap card on oneself (Quagmire when the human is the
  US, Bear Trap when it is the USSR: rules/priorities.yaml `trap_cards`, spec §12.2.3a) by
  playing it for ops or headlining it;
- the headline veto: a headline whose event lowers DEFCON is tried against every card the AI
  may headline whose event lowers DEFCON too (each unseen card that can lie in its deck/hand,
  and its known ones), both resolved in the order of spec §9.3; a headline that loses the game
  (DEFCON 1 on the human's event) against any of them is vetoed;
- the action-round DEFCON veto (issue #43): at DEFCON 3 or lower, a play whose own action
  brings DEFCON 1 (spec §20.1.2: the phasing human loses) — its event, the AI's event it sets
  off, a battleground coup — played through the engine on a world;
- Missile Envy's veto (issue #43): at DEFCON 2, Missile Envy as one's event when any card the
  AI may hold would be handed over with an event that lowers DEFCON;
- the lead guard (issue #43): while the human leads on VP, a play after which, on any world the
  look-ahead played, the AI wins by 20 VP or by Europe's control (spec §20.1.1, §20.1.5);
- the bomb guard (issue #43): at DEFCON 3 or lower, a play of the other card when one drawn
  carries the AI's event that lowers DEFCON and the human's deck/hand must give it back this
  turn (no more cards in it, the one put at the bottom counted, than action rounds left and one
  more, for a round that takes two: UN Intervention with its card, an event's discard): it
  would then be played whatever DEFCON is by then, and at DEFCON 2 its event loses the game
  (spec §20.1.2). Played now, at DEFCON 3, the event costs DEFCON 2 and not the game. At
  DEFCON 2, the Space Race is not spent on another card while such a card known to be in the
  deck/hand must come back: the Space Race is then its one way to be played.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeVar

from twsolo.engine import calendar
from twsolo.engine.events import EVENTS, play_event
from twsolo.engine.game import Game, GameOver
from twsolo.engine.space import EIGHTH_ROUND, has_ability, space_refusal
from twsolo.engine.state import GameState, hand_of
from twsolo.ids import CHINA_CARD, CardId, Side
from twsolo.players.card_values import dangers
from twsolo.players.knowledge import Knowledge, sample_world
from twsolo.players.lookahead import (
    Horizon,
    Look,
    RolloutHuman,
    Sample,
    script_for,
    to_table,
    world_flow,
)
from twsolo.players.plays import Play
from twsolo.ruleset import Ruleset
from twsolo.solo.action_rounds import play_drawn
from twsolo.solo.flow import Flow
from twsolo.solo.headline import resolve

T = TypeVar("T")


def traps_human(rules: Ruleset, human: Side, card: int) -> bool:
    """`card` is the trap that catches the human's side (its event is the AI's)."""
    return card == rules.priorities.trap_cards[human]


def trap_play(rules: Ruleset, human: Side, play: Play) -> bool:
    """The trap guard: the AI's trap card played for ops (its event fires on the human)."""
    return play.how == "ops" and traps_human(rules, human, play.card)


def vetoed_last(items: list[T], vetoed: Callable[[T], bool]) -> list[T]:
    """The items in their order, the vetoed ones after all the others (still in order: when
    every play is vetoed, the best of them)."""
    return [x for x in items if not vetoed(x)] + [x for x in items if vetoed(x)]


def vetoed_later(items: Iterable[T], vetoes: Callable[[T], bool]) -> Iterator[T]:
    """`vetoed_last` lazily: each item judged by `vetoes` only when the one before it has been
    taken (a costly veto is not run for the items a caller never reaches); the vetoed ones come
    after all the others, in their order."""
    later = []
    for x in items:
        if vetoes(x):
            later.append(x)
        else:
            yield x
    yield from later


def ai_headline_cards(state: GameState, k: Knowledge, human: Side) -> list[int]:
    """The cards the AI may headline: those known to lie in its deck/hand and, while it holds
    unseen slots, every unseen card (sorted: the same for every arrangement of the unseen)."""
    p = state.piles[hand_of(human.other)]
    cards = {*p.top, *p.shuffled, *p.bottom}
    if p.unseen:
        cards |= set(k.pool)
    return sorted(c for c in cards if c != CHINA_CARD and c in EVENTS)


def _world(game: Game, k: Knowledge, ai_card: int | None, seed: int) -> Sample:
    """A world seeded by `seed` in which the AI's deck/hand gives `ai_card` first."""
    state = game.state
    ai = state.ai_side
    assert ai is not None
    first = {hand_of(ai): ai_card} if ai_card is not None and ai_card in k.pool else None
    world = sample_world(state, random.Random(seed), first=first)
    return Sample(world, ai_card, 1, seed)


def _on_table(flow: Flow, card: int, player: Side, drawn: Sequence[int]) -> bool:
    """`card` on the table, as headlined by `player` (the AI's drawn from its deck/hand); the
    human's other drawn cards back in its deck/hand first, as the headline phase puts them
    (spec §9.1; `lookahead.to_table`)."""
    game = flow.game
    if player is flow.ai:
        to_table_aside(game, drawn)
        return game.draw(hand_of(player), "the AI's headline (veto)", to="table") == card
    to_table(game, card, [c for c in drawn if c != card])
    return True


def to_table_aside(game: Game, drawn: Sequence[int]) -> None:
    """The human's drawn cards still on the table go back to its deck/hand."""
    human = flow_human(game)
    for c in drawn:
        if game.state.where(c) == "table":
            game.move_card(c, hand_of(human), bottom=True)


def flow_human(game: Game) -> Side:
    ai = game.state.ai_side
    assert ai is not None
    return ai.other


def lowers_defcon(
    game: Game,
    sample: Sample,
    card: int,
    player: Side,
    drawn: Sequence[int],
    *,
    handed_to: Side | None = None,
) -> bool:
    """Whether `card`'s event, headlined by `player` on the sample's world, lowers DEFCON. With
    `handed_to`, the card `player` (the AI) draws is that side's event in an action round
    instead (Missile Envy hands it over, card-events #49)."""
    world = sample.world.copy()
    state = world.state
    flow = world_flow(game, world, RolloutHuman(flow_human(game)), sample)
    before = state.defcon
    with contextlib.suppress(GameOver, Horizon):
        if _on_table(flow, card, player, drawn):
            play_event(flow.game, card, handed_to or player, headline=handed_to is None)
    return state.defcon < before


def loses_headline(
    game: Game, sample: Sample, cards: dict[Side, int], human: Side, drawn: Sequence[int]
) -> bool:
    """Both headlines resolved (spec §9.3) on the sample's world: the human loses the game."""
    world = sample.world.copy()
    flow = world_flow(game, world, RolloutHuman(human), sample)
    with contextlib.suppress(GameOver, Horizon):
        # The human's card first: its other drawn cards go back before the AI draws.
        if all(_on_table(flow, cards[side], side, drawn) for side in (human, human.other)):
            resolve(flow, cards)
    result = world.state.result
    return result is not None and result.winner is human.other


def headline_vetoes(
    game: Game, k: Knowledge, human: Side, drawn: Sequence[int], options: Sequence[int], seed: int
) -> set[int]:
    """The headline options the tail-risk veto and the trap guard reject (module docstring);
    `drawn`, the cards the human drew for its headline. Worlds are seeded by `seed` (the
    decision's sampling), so the veto reads only what the human knows."""
    rules = game.rules
    vetoed = {c for c in options if traps_human(rules, human, c)}
    probe = _world(game, k, None, seed)
    risky = [c for c in options if c in EVENTS and lowers_defcon(game, probe, c, human, drawn)]
    if not risky:
        return vetoed
    replies = [
        c
        for c in ai_headline_cards(game.state, k, human)
        if c not in drawn and lowers_defcon(game, _world(game, k, c, seed), c, human.other, drawn)
    ]
    for mine in risky:
        for theirs in replies:
            sample = _world(game, k, theirs, seed)
            if loses_headline(game, sample, {human: mine, human.other: theirs}, human, drawn):
                vetoed.add(mine)
                break
    return vetoed


# Spec §20.1.1, §20.1.5: the AI's wins a leading human can throw away by one play.
THROWN_LEADS = ("vp20", "europe_control")


def own_defcon_loss(game: Game, sample: Sample, play: Play, drawn: Sequence[int]) -> bool:
    """The action-round DEFCON veto: `play` (among the `drawn` cards) brings DEFCON 1 on the
    human's own action on the sample's world (spec §20.1.2). Only from DEFCON 3 down: one action
    lowers DEFCON by two at most (a battleground coup and an event)."""
    state = sample.world.state
    if state.defcon > 3:
        return False
    human = flow_human(game)
    flow = world_flow(
        game, sample.world.copy(), RolloutHuman(human, script_for(play, state)), sample
    )
    with contextlib.suppress(GameOver, Horizon):
        play_drawn(flow, play.card, list(drawn))
    result = flow.game.state.result
    return result is not None and result.reason == "defcon1" and result.winner is human.other


def keeps_a_bomb(game: Game, human: Side, play: Play, bombs: frozenset[int]) -> bool:
    """The bomb guard (see the module): `play` is of the other card than one of `bombs` (the
    drawn cards carrying the AI's event that lowers DEFCON, card_values.dangers), at DEFCON 3
    or lower, and the human's deck/hand will give that card back this turn."""
    state = game.state
    if state.defcon > 3 or not bombs - {play.card}:
        return False
    return comes_back(state, human, game.rules)


def spends_the_space_race(game: Game, sample: Sample, human: Side, play: Play) -> bool:
    """The bomb guard's other half: at DEFCON 2, the Space Race spent on another card while a
    card known to lie in the human's deck/hand carries the AI's event that lowers DEFCON, comes
    back this turn, and could go to the Space Race instead (its one way not to lose then)."""
    state, rules = game.state, game.rules
    if play.how != "space_race" or state.defcon != 2 or not comes_back(state, human, rules):
        return False
    held = [c for c in state.pile(hand_of(human)).known() if c != play.card]
    return any(
        space_refusal(state, rules, human, rules.card(c).ops) is None
        and dangers(game, sample, human, [c])
        for c in held
    )


def comes_back(state: GameState, human: Side, rules: Ruleset) -> bool:
    """The cards of the human's deck/hand, and the one put at its bottom now, are all played
    this turn: no more of them than action rounds left and one more (a round may take two:
    UN Intervention with its card, an event's discard; seeds 4424, 4932 of the balanced
    set-up's measurement). The regular rounds and the Space Race's eighth count (another
    extra round only makes it surer)."""
    eighth = int(has_ability(state, rules, human, EIGHTH_ROUND))
    kept = len(state.pile(hand_of(human))) + 1
    return kept <= calendar.action_rounds(state.turn) + eighth - state.action_round + 1


def given_defcon_loss(game: Game, k: Knowledge, sample: Sample, play: Play) -> bool:
    """The action-round DEFCON veto where the AI's hidden cards decide: Missile Envy as the
    human's event hands it the AI's highest-ops card, whose event it must play if the card is
    its own or neutral (card-events #49). At DEFCON 2, vetoed if any card the AI may hold is
    such an event that lowers DEFCON (each tried on a world of the sample's seed where the AI
    draws it)."""
    if play.how != "event" or play.card != CardId.MISSILE_ENVY or game.state.defcon > 2:
        return False
    human = flow_human(game)
    return any(
        game.rules.card(c).owner in (None, human)
        and lowers_defcon(
            game, _world(game, k, c, sample.seed), c, human.other, (), handed_to=human
        )
        for c in ai_headline_cards(game.state, k, human)
    )


def throws_lead(state: GameState, human: Side, looks: Sequence[Look]) -> bool:
    """The lead guard: the human leads on VP now, and on some world the AI then wins by 20 VP or
    by Europe's control."""
    if state.vp * human.sign <= 0:
        return False
    return any(
        look.result is not None
        and look.result.winner is human.other
        and look.result.reason in THROWN_LEADS
        for look in looks
    )
