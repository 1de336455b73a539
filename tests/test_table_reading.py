"""What a person at the table reads, shortened by what did not change (issue #41): influence
placed in a row on one line, the regions moving on in one line, a row of draws that can each be
one card only said at once, the cards just named listed short, a short list on its question's
line, a list whose penalty marks are paid not printed again, the end-of-turn checklist without
the markers nothing moved. The person who reads them (tests/table_person.py's ScreenPerson) does
only what the screen says on a real table, so a shortened line that says less than it must
shows up as a table that no longer matches the program's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from twsolo.cli.menus import WIDTH
from twsolo.cli.prompts import forced_run
from twsolo.cli.render import STEP_WIDTH, instructions
from twsolo.engine.choices import CHANCE, Choice
from twsolo.engine.initial_state import standard_state
from twsolo.engine.records import (
    CardMove,
    CardPlayed,
    Dealt,
    EventStart,
    InfluenceChange,
    Shuffled,
)
from twsolo.ids import Side
from twsolo.phrases import say
from twsolo.ruleset import Ruleset

from .table_person import ScreenPerson, play_at_table


def country(rules: Ruleset, name: str) -> int:
    return rules.index[rules.country_called[name]]


def test_influence_placed_in_a_row_is_one_line(rules: Ruleset) -> None:
    """One side's additions in a row: one line, each country once with its points together and
    its last count, in the order placed; a removal, or the other side, begins another line."""
    haiti, iraq, cuba = (country(rules, n) for n in ("Haiti", "Iraq", "Cuba"))
    ussr = Side.USSR
    lines = instructions(
        rules,
        [
            InfluenceChange(haiti, ussr, 0, 1),
            InfluenceChange(iraq, ussr, 3, 4),
            InfluenceChange(haiti, ussr, 1, 2),
            InfluenceChange(cuba, ussr, 3, 1),
            InfluenceChange(cuba, Side.US, 0, 1),
        ],
    )
    assert lines == [
        "add USSR influence: Haiti +2 (now 2), Iraq +1 (now 4)",
        "remove 2 USSR influence from Cuba (now 1)",
        "add 1 US influence to Cuba (now 1)",
    ]


def test_a_long_row_of_influence_breaks_into_lines_that_fit(rules: Ruleset) -> None:
    names = ["West Germany", "Czechoslovakia", "Laos/Cambodia", "Saudi Arabia", "South Africa"]
    names += ["Yugoslavia", "Afghanistan", "Philippines"]
    records = [InfluenceChange(country(rules, n), Side.US, 0, 2) for n in names]
    lines = instructions(rules, records)
    assert len(lines) > 1
    assert all(len(line) <= STEP_WIDTH for line in lines)
    found = [c for line in lines for c in re.findall(r"([\w/ ]+) \+2 \(now 2\)", line)]
    assert [c.strip().removeprefix("add US influence: ") for c in found] == names


def test_the_regions_move_on_in_one_line(rules: Ruleset) -> None:
    """Spec §7.3: the Primary's card out, the Secondary's up: one line when it fits the width,
    else each move on its own line."""
    moved = [CardMove(1, "primary", "spent"), CardMove(38, "secondary", "primary")]
    assert instructions(rules, moved, Side.USSR) == [
        "#1 Asia Scoring to the spent row, #38 Southeast Asia Scoring up to the Primary Region"
        " space"
    ]
    long = [
        CardMove(37, "primary", "scoring_deck", bottom=True),
        CardMove(38, "secondary", "primary"),
    ]
    lines = instructions(rules, long, Side.USSR)
    assert len(lines) == 2, lines
    assert lines[1].endswith("goes from the Secondary Region space to the Primary Region space")


@pytest.fixture(scope="module")
def seed_2_us(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, ScreenPerson]:
    """Seed 2, US, the Early War, a hint-following person: in turn 2 both cards drawn in the
    fourth, fifth and sixth rounds can each be one card only (put at the bottom before)."""
    home = tmp_path_factory.mktemp("seed2")
    person = ScreenPerson(seed=2, brain="hint", until=4)
    args = ["new", "--side", "us", "--table", "--dice", "manual", "--seed", "2", "--name", "g"]
    out = play_at_table(home, args, person)
    assert person.table is not None
    assert person.table.problems == []  # every shortened line carried out as the program meant
    return out, person


def test_a_row_of_forced_draws_is_said_at_once(seed_2_us: tuple[str, ScreenPerson]) -> None:
    out, _ = seed_2_us
    lines = out.splitlines()
    said = [n for n, line in enumerate(lines) if "each can be one card only:" in line]
    assert len(said) >= 3
    for n in said:
        assert "turn over the top 2 cards of your deck/hand (US) one by one" in lines[n]
        assert len(re.findall(r"#\d+ ", lines[n].split("one card only:")[1])) == 2
        following = lines[n + 1 : n + 4]  # the second draw is not asked, nor said again
        assert not any("(2 of 2)" in line for line in following), following


def test_the_cards_just_named_are_listed_short(seed_2_us: tuple[str, ScreenPerson]) -> None:
    """ "play which card?" after the cards drawn were named in full (the echo of the typed
    draws, a row of forced draws): the list on the question's line, names only."""
    out, _ = seed_2_us
    asked = [line for line in out.splitlines() if "play which card?" in line]
    assert asked
    for line in asked:
        assert re.search(r"play which card\? — 1\. #\d+ [^(]+ · 2\. #\d+ [^(]+$", line), line
        assert len(line) <= WIDTH


def test_the_checklist_says_only_what_moved(seed_2_us: tuple[str, ScreenPerson]) -> None:
    """Seed 2, US: at the end of turn 1 DEFCON, the military ops and the VP moved (the check
    cost the US 1 VP); the China Card did not: it is not listed."""
    out, _ = seed_2_us
    title = say("show.check.title", turn=1)
    at = out.splitlines().index(title)
    items = []
    for line in out.splitlines()[at + 1 :]:
        if not line.startswith("  [ ] "):
            break
        items.append(line)
    assert items[0] == "  [ ] the turn marker on turn 2"
    assert any(i.startswith("  [ ] DEFCON at ") for i in items)
    assert any(i.startswith("  [ ] the VP marker at ") for i in items)
    assert not any("China Card" in i for i in items)


def test_a_list_whose_penalty_is_paid_is_not_printed_again(tmp_path: Path) -> None:
    """Seed 3, USSR, a random person realigns off-region: after the first realignment pays the
    penalty the same countries are offered without marks; the question says the list above
    holds and that its marks no longer cost, and the person answers from it."""
    person = ScreenPerson(seed=3, brain="random", until=3)
    args = ["new", "--side", "ussr", "--table", "--dice", "manual", "--seed", "3", "--name", "g"]
    out = play_at_table(tmp_path, args, person)
    assert person.table is not None
    assert person.table.problems == []
    lines = out.splitlines()
    paid = [n for n, line in enumerate(lines) if "the penalty is paid" in line]
    assert paid, "no paid penalty in these turns: choose another seed"
    for n in paid:
        head = lines[n].split(" (")[0].split(":")[0]
        asked = [k for k in range(n) if lines[k].startswith(head)]
        listed = max(k for k in asked if "listed above" not in lines[k])
        assert any("(-1 VP)" in line for line in lines[listed:n])  # the marks shown above
        answered = lines[n + 2] if lines[n + 1].startswith("  (then both dice") else lines[n + 1]
        assert answered.startswith("> ")  # answered from the list above (with the dice invited)


def test_the_drafts_deals_and_shuffles_are_one_line_each(rules: Ruleset) -> None:
    """Deals in a row from one pile to both deck/hands: one line; both deck/hands shuffled in a
    row: one line. A shuffle that keeps a known top or bottom stays on its own line."""
    dealt = [Dealt("draw", "hand_ussr")] * 2 + [Dealt("draw", "hand_us")] * 3
    shuffles = [Shuffled("hand_ussr"), Shuffled("hand_us"), Shuffled("draw", keep_bottom=True)]
    assert instructions(rules, [*dealt, *shuffles], Side.USSR) == [
        "deal face down from the draw deck: 2 to the AI's deck/hand (USSR), 3 to your deck/hand"
        " (US)",
        "shuffle the AI's deck/hand (USSR) and your deck/hand (US)",
        "shuffle the draw deck (the cards at the bottom stay there)",
    ]


def test_the_region_cards_going_back_together_are_one_line(rules: Ruleset) -> None:
    moved = [CardMove(79, "primary", "scoring_deck"), CardMove(3, "secondary", "scoring_deck")]
    assert instructions(rules, moved, Side.USSR) == [
        "#79 Africa Scoring, #3 Middle East Scoring go from the region spaces to the Scoring Card"
        " Deck"
    ]


def test_an_event_the_play_said_first_is_not_announced_again(rules: Ruleset) -> None:
    """`US plays #9 Vietnam Revolts (USSR event) for 2 Ops — the AI's event happens first`
    says the event: its start is not said again; played ops first, the event's start is said
    where it comes, after the ops."""
    first = CardPlayed(Side.US, 9, "ops", 2, event_first=True)
    lines = instructions(rules, [first, EventStart(9, Side.USSR, Side.USSR)], Side.USSR)
    assert lines == [
        "US plays #9 Vietnam Revolts (USSR event) for 2 Ops — the AI's event happens first"
    ]
    then = CardPlayed(Side.US, 9, "ops", 2, event_first=False)
    lines = instructions(rules, [then, EventStart(9, Side.USSR, Side.USSR)], Side.USSR)
    assert len(lines) == 2
    assert "Vietnam Revolts" in lines[1]


@pytest.mark.parametrize(("seed", "side"), [(3, "ussr"), (4, "us")])
def test_the_marks_legend_is_said_once_an_action_round(
    tmp_path: Path, seed: int, side: str
) -> None:
    """A random person's off-region placements: the `(-1 VP)` legend under a list is said at the
    round's first marked list, not under each list after it in the same round."""
    person = ScreenPerson(seed=seed, brain="random", until=3)
    args = ["new", "--side", side, "--table", "--dice", "manual", "--seed", str(seed)]
    out = play_at_table(tmp_path, [*args, "--name", "g"], person)
    assert person.table is not None
    assert person.table.problems == []
    legend = say("ask.off_region.legend", mark=say("ask.off_region", vp=1), vp=1)
    rounds = re.split(r"\n── Turn \d+ AR\d+ ", out)
    counts = [r.count(legend) for r in rounds]
    assert max(counts) == 1, counts
    marked = [r.count("(-1 VP)") for r in rounds]
    assert any(m > 2 * c for m, c in zip(marked, counts, strict=True))  # lists marked again


def test_a_forced_row_is_only_the_cards_the_table_knows_come_next(rules: Ruleset) -> None:
    """forced_run: after the first card, each next card of the row must be the only one that can
    come (a known top, a lone shuffled card, the known bottom in order); any doubt, and the row
    is asked card by card as before."""
    state = standard_state(rules)
    pile = state.piles["hand_us"]
    for card in (4, 5, 7):
        state.put(card, "hand_us")
    pile.shuffled.clear()
    pile.top, pile.bottom = [4], [5, 7]  # the pile holds 4, then 5 and 7

    def row(first: int, n: int, count: int) -> list[int]:
        choice = Choice("draw", CHANCE, (first,), context={"of": (n, count), "pile": "hand_us"})
        return forced_run(state, choice)

    assert row(4, 1, 3) == [5, 7]
    assert row(4, 1, 2) == [5]
    assert row(4, 2, 2) == []  # the last of its row
    assert row(4, 1, 4) == []  # the pile runs out first
    pile.shuffled = [9, 10]
    assert row(4, 1, 2) == []  # two cards could come next
    pile.shuffled, pile.unseen = [], 1
    assert row(4, 1, 2) == []  # an unseen card could
    pile.unseen = 0
    assert row(6, 1, 2) == []  # a first card the pile is not known to hold
