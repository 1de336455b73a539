"""The Space Race (base §6.4; card-events A12). The track itself is rules/space.yaml."""

from __future__ import annotations

from typing import TYPE_CHECKING

from twsolo.engine.records import SpaceAttemptDone
from twsolo.engine.state import GameState
from twsolo.errors import IllegalActionError
from twsolo.ids import Side
from twsolo.phrases import say
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game

EIGHTH_ROUND = "eighth_round"  # space box 8: an extra action round (rules/space.yaml)


def has_ability(state: GameState, rules: Ruleset, side: Side, ability: str) -> bool:
    """Base §6.4.4: a side holds a box ability while the opponent is below that box."""
    for box in rules.space:
        if box.ability == ability:
            return state.space[side.col] >= box.box > state.space[side.other.col]
    return False


def attempts_allowed(state: GameState, rules: Ruleset, side: Side) -> int:
    return 2 if has_ability(state, rules, side, "two_attempts") else 1


def space_refusal(state: GameState, rules: Ruleset, side: Side, ops: int) -> str | None:
    """Why `side` may not attempt the Space Race with a card of `ops` (modified), or None."""
    position = state.space[side.col]
    if position >= len(rules.space):
        return say("engine.space.space_refusal.refused", side=side.label)
    if state.space_attempts[side.col] >= attempts_allowed(state, rules, side):
        return say("engine.space.space_refusal.refused_2", side=side.label)
    need = rules.space[position].ops
    if ops < need:
        return say(
            "engine.space.space_refusal.refused_3", name=rules.space[position].name, need=need
        )
    return None


def advance(game: Game, side: Side) -> None:
    """Move one box and score it: the first side there takes the first VP (events use this too)."""
    state, rules = game.state, game.rules
    position = state.space[side.col]
    if position >= len(rules.space):
        return
    box = rules.space[position]
    first = state.space[side.other.col] < box.box
    game.set_space(side, box.box)
    vp = box.vp_first if first else box.vp_second
    game.gain_vp(side, vp, say("engine.space.advance.vp", box=box.name))


def attempt(game: Game, side: Side, ops: int) -> bool:
    """One Space Race attempt with a card of `ops`: roll at most the box's number to advance."""
    state, rules = game.state, game.rules
    if reason := space_refusal(state, rules, side, ops):
        raise IllegalActionError(reason)
    box = rules.space[state.space[side.col]]
    game.use_space_attempt(side)
    roll = game.roll(
        side, say("engine.space.attempt.roll", box=box.name, success=box.success), high=False
    )
    success = roll <= box.success
    game.record(SpaceAttemptDone(side, roll, success))
    if success:
        advance(game, side)
    return success
