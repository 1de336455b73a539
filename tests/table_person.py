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
from typing import Any

import click
import pytest

from twsolo.cli.prompts import Prompter
from twsolo.cli.render import answer_label
from twsolo.engine.choices import CHANCE, Answer, Choice
from twsolo.engine.game import Game
from twsolo.players.greedy import GreedyPlayer


@dataclass
class Prompt:
    """One time the person was asked to type: the question, the turn, where the output stood
    when the question began (before whatever it printed), the cards lying face down then
    (digital play: the dealer's; none at the table), and what was typed."""

    choice: Choice
    turn: int
    output_at: int
    face_down: frozenset[int]
    typed: str


@dataclass
class Person:
    seed: int = 0
    # Commands typed before answering, by prompt number (e.g. {40: "history all"}).
    commands: dict[int, str] = field(default_factory=dict)
    prompts: list[Prompt] = field(default_factory=list)
    current: tuple[Game, Choice] | None = None
    asked_at: int = 0  # where the output stood when the current question began
    rng: random.Random = field(init=False)
    brains: dict[str, GreedyPlayer] = field(default_factory=dict)

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
        assert self.current is not None, "a prompt outside a question"
        game, choice = self.current
        n = len(self.prompts)
        line = self.commands.pop(n, None) or self.answer(game, choice)
        held = game.dealer.cards.values() if game.dealer else ()
        face_down = frozenset(c for cards in held for c in cards)
        self.prompts.append(Prompt(choice, game.state.turn, self.asked_at, face_down, line))
        if n > 5 and all(p.choice is choice for p in self.prompts[-6:]):
            raise AssertionError(f"the same question refused again and again: {choice.prompt}")
        click.echo(f"> {line}")
        return line

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
    """What a person types for `answer`: card numbers for a set or an order of cards, else the
    answer as the prompt labels it."""
    if isinstance(answer, tuple):
        return " ".join(str(a) for a in answer)
    return answer_label(game.rules, answer, choice.kind)


def output_length() -> int:
    """How much the command has printed so far (CliRunner's captured stdout)."""
    sys.stdout.flush()
    buffer: Callable[[], bytes] = sys.stdout.buffer.getvalue  # type: ignore[attr-defined]
    return len(buffer().decode("utf-8", "replace"))
