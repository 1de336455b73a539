"""Reading the card appendix (spec §21; card-appendix §1–§2, §5): windows, conditions measured by
a dry run, and the custom predicates."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from twsolo.ai.dryrun import Metrics, primary_score
from twsolo.ai.military import coup_valid
from twsolo.ai.plans import ops_score_gain
from twsolo.ai.trace import Step
from twsolo.ai.view import View
from twsolo.engine.board import adjacent_controlled, controls
from twsolo.engine.effects import protection
from twsolo.engine.events import event_refusal
from twsolo.engine.events.mid import WAR_CARDS
from twsolo.engine.scoring import region_score
from twsolo.engine.state import GameState, hand_of
from twsolo.ids import CHINA_CARD, MAP_REGIONS, Side
from twsolo.ruleset.conditions import All, Any_, Compare, Condition, Flag, Not, Window

# The regions an event acts in (appendix §5: event_region_score_gain, primary_in_event_area,
# human_bg_in_event_area).
EVENT_AREAS: dict[int, tuple[str, ...]] = {
    7: ("europe",),
    47: ("central_america", "south_america"),
    69: ("central_america", "south_america"),
    73: ("asia", "middle_east"),
    91: ("central_america",),
    107: ("central_america", "south_america", "africa"),
}
# War events: (attacker-relative) targets the AI may choose, and whether the defender's
# control of the target itself counts (card-events #11, #13, #24, #102).
WARS: dict[int, tuple[tuple[str, ...], bool]] = {
    11: (("south_korea",), False),
    13: (("israel",), True),
    24: (("india", "pakistan"), False),
    102: (("iran", "iraq"), False),
}
FLOWER_POWER = 59
SUMMIT_REGIONS = MAP_REGIONS

_OPS = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
}


def window_matches(view: View, window: Window) -> bool:
    """Appendix §1.1: whether now is inside the window (its condition aside)."""
    state = view.state
    if window.kind == "never":
        return False
    if window.kind == "HL":
        return view.headline
    if view.headline:
        return False
    if window.kind == "NSR":
        return not view.scoring_round
    if window.kind == "SR":
        return view.scoring_round and (not window.regions or view.primary in window.regions)
    first, last = window.rounds
    era_ok = (
        not window.era
        or (window.era == "early" and state.turn <= 3)
        or (window.era == "midlate" and state.turn >= 4)
    )
    return era_ok and first <= state.action_round <= last


class Terms(Protocol):
    """What a condition reads: numbers (`vp`, `defcon`, ...) and flags (`wins`, `custom:...`)."""

    def number(self, name: str) -> int: ...

    def flag(self, name: str) -> bool: ...


def evaluate(condition: Condition | None, terms: Terms) -> bool:
    """Appendix §1.2: `not` binds tightest, then `and`, then `or` (the parser built the tree)."""
    if condition is None:
        return True
    if isinstance(condition, Compare):
        return bool(_OPS[condition.op](terms.number(condition.metric), condition.value))
    if isinstance(condition, Flag):
        return terms.flag(condition.name)
    if isinstance(condition, Not):
        return not evaluate(condition.term, terms)
    if isinstance(condition, All):
        return all(evaluate(t, terms) for t in condition.terms)
    assert isinstance(condition, Any_)
    return any(evaluate(t, terms) for t in condition.terms)


class Predicates:
    """The terms of a condition for one card: the dry run's metrics, the flags measured on the
    position (space_behind, ai_milops_short, beats_ops) and the custom predicates (§5)."""

    def __init__(
        self,
        view: View,
        card: int,
        metrics: Metrics,
        after: GameState,
        beats_ops: Callable[[], bool],
    ) -> None:
        self.view, self.card, self.metrics, self.after = view, card, metrics, after
        self.beats_ops = beats_ops

    def number(self, name: str) -> int:
        if name == "defcon":
            return self.view.state.defcon  # the level before the event
        return int(getattr(self.metrics, name))

    def flag(self, name: str) -> bool:
        v = self.view
        s = v.state
        if name in ("wins", "has_effect"):
            return bool(getattr(self.metrics, name))
        if name == "space_behind":
            return s.space[v.side.col] < s.space[v.human.col]
        if name == "ai_milops_short":
            return s.milops[v.side.col] < s.defcon
        if name == "beats_ops":
            return self.beats_ops()
        fn = getattr(self, "_" + name.removeprefix("custom:"), None)
        if fn is None:
            raise KeyError(f"no predicate {name}")
        return bool(fn())

    # ---- appendix §5
    def _ai_controls_canada(self) -> bool:
        v = self.view
        return v.side is Side.US and v.ai_controls(v.rules.index["canada"])

    def _ai_holds_human_events(self) -> bool:
        v = self.view
        # Only the cards known to be there: the AI does not know its face-down cards (spec §4).
        hand = v.state.piles[hand_of(v.side)].known()
        return sum(1 for c in hand if v.rules.card(c).owner is v.human) >= 2

    def _ai_milops_ahead(self) -> bool:
        s, v = self.view.state, self.view
        return s.milops[v.side.col] > s.milops[v.human.col]

    def _brush_war_target(self) -> bool:
        v = self.view
        return any(
            v.h(c) > 0
            and v.stability(c) <= 2
            and adjacent_controlled(v.state, v.rules, v.human, c) <= 1
            and protection(v.state, v.rules, v.side, c, coup=False) is None
            for c in range(len(v.rules.countries))
        )

    def _destalinization_spread(self) -> bool:
        v = self.view
        excess = sum(
            v.a(c) - (v.h(c) + v.stability(c))
            for c in range(len(v.rules.countries))
            if v.ai_controls(c)
        )
        targets = {
            v.rules.countries[c].region
            for c in range(len(v.rules.countries))
            if v.bg(c) and not v.human_controls(c) and not v.ai_controls(c)
        }
        return excess >= 2 and len(targets) >= 2

    def _event_region_score_gain(self) -> bool:
        v = self.view
        return any(
            primary_score(v.rules, self.after, v.side, region)
            > primary_score(v.rules, v.state, v.side, region)
            for region in EVENT_AREAS.get(self.card, ())
        )

    def _flower_power_active(self) -> bool:
        return self.view.state.has_effect(FLOWER_POWER)

    def _free_coup_target(self) -> bool:
        v = self.view
        areas = EVENT_AREAS.get(self.card, MAP_REGIONS)
        ops = v.rules.card(self.card).ops
        return any(coup_valid(v, c, ops, free=True) for region in areas for c in v.members(region))

    def _human_bg_in_event_area(self) -> bool:
        v = self.view
        return any(
            v.bg(c) and v.human_controls(c)
            for region in EVENT_AREAS.get(self.card, ())
            for c in v.members(region)
        )

    def _human_gains_control(self) -> bool:
        return self.metrics.human_gains_control

    def _human_has_china(self) -> bool:
        return self.view.state.china_holder is self.view.human

    def _human_headline_hurts_ai(self) -> bool:
        v = self.view
        table = [c for c in v.state.piles["table"].known() if c != self.card]
        return any(v.rules.card(c).owner in (None, v.human) for c in table)

    def _ops_change_score(self) -> bool:
        return self.beats_ops_gain() != 0

    def beats_ops_gain(self) -> int:
        return ops_score_gain(self.view, self.card)

    def _primary_in_event_area(self) -> bool:
        return self.view.primary in EVENT_AREAS.get(self.card, ())

    def _summit_favoured(self) -> bool:
        v = self.view
        mine = theirs = 0
        for region in SUMMIT_REGIONS:
            score = region_score(v.state, v.rules, region)
            mine += score.sides[v.side].level in ("domination", "control")
            theirs += score.sides[v.human].level in ("domination", "control")
        return mine > theirs

    def _war_cards_live(self) -> bool:
        s = self.view.state
        return sum(1 for c in WAR_CARDS if s.where(c) not in ("removed", "unused")) >= 2

    def war_modifier(self) -> int:
        """The AI's die modifier in the war's best direction: −1 per human-controlled neighbour
        of the target (and the target itself for Arab-Israeli War)."""
        v = self.view
        targets, include_target = WARS.get(self.card, ((), False))
        best = None
        for cid in targets:
            c = v.rules.index[cid]
            mod = adjacent_controlled(v.state, v.rules, v.human, c)
            if include_target and controls(v.state, v.rules, v.human, c):
                mod += 1
            best = mod if best is None else min(best, mod)
        return -(best or 0)

    def _war_modifier_zero(self) -> bool:
        return self.war_modifier() == 0

    def _war_modifier_at_least_minus1(self) -> bool:
        return self.war_modifier() >= -1


def open_windows(view: View, card: int) -> list[Window]:
    """Appendix §1.1 with G2, before any dry run: the card's windows open now; none (noting
    why in the trace) when it has no entry, the event may not happen now, or no window is open."""
    rules = view.rules
    entry = rules.appendix.get(card)
    if card == CHINA_CARD or entry is None:
        view.note(Step(f"spec §21.1 (#{card})", why="no appendix entry: played for ops"))
        return []
    reason = event_refusal(view.state, rules, card, view.side, headline=view.headline)
    if reason is not None:
        view.note(Step(f"appendix G2 (#{card})", chosen="ops", why=reason))
        return []
    windows = [w for w in entry.windows if window_matches(view, w)]
    if not windows:
        view.note(Step(f"appendix #{card}", chosen="ops", why="no window open now"))
    return windows


def event_window(
    view: View, card: int, windows: list[Window], metrics: Metrics, predicates: Predicates
) -> bool:
    """Appendix §1.1 with G2: the AI triggers its own or a neutral event only inside an open
    window (`open_windows`) whose condition holds, when the event has an effect."""
    if not metrics.has_effect:
        view.note(Step(f"appendix G2 (#{card})", chosen="ops", why="the event has no effect"))
        return False
    for window in windows:
        if evaluate(window.condition, predicates):
            view.note(
                Step(
                    f"appendix #{card} window {window.text}",
                    chosen="event",
                    figures=_figures(metrics),
                )
            )
            return True
    view.note(
        Step(
            f"appendix #{card}",
            chosen="ops",
            why="condition fails: " + "; ".join(w.text for w in windows),
            figures=_figures(metrics),
        )
    )
    return False


def _figures(m: Metrics) -> dict[str, int]:
    return {
        "vp": m.vp,
        "infl_added": m.infl_added,
        "infl_removed": m.infl_removed,
        "controls": m.controls,
        "breaks": m.breaks,
        "score_gain": m.score_gain,
    }
