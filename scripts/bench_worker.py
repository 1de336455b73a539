"""One side of `scripts/bench.py compare`: a measurement run in a fresh process against the
twsolo of CHECKOUT (put first on sys.path, so the same script measures any version that has
the public pieces used here). Prints one JSON object.

    python scripts/bench_worker.py CHECKOUT play FIRST_SEED GAMES    # CHECKOUT "-": installed
    python scripts/bench_worker.py CHECKOUT serve [HUMAN] # a seed per line in, a JSON line out
    python scripts/bench_worker.py CHECKOUT save HOME     # a finished saved game, for `resume`

`play`: the CPU time of whole games of the AI against the greedy stand-in (`serve`: against
HUMAN, default greedy; the AI's side by seed, even: US, as in scripts/digest.py), the rules
loaded before the clock starts, and the number of cards played (headlines and action rounds,
both sides).
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from pathlib import Path
from types import ModuleType

SAVE_NAME = "bench"


def runs() -> ModuleType:
    """The module with `GameSpec`, `providers` and `rules_for`: twsolo.sim.runs, or
    twsolo.sim.games in a checkout from before it was renamed (issue #23)."""
    try:
        return importlib.import_module("twsolo.sim.runs")
    except ImportError:
        return importlib.import_module("twsolo.sim.games")


def play_one(seed: int, human: str = "greedy") -> tuple[float, int]:
    """One game's CPU time (s) and cards played."""
    from twsolo.engine.records import CardMove
    from twsolo.ids import Side
    from twsolo.solo import SoloOptions, play_game

    sim = runs()
    rules = sim.rules_for(None)
    ai = (Side.US, Side.USSR)[seed % 2]
    chosen = sim.providers(sim.GameSpec(seed, ai.value, human), ai)
    start = time.process_time()
    record = play_game(rules, SoloOptions(ai_side=ai), chosen)
    cpu = time.process_time() - start
    return cpu, sum(1 for r in record.log if isinstance(r, CardMove) and r.target == "table")


def play(first: int, games: int) -> dict[str, float]:
    cpu = 0.0
    plays = 0
    for seed in range(first, first + games):
        used, played = play_one(seed)
        cpu += used
        plays += played
    return {"cpu": cpu, "plays": plays, "games": games}


def serve(human: str) -> None:
    """Games on request, so that two versions can take turns game by game: the machine's
    speed drifts by the second, and a ratio of neighbours carries little of it."""
    runs().rules_for(None)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        cpu, plays = play_one(int(line), human)
        print(json.dumps({"cpu": cpu, "plays": plays}), flush=True)


def save(home: str) -> dict[str, float]:
    """A digital game played to its end by the greedy stand-in through the session (as `twsolo
    play` would with a person): the first seed from 1 whose game lasts the full 10 turns."""
    try:
        from twsolo.cli.saved_games import create
    except ImportError:  # a checkout from before the rooms were renamed (issue #23)
        from twsolo.cli.games import create
    from twsolo.ids import Side
    from twsolo.players.greedy import GreedyPlayer

    try:
        from twsolo.session.live import GameSession
    except ImportError:  # the same checkouts, before the session's module was renamed
        from twsolo.session.game import GameSession

    try:
        from twsolo.compose import load_ruleset
    except ImportError:  # a checkout from before the composition root (issue #23)
        from twsolo.ruleset import load_ruleset

    rules = load_ruleset()
    for seed in range(1, 100):
        folder = Path(home) / "games" / SAVE_NAME
        if folder.exists():
            for f in sorted(folder.rglob("*"), reverse=True):
                f.rmdir() if f.is_dir() else f.unlink()
            folder.rmdir()
        save = create(
            home_dir=home,
            name=SAVE_NAME,
            side="us",
            difficulty="normal",
            table=False,
            dice=None,
            fast_deal=False,
            optional_cards=False,
            seed=seed,
            rules_path=None,
        )
        with GameSession.open(rules, save) as session:
            record = session.play(GreedyPlayer(Side.US), None)
        if record.state.turn == 10 and record.result.reason.startswith("final"):
            return {"seed": seed, "turn": record.state.turn}
    raise SystemExit("no 10-turn game among seeds 1-99")


def main() -> None:
    checkout, job, *args = sys.argv[1:]
    if checkout != "-":  # "-": the twsolo this Python has installed (a compiled build)
        sys.path.insert(0, str(Path(checkout).resolve()))
    if job == "serve":
        serve(args[0] if args else "greedy")
        return
    if job == "play":
        out = play(int(args[0]), int(args[1]))
    elif job == "save":
        out = save(args[0])
    else:
        raise SystemExit(f"unknown job {job!r}")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
