"""A game at the terminal: the prompts, the "do this on the board" instructions, and the in-game
commands (show, board, why, history, inspect, undo, rollback, adjust, save, help, quit), each
parsed and printed here and carried out by the session (twsolo/session/live.py)."""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import click

from twsolo.cli.ahead import dice_next, dry_run, next_cards, ops_next, play_line, whole_play
from twsolo.cli.batch import Line, Planned
from twsolo.cli.board_picture import Marks, changes_since, last_ai_action
from twsolo.cli.live_board import LiveBoard, unwritable
from twsolo.cli.match import matches
from twsolo.cli.menus import clip
from twsolo.cli.prompts import (
    COMMANDS,
    Prompter,
    ScreenChance,
    TableChance,
    TablePlayer,
    confirm,
    read_terminal_lines,
    rolled_by,
    typed_line,
)
from twsolo.cli.reasons import journal_lines
from twsolo.cli.render import (
    answer_label,
    board,
    effects_in_force,
    game_summary,
    instructions,
    milops_reminder,
    pile_label,
    region_name,
    round_banner,
    setup_lines,
    state_diff,
    trace_value,
    tracks,
    turn_checklist,
)
from twsolo.engine.adjust import ADJUSTABLE, SIDED, Adjustment, AdjustmentRefused, describe
from twsolo.engine.calendar import action_rounds
from twsolo.engine.choices import CHANCE, Actor, Answer, Choice, ChoiceProvider
from twsolo.engine.game import Game
from twsolo.engine.initial_state import standard_state
from twsolo.engine.records import Record, result_text
from twsolo.engine.state import GameState
from twsolo.errors import TwsoloError
from twsolo.files.output import atomic_write_text
from twsolo.ids import MAP_REGIONS, SCORING_REGIONS, Side
from twsolo.persist.folders import play_command
from twsolo.persist.savefile import Entry
from twsolo.phrases import say, value_word
from twsolo.rulebook.sources import cited_sections
from twsolo.ruleset import Ruleset
from twsolo.session.journal_replay import decoded, position_after
from twsolo.session.live import ROLLED_BACK_TO, DigitalChance, GameSession, Restart, TakeBack
from twsolo.solo import GameRecord
from twsolo.solo.regions import primary_region, secondary_region

# The English of `help` as read at import (tests); the command says it in the language in use.
HELP = say("game.help")
NUMBER = re.compile(r"[-+]?\d{1,6}")
# How each kind of answer reads in `history` (its phrase's key; a deal says no words).
HISTORY_WORDS = {
    "draft": "game.history.kind.draft",
    "headline": "game.history.kind.headline",
    "ar_card": "game.history.kind.ar_card",
    "bottom": "game.history.kind.bottom",
    "play": "game.history.kind.play",
    "order": "game.history.kind.order",
    "operation": "game.history.kind.operation",
    "influence": "game.history.kind.influence",
    "coup": "game.history.kind.coup",
    "realign": "game.history.kind.realign",
    "country": "game.history.kind.chose",
    "card": "game.history.kind.chose",
    "yes_no": "game.history.kind.yes_no",
    "number": "game.history.kind.chose",
    "region": "game.history.kind.chose",
    "die": "game.history.kind.die",
    "draw": "game.history.kind.draw",
    "deal": "",
    "reveal": "game.history.kind.reveal",
    "holds": "game.history.kind.holds",
    "pick": "game.history.kind.pick",
}


def adjust_usage() -> str:
    return say("game.usage.adjust")


def show_usage() -> str:
    return say("game.usage.show", regions=", ".join(region_name(r) for r in SCORING_REGIONS))


class Quit(Exception):
    pass


def number(text: str) -> int | None:
    """A number typed at a prompt (a few digits, a sign), or None."""
    return int(text) if NUMBER.fullmatch(text) else None


def history_line(rules: Ruleset, entry: Entry, human: Side) -> str:
    """One journal entry as `history` prints it: the one place an answer is put into words for
    the history (a card dealt face down is never named, spec §4)."""
    if entry.action_round:
        where = say("game.history.when_round", turn=entry.turn, action_round=entry.action_round)
    else:
        where = say("game.history.when_draft", turn=entry.turn)
    if entry.type == "answer":
        answer = answer_label(rules, decoded(entry.answer), entry.kind)  # a deal is never named
        words = history_words(entry.kind)
        if entry.answer == "done":  # the end of a placement or realignment, no country
            words, answer = "", say("game.history.done")
        if entry.actor == human.value:
            who = say("game.history.by_you", side=human.label) + ": "
        elif entry.actor == human.other.value:
            who = say("game.history.by_ai", side=human.other.label) + ": "
        else:
            who = ""
        return f"{where}: {who}{words + ' ' if words else ''}{answer}"
    if entry.type == "adjust":
        change = describe(rules, entry.adjustment, entry.data["before"])
        return f"{where}: {say('game.history.corrected', change=change)}"
    if entry.is_start:
        return f"{where}: {say('game.history.begins')}"
    took_back = say(
        "game.history.took_back",
        takeback=takeback_name(entry.data["takeback"]),
        n=entry.data["dropped"],
    )
    return f"{where}: {took_back}"


def history_words(kind: str) -> str:
    """The words before an answer of `kind` in `history` (a kind with no phrase: its name)."""
    key = HISTORY_WORDS.get(kind)
    if key is None:
        return kind.replace("_", " ")
    return say(key) if key else ""


def takeback_name(why: str) -> str:
    """A take-back as the journal keeps it (session/live.py's TakeBack.why: `undo`, the
    command's name, or `rollback to turn N`) in words."""
    turn = why.removeprefix(ROLLED_BACK_TO)
    if turn != why and turn.isdigit():
        return say("game.takeback.rollback", turn=turn)
    return why


def resume_command(name: str) -> str:
    """How to resume this game from a shell: `twsolo play NAME` when `twsolo` on the PATH is this
    program; else the program as it was started (`.venv/bin/twsolo`, README)."""
    program = sys.argv[0]
    if os.path.basename(program) == "twsolo":
        found = shutil.which("twsolo")
        if not (found and os.path.realpath(found) == os.path.realpath(program)):
            return play_command(name, program)
    return play_command(name)


def parse_adjust(rules: Ruleset, args: list[str]) -> Adjustment:
    """`adjust WHAT ...` with the prompts' name matching (`w ger` is West Germany, `def` is
    defcon); AdjustmentRefused says what is wrong."""
    found = matches(args[0], ADJUSTABLE) if args else []
    if len(found) != 1:
        raise AdjustmentRefused(adjust_usage())
    what, rest = found[0], args[1:]
    sided = what in SIDED
    shape = 2 + (what == "influence") if sided else 1
    if len(rest) < shape or (len(rest) > shape and what != "influence"):
        raise AdjustmentRefused(adjust_usage())
    value = number(rest[-1])
    if value is None:
        raise AdjustmentRefused(
            say("game.adjust.not_a_number", typed=repr(rest[-1][:20]), usage=adjust_usage())
        )
    change = Adjustment(what=what, value=value)
    if sided:
        side = matches(rest[-2], [s.value for s in Side])
        if len(side) != 1:
            raise AdjustmentRefused(say("game.adjust.which_side", typed=repr(rest[-2][:20])))
        change = change.but(side=Side(side[0]))
    if what == "influence":
        typed = " ".join(rest[:-2])
        by_name = {**rules.country_called, **{c.id: c.id for c in rules.countries}}
        ids = {by_name[m] for m in matches(typed, by_name)}
        if len(ids) != 1:
            named = "; ".join(rules.country(i).name for i in sorted(ids)[:8])
            which = say("game.adjust.which_country", typed=repr(typed[:40]))
            may_be = say("game.adjust.may_be", countries=named) if ids else ""
            raise AdjustmentRefused(f"{which} {may_be}")
        change = change.but(country=ids.pop())
    return change


class Terminal:
    """The person at the terminal plays `session`'s game."""

    def __init__(self, rules: Ruleset, session: GameSession, board: Path | None = None) -> None:
        self.rules = rules
        self.session = session
        self.live = LiveBoard(rules, board, session.save.name) if board else None
        self.echo: Callable[[str], None] = click.echo
        self.game: Game | None = None  # the game whose log is being printed
        self.printed = 0
        self.banner = ""  # the round banner printed last
        self.reminded = ""  # the military ops reminder printed last, with its round
        self.fresh = False  # a game with no answer yet: everything it logs is new
        self.finished: GameRecord | None = None

    def run(self) -> GameRecord | None:
        """Play until the game ends, then take commands (undo goes back into the game) until
        the person quits. Ctrl-C and Ctrl-D quit like `quit`: every answer is saved."""
        session = self.session
        read_terminal_lines()
        for note in session.notes:
            self.echo(note)
        prompter = Prompter(
            self.rules, self.command, self.before_prompt, self.plan, self.advise, self.ahead
        )
        self.prompter = prompter
        chance: ChoiceProvider | None = None  # on screen with the dice rolled for you: seeded
        if session.header.table:
            chance = TableChance(prompter, dice=session.header.dice, rng=session.chance_rng)
        elif session.header.dice == "manual":
            chance = ScreenChance(prompter, DigitalChance(session.chance_rng))
        self.fresh = not any(e.type == "answer" for e in session.entries)
        if session.header.table and self.fresh:
            self.say_setup()
        while True:
            self.finished = None
            try:
                record = session.play(TablePlayer(prompter), chance)
            except (Quit, click.Abort, KeyboardInterrupt):
                self.echo("\n" + say("game.quit.saved", command=resume_command(session.save.name)))
                return None
            self.finished = record
            if session.game is not self.game:  # no prompt since the replay caught up (or ever)
                self.printed = session.log_seen if session.caught_up else len(record.log)
            self.flush(record.log)
            self.report(record)
            self.refresh_board(record.state, None)
            try:
                self.after_the_end()
            except Restart:
                continue
            except (Quit, click.Abort, KeyboardInterrupt):
                pass
            return record

    def say_setup(self) -> None:
        """A new game at the table: the set-up, step by step, before the first question."""
        header, options = self.session.header, self.session.options
        state = header.start or standard_state(self.rules, optional_cards=options.optional_cards)
        self.echo(say("game.setup.title"))
        for i, line in enumerate(setup_lines(self.rules, state, options.ai_side), 1):
            self.echo(f"  {i}. {line}")

    def report(self, record: GameRecord) -> None:
        s = record.summary()
        self.echo(say("game.over", result=result_text(record.result)))
        score = f"{s['score']:+d}"
        self.echo(
            say(
                "game.over.rating",
                rating=self.rules.rating_name(s["rating"]),
                score=score,
                difficulty=value_word("difficulty", s["difficulty"]),
            )
        )
        start = self.session.header.start
        for line in game_summary(self.rules, record.log, record.state, start):
            self.echo(line)

    def after_the_end(self) -> None:
        """Commands after the game's end; `undo` or `rollback` raises Restart, `quit` Quit."""
        self.echo(say("game.over.commands"))
        while True:
            raw = typed_line()
            word, *rest = raw.split() or [""]
            if word.lower() in COMMANDS:
                self.command(word.lower(), rest)
            elif raw:
                self.echo(say("game.over.no_command", typed=clip(raw)))

    def plan(self, game: Game, choice: Choice, raw: str) -> list[Planned]:
        """A line typed at `choice` that answers it and the questions after it: a dry run of
        the game from its journal (nothing is saved, nothing printed) with the line's parts as
        the person's answers, each read as if typed at its question. Refused, naming the part
        and the question, when a part is not legal there or the line has more parts than the
        person is asked before the AI acts or the game ends."""
        session, prompter = self.session, self.prompter
        line = Line(raw, prompter.parse, prompter.header, prompter.warnings, self.rules)
        manual_dice = session.header.dice != "auto"
        live: dict[Actor, ChoiceProvider] = {
            session.human: line,
            session.human.other: line.stop,
            CHANCE: line.chance(asked=session.header.table, dice=manual_dice, rng=session.rng_at),
        }
        if not dry_run(session, live):
            line.left_over(say("game.line.game_ends_before"))
        return line.planned

    def advise(self, game: Game, choice: Choice) -> list[str]:
        """`hint` at a question of the person's: the strong stand-in's ranking, then its whole
        play from this question on as one line to type (issue #41), shown only when the
        typed-line planner reads that line as exactly the play advised."""
        from twsolo.players.advice import advisor, hint, hint_text

        if choice.actor != self.session.human:
            return hint_text(game, choice).splitlines()
        advice = hint(game, choice)
        lines = advice.lines()
        advised = whole_play(self.session, advice.best.answer, advisor(game, choice, advice))
        typed = play_line(game, advised)
        wanted: list[Answer] = [a for c, a in advised.answers if len(c.options) > 1]
        if len(wanted) < 2:
            return lines
        # The line as the person would type it, the dice they roll last included (any faces).
        dice = [1] * advised.dice
        try:
            planned = self.plan(game, choice, ", ".join([typed, *map(str, dice)]))
        except ValueError:  # LineRefused: never shown (a test plays every such line)
            return lines
        if [p.answer for p in planned if not p.forced] != [*wanted, *dice]:
            return lines
        key = ("hint.whole_play", "hint.whole_play_die", "hint.whole_play_dice")[len(dice)]
        whole = say(key, line=typed)
        return [*lines[:-1], whole, lines[-1]]

    def ahead(self, game: Game, choice: Choice) -> str:
        """At the table, the first card of a run the person turns over: the cards turned over
        next before anyone decides anything (issue #41: the Secondary Region's card and the
        AI's top card in one line), with the Early War exception's set-aside cards said; the
        first die of a realignment: the other die; a coup's or realignment's target: its dice."""
        of = choice.context.get("of")
        if not self.session.header.table or (of is not None and of[0] != 1):
            return ""
        if choice.kind in ("play", "order"):  # the rest of an ops play
            return self.ops_rest(game, choice)
        if choice.kind in ("coup", "realign"):  # the target's dice, rolled now
            dice = dice_next(self.session, choice)
            if not dice:
                return ""
            example = " ".join(str(n) for n in (3, 5)[: len(dice)])
            key = "ask.dice_after.both" if len(dice) == 2 else "ask.dice_after.one"
            return say(key, example=example)
        if choice.kind == "die":  # a realignment's two dice, the second the other side's
            roller = choice.context.get("roller")
            if of != (1, 2) or not isinstance(roller, Side):
                return ""
            return say("ask.die.both", then=rolled_by(roller.other, game.state.ai_side))
        runs = next_cards(self.session, choice)
        if len(runs) < 2:
            return ""
        ai = game.state.ai_side
        items = []
        for run in runs[1:]:
            pile = pile_label(str(run.first.context.get("pile")), ai)
            if run.count > 1:
                items.append(say("ask.then.cards", n=run.count, pile=pile))
            else:
                items.append(say("ask.then.card", pile=pile))
        then = "ask.then_after_keep" if choice.kind == "draft" else "ask.then"
        text = say(then, items="; ".join(items))
        aside = [c for run in runs for c in run.first.context.get("set_aside", ())]
        if aside:
            names = ", ".join(f"#{c} {self.rules.card(c).name}" for c in sorted(set(aside)))
            text += " " + say("ask.then.set_aside", cards=names)
        return text

    def ops_rest(self, game: Game, choice: Choice) -> str:
        """At "how do you play it", the questions after `ops` (the order, the operation); at
        the order, the operation: invited in the same line when the operation is a choice."""
        first = "ops" if choice.kind == "play" else choice.options[0]
        if first not in choice.options:
            return ""
        after = ops_next(self.session, choice, first)
        if not after or len(after[-1].options) < 2:
            return ""
        parts = [answer_label(self.rules, first, choice.kind)]
        parts += [answer_label(self.rules, c.options[0], c.kind) for c in after if c.options[1:]]
        ordered = any(c.kind == "order" and c.options[1:] for c in after)
        key = "ask.operation_after"
        if choice.kind == "play":
            key = "ask.ops_order_after" if ordered else "ask.ops_after"
        return say(key, example=", ".join(parts))

    def before_prompt(self, choice: Choice) -> None:
        """Before a prompt: after an undo or a rollback, what to change on the physical board;
        then what happened since the last prompt (at the table, the end-of-turn checklist);
        before the player's choices in an action round, the round's banner."""
        game = self.session.game
        if game is None:
            return
        if game is not self.game:  # a new replay: its log up to now was shown before
            seen = 0 if self.fresh else self.session.log_seen  # a new game: all of it is new
            resumed = self.game is None and not self.fresh
            self.game, self.printed, self.banner, self.fresh = game, seen, "", False
            self.reminded = ""
            if resumed:
                self.recap(game.state)
        before = self.session.board_before
        marks = self.ai_marks()
        if before is not None:
            self.session.board_before = None
            caption = say("game.takeback.board_caption")
            marks = changes_since(self.rules, before, game.state, caption)
            changes = state_diff(self.rules, before, game.state)
            self.echo(
                say("game.takeback.change_board" if changes else "game.takeback.nothing_to_change")
            )
            for line in changes:
                self.echo(f"  - {line}")
            self.printed = len(game.log)
        self.flush(game.log)
        self.refresh_board(game.state, marks)
        if choice.actor == self.session.human and game.state.action_round:
            self.show_banner(game.state)

    def recap(self, state: GameState) -> None:
        """A game resumed (`twsolo play NAME`): the answers since the start of the last action
        round before this one (the turn's start in its first round), and what they changed on
        the board, which the table shows already (issue #41)."""
        since = max(state.action_round - 1, 1) if state.action_round else 0
        session = self.session
        entries = session.entries
        begin = next(
            (i for i, e in enumerate(entries) if (e.turn, e.action_round) >= (state.turn, since)),
            len(entries),
        )
        if since == 0:
            start = say("game.recap.since_turn_start")
        else:
            start = say("game.recap.since_round", action_round=since)
        if state.action_round:
            at = say("game.recap.at_round", action_round=state.action_round)
        else:
            at = say("game.recap.at_draft")
        self.echo(say("game.recap.where", turn=state.turn, at=at, since=start))
        human = session.human
        for entry in entries[begin:]:
            self.echo(f"  {history_line(self.rules, entry, human)}")
        before = position_after(
            self.rules,
            session.options,
            session.header.start,
            entries[:begin],
            table=session.header.table,
        ).state
        changes = state_diff(self.rules, before, state)
        if changes:
            self.echo(say("game.recap.changed"))
        for line in changes:
            self.echo(f"  - {line}")

    def show_banner(self, state: GameState) -> None:
        """The round's banner, when it says something new; the reminder with it, once a round
        while it says the same (a banner again in the round, after an event, does not repeat
        it: issue #41, what did not change)."""
        rounds = action_rounds(state.turn)
        banner = round_banner(
            self.rules,
            state,
            primary=primary_region(state, self.rules),
            secondary=secondary_region(state, self.rules),
            rounds=rounds,
        )
        if banner == self.banner:
            return
        self.banner = banner
        self.echo(banner)
        if reminder := milops_reminder(state, rounds):
            said = f"{state.turn} {state.action_round} {reminder}"
            if said != self.reminded:
                self.reminded = said
                self.echo(reminder)

    def flush(self, log: list[Record]) -> None:
        records = log[self.printed :]
        ai = self.session.options.ai_side
        lines = instructions(self.rules, records, ai)
        self.printed = len(log)
        for i, line in enumerate(lines, 1):
            number = f"  {i}. "
            self.echo(number + line.replace("\n", "\n" + " " * len(number)))
        game = self.session.game
        if self.session.header.table and game is not None and self.finished is None:
            for line in turn_checklist(self.rules, records, game.state):
                self.echo(line)

    # ------------------------------------------------------------------ commands
    def command(self, name: str, args: list[str]) -> None:
        handlers: dict[str, Callable[[list[str]], None]] = {
            "help": lambda _: self.echo(say("game.help")),
            "save": lambda _: self.echo(say("game.save.saved", path=self.session.save.path)),
            "quit": self.quit,
            "show": self.show_now,
            "board": self.board,
            "why": self.why,
            "history": self.history,
            "inspect": self.inspect,
            "scenario": self.scenario,
            "undo": self.undo,
            "rollback": self.rollback,
            "adjust": self.adjust,
        }
        assert name in COMMANDS
        handlers[name](args)

    def quit(self, args: list[str]) -> None:
        raise Quit

    @property
    def state(self) -> GameState | None:
        """The position now: the game's, or the final one."""
        if self.finished is not None:
            return self.finished.state
        return self.session.game.state if self.session.game is not None else None

    def show_now(self, args: list[str]) -> None:
        if self.state is not None:
            self.show(self.state, args)

    def show(self, state: GameState, args: list[str]) -> None:
        """The tracks, the lasting effects, and the Primary and Secondary Regions' countries;
        `all`: every region; a region's name: that one."""
        primary = primary_region(state, self.rules)
        secondary = secondary_region(state, self.rules)
        wanted = " ".join(args)
        if wanted.lower() == "all":
            regions: list[str] = list(MAP_REGIONS)
        elif wanted:
            by_name = {region_name(r): r for r in SCORING_REGIONS}
            found = matches(wanted, by_name)
            if len(found) != 1:
                self.echo(say("game.show.which_region", typed=clip(wanted), usage=show_usage()))
                return
            regions = [by_name[found[0]]]
        else:
            regions = [r for r in (primary, secondary) if r] or list(MAP_REGIONS)
        self.echo(tracks(self.rules, state, primary=primary, secondary=secondary))
        if effects := effects_in_force(self.rules, state):
            self.echo(say("game.show.in_force", effects=", ".join(effects)))
        self.echo(board(self.rules, state, regions))
        if not wanted:
            self.echo(say("game.show.more"))

    def why(self, args: list[str]) -> None:
        """The AI's last decision with its reasons, and the answers that carried it out (the
        points of a planned placement have no reasons of their own)."""
        decisions = self.session.bot.decisions
        if not decisions:
            self.echo(say("game.why.none"))
            return
        start = next(
            (i for i in range(len(decisions) - 1, -1, -1) if decisions[i].steps),
            len(decisions) - 1,
        )
        for decision in decisions[start:]:
            self.echo(
                say(
                    "game.why.decision",
                    turn=decision.turn,
                    action_round=decision.action_round,
                    kind=say(f"question.{decision.kind}"),
                    answer=answer_label(self.rules, decision.answer, decision.kind),
                )
            )
            for step in decision.steps:
                self.echo(f"  - {step.text(lambda value: trace_value(self.rules, value))}")
        texts = [step.text() for decision in decisions[start:] for step in decision.steps]
        if sections := cited_sections(texts):
            self.echo(say("game.why.rules_cited"))
            for section in sections:
                self.echo(f"  {section}")

    def played_turns(self) -> int:
        """The last turn begun (the turn of the game's end, once it is over)."""
        state = self.state
        return state.turn if state is not None else 1

    def history(self, args: list[str]) -> None:
        target = None
        if "--to" in args:
            i = args.index("--to")
            if i + 1 >= len(args):
                self.echo(say("game.usage.history_to"))
                return
            target = Path(args[i + 1])
            args = args[:i] + args[i + 2 :]
        turn: int | None = self.played_turns()
        if args and args[0] != "all":
            turn = number(args[0])
            if turn is None:
                self.echo(say("game.usage.history"))
                return
            if not 1 <= turn <= self.played_turns():
                self.echo(say("game.history.no_turn", turn=turn, so_far=self.turns_so_far()))
                return
        elif args:
            turn = None
        human = self.session.human
        if target is None:
            for entry in self.session.history(turn):
                self.echo(history_line(self.rules, entry, human))
            return
        # The file keeps the AI's reasons under its answers of this session (issue #17).
        lines = journal_lines(
            self.session.entries,
            self.session.bot.decisions,
            self.session.options.ai_side,
            lambda entry: history_line(self.rules, entry, human),
            turn,
            lambda value: trace_value(self.rules, value),
        )
        try:
            atomic_write_text(target, "\n".join(lines) + "\n")
        except OSError as exc:
            self.echo(say("game.cannot_write", path=target, problem=exc.strerror or exc))
            return
        self.echo(say("game.history.written", n=len(lines), path=target))

    def turns_so_far(self) -> str:
        last = self.played_turns()
        if self.finished is not None:
            return say("game.turns.lasted", n=last)
        return say("game.turns.now", turn=last)

    def turn(self, args: list[str], usage: str) -> int | None:
        """The TURN a command names, or None after printing its usage."""
        turn = number(args[0]) if args else None
        if turn is None:
            self.echo(usage)
        return turn

    def scenario(self, args: list[str]) -> None:
        """The position before one of the AI's decisions, written as a scenario file."""
        usage = say("game.usage.scenario")
        numbers = [number(a) for a in args[1:]]
        if not args or len(args) > 3 or None in numbers:
            self.echo(usage)
            return
        turn, action_round = [*numbers, None, None][:2]
        self.write_scenario(args[0], turn, action_round)

    def write_scenario(self, path: str, turn: int | None, action_round: int | None) -> None:
        from twsolo.positions.export import decisions_before, export

        session = self.session
        found = decisions_before(
            self.rules,
            session.options,
            list(session.entries),
            start=session.header.start,
            table=session.header.table,
        )
        try:
            origin = say("game.scenario.this_game")
            self.echo(export(self.rules, found, path, origin, turn, action_round))
        except TwsoloError as exc:
            self.echo(str(exc))

    def inspect(self, args: list[str]) -> None:
        """The board at the end of a turn that has ended (every turn, once the game is over);
        with `--scenario FILE`, the position before the AI's last decision of that turn."""
        turn = self.turn(args, say("game.usage.inspect"))
        if turn is None:
            return
        if "--scenario" in args:
            i = args.index("--scenario")
            if i + 1 >= len(args):
                self.echo(say("game.usage.inspect_scenario"))
                return
            self.write_scenario(args[i + 1], turn, None)
            return
        ended = self.played_turns() - (self.finished is None)
        if not 1 <= turn <= ended:
            if turn == self.played_turns():
                self.echo(say("game.inspect.not_ended", turn=turn))
            else:
                self.echo(say("game.inspect.no_turn", turn=turn, so_far=self.turns_so_far()))
            return
        state = self.session.board_at_end_of(turn)
        self.echo(say("game.inspect.title", turn=turn))
        self.show(state, args[1:])
        heading = say("game.inspect.page_heading", turn=turn)
        if self.live is not None and self.put_on_page(state, None, heading):
            self.echo(say("game.inspect.on_page", turn=turn))

    def undo(self, args: list[str]) -> None:
        plan = self.session.undo_point()
        if plan is None:
            self.echo(say("game.undo.nothing"))
            return
        self.take_back(plan)

    def rollback(self, args: list[str]) -> None:
        turn = self.turn(args, say("game.usage.rollback"))
        if turn is None:
            return
        now = self.played_turns()
        if not 1 <= turn <= now:
            # `rollback -1` once took back every answer of the game (issue #39 item 5).
            self.echo(say("game.rollback.out_of_range", last=now))
            return
        plan = self.session.rollback_point(turn)
        if plan is None:
            self.echo(say("game.rollback.not_begun", turn=turn))
            return
        if turn == now - 1:
            ended = say("game.rollback.ended_turn", turn=turn)
        else:
            ended = say("game.rollback.ended_turns", first=turn, last=now - 1)
        if turn < now and not confirm(
            say("game.rollback.confirm", n=len(plan.dropped), ended=ended)
        ):
            self.echo(say("game.takeback.nothing"))
            return
        self.take_back(plan)

    def take_back(self, plan: TakeBack) -> None:
        # At the table the dice were rolled and the cards seen; on screen chance is seeded by
        # the answer's number, so the same questions get the same dice again.
        if (
            plan.chance
            and self.session.header.table
            and not confirm(say("game.takeback.confirm_chance", n=plan.chance))
        ):
            self.echo(say("game.takeback.nothing"))
            return
        self.session.take_back(plan)
        self.echo(
            say(
                "game.takeback.done",
                takeback=takeback_name(plan.why),
                n=len(plan.dropped),
                command=play_command(self.session.save.name, option="--restore-backup"),
            )
        )
        raise Restart

    def adjust(self, args: list[str]) -> None:
        if self.finished is not None:
            self.echo(say("game.adjust.over"))
            return
        try:
            record = self.session.adjust(parse_adjust(self.rules, args))
        except AdjustmentRefused as exc:
            self.echo(say("game.adjust.refused", reason=exc))
            return
        self.echo(say("game.adjust.recorded", change=record.text(self.rules)))
        if self.session.game is not None:
            self.printed = len(self.session.game.log)

    # ------------------------------------------------------------------ the board page (#28)
    def ai_marks(self) -> Marks | None:
        game = self.session.game
        if game is None:
            return None
        return last_ai_action(self.rules, game.log, self.session.options.ai_side)

    def refresh_board(self, state: GameState, marks: Marks | None) -> None:
        """After every answer: the page shows the position (at the table, marking what changed
        since the last `board`)."""
        if self.live is None:
            return
        if self.session.header.table:
            marks = self.live.since_checked(state, marks)
        self.put_on_page(state, marks)

    def put_on_page(self, state: GameState, marks: Marks | None, heading: str = "") -> bool:
        assert self.live is not None
        try:
            self.live.write(state, marks, heading)
        except OSError as exc:
            problem = exc.strerror or exc
            self.echo(say("game.board.cannot_write_page", path=self.live.path, problem=problem))
            self.live = None
            return False
        return True

    def board(self, args: list[str]) -> None:
        """`board [FILE]`: the map now on the page kept up to date (FILE starts or moves it;
        by default board.html in the game's folder). At the table it marks what changed since
        the last `board`, the picture the physical board was checked against."""
        state = self.state
        if state is None:
            self.echo(say("game.board.none"))
            return
        name = self.session.save.name
        if args:
            target = Path(" ".join(args))
            if problem := unwritable(target):
                self.echo(say("game.board.cannot_write", path=target, problem=problem))
                return
            self.live = LiveBoard(self.rules, target, name)
        elif self.live is None:
            self.live = LiveBoard(self.rules, self.session.save.path / "board.html", name)
        live = self.live
        marks = self.ai_marks() if self.finished is None else None
        if self.session.header.table:
            marks = live.since_checked(state, marks)
        if not self.put_on_page(state, marks):
            return
        live.checked = state.copy()
        self.echo(say("game.board.where", uri=live.path.resolve().as_uri()))
