"""AI coups (spec §14) and realignments (spec §15)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from twsolo.ai.criteria import CRITERIA, criterion
from twsolo.ai.narrow import narrow
from twsolo.ai.trace import spec
from twsolo.ai.view import View, in_region
from twsolo.engine.coup import coup_refusal, realign_modifiers, realign_refusal
from twsolo.engine.effects import (
    coup_roll_modifier,
)
from twsolo.engine.legal import coup_success_chance
from twsolo.ids import CardId, Side
from twsolo.phrases.book import say


def coup_lowers_defcon(view: View, c: int) -> bool:
    """Base §6.3.4: a battleground coup lowers DEFCON, except a US coup under Nuclear Subs."""
    return view.bg(c) and not (view.side is Side.US and view.state.has_effect(CardId.NUCLEAR_SUBS))


def expected_removed(view: View, c: int, ops: int) -> float:
    mod = coup_roll_modifier(view.state, view.rules, view.side, c)
    total = 0
    for roll in range(1, 7):
        total += min(view.human_influence(c), max(0, roll + ops + mod - 2 * view.stability(c)))
    return total / 6


def coup_valid(view: View, c: int, ops: int, *, free: bool = False) -> bool:
    """Spec §14.1 (with §11.1 and §14.3): human influence, DEFCON bans, card protections, never a
    battleground that would bring DEFCON to 1, a success chance above 0; §14.3 keeps a DEFCON
    margin for battlegrounds (4+ in a Non-Scoring Round, 3+ in a Scoring Round)."""
    state, rules = view.state, view.rules
    if (
        view.human_influence(c) == 0
        or coup_refusal(state, rules, view.side, c, free=free) is not None
    ):
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


@dataclass(frozen=True, slots=True)
class CoupTargets:
    """What §14.2's order and tie-breaks read: the targets' success chances with these ops."""

    view: View
    ops: int
    chance: dict[int, float]

    @property
    def likely(self) -> float:
        return self.view.rules.priorities.coup_likely


@criterion("coup_order", "human_bg_likely")
def _human_bg_likely(t: CoupTargets, c: int) -> bool:
    """A human-controlled battleground with a likely success."""
    v = t.view
    return v.human_controls(c) and v.bg(c) and t.chance[c] >= t.likely


@criterion("coup_order", "human_non_bg_likely")
def _human_non_bg_likely(t: CoupTargets, c: int) -> bool:
    """A human-controlled non-battleground with a likely success."""
    v = t.view
    return v.human_controls(c) and not v.bg(c) and t.chance[c] >= t.likely


@criterion("coup_order", "best_chance")
def _best_chance(t: CoupTargets, c: int) -> bool:
    """Any valid target with the highest success chance."""
    return t.chance[c] == max(t.chance.values())


@criterion("coup_tiebreak", "more_expected_removed")
def _more_expected_removed(t: CoupTargets, c: int) -> object:
    """More expected human influence removed."""
    return -expected_removed(t.view, c, t.ops)


@criterion("coup_tiebreak", "lower_stability")
def _lower_stability(t: CoupTargets, c: int) -> object:
    """Lower stability."""
    return t.view.stability(c)


@criterion("coup_tiebreak", "table")
def _coup_table(t: CoupTargets, c: int) -> object:
    """The Region/Country Priority Table (spec §18)."""
    return t.view.rank(c)


def best_coup(
    view: View, candidates: Sequence[int], ops: int, rule: str, *, free: bool = False
) -> int | None:
    """Spec §14.2: a human-controlled BG likely to succeed, then a human-controlled non-BG likely
    to succeed, then the highest chance; ties: more expected removal, lower stability, §18 (the
    order and ties of rules/priorities.yaml)."""
    p = view.rules.priorities
    valid = [c for c in candidates if coup_valid(view, c, ops, free=free)]
    if not valid:
        return None
    chance = {c: coup_success_chance(view.state, view.rules, view.side, c, ops) for c in valid}
    targets = CoupTargets(view, ops, chance)
    return narrow(
        view,
        rule,
        valid,
        tiers=[(name, partial(CRITERIA.get("coup_order", name), targets)) for name in p.coup_order],
        keys=[(n, partial(CRITERIA.get("coup_tiebreak", n), targets)) for n in p.coup_tiebreak],
        name=lambda c: view.rules.countries[c].id,
        why=lambda c: say(
            "why.coup.chance",
            chance=f"{chance[c]:.2f}",
            removal=f"{expected_removed(view, c, ops):.2f}",
        ),
        figures=lambda c: {
            "chance": round(chance[c], 3),
            "expected_removed": round(expected_removed(view, c, ops), 2),
        },
    )


@criterion("realign_order", "human_bg")
def _realign_human_bg(view: View, c: int) -> bool:
    """A human-controlled battleground."""
    return view.human_controls(c) and view.bg(c)


@criterion("realign_order", "human_non_bg")
def _realign_human_non_bg(view: View, c: int) -> bool:
    """A human-controlled non-battleground."""
    return view.human_controls(c) and not view.bg(c)


@criterion("realign_order", "any")
def _realign_any(view: View, c: int) -> bool:
    """Any valid target."""
    return True


@criterion("realign_tiebreak", "more_human_influence")
def _realign_more_human_influence(view: View, c: int) -> object:
    """More human influence."""
    return -view.human_influence(c)


@criterion("realign_tiebreak", "table")
def _realign_table(view: View, c: int) -> object:
    """The Region/Country Priority Table (spec §18)."""
    return view.rank(c)


def best_realign(view: View, candidates: Sequence[int]) -> int | None:
    """Spec §15: human influence, the AI's modifiers at least the human's; human-controlled BG,
    then human-controlled non-BG, then any; ties: more human influence, then §18 (the order and
    ties of rules/priorities.yaml)."""
    state, rules = view.state, view.rules
    p = rules.priorities
    valid = [
        c
        for c in candidates
        if view.human_influence(c) > 0
        and realign_refusal(state, rules, view.side, c) is None
        and realign_modifiers(state, rules, view.side, c)
        >= realign_modifiers(state, rules, view.human, c)
    ]
    return narrow(
        view,
        spec("15"),
        valid,
        tiers=[(n, partial(CRITERIA.get("realign_order", n), view)) for n in p.realign_order],
        keys=[(n, partial(CRITERIA.get("realign_tiebreak", n), view)) for n in p.realign_tiebreak],
        name=lambda c: rules.countries[c].id,
    )


def realign_in_regions(view: View, candidates: Sequence[int], regions: Sequence[str]) -> int | None:
    """Spec §15 with §11.2: the best realignment in the first of `regions` that has one."""
    for region in regions:
        target = best_realign(view, [c for c in candidates if in_region(view.rules, c, region)])
        if target is not None:
            return target
    return None
