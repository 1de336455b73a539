"""A ranking of a question's answers: what the strong stand-in decides and `hint` shows."""

from __future__ import annotations

from dataclasses import dataclass

from twsolo.engine.choices import Answer
from twsolo.players.plays import PlayScript


@dataclass(frozen=True)
class Ranked:
    """One legal answer, its expected value in VP for the human (None: chosen by a rule, not
    valued) and what it means."""

    answer: Answer
    value: float | None
    label: str


@dataclass
class Decision:
    """The ranking of a question's answers, best first; `script` answers what follows."""

    ranking: list[Ranked]
    script: PlayScript | None = None

    @property
    def answer(self) -> Answer:
        return self.ranking[0].answer
