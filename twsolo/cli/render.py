"""Pure text renderers: the board, the tracks, answers as a person reads them, and the "do this
on the board" instructions built from the engine's records. No I/O here."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
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
    Record,
    RegionScored,
    Restacked,
    Revealed,
    Shuffled,
    SpaceAttempt,
    VPChange,
    pile_name,
    region_name,
)
from twsolo.engine.state import GameState, hand_of
from twsolo.ids import CHINA_CARD, MAP_REGIONS, SCORING_REGIONS, Side
from twsolo.ruleset import Ruleset

__all__ = ["region_name"]  # re-exported: the prompts name regions as the records do

# Records that say nothing a person at the table must do or know.
QUIET = (Answered, SpaceAttempt, EventEnd)
SIDE_LABEL = {"us": "US", "ussr": "USSR"}


def card_label(rules: Ruleset, number: int) -> str:
    c = rules.card(number)
    side = SIDE_LABEL.get(c.side, "neutral")
    ops = f"{c.ops} op" if c.ops == 1 else f"{c.ops} ops"
    kind = f"scores {region_name(c.scoring)}" if c.scoring else f"{ops}, {side}"
    return f"#{c.number} {c.name} ({kind})"


# Answers that are numbers, not cards: a die shows a face.
NUMBER_KINDS = ("die", "number")
# Answers nobody at the table may see (spec §4): a card dealt face down.
HIDDEN_KINDS = ("deal",)


def answer_label(rules: Ruleset, answer: Any, kind: str = "") -> str:
    """An answer as a person reads it: card names, country names, plain words; a die's face as
    a number; a card dealt face down never named."""
    if kind in HIDDEN_KINDS:
        return "a card dealt face down"
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
    return str(answer).replace("_", " ")


def vp_text(vp: int, human: Side | None = None) -> str:
    board = "0" if vp == 0 else (f"US +{vp}" if vp > 0 else f"USSR +{-vp}")
    if human is None:
        return board
    yours = vp * human.sign
    return f"{board} (you {'+' if yours >= 0 else ''}{yours})"


def tracks(rules: Ruleset, state: GameState, *, primary: str | None, secondary: str | None) -> str:
    human = state.ai_side.other if state.ai_side else None
    ar = "headline" if state.action_round == 0 else f"AR{state.action_round}"
    sr = " (Scoring Round)" if state.scoring_round else ""
    lines = [
        f"Turn {state.turn}, {ar}{sr}   DEFCON {state.defcon}   VP {vp_text(state.vp, human)}",
        f"Military ops: US {state.milops[0]}, USSR {state.milops[1]}   "
        f"Space race: US box {state.space[0]}, USSR box {state.space[1]}",
        f"Primary: {_region(primary)}   Secondary: {_region(secondary)}   "
        f"China Card: {china_card(state)}",
        "Deck/hands: "
        + ", ".join(f"{s.label} {len(state.piles[f'hand_{s.value}'])}" for s in Side)
        + f"   Draw deck {len(state.piles['draw'])}   Discard {len(state.piles['discard'])}",
    ]
    return "\n".join(lines)


DECK_HANDS = tuple(hand_of(side) for side in Side)


def china_card(state: GameState) -> str:
    """Who has the China Card and where (spec §3.1): face up or down in a play area, or inside
    a deck/hand (neither); while it is being played it lies on the table, held by no one."""
    where = state.where(CHINA_CARD)
    if where == "table":
        return "being played"
    if where in DECK_HANDS:
        return f"{state.china_holder.label} (in {pile_name(where)})"
    return f"{state.china_holder.label} ({'face up' if state.china_face_up else 'face down'})"


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
            ctrl = f"{owner.label} control" if owner else ""
            bg = "*" if c.battleground else " "
            out.append(f"  {bg}{c.name:<22} s{c.stability}  US {us:>2}  USSR {ussr:>2}  {ctrl}")
    return "\n".join(out)


# Piles whose cards lie face down: a card taken out of one must be looked for (unless it was
# just turned over on top), and a known card put into one is shuffled in (spec §4).
FACE_DOWN = ("draw", "hand_us", "hand_ussr", "scoring_deck", "mid_war", "late_war")
# Piles gathered whole into another and shuffled there (spec §5.B, §7.2.4, §7.3.3, base §4.3).
GATHERED = {
    "mid_war": "the Mid War cards",
    "late_war": "the Late War cards",
    "discard": "the discard pile",
    "spent": "the spent row",
    "aside": "the cards set aside",
}
ERA_DECKS = {"mid_war": "the Mid War cards", "late_war": "the Late War cards"}


def pile_label(pile: str, ai: Side | None = None) -> str:
    """A pile as the person at the table calls it: the deck/hands by whose they are."""
    if ai is not None and pile in (hand_of(ai), hand_of(ai.other)):
        if pile == hand_of(ai):
            return f"the AI's deck/hand ({ai.label})"
        return f"your deck/hand ({ai.other.label})"
    return ERA_DECKS.get(pile) or pile_name(pile)


def _cards_text(rules: Ruleset, cards: Sequence[int]) -> str:
    return ", ".join(f"#{c} {rules.card(c).name}" for c in cards)


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
    moves: list[tuple[int, str, str, str]] = []  # (card, source, target words, how) in a row

    def say_moves() -> None:
        if moves:
            _, source, where, how = moves[0]
            lines.append(_moves_line(rules, [m[0] for m in moves], source, where, how, ai))
            moves.clear()

    dealt: list[tuple[str, str]] = []  # (source, target) of the face-down deals in a row

    def say_deals() -> None:
        """Deals in a row from one pile, by the pile each goes to: nobody knows which card
        went where, so the order of dealing changes nothing."""
        by_target: dict[str, int] = {}
        for _, target in dealt:
            by_target[target] = by_target.get(target, 0) + 1
        for target, n in by_target.items():
            what = "a card" if n == 1 else f"{n} cards"
            source = pile_label(dealt[0][0], ai)
            lines.append(f"deal {what} face down from {source} to {pile_label(target, ai)}")
        dealt.clear()

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
                lines.append(f"Turn {r.value} begins")
        elif isinstance(r, InfluenceChange):
            last = r
            while n < len(shown) and _same_place(r, shown[n]):
                last = shown[n]  # type: ignore[assignment]
                n += 1
            lines.append(InfluenceChange(r.country, r.side, r.before, last.after).text(rules))
        elif isinstance(r, Shuffled):
            lines.append(r.phrase(pile_label(r.pile, ai)))
        elif isinstance(r, Restacked):
            lines.append(r.phrase(pile_label(r.pile, ai), rules))
        elif isinstance(r, DieRoll):
            who = f"{r.roller} " if r.roller else ""
            lines.append(f"{who}die: {r.value} ({r.purpose})")
        elif isinstance(r, CardPlayed):
            lines.append(r.phrase(rules, human))
        elif isinstance(r, EventStart):
            if not (n > 1 and _announced(shown[n - 2], r)):
                lines.append(r.phrase(rules, human))
        elif isinstance(r, Revealed):
            lines.append(f"{card_label(rules, r.card)} is seen in {pile_label(r.pile, ai)}")
        elif isinstance(r, HandShown):
            lines.append(_shown_line(rules, r, ai))
        else:
            lines.append(r.text(rules))
    say_moves()
    say_deals()
    return lines


def _shown_line(rules: Ruleset, r: HandShown, ai: Side | None) -> str:
    """A deck/hand shown by an event: the person sees the AI's cards (listed where the program
    dealt them, else looked through at the table); the AI's look at the person's deck/hand
    names nothing, since nothing it does depends on it (spec §4)."""
    if ai is None:
        return r.text(rules)
    where = pile_label(r.pile, ai)
    if r.looker is ai:
        return f"{r.purpose}: the AI sees {where}; nothing it does depends on it"
    if not r.cards:
        return f"{r.purpose}: look through {where}"
    n = len(r.cards)
    return f"{r.purpose}: {where} holds {n} card{'s' * (n != 1)}: {_cards_text(rules, r.cards)}"


def _same_place(first: InfluenceChange, r: Record) -> bool:
    """`r` changes the same influence the same way as `first` (points of one placement)."""
    return (
        isinstance(r, InfluenceChange)
        and (r.country, r.side) == (first.country, first.side)
        and (r.after > r.before) == (first.after > first.before)
    )


def _turned_over(records: list[Record]) -> set[int]:
    """The card moves (by id) of a card just turned over on top of its pile: the question
    before them said so (a `draw` answered with that card)."""
    turned = set()
    for before, r in itertools.pairwise(records):
        drawn = isinstance(before, Answered) and before.kind == "draw"
        if drawn and isinstance(r, CardMove) and r.card == getattr(before, "answer", None):
            turned.add(id(r))
    return turned


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
    kept = shuffle.phrase("").removeprefix("shuffle ").strip()
    new = " (a new Scoring Card Deck)" if source == "spent" else ""
    where = pile_label(target, ai)
    return f"add {GATHERED[source]} to {pile_label(target, ai)}{new} and shuffle {where}" + (
        f" {kept}" if kept else ""
    )


def _announced(before: Record, event: EventStart) -> bool:
    """The card was just played as this event: the play said it."""
    return isinstance(before, CardPlayed) and before.how == "event" and before.card == event.card


def _via_table(before: Record, move: Record) -> bool:
    """`move` takes on from the table the card that `before` just put there."""
    return (
        isinstance(before, CardMove)
        and isinstance(move, CardMove)
        and before.target == "table"
        and move.source == "table"
        and before.card == move.card
    )


def _where(r: CardMove, ai: Side | None) -> str:
    if r.target == "removed":
        return "out of the game"
    where = pile_label(r.target, ai)
    if r.bottom or r.top:
        where = f"the {'bottom' if r.bottom else 'top'} of {where}"
    return where


def _preposition(where: str) -> str:
    return "at" if where.startswith("the bottom") else "on" if where.startswith("the top") else "in"


def _moves_line(
    rules: Ruleset, cards: list[int], source: str, where: str, how: str, ai: Side | None
) -> str:
    """Cards moved alike, in the words of the table: `#8 Fidel (…) goes from the table to your
    deck/hand (USSR)`; a card not on top of a face-down pile is looked for (`look through …
    and take out`)."""
    text = card_label(rules, cards[0]) if len(cards) == 1 else _cards_text(rules, cards)
    one = len(cards) == 1
    if how == "taken":
        them = "it" if one else "them"
        into = where if where == "out of the game" else f"{_preposition(where)} {where}"
        return f"look through {pile_label(source, ai)}, take out {text} and put {them} {into}"
    verb = "goes" if one else "go"
    if where == "out of the game":
        return f"{text} {'is' if one else 'are'} removed from the game" + (
            "" if source == "table" else f" (from {pile_label(source, ai)})"
        )
    return f"{text} {verb} from {pile_label(source, ai)} to {where}"


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
        stack = "the face-down stack"
        lines.append(f"{_cards_text(rules, sorted(state.unseen))} go from the game box to {stack}")
        lines.append(f"shuffle {stack}")
        for pile in SETUP_ORDER:
            if n := state.piles[pile].unseen:
                what = "a card" if n == 1 else f"{n} cards"
                lines.append(f"deal {what} face down from {stack} to {pile_label(pile, ai)}")
    for pile in SETUP_ORDER:
        cards = sorted(state.piles[pile].known())
        if not cards:
            continue
        label = pile_label(pile, ai)
        if pile in ("unused", "removed"):
            why = "not used" if pile == "unused" else "out of the game"
            lines.append(f"{_cards_text(rules, cards)} stay in the game box ({why})")
            continue
        go = "goes" if len(cards) == 1 else "go"
        lines.append(f"{_cards_text(rules, cards)} {go} from the game box to {label}")
        if pile in FACE_DOWN and pile not in ERA_DECKS and len(cards) > 1:
            lines.append(f"shuffle {label}")
    for side in Side:
        placed = [
            f"{c.name} {state.inf(c.index, side)}"
            for c in rules.countries
            if state.inf(c.index, side)
        ]
        if placed:
            lines.append(f"place the starting {side.label} influence: " + ", ".join(placed))
    lines.append(
        f"set the markers: turn {state.turn}, DEFCON {state.defcon}, VP {vp_text(state.vp)}, "
        f"military ops US {state.milops[0]} and USSR {state.milops[1]}, space race US box "
        f"{state.space[0]} and USSR box {state.space[1]}; the China Card {china_card(state)}"
    )
    return lines


def state_diff(rules: Ruleset, before: GameState, after: GameState) -> list[str]:
    """What to change on the physical board to go from `before` to `after` (undo, rollback)."""
    lines = []
    for c in rules.countries:
        for side in Side:
            a, b = before.inf(c.index, side), after.inf(c.index, side)
            if a != b:
                lines.append(f"{c.name}: {side.label} influence {a} → {b}")
    if before.vp != after.vp:
        lines.append(f"VP: {vp_text(before.vp)} → {vp_text(after.vp)}")
    for name, x, y in (
        ("DEFCON", before.defcon, after.defcon),
        ("US military ops", before.milops[0], after.milops[0]),
        ("USSR military ops", before.milops[1], after.milops[1]),
        ("US space race box", before.space[0], after.space[0]),
        ("USSR space race box", before.space[1], after.space[1]),
        ("turn", before.turn, after.turn),
        ("action round", before.action_round, after.action_round),
    ):
        if x != y:
            lines.append(f"{name}: {x} → {y}")
    for card in sorted(rules.cards):
        was, now = before.where(card), after.where(card)
        if was != now:
            lines.append(f"{card_label(rules, card)}: from {pile_name(was)} to {pile_name(now)}")
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
    ar = f"AR{n} of {rounds}" if n <= rounds else f"AR{n} (an extra round)"
    whose = "your action" if state.phasing is human else "the AI's action"
    if state.scoring_round:
        where = (
            f"SCORING ROUND: {_region(primary)} scores after both act — you act first · "
            f"Secondary {_region(secondary)}"
        )
    else:
        where = f"Primary {_region(primary)} · Secondary {_region(secondary)}"
    yours = state.vp * human.sign
    d = state.defcon
    parts = [
        f"Turn {state.turn} {ar}, {whose}",
        where,
        f"VP you {'+' if yours >= 0 else ''}{yours}",
        f"DEFCON {d}",
        f"Mil ops you {state.milops[human.col]}/{d}, AI {state.milops[ai.col]}/{d}",
    ]
    if effects := effects_in_force(rules, state):
        parts.append("In force: " + ", ".join(effects))
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
    return (
        f"Reminder (spec §19.E): at the end of the turn each side gives the other 1 VP per "
        f"military op short of DEFCON {state.defcon}: you are {short} short, the AI "
        f"{theirs}. A coup adds its ops to yours."
    )


def turn_checklist(rules: Ruleset, records: Iterable[Record], state: GameState) -> list[str]:
    """At the table, when a turn has ended among `records`: what the board must show now
    (spec §19 E–H, §5.A), to check before the next turn goes on."""
    turns = [r.value for r in records if isinstance(r, MarkerChange) and r.name == "turn"]
    if not turns:
        return []
    turn = int(str(turns[-1]))
    return [
        f"End of turn {turn - 1}: check the board",
        f"  [ ] the turn marker on turn {turn}",
        f"  [ ] DEFCON at {state.defcon} (+1 as turn {turn} began, at most 5: spec §5.A)",
        f"  [ ] both military ops markers at 0 (US {state.milops[0]}, USSR {state.milops[1]})",
        _china_check(state),
        f"  [ ] the VP marker at {vp_text(state.vp)}",
    ]


def _china_check(state: GameState) -> str:
    """Spec §19.G turns the China Card face up in its play area; one that the draft has put
    into a deck/hand (spec §3.3) stays there."""
    if (where := state.where(CHINA_CARD)) in DECK_HANDS:
        return f"  [ ] the China Card left in {pile_name(where)}"
    return f"  [ ] the China Card turned face up: {china_card(state)}"


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
    for r in log:
        if isinstance(r, VPChange):
            vp = r.after
            penalties += "off-region penalty" in r.reason
        elif isinstance(r, DefconChange):
            defcon = r.after
        elif isinstance(r, MarkerChange) and r.name == "action_round":
            ar = int(str(r.value))
        elif isinstance(r, MarkerChange) and r.name == "turn":
            by_turn.append((turn, vp, defcon))
            turn = int(str(r.value))
        elif isinstance(r, RegionScored):
            when = "final" if r.final else f"turn {turn} " + (f"AR{ar}" if ar else "headline")
            net = r.score.vp * sign
            scorings.append(
                f"  {when:<13} {region_name(r.score.region):<16} you {'+' if net >= 0 else ''}{net}"
            )
    by_turn.append((turn, state.vp, state.defcon))
    cells = [(str(t), f"{'+' if v * sign >= 0 else ''}{v * sign}", str(d)) for t, v, d in by_turn]
    rows = [
        "  turn   " + " ".join(f"{c[0]:>4}" for c in cells),
        "  VP     " + " ".join(f"{c[1]:>4}" for c in cells),
        "  DEFCON " + " ".join(f"{c[2]:>4}" for c in cells),
    ]
    lines = ["Turn by turn (VP from your side, DEFCON at the end of each turn):", *rows]
    lines.append("Scorings (VP from your side):" if scorings else "No region was scored.")
    lines.extend(scorings)
    if penalties:
        lines.append(f"Off-region penalties paid: {penalties} (spec §10.2).")
    return lines
