"""A game at the terminal: the prompts, the "do this on the board" instructions, and the in-game
commands (show, why, history, inspect, undo, rollback, adjust, save, help, quit), each parsed and
printed here and carried out by the session (twsolo/session/game.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import click

from twsolo.cli.match import matches
from twsolo.cli.prompts import COMMANDS, Prompter, TableChance, TablePlayer
from twsolo.cli.render import answer_label, board, instructions, state_diff, tracks
from twsolo.engine.adjust import ADJUSTABLE, SIDED, Adjustment, AdjustmentRefused, describe
from twsolo.engine.game import Game
from twsolo.engine.records import Record
from twsolo.engine.state import GameState
from twsolo.ids import Side
from twsolo.persist.savefile import Entry
from twsolo.ruleset import Ruleset
from twsolo.session.game import GameSession, Restart, TakeBack
from twsolo.session.replay import decoded
from twsolo.solo import GameRecord
from twsolo.solo.regions import primary_region, secondary_region

HELP = """Commands at any prompt:
  show                 the board, region by region, and the tracks
  why                  the reasons of the AI's last decision
  hint                 what a strong player would answer here, and why (advice only)
  history [TURN|all] [--to FILE]   the answers given, this turn by default
  inspect TURN         the board at the end of an earlier turn (nothing is changed)
  undo                 take back your last decision (a question with more than one legal
                       answer) or correction, and what followed it
  rollback TURN        go back to the start of TURN
  adjust WHAT ...      correct a mis-entered fact, recorded in the journal:
                         adjust influence COUNTRY us|ussr N; adjust vp N (US +, USSR -);
                         adjust defcon N; adjust milops us|ussr N; adjust space us|ussr N
  save                 every answer is already saved as you give it
  help                 this text
  quit                 stop; `twsolo play NAME` resumes exactly here"""
ADJUST_USAGE = (
    "adjust influence COUNTRY us|ussr N | vp N | defcon N | milops us|ussr N | space us|ussr N"
)
NUMBER = re.compile(r"[-+]?\d{1,6}")


class Quit(Exception):
    pass


def number(text: str) -> int | None:
    """A number typed at a prompt (a few digits, a sign), or None."""
    return int(text) if NUMBER.fullmatch(text) else None


def history_line(rules: Ruleset, entry: Entry) -> str:
    """One journal entry as `history` prints it: the one place an answer is put into words for
    the history (what a player may not see would be masked here)."""
    where = f"turn {entry.turn} AR {entry.action_round}"
    if entry.type == "answer":
        answer = answer_label(rules, decoded(entry.answer), entry.kind)  # a deal is never named
        return f"{where}: {entry.actor} {entry.kind} → {answer}"
    if entry.type == "adjust":
        return f"{where}: adjust: {describe(rules, entry.adjustment, entry.data['before'])}"
    if entry.is_start:
        return f"{where}: the game begins"
    return f"{where}: {entry.data['takeback']} took back {entry.data['dropped']} entries"


def parse_adjust(rules: Ruleset, args: list[str]) -> Adjustment:
    """`adjust WHAT ...` with the prompts' name matching (`w ger` is West Germany, `def` is
    defcon); AdjustmentRefused says what is wrong."""
    found = matches(args[0], ADJUSTABLE) if args else []
    if len(found) != 1:
        raise AdjustmentRefused(ADJUST_USAGE)
    what, rest = found[0], args[1:]
    sided = what in SIDED
    shape = 2 + (what == "influence") if sided else 1
    if len(rest) < shape or (len(rest) > shape and what != "influence"):
        raise AdjustmentRefused(ADJUST_USAGE)
    value = number(rest[-1])
    if value is None:
        raise AdjustmentRefused(f"{rest[-1][:20]!r} is not a number; {ADJUST_USAGE}")
    change = Adjustment(what=what, value=value)
    if sided:
        side = matches(rest[-2], [s.value for s in Side])
        if len(side) != 1:
            raise AdjustmentRefused(f"which side is {rest[-2][:20]!r}? us or ussr")
        change = change.but(side=Side(side[0]))
    if what == "influence":
        typed = " ".join(rest[:-2])
        by_name = {c.name: c.id for c in rules.countries} | {c.id: c.id for c in rules.countries}
        ids = {by_name[m] for m in matches(typed, by_name)}
        if len(ids) != 1:
            named = "; ".join(rules.country(i).name for i in sorted(ids)[:8])
            raise AdjustmentRefused(
                f"which country is {typed[:40]!r}? " + (f"It may be: {named}" if ids else "")
            )
        change = change.but(country=ids.pop())
    return change


class Terminal:
    """The person at the terminal plays `session`'s game."""

    def __init__(self, rules: Ruleset, session: GameSession) -> None:
        self.rules = rules
        self.session = session
        self.echo: Callable[[str], None] = click.echo
        self.game: Game | None = None  # the game whose log is being printed
        self.printed = 0

    def run(self) -> GameRecord | None:
        session = self.session
        for note in session.notes:
            self.echo(note)
        prompter = Prompter(self.rules, self.command, self.before_prompt)
        chance = None
        if session.header.table:
            chance = TableChance(prompter, dice=session.header.dice, rng=session.chance_rng)
        try:
            record = session.play(TablePlayer(prompter), chance)
        except Quit:
            self.echo(f"Saved. Resume with: twsolo play {session.save.name}")
            return None
        if session.game is not self.game:  # no prompt since the replay caught up (or ever)
            self.printed = session.log_seen if session.caught_up else len(record.log)
        self.flush(record.log)
        s = record.summary()
        winner = s["winner"].upper() if s["winner"] else "nobody"
        self.echo(f"Game over: {winner} wins ({s['reason']}).")
        self.echo(
            f"Victory Rating: {s['rating']} (score {s['score']:+d}, difficulty {s['difficulty']})"
        )
        return record

    def before_prompt(self) -> None:
        """Before a prompt: after an undo or a rollback, what to change on the physical board;
        then what happened since the last prompt."""
        game = self.session.game
        if game is None:
            return
        if game is not self.game:  # a new replay: its log up to now was shown before
            self.game, self.printed = game, self.session.log_seen
        before = self.session.board_before
        if before is not None:
            self.session.board_before = None
            changes = state_diff(self.rules, before, game.state)
            self.echo(
                "To match, change on the board:" if changes else "Nothing to change on the board."
            )
            for line in changes:
                self.echo(f"  - {line}")
            self.printed = len(game.log)
        self.flush(game.log)

    def flush(self, log: list[Record]) -> None:
        lines = instructions(self.rules, log[self.printed :], self.session.options.ai_side)
        self.printed = len(log)
        for i, line in enumerate(lines, 1):
            self.echo(f"  {i}. {line}")

    # ------------------------------------------------------------------ commands
    def command(self, name: str, args: list[str]) -> None:
        handlers: dict[str, Callable[[list[str]], None]] = {
            "help": lambda _: self.echo(HELP),
            "save": lambda _: self.echo(f"Saved: every answer is in {self.session.save.path}."),
            "quit": self.quit,
            "show": self.show_now,
            "why": self.why,
            "history": self.history,
            "inspect": self.inspect,
            "undo": self.undo,
            "rollback": self.rollback,
            "adjust": self.adjust,
        }
        assert name in COMMANDS
        handlers[name](args)

    def quit(self, args: list[str]) -> None:
        raise Quit

    def show_now(self, args: list[str]) -> None:
        if self.session.game is not None:
            self.show(self.session.game.state)

    def show(self, state: GameState) -> None:
        primary = primary_region(state, self.rules)
        secondary = secondary_region(state, self.rules)
        self.echo(tracks(self.rules, state, primary=primary, secondary=secondary))
        self.echo(board(self.rules, state))

    def why(self, args: list[str]) -> None:
        """The AI's last decision with its reasons, and the answers that carried it out (the
        points of a planned placement have no reasons of their own)."""
        decisions = self.session.bot.decisions
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
                f"{decision.kind} → {answer_label(self.rules, decision.answer, decision.kind)}"
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
        game = self.session.game
        turn: int | None = game.state.turn if game else None
        if args and args[0] != "all":
            turn = number(args[0])
            if turn is None:
                self.echo("history TURN|all [--to FILE]")
                return
        elif args:
            turn = None
        lines = [history_line(self.rules, e) for e in self.session.history(turn)]
        if target is None:
            for line in lines:
                self.echo(line)
            return
        try:
            target.write_text("\n".join(lines) + "\n", encoding="utf-8")
        except OSError as exc:
            self.echo(f"cannot write {target}: {exc.strerror or exc}")
            return
        self.echo(f"{len(lines)} lines written to {target}")

    def turn(self, args: list[str], usage: str) -> int | None:
        """The TURN a command names, or None after printing its usage."""
        turn = number(args[0]) if args else None
        if turn is None:
            self.echo(usage)
        return turn

    def inspect(self, args: list[str]) -> None:
        turn = self.turn(args, "inspect TURN: the board at the end of that turn")
        if turn is None:
            return
        state = self.session.board_at_end_of(turn)
        self.echo(f"-- the board at the end of turn {turn} (nothing changed) --")
        self.show(state)

    def undo(self, args: list[str]) -> None:
        plan = self.session.undo_point()
        if plan is None:
            self.echo("Nothing of yours to undo.")
            return
        self.take_back(plan)

    def rollback(self, args: list[str]) -> None:
        turn = self.turn(args, "rollback TURN")
        if turn is None:
            return
        plan = self.session.rollback_point(turn)
        if plan is None:
            self.echo(f"Turn {turn} has not begun.")
            return
        self.take_back(plan)

    def take_back(self, plan: TakeBack) -> None:
        # At the table the dice were rolled and the cards seen; on screen chance is seeded by
        # the answer's number, so the same questions get the same dice again.
        if (
            plan.chance
            and self.session.header.table
            and not click.confirm(
                f"This takes back {plan.chance} die roll(s) or revealed card(s). Do it anyway?",
                default=False,
            )
        ):
            self.echo("Nothing was taken back.")
            return
        self.session.take_back(plan)
        self.echo(f"{plan.why}: {len(plan.dropped)} answer(s) taken back.")
        raise Restart

    def adjust(self, args: list[str]) -> None:
        try:
            record = self.session.adjust(parse_adjust(self.rules, args))
        except AdjustmentRefused as exc:
            self.echo(f"adjust: refused: {exc}")
            return
        self.echo(f"{record.text(self.rules)} (recorded in the journal)")
        if self.session.game is not None:
            self.printed = len(self.session.game.log)
