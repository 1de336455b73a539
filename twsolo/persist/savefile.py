"""A saved game: `game.json` (the header, written once, atomically), `journal.jsonl` (one entry
per answer or correction, appended and fsynced), `state.json` (a cache of the position, for
`show` and `list`).

Every file is read through the bounded reader and checked field by field (save_fields.py). A damaged
or newer header or journal is reported with its file, line and field and what the player can
do, and never overwritten; the only repairs are explicit (`--drop-torn-line`) or harmless (a
missing newline after a complete last line, leftover temporary files). A damaged state.json is
only a stale cache: the position is rebuilt from the journal. A disk that refuses a write (full,
read-only) is an error that names the file and leaves the journal whole.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shlex
import shutil
import tempfile
import time
from dataclasses import asdict, dataclass, field
from dataclasses import fields as dataclass_fields
from pathlib import Path
from typing import Any

from twsolo.engine.adjust import Adjustment
from twsolo.engine.choices import KINDS
from twsolo.engine.state import GameState
from twsolo.errors import TwsoloError
from twsolo.files.bounded import MIB, UnreadableFile, read_text
from twsolo.files.output import atomic_write_text, fsync_dir
from twsolo.ids import Side
from twsolo.persist import save_fields
from twsolo.persist.atomic import append_line_durable, end_with_newline
from twsolo.persist.folders import HEADER, JOURNAL, game_folders, play_command
from twsolo.persist.lock import LOCK, SaveLock
from twsolo.persist.save_fields import Fields, Invalid
from twsolo.ruleset import Ruleset
from twsolo.solo.options import DICE_CHOICES, SoloOptions

FORMAT = "twsolo-save"
# 2: the journal's first line is a `start` mark, so an emptied journal is damage, not a new
# game. Version 1 saves are read as they are (their empty journal is a game not yet begun).
SCHEMA_VERSION = 2
STATE = "state.json"
BACKUP = JOURNAL + ".bak"
FILES = (LOCK, HEADER, JOURNAL, BACKUP, STATE)
LEFTOVER = ".new-"  # a game being created (SaveDir.create)
LEFTOVER_AGE = 60.0  # seconds: older, it is the leftover of a `new` that was killed
ENTRY_TYPES = ("answer", "adjust", "mark")
MODES = ("digital", "table")
DICE = ("auto", "manual")
HEADER_LIMIT = 1 * MIB  # a header with a scenario's position is about 10 KiB
STATE_LIMIT = 1 * MIB
JOURNAL_LIMIT = 64 * MIB  # a whole game's journal is under 1 MiB
LINE_LIMIT = 64 * 1024


class SaveError(TwsoloError):
    """A save that cannot be read as it is; `torn` when only the last journal line is broken."""

    def __init__(self, message: str, *, torn: bool = False) -> None:
        super().__init__(message)
        self.torn = torn


class GameExists(SaveError):
    """`new` of a name that is taken."""


class SaveWriteError(TwsoloError):
    """The disk refused a write (full, read-only, an I/O error)."""


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

    @property
    def solo_options(self) -> SoloOptions:
        return SoloOptions.from_dict(self.options)

    @property
    def start(self) -> GameState | None:
        return GameState.from_dict(self.scenario) if self.scenario else None

    @property
    def table(self) -> bool:
        """Played at the table: nobody knows the cards dealt face down (no dealer)."""
        return self.mode == "table"


@dataclass
class Entry:
    """One journal line. `answer`: a question answered (actor, kind, answer). `adjust`: a fact
    corrected by the player (`data`: engine/adjust.py's Adjustment, and the value before it).
    `mark`: a note in the history (`start`: the journal's first line; `takeback`)."""

    type: str
    actor: str = ""
    kind: str = ""
    answer: Any = None
    data: dict[str, Any] = field(default_factory=dict)
    turn: int = 0
    action_round: int = 0

    def to_json(self, seq: int) -> str:
        return json.dumps({"seq": seq, **asdict(self)}, sort_keys=True)

    @property
    def is_start(self) -> bool:
        return self.type == "mark" and "start" in self.data

    @property
    def adjustment(self) -> Adjustment:
        data = self.data
        side = data.get("side")
        return Adjustment(
            what=data["what"],
            value=data["value"],
            side=Side(side) if side else None,
            country=data.get("country"),
        )


# A journal line's fields: its place, then the Entry's own (the reader takes exactly these).
ENTRY_KEYS = ("seq", *(f.name for f in dataclass_fields(Entry)))


def journal_line(entry: Entry, seq: int, rules: Ruleset) -> str:
    """The entry as its journal line, read back first through the journal's reader: twsolo
    never writes an entry it would call damage at the next resume (a question kind missing from
    engine/choices.py KINDS is refused here, while the game so far is still whole)."""
    line = entry.to_json(seq)
    try:
        _entry(json.loads(line), seq, rules)
    except Invalid as exc:
        raise TwsoloError(
            f"internal: twsolo would record an entry it cannot read back ({exc}); it was not "
            "saved (nor used), every earlier answer is. Please report this."
        ) from None
    return line


@dataclass
class Snapshot:
    """state.json: the position after the journal's first `entries` entries."""

    state: GameState
    primary: str | None
    secondary: str | None
    entries: int
    result: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "state": self.state.to_dict(),
            "primary": self.primary,
            "secondary": self.secondary,
            "entries": self.entries,
            "result": self.result,
        }


class SaveDir:
    def __init__(self, path: Path) -> None:
        self.path = path

    @property
    def name(self) -> str:
        return self.path.name

    def exists(self) -> bool:
        return (self.path / HEADER).exists()

    def lock(self) -> SaveLock:
        return SaveLock(self.path)

    # ---------------------------------------------------------------- creating
    def create(self, header: Header) -> None:
        """The folder, its header and a journal holding the start mark, built under a
        temporary name and renamed: the game appears complete or not at all (a `kill -9`
        leaves only a `.new-*` folder, which `list` reports and a later `new` removes)."""
        begins = header.scenario or {"turn": 1, "action_round": 0}
        start = Entry(
            "mark", data={"start": True}, turn=begins["turn"], action_round=begins["action_round"]
        )
        parent = self.path.parent
        self._refuse_existing()
        try:
            if not parent.is_dir():
                parent.mkdir(parents=True)
            remove_leftovers(parent)
            staging = Path(tempfile.mkdtemp(dir=parent, prefix=f"{LEFTOVER}{self.name}."))
        except OSError as exc:
            raise SaveWriteError(
                f"cannot create {self.path}: {exc.strerror or exc}. Nothing was created; choose "
                "a writable place with --home or $TWSOLO_HOME."
            ) from None
        try:
            umask = os.umask(0)  # mkdtemp's folder is private: give it mkdir's mode
            os.umask(umask)
            os.chmod(staging, 0o777 & ~umask)
            atomic_write_text(
                staging / HEADER, json.dumps(header.to_dict(), indent=2, sort_keys=True)
            )
            append_line_durable(staging / JOURNAL, start.to_json(0))
            os.rename(staging, self.path)  # fails on a folder that is not empty: never a clash
        except OSError as exc:
            shutil.rmtree(staging, ignore_errors=True)
            if isinstance(exc, FileExistsError) or exc.errno == errno.ENOTEMPTY:
                self._refuse_existing()
                raise GameExists(f"a game named {self.name!r} already exists in {parent}") from None
            raise SaveWriteError(
                f"cannot write in {parent}: {exc.strerror or exc}. Nothing was created; free "
                "some space (or choose a writable place with --home) and start again."
            ) from None
        fsync_dir(parent)

    def _refuse_existing(self) -> None:
        if self.exists():
            raise GameExists(f"a game named {self.name!r} already exists in {self.path.parent}")
        if os.path.lexists(self.path):
            raise GameExists(
                f"{self.path} already exists and holds no game (a folder left by an earlier "
                f"twsolo?): choose another --name, or remove it with `rm -r -- "
                f"{shlex.quote(str(self.path))}`"
            )

    def refuse_links(self) -> None:
        """A game folder, or a file of it, that is a symbolic link is refused: twsolo would
        read or write the file it points to, outside the saves."""
        for path in (self.path, *(self.path / name for name in FILES)):
            if path.is_symlink():
                raise SaveError(
                    f"{path} is a symbolic link: refused (twsolo never reads or writes a save "
                    "through a link; a save folder from someone else may carry links to your "
                    "files). The save was left untouched: replace the link by the file itself."
                )

    # ---------------------------------------------------------------- reading
    def _read(self, name: str, limit: int) -> str:
        path = self.path / name
        try:
            return read_text(path, limit, follow=False)
        except UnreadableFile as exc:
            raise SaveError(f"{path}: {exc}; the save was left untouched") from None

    def header(self, rules: Ruleset) -> Header:
        path = self.path / HEADER
        self.refuse_links()
        if not path.exists():
            raise SaveError(f"{path}: no such saved game")
        text = self._read(HEADER, HEADER_LIMIT)
        advice = f"Restore {HEADER} from a backup; the save was left untouched."
        try:
            return _header(_json(text), rules)
        except Invalid as exc:
            raise SaveError(f"{path}: {exc}. {advice}") from None
        except _NotJSON as exc:
            raise SaveError(f"{path}: not JSON ({exc}). {advice}") from None

    def entries(self, rules: Ruleset, header: Header, name: str = JOURNAL) -> list[Entry]:
        """Every journal entry (of `name`: the journal or its backup), each checked. A last line
        cut short by a crash raises SaveError(torn=True); any other damage is reported, never
        repaired."""
        path = self.path / name
        if not path.exists():
            raise SaveError(f"{path}: the journal is missing; the save was left untouched")
        text = self._read(name, JOURNAL_LIMIT)
        lines = text.split("\n")
        if lines[-1] == "":
            lines.pop()  # the newline that ends the last line
        whole = text.endswith("\n")
        out: list[Entry] = []
        for number, line in enumerate(lines, 1):
            where = f"{path}:{number}"
            try:
                out.append(_entry(_json(line, LINE_LIMIT), number - 1, rules))
            except _NotJSON as exc:
                if number == len(lines) and not whole:
                    raise SaveError(
                        f"{where}: the last journal line is incomplete (an interrupted write). "
                        f"`{play_command(self.name, option='--drop-torn-line')}` drops it and "
                        f"keeps {JOURNAL}.bak; the save was left untouched.",
                        torn=True,
                    ) from None
                raise SaveError(f"{where}: not a journal entry ({exc}). {_ADVICE}") from None
            except Invalid as exc:
                raise SaveError(f"{where}: {exc}. {_ADVICE}") from None
        self._check_marks(out, header, path)
        return out

    def _check_marks(self, entries: list[Entry], header: Header, path: Path) -> None:
        if header.schema_version < 2:
            return
        if not entries:
            raise SaveError(
                f"{path}: the journal is empty: every answer of this game is lost (its first "
                "line, written when the game was created, is gone too). The save was left "
                "untouched: restore the journal from a backup, or start a new game."
            )
        if not entries[0].is_start:
            raise SaveError(
                f"{path}:1: the journal's first line is not the game's start: its beginning is "
                f"lost. {_ADVICE}"
            )
        later = next((i for i, e in enumerate(entries[1:], 2) if e.is_start), None)
        if later is not None:
            raise SaveError(f"{path}:{later}: a second start of the game. {_ADVICE}")

    def snapshot(self, rules: Ruleset) -> Snapshot | None:
        """state.json, if it holds a valid position. SaveError says what is wrong with it
        (the caller rebuilds the position from the journal); None when there is none."""
        path = self.path / STATE
        if not path.exists():
            return None
        try:
            raw = _json(self._read(STATE, STATE_LIMIT))
            fields = Fields(raw).only(("state", "primary", "secondary", "entries", "result"))
            primary, secondary = save_fields.regions(fields)
            return Snapshot(
                state=save_fields.game_state(fields.object("state"), rules),
                primary=primary,
                secondary=secondary,
                entries=fields.integer("entries", 0, 10_000_000),
                result=None
                if fields.value("result") is None
                else save_fields.result_summary(fields.object("result")),
            )
        except (Invalid, _NotJSON) as exc:
            raise SaveError(f"{path}: {exc}") from None

    # ---------------------------------------------------------------- writing (under the lock)
    def append(self, entry: Entry, seq: int, rules: Ruleset) -> None:
        line = journal_line(entry, seq, rules)
        try:
            append_line_durable(self.path / JOURNAL, line)
        except OSError as exc:
            raise SaveWriteError(
                f"cannot write {self.path / JOURNAL}: {exc.strerror or exc}. The last answer "
                "was not saved (nor used); every earlier one is. Free some space (or make the "
                f"folder writable), then `{play_command(self.name)}` asks it again."
            ) from None

    def rewrite(self, entries: list[Entry], rules: Ruleset) -> None:
        """Replace the journal (undo, rollback) atomically, keeping the one it replaces as
        journal.jsonl.bak (`restore_backup` brings it back). The position cache goes before the
        journal: a crash between the two leaves a journal and no cache, never a cache ahead
        of it."""
        text = "".join(journal_line(e, i, rules) + "\n" for i, e in enumerate(entries))
        try:
            atomic_write_text(self.path / BACKUP, self._read(JOURNAL, JOURNAL_LIMIT))
            with contextlib.suppress(FileNotFoundError):
                (self.path / STATE).unlink()
            atomic_write_text(self.path / JOURNAL, text)
        except OSError as exc:
            raise SaveWriteError(
                f"cannot write {self.path / JOURNAL}: {exc.strerror or exc}. Nothing was taken "
                "back; the journal is as it was."
            ) from None

    def write_snapshot(self, snapshot: Snapshot) -> None:
        try:
            atomic_write_text(self.path / STATE, json.dumps(snapshot.to_dict(), sort_keys=True))
        except OSError as exc:
            raise SaveWriteError(
                f"cannot write {self.path / STATE}: {exc.strerror or exc}. Every answer so far "
                f"is saved in the journal: free some space, then `{play_command(self.name)}` "
                "goes on from here."
            ) from None

    def drop_torn_line(self, rules: Ruleset, header: Header) -> int:
        """Keep journal.jsonl.bak and drop a torn last line; the entries that remain. A
        journal whose last line is whole is left as it is."""
        try:
            self.entries(rules, header)
        except SaveError as exc:
            if not exc.torn:
                raise
        else:
            raise SaveError(
                f"{self.path / JOURNAL}: no torn line to drop; the journal was left as it is"
            )
        path = self.path / JOURNAL
        text = self._read(JOURNAL, JOURNAL_LIMIT)
        kept = text[: text.rfind("\n") + 1]
        try:
            atomic_write_text(path.with_name(BACKUP), text)  # a link there: refused, never followed
            atomic_write_text(path, kept)
        except OSError as exc:
            raise SaveWriteError(f"cannot repair {path}: {exc.strerror or exc}") from None
        return kept.count("\n")

    def restore_backup(self, rules: Ruleset, header: Header) -> int:
        """Put journal.jsonl.bak (the journal before the last undo, rollback or dropped torn
        line) back in place, and the journal it replaces becomes the backup: restoring twice
        changes nothing. A missing or damaged backup is refused with the journal untouched.
        The entries the restored journal holds."""
        if not (self.path / BACKUP).exists():
            raise SaveError(
                f"{self.path / BACKUP}: no backup to restore (one is kept from the first undo, "
                "rollback or dropped torn line on); the journal was left as it is"
            )
        try:
            restored = self.entries(rules, header, BACKUP)
        except SaveError as exc:
            raise SaveError(f"the backup cannot be restored: {exc}") from None
        backup, current = self._read(BACKUP, JOURNAL_LIMIT), self._read(JOURNAL, JOURNAL_LIMIT)
        try:
            with contextlib.suppress(FileNotFoundError):
                (self.path / STATE).unlink()
            atomic_write_text(self.path / JOURNAL, backup)
            atomic_write_text(self.path / BACKUP, current)
        except OSError as exc:
            raise SaveWriteError(
                f"cannot restore {self.path / BACKUP}: {exc.strerror or exc}"
            ) from None
        return len(restored)

    def remove_temp_files(self) -> list[str]:
        """The temporary files an interrupted atomic write left behind (at the next start,
        under the lock, when no write of ours is under way)."""
        removed = []
        for tmp in sorted(self.path.glob(".*.tmp")):
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
            removed.append(tmp.name)
        return removed

    def end_last_line(self) -> bool:
        """Give a complete last journal line the newline it lacks (the next entry would be
        glued to it); whether one was missing. Call it once entries() has read the journal."""
        try:
            return end_with_newline(self.path / JOURNAL)
        except OSError as exc:
            raise SaveWriteError(
                f"cannot write {self.path / JOURNAL}: {exc.strerror or exc}. Its last line lacks "
                "its newline and the next answer could not be saved: make the file writable."
            ) from None


_ADVICE = (
    "The save was left untouched: restore journal.jsonl from a backup, or mend that line by "
    "hand (each line is one JSON entry), or start a new game."
)


class _NotJSON(Exception):
    pass


def _json(text: str, limit: int | None = None) -> Any:
    if limit is not None and len(text) > limit:
        raise _NotJSON(f"a line of {len(text)} characters")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise _NotJSON(exc.msg) from None
    except (ValueError, RecursionError):  # a number of thousands of digits; deep nesting
        raise _NotJSON("a value too large or nested too deep") from None


def _header(raw: Any, rules: Ruleset) -> Header:
    fields = Fields(raw)
    if raw.get("format") != FORMAT:
        raise Invalid("format", f"not a twsolo save (expected {FORMAT!r})")
    version = fields.value("schema_version")
    if isinstance(version, int) and not isinstance(version, bool) and version > SCHEMA_VERSION:
        raise Invalid(
            "schema_version",
            f"{version} is newer than this twsolo reads ({SCHEMA_VERSION}): upgrade twsolo",
        )
    fields.integer("schema_version", 1, SCHEMA_VERSION)
    keys = ["format", "schema_version", "name", "options", "seed", "mode", "dice"]
    keys += ["rules_digest", "twsolo_version", "created", "scenario"]
    fields.only(keys)
    options = fields.object("options")
    options.only(
        ("ai_side", "difficulty", "fast_deal", "optional_cards", "extra_influence_dice"),
        ("enhanced", "draft_cap", "balanced_setup"),
    )
    options.string("ai_side", save_fields.SIDES)
    options.string("difficulty", rules.setup.difficulty)
    options.boolean("fast_deal")
    options.boolean("optional_cards")
    if options.value("extra_influence_dice") is not None:
        options.integer("extra_influence_dice", min(DICE_CHOICES), max(DICE_CHOICES))
    if "enhanced" in options.raw:
        save_fields.enhanced(options)
    for flag in ("draft_cap", "balanced_setup"):
        if flag in options.raw:
            options.boolean(flag)
    scenario = None
    if fields.value("scenario") is not None:
        start = save_fields.game_state(fields.object("scenario"), rules)
        if start.ai_side is None or start.ai_side.value != options.raw["ai_side"]:
            raise Invalid("scenario.ai_side", "must be the AI's side of options.ai_side")
        scenario = raw["scenario"]
    return Header(
        name=fields.string("name"),
        options=options.raw,
        seed=fields.integer("seed", 0, 2**63 - 1),
        mode=fields.string("mode", MODES),
        dice=fields.string("dice", DICE),
        rules_digest=fields.string("rules_digest"),
        twsolo_version=fields.string("twsolo_version"),
        created=fields.string("created"),
        scenario=scenario,
        schema_version=raw["schema_version"],
    )


def _entry(raw: Any, seq: int, rules: Ruleset) -> Entry:
    fields = Fields(raw)
    fields.only(ENTRY_KEYS)
    if fields.value("seq") != seq:
        raise Invalid(
            "seq", f"expected {seq} (the line's place), got {save_fields.shown(raw['seq'])}"
        )
    kind = fields.string("type", ENTRY_TYPES)
    data = fields.object("data")
    entry = Entry(
        type=kind,
        turn=fields.integer("turn", 1, 10),
        action_round=fields.integer("action_round", 0, 8),
        data=data.raw,
    )
    if kind == "answer":
        entry.actor = fields.string("actor", save_fields.ACTORS)
        entry.kind = fields.string("kind", KINDS)
        entry.answer = save_fields.answer(fields.value("answer"), "answer")
        data.only(())
        return entry
    for key, empty in (("actor", ""), ("kind", ""), ("answer", None)):
        if fields.value(key) != empty:
            raise Invalid(key, f"a {kind} entry has none, got {save_fields.shown(raw[key])}")
    if kind == "adjust":
        save_fields.adjustment(data, rules)
    else:
        save_fields.mark(data)
    return entry


def leftovers(games: Path, age: float = LEFTOVER_AGE) -> list[Path]:
    """The folders of `new`s killed half-way (older than `age` seconds: a younger one may be a
    `new` under way)."""
    try:
        found = [p for p in games.iterdir() if p.name.startswith(LEFTOVER)]
    except OSError:
        return []
    now = time.time()
    old = []
    for path in found:
        with contextlib.suppress(OSError):
            if now - path.lstat().st_mtime > age:
                old.append(path)
    return sorted(old)


def remove_leftovers(games: Path) -> None:
    for path in leftovers(games):
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)


def list_games(root: Path) -> list[SaveDir]:
    """The games in `root`, the least recently played first."""
    return [SaveDir(p) for p in game_folders(root)]
