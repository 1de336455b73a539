"""Whole table games played by a person at a physical table (tests/table_person.py's
TablePerson: real shuffled piles, real dice, doing exactly what the screen says, answering a
card question only by turning over the top card of the pile it names or looking through it,
one typed line per play), compared with the program's position after every action round
(issue #29)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .table_person import TablePerson, play_at_table


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seed", "side", "brain"),
    # 11 (hint) turned over a Scoring Card Deck card, and 21 (random) the AI's top card, past a
    # shuffle the screen had not said yet: a line now ends there (cli/batch.py). 6 (greedy)
    # planned its next round's play past the AI's round, whose forced Secondary Region card
    # took the line's card and refused it: a person types no further than the screen shows.
    [
        (4, "ussr", "greedy"),
        (6, "us", "greedy"),
        (7, "us", "random"),
        (11, "ussr", "hint"),
        (21, "ussr", "random"),
    ],
)
def test_a_whole_game_at_a_real_table_never_diverges(
    tmp_path: Path, seed: int, side: str, brain: str
) -> None:
    person = TablePerson(seed=seed, brain=brain)
    args = ["new", "--side", side, "--table", "--dice", "manual", "--seed", str(seed)]
    out = play_at_table(tmp_path, [*args, "--name", "t"], person)
    table = person.table
    assert table is not None
    assert "Game over" in out
    assert table.problems == []
    assert (table.shuffles_missing, table.not_on_top, person.unnamed) == (0, 0, 0)
    assert person.checked[0] >= 2, "compared with the program's position turn by turn"


@pytest.mark.slow
def test_a_game_from_a_scenario_begins_with_what_the_table_must_show(tmp_path: Path) -> None:
    """`new --from SCENARIO --table`: the set-up says every card's pile and the influence, so a
    person who lays out a table from the game box plays on without a divergence."""
    scenario = Path(__file__).parent / "scenarios" / "full_position.yaml"
    person = TablePerson(seed=3, brain="random")
    args = ["new", "--from", str(scenario), "--table", "--dice", "manual", "--seed", "3"]
    out = play_at_table(tmp_path, [*args, "--name", "s"], person)
    assert out.index("Set up the table:") < out.index("> ")
    assert person.table is not None
    assert person.table.problems == []
