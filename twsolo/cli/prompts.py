"""The person at the table as a ChoiceProvider: every question as a prompt with its options
(cli/menus.py), the typed answer read in one place (cli/answers.py: list numbers, `#N` for a
card, names by unique prefix — `w ger` is West Germany), `?` for the legal answers, an illegal
answer refused with the rule's reason and asked again, a question with one legal answer said
and passed, what a typed line was taken to mean echoed, and a warning to confirm before an
answer that costs VP or loses the game.

In-game commands typed at any prompt are handed to the session (`on_command`)."""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from twsolo.cli.answers import Refused, read
from twsolo.cli.batch import Planned, several, splittable, summary
from twsolo.cli.menus import (
    SEEN,
    WIDTH,
    costs,
    coup_facts,
    coup_ops,
    legend,
    menu,
    numbered,
    option_text,
    short_list,
    short_menu,
)
from twsolo.cli.render import NUMBER_KINDS, answer_label, pile_label
from twsolo.engine.choices import Answer, Choice, ChoiceProvider
from twsolo.engine.ops import OpsBudget
from twsolo.ids import Side
from twsolo.phrases import say
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game
    from twsolo.engine.state import GameState

COMMANDS = (
    "show",
    "board",
    "why",
    "history",
    "inspect",
    "scenario",
    "undo",
    "rollback",
    "adjust",
    "save",
    "help",
    "quit",
)
CommandHandler = Callable[[str, list[str]], None]
# A dry run of a typed line from this question on: its answers, or Refused (cli/ingame.py).
Planner = Callable[["Game", Choice, str], list[Planned]]
# A card question at the table says what to do with its pile (spec §4).
PILE_QUESTIONS = ("draw", "reveal", "holds")
# Questions with one legal answer that are not shown: the instructions for the board say it.
SAID_BY_THE_BOARD = ("influence", "country", "realign")
# Questions whose list is shown once per play (the points of one placement, one realignment).
LISTED_ONCE = ("influence", "realign", "country")


def whose_die(choice: Choice, ai: Side | None) -> str:
    """Whose die a die question rolls: the AI's, yours, or the set-up's (no side's)."""
    return rolled_by(choice.context.get("roller"), ai)


def rolled_by(roller: object, ai: Side | None) -> str:
    if not isinstance(roller, Side):
        return say("ask.die.setup")
    if roller is ai:
        return say("ask.die.ai", side=roller.label)
    return say("ask.die.yours", side=roller.label)


# Questions said with a line of how to answer (show_context): their list keeps its own lines.
CONTEXT_KINDS = ("draft", "bottom")


def words(line: str) -> list[str]:
    """A line's words, for comparison: case, spacing and commas aside."""
    return line.replace(",", " ").casefold().split()


def points_invited(choice: Choice) -> str:
    """The first point of several (an event's, or ops' influence) invites all of them in one
    line, as a row of draws does (cli/batch.py reads it): "" for any other question."""
    ctx = choice.context
    total = ctx.get("total")
    first = isinstance(total, int) and total > 1 and ctx.get("left") == total
    if choice.kind == "country" and first:
        key = "ask.points.type_all_once" if ctx.get("per_country") == 1 else "ask.points.type_all"
        return " " + say(key, n=total)
    budget = ctx.get("budget")
    ops = isinstance(budget, OpsBudget) and not budget.spent and budget.base + len(budget.areas) > 1
    return " " + say("ask.points.type_ops") if choice.kind == "influence" and ops else ""


def one_line(header: str, lines: list[str]) -> list[str]:
    """The question and its list on one line when the list is one short line (`Which operation:
    conduct 3 ops — 1. influence · 2. coup · 3. realign`), else []."""
    if len(lines) != 1:
        return []
    line = f"{header} — {lines[0].strip()}"
    return [line] if len(line) <= WIDTH else []


def forced_run(state: GameState, choice: Choice) -> list[int]:
    """The draws after this one in a row of draws (`of`: n of count) when each of them can be
    one card only, as far as the table knows (GameState.candidates, spec §4), in the order they
    come; [] when any of them can be more than one card, or none (the pile runs out)."""
    of = choice.context.get("of")
    pile = str(choice.context.get("pile"))
    if choice.kind != "draw" or of is None or of[0] >= of[1] or pile not in state.piles:
        return []
    trial = state.copy()
    p = trial.piles[pile]
    first = int(str(choice.options[0]))
    if first not in p:  # an unseen card: what lies under it is not known
        return []
    p.remove(first)
    run = []
    for _ in range(of[1] - of[0]):
        can = trial.candidates(pile)
        if len(can) != 1 or can[0] not in p:  # a doubt, an empty pile or an unseen card
            return []
        p.remove(can[0])
        run.append(can[0])
    return run


class Prompter:
    """Asks the person each question. `before(choice)` runs first (the Terminal prints what
    happened since the last question, and the round's banner)."""

    def __init__(
        self,
        rules: Ruleset,
        on_command: CommandHandler,
        before: Callable[[Choice], None],
        plan: Planner | None = None,
        advise: Callable[[Game, Choice], list[str]] | None = None,
        ahead: Callable[[Game, Choice], str] | None = None,
    ):
        self.rules = rules
        self.on_command = on_command
        self.before = before
        self.plan = plan
        self.advise = advise
        self.ahead = ahead  # the cards a table turns over next, said at a card question
        self.queue: list[Planned] = []  # the answers a typed line gave to the next questions
        # The question whose list was shown last, and that list.
        self.listed: tuple[str, str, int, tuple[Answer, ...], list[str]] | None = None
        # The cards turned over and named in full on the screen since the last other question
        # (an echo, a forced draw): a card question about them lists them short.
        self.shown: set[Answer] = set()
        # The legends of marks said this action round: (turn, round, the legend's line).
        self.legends: set[tuple[int, int, str]] = set()

    def ask(self, game: Game, choice: Choice) -> Answer:
        options = choice.options
        if self.queue:  # answered by the line typed before: nothing to print yet
            typed = len(options) == 1 and self.queue[0].forced and self.queue[0].fits(choice)
            if typed:
                self.queue.pop(0)  # the line's part that confirmed it (cli/batch.py)
            if len(options) == 1 and choice.kind not in SEEN:
                return options[0]
            if typed:  # a card the line named and the echo said: nothing to add
                self.before(choice)
                return options[0]
            if len(options) == 1:  # a card to turn over all the same: said
                self.before(choice)
                header = self.header(game, choice)
                click.echo(say("ask.only_answer", header=header, answer=f"#{options[0]}"))
                return options[0]
            queued = self.queue.pop(0)
            if queued.fits(choice):
                return queued.answer
            self.queue.clear()
            click.echo(f"  {say('ask.refused.rest_of_line')}")
        self.before(choice)
        rules, state = self.rules, game.state
        header = self.header(game, choice)
        shown, self.shown = self.shown, set()
        if len(options) == 1 and choice.kind in SAID_BY_THE_BOARD:
            return options[0]  # the instructions say what it does
        if len(options) == 1 and (run := forced_run(state, choice)):
            # The cards of a row of draws that can each be one card only: said in one line,
            # the questions after this one confirmed by it (spec §4: a known order).
            header = self.header(game, choice, drawing=1 + len(run))
            cards = [options[0], *run]
            only = ", ".join(option_text(rules, state, choice, c) for c in cards)
            click.echo(say("ask.only_answers", header=header, answers=only))
            self.queue = [
                Planned(choice.actor, choice.kind, choice.key, c, f"#{c}", [], forced=True)
                for c in run
            ]
            self.shown = shown | set(cards)
            return options[0]
        if len(options) == 1:
            only = option_text(rules, state, choice, options[0])
            click.echo(say("ask.only_answer", header=header, answer=only))
            self.shown = shown | {options[0]} if choice.kind in SEEN else set()
            return options[0]
        n = len(options)
        listing = menu(rules, state, choice) if choice.kind in LISTED_ONCE else []
        if (again := self.listed_already(game, choice, listing)) is not None:
            vp = max((costs(choice, o) or 0) for o in options)
            # The cost in sight as you choose; marks shown above that no longer cost, said so.
            key = "ask.listed_above_marked" if vp else f"ask.listed_above{again}"
            click.echo(say(key, header=header, n=n, vp=vp))
            self.show_context(choice)
            if then := self.next_up(game, choice):
                click.echo(f"  {then}")
        elif choice.kind in SEEN and not numbered(rules, choice):  # typed as seen
            click.echo(say("ask.type_seen", header=header, n=n))
            if self.ahead is not None and (then := self.ahead(game, choice)):
                click.echo(f"  {then}")
        elif choice.kind in NUMBER_KINDS:  # a die's faces, an amount: on the question's line
            click.echo(f"{header} — {', '.join(str(o) for o in options)}")
            self.show_context(choice)
            if self.ahead is not None and (then := self.ahead(game, choice)):
                click.echo(f"  {then}")
        elif short := short_menu(rules, choice, shown):  # the cards named in full just above
            for line in one_line(header, short) or [header, *short]:
                click.echo(line)
        else:
            self.list_question(game, choice, header, listing or menu(rules, state, choice))
        while True:
            raw = typed_line()
            if not raw:
                continue
            word, *rest = raw.split()
            if raw == "?":
                for line in short_list(rules, state, choice):
                    click.echo(line)
                continue
            if word.lower() == "hint":  # advice, never an answer (twsolo/players/advice.py)
                click.echo("\n".join(self.advice(game, choice)))
                continue
            if word.lower() in COMMANDS:
                self.on_command(word.lower(), rest)
                click.echo(header)
                continue
            try:
                if self.plan is not None and several(raw, choice):
                    raise Refused(
                        say("ask.refused.several_answers")
                    )  # `#34 #4` is two cards, never a name
                answer = self.parse(game, choice, raw)
            except Refused as exc:
                if self.plan is None or not splittable(raw):
                    click.echo(say("ask.refused", reason=exc))
                    continue
                try:
                    planned = self.plan(game, choice, raw)
                except ValueError as whole:  # the line as a whole: LineRefused
                    click.echo(say("ask.refused_line", reason=whole))
                    continue
                if self.confirmed_line(raw, planned):
                    self.queue = planned[1:]
                    self.shown = {p.answer for p in planned if p.kind in SEEN}
                    return planned[0].answer
                continue
            label = answer_label(rules, answer, choice.kind)
            if raw.casefold() != label.casefold() and choice.kind not in NUMBER_KINDS:
                click.echo(f"  = {label}")  # what the typed line was taken to mean
            if self.confirmed(game, choice, answer):
                self.shown = shown | {answer} if choice.kind in SEEN else set()
                return answer

    def advice(self, game: Game, choice: Choice) -> list[str]:
        """`hint`'s lines: the Terminal's (with the whole play), else the ranking alone."""
        if self.advise is not None:
            return self.advise(game, choice)
        # Imported when asked: the strong stand-in's look-ahead is a fifth of the imports of
        # a resume (docs/decisions.md §14).
        from twsolo.players.advice import hint_text

        return hint_text(game, choice).splitlines()

    def header(self, game: Game, choice: Choice, *, drawing: int = 1) -> str:
        """The question's title and prompt; a card question at the table names its pile and
        what to do with it (turn over its top card, look through it; its top `drawing` cards,
        a row of draws said at once)."""
        title = say("question.draw_row" if drawing > 1 else f"question.{choice.kind}")
        if choice.kind == "die":
            title = say("ask.die.title", die=whose_die(choice, game.state.ai_side))
        prompt = choice.prompt
        if drawing > 1 and (of := choice.context.get("of")):  # the row, not its first card
            prompt = prompt.removesuffix(say("solo.piles.nth", purpose="", nth=of[0], count=of[1]))
        header = f"{title}: {prompt}" if prompt else title
        pile = choice.context.get("pile")
        if pile is None or choice.kind not in PILE_QUESTIONS:
            return header
        where = pile_label(str(pile), game.state.ai_side)
        if choice.kind == "draw" and (to := choice.context.get("to")):
            onto = pile_label(str(to), game.state.ai_side)
            if drawing > 1:
                return f"{header} — {say('ask.pile.draws_to', n=drawing, pile=where, to=onto)}"
            header += " — " + say("ask.pile.draw_to", pile=where, to=onto)
        else:
            header += " — " + say(f"question.pile.{choice.kind}", pile=where)
        of = choice.context.get("of")  # the first of several cards drawn in a row
        if choice.kind == "draw" and of is not None and of[0] == 1 and 2 <= of[1] <= 9:
            header += " " + say("ask.pile.type_all", n=of[1])
        return header

    def list_question(self, game: Game, choice: Choice, header: str, lines: list[str]) -> None:
        """The question and its list: a short list on the question's line; else the list under
        it, the marks' legend once an action round; the points, cards or dice the line may
        carry invited (not in `header`, the question's title a refusal names too)."""
        then = self.next_up(game, choice)
        header += points_invited(choice)
        if choice.kind not in CONTEXT_KINDS and (one := one_line(header, lines)):
            click.echo(one[0])
        else:
            click.echo(header)
            self.show_context(choice)
            said = self.legend_said(game, choice)
            for line in lines:
                if line not in said:
                    click.echo(line)
        if then:
            click.echo(f"  {then}")

    def next_up(self, game: Game, choice: Choice) -> str:
        """What a list question's line may carry after its answer: the next draft step's draws
        (after the keep), a coup's or realignment's dice (after the target), the rest of an ops
        play (after `ops` or the order); else ""."""
        if self.ahead is None or choice.kind not in ("draft", "coup", "realign", "play", "order"):
            return ""
        return self.ahead(game, choice)

    def legend_said(self, game: Game, choice: Choice) -> list[str]:
        """The legend of the list's marks when it was said earlier in this action round (then
        not again: it says the same), else []; noted as said from now on."""
        state = game.state
        here = (state.turn, state.action_round)
        lines = legend(choice)
        said = [line for line in lines if (*here, line) in self.legends]
        self.legends = {k for k in self.legends if k[:2] == here} | {(*here, x) for x in lines}
        return said

    def listed_already(self, game: Game, choice: Choice, lines: list[str]) -> str | None:
        """The same question of the same play asked again (the next point of a placement) with
        the same answers in the same order: its list was shown the last time. "" when the list
        is the same, marks included; "_paid" when only its off-region marks are gone (the
        penalty is paid: the numbers above still hold); None when the list changed (a country
        no longer legal) and is shown anew."""
        state = game.state
        shown = self.listed
        here = (choice.key, choice.kind, state.turn * 100 + state.action_round, choice.options)
        self.listed = (*here, lines)
        if shown is None or choice.kind not in LISTED_ONCE or shown[:4] != here:
            return None
        if shown[4] == lines:
            return ""
        paid = not any(costs(choice, o) for o in choice.options)
        if paid:
            self.listed = shown  # the lines on the screen are still the marked ones
        return "_paid" if paid else None

    def confirmed_line(self, raw: str, planned: list[Planned]) -> bool:
        """A line that answers several questions, as understood (unless it reads as typed),
        and its warnings at once."""
        understood = summary(planned)
        if words(understood) != words(raw):
            click.echo(f"  = {understood}")
        return warned(list(dict.fromkeys(w for p in planned for w in p.warnings)))

    def show_context(self, choice: Choice) -> None:
        ctx = choice.context
        if choice.kind == "draft":
            how = "ask.draft.how_bonus" if ctx.get("bonus") else "ask.draft.how"
            click.echo(f"  {say(how, keep=ctx.get('keep'))}")
        if choice.kind == "bottom":
            click.echo(f"  {say('ask.bottom.how')}")

    def confirmed(self, game: Game, choice: Choice, answer: Answer) -> bool:
        """Before an answer that costs VP (spec §10.2) or loses the game (a coup that leaves
        DEFCON at 1, spec §20.1.2): say so and ask."""
        return warned(self.warnings(game, choice, answer))

    def warnings(self, game: Game, choice: Choice, answer: Answer) -> list[str]:
        """What an answer costs: VP (spec §10.2) or the game (a coup that leaves DEFCON at 1,
        spec §20.1.2)."""
        rules, state = self.rules, game.state
        warnings = []
        if vp := costs(choice, answer):
            label = answer_label(rules, answer)
            warnings.append(say("ask.warning.off_region", answer=label, vp=vp))
        side = choice.actor
        if choice.kind == "coup" and str(answer) in rules.index and isinstance(side, Side):
            country = rules.index[str(answer)]
            ops = coup_ops(rules, choice, country)
            if ops is not None and coup_facts(rules, state, side, country, ops)[1] == 1:
                name = rules.countries[country].name
                warnings.append(say("ask.warning.coup_defcon1", country=name))
        return warnings

    def parse(self, game: Game, choice: Choice, raw: str) -> Answer:
        """The answer a typed line names, or Refused (cli/answers.py)."""
        return read(game, choice, raw)


def warned(warnings: list[str]) -> bool:
    """No warning, or the person goes ahead after reading them."""
    if not warnings:
        return True
    for warning in warnings:
        click.echo(f"  {say('ask.warning', warning=warning)}")
    if confirm(f"  {say('ask.go_ahead')}"):
        return True
    click.echo(f"  {say('ask.not_done')}")
    return False


def confirm(question: str) -> bool:
    """A yes-or-no question; anything but yes is no."""
    return typed_line(f"{question} [y/N]", suffix=": ", default="").lower() in ("y", "yes")


# Control characters (a NUL, an escape; not a tab) are no part of any answer (issue #40).
CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")


def typed_line(text: str = ">", *, suffix: str = " ", default: str | None = None) -> str:
    """A line typed at a prompt, stripped. One holding a control character is refused at once,
    with a message, and asked again."""
    while True:
        raw = str(click.prompt(text, prompt_suffix=suffix, default=default, show_default=False))
        if found := CONTROL.search(raw.strip()):
            code = f"{ord(found.group()):04X}"
            click.echo(say("ask.refused.control_character", code=code))
            continue
        return raw.strip()


def terminal_line(prompt: str) -> str:
    """click's reader at a terminal: `input()` reads a C string, so a NUL ends the line there
    and it waits for the next Enter with nothing said; reading the line whole keeps the NUL for
    `typed_line` to refuse. Line ends are the terminal's own."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.rstrip("\r\n")


def read_terminal_lines() -> None:
    """At a terminal, prompts read their line with `terminal_line` (never under a test's runner:
    its stdin is no terminal)."""
    if sys.stdin.isatty():
        click.termui.visible_prompt_func = terminal_line


class TablePlayer:
    """The human side's provider."""

    def __init__(self, prompter: Prompter) -> None:
        self.prompter = prompter

    def choose(self, game: Game, choice: Choice) -> Answer:
        return self.prompter.ask(game, choice)


class TableChance:
    """Chance at the table: the person reports what the cards and dice show. With
    `dice="auto"` the program rolls (seeded); cards revealed are always asked."""

    def __init__(self, prompter: Prompter, *, dice: str, rng: Callable[[], random.Random]) -> None:
        self.prompter = prompter
        self.dice = dice
        self.rng = rng

    def choose(self, game: Game, choice: Choice) -> Answer:
        if choice.kind == "die":
            if self.dice == "auto":
                value = self.rng().choice(choice.options)
                whose = whose_die(choice, game.state.ai_side)
                said = say("ask.die.rolled", die=whose, purpose=choice.prompt, value=value)
                click.echo(f"{said[0].upper()}{said[1:]}")
                return value
            return self.prompter.ask(game, choice)
        return self.prompter.ask(game, choice)


class ScreenChance:
    """Chance on screen with `--dice manual`: the person rolls the dice and types them (asked as
    at the table); the program deals and draws the cards (the session's seeded chance)."""

    def __init__(self, prompter: Prompter, cards: ChoiceProvider) -> None:
        self.prompter = prompter
        self.cards = cards

    def choose(self, game: Game, choice: Choice) -> Answer:
        if choice.kind == "die":
            return self.prompter.ask(game, choice)
        return self.cards.choose(game, choice)
