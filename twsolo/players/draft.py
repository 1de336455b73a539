"""The human's draft (spec §6) and bottom order (spec §4.3), as the strong stand-in makes them:
each drawn card is worth something in the human's deck/hand (its ops, its own event, less the
AI's event it carries) and something against the human in the AI's (its ops, the AI's event
the AI may play, or the human's event the AI may have to let happen); a split is worth the sum,
plus the bonus VP (§6.2.1). The events are judged by playing them on a sampled world now: a
rough guide, as the card is played later, on another board."""

from __future__ import annotations

import random
from dataclasses import dataclass

from twsolo.engine.choices import Answer, Choice
from twsolo.engine.events import EVENTS
from twsolo.engine.game import Game
from twsolo.engine.space import space_refusal
from twsolo.ids import CHINA_CARD
from twsolo.players.evaluate import Weights
from twsolo.players.knowledge import Knowledge
from twsolo.players.lookahead import event_effect, samples
from twsolo.ruleset import Ruleset

OPS_VALUE = 0.5  # an op in the human's deck/hand, in VP
AI_OPS_VALUE = 0.45  # an op in the AI's deck/hand, in VP against the human
SPACE_DUMP = 0.4  # the AI dumps the human's event on the Space Race (spec §12.2.3a)
BONUS_MARGIN, BONUS_VP = 3, 1  # spec §6.2.1


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
    total = sum(worth[c].keep for c in keep) + sum(worth[c].give for c in give)
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
