"""A typed line at the table means what typing its answers one at a time means (issue #41).

The person here knows only the screen and its own real table (tests/table_person.py's
ScreenPerson): at a draw that invites "all 2 in one line, in the order drawn" it turns over both
cards and types them. The same person, with the same shuffles, dice and choices, typing one
answer a prompt must end with the same journal: a line invited by the program and typed as
invited is never refused or read as the answer to a question the person did not see."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from twsolo.engine.card_play import ways_to_play
from twsolo.engine.choices import Choice
from twsolo.engine.game import Game
from twsolo.phrases import say

from .table_person import Person, ScreenPerson, journal, play_at_table, run_with


# The second of two cards drawn that could only be one card: its `#N` once answered "play which
# card?" (seed 1, US: `#16 #4` played Duck and Cover on the Space Race in turn 2 AR3). The
# Secondary Region's card may come first in the same line (its reveal invites the draws after it).
def play(
    home: Path, seed: int, side: str, *, batch: bool, until: int
) -> tuple[str, Any, ScreenPerson]:
    person = ScreenPerson(seed=seed, batch=batch, until=until)
    args = ["new", "--side", side, "--table", "--dice", "manual", "--seed", str(seed)]
    out = play_at_table(home, [*args, "--name", "g"], person)
    assert person.table is not None
    assert person.table.problems == []
    assert batch == bool(person.lines)
    return out, journal(home), person


@pytest.mark.parametrize(("seed", "side", "until"), [(1, "us", 3), (3, "ussr", 3)])
def test_draws_typed_in_one_line_give_the_game_of_one_answer_a_prompt(
    tmp_path: Path, seed: int, side: str, until: int
) -> None:
    out, lines, person = play(tmp_path / "line", seed, side, batch=True, until=until)
    _, single, _ = play(tmp_path / "single", seed, side, batch=False, until=until)
    assert "Refused" not in out
    assert lines == single
    if seed == 1:
        assert person.confirmed, "the second card drawn was never forced"
    # The draft's keep with the next step's draws after it, as the screen invites (issue #41).
    assert any(re.fullmatch(r"[^,]+, #\d+( #\d+)+", line) for line in person.lines), person.lines
    # Typed as the screen invites them too: all the points of a placement (`Benelux, Morocco`),
    # a coup's or realignment's target with its dice (`Iraq, 2`; `UK, 2 6`), the rest of an ops
    # play (`ops, coup`; `ops first, influence`).
    assert any(re.fullmatch(r"[A-Z][^,#\d]+(, [A-Z][^,#\d]+)+", ln) for ln in person.lines)
    assert any(re.fullmatch(r"[A-Z][^,#\d]+, [1-6]( [1-6])?", ln) for ln in person.lines)
    ops_rest = ("ops, ", "event first, ", "ops first, ")
    assert any(ln.startswith(ops_rest) for ln in person.lines), person.lines
    # An event's points are invited all at once, at the first of them and only there.
    invited = re.findall(r"\((\d+) of (\d+)\)[^\n]*\(you may name all (\d+) in one line", out)
    assert invited, "no event with several points: choose another seed"
    assert all(n == "1" and total == named for n, total, named in invited), invited


def test_a_card_the_forced_draw_cannot_be_refuses_the_line_whole(tmp_path: Path) -> None:
    """Seed 1, US, turn 2 AR3: the second card drawn can only be #4 Duck and Cover. A line naming
    another second card is refused whole, saying so (never read as "play which card?")."""
    typed: list[str] = []

    def say(game: Game, choice: Choice) -> list[str] | None:
        if typed or game.state.turn != 2 or "(1 of 2)" not in choice.prompt:
            return None
        assert person.table is not None
        pile = person.table.piles[str(choice.context["pile"])]
        if pile[:2] != [16, 4]:  # the draw whose second card can only be #4
            return None
        wrong = next(c for c in choice.options if c not in pile[:2])
        typed.append(f"#{pile[0]} #{wrong}")
        return typed[:]

    person = ScreenPerson(seed=1, batch=False, until=3, say=say)
    args = ["new", "--side", "us", "--table", "--dice", "manual", "--seed", "1", "--name", "g"]
    out = play_at_table(tmp_path, args, person)
    assert typed, "the draw of turn 2 AR3 never came"
    after = out[out.index(f"> {typed[0]}\n") :].split("\n")
    assert after[1].startswith("Refused (nothing done): '#")
    assert "this card can only be #" in after[1]
    assert person.table is not None
    assert person.table.problems == []


def test_ops_means_played_for_ops_even_when_it_is_the_only_way(tmp_path: Path) -> None:
    """The AI's card, the Space Race closed to it: "play how?" has one answer, ops. `ops` in a
    line still answers that question (it confirms it), and the order is its own part."""
    typed: list[str] = []

    def say(game: Game, choice: Choice) -> list[str] | None:
        if typed or choice.kind != "ar_card":
            return None
        side = choice.actor
        theirs = [c for c in choice.options if game.rules.card(int(c)).owner is side.other]
        forced = [c for c in theirs if ways_to_play(game, side, int(c)) == ["ops"]]
        if not forced:
            return None
        typed.append(f"#{forced[0]}, ops, ops first")
        return typed[:]

    person = Person(seed=5, say=say)
    text = run_with(tmp_path, ["new", "--digital", "--seed", "5", "--name", "g"], person)
    assert typed, "no card of the AI's that could only be played for ops"
    out = text[text.index(f"> {typed[0]}\n") :].split("\n")
    assert out[1].startswith("  = #"), out[1]
    assert out[1].endswith(", ops, ops first"), out[1]
    assert "Refused" not in out[2]


def test_the_military_ops_reminder_is_said_once_a_round(tmp_path: Path) -> None:
    """Spec §19.E's reminder comes with the round's banner; when the banner is said again in
    the same round (after an event, before its ops) with the same reminder, the reminder is
    not said again (issue #41: what did not change). Seed 2, US, turn 2's fifth round plays
    Warsaw Pact Formed event first, then its ops."""
    args = ["new", "--side", "us", "--table", "--dice", "manual", "--seed", "2", "--name", "g"]
    out = play_at_table(tmp_path, args, ScreenPerson(seed=2, brain="hint", until=4))
    reminder = say("show.reminder.milops", defcon=0, short=0, theirs=0).split(":")[0]
    said: dict[tuple[int, int, str], int] = {}
    banners: dict[tuple[int, int], int] = {}
    round_ = (0, 0)
    for line in out.splitlines():
        if m := re.match(r"── Turn (\d+) AR(\d+) ", line):
            round_ = (int(m.group(1)), int(m.group(2)))
            banners[round_] = banners.get(round_, 0) + 1
        elif line.startswith(reminder):
            said[(*round_, line)] = said.get((*round_, line), 0) + 1
    assert said, "no reminder in these turns: choose another seed"
    assert any(banners[(t, ar)] > 1 for t, ar, _ in said)  # a banner again in a reminded round
    assert max(said.values()) == 1


def test_no_dice_are_invited_when_the_program_rolls(tmp_path: Path) -> None:
    """At the table with the program's dice (`--dice auto`), a coup's or realignment's target
    invites no dice: the person rolls none. Seed 3, USSR realigns and coups in turns 1 and 2."""
    person = ScreenPerson(seed=3, until=3)
    args = ["new", "--side", "ussr", "--table", "--dice", "auto", "--seed", "3", "--name", "g"]
    out = play_at_table(tmp_path, args, person)
    assert re.search(r"^(Realign|Coup)", out, re.M), "no coup or realignment: choose another seed"
    assert "(then your die" not in out
    assert "(then both dice" not in out
    assert "(for ops you may type the " in out  # the other invitations stay
