"""Coups and realignments (base §6.2, §6.3; card-events A8, A9)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from twsolo.engine.board import adjacent_controlled
from twsolo.engine.defcon import defcon_ban
from twsolo.engine.effects import (
    coup_roll_modifier,
    protection,
    realign_roll_modifier,
)
from twsolo.engine.records import CoupDone, RealignDone
from twsolo.engine.state import GameState, Result
from twsolo.errors import IllegalActionError
from twsolo.ids import CardId, Side
from twsolo.phrases import say
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game


def _needed(least: int) -> str:
    """What a die must show for a coup to remove or add anything (base §6.3.2)."""
    if least <= 1:
        return say("engine.coup.needed.any")
    if least > 6:
        return say("engine.coup.needed.none")
    return say("engine.coup.needed.least", least=least)


@dataclass(frozen=True, slots=True)
class CoupResult:
    country: int
    ops: int
    roll: int
    modified: int  # roll + ops + modifiers − 2 × stability
    removed: int
    added: int


def coup_refusal(
    state: GameState, rules: Ruleset, side: Side, country: int, *, free: bool = False
) -> str | None:
    """Why `side` may not coup `country`, or None. Free coups ignore the DEFCON region ban
    (base §6.3.5)."""
    c = rules.countries[country]
    if state.inf(country, side.other) == 0:
        return say("engine.coup.coup_refusal.refused", side=side.other.label, country=c.name)
    if not free and (ban := defcon_ban(state.defcon, c.region)):
        return ban
    return protection(state, rules, side, country, coup=True)


def coup(game: Game, side: Side, country: int, ops: int, *, free: bool = False) -> CoupResult:
    """Base §6.3: die + ops (+ card modifiers) − 2 × stability; remove up to that much opponent
    influence and add the rest as own. Credits military ops unless free (§8.2.5); a battleground
    coup lowers DEFCON by 1 whatever the result (§6.3.4), except US coups under Nuclear Subs."""
    state, rules = game.state, game.rules
    if reason := coup_refusal(state, rules, side, country, free=free):
        raise IllegalActionError(reason)
    c = rules.countries[country]
    missile_crisis = state.effect(CardId.CUBAN_MISSILE_CRISIS)
    if missile_crisis and missile_crisis.side is side:
        game.note(say("engine.coup.coup.note", side=side.label))
        game.end(Result(side.other, "cuban_missile_crisis"))
    base = ops + coup_roll_modifier(state, rules, side, country) - 2 * c.stability
    roll = game.roll(
        side, say("engine.coup.coup.roll", country=c.name, needed=_needed(1 - base)), country=c.id
    )
    modified = roll + base
    removed = added = 0
    if modified > 0:
        removed = game.remove_influence(country, side.other, modified)
        added = modified - removed
        game.add_influence(country, side, added)
    game.record(CoupDone(side, country, ops, roll, modified, removed, added, free))
    if not free:
        game.add_milops(side, ops)
    if side is Side.US and state.has_effect(CardId.YURI_AND_SAMANTHA):
        game.gain_vp(Side.USSR, 1, game.rules.card(CardId.YURI_AND_SAMANTHA).name)
    if c.battleground and not (side is Side.US and state.has_effect(CardId.NUCLEAR_SUBS)):
        game.change_defcon(-1, say("engine.coup.coup.defcon", country=c.name))
    return CoupResult(country, ops, roll, modified, removed, added)


@dataclass(frozen=True, slots=True)
class RealignResult:
    country: int
    rolls: dict[Side, int]
    totals: dict[Side, int]
    removed: dict[Side, int]


def realign_refusal(
    state: GameState, rules: Ruleset, side: Side, country: int, *, free: bool = False
) -> str | None:
    """Why `side` may not realign `country`, or None. Only countries with opponent influence are
    offered: any other roll can only hurt the roller (A8). `free`: an event that lifts the DEFCON
    region ban (Tear Down This Wall, card-events D3)."""
    c = rules.countries[country]
    if state.inf(country, side.other) == 0:
        return say("engine.coup.realign_refusal.refused", side=side.other.label, country=c.name)
    if not free and (ban := defcon_ban(state.defcon, c.region)):
        return ban
    return protection(state, rules, side, country, coup=False)


def realign_modifiers(state: GameState, rules: Ruleset, side: Side, country: int) -> int:
    """Base §6.2 (A8): +1 per adjacent controlled country (own superpower included), +1 for more
    influence in the target, card modifiers (Iran-Contra)."""
    mod = adjacent_controlled(state, rules, side, country)
    if state.inf(country, side) > state.inf(country, side.other):
        mod += 1
    return mod + realign_roll_modifier(state, side)


def realign(game: Game, side: Side, country: int, *, free: bool = False) -> RealignResult:
    state, rules = game.state, game.rules
    if reason := realign_refusal(state, rules, side, country, free=free):
        raise IllegalActionError(reason)
    name = rules.countries[country].name
    mods = {s: realign_modifiers(state, rules, s, country) for s in Side}
    pair = (side, side.other)
    purpose, where = say("engine.coup.realign.roll", name=name), rules.countries[country].id
    # The realigner's die, then the other's: two in a row (a screen may invite both at once).
    rolls = {s: game.roll(s, purpose, country=where, of=(n, 2)) for n, s in enumerate(pair, 1)}
    totals = {s: rolls[s] + mods[s] for s in Side}
    removed = {Side.US: 0, Side.USSR: 0}
    if totals[Side.US] != totals[Side.USSR]:
        winner = Side.US if totals[Side.US] > totals[Side.USSR] else Side.USSR
        loser = winner.other
        removed[loser] = game.remove_influence(country, loser, totals[winner] - totals[loser])
    game.record(
        RealignDone(
            side,
            country,
            (rolls[Side.US], rolls[Side.USSR]),
            (totals[Side.US], totals[Side.USSR]),
            (removed[Side.US], removed[Side.USSR]),
        )
    )
    return RealignResult(country, rolls, totals, removed)
