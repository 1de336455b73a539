"""A saved game: `game.json` (the header, written atomically), `journal.jsonl` (one entry per
answer or correction, appended and fsynced), `state.json` (the latest position, for `show`).

A damaged or newer save is reported with what is wrong and never overwritten. The only repair is
the explicit one for a torn last journal line (an interrupted write), which keeps a `.bak`.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from twsolo.errors import TwsoloError
from twsolo.persist.atomic import append_line_durable, atomic_write_text

FORMAT = "twsolo-save"
SCHEMA_VERSION = 1
HEADER = "game.json"
JOURNAL = "journal.jsonl"
STATE = "state.json"
ENTRY_TYPES = ("answer", "adjust", "mark")


class SaveError(TwsoloError):
    """A save that cannot be read as it is; `torn` when only the last journal line is broken."""

    def __init__(self, message: str, *, torn: bool = False) -> None:
        super().__init__(message)
        self.torn = torn


def home(explicit: str | os.PathLike[str] | None = None) -> Path:
    """$TWSOLO_HOME, else $XDG_DATA_HOME/twsolo, else ~/.local/share/twsolo."""
    if explicit:
        return Path(explicit)
    if env := os.environ.get("TWSOLO_HOME"):
        return Path(env)
    if xdg := os.environ.get("XDG_DATA_HOME"):
        return Path(xdg) / "twsolo"
    return Path.home() / ".local" / "share" / "twsolo"


@dataclass
class Header:
    name: str
    options: dict[str, Any]  # SoloOptions.to_dict()
    seed: int
    mode: str  # digital | table
    dice: str  # auto | manual
    rules_digest: str
    twsolo_version: str
    created: str
    scenario: dict[str, Any] | None = None  # the position a game started from (`new --from`)
    schema_version: int = SCHEMA_VERSION

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "schema_version": self.schema_version,
            "name": self.name,
            "options": self.options,
            "seed": self.seed,
            "mode": self.mode,
            "dice": self.dice,
            "rules_digest": self.rules_digest,
            "twsolo_version": self.twsolo_version,
            "created": self.created,
            "scenario": self.scenario,
        }


@dataclass
class Entry:
    """One journal line. `answer`: a question answered (actor, kind, answer). `adjust`: a fact
    corrected by the player (`data`). `mark`: a note in the history (a take-back, a resume)."""

    type: str
    actor: str = ""
    kind: str = ""
    answer: Any = None
    data: dict[str, Any] = field(default_factory=dict)
    turn: int = 0
    action_round: int = 0

    def to_json(self, seq: int) -> str:
        return json.dumps(
            {
                "seq": seq,
                "type": self.type,
                "actor": self.actor,
                "kind": self.kind,
                "answer": self.answer,
                "data": self.data,
                "turn": self.turn,
                "action_round": self.action_round,
            },
            sort_keys=True,
        )


class SaveDir:
    def __init__(self, path: Path) -> None:
        self.path = path

    @property
    def name(self) -> str:
        return self.path.name

    def exists(self) -> bool:
        return (self.path / HEADER).exists()

    def create(self, header: Header) -> None:
        if self.exists():
            raise SaveError(f"a game named {self.name!r} already exists in {self.path.parent}")
        self.path.mkdir(parents=True, exist_ok=True)
        atomic_write_text(
            self.path / HEADER, json.dumps(header.to_dict(), indent=2, sort_keys=True)
        )
        (self.path / JOURNAL).touch()

    # ---------------------------------------------------------------- reading
    def header(self) -> Header:
        path = self.path / HEADER
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise SaveError(f"{path}: no such saved game") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise SaveError(
                f"{path}: damaged header ({exc}); the save was left untouched"
            ) from None
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise SaveError(f"{path}: not a twsolo save (no format {FORMAT!r})")
        version = raw.get("schema_version")
        if not isinstance(version, int) or version > SCHEMA_VERSION:
            raise SaveError(
                f"{path}: save schema_version {version!r} is newer than this twsolo reads "
                f"({SCHEMA_VERSION}); upgrade twsolo. The save was left untouched."
            )
        try:
            return Header(
                name=str(raw["name"]),
                options=dict(raw["options"]),
                seed=int(raw["seed"]),
                mode=str(raw["mode"]),
                dice=str(raw["dice"]),
                rules_digest=str(raw["rules_digest"]),
                twsolo_version=str(raw["twsolo_version"]),
                created=str(raw["created"]),
                scenario=raw.get("scenario"),
                schema_version=version,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(
                f"{path}: damaged header (missing or bad {exc}); left untouched"
            ) from None

    def entries(self) -> list[Entry]:
        """Every journal entry. A broken last line (a torn write) raises SaveError(torn=True);
        a broken line before the end is damage: reported, never repaired."""
        path = self.path / JOURNAL
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SaveError(
                f"{path}: the journal is missing; the save was left untouched"
            ) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveError(f"{path}: unreadable journal ({exc}); left untouched") from None
        lines = text.split("\n")
        complete = text.endswith("\n") or text == ""
        if complete:
            lines = lines[:-1]
        out: list[Entry] = []
        for number, line in enumerate(lines, 1):
            last = number == len(lines)
            entry = _parse(line, number)
            if entry is None or (last and not complete):
                if last:
                    raise SaveError(
                        f"{path}:{number}: the last journal line is incomplete (an interrupted "
                        f"write). `twsolo play {self.name} --drop-torn-line` drops it and keeps "
                        f"{JOURNAL}.bak; the save was left untouched.",
                        torn=True,
                    )
                raise SaveError(
                    f"{path}:{number}: damaged journal line (of {len(lines)}); the save was "
                    "left untouched. Restore it from a backup or start a new game."
                )
            out.append(entry)
        return out

    # ---------------------------------------------------------------- writing
    def append(self, entry: Entry, seq: int) -> None:
        append_line_durable(self.path / JOURNAL, entry.to_json(seq))

    def rewrite(self, entries: list[Entry]) -> None:
        """Replace the journal (undo, rollback) atomically."""
        text = "".join(e.to_json(i) + "\n" for i, e in enumerate(entries))
        atomic_write_text(self.path / JOURNAL, text)

    def drop_torn_line(self) -> int:
        """Keep journal.jsonl.bak and drop the torn last line; the entries that remain."""
        path = self.path / JOURNAL
        text = path.read_text(encoding="utf-8")
        shutil.copyfile(path, path.with_name(JOURNAL + ".bak"))
        kept = text[: text.rfind("\n") + 1] if "\n" in text else ""
        atomic_write_text(path, kept)
        return kept.count("\n")

    def write_state(self, state: dict[str, Any]) -> None:
        atomic_write_text(self.path / STATE, json.dumps(state, sort_keys=True))

    def state(self) -> dict[str, Any] | None:
        try:
            data = json.loads((self.path / STATE).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            return None
        return data if isinstance(data, dict) else None


def _parse(line: str, number: int) -> Entry | None:
    try:
        raw = json.loads(line)
    except json.JSONDecodeError:
        return None
    if (
        not isinstance(raw, dict)
        or raw.get("type") not in ENTRY_TYPES
        or raw.get("seq") != number - 1
    ):
        return None
    return Entry(
        type=raw["type"],
        actor=str(raw.get("actor", "")),
        kind=str(raw.get("kind", "")),
        answer=raw.get("answer"),
        data=dict(raw.get("data") or {}),
        turn=int(raw.get("turn", 0)),
        action_round=int(raw.get("action_round", 0)),
    )


def list_games(root: Path) -> list[SaveDir]:
    games = root / "games"
    if not games.is_dir():
        return []
    return sorted(
        (SaveDir(p) for p in games.iterdir() if (p / HEADER).exists()),
        key=lambda s: (s.path / JOURNAL).stat().st_mtime if (s.path / JOURNAL).exists() else 0,
    )
