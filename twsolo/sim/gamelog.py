"""A simulated game's log (`twsolo simulate --log DIR`): one JSON Lines file per game, read back
by `twsolo replay`.

Lines, each a JSON object with a `type`:
- `header` (first): the format and version, the seed, the stand-in, the options, the rules
  digest, and a note that the log shows everything;
- `answer`: turn, action round, actor, kind, answer; `event` and `key` on an event's question
  (the appendix's `resolve` names it so); `trace` (the AI's decision steps, design principle 4)
  on the AI's answers; `face_down` on a card dealt face down;
- `state`: the position's summary after the headline, each side's action, a Scoring Round, the
  turn's end and the game's end;
- `result` (last): the game's summary (sim/games.py GameSummary).

No player sits at a simulated table, so the log names every card, those dealt face down
included: it is for appendix editors. A player's own history (`history`) never shows them."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from twsolo.ai.bot import Bot
from twsolo.engine.board import controlled
from twsolo.engine.choices import Actor, Answer, Choice, ChoiceProvider
from twsolo.engine.game import Game
from twsolo.engine.state import GameState
from twsolo.errors import TwsoloError
from twsolo.ids import Side
from twsolo.ruleset import Ruleset
from twsolo.solo.regions import primary_region, secondary_region

FORMAT = "twsolo-gamelog"
VERSION = 1
NOTE = (
    "A simulation log for appendix editors: no player sat at this table, so it names every "
    "card, the cards dealt face down included (a player's own history never does)."
)
FACE_DOWN = frozenset({"deal"})  # chance names a card dealt face down (as cli/render.HIDDEN_KINDS)
STATE_STEPS = frozenset({"headline", "action", "scoring", "turn_end", "end"})


class GameLog:
    """Collects the log while the game is played: it wraps the providers (answers and the
    AI's traces) and observes the turn flow (the state summaries)."""

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []

    def begin(
        self, header: Mapping[str, Any], providers: Mapping[Actor, ChoiceProvider]
    ) -> dict[Actor, ChoiceProvider]:
        """Start the log; the providers to play with, each answer recorded."""
        self.entries.append(
            {"type": "header", "format": FORMAT, "version": VERSION, "note": NOTE, **header}
        )
        return {actor: Recording(self, provider) for actor, provider in providers.items()}

    def answered(self, game: Game, choice: Choice, answer: Answer, provider: object) -> None:
        state = game.state
        entry: dict[str, Any] = {
            "type": "answer",
            "turn": state.turn,
            "ar": state.action_round,
            "actor": str(choice.actor),
            "kind": choice.kind,
            "answer": answer,
        }
        if choice.event is not None:  # the appendix names an event's questions by key
            entry["event"], entry["key"] = choice.event, choice.key
        if choice.kind in FACE_DOWN:
            entry["face_down"] = True
        if isinstance(provider, Bot) and provider.keep and provider.decisions:
            entry["trace"] = [step.to_dict() for step in provider.decisions.pop().steps]
        self.entries.append(entry)

    def __call__(self, game: Game, step: str) -> None:
        if step in STATE_STEPS:
            entry = {"type": "state", "step": step, **summary(game.state, game.rules)}
            entry["turn"] = turn_of(game.state, step)
            self.entries.append(entry)

    def end(self, result: Mapping[str, Any]) -> None:
        self.entries.append({"type": "result", **result})

    def lines(self) -> list[str]:
        # default=str: a trace's figures may hold numpy integers
        return [json.dumps(entry, default=str) for entry in self.entries]


class Recording:
    """A provider that logs each answer it gives."""

    def __init__(self, log: GameLog, inner: ChoiceProvider) -> None:
        self.log = log
        self.inner = inner

    def choose(self, game: Game, choice: Choice) -> Answer:
        answer = self.inner.choose(game, choice)
        self.log.answered(game, choice, answer, self.inner)
        return answer


def turn_of(state: GameState, step: str) -> int:
    """The turn a step of the flow belongs to: at "turn_end" the marker has already moved on
    (spec §19 H)."""
    return state.turn - 1 if step == "turn_end" else state.turn


def summary(state: GameState, rules: Ruleset) -> dict[str, Any]:
    """The position in a few numbers: tracks, control, regions, cards in hand."""
    control = {side.value: controlled(state, rules, side) for side in Side}
    return {
        "turn": state.turn,
        "ar": state.action_round,
        "vp": state.vp,
        "defcon": state.defcon,
        "milops": list(map(int, state.milops)),
        "space": list(map(int, state.space)),
        "china": state.china_holder.value,
        "controlled": {side: int(c.sum()) for side, c in control.items()},
        "battlegrounds": {side: int((c & rules.battleground).sum()) for side, c in control.items()},
        "primary": primary_region(state, rules),
        "secondary": secondary_region(state, rules),
        "hands": {side.value: len(state.piles[f"hand_{side.value}"]) for side in Side},
    }


def file_name(seed: int, ai_side: str) -> str:
    return f"game-{seed:06d}-ai-{ai_side}.jsonl"


def write_log(directory: Path, seed: int, ai_side: str, lines: list[str]) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / file_name(seed, ai_side)
    part = path.with_name(path.name + ".part")  # a file under its name is a whole game
    part.write_text("\n".join(lines) + "\n", encoding="utf-8")
    part.replace(path)
    return path


def read_log(path: Path) -> list[dict[str, Any]]:
    """The entries of a log file, the header first; a clear error for anything else."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TwsoloError(f"cannot read {path}: {exc}") from None
    entries: list[dict[str, Any]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError as exc:
            raise TwsoloError(f"{path}:{number}: not JSON ({exc.msg})") from None
        if not isinstance(entry, dict) or "type" not in entry:
            raise TwsoloError(f"{path}:{number}: not a game log entry (an object with a type)")
        entries.append(entry)
    if not entries or entries[0]["type"] != "header" or entries[0].get("format") != FORMAT:
        raise TwsoloError(f"{path}: not a twsolo game log (its first line is no {FORMAT} header)")
    if entries[0].get("version", 0) > VERSION:
        raise TwsoloError(
            f"{path}: game log version {entries[0]['version']} is newer than this twsolo reads "
            f"({VERSION})"
        )
    return entries
