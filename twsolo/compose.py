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


def make_ai(side: Side, *, keep: bool = False) -> ChoiceProvider:
    """The AI side's provider: the solitaire bot (spec §9.2, §11–§18, §21), keeping each
    decision's trace only with `keep` (`why`, a game log). Deterministic: it needs no seed."""
    from twsolo.ai.bot import Bot

    return Bot(side, keep=keep)


def standard_providers(
    ai_side: Side,
    seed: int,
    *,
    human: str | ChoiceProvider = "random",
    ai: ChoiceProvider | None = None,
    keep: bool = False,
) -> dict[Actor, ChoiceProvider]:
    """Who answers a solitaire game's questions — the one seating every caller uses (the
    simulator, the API, the testing kit): the AI (`make_ai` unless given), the human (a stand-in
    by name, players/registry.py, or a provider) and chance. One seed convention: chance is
    seeded by `seed`, a stand-in seeds its own randomness from it. (A saved game's answers are
    replayed by twsolo/session/journal_replay.py; `decide` seats the AI's rules on both sides.)"""
    from twsolo.engine.choices import CHANCE, SeededChance
    from twsolo.players.registry import stand_in

    player = stand_in(human, ai_side.other, seed) if isinstance(human, str) else human
    return {
        ai_side: ai if ai is not None else make_ai(ai_side, keep=keep),
        ai_side.other: player,
        CHANCE: SeededChance(seed),
    }
