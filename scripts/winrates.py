"""The AI's measured win rate per difficulty level (spec §2.5) against each human stand-in,
as the markdown table the README publishes.

    python scripts/winrates.py --games 200 --workers 2
    python scripts/winrates.py --games 2000 --cluster tcp://HOST:8786   # on a Dask cluster
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from twsolo.ruleset import DIFFICULTY_LEVELS
from twsolo.sim.games import HUMANS, GameSpec, play
from twsolo.sim.pool import Pool, make_pool
from twsolo.sim.stats import summarize


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
    args = parser.parse_args()
    with make_pool(args.workers, args.cluster) as pool:
        table(pool, args.games, args.seed)


def table(pool: Pool, games: int, seed: int) -> None:
    print(f"AI win rate (95% CI), {games} games per cell, seeds {seed}..")
    print()
    print("| difficulty | " + " | ".join(f"vs {h}" for h in HUMANS) + " |")
    print("| --- | " + " | ".join("---" for _ in HUMANS) + " |")
    start = time.perf_counter()
    for level in DIFFICULTY_LEVELS:
        cells = []
        for human in HUMANS:
            specs = [GameSpec(seed + i, ("us", "ussr")[i % 2], human, level) for i in range(games)]
            s = summarize(list(pool.map(play, specs)))
            low, high = s["ai_win_rate_ci95"]
            cells.append(f"{s['ai_win_rate']:.0%} ({low:.0%}–{high:.0%})")
        print(f"| {level} | " + " | ".join(cells) + " |", flush=True)
    print()
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
