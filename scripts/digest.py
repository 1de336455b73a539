"""A digest of the answers of seeded games: run it before and after a change that should make
twsolo faster without changing any decision; the digests must be equal.

    python scripts/digest.py                      # 60 games against greedy, normal
    python scripts/digest.py --human random --difficulty expert --games 40 --per-game
    python scripts/digest.py --without blockade.escape   # as if these questions were not asked
    python scripts/digest.py --enhanced --human strong --games 10

`--without KEY` leaves out the answers to the questions with that key (Choice.key): a change
that adds a question (a decision that used to be made out of sight) must leave the digest of
every other answer as it was.

The AI's side alternates by seed (even: US), as in `twsolo simulate` and scripts/bench.py.
An installed twsolo comes before the checkout's (a compiled build, scripts/compiled_check.py).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[1]))

from twsolo.engine.records import Answered
from twsolo.ids import Side
from twsolo.players.registry import names
from twsolo.ruleset import DIFFICULTY_LEVELS
from twsolo.sim.runs import GameSpec, providers, rules_for
from twsolo.solo import play_game


def game_digest(
    seed: int, human: str, difficulty: str, without: frozenset[str], *, enhanced: bool = False
) -> str:
    ai = (Side.US, Side.USSR)[seed % 2]
    spec = GameSpec(seed, ai.value, human, difficulty, enhanced=enhanced)
    record = play_game(rules_for(None), spec.options(), providers(spec, ai))
    keys = [r.key for r in record.log if isinstance(r, Answered)]
    answers = [a for a, key in zip(record.answers, keys, strict=True) if key not in without]
    return hashlib.sha256(repr(answers).encode()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--human", choices=names(), default="greedy")
    parser.add_argument("--difficulty", choices=DIFFICULTY_LEVELS, default="normal")
    parser.add_argument("--enhanced", action="store_true", help="the enhanced AI (spec §25)")
    parser.add_argument("--per-game", action="store_true", help="print each game's digest")
    parser.add_argument(
        "--without", action="append", default=[], metavar="KEY", help="leave out these questions"
    )
    args = parser.parse_args()
    total = hashlib.sha256()
    for seed in range(args.seed, args.seed + args.games):
        without = frozenset(args.without)
        digest = game_digest(seed, args.human, args.difficulty, without, enhanced=args.enhanced)
        total.update(digest.encode())
        if args.per_game:
            print(f"seed {seed:>5}  {digest[:16]}")
    ai = "enhanced AI, " if args.enhanced else ""
    print(f"{args.games} games, {ai}{args.human}, {args.difficulty}: {total.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
