"""The composition root: the one place the floors are wired together (docs/decisions.md §13).

The rules sit below the engine and the AI, so they cannot know the names those implement: here
the AI's criteria, the engine's question keys and the solitaire procedures become the
`Vocabulary` that `load_ruleset` checks the rules data against. The turn flow sits below the AI,
so it is handed its players: here the Bot becomes the AI side's provider (`standard_providers`).
Every application (the CLI, the simulator, the session, twsolo/api.py) builds through here.
The AI and the engine's events are imported only when a vocabulary or a Bot is built: rules
read from the cache (ruleset/cache.py) need neither, so `twsolo show` starts without them.
"""

from __future__ import annotations

import os
from functools import cache
from typing import TYPE_CHECKING

from twsolo.ids import Side
from twsolo.ruleset import Ruleset
from twsolo.ruleset import load_ruleset as load_with
from twsolo.ruleset.vocabulary import Vocabulary, frozen_vocabulary

if TYPE_CHECKING:
    from twsolo.engine.choices import Actor, ChoiceProvider


@cache
def standard_vocabulary() -> Vocabulary:
    """The names the rules data may use: every criterion the AI registers (the Bot imports all
    its modules, so importing it registers them), the solitaire procedures (solo/overrides.py)
    and the engine's question keys with those the procedures ask."""
    from twsolo.ai.bot import Bot  # noqa: F401 (imported for its registrations)
    from twsolo.ai.criteria import CRITERIA
    from twsolo.engine.events import EVENTS
    from twsolo.solo.overrides import SOLITAIRE

    specs = EVENTS.values()
    keys = {s.card: s.keys + SOLITAIRE.asks.get(s.card, ()) for s in specs}
    docs, bound = CRITERIA.docs(), {f: dict(b) for f, b in CRITERIA.bound.items()}
    docs["procedures"].update(SOLITAIRE.docs())
    bound["procedures"].update(SOLITAIRE.cards)
    return frozen_vocabulary(
        docs,
        keys,
        {s.card: s.figures for s in specs if s.figures},
        {s.card: s.reads for s in specs if s.reads},
        CRITERIA.arguments,
        bound,
    )


def load_ruleset(
    directory: str | os.PathLike[str] | None = None, *, vocabulary: Vocabulary | None = None
) -> Ruleset:
    """The rules of `directory` (ruleset/paths.py `rules_dir`'s search order), checked against
    `vocabulary`: this twsolo's own (`standard_vocabulary`, and then through the rules cache)
    unless given."""
    return load_with(directory, vocabulary=vocabulary or standard_vocabulary)


def make_ai(side: Side) -> ChoiceProvider:
    """The AI side's provider: the solitaire bot (spec §9.2, §11–§18, §21), keeping no traces.
    Deterministic: it needs no seed."""
    from twsolo.ai.bot import Bot

    return Bot(side, keep=False)


def standard_providers(
    ai_side: Side,
    seed: int,
    *,
    human: ChoiceProvider | None = None,
    ai: ChoiceProvider | None = None,
) -> dict[Actor, ChoiceProvider]:
    """Who answers a solitaire game's questions: the AI (`make_ai` unless given), the human (a
    random legal player unless given) and seeded chance, each with its own seed derived from
    `seed`. (Recorded answers are replayed by twsolo/session/replay.py.)"""
    from twsolo.engine.choices import CHANCE, RandomPlayer, SeededChance

    return {
        ai_side: ai if ai is not None else make_ai(ai_side),
        ai_side.other: human if human is not None else RandomPlayer(seed + 1),
        CHANCE: SeededChance(seed + 2),
    }
