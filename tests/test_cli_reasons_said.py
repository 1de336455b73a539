"""What the screen says and why (issue #41), through the command line: the reason a loss comes
(Blockade's discard that no drawn card could pay), a card the headline cannot take, whose die
is rolled, every AI action round's header, no line said twice, a recap on resume."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from .table_person import Person, ScreenPerson, first, play_at_table, run_typing, run_with

AI_HEADER = re.compile(r"^\s+\d+\. AR(\d+): the AI's action \((US|USSR)\)$")
# What begins something other than the AI's action: the person's round, a turn, the headline.
NOT_THE_AI = re.compile(r"^(── Turn|Your action round|Headline|\s+\d+\. Turn \d+ begins)")


def digital(home: Path, seed: int, side: str) -> str:
    args = ["new", "--side", side, "--digital", "--seed", str(seed), "--name", "g"]
    return run_with(home, args, Person(seed=seed))


def test_blockade_says_that_neither_card_drawn_could_pay(tmp_path: Path) -> None:
    """Seed 7, US: the AI's Blockade, then the US draws Romanian Abdication and Korean War (1
    and 2 ops). All US influence leaves West Germany, and the screen says why first."""
    lines = digital(tmp_path, 7, "us").splitlines()
    at = next(i for i, ln in enumerate(lines) if "from West Germany (now 0)" in ln)
    assert lines[at - 1].endswith(
        "Blockade: neither card drawn (#12 Romanian Abdication, 1 op and #11 Korean War, 2 ops) "
        "has the 3+ ops to discard, so the US cannot escape it: the event happens (appendix #10)"
    ), lines[at - 1]


def test_the_headline_says_why_un_intervention_is_not_offered(tmp_path: Path) -> None:
    """Seed 3, USSR: UN Intervention among the 3 cards drawn for the headline of turn 2."""
    out = digital(tmp_path, 3, "ussr")
    asked = [ln for ln in out.splitlines() if ln.startswith("Headline: choose your headline")]
    said = "(#32 UN Intervention cannot be headlined while another card can: it has no effect"
    assert any(said in ln for ln in asked), asked


@pytest.mark.parametrize(("seed", "side"), [(4, "us"), (1, "ussr")])
def test_every_ai_action_round_has_its_header(tmp_path: Path, seed: int, side: str) -> None:
    """A whole game: every card the AI plays in an action round comes after its `ARn: the
    AI's action` header (it was missing when the AI had phased last: its headline resolved
    second, a Scoring Round, an extra round). Seed 4: the AI's headline search turns UN
    Intervention over and says why it turns over another; seed 1 re-forms the Scoring Card
    Deck from the spent row, said once."""
    out = digital(tmp_path, seed, side)
    ai = "USSR" if side == "us" else "US"
    last = previous = ""
    plays = 0
    lines = out.splitlines()
    for line in lines:
        if AI_HEADER.match(line) or NOT_THE_AI.match(line):
            last = line
        elif re.match(rf"^\s+\d+\. {ai} plays #", line) and "takes #" not in previous:
            plays += 1  # (not a card the AI takes in your round and plays: Grain Sales)
            assert AI_HEADER.match(last), f"{line!r} after {last!r}"
        previous = line
    assert plays > 30
    texts = [m.group(1) for ln in lines if (m := re.match(r"^\s+\d+\. (.*)$", ln))]
    for before, after in itertools.pairwise(texts):
        reformed = [("spent row" in t and "Scoring Card Deck" in t) for t in (before, after)]
        assert not all(reformed), (before, after)  # the re-forming said once
    if seed == 4:
        assert any("UN Intervention cannot be headlined (it has no effect" in t for t in texts)
    else:
        assert any(t.startswith("add the spent row to the Scoring Card Deck") for t in texts)


def test_die_questions_say_whose_die(tmp_path: Path) -> None:
    """At the table: the set-up's die, the AI's dice and the person's own."""
    args = ["new", "--table", "--side", "us", "--seed", "2", "--name", "t"]
    out = run_typing(tmp_path, args, first(150)).output
    asked = [ln for ln in out.splitlines() if ln.startswith("Roll ")]
    assert asked[0].startswith("Roll the set-up's die: variable extra influence")
    assert any(ln.startswith("Roll the AI's die (USSR): coup in") for ln in asked), asked
    assert any(ln.startswith("Roll your die (US): ") for ln in asked), asked


def test_a_resumed_game_recaps_the_last_round(tmp_path: Path) -> None:
    """`twsolo play NAME`: the answers since the start of the round before this one, and what
    they changed on the board, before the first question."""
    args = ["new", "--table", "--side", "us", "--seed", "2", "--name", "t"]
    assert run_typing(tmp_path, args, [*first(60), "quit"]).exit_code == 0
    out = run_typing(tmp_path, ["play", "t"], ["quit"]).output
    recap = out[: out.index("Which card is it")]
    assert "Where you left off: turn 1, AR5. Since the start of AR4:" in recap
    assert "  turn 1 AR4: you (US): played #10 Blockade (1 op, USSR)" in recap
    assert "What that changed (on your board already):\n" in recap
    assert "  - Poland: USSR influence 1 → 3" in recap


def test_a_list_with_the_same_marks_is_not_printed_again(tmp_path: Path) -> None:
    """Seed 2, US, turn 1 AR2: NATO's 4 ops placed a point at a time. The list of countries,
    marked with the off-region penalty, is the same for the second and third points: it is
    printed once (it was printed at every point while any country was marked)."""
    person = ScreenPerson(seed=2, brain="hint", until=2, batch=False)  # a point at a time
    args = ["new", "--side", "us", "--table", "--dice", "manual", "--seed", "2", "--name", "g"]
    out = play_at_table(tmp_path, args, person)
    first_list = out.index("Place influence: place influence (4 ops left) (you may name")
    after = out[first_list:].split("\n")
    assert "(-1 VP)" in "\n".join(after[:15])
    again = [ln for ln in after[:60] if ln.startswith("Place influence")]
    assert again[1] == (
        "Place influence: place influence (3 ops left) (44 legal answers, listed above, "
        "(-1 VP) where marked; ? lists them again)"
    ), again
