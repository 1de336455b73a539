"""Conducting operations through the Choice seam (base §6): the player picks the kind of
operation, then its targets. Used for the human's ops, event grants and scripted players."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from twsolo.engine.board import placement_access
from twsolo.engine.coup import coup, coup_refusal, realign, realign_refusal
from twsolo.engine.effects import NUCLEAR_SUBS_DOUBLE
from twsolo.engine.influence import conduct_influence, placement_options
from twsolo.engine.ops import OpsBudget
from twsolo.engine.space import attempt, space_refusal
from twsolo.ids import CardId, Side
from twsolo.phrases import say

if TYPE_CHECKING:
    from twsolo.engine.game import Game

KINDS = ("influence", "coup", "realign", "space_race")


def opponent_held(game: Game, side: Side) -> list[int]:
    """Countries with opponent influence, in index order: the only candidates for a coup or a
    realignment (their refusals' first test, made for the whole board at once)."""
    return game.state.influence[:, side.other.col].nonzero()[0].tolist()


def coup_targets(game: Game, side: Side, *, free: bool = False) -> list[int]:
    return list(_coup_targets(game, side, free=free))


def realign_targets(game: Game, side: Side) -> list[int]:
    return list(_realign_targets(game, side))


def _coup_targets(game: Game, side: Side, *, free: bool = False) -> Iterator[int]:
    state, rules = game.state, game.rules
    for c in opponent_held(game, side):
        if coup_refusal(state, rules, side, c, free=free) is None:
            yield c


def _realign_targets(game: Game, side: Side) -> Iterator[int]:
    state, rules = game.state, game.rules
    for c in opponent_held(game, side):
        if realign_refusal(state, rules, side, c) is None:
            yield c


def operation_options(
    game: Game, side: Side, budget: OpsBudget, *, allow_space: bool, card_ops: int
) -> list[str]:
    """The kinds of operation `side` can conduct now with this budget."""
    state, rules = game.state, game.rules
    options = []
    if budget.total() > 0:
        access = placement_access(state, rules, side)
        if placement_options(state, rules, side, budget, access):
            options.append("influence")
        # One legal target is enough to offer the kind: stop at the first.
        if next(_coup_targets(game, side), None) is not None:
            options.append("coup")
        if next(_realign_targets(game, side), None) is not None:
            options.append("realign")
    if allow_space and space_refusal(state, rules, side, card_ops) is None:
        options.append("space_race")
    return options


def coup_with(game: Game, side: Side, budget: OpsBudget, *, done: bool = False) -> None:
    """One coup attempt with the budget's full ops (an area bonus counts if the target is in its
    area). `done`: the player may decline (the second attempt of appendix #41)."""
    rules = game.rules
    targets: list[str] = [rules.countries[c].id for c in coup_targets(game, side)]
    options = [*targets, "done"] if done else targets
    answer = game.ask(
        "coup",
        side,
        options,
        say("engine.operations.coup_with.coup"),
        key="ops.coup",
        budget=budget,
    )
    if answer == "done":
        return
    target = rules.index[str(answer)]
    ops = budget.base + sum(1 for area in budget.areas if rules.in_region(target, area))
    coup(game, side, target, ops)


def conduct_operations(
    game: Game, side: Side, budget: OpsBudget, *, allow_space: bool = True, card_ops: int = 0
) -> str | None:
    """Ask `side` what to do with the ops and do it (base §6.0: one kind of operation per card).
    Returns the kind chosen, or None when no operation is possible."""
    options = operation_options(game, side, budget, allow_space=allow_space, card_ops=card_ops)
    if not options:
        game.note(
            say("engine.operations.conduct_operations.note", side=side.label, total=budget.total())
        )
        return None
    kind = str(
        game.ask(
            "operation",
            side,
            options,
            say("engine.operations.conduct_operations.operation", total=budget.total()),
            key="ops.operation",
            budget=budget,
            card_ops=card_ops,
            allow_space=allow_space,
        )
    )
    rules = game.rules
    if kind == "influence":
        conduct_influence(game, side, budget)
    elif kind == "coup":
        coup_with(game, side, budget)
        if NUCLEAR_SUBS_DOUBLE.side is side and NUCLEAR_SUBS_DOUBLE in game.state.effects:
            game.remove_effect(NUCLEAR_SUBS_DOUBLE)
            game.note(
                say(
                    "engine.operations.conduct_operations.note_2",
                    card=game.rules.card(CardId.NUCLEAR_SUBS).name,
                    side=side.label,
                )
            )
            if coup_targets(game, side):
                coup_with(game, side, budget, done=True)
    elif kind == "realign":
        while rolls := [
            rules.countries[c].id
            for c in realign_targets(game, side)
            if budget.can_spend(rules, c, 1)
        ]:
            answer = game.ask(
                "realign",
                side,
                [*rolls, "done"],
                say("engine.operations.conduct_operations.realign", left=budget.left),
                key="ops.realign",
                budget=budget,
            )
            if answer == "done":
                break
            country = rules.index[str(answer)]
            budget.spend(rules, country, 1)
            realign(game, side, country)
    else:
        attempt(game, side, card_ops)
    return kind
