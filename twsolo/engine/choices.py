"""The Choice seam: the engine's only way to learn anything it cannot compute.

A player's decision, a die roll, a card drawn or revealed at the table: each is a `Choice` put to
the provider of its actor. Chance is an actor like the two sides (OpenSpiel's idea): a seeded RNG
answers it in digital play, the person at the table answers it in table play, a script answers it
in tests. The answer must be one of the choice's `options`; the runner records every answer, so a
game is its list of answers and replays without any RNG state.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from twsolo.errors import ChoiceError
from twsolo.ids import Side
from twsolo.phrases import say

if TYPE_CHECKING:
    from twsolo.engine.game import Game

CHANCE: Literal["chance"] = "chance"
Actor = Side | Literal["chance"]
Answer = Hashable  # str, int, or a tuple of them: JSON-able, comparable


# A value, not frozen for speed (as engine/records.py); __init__ by hand: a compiled build runs
# it natively, where the dataclass's would be interpreted (docs/decisions.md §14).
@dataclass(slots=True, init=False)
class Choice:
    """One question. `kind` names what is asked (see KINDS); `options` are all legal answers.
    `key` is the question's stable name (`junta.place`, `ops.influence`, `play`): a provider
    finds its rule by (`event`, `key`), never by the `prompt`, which is display only. `event`
    is the card whose event (or lasting effect) asks, None outside an event. Providers read a Choice
    and never change it: to narrow a question, `dataclasses.replace` it."""

    kind: str
    actor: Actor
    options: tuple[Answer, ...]
    prompt: str
    # The question's own figures for a provider: the card being played, the ops left, an event's
    # total, points left and per-country limit, the die's purpose...
    context: Mapping[str, Any]
    key: str
    event: int | None

    def __init__(
        self,
        kind: str,
        actor: Actor,
        options: tuple[Answer, ...],
        prompt: str = "",
        context: Mapping[str, Any] | None = None,
        key: str = "",
        event: int | None = None,
    ) -> None:
        self.kind = kind
        self.actor = actor
        self.options = options
        self.prompt = prompt
        self.context = {} if context is None else context
        self.key = key
        self.event = event


# The kinds of choice the engine asks. Chance kinds are answered by a Chance provider.
KINDS = {
    "die": "a die roll, 1–6 (chance)",
    "draw": "which card comes off the top of a pile, seen from now on (chance; the options are"
    " the cards that can be there)",
    "deal": "which card is dealt face down (chance, only when a dealer knows: digital play and"
    " simulations; never shown to a player)",
    "reveal": "which card is seen while someone looks through a face-down pile (chance)",
    "holds": "whether a face-down pile holds a given card, for someone who looks (chance: yes/no)",
    "pick": "which card a random pick takes (chance)",
    "operation": "which operation to conduct with the ops: influence, coup, realign, space_race",
    "influence": "one point of influence: the country, or 'done' to stop",
    "coup": "the country to coup",
    "realign": "the country to realign, or 'done' to stop",
    "country": "a country an event names (add, remove, target)",
    "card": "a card from a pile or hand (discard, take, play)",
    "order": "the event first or the operations first",
    "play": "how to play a card: event, ops or space_race",
    "yes_no": "take an option an event offers",
    "number": "an amount an event lets its player choose",
    "region": "a region an event lets its player name (Chernobyl)",
    # The solitaire turn flow (twsolo/solo/; spec §6, §9, §10).
    "draft": "the human's draft split (spec §6): the cards kept, a sorted tuple of card numbers;"
    " every option keeps the OP balance (context: drawn, ops, keep, give, bonus)",
    "headline": "the headline card (spec §9): the human picks one of the cards drawn, never the"
    " China Card; the AI picks one of the cards revealed so far, or 'reveal' for another"
    " (context: human_headline for the AI, ai_headline for the human, when known)",
    "ar_card": "which of the cards the human drew this action round to play (spec §10.1)",
    "bottom": "the order in which the human's other drawn cards go to the bottom of the"
    " deck/hand: a tuple, the first goes to the bottom first (spec §4.3, §9.1)",
    "defer": "the enhanced AI: 'defer' a revealed card carrying the human's event to the bottom"
    " of its deck/hand and reveal the next, or 'play' it (spec §25.5)",
}


class ChoiceProvider(Protocol):
    def choose(self, game: Game, choice: Choice) -> Answer: ...


def check_answer(choice: Choice, answer: Answer) -> Answer:
    if answer not in choice.options:
        shown = ", ".join(map(str, choice.options[:12]))
        more = ", ..." if len(choice.options) > 12 else ""
        raise ChoiceError(
            say(
                "engine.choices.not_legal",
                answer=repr(answer),
                kind=choice.kind,
                options=shown + more,
            )
        )
    return answer


class SeededChance:
    """Chance answered by Python's `random.Random(seed)` (Mersenne Twister). Only the answers it
    gives are recorded, never its internal state, so a recorded game replays after code changes."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, choice: Choice) -> Answer:
        return self.rng.choice(choice.options)


class RandomPlayer:
    """Uniform over the legal answers: the simplest human stand-in, and a fuzzer."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, choice: Choice) -> Answer:
        return self.rng.choice(choice.options)


class FixedDice:
    """Chance for tests and `decide`: dice from a list (running out is an error); any other chance
    question answered by the first option (draws in a fixed order)."""

    def __init__(self, dice: Sequence[int]) -> None:
        self.dice = list(dice)

    def choose(self, game: Game, choice: Choice) -> Answer:
        if choice.kind != "die":
            return choice.options[0]
        if not self.dice:
            raise ChoiceError(
                say("engine.choices.no_die_left", question=choice.prompt or choice.kind)
            )
        return check_answer(choice, self.dice.pop(0))
