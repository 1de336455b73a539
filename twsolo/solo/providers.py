"""Who answers a solitaire game's questions: the AI, the human, chance. (Recorded answers are
replayed by twsolo/session/replay.py.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from twsolo.ai.bot import Bot
from twsolo.engine.choices import CHANCE, Actor, ChoiceProvider, RandomPlayer, SeededChance
from twsolo.ids import Side
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    pass


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
