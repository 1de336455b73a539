"""The words of a card play mean one thing at every question that offers them (docs/playing.md's
table, issue #41), and `help` says the same words."""

from __future__ import annotations

import pytest

from twsolo.cli.answers import NotUnderstood, read_answer
from twsolo.cli.ingame import HELP, history_line
from twsolo.cli.menus import short_list
from twsolo.engine.choices import Choice
from twsolo.engine.initial_state import standard_state
from twsolo.ids import Side
from twsolo.persist.savefile import Entry
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


def test_the_drafts_question_mark_counts_its_choices_and_its_cards(rules: Ruleset) -> None:
    drawn = (12, 13, 17, 22)
    sets = ((12, 13), (12, 17), (13, 22))
    choice = Choice("draft", Side.US, sets, context={"drawn": drawn, "keep": 2}, key="draft")
    head = short_list(rules, standard_state(rules), choice)[0]
    assert head.startswith("3 legal choices of the 4 cards listed")


def test_history_says_done_without_a_country(rules: Ruleset) -> None:
    entry = Entry("answer", actor="us", kind="influence", answer="done", turn=2, action_round=1)
    assert history_line(rules, entry, Side.US) == "turn 2 AR1: you (US): done (no more points)"


@pytest.mark.parametrize("word", ["ops", "neutral", "2", "us"])
def test_a_card_is_not_named_by_its_labels_detail(rules: Ruleset, word: str) -> None:
    """`ops` never names #20 Olympic Games, whose label says `(2 ops, neutral)`: a line `#17,
    ops` at Blockade's discard (seed 12, US, turn 3) lost its `ops` to the forced "play which
    card?" after it and was refused at the next question (issue #41: the `ops` part vanished)."""
    choice = Choice("ar_card", Side.US, (20,), key="ar_card")
    with pytest.raises(NotUnderstood):
        read_answer(rules, choice, word)


@pytest.mark.parametrize("typed", ["#20 Olympic Games (2 ops, neutral)", "olympic", "#20", "oly g"])
def test_a_card_is_named_by_its_number_its_name_or_its_whole_label(
    rules: Ruleset, typed: str
) -> None:
    choice = Choice("ar_card", Side.US, (20, 17), key="ar_card")
    assert read_answer(rules, choice, typed) == 20
