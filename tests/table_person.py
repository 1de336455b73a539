"""A person typing at twsolo's prompts, for tests that play through the real command line.

`twsolo new/play` runs in click's CliRunner as usual; only the keyboard is replaced: the person
reads the question the prompt stands for, decides like a stand-in player would (the greedy
stand-in for the person's own side; at random among the legal answers for what the cards and
dice show at the table), and types the answer's text — a card as its label, a die as its face,
a set of cards as their numbers — which the CLI then parses like any typed line. Commands can be
typed at chosen prompts. Every prompt is remembered with what the game looked like then.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result

from twsolo.cli.main import cli
from twsolo.cli.prompts import Prompter
from twsolo.cli.render import answer_label
from twsolo.engine.choices import CHANCE, Answer, Choice
from twsolo.engine.game import Game
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
    the table), and what was typed."""

    choice: Choice
    turn: int
    output_at: int
    face_down: frozenset[int]
    typed: str
    action_round: int = 0
    scoring_round: bool = False


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
        self.prompts.append(Prompt(choice, state.turn, self.asked_at, face_down, line, *at))
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
