"""One typed line that answers several questions in a row (issue #29): all the influence points
of one play (`w ger 2, italy`), the cards turned over one after another (`#24 #8 #30`), a
realignment's dice (`3 5`). The engine still asks one question per point through the Choice
seam; the line is split here into the answers of the questions as they come, each read like a
line typed at that question.

A line is split lazily, by the question it lands on: commas part it; a part of several `#N` or
plain numbers answers as many questions, one each (a set of cards, the draft's or the bottom's,
takes a whole part); `NAME N` answers N questions with NAME (the points of a placement).

A question with one legal answer is answered by itself, as at the prompt, and takes a part only
as its confirmation: when the next part, read at it, names that very answer (`ops` for a card
that can only be played for ops; the card a forced draw turns over, typed as the screen invited:
`#18 #14` when the second card can only be #14). Else the part stays for the question after it.
A card turned over at the table that the part names otherwise refuses the line: the person
typed a card it cannot be, and the part is never read as the next question's answer (issue #41:
`#18 #14` once played #14 for ops at "play which card?", a question the person never saw).

A line ends where the table must change first: a card question about a pile that was shuffled,
restacked or given a card since the line's previous answer (Blockade's revealed cards shuffled
back into the AI's deck/hand, then its next action round's top card) cannot be answered by a
person who has not read that instruction yet."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import TYPE_CHECKING

from twsolo.cli.match import matches
from twsolo.cli.menus import CARD_SETS, SEEN, clip
from twsolo.cli.render import answer_label
from twsolo.engine.choices import CHANCE, Actor, Answer, Choice
from twsolo.engine.records import CardMove, Dealt, Record, Restacked, Shuffled
from twsolo.phrases import say
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game

TOKEN = re.compile(r"#?\d{1,4}")
# Questions a count after a name repeats: the points of one placement or one play.
REPEATED = ("influence", "country", "realign")


def splittable(raw: str) -> bool:
    """Whether a line may answer more than one question."""
    tokens = raw.replace(",", " ").split()
    many = len(tokens) > 1 and (tokens[-1].isdigit() or bool(TOKEN.fullmatch(tokens[0])))
    return "," in raw or many


def several(raw: str, choice: Choice) -> bool:
    """A line of several `#N` or numbers, each an answer (a set of cards is one answer)."""
    tokens = raw.split()
    return choice.kind not in CARD_SETS and len(tokens) > 1 and all(map(TOKEN.fullmatch, tokens))


def pile_changed(records: list[Record], pile: object) -> bool:
    """Whether `records` shuffle, restack or put a card into `pile` (a card question's pile)."""
    for r in records:
        if isinstance(r, (Shuffled, Restacked)) and r.pile == pile:
            return True
        if isinstance(r, (CardMove, Dealt)) and r.target == pile:
            return True
    return False


class Parts:
    """The parts of a typed line not used yet."""

    def __init__(self, raw: str) -> None:
        self.items = [p.strip() for p in raw.split(",") if p.strip()]

    def __bool__(self) -> bool:
        return bool(self.items)

    def rest(self) -> str:
        return ", ".join(self.items)

    def first(self) -> str:
        """The text the next answer is read from: the part, or its first `#N` or number."""
        tokens = self.items[0].split()
        several = len(tokens) > 1 and all(TOKEN.fullmatch(t) for t in tokens)
        return tokens[0] if several else self.items[0]

    def confirms(self, choice: Choice, parse: Callable[[str], Answer]) -> bool:
        """Whether the next part names the only answer of `choice`; it is used up if so."""
        kept = list(self.items)
        try:
            if self.answer(choice, parse) == choice.options[0]:
                return True
        except ValueError:
            pass
        self.items = kept
        return False

    def answer(self, choice: Choice, parse: Callable[[str], Answer]) -> Answer:
        """The next part's answer to `choice` (`parse` reads a line typed at it, raising on a
        line that names no legal answer)."""
        part = self.items.pop(0)
        if choice.kind in CARD_SETS:
            return parse(part)
        tokens = part.split()
        if len(tokens) > 1 and all(TOKEN.fullmatch(t) for t in tokens):
            self.items.insert(0, " ".join(tokens[1:]))
            return parse(tokens[0])
        try:
            return parse(part)
        except ValueError:
            if not (len(tokens) > 1 and tokens[-1].isdigit() and choice.kind in REPEATED):
                raise
        times, name = int(tokens[-1]), " ".join(tokens[:-1])
        answer = parse(name)
        if times > 1:
            self.items.insert(0, f"{name} {times - 1}" if times > 2 else name)
        return answer


@dataclass
class Planned:
    """One answer of a line, for the question it was found to answer in a dry run; `warnings`:
    what it costs (the off-region penalty, a coup that loses the game)."""

    actor: Actor
    kind: str
    key: str
    answer: Answer
    label: str
    warnings: list[str]
    forced: bool = False  # a part confirming the only legal answer (see the module)

    def fits(self, choice: Choice) -> bool:
        return (self.actor, self.kind, self.key) == (choice.actor, choice.kind, choice.key) and (
            self.answer in choice.options
        )


def summary(planned: list[Planned]) -> str:
    """The whole line as understood: `West Germany 2, Italy`."""
    groups: list[tuple[str, int]] = []
    for p in planned:
        if groups and groups[-1][0] == p.label and p.kind in REPEATED:
            groups[-1] = (p.label, groups[-1][1] + 1)
        else:
            groups.append((p.label, 1))
    return ", ".join(label if n == 1 else f"{label} {n}" for label, n in groups)


class Done(Exception):
    """The line's parts are used up: the dry run stops here."""


class LineRefused(ValueError):
    """A line that cannot be used as a whole; the message names the part and the question."""


class Line:
    """The person's provider in a dry run of a typed line: each question the person is asked
    takes the next part (one with a single legal answer takes none); `stop` stands for
    everyone else (the AI, chance the person is not asked), before whom the line must end."""

    def __init__(
        self,
        raw: str,
        parse: Callable[[Game, Choice, str], Answer],
        header: Callable[[Game, Choice], str],
        warnings: Callable[[Game, Choice, Answer], list[str]],
        rules: Ruleset,
    ) -> None:
        self.parts = Parts(raw)
        self.parse, self.header, self.warnings, self.rules = parse, header, warnings, rules
        self.planned: list[Planned] = []
        self.stop = Stop(self)
        self.mark: int | None = None  # the game log's length at the line's previous answer

    def choose(self, game: Game, choice: Choice) -> Answer:
        if len(choice.options) == 1:
            return self.forced(game, choice)
        if not self.parts:
            raise Done
        self.pile_unchanged(game, choice)
        text = self.parts.items[0]
        try:
            answer = self.parts.answer(choice, lambda t: self.parse(game, choice, t))
        except ValueError as exc:
            header = self.header(game, choice)
            refused = say("ask.line.refused_at", typed=clip(text), header=header, reason=exc)
            raise LineRefused(refused) from None
        self.took(game, choice, answer)
        return answer

    def forced(self, game: Game, choice: Choice) -> Answer:
        """A question with one legal answer: a part only as its confirmation (see the module)."""
        only = choice.options[0]
        if not self.parts:
            return only
        text = self.parts.first()
        if self.parts.confirms(choice, lambda t: self.parse(game, choice, t)):
            self.pile_unchanged(game, choice)
            self.took(game, choice, only, forced=True)
        elif choice.kind in SEEN and self.names_a_card(text):
            self.pile_unchanged(game, choice)
            header = self.header(game, choice)
            card = answer_label(self.rules, only, choice.kind)
            raise LineRefused(say("ask.line.only_card", typed=clip(text), header=header, card=card))
        return only

    def names_a_card(self, text: str) -> bool:
        if text.startswith("#") and TOKEN.fullmatch(text):
            return True
        return bool(matches(text, self.rules.card_called))

    def pile_unchanged(self, game: Game, choice: Choice) -> None:
        """Refuses the rest of the line at a card question whose pile the table changes first."""
        pile = choice.context.get("pile")
        if pile is not None and self.mark is not None and pile_changed(game.log[self.mark :], pile):
            self.left_over(say("ask.line.pile_changes", header=self.header(game, choice)))

    def took(self, game: Game, choice: Choice, answer: Answer, *, forced: bool = False) -> None:
        label = answer_label(self.rules, answer, choice.kind)
        warned = self.warnings(game, choice, answer)
        planned = Planned(choice.actor, choice.kind, choice.key, answer, label, warned, forced)
        self.planned.append(planned)
        self.mark = len(game.log)

    def left_over(self, why: str) -> None:
        if self.parts:
            raise LineRefused(say("ask.line.left_over", typed=clip(self.parts.rest()), why=why))

    def chance(self, *, asked: bool, dice: bool, rng: Callable[[Game], Random]) -> ChanceLine:
        return ChanceLine(self, asked=asked, dice=dice, rng=rng)


class Stop:
    def __init__(self, line: Line) -> None:
        self.line = line

    def choose(self, game: Game, choice: Choice) -> Answer:
        question = choice.prompt or choice.kind
        self.line.left_over(say("ask.line.not_yours", question=question))
        raise Done


class ChanceLine:
    """Chance in a dry run: the person's when they are asked (a card at the table, a die they
    roll), else the program's, seeded as the session seeds it (`rng(game)`: the same answer
    the game will give)."""

    def __init__(
        self, line: Line, *, asked: bool, dice: bool, rng: Callable[[Game], Random]
    ) -> None:
        self.line, self.asked, self.dice, self.rng = line, asked, dice, rng

    def choose(self, game: Game, choice: Choice) -> Answer:
        assert choice.actor == CHANCE
        if self.asked and (choice.kind != "die" or self.dice):
            return self.line.choose(game, choice)
        return self.rng(game).choice(choice.options)
