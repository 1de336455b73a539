"""Option 0 (spec §13.2) measures each distribution with the ops it earns: a conditional +1
(the China Card in Asia, Vietnam Revolts in Southeast Asia: card-events A14) belongs only to a
distribution wholly inside its area (issue #39; the decision case
tests/cases/s13_2_opt0_vietnam_revolts.yaml plays one)."""

from __future__ import annotations

from tests.support import position
from twsolo.ai.placement import Planner, spending_scopes
from twsolo.ai.view import View
from twsolo.engine.ops import OpsBudget
from twsolo.ids import Side
from twsolo.ruleset import Ruleset


def scopes(rules: Ruleset, budget: OpsBudget) -> dict[frozenset[str], int]:
    view = View(rules, position(rules, empty=True), Side.USSR, [])
    members = list(view.members("asia"))
    planner = Planner(view, budget=budget)
    return {
        frozenset(rules.countries[c].id for c in scope): limit
        for scope, limit in spending_scopes(planner, members)
    }


def names(rules: Ruleset, region: str) -> frozenset[str]:
    return frozenset(c.id for c in rules.countries if rules.in_region(c.index, region))


def test_each_set_of_bonus_areas_is_searched_with_its_ops(rules: Ruleset) -> None:
    """The China Card (4 ops) with Vietnam Revolts: every distribution in Asia earns the Asia
    +1 (5 ops), one wholly in Southeast Asia both (6)."""
    asia, sea = names(rules, "asia"), names(rules, "southeast_asia")
    got = scopes(rules, OpsBudget(4, ["asia", "southeast_asia"]))
    assert got == {asia: 5, sea: 6}


def test_a_bonus_area_already_left_gives_nothing(rules: Ruleset) -> None:
    """Once an op went outside Southeast Asia, its +1 is gone for every distribution."""
    budget = OpsBudget(3, ["southeast_asia"], spent=1, outside={"southeast_asia"})
    assert scopes(rules, budget) == {names(rules, "asia"): 2}


def test_without_a_bonus_one_scope_with_the_card_s_ops(rules: Ruleset) -> None:
    assert scopes(rules, OpsBudget(3)) == {names(rules, "asia"): 3}
