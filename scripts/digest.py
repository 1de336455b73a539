"""A digest of the answers of seeded games: run it before and after a change that should make
twsolo faster without changing any decision; the digests must be equal.

    python scripts/digest.py                      # 60 games against greedy, normal
    python scripts/digest.py --human random --difficulty expert --games 40 --per-game

The AI's side alternates by seed (even: US), as in `twsolo simulate` and scripts/bench.py.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from twsolo.ids import Side
from twsolo.ruleset import DIFFICULTY_LEVELS
from twsolo.sim.games import HUMANS, GameSpec, providers, rules_for
from twsolo.solo import SoloOptions, play_game


def game_digest(seed: int, human: str, difficulty: str) -> str:
    ai = (Side.US, Side.USSR)[seed % 2]
    spec = GameSpec(seed, ai.value, human, difficulty)
    options = SoloOptions(ai_side=ai, difficulty=difficulty)
    record = play_game(rules_for(None), options, providers(spec, ai))
    return hashlib.sha256(repr(record.answers).encode()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--human", choices=HUMANS, default="greedy")
    parser.add_argument("--difficulty", choices=DIFFICULTY_LEVELS, default="normal")
    parser.add_argument("--per-game", action="store_true", help="print each game's digest")
    args = parser.parse_args()
    total = hashlib.sha256()
    for seed in range(args.seed, args.seed + args.games):
        digest = game_digest(seed, args.human, args.difficulty)
        total.update(digest.encode())
        if args.per_game:
            print(f"seed {seed:>5}  {digest[:16]}")
    print(f"{args.games} games, {args.human}, {args.difficulty}: {total.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
