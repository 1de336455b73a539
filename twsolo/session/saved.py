"""A saved game read without playing it (`twsolo show`, `twsolo list`), and the checks that
opening a game shares with them: state.json is a cache of the position, used when it is valid
and up to date, rebuilt from the journal otherwise; a journal shorter than the cache says it was
cut short, and that is reported, never taken as the game."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from twsolo.errors import TwsoloError
from twsolo.persist.folders import JOURNAL
from twsolo.persist.lock import holder
from twsolo.persist.savefile import (
    STATE,
    Entry,
    Header,
    SaveDir,
    SaveError,
    SaveWriteError,
    Snapshot,
)
from twsolo.phrases import say
from twsolo.ruleset import Ruleset
from twsolo.session.journal_replay import Position

if TYPE_CHECKING:
    from twsolo.session.journal_replay import ReplayMismatch


@dataclass
class SavedGame:
    header: Header
    position: Position
    result: dict[str, Any] | None  # GameRecord.summary() when the game is over
    notes: list[str] = field(default_factory=list)
    playing: int | None = None  # the process that plays it now (0: unknown), if any


def cached_snapshot(
    rules: Ruleset, save: SaveDir, entries: list[Entry], notes: list[str]
) -> Snapshot | None:
    """state.json if it is valid (a note says why not, otherwise). SaveError when it was
    written after more entries than the journal holds: answers were lost."""
    try:
        snapshot = save.snapshot(rules)
    except SaveError as exc:
        notes.append(say("session.cache_rebuilt", problem=exc))
        return None
    if snapshot is not None and snapshot.entries > len(entries):
        lost = snapshot.entries - len(entries)
        raise SaveError(
            say(
                "session.journal_cut_short",
                path=save.path / JOURNAL,
                entries=len(entries),
                saved=snapshot.entries,
                lost=lost,
                journal=JOURNAL,
                state=STATE,
            )
        )
    return snapshot


def mismatch(save: SaveDir, exc: ReplayMismatch, header: Header) -> SaveError:
    """A journal entry that does not fit the game, as the player reads it."""
    where = f"{save.path / JOURNAL}:{exc.index + 1}"
    if header.schema_version < 2:
        # Save format 1 predates the face-down deals (docs/decisions.md §3) and the AI's
        # questions by name: its answers were recorded for another sequence of questions.
        version = header.twsolo_version
        return SaveError(
            say("session.mismatch.format_1", where=where, problem=exc, version=version)
        )
    return SaveError(say("session.mismatch", where=where, problem=exc))


def read_saved(rules: Ruleset, save: SaveDir) -> SavedGame:
    """The game as saved: its header and position. SaveError names what is damaged, and also
    any other error met while reading it (a defect of twsolo), so one save that cannot be read
    never stops `list` reading the others (issue #39)."""
    try:
        return _read_saved(rules, save)
    except TwsoloError:
        raise
    except Exception as exc:  # any defect, reported for this save alone
        error = f"{type(exc).__name__}: {exc}"
        raise SaveError(say("session.unreadable", path=save.path, error=error)) from exc


def _read_saved(rules: Ruleset, save: SaveDir) -> SavedGame:
    """read_saved's work. A game another process plays is read from its cache (written
    whenever the game waits for an answer), not from a journal that may be half-way through a
    line."""
    header = save.header(rules)
    notes: list[str] = []
    playing = holder(save.path)
    if playing is not None:
        try:
            snapshot = save.snapshot(rules)
        except SaveError:
            snapshot = None
        if snapshot is not None:
            position = Position(snapshot.state, snapshot.primary, snapshot.secondary)
            notes.append(say("session.being_played"))
            return SavedGame(header, position, snapshot.result, notes, playing)
    entries = save.entries(rules, header)
    snapshot = cached_snapshot(rules, save, entries, notes)
    if snapshot is not None and snapshot.entries == len(entries):
        position = Position(snapshot.state, snapshot.primary, snapshot.secondary)
        return SavedGame(header, position, snapshot.result, notes, playing)
    # The turn flow is loaded only to rebuild a position (`show` of a cached one needs none).
    from twsolo.session.journal_replay import ReplayMismatch, position_after

    try:
        position = position_after(
            rules, header.solo_options, header.start, entries, table=header.table
        )
    except ReplayMismatch as exc:
        raise mismatch(save, exc, header) from None
    result = position.record.summary() if position.record else None
    if playing is None:  # the cache, rewritten: the next `list` reads it instead of replaying
        with contextlib.suppress(SaveWriteError):  # a read-only save is read all the same
            save.write_snapshot(
                Snapshot(position.state, position.primary, position.secondary, len(entries), result)
            )
    return SavedGame(header, position, result, notes, playing)
