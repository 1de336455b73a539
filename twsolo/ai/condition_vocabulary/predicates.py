"""The terms of a condition for one card (card-appendix §1.2, §5): what `windows.evaluate` reads,
each term looked up by name among the registered criteria."""

from __future__ import annotations

from collections.abc import Callable

from twsolo.ai.criteria import CRITERIA
from twsolo.ai.dryrun import Metrics
from twsolo.ai.view import View
from twsolo.engine.state import GameState
from twsolo.ruleset.conditions import CUSTOM_PREFIX


class Predicates:
    """The terms of a condition for one card (appendix §1.2, §5): the dry run's metrics, flags
    measured on the position and the custom predicates, each a registered criterion."""

    def __init__(
        self,
        view: View,
        card: int,
        metrics: Metrics,
        after: GameState,
        beats_ops: Callable[[], bool],
    ) -> None:
        self.view, self.card, self.metrics, self.after = view, card, metrics, after
        self.beats_ops = beats_ops

    def number(self, name: str) -> int:
        value: int = CRITERIA.get("condition_numbers", name)(self)
        return value

    def flag(self, name: str) -> bool:
        if name.startswith(CUSTOM_PREFIX):
            return bool(CRITERIA.get("custom_predicates", name[len(CUSTOM_PREFIX) :])(self))
        return bool(CRITERIA.get("condition_flags", name)(self))
