"""The reader of rules/enhanced.yaml: the enhanced AI's switches (spec §25)."""

from __future__ import annotations

from twsolo.ruleset.conditions import ConditionError, parse_condition
from twsolo.ruleset.model import (
    ENHANCED_SWITCHES,
    FINAL_SWEEP_ROUNDS,
    EnhancedRules,
)
from twsolo.ruleset.nodes import Located
from twsolo.ruleset.vocabulary import Vocabulary


def read_enhanced(root: Located, vocabulary: Vocabulary) -> EnhancedRules | None:
    """Spec §25: each switch of ENHANCED_SWITCHES, whether the enhanced AI uses it (`use`),
    and its figures."""
    top = root.mapping(ENHANCED_SWITCHES)
    if top is None or len(top) < len(ENHANCED_SWITCHES):
        return None
    extra = {
        "best_headline_with_box4": ["cards"],
        "careful_cuban_missile_crisis": ["headline_if"],
        "guard_prepared": ["points"],
        "final_sweep": ["turn", "rounds"],
    }
    switches = {name: top[name].mapping(["use", *extra.get(name, [])]) for name in top}
    if any(m is None or len(m) < 1 + len(extra.get(n, [])) for n, m in switches.items()):
        return None
    on = tuple(n for n, m in switches.items() if m is not None and m["use"].boolean())
    box4 = switches["best_headline_with_box4"] or {}
    cards = box4["cards"].integer(1, 9)
    cmc = (switches["careful_cuban_missile_crisis"] or {})["headline_if"]
    text = cmc.string()
    condition = None
    if text is not None:
        try:
            condition = parse_condition(text, vocabulary)
        except ConditionError as exc:
            cmc.fail_at(exc.column, str(exc))
    guard = (switches["guard_prepared"] or {})["points"].integer(1, 5)
    sweep = (switches["final_sweep"] or {})["turn"].integer(1, 10)
    rounds = (switches["final_sweep"] or {})["rounds"].string(FINAL_SWEEP_ROUNDS)
    if cards is None or condition is None or guard is None or sweep is None or rounds is None:
        return None
    return EnhancedRules(
        on=on,
        headline_cards=cards,
        cmc_headline_if=condition,
        guard_points=guard,
        final_sweep_turn=sweep,
        final_sweep_rounds=rounds,
    )
