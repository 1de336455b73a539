"""How long `twsolo list` takes over many games saved without their position cache (issue #27):
the first `list` replays each journal and rewrites state.json, the second reads the caches.

    .venv/bin/python scripts/list_cache.py --games 1000

One game is played a few answers in (with the first legal answer to each question), copied
GAMES times under a temporary $TWSOLO_HOME, every state.json removed; then `list` runs twice
as a subprocess, each timed (wall clock), and both outputs are checked to be the same.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TWSOLO = [sys.executable, "-m", "twsolo"]


def timed_list(home: Path) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(
        [*TWSOLO, "list", "--home", str(home)], capture_output=True, text=True, check=True
    )
    return time.perf_counter() - start, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        answers = "\n".join(["1 2 3"] * 3 + ["1"] * 20 + ["quit"]) + "\n"
        subprocess.run(
            [*TWSOLO, "new", "--name", "model", "--seed", "1", "--home", str(home)],
            input=answers,
            capture_output=True,
            text=True,
            check=True,
        )
        model = home / "games" / "model"
        (model / "state.json").unlink()
        for n in range(1, args.games):
            shutil.copytree(model, home / "games" / f"g{n:04d}")
        first, listed = timed_list(home)
        second, again = timed_list(home)
        caches = len(list(home.glob("games/*/state.json")))
    assert listed == again, "the two lists differ"
    print(f"{args.games} games without state.json: first list {first:.1f} s, second {second:.1f} s")
    print(f"caches rewritten by the first list: {caches} of {args.games}")


if __name__ == "__main__":
    main()
