"""A simulation run: the settings of `twsolo simulate` (and of `api.simulate` / `api.compare`), its
batches of games on a pool, the second batch under the baseline rules, and the report they make.
Nothing here prints: the command line shows progress through `Progress` and prints the report."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from twsolo.phrases import say
from twsolo.sim.compare import compare
from twsolo.sim.outputs import LogFolder
from twsolo.sim.pool import Pool, interrupts_deferred, interrupts_ignored
from twsolo.sim.runs import GameFailure, GameSpec, GameSummary, attempt, attempt_logged
from twsolo.sim.stats import summarize

Progress = Callable[[], None]  # called once for each game finished


@dataclass(frozen=True)
class Settings:
    """What a run plays: game i has seed `seed + i`; the AI's side alternates (with `both`),
    then the difficulty. `rules`: the rules played (the candidate); `baseline`: the rules the
    same seeds are played again under, for the paired comparison."""

    games: int = 100
    seed: int = 0
    ai_side: str = "both"
    human: str = "greedy"
    difficulties: tuple[str, ...] = ("normal",)
    rules: str | None = None
    baseline: str | None = None
    check: bool = False
    enhanced: bool = False  # spec §25
    draft_cap: bool = False  # spec §24.5
    balanced_setup: bool = False  # spec §24.6

    def specs(self, rules_dir: str | None) -> list[GameSpec]:
        sides = ("us", "ussr") if self.ai_side == "both" else (self.ai_side,)
        return [
            GameSpec(
                self.seed + i,
                sides[i % len(sides)],
                self.human,
                self.difficulties[i // len(sides) % len(self.difficulties)],
                rules_dir,
                self.check,
                self.enhanced,
                self.draft_cap,
                self.balanced_setup,
            )
            for i in range(self.games)
        ]

    def to_dict(self) -> dict[str, Any]:
        """As the report's `settings` show them."""
        return {
            "games": self.games,
            "seed": self.seed,
            "human": self.human,
            "ai_side": self.ai_side,
            "difficulty": ", ".join(self.difficulties),
            "rules": self.rules,
            "compare_rules": self.baseline,
            "check": self.check,
            "enhanced": self.enhanced,
            "draft_cap": self.draft_cap,
            "balanced_setup": self.balanced_setup,
        }


@dataclass
class Batch:
    games: list[GameSummary]
    planned: int
    interrupted: bool = False
    failures: list[GameFailure] = field(default_factory=list)
    logs: LogFolder | None = None


def run_batch(
    pool: Pool, batch: list[GameSpec], log_dir: Path | None, progress: Progress | None = None
) -> Batch:
    """Play the batch, each game's log written as it comes in. A game that raises is kept as a
    failure and the run goes on. Ctrl-C stops the batch and keeps the games finished so far
    (`interrupted`)."""
    done: dict[int, GameSummary | GameFailure] = {}
    interrupted = False
    logs = LogFolder(log_dir) if log_dir is not None else None
    results = pool.completed(attempt if logs is None else attempt_logged, batch)
    try:
        for index, result in results:
            with interrupts_deferred():  # a game is counted with its log, or not at all
                game, lines = (result, None) if logs is None else result
                if logs is not None and isinstance(game, GameFailure):
                    logs.failure(game)
                elif logs is not None:
                    logs.game(batch[index].seed, batch[index].ai_side, lines or [])
                done[index] = game
            if progress is not None:
                progress()
    except KeyboardInterrupt:
        interrupted = True
        with interrupts_ignored():
            results.close()
    games = [done[i] for i in sorted(done)]
    return Batch(
        [g for g in games if isinstance(g, GameSummary)],
        len(batch),
        interrupted,
        [g for g in games if isinstance(g, GameFailure)],
        logs,
    )


# How a run plays one batch: (the games, "Simulating" or "Comparing", the log folder).
BatchRunner = Callable[[list[GameSpec], str, Path | None], Batch]


@dataclass
class Run:
    """A run's batches: `first` under the rules played, `second` under the baseline."""

    settings: Settings
    first: Batch
    second: Batch | None

    @property
    def batches(self) -> list[Batch]:
        return [self.first] if self.second is None else [self.first, self.second]

    @property
    def interrupted(self) -> bool:
        return any(b.interrupted for b in self.batches)

    @property
    def failures(self) -> list[GameFailure]:
        return [f for b in self.batches for f in b.failures]


def simulate(settings: Settings, play: BatchRunner, log_dir: Path | None = None) -> Run:
    """The run: its games under `settings.rules`, then — unless interrupted — the same seeds
    under `settings.baseline` (logs in `compare-rules/` of the log folder)."""
    first = play(settings.specs(settings.rules), say("sim.batch.simulating"), log_dir)
    second = None
    if settings.baseline and not first.interrupted:
        logs = log_dir / "compare-rules" if log_dir else None
        second = play(settings.specs(settings.baseline), say("sim.batch.comparing"), logs)
    return Run(settings, first, second)


def report(run: Run, pool: Pool, **where: Any) -> dict[str, Any]:
    """The run's report, as `simulate --json` prints it: the summary (and the baseline's, and
    the paired comparison), how the run went, its settings (with `where`: workers, cluster)
    and the games that failed."""
    s, first, second = run.settings, run.first, run.second
    out: dict[str, Any] = {"summary": summarize(first.games)}
    if second is not None:
        out["compare_summary"] = summarize(second.games)
        if not second.interrupted:
            labels = (str(s.baseline), s.rules or say("sim.default_rules"))
            out["comparison"] = compare(second.games, first.games, labels)
    out["run"] = {
        "backend": pool.name,
        "partial": run.interrupted,
        "planned": first.planned * (2 if s.baseline else 1),
        "finished": sum(len(b.games) for b in run.batches),
        "retried": pool.retried,
    }
    settings = s.to_dict()
    out["settings"] = {k: settings[k] for k in ("games", "seed")} | where | settings
    out["failures"] = [f.to_dict() for f in run.failures]
    return out
