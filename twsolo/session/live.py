"""One game being played: its save (locked: one writer), the journal replayed into the turn flow
and every new answer appended (fsynced) before it is used, and what a player may do between
answers — undo, rollback, adjust, inspect, history. No terminal here: the CLI (cli/ingame.py)
asks the questions and prints.

Digital chance is seeded by the game's seed and the answer's number in the game (not its line in
the journal), so an interrupted game goes on as an uninterrupted one would, and a rollback replays
the same dice and draws.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from twsolo.ai.bot import Bot
from twsolo.engine.adjust import Adjustment, check_adjustment, current_value
from twsolo.engine.choices import CHANCE, Actor, Answer, Choice, ChoiceProvider
from twsolo.engine.game import Game
from twsolo.engine.records import Adjusted
from twsolo.engine.state import GameState
from twsolo.persist.savefile import Entry, SaveDir, SaveError, SaveWriteError, Snapshot
from twsolo.phrases import say
from twsolo.ruleset import Ruleset
from twsolo.session.journal_replay import Replay, ReplayMismatch, position_after, providers_of
from twsolo.session.saved import cached_snapshot, mismatch
from twsolo.solo import GameRecord, play_game
from twsolo.solo.regions import primary_region, secondary_region

# A rollback's TakeBack.why, kept in the journal's mark as data (cli/ingame.py's takeback_name
# puts it into words).
ROLLED_BACK_TO = "rollback to turn "


class Restart(Exception):
    """The journal was cut (undo, rollback): replay it from the start."""


@dataclass
class TakeBack:
    """What an undo or a rollback would take back: the entries from `index` on."""

    index: int
    why: str
    dropped: list[Entry]

    @property
    def chance(self) -> int:
        """Die rolls and cards revealed among them."""
        return sum(1 for e in self.dropped if e.type == "answer" and e.actor == CHANCE)


class GameSession:
    """Open with `GameSession.open` (a context manager: the lock is held inside it)."""

    def __init__(self, rules: Ruleset, save: SaveDir) -> None:
        self.rules = rules
        self.save = save
        self.header = save.header(rules)
        self.options = self.header.solo_options
        self.human = self.options.ai_side.other
        self.entries: list[Entry] = []
        self.notes: list[str] = []  # what opening the game found and mended
        self.replay = Replay([])
        self.bot = Bot(self.options.ai_side)
        self.caught_up = False  # the replay has reached the journal's end
        self.log_seen = 0  # the game log's length when the replay caught up
        self.board_before: GameState | None = None  # before the last take-back
        self.listen_from: int | None = None  # see before_live

    @classmethod
    @contextmanager
    def open(
        cls,
        rules: Ruleset,
        save: SaveDir,
        *,
        drop_torn_line: bool = False,
        restore_backup: bool = False,
    ) -> Iterator[GameSession]:
        """Lock the save, mend what is harmless, read and check it."""
        save.refuse_links()
        lock = save.lock()
        try:
            lock.acquire()
        except OSError as exc:
            problem = exc.strerror or exc
            raise SaveWriteError(
                say("session.cannot_lock", path=lock.path, problem=problem)
            ) from None
        try:
            session = cls(rules, save)
            session.load(drop_torn_line=drop_torn_line, restore_backup=restore_backup)
            yield session
        finally:
            lock.release()

    def load(self, *, drop_torn_line: bool, restore_backup: bool = False) -> None:
        save, notes = self.save, self.notes
        removed = save.remove_temp_files()
        if removed:
            notes.append(say("session.removed_temp_files", n=len(removed)))
        if restore_backup:
            kept = save.restore_backup(self.rules, self.header)
            notes.append(say("session.restored_backup", n=kept))
        if drop_torn_line:
            kept = save.drop_torn_line(self.rules, self.header)
            notes.append(say("session.dropped_torn_line", n=kept))
        self.entries = save.entries(self.rules, self.header)
        if save.end_last_line():
            notes.append(say("session.newline_added"))
        cached_snapshot(self.rules, save, self.entries, notes)
        if self.header.rules_digest != self.rules.digest:
            notes.append(say("session.rules_changed"))

    # ------------------------------------------------------------------ playing
    def play(self, human: ChoiceProvider, chance: ChoiceProvider | None) -> GameRecord:
        """Replay the journal, then play on with `human` (and `chance` at the table; digital
        chance otherwise) until the game ends. A take-back replays from the start; anything
        else a provider raises (the CLI's quit) passes through."""
        while True:
            self.bot = Bot(self.options.ai_side)
            live: dict[Actor, ChoiceProvider] = {
                self.options.ai_side: self.bot,
                self.human: human,
                CHANCE: chance or DigitalChance(self.chance_rng),
            }
            self.replay = Replay(
                self.entries,
                live=live,
                keep=self.keep,
                before_live=self.before_live,
                listen=(self.options.ai_side,) if self.listen_from is not None else (),
                listen_from=self.listen_from or 0,
            )
            self.caught_up = False
            try:
                record = play_game(
                    self.rules,
                    self.options,
                    providers_of(self.replay),
                    start=self.header.start,
                    table=self.header.table,
                )
            except Restart:
                continue
            except ReplayMismatch as exc:
                raise mismatch(self.save, exc, self.header) from None
            self.save.write_snapshot(self.snapshot(record.state, record.summary()))
            return record

    @property
    def game(self) -> Game | None:
        return self.replay.game

    def keep(self, entry: Entry) -> None:
        self.save.append(entry, len(self.entries), self.rules)

    def before_live(self, game: Game, choice: Choice) -> None:
        """Before each new answer. The first time, the replay has caught up: the cache is
        written (a damaged one is mended now). Before each question a person answers, the
        position is cached, so state.json is exact whenever the game waits."""
        person = choice.actor == self.human or (choice.actor == CHANCE and self.header.table)
        if not self.caught_up:
            if not person and self.listen_from is None and self.unattended_ai():
                # The journal ends inside the AI's answers (a crash between two of its writes):
                # the AI's plan for the rest of its decision is not in the journal. Replay again
                # with the AI hearing its own answers since the last one a person gave, so it
                # goes on as the uninterrupted game did (issue #39 item 9).
                self.listen_from = self.unattended_since()
                raise Restart
            self.caught_up = True
            self.log_seen = len(game.log)
        elif not (person and len(choice.options) > 1):
            return
        self.save.write_snapshot(self.snapshot(game.state))

    def unattended(self, entry: Entry) -> bool:
        """An answer no person gave: the AI's, or chance's on screen."""
        ai = entry.actor == self.options.ai_side.value
        return entry.type == "answer" and (ai or (entry.actor == CHANCE and not self.header.table))

    def unattended_since(self) -> int:
        """Where the journal's last run of unattended answers begins."""
        i = len(self.entries)
        while i > 0 and self.unattended(self.entries[i - 1]):
            i -= 1
        return i

    def unattended_ai(self) -> bool:
        """The journal's last run of unattended answers holds one of the AI's."""
        ai = self.options.ai_side.value
        return any(e.actor == ai for e in self.entries[self.unattended_since() :])

    def snapshot(self, state: GameState, result: dict[str, object] | None = None) -> Snapshot:
        if result is not None:
            return Snapshot(state, None, None, len(self.entries), dict(result))
        return Snapshot(
            state,
            primary_region(state, self.rules),
            secondary_region(state, self.rules),
            len(self.entries),
        )

    def chance_rng(self) -> random.Random:
        """The RNG for the next chance answer, seeded by the game's seed and the number of
        answers given so far in the game (takeback marks and corrections do not shift it)."""
        return self.rng_at(self.game)

    def rng_at(self, game: Game | None) -> random.Random:
        """The RNG chance_rng gives for `game` (a dry run's copy too: the same answers)."""
        return random.Random(f"{self.header.seed}:{len(game.answers) if game else 0}")

    # ------------------------------------------------------------------ between answers
    def undo_point(self) -> TakeBack | None:
        """The player's last real decision (a question that had more than one legal answer) or
        correction, with everything after it; None when there is none."""
        for i in range(len(self.entries) - 1, -1, -1):
            entry = self.entries[i]
            decided = entry.actor == self.human.value and self.replay.options.get(i, 0) > 1
            if decided or entry.type == "adjust":
                return TakeBack(i, "undo", self.entries[i:])
        return None

    def rollback_point(self, turn: int) -> TakeBack | None:
        """Everything from the start of `turn` on (never the journal's start mark); None when
        the turn has not begun or nothing of it is recorded."""
        first = 1 if self.entries and self.entries[0].is_start else 0
        k = next((i for i, e in enumerate(self.entries) if i >= first and e.turn >= turn), None)
        if k is None:
            return None
        return TakeBack(k, f"{ROLLED_BACK_TO}{turn}", self.entries[k:])

    def take_back(self, plan: TakeBack) -> None:
        """Cut the journal (atomically; a mark notes taken-back dice and cards); the caller
        then raises Restart to replay it."""
        kept = self.entries[: plan.index]
        if plan.chance:
            first = plan.dropped[0]
            kept.append(
                Entry(
                    "mark",
                    data={"takeback": plan.why, "dropped": len(plan.dropped)},
                    turn=first.turn,
                    action_round=first.action_round,
                )
            )
        self.save.rewrite(kept, self.rules)
        self.listen_from = None
        self.board_before = self.game.state.copy() if self.game else None
        self.entries = kept

    def adjust(self, change: Adjustment) -> Adjusted:
        """A correction: checked (AdjustmentRefused names the legal range), journaled, then
        applied through the engine."""
        game = self.game
        if game is None:
            raise SaveError(say("session.nothing_to_correct"))
        check_adjustment(self.rules, change)
        before = current_value(game.state, self.rules, change)
        entry = Entry(
            "adjust",
            data={**change.to_dict(), "before": before},
            turn=game.state.turn,
            action_round=game.state.action_round,
        )
        self.replay.add(entry)
        return game.adjust(change)

    def board_at_end_of(self, turn: int) -> GameState:
        """The position at the end of `turn` (or now, if it has not ended), asking no one."""
        end = next((i for i, e in enumerate(self.entries) if e.turn > turn), len(self.entries))
        entries = self.entries[:end]
        return position_after(
            self.rules, self.options, self.header.start, entries, table=self.header.table
        ).state

    def history(self, turn: int | None) -> list[Entry]:
        """The journal's entries of `turn`, or all of them."""
        return [e for e in self.entries if turn is None or e.turn == turn]


class DigitalChance:
    """Chance on screen: each answer from a fresh RNG (see GameSession.chance_rng)."""

    def __init__(self, rng: Callable[[], random.Random]) -> None:
        self.rng = rng

    def choose(self, game: Game, choice: Choice) -> Answer:
        return self.rng().choice(choice.options)
