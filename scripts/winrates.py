"""The AI's measured strength per difficulty level (spec §2.5) against each human stand-in, as
the markdown tables the README publishes: the AI's win rate (both sides and per side, 95%
Wilson intervals), its final margin, how the games ended and the median last turn.

    python scripts/winrates.py --games 200 --workers 2
    python scripts/winrates.py --games 200 --workers 2 --enhanced   # the enhanced AI (spec §25)
    python scripts/winrates.py --games 40 --humans greedy,strong --difficulties normal
    python scripts/winrates.py --games 2000 --cluster tcp://HOST:8786   # on a Dask cluster
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from twsolo.players import registry
from twsolo.ruleset import DIFFICULTY_LEVELS
from twsolo.sim.backends import make_pool
from twsolo.sim.pool import Pool
from twsolo.sim.runs import GameSpec, GameSummary, play
from twsolo.sim.stats import quartiles, wilson

ENDS = (("vp20", "20 VP"), ("final_scoring", "final"), ("europe_control", "Europe"))
ENDS_OTHER = ("defcon1", "DEFCON 1")


def rate(games: list[GameSummary]) -> str:
    wins = sum(g.ai_won for g in games)
    low, high = wilson(wins, len(games))
    return f"{wins / len(games):.0%} ({low:.0%}–{high:.0%})" if games else "–"


def ends(games: list[GameSummary]) -> str:
    """The share of each end: 20 VP, final scoring, Europe control, DEFCON 1, other."""
    counts = Counter(g.reason for g in games)
    known = [*ENDS, ENDS_OTHER]
    shares = [f"{counts[reason] / len(games):.0%}" for reason, _ in known]
    other = len(games) - sum(counts[reason] for reason, _ in known)
    return " / ".join([*shares, f"{other / len(games):.0%}"])


def margin(games: list[GameSummary]) -> str:
    """The AI's final margin in VP (its favour positive): median and quartiles."""
    q = quartiles([-g.score for g in games])
    return f"{q['median']:+.0f} ({q['q1']:+.0f} to {q['q3']:+.0f})"


def play_cells(
    pool: Pool,
    games: int,
    seed: int,
    humans: list[str],
    levels: list[str],
    enhanced: bool,
    balanced: bool = False,
) -> dict[tuple[str, str], list[GameSummary]]:
    """Each (difficulty, stand-in) cell's games, seeds `seed`… with the AI's side alternating."""
    results: dict[tuple[str, str], list[GameSummary]] = {}
    for level in levels:
        for human in humans:
            specs = [
                GameSpec(
                    seed + i,
                    ("us", "ussr")[i % 2],
                    human,
                    level,
                    enhanced=enhanced,
                    balanced_setup=balanced,
                )
                for i in range(games)
            ]
            results[level, human] = list(pool.map(play, specs))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--games", type=int, default=200, help="games per cell (AI sides alternate)"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--cluster", help="a Dask scheduler's tcp://HOST:8786, or local[:N] (twsolo[cluster])"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--humans", default=",".join(registry.names()), help="stand-ins, comma-separated"
    )
    parser.add_argument("--difficulties", default=",".join(DIFFICULTY_LEVELS))
    parser.add_argument("--enhanced", action="store_true", help="the enhanced AI (spec §25)")
    parser.add_argument(
        "--balanced-setup", action="store_true", help="the balanced set-up (spec §24.6)"
    )
    args = parser.parse_args()
    humans = args.humans.split(",")
    levels = args.difficulties.split(",")
    start = time.perf_counter()
    with make_pool(args.workers, args.cluster) as pool:
        results = play_cells(
            pool, args.games, args.seed, humans, levels, args.enhanced, args.balanced_setup
        )
    last = args.seed + args.games - 1
    ai = "the enhanced AI (spec §25)" if args.enhanced else "the seed's AI"
    if args.balanced_setup:
        ai += ", the balanced set-up (spec §24.6)"
    print(f"{ai}; {args.games} games per cell, seeds {args.seed}–{last}; the AI's side alternates")
    print("(even seeds: the AI plays the US); 95% Wilson intervals.")
    print()
    print("AI win rate:")
    print()
    print("| difficulty | AI side | " + " | ".join(f"vs {h}" for h in humans) + " |")
    print("| --- | --- | " + " | ".join("---" for _ in humans) + " |")
    for level in levels:
        for side in ("both", "us", "ussr"):
            cells = [
                rate([g for g in results[level, h] if side in ("both", g.ai_side)]) for h in humans
            ]
            print(
                f"| {level} | {side.upper() if side != 'both' else 'both'} | "
                + " | ".join(cells)
                + " |"
            )
    print()
    print("The AI's final margin, how the games ended, the last turn:")
    print()
    names = " / ".join([*(n for _, n in ENDS), ENDS_OTHER[1], "other"])
    print(f"| difficulty | stand-in | AI margin, median (quartiles) | ends: {names} | turn |")
    print("| --- | --- | --- | --- | --- |")
    for level in levels:
        for human in humans:
            games = results[level, human]
            turn = statistics.median(g.turns for g in games)
            print(f"| {level} | {human} | {margin(games)} | {ends(games)} | {turn:g} |")
    print()
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
