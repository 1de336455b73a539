"""How much a person types and reads per turn, playing whole games through the real command line
(issue #29): a person at a physical table (tests/table_person.py's TablePerson: real piles, real
dice, one typed line per play) or on screen, the CLI's own prompts and output counted.

    python scripts/table_turns.py                    # 6 table games, both sides
    python scripts/table_turns.py --digital --games 4
    python scripts/table_turns.py --screen --brain hint --seeds 2 5 --both-sides --until 4

`--screen`: the person knows only the screen and its own shuffled table (ScreenPerson: no dry
run with the engine's knowledge of what comes next; one answer a prompt, the draws the screen
invites in one line); else the TablePerson, who plans each typed line with the engine.
`--until N`: stops when turn N begins (the Early War: 4).

Prints the median typed answers and lines to read (the lines the program prints; the person's
typed lines are not counted) per Early War turn (turns 1–3), and per Mid and Late War turn,
and the table's slips (divergences, missing shuffles, questions that do not name their pile,
cards drawn that were not on top): all must be 0.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.table_person import ScreenPerson, TablePerson, play_at_table

ERAS = {"Early War": range(1, 4), "Mid War": range(4, 8), "Late War": range(8, 11)}


def one_game(
    seed: int, side: str, digital: bool, brain: str, screen: bool, until: int
) -> tuple[dict[int, int], dict[int, int], int]:
    """Typed answers and lines to read by turn, and the table's slips."""
    mode = ["--digital"] if digital else ["--table", "--dice", "manual"]
    args = ["new", "--side", side, *mode, "--seed", str(seed), "--name", "g"]
    person: TablePerson = (
        ScreenPerson(seed=seed, brain=brain, until=until)
        if screen
        else TablePerson(seed=seed, brain=brain)
    )
    with tempfile.TemporaryDirectory() as home:
        out = play_at_table(Path(home), args, person)
    typed: dict[int, int] = {}
    for p in person.prompts:
        if p.typed not in ("y", "quit") and p.turn < until:
            typed[p.turn] = typed.get(p.turn, 0) + 1
    lines = {  # what the program prints: the person's own typed lines (`> ...`) not counted
        turn: sum(not ln.startswith("> ") for ln in text.splitlines())
        for turn, text in person.turns(out).items()
    }
    table = person.table
    assert table is not None
    slips = 0 if digital else len(table.problems) + person.unnamed
    return typed, lines, slips


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seeds", type=int, nargs="+", help="these seeds (not --seed/--games)")
    parser.add_argument("--both-sides", action="store_true", help="each seed as US and as USSR")
    parser.add_argument("--digital", action="store_true")
    parser.add_argument("--screen", action="store_true", help="the person who knows the screen")
    parser.add_argument("--until", type=int, default=99, help="stop when this turn begins")
    parser.add_argument("--brain", choices=("greedy", "random", "hint"), default="greedy")
    args = parser.parse_args()
    by_era: dict[str, tuple[list[int], list[int]]] = {era: ([], []) for era in ERAS}
    slips = 0
    seeds = args.seeds or list(range(args.seed, args.seed + args.games))
    games = [
        (seed, side)
        for seed in seeds
        for side in (("us", "ussr") if args.both_sides else (("us", "ussr")[seed % 2],))
    ]
    for seed, side in games:
        typed, lines, slipped = one_game(
            seed, side, args.digital, args.brain, args.screen, args.until
        )
        slips += slipped
        for era, turns in ERAS.items():
            for turn in turns:
                if turn in typed and turn + 1 in lines:  # a whole turn: the next one began
                    by_era[era][0].append(typed[turn])
                    by_era[era][1].append(lines[turn])
    mode = "digital" if args.digital else "table"
    who = "screen-only" if args.screen else "planning"
    print(
        f"{len(games)} {mode} games, {who} {args.brain} person, "
        f"seeds and sides {', '.join(f'{seed} {side}' for seed, side in games)}"
    )
    for era, (typed_n, lines_n) in by_era.items():
        if typed_n:
            print(
                f"  {era:<9} turns {len(typed_n):>3}: median typed answers "
                f"{statistics.median(typed_n):>5.1f}, "
                f"lines to read {statistics.median(lines_n):>6.1f}"
            )
    print(f"  slips at the table: {slips}")


if __name__ == "__main__":
    main()
