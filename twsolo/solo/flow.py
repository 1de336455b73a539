"""What the turn flow carries from step to step: the game, its options, the human's seat, the
observer, and the account of each action round that the game record reports."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from twsolo.engine.game import Game
from twsolo.ids import Side
from twsolo.solo.options import SoloOptions
from twsolo.solo.seat import HumanSeat

Observer = Callable[[Game, str], None]


@dataclass
class RoundInfo:
    """One action round as it happened (spec §7, §8, §10.2)."""

    turn: int
    round: int
    primary: str | None
    secondary: str | None
    scoring: bool
    extra: bool = False  # an extra round (North Sea Oil, Space Station)
    order: list[Side] = field(default_factory=list)  # the sides that took their action, in order
    scored: str | None = None  # the region scored at the end of the round
    penalty: bool = False  # the human paid the off-region penalty (spec §10.2)

    def to_dict(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "round": self.round,
            "primary": self.primary,
            "secondary": self.secondary,
            "scoring": self.scoring,
            "extra": self.extra,
            "order": [s.value for s in self.order],
            "scored": self.scored,
            "penalty": self.penalty,
        }


@dataclass
class Flow:
    game: Game
    options: SoloOptions
    seat: HumanSeat
    observer: Observer | None = None
    rounds: list[RoundInfo] = field(default_factory=list)
    counts: Counter[str] = field(default_factory=Counter)

    @property
    def ai(self) -> Side:
        return self.options.ai_side

    @property
    def human(self) -> Side:
        return self.options.ai_side.other

    def step(self, name: str) -> None:
        """Tell the observer a step of the flow is complete."""
        if self.observer is not None:
            self.observer(self.game, name)
