"""One simulated game: its specification, the play, the invariant checks, and what is kept of
it (a small JSON-able summary, so results cross process boundaries cheaply; with `play_logged`,
also the game's log, sim/gamelog.py)."""

from __future__ import annotations

import time
import traceback
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any

from twsolo.checks import Invariants, record_problems
from twsolo.compose import load_ruleset, standard_providers
from twsolo.engine.choices import Actor, ChoiceProvider
from twsolo.engine.game import Game
from twsolo.engine.records import Answered, CardMove
from twsolo.ids import Side
from twsolo.ruleset import Ruleset
from twsolo.sim.gamelog import GameLog, turn_of
from twsolo.solo import GameRecord, SoloOptions, play_game
from twsolo.solo.flow import Observer


@dataclass(frozen=True)
class GameSpec:
    seed: int
    ai_side: str
    human: str = "greedy"
    difficulty: str = "normal"
    rules_dir: str | None = None
    check: bool = False
    enhanced: bool = False  # spec §25: the enhanced AI of the rules (rules/enhanced.yaml)
    draft_cap: bool = False  # spec §24.5: the draft cap
    balanced_setup: bool = False  # spec §24.6 [r4]: the balanced set-up

    def options(self) -> SoloOptions:
        # Spec §25: the enhanced AI is the switches the rules use (rules/enhanced.yaml).
        switches = rules_for(self.rules_dir).enhanced.on if self.enhanced else ()
        return SoloOptions(
            ai_side=Side(self.ai_side),
            difficulty=self.difficulty,
            enhanced=switches,
            draft_cap=self.draft_cap,
            balanced_setup=self.balanced_setup,
        )


@dataclass
class GameSummary:
    seed: int
    ai_side: str
    ai_won: bool
    draw: bool
    reason: str
    rating: str
    score: int  # the human's, at the end
    vp: int
    turns: int
    scorings: int
    seconds: float
    difficulty: str = "normal"
    # (turn, VP, DEFCON) at the end of each turn and at the game's end
    track: list[tuple[int, int, int]] = field(default_factory=list)
    ai_plays: dict[str, list[int]] = field(default_factory=dict)  # how -> cards
    violations: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@lru_cache(maxsize=4)
def rules_for(directory: str | None) -> Ruleset:
    """One load per process and rules directory."""
    return load_ruleset(directory)


def providers(spec: GameSpec, ai: Side, *, keep: bool = False) -> dict[Actor, ChoiceProvider]:
    """The game's seating (compose.standard_providers): the AI (keeping each decision's trace
    with `keep`), the stand-in `spec.human`, chance seeded by the game's seed."""
    return standard_providers(ai, spec.seed, human=spec.human, keep=keep)


def play(spec: GameSpec) -> GameSummary:
    return played(spec, None)


def play_logged(spec: GameSpec) -> tuple[GameSummary, list[str]]:
    """The game and its log: JSON Lines, every answer with the AI's reasons (sim/gamelog.py)."""
    log = GameLog()
    summary = played(spec, log)
    log.end(summary.to_dict())
    return summary, log.lines()


@dataclass
class GameFailure:
    """A game that raised: its seed, its settings and the traceback, kept so that the run goes
    on and the game can be played again alone (`simulate --games 1 --seed S --ai-side SIDE`)."""

    seed: int
    ai_side: str
    settings: dict[str, Any]
    error: str
    traceback: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


Played = GameSummary | GameFailure


def attempt(spec: GameSpec) -> Played:
    """`play`, a game that raises recorded instead (a bug must not end a 10,000-game run)."""
    try:
        return play(spec)
    except Exception as exc:  # every failure is kept, with its traceback
        return failure(spec, exc)


def attempt_logged(spec: GameSpec) -> tuple[Played, list[str]]:
    """`play_logged`, a game that raises recorded instead (its log is the failure)."""
    try:
        return play_logged(spec)
    except Exception as exc:
        return failure(spec, exc), []


def failure(spec: GameSpec, exc: Exception) -> GameFailure:
    return GameFailure(
        seed=spec.seed,
        ai_side=spec.ai_side,
        settings=asdict(spec),
        error=f"{type(exc).__name__}: {exc}",
        traceback=traceback.format_exc(),
    )


def played(spec: GameSpec, log: GameLog | None) -> GameSummary:
    rules = rules_for(spec.rules_dir)
    ai = Side(spec.ai_side)
    options = spec.options()
    violations: list[str] = []
    track: list[tuple[int, int, int]] = []
    watchers: list[Observer] = [Track(track)]
    if spec.check:
        watchers.append(Invariants(ai, violations))
    chosen = providers(spec, ai, keep=log is not None)
    if log is not None:
        header = {"seed": spec.seed, "human": spec.human, "rules_digest": rules.digest}
        chosen = log.begin({**header, "options": options.to_dict()}, chosen)
        watchers.append(log)

    def observe(game: Game, step: str) -> None:
        for watch in watchers:
            watch(game, step)

    start = time.perf_counter()
    record = play_game(rules, options, chosen, observer=observe)
    seconds = time.perf_counter() - start
    if spec.check:
        violations += record_problems(rules, options, record)
    result = record.result
    return GameSummary(
        seed=spec.seed,
        ai_side=spec.ai_side,
        ai_won=result.winner is ai,
        draw=result.winner is None,
        reason=result.reason,
        rating=record.rating,
        score=record.score,
        vp=record.state.vp,
        turns=record.state.turn,
        scorings=record.state.scorings,
        seconds=seconds,
        difficulty=spec.difficulty,
        track=track,
        ai_plays=ai_plays(record, ai),
        violations=violations,
    )


class Track:
    """VP and DEFCON at each turn's end, for the report's track by turn."""

    def __init__(self, points: list[tuple[int, int, int]]) -> None:
        self.points = points

    def __call__(self, game: Game, step: str) -> None:
        if step in ("turn_end", "end"):
            state, turn = game.state, turn_of(game.state, step)
            if not self.points or self.points[-1][0] != turn:
                self.points.append((turn, state.vp, state.defcon))


def ai_plays(record: GameRecord, ai: Side) -> dict[str, list[int]]:
    """Each card the AI played in an action round, by how: event, ops, space_race."""
    plays: dict[str, list[int]] = {"event": [], "ops": [], "space_race": []}
    revealed: int | None = None
    hand = f"hand_{ai.value}"
    for r in record.log:
        if isinstance(r, CardMove) and r.source == hand and r.target == "table":
            revealed = r.card
        elif isinstance(r, Answered) and r.actor == ai.value and r.kind == "play":
            if revealed is not None and str(r.answer) in plays:
                plays[str(r.answer)].append(revealed)
            revealed = None
    return plays
