"""A finished solitaire game: what it was set up with, how it ended, and its whole history."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from twsolo.engine.choices import Answer
from twsolo.engine.records import Record
from twsolo.engine.state import GameState, Result
from twsolo.solo.flow import RoundInfo
from twsolo.solo.options import SoloOptions


def _jsonable(answer: Answer) -> Any:
    return list(answer) if isinstance(answer, tuple) else answer


@dataclass
class GameRecord:
    """`answers` replays the game (`replay`); `state` is the final position; `log` every change;
    `rounds` each action round (regions, Scoring Round, who acted in which order); `counts`
    tallies (scorings, penalties, draft bonuses, passes...)."""

    rules_digest: str
    options: SoloOptions
    result: Result
    rating: str  # spec §20.2
    score: int  # VP in the human's favour at the end
    answers: list[tuple[str, str, Answer]]
    state: GameState
    log: list[Record] = field(repr=False)
    rounds: list[RoundInfo] = field(repr=False)
    counts: dict[str, int]

    def summary(self) -> dict[str, Any]:
        """The result as reported (spec §20.2, §24.4): JSON-able."""
        return {
            "winner": self.result.winner.value if self.result.winner else None,
            "reason": self.result.reason,
            "rating": self.rating,
            "score": self.score,
            "difficulty": self.options.difficulty,
            "options": self.options.to_dict(),
            "turn": self.state.turn,
            "counts": dict(self.counts),
        }

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to replay and check the game, JSON-able."""
        return {
            **self.summary(),
            "rules_digest": self.rules_digest,
            "answers": [[a, k, _jsonable(x)] for a, k, x in self.answers],
            "rounds": [r.to_dict() for r in self.rounds],
            "state": self.state.to_dict(),
        }
