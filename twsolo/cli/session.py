"""One interactive game: the save folder, the journal replayed into the turn flow, the prompts,
and the in-game commands (show, why, history, inspect, undo, rollback, adjust, save, help, quit).

Every answer (the human's, the AI's, chance's) is appended to the journal, fsynced, as it is
given; resuming, undo and rollback all replay the journal from the start (design.md §3). The
AI's recorded answers are replayed too, so a saved game never depends on the AI code that
played it."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from twsolo.ai.bot import Bot
from twsolo.cli.match import matches
from twsolo.cli.prompts import COMMANDS, Prompter, TableChance, TablePlayer
from twsolo.cli.render import answer_label, board, instructions, state_diff, tracks
from twsolo.engine.choices import CHANCE, Actor, Answer, Choice, ChoiceProvider
from twsolo.engine.game import Game
from twsolo.engine.state import GameState
from twsolo.ids import Side
from twsolo.persist.savefile import Entry, Header, SaveDir, SaveError
from twsolo.ruleset import Ruleset
from twsolo.solo import GameRecord, SoloOptions, play_game
from twsolo.solo.regions import primary_region, secondary_region

HELP = """Commands at any prompt:
  show                 the board, region by region, and the tracks
  why                  the reasons of the AI's last decision
  hint                 what a strong player would answer here, and why (advice only)
  history [TURN|all] [--to FILE]   the answers given, this turn by default
  inspect TURN         the board at the end of an earlier turn (nothing is changed)
  undo                 take back your last answer (and what followed it)
  rollback TURN        go back to the start of TURN
  adjust WHAT ...      correct a mis-entered fact, recorded in the journal:
                         adjust influence COUNTRY us|ussr N; adjust vp N; adjust defcon N;
                         adjust milops us|ussr N; adjust space us|ussr N
  save                 every answer is already saved as you give it
  help                 this text
  quit                 stop; `twsolo play NAME` resumes exactly here"""


class Restart(Exception):
    """The journal changed (undo, rollback): replay it from the start."""


class Quit(Exception):
    pass


class Stop(Exception):
    """Stop a replay at a journal position (inspect)."""


def jsonable(answer: Answer) -> Any:
    return list(answer) if isinstance(answer, tuple) else answer


def decoded(raw: Any) -> Answer:
    if isinstance(raw, list):
        return tuple(decoded(x) for x in raw)
    return raw  # type: ignore[no-any-return]


class Session:
    def __init__(self, rules: Ruleset, save: SaveDir, *, echo: Callable[[str], None] = click.echo):
        self.rules = rules
        self.save = save
        self.header: Header = save.header()
        self.options = SoloOptions.from_dict(self.header.options)
        scenario = self.header.scenario
        self.start = GameState.from_dict(scenario) if scenario else None
        self.echo = echo
        self.entries: list[Entry] = []
        self.cursor = 0
        self.game: Game | None = None
        self.printed = 0
        self.bot = Bot(self.options.ai_side)
        self.pending_diff: GameState | None = None
        if self.header.rules_digest != rules.digest:
            self.echo(
                "Note: the rules data changed since this game began; the recorded answers are "
                "replayed as given."
            )

    # ------------------------------------------------------------------ running
    def run(self) -> GameRecord | None:
        while True:
            self.entries = self.save.entries()
            self.cursor = 0
            self.game = None
            self.printed = 0
            self.bot = Bot(self.options.ai_side)
            try:
                record = play_game(
                    self.rules,
                    self.options,
                    self.providers(),
                    observer=self.observe,
                    start=self.start,
                    table=self.header.mode == "table",
                )
            except Restart:
                continue
            except Quit:
                self.echo(f"Saved. Resume with: twsolo play {self.save.name}")
                return None
            self.flush()
            self.finish(record)
            return record

    def providers(self) -> dict[Actor, ChoiceProvider]:
        prompter = Prompter(self.rules, self.command, self.before_prompt)
        ai = self.options.ai_side
        live: dict[Actor, ChoiceProvider] = {ai: self.bot, ai.other: TablePlayer(prompter)}
        if self.header.mode == "table":
            live[CHANCE] = TableChance(prompter, dice=self.header.dice, rng=self.chance_rng)
        else:
            live[CHANCE] = DigitalChance(self.chance_rng)
        journaled = Journaled(self, live)
        return {Side.US: journaled, Side.USSR: journaled, CHANCE: journaled}

    def chance_rng(self) -> random.Random:
        """The RNG for the next chance answer: seeded by the game's seed and the answer's place
        in the journal, so a game interrupted and resumed rolls what it would have rolled."""
        return random.Random(f"{self.header.seed}:{len(self.entries)}")

    def observe(self, game: Game, step: str) -> None:
        self.game = game
        if not self.replaying:
            self.save.write_state(self.snapshot(game))

    @property
    def replaying(self) -> bool:
        return self.cursor < len(self.entries)

    def snapshot(self, game: Game) -> dict[str, Any]:
        state = game.state
        return {
            "state": state.to_dict(),
            "primary": primary_region(state, self.rules),
            "secondary": secondary_region(state, self.rules),
        }

    def before_prompt(self) -> None:
        """Before a human prompt: what happened since the last one, and after an undo or a
        rollback what to change on the physical board."""
        game = self.game
        if game is None:
            return
        if self.pending_diff is not None:
            changes = state_diff(self.rules, self.pending_diff, game.state)
            self.pending_diff = None
            self.echo(
                "To match, change on the board:" if changes else "Nothing to change on the board."
            )
            for line in changes:
                self.echo(f"  - {line}")
            self.printed = len(game.log)
        self.flush()

    def flush(self) -> None:
        game = self.game
        if game is None:
            return
        lines = instructions(self.rules, game.log[self.printed :], self.options.ai_side)
        self.printed = len(game.log)
        for i, line in enumerate(lines, 1):
            self.echo(f"  {i}. {line}")

    def finish(self, record: GameRecord) -> None:
        s = record.summary()
        self.save.write_state({**self.snapshot_of(record), "result": s})
        winner = s["winner"].upper() if s["winner"] else "nobody"
        self.echo(f"Game over: {winner} wins ({s['reason']}).")
        self.echo(
            f"Victory Rating: {s['rating']} (score {s['score']:+d}, difficulty {s['difficulty']})"
        )

    def snapshot_of(self, record: GameRecord) -> dict[str, Any]:
        return {"state": record.state.to_dict(), "primary": None, "secondary": None}

    # ------------------------------------------------------------------ commands
    def command(self, name: str, args: list[str]) -> None:
        game = self.game
        assert name in COMMANDS
        if name == "help":
            self.echo(HELP)
        elif name == "save":
            self.echo(f"Saved: every answer is in {self.save.path}.")
        elif name == "quit":
            raise Quit
        elif name == "show" and game is not None:
            self.show(game.state)
        elif name == "why":
            self.why()
        elif name == "history":
            self.history(args)
        elif name == "inspect":
            self.inspect(args)
        elif name == "undo":
            self.undo()
        elif name == "rollback":
            self.rollback(args)
        elif name == "adjust" and game is not None:
            self.adjust(game, args)

    def show(self, state: GameState) -> None:
        self.echo(
            tracks(
                self.rules,
                state,
                primary=primary_region(state, self.rules),
                secondary=secondary_region(state, self.rules),
            )
        )
        self.echo(board(self.rules, state))

    def why(self) -> None:
        """The AI's last decision with its reasons, and the answers that carried it out (the
        points of a planned placement have no reasons of their own)."""
        decisions = self.bot.decisions
        if not decisions:
            self.echo("The AI has made no decision in this session yet.")
            return
        start = next(
            (i for i in range(len(decisions) - 1, -1, -1) if decisions[i].steps),
            len(decisions) - 1,
        )
        for decision in decisions[start:]:
            self.echo(
                f"AI decision (turn {decision.turn}, AR {decision.action_round}): "
                f"{decision.kind} → {answer_label(self.rules, decision.answer)}"
            )
            for step in decision.steps:
                self.echo(f"  - {step.text()}")

    def history(self, args: list[str]) -> None:
        target = None
        if "--to" in args:
            i = args.index("--to")
            if i + 1 >= len(args):
                self.echo("history --to needs a file name")
                return
            target = Path(args[i + 1])
            args = args[:i] + args[i + 2 :]
        game = self.game
        turn = game.state.turn if game else 0
        if args and args[0] != "all":
            if not args[0].isdigit():
                self.echo("history TURN|all [--to FILE]")
                return
            turn = int(args[0])
        lines = [
            f"turn {e.turn} AR {e.action_round}: {e.actor} {e.kind} → "
            f"{answer_label(self.rules, decoded(e.answer), e.kind)}"
            if e.type == "answer"
            else f"turn {e.turn} AR {e.action_round}: [{e.type}] {json.dumps(e.data)}"
            for e in self.entries
            if not args or args[0] == "all" or e.turn == turn
        ]
        if target is not None:
            target.write_text("\n".join(lines) + "\n", encoding="utf-8")
            self.echo(f"{len(lines)} lines written to {target}")
            return
        for line in lines:
            self.echo(line)

    def inspect(self, args: list[str]) -> None:
        if not args or not args[0].isdigit():
            self.echo("inspect TURN: the board at the end of that turn")
            return
        turn = int(args[0])
        end = next((i for i, e in enumerate(self.entries) if e.turn > turn), len(self.entries))
        state = replay_until(
            self.rules,
            self.options,
            self.entries[:end],
            self.start,
            table=self.header.mode == "table",
        )
        self.echo(f"-- the board at the end of turn {turn} (nothing changed) --")
        self.show(state)

    def undo(self) -> None:
        human = self.options.ai_side.other.value
        k = next(
            (
                i
                for i in range(len(self.entries) - 1, -1, -1)
                if self.entries[i].type == "answer" and self.entries[i].actor == human
            ),
            None,
        )
        if k is None:
            self.echo("Nothing of yours to undo.")
            return
        self.cut(k, "undo")

    def rollback(self, args: list[str]) -> None:
        if not args or not args[0].isdigit():
            self.echo("rollback TURN")
            return
        turn = int(args[0])
        k = next((i for i, e in enumerate(self.entries) if e.turn >= turn), None)
        if k is None:
            self.echo(f"Turn {turn} has not begun.")
            return
        self.cut(k, f"rollback to turn {turn}")

    def cut(self, k: int, why: str) -> None:
        """Drop the journal from entry k on. Taking back a die or a revealed card needs an
        explicit confirmation, and the journal marks it."""
        dropped = self.entries[k:]
        chance = [e for e in dropped if e.type == "answer" and e.actor == CHANCE]
        kept = self.entries[:k]
        if chance:
            if not click.confirm(
                f"This takes back {len(chance)} die roll(s) or revealed card(s). Do it anyway?",
                default=False,
            ):
                self.echo("Nothing was taken back.")
                return
            kept.append(
                Entry(
                    "mark",
                    data={"takeback": why, "dropped": len(dropped)},
                    turn=dropped[0].turn,
                    action_round=dropped[0].action_round,
                )
            )
        if self.game is not None:
            self.pending_diff = self.game.state.copy()
        self.save.rewrite(kept)
        self.echo(f"{why}: {len(dropped)} answer(s) taken back.")
        raise Restart

    def adjust(self, game: Game, args: list[str]) -> None:
        try:
            data = parse_adjust(self.rules, args)
        except ValueError as exc:
            self.echo(f"adjust: {exc}")
            return
        apply_adjust(game, data)
        entry = Entry(
            "adjust", data=data, turn=game.state.turn, action_round=game.state.action_round
        )
        self.save.append(entry, len(self.entries))
        self.entries.append(entry)
        self.cursor = len(self.entries)
        self.echo(f"Adjusted: {json.dumps(data)} (recorded in the journal)")


class DigitalChance:
    """Chance on screen: each answer from `rng()` (see Session.chance_rng)."""

    def __init__(self, rng: Callable[[], random.Random]) -> None:
        self.rng = rng

    def choose(self, game: Game, choice: Choice) -> Answer:
        return self.rng().choice(choice.options)


class Journaled:
    """The provider of every actor: the journal's answers first, then the live providers, each
    new answer appended (fsynced) before it is used."""

    def __init__(self, session: Session, live: dict[Actor, ChoiceProvider]) -> None:
        self.session = session
        self.live = live

    def choose(self, game: Game, choice: Choice) -> Answer:
        s = self.session
        s.game = game
        while s.cursor < len(s.entries) and s.entries[s.cursor].type != "answer":
            entry = s.entries[s.cursor]
            if entry.type == "adjust":
                apply_adjust(game, entry.data)
            s.cursor += 1
        if s.cursor < len(s.entries):
            entry = s.entries[s.cursor]
            answer = decoded(entry.answer)
            if (
                entry.actor != str(choice.actor)
                or entry.kind != choice.kind
                or answer not in choice.options
            ):
                raise SaveError(
                    f"{s.save.path}: journal entry {s.cursor} ({entry.actor} {entry.kind} "
                    f"{entry.answer!r}) does not fit the game here ({choice.actor} {choice.kind}); "
                    "the save was left untouched"
                )
            s.cursor += 1
            if s.cursor == len(s.entries):
                s.printed = len(game.log)  # the replay is done: show only what comes next
            return answer
        answer = self.live[choice.actor].choose(game, choice)
        entry = Entry(
            "answer",
            actor=str(choice.actor),
            kind=choice.kind,
            answer=jsonable(answer),
            turn=game.state.turn,
            action_round=game.state.action_round,
        )
        s.save.append(entry, len(s.entries))
        s.entries.append(entry)
        s.cursor += 1
        return answer


def parse_adjust(rules: Ruleset, args: list[str]) -> dict[str, Any]:
    usage = (
        "adjust influence COUNTRY us|ussr N | vp N | defcon N | milops us|ussr N | space us|ussr N"
    )
    if not args:
        raise ValueError(usage)
    what = args[0]
    try:
        if what == "influence" and len(args) == 4:
            found = matches(
                args[1], [c.id for c in rules.countries] + [c.name for c in rules.countries]
            )
            ids = {
                rules.country(f).id
                if f in rules.index
                else next(c.id for c in rules.countries if c.name == f)
                for f in found
            }
            if len(ids) != 1:
                raise ValueError(f"which country is {args[1]!r}?")
            return {
                "what": "influence",
                "country": ids.pop(),
                "side": Side(args[2]).value,
                "value": int(args[3]),
            }
        if what in ("vp", "defcon") and len(args) == 2:
            return {"what": what, "value": int(args[1])}
        if what in ("milops", "space") and len(args) == 3:
            return {"what": what, "side": Side(args[1]).value, "value": int(args[2])}
    except ValueError as exc:
        raise ValueError(f"{exc}; {usage}") from None
    raise ValueError(usage)


def apply_adjust(game: Game, data: dict[str, Any]) -> None:
    """A correction, through the Game so that it is recorded like any change."""
    what, value = data["what"], int(data["value"])
    if what == "influence":
        game.set_influence(game.rules.index[data["country"]], Side(data["side"]), value)
    elif what == "vp":
        game.gain_vp(Side.US, value - game.state.vp, "adjusted")
    elif what == "defcon":
        game.state.defcon = max(1, min(5, value))
    elif what == "milops":
        side = Side(data["side"])
        game.add_milops(side, value - game.state.milops[side.col])
    elif what == "space":
        game.set_space(Side(data["side"]), max(0, min(8, value)))


def replay_until(
    rules: Ruleset,
    options: SoloOptions,
    entries: list[Entry],
    start: GameState | None,
    *,
    table: bool,
) -> GameState:
    """The state after the given journal entries (for `inspect`), without prompting."""
    holder: list[Game] = []
    queue = list(entries)

    class Replay:
        def choose(self, game: Game, choice: Choice) -> Answer:
            holder[:] = [game]
            while queue and queue[0].type != "answer":
                entry = queue.pop(0)
                if entry.type == "adjust":
                    apply_adjust(game, entry.data)
            if not queue:
                raise Stop
            return decoded(queue.pop(0).answer)

    provider = Replay()
    with contextlib.suppress(Stop):
        play_game(
            rules,
            options,
            {Side.US: provider, Side.USSR: provider, CHANCE: provider},
            observer=lambda g, _: holder.__setitem__(slice(None), [g]),
            start=start,
            table=table,
        )
    return holder[0].state
