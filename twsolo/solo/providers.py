"""Who answers a solitaire game's questions: the AI, the human, chance; and the replay of a
recorded game's answers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from twsolo.ai.bot import Bot
from twsolo.engine.choices import (
    CHANCE,
    Actor,
    Answer,
    Choice,
    ChoiceProvider,
    RandomPlayer,
    SeededChance,
    check_answer,
)
from twsolo.errors import ChoiceError
from twsolo.ids import Side
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game


def make_ai(rules: Ruleset, side: Side, seed: int) -> ChoiceProvider:
    """The AI side's provider: the solitaire bot (spec §9.2, §11–§18, §21). Deterministic: the
    seed is for the other providers."""
    return Bot(side, keep=False)


def standard_providers(
    rules: Ruleset,
    ai_side: Side,
    seed: int,
    *,
    human: ChoiceProvider | None = None,
    ai: ChoiceProvider | None = None,
) -> dict[Actor, ChoiceProvider]:
    """The AI (`make_ai` unless given), the human (a random legal player unless given) and
    seeded chance, each with its own seed derived from `seed`."""
    return {
        ai_side: ai if ai is not None else make_ai(rules, ai_side, seed),
        ai_side.other: human if human is not None else RandomPlayer(seed + 1),
        CHANCE: SeededChance(seed + 2),
    }


def as_answer(raw: object) -> Answer:
    """An answer read back from JSON: lists become tuples again (draft, bottom)."""
    if isinstance(raw, list):
        return tuple(as_answer(x) for x in raw)
    assert isinstance(raw, (str, int, tuple)) or raw is None
    return raw


class ReplayProvider:
    """Answers every actor from a recorded list of (actor, kind, answer), in order, checking
    that each question is the one recorded: the same actor, kind and a legal answer."""

    def __init__(self, answers: list[tuple[str, str, object]]) -> None:
        self.answers = [(str(a), str(k), as_answer(x)) for a, k, x in answers]
        self.position = 0

    def choose(self, game: Game, choice: Choice) -> Answer:
        if self.position >= len(self.answers):
            raise ChoiceError(
                f"the recorded game ends before this question: {choice.kind} ({choice.prompt})"
            )
        actor, kind, answer = self.answers[self.position]
        if (actor, kind) != (str(choice.actor), choice.kind):
            raise ChoiceError(
                f"answer {self.position + 1}: recorded {actor} {kind}, asked "
                f"{choice.actor} {choice.kind} ({choice.prompt})"
            )
        self.position += 1
        return check_answer(choice, answer)

    @property
    def done(self) -> bool:
        return self.position == len(self.answers)
