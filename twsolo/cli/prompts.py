"""The person at the table as a ChoiceProvider: every question as a prompt, answers matched by
unique prefix (`w ger` → West Germany), `?` for the legal answers, an illegal answer refused
with the rule's reason and asked again, a question with one legal answer said and passed.

In-game commands typed at any prompt are handed to the session (`on_command`)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import click

from twsolo.cli.match import matches
from twsolo.cli.render import answer_label, card_label
from twsolo.engine.board import placement_access
from twsolo.engine.choices import Answer, Choice
from twsolo.engine.coup import coup_refusal, realign_refusal
from twsolo.engine.influence import placement_refusal
from twsolo.ids import Side
from twsolo.players.advice import hint_text
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game

COMMANDS = (
    "show",
    "why",
    "history",
    "inspect",
    "undo",
    "rollback",
    "adjust",
    "save",
    "help",
    "quit",
)
MENU_LIMIT = 24  # list the options when there are at most this many
KIND_TITLES = {
    "draft": "Draft",
    "headline": "Headline",
    "ar_card": "Your action round",
    "bottom": "Bottom of your deck/hand",
    "play": "How do you play it",
    "order": "Event or operations first",
    "operation": "Which operation",
    "influence": "Place influence",
    "coup": "Coup",
    "realign": "Realign",
    "country": "Choose a country",
    "card": "Choose a card",
    "yes_no": "Yes or no",
    "number": "Choose a number",
    "region": "Choose a region",
    "die": "Roll a die",
    "draw": "Which card is it",
    "pick": "Which card came up",
}
CommandHandler = Callable[[str, list[str]], None]


class Refused(ValueError):
    """An answer that is not legal; the message says why."""


class Prompter:
    def __init__(self, rules: Ruleset, on_command: CommandHandler, before: Callable[[], None]):
        self.rules = rules
        self.on_command = on_command
        self.before = before

    def ask(self, game: Game, choice: Choice) -> Answer:
        self.before()
        options = choice.options
        title = KIND_TITLES.get(choice.kind, choice.kind)
        header = f"{title}: {choice.prompt}" if choice.prompt else title
        if len(options) == 1:
            click.echo(f"{header} — only one legal answer: {self.label(options[0], choice.kind)}")
            return options[0]
        click.echo(header)
        self.show_context(choice)
        if len(options) <= MENU_LIMIT:
            for i, option in enumerate(options, 1):
                click.echo(f"  {i:>2}. {self.label(option, choice.kind)}")
        while True:
            raw = click.prompt(">", prompt_suffix=" ").strip()
            if not raw:
                continue
            word, *rest = raw.split()
            if raw == "?":
                click.echo(
                    "Legal answers: " + "; ".join(self.label(o, choice.kind) for o in options)
                )
                continue
            if word.lower() == "hint":  # advice, never an answer (twsolo/players/advice.py)
                click.echo(hint_text(game, choice))
                continue
            if word.lower() in COMMANDS:
                self.on_command(word.lower(), rest)
                click.echo(header)
                continue
            try:
                return self.parse(game, choice, raw)
            except Refused as exc:
                click.echo(f"Refused: {exc}")

    def label(self, option: Answer, kind: str = "") -> str:
        return answer_label(self.rules, option, kind)

    def show_context(self, choice: Choice) -> None:
        ctx = choice.context
        if choice.kind == "draft":
            drawn = ctx.get("drawn", ())
            click.echo("  Drawn: " + "; ".join(card_label(self.rules, c) for c in drawn))
            click.echo(
                f"  Keep {ctx.get('keep')}, give the AI {ctx.get('give')}. OP balance (spec §6): "
                "the Ops you keep may not exceed the Ops you give."
                + (" Give 3+ Ops more than you keep for 1 VP." if ctx.get("bonus") else "")
            )
            click.echo("  Type the numbers of the cards you keep, e.g. `8 21 23`.")
        if choice.kind == "bottom":
            click.echo("  Type the cards in the order they go to the bottom, e.g. `21 8`.")

    # ------------------------------------------------------------------ parsing
    def parse(self, game: Game, choice: Choice, raw: str) -> Answer:
        options = choice.options
        if raw.isdigit():
            n = int(raw)
            if n in options:
                return n
            if 1 <= n <= min(len(options), MENU_LIMIT):
                return options[n - 1]  # the number of a listed answer
            if not isinstance(options[0], tuple):
                raise Refused(f"{n} is not one of the legal answers (type ? to list them)")
        if options and isinstance(options[0], tuple):
            return self.parse_cards(choice, raw)
        labels = {self.label(o, choice.kind): o for o in options}
        for o in options:
            labels.setdefault(str(o), o)
        found = sorted({labels[m] for m in matches(raw, labels)}, key=options.index)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise Refused(
                f"{raw!r} is ambiguous: " + "; ".join(self.label(o, choice.kind) for o in found[:8])
            )
        raise Refused(self.why_not(game, choice, raw))

    def parse_cards(self, choice: Choice, raw: str) -> Answer:
        tokens = [t for t in re.split(r"[,\s]+", raw) if t]
        cards: list[int] = []
        for token in tokens:
            if not token.isdigit():
                raise Refused(f"{token!r}: type card numbers, e.g. `8 21 23`")
            cards.append(int(token))
        options = choice.options
        if choice.kind == "draft":
            wanted = tuple(sorted(cards))
            if wanted in options:
                return wanted
            raise Refused(draft_refusal(self.rules, choice, cards))
        if tuple(cards) in options:
            return tuple(cards)
        raise Refused(f"name each of {answer_label(self.rules, options[0])} once, in your order")

    def why_not(self, game: Game, choice: Choice, raw: str) -> str:
        """The rule's reason when the answer names a country the question does not allow."""
        rules = self.rules
        found = matches(raw, [c.name for c in rules.countries])
        if len(found) != 1:
            return f"{raw!r} is not a legal answer here (type ? to list them)"
        country = next(c for c in rules.countries if c.name == found[0])
        side = choice.actor
        reason = None
        if choice.kind == "influence" and isinstance(side, Side):
            access = placement_access(game.state, rules, side)
            reason = placement_refusal(game.state, rules, side, country.index, access)
        elif choice.kind == "coup" and isinstance(side, Side):
            reason = coup_refusal(game.state, rules, side, country.index)
        elif choice.kind == "realign" and isinstance(side, Side):
            reason = realign_refusal(game.state, rules, side, country.index)
        return reason or f"{country.name} is not a legal answer here (type ? to list them)"


def draft_refusal(rules: Ruleset, choice: Choice, kept: Sequence[int]) -> str:
    drawn = list(choice.context.get("drawn", ()))
    keep = int(choice.context.get("keep", 0))
    unknown = [c for c in kept if c not in drawn]
    if unknown or len(set(kept)) != len(kept):
        return f"choose among the drawn cards: {', '.join(str(c) for c in drawn)}"
    if len(kept) != keep:
        return f"keep exactly {keep} cards"
    given = [c for c in drawn if c not in kept]
    mine = sum(rules.card(c).ops for c in kept)
    theirs = sum(rules.card(c).ops for c in given)
    return (
        f"OP balance (spec §6): you would keep {mine} Ops and give the AI {theirs}; "
        "the cards you keep may not total more Ops than the cards you give"
    )


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
                click.echo(f"Die for {choice.prompt}: {value}")
                return value
            return self.prompter.ask(game, choice)
        return self.prompter.ask(game, choice)


def describe_options(rules: Ruleset, options: Sequence[Any]) -> str:
    return "; ".join(answer_label(rules, o) for o in options)
