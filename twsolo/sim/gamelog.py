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
- `result` (last): the game's summary (sim/runs.py GameSummary).

No player sits at a simulated table, so the log names every card, those dealt face down
included: it is for appendix editors. A player's own history (`history`) never shows them."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from twsolo.ai.bot import Bot
from twsolo.engine.board import controlled
from twsolo.engine.choices import KINDS, Actor, Answer, Choice, ChoiceProvider
from twsolo.engine.game import Game
from twsolo.engine.state import GameState, area_of, hand_of
from twsolo.errors import TwsoloError
from twsolo.files.bounded import MIB, UnreadableFile, has_control, read_text
from twsolo.files.output import atomic_write_text
from twsolo.ids import CHINA_CARD, Side
from twsolo.persist import save_fields
from twsolo.persist.save_fields import Fields, Invalid
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
        "china": china_place(state),
        "controlled": {side: int(c.sum()) for side, c in control.items()},
        "battlegrounds": {side: int((c & rules.battleground).sum()) for side, c in control.items()},
        "primary": primary_region(state, rules),
        "secondary": secondary_region(state, rules),
        "hands": {side.value: len(state.piles[f"hand_{side.value}"]) for side in Side},
    }


def china_place(state: GameState) -> str:
    """Who holds the China Card (`us`, `ussr`); while it is played it lies on the table, held
    by no one (spec §14), and its pile is named instead."""
    for side in Side:
        if CHINA_CARD in state.piles[area_of(side)] or CHINA_CARD in state.piles[hand_of(side)]:
            return side.value
    return state.where(CHINA_CARD)


def file_name(seed: int, ai_side: str) -> str:
    return f"game-{seed:06d}-ai-{ai_side}.jsonl"


def write_log(directory: Path, seed: int, ai_side: str, lines: list[str]) -> Path:
    """The game's file, written under a temporary name and renamed: a file under its name is a
    whole game, and a link planted in the folder is refused, never written through."""
    path = directory / file_name(seed, ai_side)
    atomic_write_text(path, "\n".join(lines) + "\n", durable=False)
    return path


LOG_LIMIT = 64 * MIB  # a game's log with every trace is about 1 MiB
LINE_LIMIT = 4 * MIB
TEXT_LIMIT = 10_000


def read_log(path: Path) -> list[dict[str, Any]]:
    """The entries of a log file, the header first, each field that `replay` prints checked;
    anything else is an error naming the file, the line and the field."""
    try:
        text = read_text(path, LOG_LIMIT)
    except UnreadableFile as exc:
        raise TwsoloError(f"{path}: {exc}") from None
    entries: list[dict[str, Any]] = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        if len(line) > LINE_LIMIT:
            raise TwsoloError(f"{where}: a line of {len(line)} characters")
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            raise TwsoloError(f"{where}: not JSON ({exc.msg})") from None
        except (ValueError, RecursionError):
            raise TwsoloError(f"{where}: not JSON (a value too large or nested too deep)") from None
        try:
            entries.append(checked_entry(raw, first=not entries))
        except Invalid as exc:
            raise TwsoloError(f"{where}: {exc}") from None
    if not entries:
        raise TwsoloError(f"{path}: not a twsolo game log (it is empty)")
    return entries


def checked_entry(raw: Any, *, first: bool) -> dict[str, Any]:
    """One log line, its fields checked by its type (the first must be the header)."""
    fields = Fields(raw)
    kind = fields.string("type", ("header", "answer", "state", "result"))
    if first != (kind == "header"):
        if first:
            raise Invalid("type", f"not a twsolo game log (its first line is no {FORMAT} header)")
        raise Invalid("type", "a second header")
    CHECKS[kind](fields)
    return fields.raw


def _header(fields: Fields) -> None:
    if fields.raw.get("format") != FORMAT:
        raise Invalid("format", f"not a twsolo game log (expected {FORMAT!r})")
    version = fields.value("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise Invalid("version", f"{version} is newer than this twsolo reads ({VERSION})")
    fields.integer("version", 1, VERSION)
    fields.only(("type", "format", "version"), ("note", "seed", "human", "rules_digest", "options"))
    for key in ("note", "human", "rules_digest"):
        if key in fields.raw:
            text(fields, key)
    if "seed" in fields.raw:
        fields.integer("seed", -(2**63), 2**63 - 1)
    if "options" in fields.raw:
        options = fields.object("options")
        if options.raw.get("ai_side") is not None:
            options.string("ai_side", save_fields.SIDES)
        if "difficulty" in options.raw:
            options.string("difficulty")


def _answer(fields: Fields) -> None:
    fields.only(
        ("type", "turn", "ar", "actor", "kind", "answer"), ("event", "key", "face_down", "trace")
    )
    fields.integer("turn", 0, 11)
    fields.integer("ar", 0, 9)
    fields.string("actor", save_fields.ACTORS)
    fields.string("kind", KINDS)
    save_fields.answer(fields.value("answer"), "answer")
    if fields.raw.get("event") is not None:
        fields.integer("event", 1, 999)
    if "key" in fields.raw:
        text(fields, "key")
    if "face_down" in fields.raw:
        fields.boolean("face_down")
    if "trace" in fields.raw:
        for i, step in enumerate(fields.list("trace", 0, 1000)):
            _step(Fields(step, f"trace[{i}]"))


def _step(fields: Fields) -> None:
    fields.only(("rule",), ("chosen", "candidates", "why", "figures"))
    text(fields, "rule")
    if "why" in fields.raw:
        text(fields, "why")
    if "candidates" in fields.raw:
        fields.list("candidates", 0, 10_000)
    if "figures" in fields.raw:
        fields.object("figures")


def _state(fields: Fields) -> None:
    fields.string("step", STATE_STEPS)
    fields.integer("turn", 0, 11)
    fields.integer("vp", -999, 999)
    fields.integer("defcon", 0, 5)
    for key in ("milops", "space"):
        for i, value in enumerate(fields.list(key, 2, 2)):
            save_fields.integer(value, f"{key}[{i}]", 0, 99)
    for key in ("controlled", "battlegrounds"):
        counts = fields.object(key).only(save_fields.SIDES)
        for side in save_fields.SIDES:
            counts.integer(side, 0, 999)


def _result(fields: Fields) -> None:
    for key in ("ai_won", "draw"):
        fields.boolean(key)
    for key in ("reason", "rating"):
        text(fields, key)
    fields.integer("vp", -999, 999)
    fields.integer("turns", 0, 11)


CHECKS = {"header": _header, "answer": _answer, "state": _state, "result": _result}


def text(fields: Fields, key: str) -> str:
    """A field of free text (a reason, a note): a string of printable characters."""
    value = fields.value(key)
    if not isinstance(value, str) or len(value) > TEXT_LIMIT or has_control(value):
        raise Invalid(fields.name(key), f"expected a line of text, got {save_fields.shown(value)}")
    return value
