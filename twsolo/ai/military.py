"""AI coups (spec §14) and realignments (spec §15)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from twsolo.ai.trace import Step
from twsolo.ai.view import View
from twsolo.engine.coup import coup_refusal, realign_modifiers, realign_refusal
from twsolo.engine.effects import (
    coup_roll_modifier,
)
from twsolo.engine.legal import coup_success_chance
from twsolo.ids import CardId, Side


def coup_lowers_defcon(view: View, c: int) -> bool:
    """Base §6.3.4: a battleground coup lowers DEFCON, except a US coup under Nuclear Subs."""
    return view.bg(c) and not (view.side is Side.US and view.state.has_effect(CardId.NUCLEAR_SUBS))


def expected_removed(view: View, c: int, ops: int) -> float:
    mod = coup_roll_modifier(view.state, view.rules, view.side, c)
    total = 0
    for roll in range(1, 7):
        total += min(view.h(c), max(0, roll + ops + mod - 2 * view.stability(c)))
    return total / 6


def coup_valid(view: View, c: int, ops: int, *, free: bool = False) -> bool:
    """Spec §14.1 (with §11.1 and §14.3): human influence, DEFCON bans, card protections, never a
    battleground that would bring DEFCON to 1, a success chance above 0; §14.3 keeps a DEFCON
    margin for battlegrounds (4+ in a Non-Scoring Round, 3+ in a Scoring Round)."""
    state, rules = view.state, view.rules
    if view.h(c) == 0 or coup_refusal(state, rules, view.side, c, free=free) is not None:
        return False
    crisis = state.effect(CardId.CUBAN_MISSILE_CRISIS)
    if crisis is not None and crisis.side is view.side:
        return False  # appendix G5: never a coup while a Cuban Missile Crisis binds the AI
    if view.side is Side.US and state.has_effect(CardId.YURI_AND_SAMANTHA):
        return False  # appendix #109: the AI as the US makes no coups this turn
    if coup_lowers_defcon(view, c):
        p = rules.priorities
        margin = p.coup_bg_min_defcon_sr if view.scoring_round else p.coup_bg_min_defcon_nsr
        if state.defcon <= 2 or state.defcon < margin:
            return False
    return coup_success_chance(state, rules, view.side, c, ops) > 0


def best_coup(
    view: View, candidates: Sequence[int], ops: int, rule: str, *, free: bool = False
) -> int | None:
    """Spec §14.2: a human-controlled BG likely to succeed, then a human-controlled non-BG likely
    to succeed, then the highest chance; ties: more expected removal, lower stability, §18."""
    p = view.rules.priorities
    valid = [c for c in candidates if coup_valid(view, c, ops, free=free)]
    if not valid:
        return None
    chance = {c: coup_success_chance(view.state, view.rules, view.side, c, ops) for c in valid}

    def tiebreak(c: int) -> tuple[object, ...]:
        keys: dict[str, object] = {
            "more_expected_removed": -expected_removed(view, c, ops),
            "lower_stability": view.stability(c),
            "table": view.rank(c),
        }
        return tuple(keys[name] for name in p.coup_tiebreak)

    steps: dict[str, Callable[[int], bool]] = {
        "human_bg_likely": lambda c: view.human_controls(c) and view.bg(c),
        "human_non_bg_likely": lambda c: view.human_controls(c) and not view.bg(c),
    }
    for name in p.coup_order:
        if name == "best_chance":
            top = max(chance.values())
            pool = [c for c in valid if chance[c] == top]
        else:
            pool = [c for c in valid if steps[name](c) and chance[c] >= p.coup_likely]
        if pool:
            chosen = min(pool, key=tiebreak)
            view.note(
                Step(
                    f"{rule} ({name})",
                    chosen=view.rules.countries[chosen].id,
                    candidates=tuple(
                        view.rules.countries[c].id for c in sorted(pool, key=tiebreak)
                    ),
                    why=f"success chance {chance[chosen]:.2f}",
                    figures={"chance": round(chance[chosen], 3)},
                )
            )
            return chosen
    return None


def best_realign(view: View, candidates: Sequence[int]) -> int | None:
    """Spec §15: human influence, the AI's modifiers at least the human's; human-controlled BG,
    then human-controlled non-BG, then any; ties: more human influence, then §18."""
    state, rules = view.state, view.rules
    p = rules.priorities
    valid = [
        c
        for c in candidates
        if view.h(c) > 0
        and realign_refusal(state, rules, view.side, c) is None
        and realign_modifiers(state, rules, view.side, c)
        >= realign_modifiers(state, rules, view.human, c)
    ]
    if not valid:
        return None
    steps: dict[str, Callable[[int], bool]] = {
        "human_bg": lambda c: view.human_controls(c) and view.bg(c),
        "human_non_bg": lambda c: view.human_controls(c) and not view.bg(c),
        "any": lambda c: True,
    }

    def tiebreak(c: int) -> tuple[object, ...]:
        keys: dict[str, object] = {"more_human_influence": -view.h(c), "table": view.rank(c)}
        return tuple(keys[name] for name in p.realign_tiebreak)

    for name in p.realign_order:
        pool = [c for c in valid if steps[name](c)]
        if pool:
            chosen = min(pool, key=tiebreak)
            view.note(
                Step(
                    f"spec §15 ({name})",
                    chosen=rules.countries[chosen].id,
                    candidates=tuple(rules.countries[c].id for c in sorted(pool, key=tiebreak)),
                )
            )
            return chosen
    return None
