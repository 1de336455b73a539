"""Pure text renderers: the board, the tracks, answers as a person reads them, and the "do this
on the board" instructions built from the engine's records. No I/O here."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from twsolo.engine.board import controller
from twsolo.engine.records import (
    Answered,
    CardMove,
    CardPlayed,
    Dealt,
    DefconChange,
    DieRoll,
    EventEnd,
    EventStart,
    HandShown,
    InfluenceChange,
    MarkerChange,
    MilopsChange,
    Note,
    Record,
    RegionScored,
    Restacked,
    Revealed,
    Shuffled,
    SpaceAttempt,
    VPChange,
    pile_name,
    region_name,
    vp_on_track,
)
from twsolo.engine.state import GameState, hand_of
from twsolo.ids import CHINA_CARD, MAP_REGIONS, SCORING_REGIONS, Side
from twsolo.phrases.book import PHRASES, answer_word, say
from twsolo.ruleset import Ruleset

__all__ = ["region_name"]  # re-exported: the prompts name regions as the records do

# Records that say nothing a person at the table must do or know.
QUIET = (Answered, SpaceAttempt, EventEnd)


def card_label(rules: Ruleset, number: int) -> str:
    c = rules.card(number)
    if c.scoring:
        kind = say("show.card.scores", region=region_name(c.scoring))
    else:
        side = c.owner.label if c.owner is not None else say("show.card.neutral")
        kind = say("show.card.ops_side", ops=say("show.card.ops", n=c.ops), side=side)
    return f"#{c.number} {c.name} ({kind})"


# Answers that are numbers, not cards: a die shows a face.
NUMBER_KINDS = ("die", "number")
# Answers nobody at the table may see (spec §4): a card dealt face down.
HIDDEN_KINDS = ("deal",)


def answer_label(rules: Ruleset, answer: Any, kind: str = "") -> str:
    """An answer as a person reads it: card names, country names, plain words; a die's face as
    a number; a card dealt face down never named."""
    if kind in HIDDEN_KINDS:
        return say("show.answer.dealt_face_down")
    if isinstance(answer, tuple):
        return " + ".join(answer_label(rules, a, kind) for a in answer)
    if kind in NUMBER_KINDS:
        return str(answer)
    if isinstance(answer, int) and answer in rules.cards:
        return card_label(rules, answer)
    if isinstance(answer, str) and answer in rules.index:
        return rules.country(answer).name
    if isinstance(answer, str) and answer in SCORING_REGIONS:
        return region_name(answer)
    return answer_word(str(answer))  # a word of the play grammar (menus.py accepts both)


def trace_value(rules: Ruleset, value: Any) -> str:
    """A value of the AI's trace as the screen says it: a country or a region by its name, a
    word of the play grammar as its label; a number or a card number as it is."""
    if isinstance(value, str):
        if value in rules.index:
            return rules.country(value).name
        if value in SCORING_REGIONS:
            return region_name(value)
        if f"answer.{value}" in PHRASES:
            return say(f"answer.{value}")
        if f"why.value.{value}" in PHRASES:  # a trace's own word (spec §12.2.3a's dump)
            return say(f"why.value.{value}")
    return str(value)


def vp_text(vp: int, human: Side | None = None) -> str:
    board = vp_on_track(vp)
    if human is None:
        return board
    yours = vp * human.sign
    return say("show.vp.yours", board=board, yours=f"{'+' if yours >= 0 else ''}{yours}")


def tracks(rules: Ruleset, state: GameState, *, primary: str | None, secondary: str | None) -> str:
    human = state.ai_side.other if state.ai_side else None
    turn = "show.tracks.turn_scoring" if state.scoring_round else "show.tracks.turn"
    hands = ", ".join(f"{s.label} {len(state.piles[f'hand_{s.value}'])}" for s in Side)
    lines = [
        (
            say(turn, turn=state.turn, round=_round(state.action_round)),
            say("show.defcon", defcon=state.defcon),
            say("show.tracks.vp", vp=vp_text(state.vp, human)),
        ),
        (
            say("show.tracks.milops", us=state.milops[0], ussr=state.milops[1]),
            say("show.tracks.space", us=state.space[0], ussr=state.space[1]),
        ),
        (
            say("show.tracks.primary", region=_region(primary)),
            say("show.tracks.secondary", region=_region(secondary)),
            say("show.china_card", china=china_card(state)),
        ),
        (
            say("show.tracks.hands", hands=hands),
            say("show.tracks.draw_deck", n=len(state.piles["draw"])),
            say("show.tracks.discard", n=len(state.piles["discard"])),
        ),
    ]
    return "\n".join("   ".join(line) for line in lines)


def _round(action_round: int) -> str:
    """An action round in short: `headline`, `AR3`."""
    if action_round == 0:
        return say("show.round.headline")
    return say("show.round.ar", n=action_round)


DECK_HANDS = tuple(hand_of(side) for side in Side)


def china_card(state: GameState) -> str:
    """Who has the China Card and where (spec §3.1): face up or down in a play area, or inside
    a deck/hand (neither); while it is being played it lies on the table, held by no one."""
    where = state.where(CHINA_CARD)
    if where == "table":
        return say("show.china.being_played")
    holder = state.china_holder.label
    if where in DECK_HANDS:
        return say("show.china.in_pile", holder=holder, pile=pile_name(where))
    face = "show.china.face_up" if state.china_face_up else "show.china.face_down"
    return say(face, holder=holder)


def _region(region: str | None) -> str:
    return region_name(region) if region else "-"


def board(rules: Ruleset, state: GameState, regions: Sequence[str] = MAP_REGIONS) -> str:
    """Region by region: influence, control, battlegrounds (*), stability."""
    out = []
    for region in regions:
        out.append(f"== {_region(region)} ==")
        for i in rules.members(region):
            c = rules.countries[i]
            us, ussr = state.inf(i, Side.US), state.inf(i, Side.USSR)
            owner = controller(state, rules, i)
            ctrl = say("show.board.control", side=owner.label) if owner else ""
            bg = "*" if c.battleground else " "
            s = say("show.board.stability", stability=c.stability)
            out.append(
                f"  {bg}{c.name:<22} {s}  {Side.US.label} {us:>2}  {Side.USSR.label} {ussr:>2}"
                f"  {ctrl}"
            )
    return "\n".join(out)


# Piles whose cards lie face down: a card taken out of one must be looked for (unless it was
# just turned over on top), and a known card put into one is shuffled in (spec §4).
FACE_DOWN = ("draw", "hand_us", "hand_ussr", "scoring_deck", "mid_war", "late_war")


class Said(Mapping[str, str]):
    """Names by id, each read from the phrasebook (its key given here) in the language in use
    when it is looked up."""

    def __init__(self, keys: Mapping[str, str]) -> None:
        self.phrase_of = dict(keys)

    def __getitem__(self, name: str) -> str:
        return say(self.phrase_of[name])

    def __iter__(self) -> Iterator[str]:
        return iter(self.phrase_of)

    def __len__(self) -> int:
        return len(self.phrase_of)


ERA_DECKS = Said({"mid_war": "show.pile.mid_war", "late_war": "show.pile.late_war"})
# Piles gathered whole into another and shuffled there (spec §5.B, §7.2.4, §7.3.3, base §4.3).
GATHERED = Said(
    {**ERA_DECKS.phrase_of, "discard": "pile.discard", "spent": "pile.spent", "aside": "pile.aside"}
)


def pile_label(pile: str, ai: Side | None = None) -> str:
    """A pile as the person at the table calls it: the deck/hands by whose they are."""
    if ai is not None and pile in (hand_of(ai), hand_of(ai.other)):
        if pile == hand_of(ai):
            return say("show.pile.ai_hand", side=ai.label)
        return say("show.pile.your_hand", side=ai.other.label)
    return ERA_DECKS.get(pile) or pile_name(pile)


def _cards_text(rules: Ruleset, cards: Sequence[int]) -> str:
    return ", ".join(str(rules.card(c)) for c in cards)


def instructions(rules: Ruleset, records: Iterable[Record], ai: Side | None = None) -> list[str]:
    """What to do on the physical board for these records, in order. Every card moved is said
    once, from where to where (a card put on the table and moved on at once in one line; cards
    moved alike in a row in one line); a card taken out of a face-down pile that was not just
    turned over is looked for; a pile gathered whole into another and shuffled is one line. A
    card dealt face down is not named (spec §4); deals in a row are said once per pile dealt to,
    with their number. A new turn is said (`Turn 3 begins`); each of the AI's actions is said by
    the turn flow's note (`AR2: the AI's action (US)`)."""
    every = list(records)
    turned = _turned_over(every)
    shown = [r for r in every if not isinstance(r, QUIET)]
    human = ai.other if ai is not None else None
    lines: list[str] = []
    moves: list[tuple[int, str, Where, str]] = []  # (card, source, where to, how) in a row

    def say_moves() -> None:
        if moves:
            _, source, where, how = moves[0]
            lines.append(_moves_line(rules, [m[0] for m in moves], source, where, how, ai))
            moves.clear()

    dealt: list[tuple[str, str]] = []  # (source, target) of the face-down deals in a row

    def say_deals() -> None:
        """Deals in a row from one pile, by the pile each goes to: nobody knows which card
        went where, so the order of dealing changes nothing."""
        if not dealt:
            return
        by_target: dict[str, int] = {}
        for _, target in dealt:
            by_target[target] = by_target.get(target, 0) + 1
        source = pile_label(dealt[0][0], ai)
        dealt.clear()
        if len(by_target) > 1:  # the draft's deals: one line when it fits
            items = (
                say("show.deal_split.item", n=n, target=pile_label(t, ai))
                for t, n in by_target.items()
            )
            line = say("show.deal_split", source=source, items=", ".join(items))
            if len(line) <= STEP_WIDTH:
                lines.append(line)
                return
        for target, n in by_target.items():
            lines.append(_deal_line(n, source, pile_label(target, ai)))

    n = 0
    while n < len(shown):
        r = shown[n]
        n += 1
        if isinstance(r, Dealt):
            say_moves()
            if dealt and dealt[0][0] != r.source:
                say_deals()
            dealt.append((r.source, r.target))
            continue
        say_deals()
        if isinstance(r, CardMove):
            gathered = _gathered(shown, n - 1)
            if gathered:
                say_moves()
                lines.append(_gather_line(r.source, r.target, shown[n - 1 + gathered], ai))
                n += gathered
                continue
            end, source = r, r.source
            after = shown[n] if n < len(shown) else None
            if isinstance(after, CardMove) and (line := _regions_on(rules, r, after, ai)):
                say_moves()
                lines.append(line)
                n += 1
                continue
            if id(r) in turned and r.target == "table":  # the question said so
                if not (isinstance(after, CardMove) and _via_table(r, after)):
                    continue
                r = end = after  # then moved on at once: from the table
                source = "table"
                n += 1
            elif r.target == "table" and isinstance(after, CardMove) and _via_table(r, after):
                end = after  # put on the table and moved on at once: one move
                n += 1
            how = "drawn" if id(r) in turned or source not in FACE_DOWN else "taken"
            where = _where(end, ai)
            if moves and (moves[0][1], moves[0][2], moves[0][3]) != (source, where, how):
                say_moves()
            moves.append((r.card, source, where, how))
            continue
        say_moves()
        if isinstance(r, MarkerChange):
            if r.name == "turn":
                lines.append(say("show.turn_begins", turn=r.value))
        elif isinstance(r, InfluenceChange):
            run = [r]
            while n < len(shown) and _same_way(r, shown[n]):
                run.append(shown[n])  # type: ignore[arg-type]
                n += 1
            lines.extend(_influence_lines(rules, run))
        elif isinstance(r, Shuffled):
            after = shown[n] if n < len(shown) else None
            if _plain(r) and isinstance(after, Shuffled) and _plain(after):  # two in a row
                first, second = (pile_label(x.pile, ai) for x in (r, after))
                lines.append(say("show.shuffle_both", first=first, second=second))
                n += 1
            else:
                lines.append(r.phrase(pile_label(r.pile, ai)))
        elif isinstance(r, Restacked):
            lines.append(r.phrase(pile_label(r.pile, ai), rules))
        elif isinstance(r, DieRoll):
            die = "show.die.roller" if r.roller else "show.die"
            lines.append(say(die, roller=r.roller, value=r.value, purpose=r.purpose))
        elif isinstance(r, CardPlayed):
            lines.append(r.phrase(rules, human))
        elif isinstance(r, EventStart):
            if not (n > 1 and _announced(shown[n - 2], r)):
                lines.append(r.phrase(rules, human))
        elif isinstance(r, Revealed):
            card = card_label(rules, r.card)
            lines.append(say("record.revealed", card=card, pile=pile_label(r.pile, ai)))
        elif isinstance(r, HandShown):
            lines.append(_shown_line(rules, r, ai))
        else:
            lines.append(r.text(rules))
    say_moves()
    say_deals()
    return lines


def _plain(r: Shuffled) -> bool:
    """A shuffle of the whole pile (none of its known top or bottom kept)."""
    return not (r.keep_top or r.keep_bottom)


def _deal_line(n: int, source: str, target: str) -> str:
    """`n` cards dealt face down from one pile to another."""
    if n == 1:
        return say("record.dealt", source=source, target=target)
    return say("show.deal", n=n, source=source, target=target)


def _shown_line(rules: Ruleset, r: HandShown, ai: Side | None) -> str:
    """A deck/hand shown by an event: the person sees the AI's cards (listed where the program
    dealt them, else looked through at the table); the AI's look at the person's deck/hand
    names nothing, since nothing it does depends on it (spec §4)."""
    if ai is None:
        return r.text(rules)
    where = pile_label(r.pile, ai)
    if r.looker is ai:
        return say("show.hand.ai_sees", purpose=r.purpose, pile=where)
    if not r.cards:
        return say("show.hand.look_through", purpose=r.purpose, pile=where)
    cards = _cards_text(rules, r.cards)
    return say("show.hand.holds", n=len(r.cards), purpose=r.purpose, pile=where, cards=cards)


def _same_way(first: InfluenceChange, r: Record) -> bool:
    """`r` changes one side's influence the same way as `first` (the points of one placement,
    one event's additions or removals)."""
    return (
        isinstance(r, InfluenceChange)
        and r.side == first.side
        and (r.after > r.before) == (first.after > first.before)
    )


# The room an instruction has on a line of 100: the Terminal numbers it (`  1. `).
STEP_WIDTH = 95


def _influence_lines(rules: Ruleset, run: list[InfluenceChange]) -> list[str]:
    """Influence changed one way for one side in a row: one line for one country (`add 2 USSR
    influence to Vietnam (now 2)`), else the countries on one line in the order placed (`add
    USSR influence: Haiti +1 (now 1), Iraq +1 (now 4)`), as many lines as the width needs."""
    by_country: dict[int, InfluenceChange] = {}
    for r in run:  # a country placed in twice: its points together, its last count
        was = by_country.get(r.country)
        before = was.before if was else r.before
        by_country[r.country] = InfluenceChange(r.country, r.side, before, r.after)
    groups: list[list[InfluenceChange]] = [[]]
    for change in by_country.values():
        if groups[-1] and len(_influence_line(rules, [*groups[-1], change])) > STEP_WIDTH:
            groups.append([])
        groups[-1].append(change)
    return [_influence_line(rules, group) for group in groups]


def _influence_line(rules: Ruleset, changes: list[InfluenceChange]) -> str:
    if len(changes) == 1:
        return changes[0].text(rules)
    adds = changes[0].after > changes[0].before
    way = "add" if adds else "remove"
    items = ", ".join(
        say(
            f"show.influence.item_{way}",
            country=rules.countries[c.country].name,
            n=abs(c.after - c.before),
            now=c.after,
        )
        for c in changes
    )
    return say(f"show.influence.{way}_many", side=changes[0].side.label, items=items)


def _turned_over(records: list[Record]) -> set[int]:
    """The card moves (by id) of a card just turned over on top of its pile: the question
    before them said so (a `draw` answered with that card)."""
    turned = set()
    for before, r in itertools.pairwise(records):
        drawn = isinstance(before, Answered) and before.kind == "draw"
        if drawn and isinstance(r, CardMove) and r.card == getattr(before, "answer", None):
            turned.add(id(r))
    return turned


def _regions_on(rules: Ruleset, out: CardMove, up: CardMove, ai: Side | None) -> str | None:
    """The regions moving on (spec §7.3): the Primary's card out and the Secondary's up into its
    space, said in one line when it fits (`#1 Asia Scoring to the spent row, #38 Southeast Asia
    Scoring up to the Primary Region space`); or both cards out to the same place (step X)."""
    if (out.source, up.source) != ("primary", "secondary"):
        return None
    place, pile = _where(out, ai)
    target = say(f"record.pile_{place}", pile=pile) if place in ("bottom", "top") else pile
    first, second = (str(rules.card(c)) for c in (out.card, up.card))
    if _where(up, ai) == (place, pile):  # both out alike (the Scoring Card Deck re-formed)
        line = say("show.move.regions_out", first=first, second=second, target=target)
    elif up.target == "primary" and not up.top:
        line = say("show.move.regions_on", first=first, target=target, second=second)
    else:
        return None
    return line if len(line) <= STEP_WIDTH else None


def _gathered(shown: list[Record], at: int) -> int:
    """How many moves from `at` on gather a whole pile into another, which is then shuffled
    (the moves, then the shuffle): 0 when `at` begins none."""
    first = shown[at]
    assert isinstance(first, CardMove)
    if first.source not in GATHERED or first.bottom or first.top:
        return 0
    k = at
    while k < len(shown):
        r = shown[k]
        if not isinstance(r, CardMove) or (r.source, r.target) != (first.source, first.target):
            break
        if r.bottom or r.top:
            break
        k += 1
    after = shown[k] if k < len(shown) else None
    if isinstance(after, Shuffled) and after.pile == first.target:
        return k - at
    return 0


def _gather_line(source: str, target: str, shuffle: Record, ai: Side | None) -> str:
    """`add the Mid War cards to the draw deck and shuffle the draw deck`."""
    assert isinstance(shuffle, Shuffled)
    kept = [  # as Shuffled.phrase says them
        *([say("record.shuffle_keeps_top")] if shuffle.keep_top else []),
        *([say("record.shuffle_keeps_bottom")] if shuffle.keep_bottom else []),
    ]
    where = pile_label(target, ai)
    what = "show.gather.new_scoring_deck" if source == "spent" else "show.gather"
    line = say(what, cards=GATHERED[source], target=where, pile=where)
    return say("show.gather.keeping", instruction=line, kept="; ".join(kept)) if kept else line


def _announced(before: Record, event: EventStart) -> bool:
    """The card was just played as this event, or for ops with the opponent's event first (`—
    the AI's event happens first`): the play said it."""
    return (
        isinstance(before, CardPlayed)
        and (before.how == "event" or bool(before.event_first))
        and before.card == event.card
    )


def _via_table(before: Record, move: Record) -> bool:
    """`move` takes on from the table the card that `before` just put there."""
    return (
        isinstance(before, CardMove)
        and isinstance(move, CardMove)
        and before.target == "table"
        and move.source == "table"
        and before.card == move.card
    )


# Where a card moved goes: (`removed`, `bottom`, `top` or `in`, the pile as the table calls it).
Where = tuple[str, str]


def _where(r: CardMove, ai: Side | None) -> Where:
    if r.target == "removed":
        return "removed", pile_name("removed")
    place = "bottom" if r.bottom else "top" if r.top else "in"
    return place, pile_label(r.target, ai)


def _moves_line(
    rules: Ruleset, cards: list[int], source: str, where: Where, how: str, ai: Side | None
) -> str:
    """Cards moved alike, in the words of the table: `#8 Fidel (…) goes from the table to your
    deck/hand (USSR)`; a card not on top of a face-down pile is looked for (`look through …
    and take out`)."""
    one = len(cards) == 1
    text = card_label(rules, cards[0]) if one else _cards_text(rules, cards)
    count = "one" if one else "many"  # a card, or a list of cards (a verb's number, no count)
    place, pile = where
    if how == "taken":
        into = pile if place == "removed" else say(f"show.move.put_{PUT[place]}", pile=pile)
        source = pile_label(source, ai)
        return say(f"show.move.taken_{count}", source=source, cards=text, into=into)
    if place == "removed":
        if source == "table":
            return say(f"show.move.removed_{count}", cards=text)
        source = pile_label(source, ai)
        return say(f"show.move.removed_from_{count}", cards=text, source=source)
    if place != "in":
        pile = say(f"record.pile_{place}", pile=pile)
    return say(f"show.move.goes_{count}", cards=text, source=pile_label(source, ai), target=pile)


# A card put into a pile after looking for it: where it goes in the pile (show.move.put_...).
PUT = {"bottom": "at_bottom", "top": "on_top", "in": "in"}


# The order the set-up is said in (spec §2.2–§2.3): the Scoring Card Deck first, then the
# draw deck, the era decks waiting, the China Card, what a scenario holds elsewhere.
SETUP_ORDER = (
    "scoring_deck",
    "draw",
    "mid_war",
    "late_war",
    "area_ussr",
    "area_us",
    "hand_us",
    "hand_ussr",
    "discard",
    "removed",
    "in_effect",
    "spent",
    "unused",
)


def setup_lines(rules: Ruleset, state: GameState, ai: Side | None) -> list[str]:
    """The set-up at the table, step by step (spec §2): every card out of the game box to its
    pile, each face-down pile shuffled, the starting influence placed. A scenario's cards
    that nobody has seen are stacked face down, shuffled and dealt where they lie."""
    lines = []
    if state.unseen:
        stack = say("show.setup.stack")
        unseen = _cards_text(rules, sorted(state.unseen))
        lines.append(say("show.setup.from_box_many", cards=unseen, pile=stack))
        lines.append(say("record.shuffled", pile=stack))
        for pile in SETUP_ORDER:
            if n := state.piles[pile].unseen:
                lines.append(_deal_line(n, stack, pile_label(pile, ai)))
    for pile in SETUP_ORDER:
        cards = sorted(state.piles[pile].known())
        if not cards:
            continue
        label = pile_label(pile, ai)
        text = _cards_text(rules, cards)
        if pile in ("unused", "removed"):
            stay = "show.setup.stay_unused" if pile == "unused" else "show.setup.stay_removed"
            lines.append(say(stay, cards=text))
            continue
        count = "one" if len(cards) == 1 else "many"
        lines.append(say(f"show.setup.from_box_{count}", cards=text, pile=label))
        if pile in FACE_DOWN and pile not in ERA_DECKS and len(cards) > 1:
            lines.append(say("record.shuffled", pile=label))
    for side in Side:
        placed = [
            f"{c.name} {state.inf(c.index, side)}"
            for c in rules.countries
            if state.inf(c.index, side)
        ]
        if placed:
            countries = ", ".join(placed)
            lines.append(say("show.setup.influence", side=side.label, countries=countries))
    lines.append(
        say(
            "show.setup.markers",
            turn=state.turn,
            defcon=state.defcon,
            vp=vp_text(state.vp),
            us_milops=state.milops[0],
            ussr_milops=state.milops[1],
            us_space=state.space[0],
            ussr_space=state.space[1],
            china=china_card(state),
        )
    )
    return lines


def state_diff(rules: Ruleset, before: GameState, after: GameState) -> list[str]:
    """What to change on the physical board to go from `before` to `after` (undo, rollback)."""
    lines = []
    for c in rules.countries:
        for side in Side:
            a, b = before.inf(c.index, side), after.inf(c.index, side)
            if a != b:
                what = say(
                    "show.diff.influence", country=c.name, side=side.label, before=a, after=b
                )
                lines.append(what)
    if before.vp != after.vp:
        lines.append(say("show.diff.vp", before=vp_text(before.vp), after=vp_text(after.vp)))
    for name, x, y in (
        ("defcon", before.defcon, after.defcon),
        ("us_milops", before.milops[0], after.milops[0]),
        ("ussr_milops", before.milops[1], after.milops[1]),
        ("us_space", before.space[0], after.space[0]),
        ("ussr_space", before.space[1], after.space[1]),
        ("turn", before.turn, after.turn),
        ("action_round", before.action_round, after.action_round),
    ):
        if x != y:
            lines.append(say("show.diff.marker", name=say(f"show.diff.{name}"), before=x, after=y))
    for card in sorted(rules.cards):
        was, now = before.where(card), after.where(card)
        if was != now:
            label = card_label(rules, card)
            lines.append(
                say("show.diff.card", card=label, before=pile_name(was), after=pile_name(now))
            )
    return lines


# ------------------------------------------------------------------ at a glance (issue #13)
def effects_in_force(rules: Ruleset, state: GameState) -> list[str]:
    """The lasting effects in force, by card (appendix G9: their cards lie beside the board)."""
    names: list[str] = []
    for effect in state.effects:
        name = rules.card(effect.card).name
        if effect.data in SCORING_REGIONS:
            name += f" ({region_name(effect.data)})"
        if name not in names:
            names.append(name)
    return names


def round_banner(
    rules: Ruleset, state: GameState, *, primary: str | None, secondary: str | None, rounds: int
) -> str:
    """One line before the player's choices in an action round: where the round stands, the
    regions (spec §7), a Scoring Round (§8.1–§8.2), VP from the player's side, DEFCON, both
    military ops against DEFCON (§19.E), the lasting effects in force."""
    assert state.ai_side is not None
    human, ai = state.ai_side.other, state.ai_side
    n = state.action_round
    ar = (
        say("show.banner.ar", n=n, rounds=rounds)
        if n <= rounds
        else say("show.banner.ar_extra", n=n)
    )
    whose = say("show.banner.your_action" if state.phasing is human else "show.banner.ai_action")
    regions = "show.banner.scoring_round" if state.scoring_round else "show.banner.regions"
    yours = state.vp * human.sign
    d = state.defcon
    mine, theirs = state.milops[human.col], state.milops[ai.col]
    parts = [
        say("show.banner.turn", turn=state.turn, round=ar, whose=whose),
        say(regions, primary=_region(primary), secondary=_region(secondary)),
        say("show.banner.vp", yours=f"{'+' if yours >= 0 else ''}{yours}"),
        say("show.defcon", defcon=d),
        say("show.banner.milops", yours=mine, theirs=theirs, defcon=d),
    ]
    if effects := effects_in_force(rules, state):
        parts.append(say("show.banner.in_force", effects=", ".join(effects)))
    return "── " + " │ ".join(parts)


def milops_reminder(state: GameState, rounds: int) -> str | None:
    """In the turn's last two action rounds, when the player's military ops are short of
    DEFCON: what the end of the turn's check will cost (spec §19.E), or None."""
    assert state.ai_side is not None
    human, ai = state.ai_side.other, state.ai_side
    short = state.defcon - state.milops[human.col]
    if state.action_round < rounds - 1 or short <= 0:
        return None
    theirs = max(0, state.defcon - state.milops[ai.col])
    return say("show.reminder.milops", defcon=state.defcon, short=short, theirs=theirs)


def turn_checklist(rules: Ruleset, records: Iterable[Record], state: GameState) -> list[str]:
    """At the table, when a turn has ended among `records`: what the board must show now
    (spec §19 E–H, §5.A), to check before the next turn goes on: the turn marker, and each
    other marker only when these records moved it (what did not change is not said again)."""
    every = list(records)
    turns = [r.value for r in every if isinstance(r, MarkerChange) and r.name == "turn"]
    if not turns:
        return []
    turn = int(str(turns[-1]))
    moved = {type(r) for r in every}
    china = say("engine.game.china_face_up")
    lines = [say("show.check.title", turn=turn - 1), f"{CHECK}{say('show.check.turn', turn=turn)}"]
    if DefconChange in moved:
        lines.append(f"{CHECK}{say('show.check.defcon', defcon=state.defcon, turn=turn)}")
    if MilopsChange in moved:
        milops = say("show.check.milops", us=state.milops[0], ussr=state.milops[1])
        lines.append(f"{CHECK}{milops}")
    if state.where(CHINA_CARD) in DECK_HANDS or any(  # left there: unlike the base game
        (isinstance(r, Note) and r.message == china)
        or (isinstance(r, CardMove) and r.card == CHINA_CARD)
        for r in every
    ):
        lines.append(_china_check(state))
    if VPChange in moved:
        lines.append(f"{CHECK}{say('show.check.vp', vp=vp_text(state.vp))}")
    return lines


CHECK = "  [ ] "  # a box to tick before a line of the checklist


def _china_check(state: GameState) -> str:
    """Spec §19.G turns the China Card face up in its play area; one that the draft has put
    into a deck/hand (spec §3.3) stays there."""
    if (where := state.where(CHINA_CARD)) in DECK_HANDS:
        return f"{CHECK}{say('show.check.china_in_pile', pile=pile_name(where))}"
    return f"{CHECK}{say('show.check.china_face_up', china=china_card(state))}"


def game_summary(
    rules: Ruleset, log: Sequence[Record], state: GameState, start: GameState | None = None
) -> list[str]:
    """The end of the game at a glance: VP (from the player's side) and DEFCON at the end of each
    turn, every scoring with its net VP, the penalties paid. `start`: the position a game begun
    from a scenario started at (the log begins there), else the set-up's."""
    assert state.ai_side is not None
    sign = state.ai_side.other.sign
    vp, defcon, turn, ar = 0, 5, 1, 0
    if start is not None:
        vp, defcon, turn, ar = start.vp, start.defcon, start.turn, start.action_round
    by_turn: list[tuple[int, int, int]] = []
    scorings: list[str] = []
    penalties = 0
    # An off-region penalty's VP (solo/action_rounds.py), told by its reason: the phrase in the
    # language in use, any text in its fields (the record keeps the sentence, not its kind).
    words = say("solo.ar.penalty", side="\0", countries="\0").split("\0")
    penalty = re.compile(".*".join(map(re.escape, words)), re.S)
    for r in log:
        if isinstance(r, VPChange):
            vp = r.after
            penalties += penalty.fullmatch(r.reason) is not None
        elif isinstance(r, DefconChange):
            defcon = r.after
        elif isinstance(r, MarkerChange) and r.name == "action_round":
            ar = int(str(r.value))
        elif isinstance(r, MarkerChange) and r.name == "turn":
            by_turn.append((turn, vp, defcon))
            turn = int(str(r.value))
        elif isinstance(r, RegionScored):
            if r.final:
                when = say("show.summary.final")
            else:
                when = say("show.summary.when", turn=turn, round=_round(ar))
            net = r.score.vp * sign
            you = say("show.summary.net", vp=f"{'+' if net >= 0 else ''}{net}")
            scorings.append(f"  {when:<13} {region_name(r.score.region):<16} {you}")
    by_turn.append((turn, state.vp, state.defcon))
    cells = [(str(t), f"{'+' if v * sign >= 0 else ''}{v * sign}", str(d)) for t, v, d in by_turn]
    rows = [
        f"  {say(f'show.summary.row_{row}'):<6} " + " ".join(f"{c[k]:>4}" for c in cells)
        for k, row in enumerate(("turn", "vp", "defcon"))
    ]
    lines = [say("show.summary.by_turn"), *rows]
    lines.append(say("show.summary.scorings" if scorings else "show.summary.no_scoring"))
    lines.extend(scorings)
    if penalties:
        lines.append(say("show.summary.penalties", n=penalties))
    return lines
