"""Building blocks the card events share: choices of countries and cards, influence moved point
by point, wars, operations granted by an event, free coups. Each asks through the Choice seam."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from twsolo.engine.board import adjacent_controlled, controls
from twsolo.engine.coup import coup, coup_refusal, realign, realign_refusal
from twsolo.engine.effects import ops_modifier
from twsolo.engine.events.registry import EventContext, Requirement
from twsolo.engine.operations import conduct_operations
from twsolo.engine.ops import OpsBudget
from twsolo.engine.state import GameState
from twsolo.ids import Side
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game

Candidates = Sequence[int] | Callable[[], Sequence[int]]


def ids(game: Game, countries: Iterable[int]) -> list[str]:
    return [game.rules.countries[c].id for c in countries]


def in_region(game: Game, region: str) -> list[int]:
    return list(game.rules.members(region))


def choose_country(
    game: Game,
    chooser: Side,
    candidates: Sequence[int],
    prompt: str,
    *,
    intent: str = "",
    influence_of: Side | None = None,
) -> int:
    """A country among `candidates`. `intent` ("add" or "remove") and `influence_of` (whose
    influence) tell an AI provider what the choice does (spec §17.2–§17.4)."""
    answer = game.ask(
        "country", chooser, ids(game, candidates), prompt, intent=intent, influence_of=influence_of
    )
    return game.rules.index[str(answer)]


def choose_card(
    game: Game, chooser: Side, cards: Sequence[int], prompt: str, *, none: str | None = None
) -> int | None:
    """A card from `cards`; with `none`, that answer (e.g. "decline") means no card."""
    options: list[int | str] = sorted(cards)
    if none is not None:
        options.append(none)
    answer = game.ask("card", chooser, options, prompt)
    return None if answer == none else int(str(answer))


def yes_no(game: Game, chooser: Side, prompt: str) -> bool:
    return game.ask("yes_no", chooser, ["yes", "no"], prompt) == "yes"


def _current(candidates: Candidates) -> Sequence[int]:
    return candidates() if callable(candidates) else candidates


def add_by_choice(
    game: Game,
    chooser: Side,
    side: Side,
    amount: int,
    candidates: Candidates,
    prompt: str,
    *,
    per_country: int | None = None,
    distinct: bool = False,
) -> list[int]:
    """Add `amount` influence of `side`, one point at a time where `chooser` says, among
    `candidates` (re-evaluated each point when callable), at most `per_country` in one country,
    or each in a different country when `distinct`. Stops early when no candidate is left."""
    placed: list[int] = []
    limit = 1 if distinct else per_country
    for i in range(amount):
        options = [c for c in _current(candidates) if limit is None or placed.count(c) < limit]
        if not options:
            break
        country = choose_country(
            game,
            chooser,
            options,
            f"{prompt} ({i + 1} of {amount})",
            intent="add",
            influence_of=side,
        )
        game.add_influence(country, side, 1)
        placed.append(country)
    return placed


def remove_by_choice(
    game: Game,
    chooser: Side,
    side: Side,
    amount: int,
    candidates: Candidates,
    prompt: str,
    *,
    per_country: int | None = None,
) -> list[int]:
    """Remove `amount` influence of `side` point by point where `chooser` says, among countries
    of `candidates` that still hold some, at most `per_country` from one country."""
    taken: list[int] = []
    for i in range(amount):
        options = [
            c
            for c in _current(candidates)
            if game.state.inf(c, side) > 0 and (per_country is None or taken.count(c) < per_country)
        ]
        if not options:
            break
        country = choose_country(
            game,
            chooser,
            options,
            f"{prompt} ({i + 1} of {amount})",
            intent="remove",
            influence_of=side,
        )
        game.remove_influence(country, side, 1)
        taken.append(country)
    return taken


def remove_all(game: Game, side: Side, country: int) -> int:
    return game.remove_influence(country, side, game.state.inf(country, side))


def add_until_control(game: Game, side: Side, country: int) -> None:
    """Add `side` influence until it controls `country` (Fidel, Romanian Abdication, ...)."""
    s = game.state
    need = s.inf(country, side.other) + game.rules.countries[country].stability
    if s.inf(country, side) < need:
        game.add_influence(country, side, need - s.inf(country, side))


def war(
    game: Game,
    attacker: Side,
    target: int,
    *,
    vp: int,
    milops: int,
    include_target: bool = False,
    success: int = 4,
) -> bool:
    """A war event: roll, −1 per country adjacent to the target that the defender controls
    (its superpower box counting, A1), −1 more if `include_target` and the defender controls the
    target; on `success`+ the attacker gains `vp` and replaces all defender influence there with
    its own. The attacker gains `milops` military ops either way (A11)."""
    defender = attacker.other
    name = game.rules.countries[target].name
    modifier = adjacent_controlled(game.state, game.rules, defender, target)
    if include_target and controls(game.state, game.rules, defender, target):
        modifier += 1
    roll = game.roll(attacker, f"war in {name} (needs {success}+ after −{modifier})")
    won = roll - modifier >= success
    game.add_milops(attacker, milops)
    if won:
        game.gain_vp(attacker, vp, f"war in {name}")
        moved = remove_all(game, defender, target)
        game.add_influence(target, attacker, moved)
    game.note(f"war in {name}: roll {roll} − {modifier} → {'won' if won else 'lost'}")
    return won


def grant_operations(game: Game, side: Side, ops: int) -> None:
    """An event's "conduct operations with N ops" (CIA Created, ABM Treaty, ...): influence,
    realignments or one coup, with the player's ops modifiers (A14, D7); never the Space Race
    (D6)."""
    budget = OpsBudget(ops_modifier(game.state, side, ops))
    conduct_operations(game, side, budget, allow_space=False)


def free_coup(game: Game, side: Side, candidates: Sequence[int], ops: int, prompt: str) -> bool:
    """A free coup (base §6.3.5: Junta, Ortega, Tear Down This Wall): no military ops, the DEFCON
    region ban does not apply, a battleground still lowers DEFCON. False if no target."""
    targets = [
        c for c in candidates if coup_refusal(game.state, game.rules, side, c, free=True) is None
    ]
    if not targets:
        game.note(f"{side.label} has no legal target for the free coup")
        return False
    country = choose_country(game, side, targets, prompt, intent="coup")
    coup(game, side, country, ops_modifier(game.state, side, ops), free=True)
    return True


def chooser_hand(ctx: EventContext) -> str:
    return f"hand_{ctx.chooser.value}"


def prohibited_by(card: int) -> Requirement:
    """A `requires`: the event cannot happen once `card`'s lasting effect is in force (A6)."""

    def refusal(state: GameState, rules: Ruleset, ctx: EventContext) -> str | None:
        return f"prohibited by {rules.card(card)}" if state.has_effect(card) else None

    return refusal


def realign_rolls(
    game: Game,
    side: Side,
    rolls: int,
    candidates: Candidates,
    prompt: str,
    *,
    free: bool = False,
) -> None:
    """Up to `rolls` realignment rolls by `side`, one at a time, among the `candidates` it may
    realign; "done" stops. `free`: the DEFCON region ban does not apply (card-events D3)."""
    rules = game.rules
    for i in range(rolls):
        targets = [
            c
            for c in _current(candidates)
            if realign_refusal(game.state, rules, side, c, free=free) is None
        ]
        if not targets:
            return
        answer = game.ask(
            "realign", side, [*ids(game, targets), "done"], f"{prompt} ({i + 1} of {rolls})"
        )
        if answer == "done":
            return
        realign(game, side, rules.index[str(answer)], free=free)
