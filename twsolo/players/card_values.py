"""What cards are worth to the strong stand-in, in VP.

Held for later (`hold_value`): its ops, less the AI's event it carries (played for ops, the
event fires), less again when that event lowers DEFCON (the last card in hand at DEFCON 2
loses the game, spec §20.1.2). In the draft (spec §6): each drawn card is worth something in
the human's deck/hand (its ops, its own event, less the AI's event it carries) and something
against the human in the AI's (its ops, the AI's event the AI may play, or the human's event
the AI may have to let happen); a split is worth the sum, plus the bonus VP (§6.2.1). The
events are judged by playing them on a sampled world now: a rough guide, as the card is played
later, on another board."""

from __future__ import annotations

import random
from dataclasses import dataclass

from twsolo.engine.choices import Answer, Choice
from twsolo.engine.events import EVENTS
from twsolo.engine.game import Game
from twsolo.engine.space import space_refusal
from twsolo.ids import CHINA_CARD, Side
from twsolo.players.evaluate import Weights
from twsolo.players.knowledge import Knowledge
from twsolo.players.lookahead import Sample, drops_defcon, event_effect, samples
from twsolo.ruleset import Ruleset

OPS_VALUE = 0.5  # an op in the human's deck/hand, in VP
AI_OPS_VALUE = 0.45  # an op in the AI's deck/hand, in VP against the human
SPACE_DUMP = 0.4  # the AI dumps the human's event on the Space Race (spec §12.2.3a)
BONUS_MARGIN, BONUS_VP = 3, 1  # spec §6.2.1
# Keeping the AI's event that lowers DEFCON: the last card in hand at DEFCON 2 loses the game.
DEFCON_DANGER = 3.0
# What a card in hand is worth for later, per op (a card played now is not played later).
HOLD_PER_OP = 0.35
# A card carrying the AI's event is a liability in hand: played for ops, the event fires.
AI_EVENT_LIABILITY = 1.0


def opponent_event(rules: Ruleset, side: Side, card: int) -> bool:
    """The card carries the AI's event (base §5.2: played for ops, the event happens)."""
    return rules.card(card).owner is side.other and card in EVENTS


@dataclass(frozen=True)
class Worth:
    """A card in the human's deck/hand (`keep`) and in the AI's (`give`), in VP."""

    keep: float
    give: float


def card_worth(
    game: Game, k: Knowledge, card: int, drawn: list[int], rng: random.Random, w: Weights
) -> Worth:
    """`card`'s worth among the `drawn` ones (the others lie aside in the human's deck/hand
    while its event is judged)."""
    rules, human = game.rules, k.side
    ai = human.other
    sample = samples(game.state, k, ai, 1, rng)[0]
    c = rules.card(card)
    ops = c.ops
    aside = [d for d in drawn if d != card]
    if card == CHINA_CARD or card not in EVENTS:
        return Worth(OPS_VALUE * ops, -AI_OPS_VALUE * ops)
    if c.owner is human:
        mine = event_effect(game, sample, card, w, aside=aside, player=human, triggered=False)
        theirs = event_effect(game, sample, card, w, aside=aside, player=ai, triggered=True)
        dump = space_refusal(sample.world.state, rules, ai, ops) is None
        give = -SPACE_DUMP if dump and theirs > 0 else theirs - AI_OPS_VALUE * ops
        return Worth(max(mine, OPS_VALUE * ops), give)
    if c.owner is ai:
        harm = -event_effect(game, sample, card, w, aside=aside)
        dump = space_refusal(sample.world.state, rules, human, ops) is None
        keep = OPS_VALUE * ops - (min(harm, SPACE_DUMP) if dump else harm)
        if drops_defcon(game, sample, card, aside):
            keep -= DEFCON_DANGER
        theirs = event_effect(game, sample, card, w, aside=aside, player=ai, triggered=False)
        return Worth(keep, min(theirs, -AI_OPS_VALUE * ops))
    mine = event_effect(game, sample, card, w, aside=aside, player=human, triggered=False)
    theirs = event_effect(game, sample, card, w, aside=aside, player=ai, triggered=False)
    return Worth(max(mine, OPS_VALUE * ops), min(theirs, -AI_OPS_VALUE * ops))


def split_value(
    rules: Ruleset, worth: dict[int, Worth], kept: Answer, drawn: list[int], bonus: bool
) -> float:
    keep = [int(c) for c in kept] if isinstance(kept, tuple) else []
    give = [c for c in drawn if c not in keep]
    # Sums of floats start at 0.0: a compiled build takes `sum`'s 0 for an int (§14).
    kept_worth = sum((worth[c].keep for c in keep), 0.0)
    total = kept_worth + sum((worth[c].give for c in give), 0.0)
    margin = sum(rules.card(c).ops for c in give) - sum(rules.card(c).ops for c in keep)
    return total + (BONUS_VP if bonus and margin >= BONUS_MARGIN else 0)


def rank_splits(
    game: Game, choice: Choice, k: Knowledge, rng: random.Random, w: Weights
) -> list[tuple[float, Answer]]:
    """Every legal split (the OP balance is in the options), best first."""
    drawn = [int(c) for c in choice.context.get("drawn", ())]
    worth = {c: card_worth(game, k, c, drawn, random.Random(rng.random()), w) for c in drawn}
    bonus = bool(choice.context.get("bonus"))
    ranked = [(split_value(game.rules, worth, o, drawn, bonus), o) for o in choice.options]
    ranked.sort(key=lambda x: -x[0])
    return ranked


def hold_value(
    rules: Ruleset, side: Side, card: int, dangerous: frozenset[int] = frozenset()
) -> float:
    """What keeping `card` for later is worth: its ops, less the AI's event it carries (more
    if that event lowers DEFCON: `dangerous`)."""
    c = rules.card(card)
    worth = HOLD_PER_OP * c.ops
    if c.owner is side.other:
        worth -= AI_EVENT_LIABILITY
    if card in dangerous:
        worth -= DEFCON_DANGER
    return worth


def dangers(game: Game, sample: Sample, side: Side, cards: list[int]) -> frozenset[int]:
    """The `cards` (drawn together) carrying an AI event that lowers DEFCON."""
    rules = game.rules
    return frozenset(
        c
        for c in cards
        if opponent_event(rules, side, c)
        and drops_defcon(game, sample, c, [d for d in cards if d != c])
    )
