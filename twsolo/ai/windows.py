"""Reading the card appendix (spec §21; card-appendix §1–§2, §5): windows, conditions measured by
a dry run, and the custom predicates."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from twsolo.ai.criteria import CRITERIA, criterion
from twsolo.ai.dryrun import Metrics, primary_score
from twsolo.ai.military import coup_valid
from twsolo.ai.plans import ops_score_gain
from twsolo.ai.trace import Step
from twsolo.ai.view import View
from twsolo.engine.board import adjacent_controlled, controls
from twsolo.engine.calendar import early_war
from twsolo.engine.effects import protection
from twsolo.engine.events import event_refusal
from twsolo.engine.scoring import region_score
from twsolo.engine.state import GameState, hand_of
from twsolo.ids import CHINA_CARD, MAP_REGIONS, CardId, Side
from twsolo.ruleset.conditions import (
    CUSTOM_PREFIX,
    HOLDS,
    All,
    Any_,
    Compare,
    Condition,
    Flag,
    Not,
    Window,
    explained,
    round_label,
)

SUMMIT_REGIONS = MAP_REGIONS

_OPS = HOLDS  # the comparisons, shared with the trace's `explained`


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
    era_ok = not window.era or (window.era == "early") == early_war(state.turn)
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
    """The terms of a condition for one card (appendix §1.2, §5): the dry run's metrics, flags
    measured on the position and the custom predicates, each a registered criterion."""

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
        value: int = CRITERIA.get("condition_numbers", name)(self)
        return value

    def flag(self, name: str) -> bool:
        if name.startswith(CUSTOM_PREFIX):
            return bool(CRITERIA.get("custom_predicates", name[len(CUSTOM_PREFIX) :])(self))
        return bool(CRITERIA.get("condition_flags", name)(self))


# ---------------------------------------------------------------- appendix §1.2: the metrics
def _metric(name: str, doc: str) -> None:
    CRITERIA.register("condition_numbers", name, doc)(lambda p: int(getattr(p.metrics, name)))


for _name, _doc in (
    ("vp", "the event moves the VP track at least N toward the AI"),
    ("human_loses_vp", "VP the event takes from the human's side of the track"),
    ("infl_added", "AI influence the event adds"),
    ("infl_removed", "human influence the event removes"),
    ("infl_changed", "added + removed"),
    ("controls", "countries the AI newly controls"),
    ("breaks", "countries the human no longer controls"),
    ("score_gain", "change of the AI's net Primary Region score"),
):
    _metric(_name, _doc)


@criterion("condition_numbers", "defcon")
def _defcon(p: Predicates) -> int:
    """The DEFCON level before the event."""
    return p.view.state.defcon


# ---------------------------------------------------------------- appendix §1.2: the flags
@criterion("condition_flags", "wins")
def _wins(p: Predicates) -> bool:
    """After the event the AI has won the game."""
    return p.metrics.wins


@criterion("condition_flags", "has_effect")
def _has_effect(p: Predicates) -> bool:
    """The event changes the game state."""
    return p.metrics.has_effect


@criterion("condition_flags", "beats_ops")
def _beats_ops(p: Predicates) -> bool:
    """The event beats placing the card's ops by spec §13."""
    return p.beats_ops()


@criterion("condition_flags", "space_behind")
def _space_behind(p: Predicates) -> bool:
    """The AI is behind on the Space Race track."""
    s, v = p.view.state, p.view
    return s.space[v.side.col] < s.space[v.human.col]


@criterion("condition_flags", "ai_milops_short")
def _ai_milops_short(p: Predicates) -> bool:
    """The AI's military ops are below DEFCON."""
    s, v = p.view.state, p.view
    return s.milops[v.side.col] < s.defcon


# ---------------------------------------------------------------- appendix §5: custom predicates
def custom(
    name: str, card: int | None = None
) -> Callable[[Callable[[Predicates], bool]], Callable[[Predicates], bool]]:
    """Register an appendix §5 predicate; `card`: it embodies that one card's logic, and the
    card's entry lists it among its procedures."""
    return CRITERIA.register("custom_predicates", name, card=card)


@custom("ai_controls_canada", card=CardId.NORAD)
def _ai_controls_canada(p: Predicates) -> bool:
    """The AI is the US and controls Canada."""
    v = p.view
    return v.side is Side.US and v.ai_controls(v.rules.index["canada"])


@custom("ai_holds_human_events")
def _ai_holds_human_events(p: Predicates) -> bool:
    """The AI's deck/hand holds at least 2 cards that carry the human's event."""
    v = p.view
    # Only the cards known to be there: the AI does not know its face-down cards (spec §4).
    hand = v.state.piles[hand_of(v.side)].known()
    return sum(1 for c in hand if v.rules.card(c).owner is v.human) >= 2


@custom("ai_milops_ahead")
def _ai_milops_ahead(p: Predicates) -> bool:
    """The AI's military ops this turn are greater than the human's."""
    s, v = p.view.state, p.view
    return s.milops[v.side.col] > s.milops[v.human.col]


@custom("brush_war_target", card=CardId.BRUSH_WAR)
def _brush_war_target(p: Predicates) -> bool:
    """Brush War has a legal target with a modifier of 0 or −1."""
    v = p.view
    return any(
        v.human_influence(c) > 0
        and v.stability(c) <= 2
        and adjacent_controlled(v.state, v.rules, v.human, c) <= 1
        and protection(v.state, v.rules, v.side, c, coup=False) is None
        for c in range(len(v.rules.countries))
    )


@custom("destalinization_spread", card=CardId.DE_STALINIZATION)
def _destalinization_spread(p: Predicates) -> bool:
    """The AI has 2+ influence above control it could move into 2+ battlegrounds of 2+ regions."""
    v = p.view
    excess = sum(
        v.ai_influence(c) - (v.human_influence(c) + v.stability(c))
        for c in range(len(v.rules.countries))
        if v.ai_controls(c)
    )
    targets = {
        v.rules.countries[c].region
        for c in range(len(v.rules.countries))
        if v.bg(c) and not v.human_controls(c) and not v.ai_controls(c)
    }
    return excess >= 2 and len(targets) >= 2


@custom("event_region_score_gain")
def _event_region_score_gain(p: Predicates) -> bool:
    """The event improves the AI's score, as if scored now, in a region where the event acts."""
    v = p.view
    regions = {v.rules.scoring_region(r) for r in v.rules.card(p.card).event_regions}
    return any(
        primary_score(v.rules, p.after, v.side, region)
        > primary_score(v.rules, v.state, v.side, region)
        for region in sorted(regions)
    )


@custom("flower_power_active", card=CardId.AN_EVIL_EMPIRE)
def _flower_power_active(p: Predicates) -> bool:
    """Flower Power is in effect against the AI."""
    return p.view.state.has_effect(CardId.FLOWER_POWER)


@custom("free_coup_target")
def _free_coup_target(p: Predicates) -> bool:
    """The event's coup has a valid target (spec §14.1, §14.3)."""
    v = p.view
    areas = v.rules.card(p.card).event_regions or MAP_REGIONS
    ops = v.rules.card(p.card).ops
    return any(coup_valid(v, c, ops, free=True) for region in areas for c in v.members(region))


@custom("human_bg_in_event_area")
def _human_bg_in_event_area(p: Predicates) -> bool:
    """The human controls a battleground in a region the event names."""
    v = p.view
    return any(
        v.bg(c) and v.human_controls(c)
        for region in v.rules.card(p.card).event_regions
        for c in v.members(region)
    )


@custom("human_gains_control")
def _human_gains_control(p: Predicates) -> bool:
    """The event's dry run gives the human control of a country."""
    return p.metrics.human_gains_control


@custom("human_has_china")
def _human_has_china(p: Predicates) -> bool:
    """The human holds the China Card."""
    return p.view.state.china_holder is p.view.human


@custom("human_headline_hurts_ai")
def _human_headline_hurts_ai(p: Predicates) -> bool:
    """The human's headline card carries the human's own or a neutral event."""
    v = p.view
    table = [c for c in v.state.piles["table"].known() if c != p.card]
    return any(v.rules.card(c).owner in (None, v.human) for c in table)


@custom("ops_change_score")
def _ops_change_score(p: Predicates) -> bool:
    """Placing this card's Ops by spec §13 would change the AI's Primary Region score."""
    return ops_score_gain(p.view, p.card) != 0


@custom("primary_in_event_area")
def _primary_in_event_area(p: Predicates) -> bool:
    """The Primary Region is one of the regions the event names."""
    return p.view.primary in p.view.rules.card(p.card).event_regions


@custom("summit_favoured", card=CardId.SUMMIT)
def _summit_favoured(p: Predicates) -> bool:
    """The AI dominates or controls more of the six Summit regions than the human."""
    v = p.view
    mine = theirs = 0
    for region in SUMMIT_REGIONS:
        score = region_score(v.state, v.rules, region)
        mine += score.sides[v.side].level in ("domination", "control")
        theirs += score.sides[v.human].level in ("domination", "control")
    return mine > theirs


@custom("war_cards_live")
def _war_cards_live(p: Predicates) -> bool:
    """At least 2 war cards are still in the game."""
    s, rules = p.view.state, p.view.rules
    wars = [c.number for c in rules.cards.values() if c.war is not None]
    return sum(1 for c in wars if s.where(c) not in ("removed", "unused")) >= 2


def war_modifier(p: Predicates) -> int:
    """The AI's die modifier in the war's best direction: −1 per human-controlled neighbour of
    the target (and the target itself for Arab-Israeli War)."""
    v = p.view
    war = v.rules.card(p.card).war
    best = None
    for cid in war.targets if war else ():
        c = v.rules.index[cid]
        mod = adjacent_controlled(v.state, v.rules, v.human, c)
        if war and war.target_counts and controls(v.state, v.rules, v.human, c):
            mod += 1
        best = mod if best is None else min(best, mod)
    return -(best or 0)


@custom("war_modifier_zero")
def _war_modifier_zero(p: Predicates) -> bool:
    """In the direction the entry would choose, the AI's war die modifier is 0."""
    return war_modifier(p) == 0


@custom("war_modifier_at_least_minus1")
def _war_modifier_at_least_minus1(p: Predicates) -> bool:
    """In the direction the entry would choose, the AI's war die modifier is 0 or −1."""
    return war_modifier(p) >= -1


def open_windows(view: View, card: int) -> list[Window]:
    """Appendix §1.1 with G2, before any dry run: the card's windows open now; none (noting
    why in the trace) when it has no entry, the event may not happen now, or no window is open."""
    rules = view.rules
    entry = rules.appendix.get(card)
    if card == CHINA_CARD or entry is None:
        view.note(Step(f"spec §21.1 (#{card})", why="no appendix entry: played for ops"))
        return []
    # The AI searches its face-down deck/hand by revealing (appendix #32, spec §17.5).
    reveals = view.state.ai_side is view.side
    reason = event_refusal(
        view.state, rules, card, view.side, headline=view.headline, reveals=reveals
    )
    if reason is not None:
        view.note(Step(f"appendix G2 (#{card})", chosen="ops", why=reason))
        return []
    windows = [w for w in entry.windows if window_matches(view, w)]
    if not windows:
        why = f"no window open now: {round_of(view)}"
        view.note(Step(f"appendix #{card}", chosen="ops", why=why))
    return windows


def round_of(view: View) -> str:
    """The round the windows are matched against, for the trace (`NSR AR3`, `SR:asia AR2`)."""
    return round_label(
        headline=view.headline,
        scoring_round=view.scoring_round,
        primary=view.primary,
        number=view.state.action_round,
    )


def event_window(
    view: View, card: int, windows: list[Window], metrics: Metrics, predicates: Predicates
) -> bool:
    """Appendix §1.1 with G2: the AI triggers its own or a neutral event only inside an open
    window (`open_windows`) whose condition holds, when the event has an effect."""
    if not metrics.has_effect:
        view.note(Step(f"appendix G2 (#{card})", chosen="ops", why="the event has no effect"))
        return False
    measured = []
    for window in windows:
        holds, text = explained(window.condition, predicates) if window.condition else (True, "")
        if holds:
            why = f"{round_of(view)}" + (f": {text}" if text else "")
            view.note(
                Step(
                    f"appendix #{card} window {window.text}",
                    chosen="event",
                    why=why,
                    figures=_figures(metrics),
                )
            )
            return True
        measured.append(f"{window.text.partition(' if:')[0]}: {text}")
    view.note(
        Step(
            f"appendix #{card}",
            chosen="ops",
            why=f"{round_of(view)}: condition fails: " + "; ".join(measured),
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
