"""A person typing at twsolo's prompts, for tests that play through the real command line.

`twsolo new/play` runs in click's CliRunner as usual; only the keyboard is replaced: the person
reads the question the prompt stands for, decides like a stand-in player would (the greedy
stand-in for the person's own side; at random among the legal answers for what the cards and
dice show at the table), and types the answer's text — a card as its label, a die as its face,
a set of cards as their numbers — which the CLI then parses like any typed line. Commands can be
typed at chosen prompts. Every prompt is remembered with what the game looked like then.
"""

from __future__ import annotations

import contextlib
import copy
import random
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result

from twsolo.cli.batch import pile_changed
from twsolo.cli.main import cli
from twsolo.cli.prompts import Prompter
from twsolo.cli.render import answer_label
from twsolo.engine.choices import CHANCE, Answer, Choice
from twsolo.engine.game import Game
from twsolo.engine.records import HandShown
from twsolo.phrases import say
from twsolo.players.greedy import GreedyPlayer

FIRST = "<the first legal answer>"


def first(n: int) -> list[str]:
    """`n` prompts answered with their first legal answer."""
    return [FIRST] * n


@dataclass
class Prompt:
    """One time the person was asked to type: the question, the turn (its action round, and
    whether that is a Scoring Round), where the output stood when the question began (before
    whatever it printed), the cards lying face down then (digital play: the dealer's; none at
    the table), what was typed, and every card an event has shown so far (`HandShown`: CIA
    Created, Lone Gunman)."""

    choice: Choice
    turn: int
    output_at: int
    face_down: frozenset[int]
    typed: str
    action_round: int = 0
    scoring_round: bool = False
    shown: frozenset[int] = frozenset()


@dataclass
class Person:
    seed: int = 0
    # Commands typed before answering, by prompt number (e.g. {40: "history all"}).
    commands: dict[int, str] = field(default_factory=dict)
    # Lines typed once the game is over (then `quit`).
    after_end: list[str] = field(default_factory=list)
    # Lines typed at a question before its answer, the first time it is asked (None: none).
    say: Callable[[Game, Choice], list[str] | None] | None = None
    script: list[str] | None = None
    prompts: list[Prompt] = field(default_factory=list)
    current: tuple[Game, Choice] | None = None
    asked_at: int = 0  # where the output stood when the current question began
    rng: random.Random = field(init=False)
    brains: dict[str, GreedyPlayer] = field(default_factory=dict)
    pending: list[str] = field(default_factory=list)  # what `say` has left to type
    said: Choice | None = None  # the question `say` was last asked about
    answered: list[Choice] = field(default_factory=list)  # the questions answered, in order

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def sit_down(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Take the keyboard: note each question the Prompter asks, answer click's prompt."""
        ask = Prompter.ask

        def noting(prompter: Prompter, game: Game, choice: Choice) -> Answer:
            self.current = (game, choice)
            self.asked_at = output_length()
            return ask(prompter, game, choice)

        monkeypatch.setattr(Prompter, "ask", noting)
        monkeypatch.setattr(click, "prompt", self.type_line)

    def type_line(self, text: str, **_: Any) -> str:
        if self.current is None:  # a finished game opened again: no question was asked
            return self.after_the_end()
        game, choice = self.current
        n = len(self.prompts)
        if text.endswith("[y/N]"):
            line = "y"  # a warning before a costly answer: the person goes ahead
        elif self.script is not None:
            if not self.script:
                raise click.Abort  # the end of the input, as Ctrl-D
            line = self.script.pop(0)
            if line == FIRST:
                over = game.state.result is not None
                line = "quit" if over else typed(game, choice, choice.options[0])
        elif game.state.result is not None:
            line = self.after_end.pop(0) if self.after_end else "quit"  # the game is over
        else:
            line = self.commands.pop(n, None) or self.said_first(game, choice)
            if not line:
                line = self.answer(game, choice)
                self.answered.append(choice)
        held = game.dealer.cards.values() if game.dealer else ()
        face_down = frozenset(c for cards in held for c in cards)
        state = game.state
        at = (state.action_round, state.scoring_round)
        shown = frozenset(c for r in game.log if isinstance(r, HandShown) for c in r.cards)
        prompt = Prompt(choice, state.turn, self.asked_at, face_down, line, *at, shown=shown)
        self.prompts.append(prompt)
        if len(self.answered) > 2 and all(c is choice for c in self.answered[-3:]):
            raise AssertionError(f"the same question refused again and again: {choice.prompt}")
        click.echo(f"> {line}")
        return line

    def after_the_end(self) -> str:
        """A line typed at the prompt after the game's end, when no question was asked."""
        if self.script is not None:
            if not self.script:
                raise click.Abort
            line = self.script.pop(0)
        else:
            line = self.after_end.pop(0) if self.after_end else "quit"
        line = "quit" if line == FIRST else line
        click.echo(f"> {line}")
        return line

    def said_first(self, game: Game, choice: Choice) -> str | None:
        """The next line `say` wants typed at this question, if any."""
        if self.say is not None and choice is not self.said:
            self.said = choice
            self.pending = list(self.say(game, choice) or [])
        return self.pending.pop(0) if self.pending else None

    def turns(self, output: str) -> dict[int, str]:
        """The transcript by turn, cut at the first prompt of each turn."""
        starts: dict[int, int] = {}
        for p in self.prompts:
            starts.setdefault(p.turn, p.output_at)
        cuts = sorted(starts.items(), key=lambda item: item[1])
        ends = [at for _, at in cuts[1:]] + [len(output)]
        return {turn: output[at:end] for (turn, at), end in zip(cuts, ends, strict=True)}

    def answer(self, game: Game, choice: Choice) -> str:
        if choice.actor == CHANCE:
            answer = self.rng.choice(choice.options)
        else:
            side = str(choice.actor)
            brain = self.brains.setdefault(side, GreedyPlayer(choice.actor))  # type: ignore[arg-type]
            answer = brain.choose(game, choice)
        return typed(game, choice, answer)


def typed(game: Game, choice: Choice, answer: Answer) -> str:
    """What a person types for `answer`: `#N`s for a set or an order of cards, else the answer
    as the prompt labels it."""
    if isinstance(answer, tuple):
        return " ".join(f"#{a}" for a in answer)
    return answer_label(game.rules, answer, choice.kind)


def output_length() -> int:
    """How much the command has printed so far (CliRunner's captured stdout)."""
    sys.stdout.flush()
    buffer: Callable[[], bytes] = sys.stdout.buffer.getvalue  # type: ignore[attr-defined]
    return len(buffer().decode("utf-8", "replace"))


def run_with(home: Path, args: list[str], person: Person) -> str:
    """`twsolo ARGS --home HOME` with `person` at the keyboard; what it printed (it must end
    well)."""
    with pytest.MonkeyPatch.context() as patch:
        person.sit_down(patch)
        result = CliRunner().invoke(cli, [*args, "--home", str(home)], catch_exceptions=False)
    assert result.exit_code == 0, result.output[-3000:]
    return result.stdout


def run_typing(home: Path, args: list[str], script: list[str]) -> Result:
    """`twsolo ARGS --home HOME` with a person typing `script` (see the module)."""
    with pytest.MonkeyPatch.context() as patch:
        Person(script=list(script)).sit_down(patch)
        return CliRunner().invoke(cli, [*args, "--home", str(home)])


# ------------------------------------------------------------------ a real table (issue #29)
CARD_NO = re.compile(r"#(\d+)")
LINE = re.compile(r"^\s+\d+\. (.*)$")
INFLUENCE = re.compile(r"^(add|remove) (\d+) (US|USSR) influence (?:to|from) (.+) \(now (\d+)\)$")
INFLUENCE_MANY = re.compile(r"^(add|remove) (US|USSR) influence: (.+)$")
INFLUENCE_ITEM = re.compile(r"(.+?) [+−](\d+) \(now (\d+)\)(?:, |$)")
REGIONS_OUT = re.compile(r"^(#\d+) .+?, (#\d+) .+ go from the region spaces to (.+)$")
REGIONS_ON = re.compile(r"^(#\d+) .+? to (.+), (#\d+) .+ up to the Primary Region space$")
GOES = re.compile(r"^(.*?) (?:goes|go) from (.+?) to (.+)$")
REMOVED = re.compile(r"^(.*?) (?:is|are) removed from the game(?: \(from (.+)\))?$")
TAKE_OUT = re.compile(r"^look through (.+?), take out (.*) and put (?:it|them) (?:in|at|on) (.+)$")
TAKE_OUT_GONE = re.compile(
    r"^look through (.+?), take out (.*) and put (?:it|them) out of the game$"
)
GATHER = re.compile(
    r"^add (.+?) to (.+?)(?: \(a new Scoring Card Deck\))? and shuffle (?:.+?)( \(the cards.*\))?$"
)
SHUFFLE_BOTH = re.compile(r"^shuffle (.+?) and (.+)$")
DEAL_SPLIT = re.compile(r"^deal face down from (.+?): (.+)$")
DEAL_ITEM = re.compile(r"(\d+) to (.+?)(?:, |$)")
SHUFFLE = re.compile(r"^shuffle (.+?)(?: \((the cards? .*)\))?$")
UNUSED = re.compile(r"^(.*) stay in the game box \((not used|out of the game)\)$")
DEAL = re.compile(r"^deal (a card|\d+ cards) face down from (.+) to (.+)$")
RESTACK = re.compile(r"^restack (.+?), top to bottom: (.*)$")
START = re.compile(r"^place the starting (US|USSR) influence: (.*)$")
TURN_OVER_ROW = re.compile(r"turn over the top \d+ cards of (.+?) one by one")
ONLY_ANSWERS = "each can be one card only:"
ONLY_ANSWER = re.compile(r"only one legal answer|each can be one card only")
TURN_OVER = re.compile(r"turn over the top card of (.+?)(?: and put it on | \(you may| — |$)")
LOOK = re.compile(r"look through (.+?)(?: and name| — |$)")
BOX = "box"
STACK = "stack"  # a scenario's unseen cards, before they are dealt
DEBUG = False


class PhysicalTable:
    """Real piles of real cards (top first) and the influence on the map, changed only by what
    the screen says; every slip is noted in `problems`."""

    def __init__(self, rules: Any, ai: Any, rng: random.Random) -> None:
        from twsolo.cli.render import GATHERED, pile_label
        from twsolo.engine.state import PILES

        self.rules, self.rng = rules, rng
        self.piles: dict[str, list[int]] = {p: [] for p in PILES}
        self.piles[BOX] = sorted(rules.cards)
        self.bottom: dict[str, int] = dict.fromkeys(self.piles, 0)  # cards put at the bottom
        self.top: dict[str, int] = dict.fromkeys(self.piles, 0)  # cards put on top
        self.names = {pile_label(p, ai): p for p in PILES}
        self.names.update({"the game box": BOX, "out of the game": "removed"})
        self.names["the face-down stack"] = STACK
        self.piles[STACK] = []
        self.bottom[STACK] = self.top[STACK] = 0
        self.gathered = {words: pile for pile, words in GATHERED.items()}
        self.held: list[int] = []  # cards turned over, not yet put anywhere
        self.dirty: set[str] = set()  # face-down piles a known card entered unshuffled
        self.influence: dict[tuple[str, str], int] = {}
        self.problems: list[str] = []
        self.shuffles_missing = 0
        self.not_on_top = 0

    def copy(self) -> PhysicalTable:
        """The same table, to try a line on (the rules and the shuffling hand shared)."""
        new = copy.copy(self)
        new.piles = {p: list(c) for p, c in self.piles.items()}
        new.bottom, new.top = dict(self.bottom), dict(self.top)
        new.held, new.dirty, new.influence = list(self.held), set(self.dirty), dict(self.influence)
        return new

    def pile(self, words: str) -> str:
        words = words.strip()
        for prefix in ("the bottom of ", "the top of "):
            words = words.removeprefix(prefix)
        if words not in self.names:
            self.problems.append(f"no such pile on the table: {words!r}")
            return BOX
        return self.names[words]

    def take(self, card: int, source: str, *, look: bool) -> None:
        """`card` out of `source`: one just turned over is in hand; a face-down pile gives a
        card from anywhere only when the screen says to look through it."""
        from twsolo.cli.render import FACE_DOWN

        if card in self.held:
            self.held.remove(card)
            return
        pile = self.piles[source]
        if card not in pile:
            self.problems.append(f"#{card} is not in {source} ({len(pile)} cards)")
            return
        if source in FACE_DOWN and not look and source != BOX and pile[0] != card:
            self.not_on_top += 1
            self.problems.append(f"#{card} taken from {source} without looking, not on top")
        at = pile.index(card)
        pile.remove(card)
        if at < self.top[source]:
            self.top[source] -= 1
        elif at >= len(pile) + 1 - self.bottom[source]:
            self.bottom[source] = max(0, self.bottom[source] - 1)

    def put(self, card: int, where: str) -> None:
        from twsolo.cli.render import FACE_DOWN

        target = self.pile(where)
        pile = self.piles[target]
        if where.startswith("the bottom of"):
            pile.append(card)
            self.bottom[target] += 1
        elif where.startswith("the top of"):
            pile.insert(0, card)
            self.top[target] += 1
        else:
            pile.insert(self.top[target], card)
            middle = len(pile) - self.top[target] - self.bottom[target]
            if target in FACE_DOWN and middle > 1:  # one card alone needs no shuffle
                self.dirty.add(target)

    def shuffle(self, pile: str, kept: str = "") -> None:
        cards = self.piles[pile]
        top = self.top[pile] if "on top" in kept else 0
        bottom = self.bottom[pile] if "at the bottom" in kept else 0
        middle = cards[top : len(cards) - bottom]
        self.rng.shuffle(middle)
        self.piles[pile] = cards[:top] + middle + cards[len(cards) - bottom :]
        self.top[pile], self.bottom[pile] = top, bottom
        self.dirty.discard(pile)

    def place(self, line: str, verb: str, side: str, country: str, n: int, now: int) -> None:
        """Influence added or removed as a line says, checked against its count."""
        key = (country, side)
        before = self.influence.get(key, 0)
        after = before + n if verb == "add" else before - n
        if after != now:
            self.problems.append(f"{line}: the map showed {before}")
        self.influence[key] = now

    def deal(self, line: str, n: int, source: str, target: str) -> None:
        """`n` cards face down from the top of one pile onto another."""
        src, dst = self.pile(source), self.pile(target)
        for _ in range(n):
            if not self.piles[src]:
                self.problems.append(f"{line}: {src} is empty")
                return
            card = self.piles[src].pop(0)
            self.top[src] = max(0, self.top[src] - 1)
            self.piles[dst].insert(0, card)

    def do(self, line: str) -> None:
        """Carry out one line of the screen's instructions."""
        if m := INFLUENCE.match(line):
            verb, n, side, country, now = m.groups()
            self.place(line, verb, side, country, int(n), int(now))
        elif m := INFLUENCE_MANY.match(line):
            verb, side, items = m.groups()
            for country, n, now in INFLUENCE_ITEM.findall(items):
                self.place(line, verb, side, country, int(n), int(now))
        elif m := START.match(line):
            side, placed = m.groups()
            for item in placed.split(", "):
                country, n = item.rsplit(" ", 1)
                self.influence[(country, side)] = int(n)
        elif m := DEAL.match(line):
            what, source, target = m.groups()
            self.deal(line, 1 if what == "a card" else int(what.split()[0]), source, target)
        elif m := DEAL_SPLIT.match(line):
            source, items = m.groups()
            for n, target in DEAL_ITEM.findall(items):
                self.deal(line, int(n), source, target)
        elif m := UNUSED.match(line):
            pile = "unused" if m.group(2) == "not used" else "removed"
            for c in map(int, CARD_NO.findall(m.group(1))):
                self.take(c, BOX, look=True)
                self.piles[pile].append(c)
        elif m := GATHER.match(line):
            words, target, kept = m.groups()
            kept = kept or ""
            source = self.gathered.get(words)
            if source is None:
                self.problems.append(f"cannot gather {words!r}")
                return
            dst = self.pile(target)
            for card in list(self.piles[source]):
                self.take(card, source, look=True)
                self.put(card, target)
            self.shuffle(dst, kept)
        elif m := TAKE_OUT_GONE.match(line):
            source, cards = m.groups()
            for c in map(int, CARD_NO.findall(cards)):
                self.take(c, self.pile(source), look=True)
                self.put(c, "out of the game")
        elif m := TAKE_OUT.match(line):
            source, cards, where = m.groups()
            for c in map(int, CARD_NO.findall(cards)):
                self.take(c, self.pile(source), look=True)
                self.put(c, where)
        elif m := REMOVED.match(line):
            cards, source = m.groups()
            for c in map(int, CARD_NO.findall(cards)):
                self.take(c, self.pile(source) if source else "table", look=False)
                self.put(c, "out of the game")
        elif m := REGIONS_OUT.match(line):
            out, up, where = m.groups()
            for card, space in ((out, "Primary"), (up, "Secondary")):
                self.take(int(card[1:]), self.pile(f"the {space} Region space"), look=False)
                self.put(int(card[1:]), where)
        elif m := REGIONS_ON.match(line):
            out, where, up = m.groups()
            primary, secondary = "the Primary Region space", "the Secondary Region space"
            for card, source, target in ((out, primary, where), (up, secondary, primary)):
                self.take(int(card[1:]), self.pile(source), look=False)
                self.put(int(card[1:]), target)
        elif m := GOES.match(line):
            cards, source, where = m.groups()
            if not CARD_NO.match(cards):
                return
            src = self.pile(source)
            for c in map(int, CARD_NO.findall(cards)):
                self.take(c, src, look=False)
                self.put(c, where)
        elif m := RESTACK.match(line):
            pile, cards = m.groups()
            order = [int(c) for c in CARD_NO.findall(cards)]
            p = self.pile(pile)
            if sorted(order) != sorted(self.piles[p]):
                self.problems.append(f"{line}: the pile holds {sorted(self.piles[p])}")
            self.piles[p], self.top[p], self.bottom[p] = order, len(order), 0
        elif (m := SHUFFLE_BOTH.match(line)) and all(w in self.names for w in m.groups()):
            for words in m.groups():
                self.shuffle(self.pile(words))
        elif m := SHUFFLE.match(line):
            words, kept = m.groups()
            self.shuffle(self.pile(words), kept or "")

    # ---------------------------------------------------------------- answering chance
    def turn_over(self, words: str, options: Sequence[Any]) -> int | None:
        """The top card of the pile the question names, turned over and held."""
        pile = self.pile(words)
        if pile in self.dirty:
            self.shuffles_missing += 1
            self.problems.append(f"a known card went into {pile} and it was not shuffled")
            self.dirty.discard(pile)
        if not self.piles[pile]:
            self.problems.append(f"{pile} is empty, a card is asked from it")
            return None
        card = self.piles[pile][0]
        self.take(card, pile, look=False)
        self.held.append(card)
        if card not in options:
            self.problems.append(f"the top card #{card} of {pile} is not a legal answer")
            return None
        return card

    def look_through(self, words: str, options: Sequence[Any]) -> int | None:
        pile = self.pile(words)
        for card in self.piles[pile]:
            if card in options:
                return card
        self.problems.append(f"no card of {pile} is among the answers")
        return None

    def compare(self, state: Any, when: str) -> None:
        """The table against the program's position: every pile's size, all influence."""
        for pile, cards in self.piles.items():
            if pile in (BOX, STACK):
                continue
            n = len(cards) + len(self.held) if pile == "table" else len(cards)
            if pile in state.piles and n != (k := len(state.piles[pile])):
                self.problems.append(f"{when}: {pile} holds {n} at the table, {k} in the game")
        for c in self.rules.countries:
            for side in ("US", "USSR"):
                col = 0 if side == "US" else 1
                mine = self.influence.get((c.name, side), 0)
                if mine != (k := int(state.influence[c.index, col])):
                    self.problems.append(f"{when}: {c.name} {side} {mine} on the map, {k} in game")


@dataclass
class TablePerson(Person):
    """A person at a real table: keeps real shuffled piles (PhysicalTable), does exactly what
    the screen's instructions say, answers a card question only by turning over the top card of
    the pile the question names (or looking through it), rolls real dice, and types a whole
    play in one line (the points of a placement, the cards turned over one after another, a
    realignment's dice). `brain`: greedy, random or hint (the `hint` command's answer). After
    every action round the table is compared with the program's position."""

    brain: str = "greedy"
    table: PhysicalTable | None = None
    read_at: int = 0
    checked: tuple[int, int] = (0, -1)
    unnamed: int = 0  # card questions that did not name their pile
    typed_answers: int = 0
    # The rest of a row of draws the screen said at once: (the pile's words, the card said).
    said_run: list[tuple[str, int]] = field(default_factory=list)
    terminal: Any = None

    def sit_down(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from twsolo.cli.ingame import Terminal

        super().sit_down(monkeypatch)
        flush, setup = Terminal.flush, Terminal.say_setup
        person = self

        def reading_flush(terminal: Terminal, log: Any) -> None:
            person.terminal = terminal
            start = output_length()
            flush(terminal, log)
            person.read(start)

        def reading_setup(terminal: Terminal) -> None:
            person.terminal = terminal
            start = output_length()
            setup(terminal)
            person.read(start)

        ask = Prompter.ask

        def turning_over(prompter: Prompter, game: Game, choice: Choice) -> Answer:
            start = output_length()
            answer = ask(prompter, game, choice)
            if len(choice.options) == 1 and choice.kind == "draw":
                person.forced(start, answer)
            return answer

        monkeypatch.setattr(Prompter, "ask", turning_over)
        monkeypatch.setattr(Terminal, "flush", reading_flush)
        monkeypatch.setattr(Terminal, "say_setup", reading_setup)

    def forced(self, start: int, answer: Answer) -> None:
        """A card to turn over with one legal answer (said, not asked): turn it over. A row of
        them said at once (`turn over the top 2 cards of …`): turn each over in turn."""
        assert self.table is not None
        sys.stdout.flush()
        text = sys.stdout.buffer.getvalue().decode("utf-8", "replace")[start:]  # type: ignore[attr-defined]
        said = [ln for ln in text.splitlines() if ONLY_ANSWER.search(ln)]
        if not said and self.said_run:
            pile, expected = self.said_run.pop(0)
            if expected != answer:
                self.table.problems.append(f"#{answer} drawn where the screen said #{expected}")
            self.table.turn_over(pile, [answer])
            return
        line = said[-1] if said else ""
        row = TURN_OVER_ROW.search(line)
        found = row or TURN_OVER.search(line)
        if found is None:
            self.unnamed += 1
            self.table.problems.append(f"a card to turn over not said: #{answer}")
            return
        if row:  # the cards after this one, as the line names them
            listed = [int(c) for c in CARD_NO.findall(line.split(ONLY_ANSWERS)[-1])]
            self.said_run = [(row.group(1), c) for c in listed[1:]]
        self.table.turn_over(found.group(1), [answer])

    def read(self, start: int) -> None:
        """Do what the screen printed from `start` on."""
        assert self.table is not None
        sys.stdout.flush()
        text = sys.stdout.buffer.getvalue().decode("utf-8", "replace")[start:]  # type: ignore[attr-defined]
        for line in text.splitlines():
            if m := LINE.match(line):
                self.table.do(m.group(1))

    def type_line(self, text: str, **kwargs: Any) -> str:
        if text.endswith("[y/N]") or self.current is None:
            return super().type_line(text, **kwargs)
        game = self.current[0]
        if game.state.result is None:
            self.check(game)
        return super().type_line(text, **kwargs)

    def check(self, game: Game) -> None:
        state = game.state
        here = (state.turn, state.action_round)
        if DEBUG and self.table is not None:
            self.table.compare(state, f"at prompt {len(self.prompts)}")
        if here != self.checked and self.table is not None:
            self.checked = here
            self.table.compare(state, f"turn {state.turn} AR{state.action_round}")

    def answer(self, game: Game, choice: Choice) -> str:
        """The line for this question and the ones of the same play after it, planned in a
        dry run on a copy of the table."""
        assert self.table is not None
        header = self.last_header()
        words = None
        if choice.kind in ("draw", "reveal", "holds"):
            found = (TURN_OVER if choice.kind == "draw" else LOOK).search(header)
            if found is None:
                self.unnamed += 1
                self.table.problems.append(f"the question names no pile: {header}")
                return typed(game, choice, choice.options[0])
            words = found.group(1)
        table = self.table.copy()
        answers = self.plan(game, choice, table, words)
        self.table = table
        self.typed_answers += 1
        return self.line(game, choice, answers)

    def last_header(self) -> str:
        sys.stdout.flush()
        text = sys.stdout.buffer.getvalue().decode("utf-8", "replace")[self.asked_at :]  # type: ignore[attr-defined]
        heads = [ln for ln in text.splitlines() if not ln.startswith(" ") and ": " in ln]
        return heads[-1] if heads else ""

    def own(self, game: Game, choice: Choice) -> Answer:
        if self.brain == "random":
            return self.rng.choice(choice.options)
        if self.brain == "hint":
            from twsolo.players.advice import hint

            return hint(game, choice).best.answer
        side = str(choice.actor)
        brain = self.brains.setdefault(side, GreedyPlayer(choice.actor))  # type: ignore[arg-type]
        return brain.choose(game, choice)

    def chance(self, game: Game, choice: Choice, table: PhysicalTable, words: str) -> Answer:
        if choice.kind == "die":
            return self.rng.randint(1, 6)
        if choice.kind == "draw":
            card = table.turn_over(words, choice.options)
            return card if card is not None else choice.options[0]
        if choice.kind == "reveal":
            card = table.look_through(words, choice.options)
            return card if card is not None else choice.options[0]
        if choice.kind == "holds":
            return "yes" if choice.context.get("card") in table.piles[table.pile(words)] else "no"
        return self.rng.choice(choice.options)

    def part(self, game: Game, choice: Choice, answer: Answer) -> str:
        """One answer of a line: a card as #N, a set of cards as their #Ns, else its label."""
        if isinstance(answer, tuple):
            return " ".join(f"#{a}" for a in answer)
        if isinstance(answer, int) and answer in game.rules.cards and choice.kind != "number":
            return f"#{answer}"
        return answer_label(game.rules, answer, choice.kind)

    def plan(
        self,
        game: Game,
        first: Choice,
        table: PhysicalTable,
        words: str | None,
        *,
        whole: bool = True,
        within: tuple[str, ...] = (),
        first_answer: Answer | None = None,
    ) -> list[tuple[Choice, Answer]]:
        """This question's answer (`first_answer` if given) and those of the questions of the
        same play that follow (`whole`; `within`: only questions of these kinds), or of the
        same question asked again (the next points of one placement)."""
        from twsolo.session.journal_replay import Replay, providers_of
        from twsolo.solo import play_game

        session = self.terminal.session
        group = (first.actor, first.kind, first.key, first.context.get("pile"))
        auto = session.header.dice == "auto"
        answers: list[tuple[Choice, Answer]] = []
        marks: list[int] = []  # the game log's length after each answer
        person = self

        class Stop(Exception):
            pass

        class Planner:
            def choose(self, g: Game, c: Choice) -> Answer:
                programs = not session.header.table or (c.kind == "die" and auto)
                if c.actor == CHANCE and programs:
                    return session.rng_at(g).choice(c.options)  # the program's own chance
                own = first.actor != CHANCE and c.actor == first.actor  # the whole play
                own = own and (whole or (c.kind, c.key) == (first.kind, first.key))
                own = own and (not within or c.kind in within)
                if answers and not own and (c.actor, c.kind, c.key, c.context.get("pile")) != group:
                    # Not this play's, forced or not: a person types no further than the
                    # screen has shown (a forced card of another pile takes no part of a line).
                    raise Stop
                if answers and len(c.options) == 1:
                    return c.options[0]
                if answers and pile_changed(g.log[marks[-1] :], c.context.get("pile")):
                    raise Stop  # the screen will say to change that pile first: not seen yet
                if c.actor == CHANCE:
                    a = person.chance(g, c, table, words or "")
                elif not answers and first_answer is not None:
                    a = first_answer
                else:
                    a = person.own(g, c)
                answers.append((c, a))
                marks.append(len(g.log))
                if len(answers) == 1 and first.kind not in GROUPED and first.actor == CHANCE:
                    raise Stop
                return a

        class Other:
            def choose(self, g: Game, c: Choice) -> Answer:
                raise Stop

        planner = Planner()
        live = {session.human: planner, session.human.other: Other(), CHANCE: planner}
        with contextlib.suppress(Stop):
            play_game(
                game.rules,
                session.options,
                providers_of(Replay(list(session.entries), live=live)),  # type: ignore[arg-type]
                start=session.header.start,
                table=session.header.table,
            )
        return answers

    def line(self, game: Game, choice: Choice, answers: list[tuple[Choice, Answer]]) -> str:
        if len(answers) == 1:
            return typed(game, choice, answers[0][1])
        if choice.actor != CHANCE:
            return ", ".join(self.part(game, c, a) for c, a in answers)
        if choice.kind in ("draw", "die", "reveal"):
            return " ".join(f"#{a}" if choice.kind != "die" else str(a) for _, a in answers)
        labels = [answer_label(game.rules, a, c.kind) for c, a in answers]
        parts: list[list[Any]] = []
        for label in labels:
            if parts and parts[-1][0] == label:
                parts[-1][1] += 1
            else:
                parts.append([label, 1])
        return ", ".join(lab if n == 1 else f"{lab} {n}" for lab, n in parts)


# The questions of chance a person answers a whole run of in one line.
GROUPED = ("influence", "draw", "die", "reveal", "realign", "country")


def play_at_table(home: Path, args: list[str], person: TablePerson) -> str:
    """A whole table game with `person` at a real table."""
    from twsolo.compose import load_ruleset
    from twsolo.ids import Side

    rules = load_ruleset(None)
    side = Side(args[args.index("--side") + 1]) if "--side" in args else Side.US
    if "--from" in args:
        from twsolo.positions.scenario import load_scenario

        side = load_scenario(args[args.index("--from") + 1], rules).human_side
    person.table = PhysicalTable(rules, side.other, random.Random(person.seed))
    return run_with(home, args, person)


WHOLE_PLAY = say("hint.whole_play", line="").split(":")[0]
ROLL_LAST = say("hint.whole_play_die", line="").split(": ", 1)[1].split("your die")[0]
BOTH = "both dice"
THEN = re.compile(
    r"\(next, before any choice: (.+?); you may turn them over now.*?\)"
    r"(?: If the Primary's card and the Secondary's are both among (.+?), the Secondary's)?"
)
THEN_ITEM = re.compile(r"(?:the top card|(\d+) cards off the top) of (.+)")
BOTH_DICE = "you may roll both and type them in one line"
INVITED = re.compile(r"\(you may type all ([2-9]) in one line")
# The rest of an ops play: the order (the AI's card) and the operation, the person's choices.
OPS_AFTER = re.compile(r"\((?:for ops )?you may type the (?:order and the )?operation in")
FOLLOW = ("play", "order", "operation")
DICE_AFTER = re.compile(r"\(then (your die|both dice, yours first): you may roll")
# The first point of several: the person names them all (it knows the rules of placement,
# so the legal countries after each point are its own to work out: no chance, no AI between).
POINTS = re.compile(r"\(you may name (all \d+|every point) in one line")


@dataclass
class ScreenPerson(TablePerson):
    """A person at a real table who knows only what the screen and the table show (issue #41):
    no dry run with the engine. At a draw that invites several cards in one line (`batch`) it
    turns over as many as the screen invites and types them all, in the order drawn; otherwise
    one answer a prompt: a card from the pile the question names, a die rolled, its own
    questions at random. `until`: quits when this turn begins."""

    brain: str = "random"
    batch: bool = True
    until: int = 99
    lines: list[str] = field(default_factory=list)  # the lines of several answers typed
    turned: list[int] = field(default_factory=list)  # cards a line named, not asked yet
    confirmed: int = 0  # forced cards a typed line named (its part confirmed them)
    hints: bool = True  # type `hint`'s whole play where it gives one (brain `hint`)
    # The hint's whole plays typed: the journal's length then, the line, the die rolled for it.
    advised: list[tuple[int, str, list[int]]] = field(default_factory=list)

    def type_line(self, text: str, **kwargs: Any) -> str:
        self.turned = []  # the cards of the line typed before were all asked or said by now
        late = self.current is not None and self.current[0].state.turn >= self.until
        if late and not text.endswith("[y/N]"):
            click.echo("> quit")
            return "quit"
        return super().type_line(text, **kwargs)

    def forced(self, start: int, answer: Answer) -> None:
        """A card said, not asked: one the person's line named was already turned over (its
        part confirmed it, and the program says nothing more)."""
        if answer in self.turned:
            self.turned.remove(answer)
            self.confirmed += 1
            return
        super().forced(start, answer)

    def answer(self, game: Game, choice: Choice) -> str:
        assert self.table is not None
        self.typed_answers += 1
        header = self.last_header()
        if choice.kind not in ("draw", "reveal", "holds"):
            both = BOTH_DICE in self.screen_since(self.asked_at)
            if choice.kind == "die" and self.batch and both:  # as invited: the two dice
                line = f"{self.rng.randint(1, 6)} {self.rng.randint(1, 6)}"
                self.lines.append(line)
                return line
            if choice.actor == CHANCE:
                return typed(game, choice, self.chance(game, choice, self.table, ""))
            if self.brain == "hint" and self.batch and self.hints:  # `hint`'s whole play
                advice = self.terminal.advise(game, choice)
                whole = [ln.split(": ", 1)[1] for ln in advice if ln.startswith(WHOLE_PLAY)]
                if whole:
                    line, _, dice = whole[0].partition(ROLL_LAST)
                    n = 2 if BOTH in dice else 1
                    rolled = [self.rng.randint(1, 6) for _ in range(n)] if dice else []
                    line += "".join(f", {d}" for d in rolled)
                    self.lines.append(line)
                    self.advised.append((len(self.terminal.session.entries), line, rolled))
                    return line
            screen = self.screen_since(self.asked_at)
            if self.batch and POINTS.search(header):  # as invited: all the points at once
                return self.planned(game, choice, whole=False)
            answer = self.own(game, choice)
            own = typed(game, choice, answer)
            rest = OPS_AFTER.search(screen)
            if self.batch and rest and (choice.kind == "order" or answer == "ops"):
                return self.planned(game, choice, within=FOLLOW, first_answer=answer)
            dice = DICE_AFTER.search(screen)
            if self.batch and dice and own != "done":  # as invited: the target's dice
                n = 2 if dice.group(1).startswith("both") else 1
                line = f"{own}, {' '.join(str(self.rng.randint(1, 6)) for _ in range(n))}"
                self.lines.append(line)
                return line
            then = THEN.search(screen)
            if choice.kind == "draft" and self.batch and then:  # the next step's draws after
                runs = self.invited(then)
                cards = [c for n, words in runs for c in self.turn_over_run(game, words, n)]
                self.turned = [c for c in cards if c is not None]
                line = f"{own}, {' '.join(f'#{c}' for c in cards)}"
                self.lines.append(line)
                return line
            return own
        found = (TURN_OVER if choice.kind == "draw" else LOOK).search(header)
        if found is None:
            self.unnamed += 1
            self.table.problems.append(f"the question names no pile: {header}")
            return typed(game, choice, choice.options[0])
        invited = INVITED.search(header)
        then = THEN.search(self.screen_since(self.asked_at))
        if not (self.batch and choice.kind == "draw" and (invited or then)):
            return typed(game, choice, self.chance(game, choice, self.table, found.group(1)))
        early = {int(n) for n in CARD_NO.findall(then.group(2) or "")} if then else set()
        # The Primary's card: on the board, or the first card of this line (spec §7.2).
        on_board = self.table.piles["primary"]
        primary = None if "Primary" in header else on_board[0] if on_board else None
        runs = [(found.group(1), int(invited.group(1)) if invited else 1)]
        runs += [(words, n) for n, words in self.invited(then)] if then else []
        cards: list[int | None] = []
        for words, n in runs:
            for _ in range(n):
                card = self.table.turn_over(words, list(game.rules.cards))
                cards.append(card)
                if self.table.pile(words) != "scoring_deck":
                    continue
                if primary is None:
                    primary = card
                    continue
                while primary in early and card in early:  # set aside: the next one too
                    card = self.table.turn_over(words, list(game.rules.cards))
                    cards.append(card)
        self.turned = [c for c in cards[1:] if c is not None]
        line = " ".join(f"#{c}" for c in cards)
        self.lines.append(line)
        return line

    def planned(self, game: Game, choice: Choice, **how: Any) -> str:
        """The line of this question and those the screen invited with it, each answered as
        the person would (`plan`'s `how`: which questions follow; no chance among them)."""
        assert self.table is not None
        answers = self.plan(game, choice, self.table.copy(), None, **how)
        line = self.line(game, choice, answers)
        if len(answers) > 1:
            self.lines.append(line)
        return line

    @staticmethod
    def invited(then: re.Match[str]) -> list[tuple[int, str]]:
        """The runs of cards the screen invites next: (how many, the pile's words)."""
        runs = []
        for item in then.group(1).split("; "):
            m = THEN_ITEM.fullmatch(item)
            assert m is not None, item
            runs.append((int(m.group(1) or 1), m.group(2)))
        return runs

    def turn_over_run(self, game: Game, words: str, n: int) -> list[int | None]:
        """`n` cards turned over from the top of the pile the words name."""
        assert self.table is not None
        return [self.table.turn_over(words, list(game.rules.cards)) for _ in range(n)]

    def screen_since(self, at: int) -> str:
        sys.stdout.flush()
        return sys.stdout.buffer.getvalue().decode("utf-8", "replace")[at:]  # type: ignore[attr-defined]


def journal(home: Path) -> list[dict[str, Any]]:
    """The answers of the one game saved under `home`, without their sequence numbers."""
    import json

    (path,) = (home / "games").glob("*/journal*")
    entries = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [{k: v for k, v in e.items() if k != "seq"} for e in entries]
