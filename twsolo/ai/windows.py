"""Reading the card appendix (spec §21; card-appendix §1–§2, §5): windows, and conditions
measured by a dry run. The condition language's terms (the metrics, the flags and the custom
predicates) live in ai/condition_vocabulary/, one module per family; importing it here registers
them wherever windows are read."""

from __future__ import annotations

from typing import Protocol

from twsolo.ai import condition_vocabulary  # noqa: F401 (imported for its registrations)
from twsolo.ai.condition_vocabulary.predicates import Predicates
from twsolo.ai.dryrun import Metrics
from twsolo.ai.trace import Step, g2
from twsolo.ai.view import View
from twsolo.engine.calendar import early_war
from twsolo.engine.events import event_refusal
from twsolo.ids import CHINA_CARD
from twsolo.phrases.book import say
from twsolo.ruleset.conditions import (
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


def open_windows(view: View, card: int) -> list[Window]:
    """Appendix §1.1 with G2, before any dry run: the card's windows open now; none (noting
    why in the trace) when it has no entry, the event may not happen now, or no window is open."""
    rules = view.rules
    entry = rules.appendix.get(card)
    if card == CHINA_CARD or entry is None:
        rule = say("why.rule.spec_card", section="21.1", number=card)
        view.note(Step(rule, why=say("why.window.no_entry")))
        return []
    # The AI searches its face-down deck/hand by revealing (appendix #32, spec §17.5).
    reveals = view.state.ai_side is view.side
    reason = event_refusal(
        view.state, rules, card, view.side, headline=view.headline, reveals=reveals
    )
    if reason is not None:
        view.note(Step(g2(card), chosen="ops", why=reason))
        return []
    windows = [w for w in entry.windows if window_matches(view, w)]
    if not windows:
        why = say("why.window.none_open", round=round_of(view))
        view.note(Step(say("why.rule.appendix_card", number=card), chosen="ops", why=why))
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
        why = say("why.event.no_effect")
        view.note(Step(g2(card), chosen="ops", why=why))
        return False
    measured = []
    for window in windows:
        holds, text = explained(window.condition, predicates) if window.condition else (True, "")
        if holds:
            why = (
                say("why.window.holds", round=round_of(view), text=text)
                if text
                else say("why.window.round", round=round_of(view))
            )
            view.note(
                Step(
                    say("why.rule.window", number=card, window=window.text),
                    chosen="event",
                    why=why,
                    figures=_figures(metrics),
                )
            )
            return True
        measured.append(
            say("why.window.measured", window=window.text.partition(" if:")[0], text=text)
        )
    view.note(
        Step(
            say("why.rule.appendix_card", number=card),
            chosen="ops",
            why=say(
                "why.window.condition_fails", round=round_of(view), measured="; ".join(measured)
            ),
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
