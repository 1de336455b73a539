"""One typed line that answers several questions (issue #29), through the real command line:
a line is read part by part against each question as the engine asks it, said back as a whole,
and refused as a whole, with nothing done, when a part is not legal where it lands."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from twsolo.engine.choices import Choice
from twsolo.engine.game import Game

from .table_person import Person, run_with


def placement(game: Game, choice: Choice) -> str | None:
    """The first country of the human's first placement with 2 ops or more, by name."""
    budget = choice.context.get("budget")
    if choice.kind != "influence" or budget is None or budget.left < 2:
        return None
    country = next(o for o in choice.options if o != "done")
    return game.rules.country(str(country)).name


def at_first_placement(home: Path, lines: Callable[[str], list[str]]) -> tuple[str, str]:
    """Seed 3, a game on screen: `lines(name)` typed at the first placement of 2 ops or more
    (`name`: its first country). The output and the name."""
    said: list[str] = []

    def say(game: Game, choice: Choice) -> list[str] | None:
        name = placement(game, choice)
        if name is None or said:
            return None
        said.append(name)
        return lines(name)

    out = run_with(home, ["new", "--seed", "3", "--name", "g"], Person(seed=3, say=say))
    assert said, "no placement of 2 ops came up"
    return out, said[0]


def test_a_placement_in_one_line_and_a_bad_line_refused_whole(tmp_path: Path) -> None:
    # Refused whole, then taken.
    out, name = at_first_placement(tmp_path, lambda name: [f"{name} 2, Narnia", f"{name}, {name}"])
    refused = out.index(f"> {name} 2, Narnia")
    taken = out.index(f"> {name}, {name}\n", refused)
    between = out[refused:taken]
    assert "Refused (nothing done): 'Narnia'" in between
    assert "influence to" not in between  # no point was placed
    after = out[taken:]
    assert after.startswith(f"> {name}, {name}\n  = {name} 2\n")  # as understood
    assert re.search(rf"add 2 US influence to {re.escape(name)} \(now \d+\)", after)


def test_a_line_that_reads_as_typed_is_not_echoed(tmp_path: Path) -> None:
    """The echo says how a line was understood; a line understood word for word as typed
    (case and commas aside) has nothing to add."""
    out, name = at_first_placement(tmp_path, lambda name: [f"{name.upper()} 2"])
    after = out[out.index(f"> {name.upper()} 2\n") :].split("\n")
    assert not after[1].startswith("  = "), after[:3]
    assert re.search(rf"add 2 US influence to {re.escape(name)} \(now \d+\)", "\n".join(after))


def test_a_line_ends_where_the_table_must_change_the_pile_first(tmp_path: Path) -> None:
    """Seed 21 at the table: the USSR's Blockade makes the AI (US) reveal both cards of its
    deck/hand, which go back and are shuffled; its next action round turns over the top card.
    A line typed at the first reveal that names both cards and also answers that later question
    is refused whole: the person has not read 'shuffle the AI's deck/hand' yet. (The second
    card, the only one left, takes the line's second part as its confirmation: issue #41.) The
    game then goes on without a divergence."""
    from .table_person import TablePerson, play_at_table

    said: list[str] = []

    def say(game: Game, choice: Choice) -> list[str] | None:
        if said or "Blockade: the AI reveals" not in choice.prompt:
            return None
        assert person.table is not None
        pile = person.table.piles[str(choice.context["pile"])]
        said.append(f"#{pile[0]} #{pile[1]} #{pile[1]}")  # the two, then the next top card
        return said[:]

    person = TablePerson(seed=21, brain="random", say=say)
    args = ["new", "--side", "ussr", "--table", "--dice", "manual", "--seed", "21", "--name", "t"]
    out = play_at_table(tmp_path, args, person)
    assert said, "no Blockade reveal came up"
    after = out[out.index(f"> {said[0]}") :]
    assert after.split("\n")[1].startswith("Refused (nothing done): '#")
    assert "is left over: the table changes the pile of" in after.split("\n")[1]
    assert person.table is not None
    assert person.table.problems == []
