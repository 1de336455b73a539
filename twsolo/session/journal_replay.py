"""The one source of recorded answers. `Replay` answers each question of a game from a list of
journal entries, in order, checking that each is the question recorded (the same actor and kind,
a legal answer) and applying the player's corrections (`adjust`) where they were made; past the
end it asks the live providers and keeps each new answer (the session appends it to the journal
before it is used), or, with none, stops with `End`. From `listen_from` on, the recorded
answers of the actors in `listen` are still used, but their live provider is asked too, for the
state it keeps (the AI's plan for the rest of a decision, see GameSession.before_live).

It serves resuming a game, undo and rollback (both replay a shortened journal), `inspect`, the
position rebuilt for `show` and `list` when state.json is damaged (`position_after`), and the
exact replay of a simulated game (`replay`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from twsolo.engine.adjust import AdjustmentRefused
from twsolo.engine.choices import CHANCE, Actor, Answer, Choice, ChoiceProvider
from twsolo.engine.state import GameState
from twsolo.errors import ChoiceError
from twsolo.ids import Side
from twsolo.persist.savefile import Entry
from twsolo.phrases import say
from twsolo.ruleset import Ruleset
from twsolo.solo.options import SoloOptions

if TYPE_CHECKING:  # the turn flow is imported by the replays, not by `show` of a cached position
    from twsolo.engine.game import Game
    from twsolo.solo.record import GameRecord


class ReplayMismatch(ChoiceError):
    """A recorded entry that does not fit the game at its place; `index` is the entry's."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


class End(Exception):
    """The recorded answers ran out and nobody answers live; `choice` is the question left."""

    def __init__(self, choice: Choice) -> None:
        super().__init__(choice.kind)
        self.choice = choice


def jsonable(answer: Answer) -> Any:
    return list(answer) if isinstance(answer, tuple) else answer


def decoded(raw: Any) -> Answer:
    """An answer read back from JSON: lists become tuples again (draft, bottom)."""
    if isinstance(raw, list):
        return tuple(decoded(x) for x in raw)
    return raw  # type: ignore[no-any-return]


class Replay:
    """The provider of every actor (see the module's docstring). `options[i]` is the number of
    legal answers entry i's question had (undo looks for a real decision). `before_live(game,
    choice)` is called before each live answer; `keep(entry)` stores a new entry and may refuse
    it by raising, and then the entry is not used."""

    def __init__(
        self,
        entries: list[Entry],
        *,
        live: Mapping[Actor, ChoiceProvider] | None = None,
        keep: Callable[[Entry], None] | None = None,
        before_live: Callable[[Game, Choice], None] | None = None,
        listen: Collection[Actor] = (),
        listen_from: int = 0,
    ) -> None:
        self.entries = entries
        self.live = live
        self.keep = keep
        self.before_live = before_live
        self.listen = listen
        self.listen_from = listen_from
        self.cursor = 0
        self.options: dict[int, int] = {}
        self.game: Game | None = None

    @property
    def replaying(self) -> bool:
        return self.cursor < len(self.entries)

    def choose(self, game: Game, choice: Choice) -> Answer:
        self.game = game
        self.apply_corrections(game)
        if self.replaying:
            if self.live and choice.actor in self.listen and self.cursor >= self.listen_from:
                self.live[choice.actor].choose(game, choice)  # its state; the journal's answer
            return self.recorded(choice, game.state)
        if self.live is None:
            raise End(choice)
        if self.before_live is not None:
            self.before_live(game, choice)
        answer = self.live[choice.actor].choose(game, choice)
        state = game.state
        entry = Entry(
            "answer",
            actor=str(choice.actor),
            kind=choice.kind,
            answer=jsonable(answer),
            turn=state.turn,
            action_round=state.action_round,
        )
        self.add(entry, options=len(choice.options))
        return answer

    def apply_corrections(self, game: Game) -> None:
        """The entries before the next answer: corrections are applied, marks passed."""
        while self.replaying and self.entries[self.cursor].type != "answer":
            entry = self.entries[self.cursor]
            if entry.type == "adjust":
                try:
                    game.adjust(entry.adjustment)
                except AdjustmentRefused as exc:
                    reason = say("session.replay.correction_refused", reason=exc)
                    raise ReplayMismatch(self.cursor, reason) from None
            self.cursor += 1

    def recorded(self, choice: Choice, state: GameState) -> Answer:
        entry = self.entries[self.cursor]
        answer = decoded(entry.answer)
        # A journal's answers say when they were given (`rollback`, `history` read it): a
        # turn or action round that is not the game's is damage. (Turn 0: a simulated
        # game's answers, which carry no time.)
        if entry.turn and (entry.turn, entry.action_round) != (state.turn, state.action_round):
            raise ReplayMismatch(
                self.cursor,
                say(
                    "session.replay.wrong_time",
                    turn=entry.turn,
                    action_round=entry.action_round,
                    game_turn=state.turn,
                    game_action_round=state.action_round,
                ),
            )
        if (entry.actor, entry.kind) != (str(choice.actor), choice.kind):
            raise ReplayMismatch(
                self.cursor,
                say(
                    "session.replay.wrong_question",
                    actor=entry.actor,
                    kind=entry.kind,
                    asked_actor=choice.actor,
                    asked_kind=choice.kind,
                    question=choice.prompt or choice.kind,
                ),
            )
        if answer not in choice.options:
            raise ReplayMismatch(
                self.cursor,
                say(
                    "session.replay.not_legal",
                    kind=entry.kind,
                    answer=repr(entry.answer),
                    question=choice.prompt or choice.kind,
                ),
            )
        self.options[self.cursor] = len(choice.options)
        self.cursor += 1
        return answer

    def add(self, entry: Entry, *, options: int = 0) -> None:
        """A new entry, kept first (the journal may refuse it), then in the list."""
        if self.keep is not None:
            self.keep(entry)
        self.entries.append(entry)
        self.options[len(self.entries) - 1] = options
        self.cursor = len(self.entries)


def providers_of(source: ChoiceProvider) -> dict[Actor, ChoiceProvider]:
    return {Side.US: source, Side.USSR: source, CHANCE: source}


def replay(
    rules: Ruleset,
    options: SoloOptions,
    answers: Sequence[tuple[str, str, object]],
    *,
    start: GameState | None = None,
    table: bool = False,
) -> GameRecord:
    """Rebuild a simulated game from its recorded answers (each checked against the question
    asked); every answer must be used. `table`: a game played at the table (no dealer)."""
    entries = [Entry("answer", actor=a, kind=k, answer=x) for a, k, x in answers]
    source = Replay(entries)
    from twsolo.solo.runner import play_game  # the turn flow and the AI: not for `show`

    try:
        record = play_game(rules, options, providers_of(source), start=start, table=table)
    except End as end:
        question = say(
            "session.replay.ends_before", kind=end.choice.kind, question=end.choice.prompt
        )
        raise ChoiceError(question) from None
    if source.replaying:
        left = len(entries) - source.cursor
        raise ChoiceError(say("session.replay.unused", n=left))
    return record


@dataclass
class Position:
    """Where a recorded game stands: the state, the regions of the current action round, and
    the record when the game is over."""

    state: GameState
    primary: str | None
    secondary: str | None
    record: GameRecord | None = None


def position_after(
    rules: Ruleset,
    options: SoloOptions,
    start: GameState | None,
    entries: list[Entry],
    *,
    table: bool,
) -> Position:
    """The position after the given entries, asking no one (inspect, a damaged state.json).
    `table`: the game is played at the table (no dealer: its journal has no `deal` answers)."""
    source = Replay(entries)
    from twsolo.solo.regions import primary_region, secondary_region
    from twsolo.solo.runner import play_game  # the turn flow and the AI: not for `show`

    try:
        record = play_game(rules, options, providers_of(source), start=start, table=table)
    except End:
        assert source.game is not None
        state = source.game.state
        return Position(state, primary_region(state, rules), secondary_region(state, rules))
    return Position(record.state, None, None, record)
