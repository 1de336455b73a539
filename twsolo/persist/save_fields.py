"""The save files' schema: every field of game.json, journal.jsonl and state.json read with its
type and range checked, so a damaged save is a message naming the field, never a traceback deep
in the engine and never a value taken silently.

`Fields` reads one JSON object; a problem raises `Invalid(field, problem)`, which savefile.py
turns into a message with the file, the line and what the player can do.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from twsolo.engine.adjust import (
    ADJUSTABLE,
    MAX_INFLUENCE,
    MAX_MILOPS,
    SIDED,
    Adjustment,
    AdjustmentRefused,
    check_adjustment,
)
from twsolo.engine.choices import CHANCE
from twsolo.engine.state import SCHEMA_VERSION as STATE_SCHEMA_VERSION
from twsolo.engine.state import STATE_FIELDS, Effect, GameState
from twsolo.ids import PILES, SCORING_REGIONS, Side
from twsolo.ruleset import Ruleset
from twsolo.ruleset.model import ENHANCED_SWITCHES

SIDES = tuple(s.value for s in Side)
ACTORS = (*SIDES, CHANCE)
MAX_TEXT = 200  # a reason, a name, a date: nothing in a save is longer
MAX_ANSWER_PARTS = 32  # a draft or bottom order lists a few cards


class Invalid(Exception):
    """A field that is missing, of the wrong type or out of range."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}" if field else problem)
        self.field = field
        self.problem = problem


def shown(value: object) -> str:
    """A JSON value as a message describes it (long values cut short)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        # JSON's integers stop at 4,300 digits (Python's int limit), so str() is safe here.
        digits = len(str(abs(value)))
        return f"the number {value}" if digits <= 30 else f"a number of {digits} digits"
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else f"{value[:20]!r}... ({len(value)} characters)"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


class Fields:
    """One JSON object's fields; `path` names it inside its file (`options`, `state.piles.draw`)."""

    def __init__(self, raw: object, path: str = "") -> None:
        if not isinstance(raw, dict):
            raise Invalid(path, f"expected an object, got {shown(raw)}")
        self.raw: dict[str, Any] = raw
        self.path = path

    def name(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def only(self, required: Collection[str], optional: Collection[str] = ()) -> Fields:
        """Refuse a missing field and a field this twsolo does not write."""
        for key in required:
            if key not in self.raw:
                raise Invalid(self.name(key), "missing")
        allowed = set(required) | set(optional)
        for key in self.raw:
            if key not in allowed:
                raise Invalid(self.name(str(key)), "unknown field")
        return self

    def value(self, key: str) -> Any:
        if key not in self.raw:
            raise Invalid(self.name(key), "missing")
        return self.raw[key]

    def integer(self, key: str, lo: int, hi: int) -> int:
        return integer(self.value(key), self.name(key), lo, hi)

    def string(self, key: str, choices: Collection[str] | None = None) -> str:
        return string(self.value(key), self.name(key), choices)

    def optional_string(self, key: str, choices: Collection[str] | None = None) -> str | None:
        value = self.value(key)
        return None if value is None else string(value, self.name(key), choices)

    def boolean(self, key: str) -> bool:
        value = self.value(key)
        if not isinstance(value, bool):
            raise Invalid(self.name(key), f"expected true or false, got {shown(value)}")
        return value

    def object(self, key: str) -> Fields:
        return Fields(self.value(key), self.name(key))

    def list(self, key: str, lo: int = 0, hi: int = 10_000) -> list[Any]:
        value = self.value(key)
        if not isinstance(value, list):
            raise Invalid(self.name(key), f"expected a list, got {shown(value)}")
        if not lo <= len(value) <= hi:
            count = f"{lo}" if lo == hi else f"{lo}–{hi}"
            raise Invalid(self.name(key), f"expected {count} elements, got {len(value)}")
        return value


def integer(value: object, name: str, lo: int, hi: int) -> int:
    # bool is an int in Python, not in a save.
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise Invalid(name, f"expected an integer {lo}–{hi}, got {shown(value)}")
    return value


def string(value: object, name: str, choices: Collection[str] | None = None) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT or not value.isprintable():
        raise Invalid(name, f"expected a line of text, got {shown(value)}")
    if choices is not None and value not in choices:
        listing = ", ".join(sorted(choices)[:12]) + (", ..." if len(choices) > 12 else "")
        raise Invalid(name, f"expected one of {listing}, got {shown(value)}")
    return value


# ---------------------------------------------------------------- journal entries
def answer(value: object, name: str) -> object:
    """An answer as JSON holds it: an integer, a word, or a list of them (a draft, an order).
    Whether it is legal is checked when the journal is replayed."""
    if isinstance(value, list):
        if len(value) > MAX_ANSWER_PARTS:
            raise Invalid(name, f"expected at most {MAX_ANSWER_PARTS} parts, got {len(value)}")
        for i, part in enumerate(value):
            if isinstance(part, list):
                raise Invalid(f"{name}[{i}]", "expected a number or a word, got a list")
            answer(part, f"{name}[{i}]")
        return value
    if isinstance(value, str):
        return string(value, name)
    return integer(value, name, -999, 999)


def adjustment(data: Fields, rules: Ruleset) -> Adjustment:
    """An `adjust` entry's data: the same checks as the `adjust` command."""
    what = data.string("what", ADJUSTABLE)
    keyed = ("side",) * (what in SIDED) + ("country",) * (what == "influence")
    data.only(("what", "value", "before", *keyed))
    change = Adjustment(
        what=what,
        value=data.integer("value", -999, 999),
        side=Side(data.string("side", SIDES)) if "side" in data.raw else None,
        country=data.string("country") if "country" in data.raw else None,
    )
    try:
        check_adjustment(rules, change)
        check_adjustment(rules, change.but(value=data.integer("before", -999, 999)))
    except AdjustmentRefused as exc:
        raise Invalid(data.path, str(exc)) from None
    return change


def mark(data: Fields) -> None:
    """A mark: the journal's first line (`start`) or a take-back (undo, rollback)."""
    if "start" in data.raw:
        data.only(("start",))
        if data.value("start") is not True:
            raise Invalid(data.name("start"), "expected true")
        return
    data.only(("takeback", "dropped"))
    data.string("takeback")
    data.integer("dropped", 1, 1_000_000)


# ---------------------------------------------------------------- the position (state.json)
def game_state(fields: Fields, rules: Ruleset) -> GameState:
    """A GameState's dict (engine/state.py `to_dict`) with every field checked, then the cards
    conserved (`GameState.card_problems`)."""
    optional = ("unseen", "enhanced")  # older saves have neither; seed-AI games no `enhanced`
    required = [f for f in STATE_FIELDS if f not in optional]
    fields.only(("schema_version", *required), optional)
    fields.integer("schema_version", STATE_SCHEMA_VERSION, STATE_SCHEMA_VERSION)
    rows = fields.list("influence", len(rules.countries), len(rules.countries))
    for i, row in enumerate(rows):
        name = f"{fields.name('influence')}[{i}]"
        if not isinstance(row, list) or len(row) != 2:
            raise Invalid(name, f"expected [US, USSR] influence, got {shown(row)}")
        for side, amount in zip(SIDES, row, strict=True):
            integer(amount, f"{name}.{side}", 0, MAX_INFLUENCE)
    fields.integer("vp", -99, 99)  # final scoring may carry it past 20
    fields.integer("defcon", 1, 5)
    fields.integer("turn", 1, 10)
    fields.integer("action_round", 0, 8)
    fields.string("phasing", SIDES)
    for key, hi in (("milops", MAX_MILOPS), ("space", len(rules.space)), ("space_attempts", 9)):
        for side, amount in zip(SIDES, fields.list(key, 2, 2), strict=True):
            integer(amount, f"{fields.name(key)}.{side}", 0, hi)
    for key in ("china_face_up", "scoring_round", "primary_scored"):
        fields.boolean(key)
    fields.integer("scoring_rounds_this_turn", 0, 8)
    fields.integer("scorings", 0, 99)
    fields.optional_string("ai_side", SIDES)
    if "enhanced" in fields.raw:
        enhanced(fields)
    if fields.value("result") is not None:
        result = fields.object("result").only(("winner", "reason"))
        result.optional_string("winner", SIDES)
        result.string("reason")
    effects = fields.list("effects", 0, 200)
    for i, raw in enumerate(effects):
        effect(raw, f"{fields.name('effects')}[{i}]", rules)
    piles = fields.object("piles").only(PILES)
    for name in PILES:
        pile(piles.object(name), rules)
    cards = len(rules.cards)
    if "unseen" in fields.raw:  # older saves have no face-down cards
        for i, card in enumerate(fields.list("unseen", 0, cards)):
            integer(card, f"{fields.name('unseen')}[{i}]", 1, cards)
    state = GameState.from_dict(fields.raw)
    problems = state.card_problems(cards)
    if problems:
        raise Invalid(piles.path, problems[0])
    return state


def pile(fields: Fields, rules: Ruleset) -> None:
    """A pile as engine/state.py `Pile.to_dict` writes it: its known cards, and how many it
    holds face down."""
    cards = len(rules.cards)
    fields.only(("shuffled", "bottom"), ("top", "unseen"))
    for part in ("shuffled", "bottom", "top"):
        if part in fields.raw:
            for i, card in enumerate(fields.list(part, 0, cards)):
                integer(card, f"{fields.name(part)}[{i}]", 1, cards)
    if "unseen" in fields.raw:
        fields.integer("unseen", 0, cards)


def effect(raw: object, name: str, rules: Ruleset) -> Effect:
    if not isinstance(raw, list) or len(raw) != 3:
        raise Invalid(name, f"expected [card, side, detail], got {shown(raw)}")
    integer(raw[0], f"{name}[0]", 1, len(rules.cards))
    if raw[1] is not None:
        string(raw[1], f"{name}[1]", SIDES)
    if not isinstance(raw[2], str) or len(raw[2]) > MAX_TEXT:
        raise Invalid(f"{name}[2]", f"expected a line of text, got {shown(raw[2])}")
    return Effect.from_list(raw)


def enhanced(fields: Fields) -> None:
    """The enhanced AI's switches in force (spec §25): known names, each once."""
    names = fields.list("enhanced", 0, len(ENHANCED_SWITCHES))
    for i, name in enumerate(names):
        string(name, f"{fields.name('enhanced')}[{i}]", ENHANCED_SWITCHES)
    if len(set(names)) != len(names):
        raise Invalid(fields.name("enhanced"), "a switch is named twice")


def regions(fields: Fields) -> tuple[str | None, str | None]:
    return (
        fields.optional_string("primary", SCORING_REGIONS),
        fields.optional_string("secondary", SCORING_REGIONS),
    )


def result_summary(fields: Fields) -> dict[str, Any]:
    """The game's result as `GameRecord.summary` writes it."""
    fields.only(("winner", "reason", "rating", "score", "difficulty", "options", "turn", "counts"))
    fields.optional_string("winner", SIDES)
    fields.string("reason")
    fields.string("rating")
    fields.integer("score", -99, 99)
    fields.string("difficulty")
    fields.object("options")
    fields.integer("turn", 1, 10)
    counts = fields.object("counts")
    for key in counts.raw:
        counts.integer(str(key), 0, 1_000_000)
    return fields.raw
