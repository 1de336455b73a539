"""Helpers shared by the tests of the solitaire turn flow (tests/test_solo_*.py); no tests here.

`make_flow` builds a game at the start (standard setup, nothing placed yet) whose human and AI
answer from scripts and whose chance draws the cards named, in order; positions are then
arranged with `put`. `AI_FACTORY` is the one place the whole-game tests take the AI side from.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tests.support import Script
from twsolo.compose import make_ai, standard_providers
from twsolo.engine.choices import CHANCE, Actor, Answer, Choice, ChoiceProvider
from twsolo.engine.game import Game
from twsolo.engine.state import hand_of
from twsolo.errors import ChoiceError
from twsolo.ids import Side
from twsolo.ruleset import Ruleset
from twsolo.solo.flow import Flow
from twsolo.solo.new_game import new_flow
from twsolo.solo.options import SoloOptions

US, USSR = Side.US, Side.USSR
# The AI side of the whole-game tests: the Bot of `twsolo.compose.make_ai`.
AI_FACTORY = make_ai


class Chance:
    """Chance for constructed positions: dice from a list; each draw (or card dealt face down)
    takes the next card of `draws` (which must be among the cards that may come up), or the
    first candidate when the list is used up; a random pick takes the first option."""

    def __init__(self, dice: Iterable[int] = (), draws: Iterable[int] = ()) -> None:
        self.dice = list(dice)
        self.draws = list(draws)
        self.asked: list[Choice] = []

    def choose(self, game: Game, choice: Choice) -> Answer:
        self.asked.append(choice)
        if choice.kind == "die":
            if not self.dice:
                raise ChoiceError(f"no die left for {choice.prompt}")
            return self.dice.pop(0)
        if choice.kind in ("draw", "deal") and self.draws:
            card = self.draws.pop(0)
            if card not in choice.options:
                raise ChoiceError(f"card {card} cannot come up: {choice.options}")
            return card
        return choice.options[0]


def make_flow(
    rules: Ruleset,
    ai_side: Side = USSR,
    *,
    human: Iterable[Answer] = (),
    ai: Iterable[Answer] = (),
    dice: Iterable[int] = (),
    draws: Iterable[int] = (),
    strict: bool = True,
    turn: int = 1,
    **options: Any,
) -> Flow:
    flow = new_flow(
        rules,
        SoloOptions(ai_side=ai_side, **options),
        {
            ai_side.other: Script(human, strict=strict),
            ai_side: Script(ai, strict=strict),
            CHANCE: Chance(dice, draws),
        },
    )
    flow.game.state.turn = turn
    return flow


def put(flow: Flow, pile: str, *cards: int, bottom: bool = False) -> None:
    for card in cards:
        flow.game.move_card(card, pile, bottom=bottom)


def give(flow: Flow, side: Side, *cards: int) -> None:
    put(flow, hand_of(side), *cards)


def asked(flow: Flow, side: Actor) -> list[Choice]:
    """The questions a side's script was asked (as shown, after the seat's restrictions)."""
    provider: Any = flow.game.providers[side]
    inner: Any = getattr(provider, "inner", provider)
    return list(inner.asked)


def answers_left(flow: Flow) -> dict[str, int]:
    out = {}
    for actor in (US, USSR):
        provider: Any = flow.game.providers[actor]
        out[actor.value] = len(getattr(provider, "inner", provider).answers)
    chance: Any = flow.game.providers[CHANCE]
    out["dice"] = len(chance.dice)
    out["draws"] = len(chance.draws)
    return out


def all_used(flow: Flow) -> bool:
    return not any(answers_left(flow).values())


def cards_once(flow: Flow) -> bool:
    return not flow.game.state.card_problems()


def providers_for(rules: Ruleset, ai_side: Side, seed: int, human: ChoiceProvider) -> Any:
    return standard_providers(ai_side, seed, human=human, ai=AI_FACTORY(ai_side))


def empty_hands(flow: Flow, sides: Sequence[Side] = (US, USSR)) -> None:
    for side in sides:
        for card in sorted(flow.game.state.piles[hand_of(side)].known()):
            flow.game.move_card(card, "discard")
