"""Every question has a stable name (Choice.key): the AI and the appendix find a rule by
(card, key), so a key must be declared where the engine asks it, and the prompt is display only.

Whole seeded games (the greedy and the random stand-in, both AI sides, optional cards) are
played with every provider wrapped; each question is checked as it is asked."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from twsolo.ai.bot import Bot
from twsolo.compose import standard_vocabulary
from twsolo.engine.choices import (
    CHANCE,
    Actor,
    Answer,
    Choice,
    ChoiceProvider,
    RandomPlayer,
    SeededChance,
)
from twsolo.engine.events import EVENTS
from twsolo.engine.events.registry import OPS_KEYS
from twsolo.engine.game import Game
from twsolo.ids import Side
from twsolo.players.greedy import GreedyPlayer
from twsolo.ruleset import Ruleset
from twsolo.solo import SoloOptions, play_game

# The turn flow's and chance's own questions, asked inside an event too (a card an event plays,
# a die an event rolls, the human's bottom order).
TURN_KEYS = {"play", "order", "headline", "ar_card", "draft", "bottom", "defer"}
CHANCE_KEYS = {"die", "draw", "pick", "deal", "reveal", "holds"}


class KeyCheck:
    """Passes each question on, after checking its key; keeps the keys seen."""

    def __init__(self, inner: ChoiceProvider, seen: set[tuple[int | None, str]]) -> None:
        self.inner, self.seen = inner, seen

    def choose(self, game: Game, choice: Choice) -> Answer:
        assert choice.key, f"a {choice.kind} question without a key: {choice.prompt}"
        if choice.event is not None and choice.key not in TURN_KEYS | CHANCE_KEYS | set(OPS_KEYS):
            declared = standard_vocabulary().event_keys[choice.event]
            assert choice.key in declared, f"#{choice.event} asks {choice.key}, declares {declared}"
        self.seen.add((choice.event, choice.key))
        return self.inner.choose(game, choice)


def wrapped(providers: Mapping[Actor, ChoiceProvider], seen: set[tuple[int | None, str]]) -> dict:
    return {actor: KeyCheck(p, seen) for actor, p in providers.items()}


@pytest.mark.slow
def test_every_question_has_a_declared_key(rules: Ruleset) -> None:
    seen: set[tuple[int | None, str]] = set()
    for seed in range(12):
        ai = (Side.US, Side.USSR)[seed % 2]
        human = GreedyPlayer(ai.other) if seed < 8 else RandomPlayer(seed)
        providers = {ai: Bot(ai, keep=False), ai.other: human, CHANCE: SeededChance(seed)}
        options = SoloOptions(ai_side=ai, optional_cards=True)
        play_game(rules, options, wrapped(providers, seen))
    event_keys = {
        key for card, key in seen if card is not None and key not in TURN_KEYS | CHANCE_KEYS
    }
    assert len(event_keys) >= 40, f"the games asked few event questions: {sorted(event_keys)}"


def test_event_keys_name_their_card() -> None:
    """A key is `<card>.<step>` with the card's CardId name, or an operation's `ops.<kind>`;
    every event is in the vocabulary with its keys (and the solitaire procedures' questions)."""
    from twsolo.ids import card_key

    keys = standard_vocabulary().event_keys
    assert set(keys) == set(EVENTS)
    for card, declared in keys.items():
        assert set(EVENTS[card].keys) <= set(declared)
        for key in declared:
            assert key in OPS_KEYS or key.startswith(card_key(card, "")), (card, key)
