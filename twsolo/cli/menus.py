"""A question's options as the person reads them. Pure text. What a typed answer means is read
in cli/answers.py, by the same rules the menus show:

One way to answer everywhere (`help` says it once): a plain number is a position in the list
(a die's face or an amount is typed as itself), `#N` is card number N, anything else a name,
matched by word prefixes with the exact name first (`Asia Scoring` is not Southeast Asia
Scoring), in English or in Russian (`зап гер` is West Germany: rules/names-ru.yaml). Each
option carries its marks: what it costs (the off-region penalty, spec §10.2), what a coup
needs and the DEFCON it leaves. Many countries are listed by region, many cards
not at all (`?` lists them).
"""

from __future__ import annotations

import textwrap
from typing import Any

from twsolo.cli.render import NUMBER_KINDS, answer_label, card_label, region_name
from twsolo.engine.choices import CHANCE, Answer, Choice
from twsolo.engine.effects import coup_roll_modifier
from twsolo.engine.state import GameState
from twsolo.ids import CardId, Side
from twsolo.phrases import say
from twsolo.ruleset import Ruleset

MENU_LIMIT = 24  # more cards than this are not listed at once (`?` lists them)
SEEN_LIMIT = 8  # a card that came up at the table: list the cards it can be up to this many
WIDTH = 100
ECHO_LIMIT = 60  # a bad input is quoted back at most this long
NO_BREAK = "\u00a0"
ONE_A_LINE = 6  # countries: up to this many one a line, more by region, several a line
# Answers that are sets or orders of cards: typed as positions or #N, e.g. `1 4 5`.
CARD_SETS = ("draft", "bottom")
# A card turned over at the table: the person types what they see (`?` lists what can be it).
SEEN = ("draw", "reveal")


def clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """A typed line quoted back: at most `limit` characters."""
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def costs(choice: Choice, option: Answer) -> int:
    """The VP the off-region penalty would cost for this option now (spec §10.2), else 0."""
    if option in choice.context.get("off_region", ()):
        return int(choice.context.get("penalty_vp", 0))
    return 0


def coup_facts(
    rules: Ruleset, state: GameState, side: Side, country: int, ops: int
) -> tuple[int, int]:
    """A coup by `side` in `country` with `ops` (base §6.3): the lowest roll that removes or adds
    anything, and the DEFCON it leaves (a battleground coup lowers DEFCON by 1, not a US coup
    under Nuclear Subs)."""
    c = rules.countries[country]
    least = 1 - (ops + coup_roll_modifier(state, rules, side, country) - 2 * c.stability)
    lowers = c.battleground and not (side is Side.US and state.has_effect(CardId.NUCLEAR_SUBS))
    return least, max(1, state.defcon - 1) if lowers else state.defcon


def coup_ops(rules: Ruleset, choice: Choice, country: int) -> int | None:
    """The ops of the coup a "coup" question asks about (its budget, with an area's bonus)."""
    budget = choice.context.get("budget")
    if budget is None:
        return None
    areas = [a for a in budget.areas if rules.in_region(country, a)]
    return int(budget.base) + len(areas)


def coup_mark(rules: Ruleset, state: GameState, choice: Choice, country: int) -> str:
    """`needs 4+: 50%; DEFCON 3→2` for one target of the human's coup."""
    side = choice.actor
    ops = coup_ops(rules, choice, country)
    if ops is None or not isinstance(side, Side):
        return ""
    least, defcon = coup_facts(rules, state, side, country, ops)
    odds = 0 if least > 6 else 6 if least <= 1 else 7 - least
    percent = round(100 * odds / 6)
    if least > 6:
        parts = [say("ask.coup.no_roll")]
    elif least <= 1:
        parts = [say("ask.coup.any_roll", percent=percent)]
    else:
        parts = [say("ask.coup.needs", least=least, percent=percent)]
    if defcon != state.defcon:
        lowered = "ask.coup.defcon_lose" if defcon == 1 else "ask.coup.defcon"
        parts.append(say(lowered, before=state.defcon, after=defcon))
    missile = state.effect(CardId.CUBAN_MISSILE_CRISIS)
    if missile and missile.side is side:
        crisis = rules.card(CardId.CUBAN_MISSILE_CRISIS).name
        parts.append(say("ask.coup.missile_crisis", card=crisis))
    return "; ".join(parts)


def option_text(
    rules: Ruleset, state: GameState, choice: Choice, option: Answer, *, cost: bool = True
) -> str:
    """An option with its marks (`cost`: with the off-region mark, unless its region's head
    carries it)."""
    text = answer_label(rules, option, choice.kind)
    marks = []
    if cost and (vp := costs(choice, option)):
        marks.append(say("ask.off_region", vp=vp))
    if choice.kind == "coup" and str(option) in rules.index:
        marks.append(coup_mark(rules, state, choice, rules.index[str(option)]))
    marks = [m for m in marks if m]
    return f"{text} ({'; '.join(marks)})" if marks else text


def is_card_question(rules: Ruleset, choice: Choice) -> bool:
    return choice.kind not in NUMBER_KINDS and all(
        isinstance(o, int) and o in rules.cards for o in choice.options
    )


def legend(choice: Choice) -> list[str]:
    """What the marks of the list mean."""
    lines = []
    if vp := int(choice.context.get("penalty_vp", 0)):
        mark = say("ask.off_region", vp=vp)
        lines.append(f"  {say('ask.off_region.legend', mark=mark, vp=vp)}")
    return lines


def menu(rules: Ruleset, state: GameState, choice: Choice, *, full: bool = False) -> list[str]:
    """The lines that list the options, numbered (a die's faces or amounts as themselves; the
    draft's cards, not their sets). Up to MENU_LIMIT one a line; countries beyond ONE_A_LINE
    by region, several a line. More cards than MENU_LIMIT are not numbered (a card that came
    up at the table is typed by its number, #N, or name) and listed only when `full` (the `?`
    answer), two a line."""
    options = choice.options
    if choice.kind in NUMBER_KINDS:
        return ["  " + ", ".join(str(o) for o in options)]
    if choice.kind in CARD_SETS:  # the cards, not every set or order of them
        cards = enumerate(context_cards(choice), 1)
        return wrapped([f"{n}. {card_label(rules, c)}" for n, c in cards], "  ")
    if not numbered(rules, choice):
        if not full:
            return [f"  {say('ask.list.cards_can_be', n=len(options))}"]
        labels = [answer_label(rules, o, choice.kind) for o in options]
        half = (len(labels) + 1) // 2
        right = labels[half:] + [""] * (2 * half - len(labels))
        return [f"  {a:<48} {b}".rstrip() for a, b in zip(labels[:half], right, strict=True)]
    if is_countries(rules, choice) and len(options) > ONE_A_LINE:
        return by_region(rules, state, choice) + legend(choice)
    items = [(n, option_text(rules, state, choice, o)) for n, o in enumerate(options, 1)]
    if not is_countries(rules, choice):  # words or cards: several a line
        return wrapped([f"{n}. {text}" for n, text in items], "  ") + legend(choice)
    return [f"  {n:>2}. {text}" for n, text in items] + legend(choice)


# Card questions whose cards were just turned over and named in full (the draws of a round, a
# headline): their menu names them short, on the question's line.
SHORT_LISTED = ("ar_card", "headline")


def short_menu(rules: Ruleset, choice: Choice, shown: set[Answer]) -> list[str]:
    """`  1. #23 Marshall Plan · 2. #30 Decolonization` (its lines) when every card of the
    question was named in full on the screen just before (`shown`: the echo of the draws, a
    forced draw), else []."""
    if choice.kind not in SHORT_LISTED or not set(choice.options) <= shown:
        return []
    cards = [int(str(o)) for o in choice.options]
    return wrapped([f"{n}. {rules.card(c)}" for n, c in enumerate(cards, 1)], "  ")


def is_countries(rules: Ruleset, choice: Choice) -> bool:
    return all(str(o) in rules.index or o == "done" for o in choice.options)


def numbered(rules: Ruleset, choice: Choice) -> bool:
    """Whether the question's list shows positions (a plain number picks by them): every list
    but a long one of cards (a card that came up, for which the person types what they see:
    longer than SEEN_LIMIT)."""
    limit = MENU_LIMIT if choice.actor != CHANCE else 0 if choice.kind in SEEN else SEEN_LIMIT
    long = len(choice.options) > limit
    return choice.kind not in NUMBER_KINDS and not (long and not is_countries(rules, choice))


def by_region(rules: Ruleset, state: GameState, choice: Choice) -> list[str]:
    """Countries grouped by map region, the groups in the order of the list (the numbers stay
    in order). A region whose every country here costs the off-region penalty carries the
    mark in its head, not in each country."""
    groups: dict[str, list[tuple[int, Answer]]] = {}
    for n, option in enumerate(choice.options, 1):
        region = rules.country(str(option)).region if str(option) in rules.index else ""
        groups.setdefault(region, []).append((n, option))
    heads = {r: region_name(r) if r else "" for r in groups}
    for region, items in groups.items():
        vps = {costs(choice, o) for _, o in items}
        if region and len(vps) == 1 and (vp := vps.pop()):
            heads[region] += f" ({say('ask.off_region', vp=vp)})"
    width = max(len(h) for h in heads.values()) + 1
    lines = []
    for region, items in groups.items():
        marked = heads[region] != region_name(region) if region else False
        texts = [f"{n} {option_text(rules, state, choice, o, cost=not marked)}" for n, o in items]
        lines.extend(wrapped(texts, f"  {heads[region]:<{width}}"))
    return lines


def wrapped(items: list[str], head: str) -> list[str]:
    """Items several a line after `head`, a line broken only between items (a no-break space
    holds each together while wrapping)."""
    body = " · ".join(item.replace(" ", NO_BREAK) for item in items)
    indent = " " * len(head)
    lines = textwrap.wrap(
        body, WIDTH, initial_indent=head, subsequent_indent=indent, break_on_hyphens=False
    )
    return [line.replace(NO_BREAK, " ") for line in lines]


def short_list(rules: Ruleset, state: GameState, choice: Choice) -> list[str]:
    """The `?` answer: every legal answer, compactly, and how to type one."""
    n = len(choice.options)
    how = how_to_answer(rules, choice)
    if choice.kind in CARD_SETS:  # the sets are counted, the cards listed: both said
        cards = len(context_cards(choice))
        lines = [say("ask.list.card_sets", n=n, cards=cards, how=how)]
    else:
        lines = [say("ask.list.answers", n=n, how=how)]
    if n <= MENU_LIMIT and choice.kind not in (*NUMBER_KINDS, *CARD_SETS):
        options = enumerate(choice.options, 1)
        items = [f"{i} {option_text(rules, state, choice, o)}" for i, o in options]
        return lines + wrapped(items, "  ")
    return lines + menu(rules, state, choice, full=True)


def how_to_answer(rules: Ruleset, choice: Choice) -> str:
    if choice.kind in NUMBER_KINDS:
        return say("ask.how.number")
    if choice.kind in CARD_SETS:
        return say("ask.how.card_sets")
    if not numbered(rules, choice):
        return say("ask.how.seen")
    if is_card_question(rules, choice):
        return say("ask.how.card")
    return say("ask.how.name")


# ------------------------------------------------------------------ reading a typed line
def context_cards(choice: Choice) -> list[int]:
    """The cards a draft or a bottom-of-the-deck question is about, in the listed order."""
    value: Any = choice.context.get("drawn") or choice.context.get("cards") or choice.options[0]
    return sorted(int(c) for c in value)
