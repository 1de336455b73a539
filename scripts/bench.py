"""Benchmarks (never unit tests): medians and spread of the costs that matter.

    python scripts/bench.py            # all sections
    python scripts/bench.py decision   # one section
    python scripts/bench.py compare ../other-checkout [--games 100 --commands 3 --runs 10]
    python scripts/bench.py compare ../main --human strong --games 20 --commands 0
    python scripts/bench.py compare installed:.venv-compiled/bin/python   # a compiled build

Prints a table: median, p10-p90 spread, and the number of samples. `compare` measures this
checkout against another one (a worktree of main, say) in one run, the two taking turns game
by game (each side in its own process, scripts/bench_worker.py), and prints each side's median
and the median of the pairs' ratios: a speed claim is that ratio, never an absolute time on
this shared, drifting machine.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from twsolo.ai.bot import Bot
from twsolo.compose import load_ruleset
from twsolo.engine.card_play import play_card
from twsolo.engine.choices import CHANCE, Answer, Choice, RandomPlayer, SeededChance
from twsolo.engine.game import Game, GameOver
from twsolo.engine.initial_state import standard_state
from twsolo.engine.operations import conduct_operations
from twsolo.engine.ops import OpsBudget
from twsolo.engine.state import hand_of
from twsolo.errors import TwsoloError
from twsolo.ids import CHINA_CARD, SCORING_REGIONS, Side
from twsolo.players.advice import hint
from twsolo.players.strong import StrongPlayer
from twsolo.ruleset import Ruleset
from twsolo.sim.backends import make_pool
from twsolo.sim.runs import GameSpec, play, providers
from twsolo.solo import SoloOptions, play_game
from twsolo.solo.policy import SoloPolicy


def quantiles(samples: list[float]) -> tuple[float, float, float]:
    qs = statistics.quantiles(samples, n=10)
    return statistics.median(samples), qs[0], qs[-1]


def row(name: str, samples: list[float], unit: str = "ms") -> None:
    median, low, high = quantiles(samples)
    print(
        f"{name:<44} {median:>9.3f} {unit}   p10 {low:>8.3f}  p90 {high:>8.3f}   n={len(samples)}"
    )


def position(rules: Ruleset, seed: int) -> Game | None:
    """A midgame-like position: random operations from the standard setup, hands dealt,
    Primary and Secondary set, the AI to move."""
    rng = random.Random(seed)
    state = standard_state(rules)
    for pile in ("mid_war", "late_war"):
        state.piles["draw"].shuffled.extend(state.piles[pile].shuffled)
        state.piles[pile].shuffled.clear()
    game = Game(
        rules,
        state,
        {
            Side.US: RandomPlayer(seed),
            Side.USSR: RandomPlayer(seed + 1),
            CHANCE: SeededChance(seed),
        },
    )
    for side in Side:
        for _ in range(8):
            game.draw("draw", "deal", to=hand_of(side))
    try:
        for i in range(rng.randint(4, 16)):
            side = Side.USSR if i % 2 == 0 else Side.US
            state.phasing = side
            conduct_operations(game, side, OpsBudget(rng.randint(1, 4)), card_ops=4)
            state.space_attempts = [0, 0]
    except GameOver:
        return None
    regions = list(SCORING_REGIONS)
    rng.shuffle(regions)
    for pile, region in (("primary", regions[0]), ("secondary", regions[1])):
        state.put(rules.scoring_card_for(region).number, pile)
    ai = rng.choice(list(Side))
    state.ai_side = state.phasing = ai
    state.turn, state.action_round = rng.randint(1, 10), rng.randint(1, 7)
    state.scoring_round = rng.random() < 0.3
    state.defcon = rng.randint(2, 5)
    return game


def bench_decision(rules: Ruleset, n: int) -> None:
    """One AI action-round decision: reveal a card and play it (dry runs, option 0 included)."""
    samples: list[float] = []
    seed = 0
    while len(samples) < n:
        seed += 1
        game = position(rules, seed)
        if game is None:
            continue
        state = game.state
        ai = state.ai_side
        assert ai is not None
        hand = [c for c in state.piles[hand_of(ai)].known() if c != CHINA_CARD]
        if not hand:
            continue
        card = hand[seed % len(hand)]
        game.move_card(card, "table")
        game.providers[ai] = Bot(ai)
        game.providers[ai.other] = Bot(ai.other, dry=True)
        game.policy = SoloPolicy()
        start = time.perf_counter()
        with contextlib.suppress(GameOver):
            play_card(game, ai, card)
        samples.append((time.perf_counter() - start) * 1000)
    row("AI action-round decision (play_card)", samples)


def bench_copy(rules: Ruleset, n: int) -> None:
    game = next(g for g in (position(rules, seed) for seed in range(1, 100)) if g)
    state = game.state
    samples = []
    for _ in range(n):
        start = time.perf_counter()
        for _ in range(100):
            state.copy()
        samples.append((time.perf_counter() - start) * 1e6 / 100)
    row("GameState.copy()", samples, "us")


def bench_game(rules: Ruleset, n: int) -> None:
    """One whole game, AI against the greedy stand-in, on one core."""
    samples = [
        play(GameSpec(seed, ("us", "ussr")[seed % 2], "greedy")).seconds * 1000
        for seed in range(max(10, n // 10))
    ]
    row("whole game, AI vs greedy", samples)
    samples = [
        play(GameSpec(seed, ("us", "ussr")[seed % 2], "random")).seconds * 1000
        for seed in range(max(10, n // 10))
    ]
    row("whole game, AI vs random", samples)


def bench_strong(rules: Ruleset, n: int) -> None:
    """A whole game, AI vs the strong stand-in at several budgets (the default: `strong`), on
    one core (CPU time: this machine is shared, and wall time counts the others' work), and a
    `hint` at each card decision of a few games (wall time, as a person waits for it)."""
    games = max(10, n // 15)
    for human in ("strong:0", "strong:1", "strong", "strong:8"):
        samples = []
        for seed in range(games):
            start = time.process_time()
            play(GameSpec(seed, ("us", "ussr")[seed % 2], human))
            samples.append((time.process_time() - start) * 1000)
        row(f"whole game, AI vs {human} (CPU)", samples)
    hints: list[float] = []

    class Timed:
        def __init__(self, inner: StrongPlayer) -> None:
            self.inner = inner

        def choose(self, game: Game, choice: Choice) -> Answer:
            if choice.kind in ("ar_card", "headline", "draft") and len(hints) < n:
                start = time.perf_counter()
                hint(game, choice)
                hints.append((time.perf_counter() - start) * 1000)
            return self.inner.choose(game, choice)

    seed = 0
    while len(hints) < n:
        ai = ("us", "ussr")[seed % 2]
        spec = GameSpec(seed, ai, "strong")
        chosen = providers(spec, Side(ai))
        chosen[Side(ai).other] = Timed(StrongPlayer(Side(ai).other, seed=seed))
        play_game(rules, SoloOptions(ai_side=Side(ai)), chosen)
        seed += 1
    row("hint at a card decision (wall)", hints)


def bench_throughput(rules: Ruleset, n: int, rounds: int = 3) -> None:
    """Games per second on one worker and on every core (the same seeds). The two are measured
    in turn, `rounds` times, and the speed-up is the median of each round's ratio: the machine's
    speed drifts within a run, and a ratio of measurements minutes apart would carry it. The same
    ratio for `spin` alone shows what the machine's cores give at best."""
    specs = [GameSpec(seed, ("us", "ussr")[seed % 2], "greedy") for seed in range(max(8, n // 10))]
    cores = os.cpu_count() or 1
    jobs: dict[str, tuple[Callable[[Any], Any], list[Any]]] = {
        "games": (play, specs),
        "reference loop": (spin, list(range(4 * cores))),
    }
    rates: dict[tuple[str, int], list[float]] = {}
    for _ in range(rounds):
        for job, (fn, items) in jobs.items():
            for workers in sorted({1, cores}):
                start = time.perf_counter()
                list(make_pool(workers).map(fn, items))
                rate = len(items) / (time.perf_counter() - start)
                rates.setdefault((job, workers), []).append(rate)
    for workers in sorted({1, cores}):
        name = f"games per second, {workers} worker(s)"
        print(f"{name:<44} {statistics.median(rates['games', workers]):>9.2f}   n={rounds} runs")
    if cores > 1:
        for job in jobs:
            ratios = [m / o for o, m in zip(rates[job, 1], rates[job, cores], strict=True)]
            shown = ", ".join(f"{r:.2f}" for r in ratios)
            name = f"speed-up, {cores} workers over 1 ({job})"
            print(f"{name:<44} {statistics.median(ratios):>9.2f}x  (rounds: {shown})")


def bench_cluster(rules: Ruleset, n: int, rounds: int = 3) -> None:
    """Games per second on one local worker, two worker processes and a Dask LocalCluster of two
    workers (issue #17), in turn in each round with the reference loop on one and two
    processes, the cluster started once outside the timing; the speed-ups are medians of each
    round's ratios (see bench_throughput). The CPU time this process spends per game while the
    cluster plays (its scheduler, nannies and client) is Dask's cost whatever the load."""
    try:
        cluster = make_pool(cluster="local:2")
    except TwsoloError as exc:
        print(f"cluster: skipped ({exc})")
        return
    specs = [GameSpec(seed, ("us", "ussr")[seed % 2], "greedy") for seed in range(max(8, n // 3))]
    spins = list(range(8))
    rates: dict[str, list[float]] = {}
    client_cpu: list[float] = []
    with cluster:
        list(cluster.map(play, specs[:4]))  # the workers import twsolo and unpack the rules
        jobs = {
            "1 local worker": (make_pool(1), play, specs),
            "2 worker processes": (make_pool(2), play, specs),
            "Dask LocalCluster, 2 workers": (cluster, play, specs),
            "reference loop, 1 process": (make_pool(1), spin, spins),
            "reference loop, 2 processes": (make_pool(2), spin, spins),
        }
        for _ in range(rounds):
            for name, (pool, fn, items) in jobs.items():
                cpu = resource.getrusage(resource.RUSAGE_SELF)
                start = time.perf_counter()
                list(pool.map(fn, items))
                rates.setdefault(name, []).append(len(items) / (time.perf_counter() - start))
                if pool is cluster:
                    after = resource.getrusage(resource.RUSAGE_SELF)
                    used = after.ru_utime + after.ru_stime - cpu.ru_utime - cpu.ru_stime
                    client_cpu.append(used / len(items) * 1000)
    for name, runs in list(rates.items())[:3]:
        label = f"games per second, {name}"
        print(f"{label:<44} {statistics.median(runs):>9.2f}   n={rounds} runs")
    one, processes, dask, spin_one, spin_two = rates.values()
    for name, base, faster in (
        ("2 worker processes", one, processes),
        ("Dask LocalCluster", one, dask),
        ("reference loop", spin_one, spin_two),
    ):
        ratios = [f / o for o, f in zip(base, faster, strict=True)]
        shown = ", ".join(f"{r:.2f}" for r in ratios)
        label = f"speed-up, 2 over 1: {name}"
        print(f"{label:<44} {statistics.median(ratios):>9.2f}x  (rounds: {shown})")
    lost = [1 - d / p for p, d in zip(processes, dask, strict=True)]
    shown = ", ".join(f"{x:.0%}" for x in lost)
    label = "Dask's loss against the process pool"
    print(f"{label:<44} {statistics.median(lost):>9.0%}   (rounds: {shown})")
    label = "Dask client process CPU per game"
    print(f"{label:<44} {statistics.median(client_cpu):>9.2f} ms   n={rounds} runs")


def bench_memory(rules: Ruleset, n: int) -> None:
    """Peak memory of one whole game (tracemalloc) and of the process (ru_maxrss)."""
    tracemalloc.start()
    play(GameSpec(1, "ussr", "greedy"))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"{'peak allocated during one game':<44} {peak / 2**20:>9.2f} MiB")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{'process peak RSS':<44} {rss:>9.1f} MiB")


def twsolo_command() -> list[str]:
    """The installed `twsolo` script beside this Python (a venv's), else `python -m twsolo`."""
    script = Path(sys.executable).with_name("twsolo")
    return [str(script)] if script.exists() else [sys.executable, "-m", "twsolo"]


def bench_startup(rules: Ruleset, n: int) -> None:
    """Wall time of `twsolo --help` and of one Tab of shell completion (saved games' names),
    each a new process: they must not import numpy or the AI (README; target ≤ 150 ms)."""
    command = twsolo_command()
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "TWSOLO_HOME": home}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: bytecode written (compare)
        tab = {**env, "COMP_WORDS": "twsolo play ", "COMP_CWORD": "2"}
        tab["_TWSOLO_COMPLETE"] = "bash_complete"
        for name, args, environ in (
            ("twsolo --help (wall time)", [*command, "--help"], env),
            ("twsolo play <Tab> (completion, wall time)", command, tab),
        ):
            subprocess.run(args, env=environ, check=True, stdout=subprocess.DEVNULL)  # bytecode
            samples = []
            for _ in range(max(10, n // 10)):
                start = time.perf_counter()
                subprocess.run(args, env=environ, check=True, stdout=subprocess.DEVNULL)
                samples.append((time.perf_counter() - start) * 1000)
            row(name, samples)


def bench_board(rules: Ruleset, n: int) -> None:
    """The board picture (issue #28): building the page of a real position, and writing it as
    `play --board` does after every answer (atomically, fsynced). Target: ≤ 50 ms in all."""
    from twsolo.cli.board_picture import board_html, last_ai_action
    from twsolo.files.output import atomic_write_text
    from twsolo.solo.regions import primary_region, secondary_region

    spec = GameSpec(4, "ussr")
    pages: list[Callable[[], str]] = []

    def keep(game: Game, step: str) -> None:
        if step == "action":
            state, marks = game.state.copy(), last_ai_action(rules, game.log, Side.USSR)
            regions = primary_region(state, rules), secondary_region(state, rules)
            pages.append(
                lambda: board_html(
                    rules, state, primary=regions[0], secondary=regions[1], title="b", marks=marks
                )
            )

    play_game(rules, spec.options(), providers(spec, Side.USSR), observer=keep)
    build, write = [], []
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "board.html"
        for k in range(max(20, n // 5)):
            start = time.perf_counter()
            page = pages[k % len(pages)]()
            built = time.perf_counter()
            atomic_write_text(target, page)
            build.append((built - start) * 1000)
            write.append((time.perf_counter() - start) * 1000)
    row("board page: build (ElementTree)", build)
    row("board page: build and write atomically", write)


def spin(_: object = None) -> int:
    """A fixed pure-Python workload (picklable, for the worker pool too)."""
    total = 0
    for i in range(1_000_000):
        total += i * i % 7
    return total


def reference_loop() -> None:
    """`spin`, timed before and after the sections: this machine's speed drifts by ±20%
    between runs, and this row tells a slow run from a slower twsolo."""
    samples = []
    for _ in range(5):
        start = time.perf_counter()
        spin()
        samples.append((time.perf_counter() - start) * 1000)
    print(f"{'reference loop (machine speed now)':<44} {statistics.median(samples):>9.3f} ms")


SECTIONS: dict[str, Callable[[Ruleset, int], None]] = {
    "startup": bench_startup,
    "decision": bench_decision,
    "copy": bench_copy,
    "game": bench_game,
    "strong": bench_strong,
    "throughput": bench_throughput,
    "cluster": bench_cluster,
    "memory": bench_memory,
    "board": bench_board,
}


def child_cpu(args: list[str], env: dict[str, str] | None = None) -> tuple[float, str]:
    """The CPU time (user + system) a child process used, in ms, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        args, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, check=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return used * 1000, done.stdout


INSTALLED = "installed:"  # a side given as the twsolo an interpreter has installed


def side_of(spec: str) -> tuple[str, str | None]:
    """A side of `compare`: (its Python, its checkout). A checkout's path runs it with this
    Python; `installed:PYTHON` runs the twsolo that PYTHON has installed (a compiled build,
    scripts/compiled_build.py), no checkout before it."""
    if spec.startswith(INSTALLED):
        return spec.removeprefix(INSTALLED), None
    return sys.executable, str(Path(spec).resolve())


def compare(
    this: str, other: str, games: int, commands: int, runs: int, human: str = "greedy"
) -> None:
    """Side A (this checkout, unless given) against side B in one run: the two play the same
    seeded games (AI vs `human`, a stand-in) taking turns game by game, each in its own process
    kept for the run (the order alternating by game), then each command is run `runs` times by
    each in turn. Each side's figure is its median; the ratio is the median of the pairs'
    ratios A/B (below 1: A is cheaper) — a pair is run seconds apart, and the machine's drift
    cancels out."""
    worker = str(Path(__file__).resolve().with_name("bench_worker.py"))
    sides = {"A": side_of(this), "B": side_of(other)}
    envs: dict[str, dict[str, str]] = {}
    for name, (python, checkout) in sides.items():
        home = tempfile.mkdtemp(prefix=f"twsolo-bench-{name}-")
        envs[name] = {
            **os.environ,
            "TWSOLO_HOME": home,
            "XDG_CACHE_HOME": f"{home}/cache",  # each side's rules cache (if it has one)
        }
        if checkout is not None:
            envs[name]["PYTHONPATH"] = checkout
        else:
            envs[name].pop("PYTHONPATH", None)
        # Bytecode written as a user's install has it (this sandbox sets the variable, and
        # every command would compile all its modules: ≈115 ms); the first run writes it.
        envs[name].pop("PYTHONDONTWRITEBYTECODE", None)
        where = checkout or f"the twsolo installed for {python}"
        if commands:
            made = subprocess.run(
                [python, worker, checkout or "-", "save", home],
                env=envs[name],
                capture_output=True,
                text=True,
                check=True,
            )
            print(f"{name}: {where}  (saved game: {made.stdout.splitlines()[-1]})")
        else:
            print(f"{name}: {where}")
    servers = {
        name: subprocess.Popen(
            [python, worker, checkout or "-", "serve", human],
            env=envs[name],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for name, (python, checkout) in sides.items()
    }
    figures: dict[str, dict[str, list[float]]] = {}
    try:
        for server in servers.values():
            assert server.stdout is not None
            json.loads(server.stdout.readline())  # ready: the rules loaded
        for seed in range(games):
            for name in list(sides) if seed % 2 == 0 else list(sides)[::-1]:
                server = servers[name]
                assert server.stdin is not None
                assert server.stdout is not None
                server.stdin.write(f"{seed}\n")
                server.stdin.flush()
                played = json.loads(server.stdout.readline())
                per_play = played["cpu"] * 1000 / played["plays"]
                by_side = figures.setdefault(f"CPU per card play, AI vs {human}", {})
                by_side.setdefault(name, []).append(per_play)
    finally:
        for server in servers.values():
            assert server.stdin is not None
            server.stdin.close()
            server.wait()
    measures: dict[str, list[str]] = {
        "twsolo --help (CPU)": ["--help"],
        "twsolo show, finished 10-turn game (CPU)": ["show", "bench"],
        "twsolo play, finished 10-turn game (CPU)": ["play", "bench"],
    }

    def command(name: str, args: list[str]) -> list[str]:
        # -P: no working directory on sys.path (it would put this checkout before PYTHONPATH's).
        return [sides[name][0], "-P", "-m", "twsolo", *args]

    for label, args in list(measures.items())[:commands]:
        for name in sides:
            child_cpu(command(name, args), envs[name])  # not counted: bytecode, the cache
        for n in range(runs):
            for name in list(sides) if n % 2 == 0 else list(sides)[::-1]:
                used = child_cpu(command(name, args), envs[name])[0]
                figures.setdefault(label, {}).setdefault(name, []).append(used)
    print(f"{games} games and {runs} runs of each command per side, in turn")
    print(f"{'':<44} {'A (ms)':>9} {'B (ms)':>9} {'A/B':>7}   (medians; A/B: of the pairs)")
    for label, by_side in figures.items():
        a, b = by_side["A"], by_side["B"]
        ratios = [x / y for x, y in zip(a, b, strict=True)]
        low, high = quantiles(ratios)[1:] if len(ratios) > 1 else (ratios[0], ratios[0])
        print(
            f"{label:<44} {statistics.median(a):>9.3f} {statistics.median(b):>9.3f} "
            f"{statistics.median(ratios):>7.3f}   p10-p90 {low:.2f}-{high:.2f}, n={len(ratios)}"
        )


def main() -> None:
    if sys.argv[1:2] == ["compare"]:
        parser = argparse.ArgumentParser(description=__doc__, prog="bench.py compare")
        parser.add_argument(
            "other", help="side B: a checkout, or installed:PYTHON (that Python's twsolo)"
        )
        here = str(Path(__file__).resolve().parents[1])
        parser.add_argument("--this", default=here, help="side A (this checkout, or installed:PY)")
        parser.add_argument("--games", type=int, default=100, help="seeded games per side")
        parser.add_argument(
            "--commands", type=int, default=3, help="how many of the CLI commands to time"
        )
        parser.add_argument("--runs", type=int, default=10, help="runs of each command")
        parser.add_argument(
            "--human", default="greedy", help="the games' stand-in (strong: its look-ahead's cost)"
        )
        opts = parser.parse_args(sys.argv[2:])
        compare(opts.this, opts.other, opts.games, opts.commands, opts.runs, opts.human)
        return
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("sections", nargs="*", help=f"some of: {', '.join(SECTIONS)}")
    parser.add_argument("-n", type=int, default=300, help="samples per section")
    args = parser.parse_args()
    unknown = set(args.sections) - set(SECTIONS)
    if unknown:
        parser.error(f"unknown section(s): {', '.join(sorted(unknown))}")
    rules = load_ruleset()
    reference_loop()
    for name in args.sections or SECTIONS:
        SECTIONS[name](rules, args.n)
    reference_loop()


if __name__ == "__main__":
    main()
