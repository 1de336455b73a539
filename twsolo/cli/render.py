"""Pure text renderers: the board, the tracks, answers as a person reads them, and the "do this
on the board" instructions built from the engine's records. No I/O here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from twsolo.engine.board import controller
from twsolo.engine.records import (
    Answered,
    CardMove,
    DieRoll,
    EventEnd,
    MarkerChange,
    Record,
    SpaceAttempt,
    pile_name,
)
from twsolo.engine.state import GameState
from twsolo.ids import CHINA_CARD, MAP_REGIONS, Side
from twsolo.ruleset import Ruleset

# Records that say nothing a person at the table must do or know.
QUIET = (Answered, SpaceAttempt, EventEnd, MarkerChange)
SIDE_LABEL = {"us": "US", "ussr": "USSR"}


def card_label(rules: Ruleset, number: int) -> str:
    c = rules.card(number)
    side = SIDE_LABEL.get(c.side, "neutral")
    ops = f"{c.ops} op" if c.ops == 1 else f"{c.ops} ops"
    kind = f"scores {c.scoring.replace('_', ' ')}" if c.scoring else f"{ops}, {side}"
    return f"#{c.number} {c.name} ({kind})"


def answer_label(rules: Ruleset, answer: Any) -> str:
    """An answer as a person reads it: card names, country names, plain words."""
    if isinstance(answer, tuple):
        return " + ".join(answer_label(rules, a) for a in answer)
    if isinstance(answer, int) and answer in rules.cards:
        return card_label(rules, answer)
    if isinstance(answer, str) and answer in rules.index:
        return rules.country(answer).name
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


def china_card(state: GameState) -> str:
    """Who has the China Card; while it is being played it lies on the table, held by no one."""
    if CHINA_CARD in state.piles["table"]:
        return "being played"
    return f"{state.china_holder.label} ({'face up' if state.china_face_up else 'face down'})"


def _region(region: str | None) -> str:
    return region.replace("_", " ").title() if region else "-"


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


def instructions(rules: Ruleset, records: Iterable[Record]) -> list[str]:
    """What to do on the physical board for these records, in order. A card dealt from the
    draw deck into a deck/hand is face down (spec §4.1): it is not named."""
    lines = []
    for r in records:
        if isinstance(r, QUIET):
            continue
        if isinstance(r, CardMove) and r.source == "draw" and r.target == "table":
            continue  # drawn for the draft (the question lists them) or an event (it says so)
        if isinstance(r, CardMove) and r.source == "draw" and r.target.startswith("hand_"):
            lines.append(f"deal a card face down to {pile_name(r.target)}")
        elif isinstance(r, CardMove) and r.target == "table" and r.source.startswith("hand_"):
            lines.append(f"reveal from {pile_name(r.source)}: {card_label(rules, r.card)}")
        elif isinstance(r, DieRoll):
            who = f"{r.roller} " if r.roller else ""
            lines.append(f"{who}die: {r.value} ({r.purpose})")
        else:
            lines.append(r.text(rules))
    return lines


def state_diff(rules: Ruleset, before: GameState, after: GameState) -> list[str]:
    """What to change on the physical board to go from `before` to `after` (undo, rollback)."""
    lines = []
    for c in rules.countries:
        for side in Side:
            a, b = before.inf(c.index, side), after.inf(c.index, side)
            if a != b:
                lines.append(f"{c.name}: {side.label} influence {a} → {b}")
    for name, x, y in (
        ("VP", before.vp, after.vp),
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
