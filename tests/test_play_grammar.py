"""The words of a card play mean one thing at every question that offers them (docs/playing.md's
table, issue #41), and `help` says the same words."""

from __future__ import annotations

import pytest

from twsolo.cli.ingame import HELP
from twsolo.cli.menus import read_answer
from twsolo.engine.choices import Choice
from twsolo.ids import Side
from twsolo.ruleset import Ruleset

PLAY = ("event", "ops", "space_race")
ORDER = ("event_first", "ops_first")
OPERATION = ("influence", "coup", "realign", "space_race")
WORDS = [
    ("play", PLAY, "event", "event"),
    ("play", PLAY, "ops", "ops"),
    ("play", PLAY, "space race", "space_race"),
    ("play", ("ops",), "ops", "ops"),  # the AI's card, the Space Race closed: still `ops`
    ("order", ORDER, "event first", "event_first"),
    ("order", ORDER, "ops first", "ops_first"),
    ("order", ORDER, "event", "event_first"),
    ("order", ORDER, "ops", "ops_first"),
    ("operation", OPERATION, "influence", "influence"),
    ("operation", OPERATION, "coup", "coup"),
    ("operation", OPERATION, "realign", "realign"),
]


@pytest.mark.parametrize(("kind", "options", "typed", "meant"), WORDS)
def test_a_play_word_means_the_same_at_its_question(
    rules: Ruleset, kind: str, options: tuple[str, ...], typed: str, meant: str
) -> None:
    assert read_answer(rules, Choice(kind, Side.US, options, key=kind), typed) == meant


def test_help_names_the_words_of_a_card_play() -> None:
    flat = " ".join(HELP.split())
    for words in ("`event`, `ops` or `space race`", "`event first` or `ops first`"):
        assert words in flat
    assert "docs/playing.md" in flat
