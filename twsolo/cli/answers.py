"""Reading one answer: the text a person typed at a question, to the legal answer it names or
a refusal that says why (the grammar in docs/playing.md). A list's number, `#N` for a card, a
name by the start of its words (`w ger` is West Germany; a card's or country's name in any
language of rules/names-*.yaml; a menu's word as it is shown or as the word itself), the cards
of a draft or of the bottom of the deck as numbers; never a guess. A name the question does not
allow is refused with the rule's reason (engine/influence.py, engine/coup.py).

The conversation around it (showing the question, the commands, a line of several answers,
the warnings) is cli/prompts.py's and cli/batch.py's; what a menu shows, cli/menus.py's."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from twsolo.cli.match import matches
from twsolo.cli.menus import CARD_SETS, clip, context_cards, is_card_question, numbered
from twsolo.cli.render import NUMBER_KINDS, answer_label
from twsolo.engine.board import placement_access
from twsolo.engine.choices import Answer, Choice
from twsolo.engine.coup import coup_refusal, realign_refusal
from twsolo.engine.influence import placement_refusal
from twsolo.ids import Side
from twsolo.phrases import say
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game

CARD_NUMBER = re.compile(r"#(\d{1,4})")
POSITION = re.compile(r"\d{1,4}")


class Refused(ValueError):
    """An answer that is not legal; the message says why."""


def read(game: Game, choice: Choice, raw: str) -> Answer:
    """The legal answer `raw` names, or Refused with the reason."""
    try:
        if choice.kind in CARD_SETS:
            return read_card_set(game.rules, choice, raw)
        return read_answer(game.rules, choice, raw)
    except NotUnderstood as exc:
        raise Refused(str(exc) or why_not(game, choice, raw)) from None


def read_card_set(rules: Ruleset, choice: Choice, raw: str) -> Answer:
    """A draft's kept cards or the order of the cards going to the bottom of the deck/hand."""
    drawn = context_cards(choice)
    cards = read_cards(raw, drawn)
    options = choice.options
    if choice.kind == "draft":
        wanted = tuple(sorted(cards))
        if wanted in options:
            return wanted
        raise Refused(draft_refusal(rules, choice, cards))
    if len(cards) == len(drawn) - 1:
        cards += [c for c in drawn if c not in cards]  # the last one goes last anyway
    if tuple(cards) in options:
        return tuple(cards)
    raise Refused(say("ask.refused.name_each", n=len(drawn)))


def why_not(game: Game, choice: Choice, raw: str) -> str:
    """The rule's reason when the answer names a country the question does not allow."""
    rules = game.rules
    ids = {rules.country_called[n] for n in matches(raw, rules.country_called)}
    if len(ids) != 1:
        return say("ask.refused.not_legal", answer=clip(raw))
    country = rules.country(ids.pop())
    side = choice.actor
    reason = None
    if choice.kind == "influence" and isinstance(side, Side):
        access = placement_access(game.state, rules, side)
        reason = placement_refusal(game.state, rules, side, country.index, access)
    elif choice.kind == "coup" and isinstance(side, Side):
        reason = coup_refusal(game.state, rules, side, country.index)
    elif choice.kind == "realign" and isinstance(side, Side):
        reason = realign_refusal(game.state, rules, side, country.index)
    return reason or say("ask.refused.not_legal", answer=country.name)


class NotUnderstood(ValueError):
    """A typed line that names no legal answer; the message says what it is."""


def names(rules: Ruleset, choice: Choice) -> dict[str, Answer]:
    """What each option may be called: its card or country name, its label, its value."""
    out: dict[str, Answer] = {}
    for option in choice.options:
        if isinstance(option, int) and option in rules.cards:
            # `#20 Olympic Games`, not the label's detail: `ops` or `us` names no card.
            out.setdefault(str(rules.card(option)), option)
            for name in rules.card_names(option):  # English, Russian (rules/names-*.yaml)
                out.setdefault(name, option)
        else:
            out.setdefault(answer_label(rules, option, choice.kind), option)
        if isinstance(option, str):
            if option in rules.index:
                for name in rules.country_names(option):
                    out.setdefault(name, option)
            out.setdefault(option, option)
    return out


def read_answer(rules: Ruleset, choice: Choice, raw: str) -> Answer:
    """The option a typed line names: a position, `#N`, or a name (see the module). Raises
    NotUnderstood: no option is ever guessed."""
    options = choice.options
    text = raw.strip()
    if choice.kind in NUMBER_KINDS:
        if POSITION.fullmatch(text) and int(text) in options:
            return int(text)
        values = ", ".join(map(str, options))
        raise NotUnderstood(say("ask.refused.not_one_of", typed=clip(text), values=values))
    if POSITION.fullmatch(text):
        n = int(text)
        if not numbered(rules, choice):
            raise NotUnderstood(say("ask.refused.not_numbered", n=n))
        if 1 <= n <= len(options):
            return options[n - 1]
        key = "ask.refused.not_list_number"
        if is_card_question(rules, choice):
            key = "ask.refused.not_list_number_card"
        raise NotUnderstood(say(key, n=n, last=len(options)))
    if found := CARD_NUMBER.fullmatch(text):
        number = int(found.group(1))
        if number in options:
            return number
        card = rules.cards.get(number)
        what = f"#{number} {card.name}" if card else f"#{number}"
        raise NotUnderstood(say("ask.refused.not_legal", answer=what))
    labels = {answer_label(rules, o, choice.kind).casefold(): o for o in options}
    if text.casefold() in labels:  # the answer as the screen shows it, detail and all
        return labels[text.casefold()]
    by_name = names(rules, choice)
    found_names = matches(text, by_name)
    chosen = sorted({by_name[m] for m in found_names}, key=options.index)
    if len(chosen) == 1:
        return chosen[0]
    if chosen:
        shown = "; ".join(answer_label(rules, o, choice.kind) for o in chosen[:8])
        raise NotUnderstood(say("ask.refused.any_of", typed=clip(text), answers=shown))
    raise NotUnderstood("")


def read_cards(raw: str, drawn: Sequence[int]) -> list[int]:
    """A set or an order of cards typed as positions in `drawn` or #N (`1 4 5`, `#8 #21`)."""
    cards: list[int] = []
    for token in re.split(r"[,\s]+", raw.strip()):
        if not token:
            continue
        if POSITION.fullmatch(token) and 1 <= int(token) <= len(drawn):
            cards.append(drawn[int(token) - 1])
        elif (found := CARD_NUMBER.fullmatch(token)) and int(found.group(1)) in drawn:
            cards.append(int(found.group(1)))
        else:
            raise NotUnderstood(say("ask.refused.card_numbers", typed=clip(token), last=len(drawn)))
    return cards


def draft_refusal(rules: Ruleset, choice: Choice, kept: Sequence[int]) -> str:
    drawn = context_cards(choice)
    keep = int(choice.context.get("keep", 0))
    if len(set(kept)) != len(kept) or len(kept) != keep:
        return say("ask.refused.keep_exactly", keep=keep, drawn=len(drawn))
    given = [c for c in drawn if c not in kept]
    mine = sum(rules.card(c).ops for c in kept)
    theirs = sum(rules.card(c).ops for c in given)
    return say("ask.refused.op_balance", mine=mine, theirs=theirs)
