"""One typed line that answers several questions (issue #29), through the real command line:
a line is read part by part against each question as the engine asks it, said back as a whole,
and refused as a whole, with nothing done, when a part is not legal where it lands."""

from __future__ import annotations

import re
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


def test_a_placement_in_one_line_and_a_bad_line_refused_whole(tmp_path: Path) -> None:
    said: list[str] = []

    def say(game: Game, choice: Choice) -> list[str] | None:
        name = placement(game, choice)
        if name is None or said:
            return None
        said.append(name)
        return [f"{name} 2, Narnia", f"{name} 2"]  # refused whole, then taken

    person = Person(seed=3, say=say)
    out = run_with(tmp_path, ["new", "--seed", "3", "--name", "g"], person)
    assert said, "no placement of 2 ops came up"
    name = said[0]
    refused = out.index(f"> {name} 2, Narnia")
    taken = out.index(f"> {name} 2\n", refused)
    between = out[refused:taken]
    assert "Refused (nothing done): 'Narnia'" in between
    assert "influence to" not in between  # no point was placed
    after = out[taken:]
    assert after.startswith(f"> {name} 2\n  = {name} 2\n")
    assert re.search(rf"add 2 US influence to {re.escape(name)} \(now \d+\)", after)
