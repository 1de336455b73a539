"""The choice keys (`keys:` and a tier's `keys`): the order among a question's candidates,
each key a sort key (the smallest first)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from twsolo.ai.appendix_interpreter import Question
from twsolo.ai.criteria import CRITERIA, F
from twsolo.ai.dryrun import primary_score
from twsolo.engine.board import adjacent_controlled
from twsolo.ids import Side


def by_owner(q: Question, card: int) -> int:
    """0: the chooser's own event, 1: neutral, 2: the opponent's."""
    owner = q.view.rules.card(card).owner
    return 0 if owner is q.view.side else 1 if owner is None else 2


def _key(name: str, arg: str = "") -> Callable[[F], F]:
    return CRITERIA.register("choice_keys", name, arg=arg)


@_key("most_human_influence")
def _most_human_influence(q: Question, c: int, arg: None) -> object:
    """More human influence first."""
    return -q.view.human_influence(c)


@_key("most_own_influence")
def _most_own_influence(q: Question, c: int, arg: None) -> object:
    """More of the chooser's influence first."""
    return -q.view.ai_influence(c)


@_key("human_lead")
def _human_lead(q: Question, c: int, arg: None) -> object:
    """The human's lead in influence there, the largest first."""
    return -max(0, q.view.human_influence(c) - q.view.ai_influence(c))


@_key("battleground")
def _battleground_first(q: Question, c: int, arg: None) -> object:
    """Battlegrounds first."""
    return not q.view.bg(c)


@_key("human_controlled_battleground")
def _human_controlled_battleground(q: Question, c: int, arg: None) -> object:
    """Human-controlled battlegrounds first."""
    return not (q.view.bg(c) and q.view.human_controls(c))


@_key("next_to_own_superpower")
def _next_to_own_superpower(q: Question, c: int, arg: None) -> object:
    """Countries next to the chooser's own superpower first."""
    return q.view.rules.countries[c].superpower is not q.view.side


@_key("placed_in_event")
def _placed_in_event(q: Question, c: int, arg: None) -> object:
    """Countries this event has already placed in first."""
    return c not in q.placed


@_key("room_to_spread")
def _room_to_spread(q: Question, c: int, arg: None) -> object:
    """More uncontrolled neighbours first."""
    return -sum(1 for n in q.view.rules.neighbours[c] if q.view.uncontrolled(n))


@_key("table")
def _table(q: Question, c: int, arg: None) -> object:
    """The Region/Country Priority Table (spec §18)."""
    return q.view.rank(c)


@_key("printed")
def _printed(q: Question, c: Any, arg: None) -> object:
    """The order the card prints them in (the question's order)."""
    return next(i for i, o in enumerate(q.choice.options) if o == q.name(c))


@_key("listed", arg="countries")
def _listed(q: Question, c: int, countries: tuple[str, ...]) -> object:
    """The countries named, in that order, before the others."""
    name = q.view.rules.countries[c].id
    return countries.index(name) if name in countries else len(countries)


@_key("score_after", arg="region")
def _score_after(q: Question, c: int, region: str) -> object:
    """The AI's score of the region after the question's effect there (its `intent`, whose
    influence, `amount`), the best first."""
    view, ctx = q.view, q.choice.context
    side = ctx.get("influence_of") or view.human
    assert isinstance(side, Side)
    after = view.state.board_copy()
    change = q.figure("amount", 1) * (1 if ctx.get("intent") == "add" else -1)
    after.influence[c, side.col] = max(0, after.influence[c, side.col] + change)
    return -primary_score(view.rules, after, view.side, region)


@_key("war_modifier")
def war_modifier(q: Question, c: int, arg: None) -> int:
    """Fewer human-controlled neighbours (the war's −1 modifiers) first."""
    return adjacent_controlled(q.view.state, q.view.rules, q.view.human, c)


def _war_odds(q: Question, c: int) -> tuple[int, int]:
    """Die results (of 6) that win the card's war on c, and the Primary Region's score change
    when the human's influence there becomes the chooser's."""
    view = q.view
    war = view.rules.card(q.card).war
    assert war is not None
    odds = max(0, 7 - war.success - war_modifier(q, c, None))
    after = view.state.board_copy()
    after.influence[c, view.side.col] += view.human_influence(c)
    after.influence[c, view.human.col] = 0
    region = view.primary
    gain = primary_score(view.rules, after, view.side, region) - primary_score(
        view.rules, view.state, view.side, region
    )
    return odds, gain


@_key("war_expected_vp")
def _war_expected_vp(q: Question, c: int, arg: None) -> object:
    """The larger expected gain first: the chance of winning times the war's VP plus the
    Primary Region's score change."""
    odds, gain = _war_odds(q, c)
    war = q.view.rules.card(q.card).war
    assert war is not None
    return -odds * (war.vp + gain)


@_key("war_expected_influence")
def _war_expected_influence(q: Question, c: int, arg: None) -> object:
    """More human influence expected to change hands first."""
    return -_war_odds(q, c)[0] * q.view.human_influence(c)


@_key("highest_ops")
def _highest_ops(q: Question, card: int, arg: None) -> object:
    """Higher printed Ops first."""
    return -q.view.rules.card(card).ops


@_key("lower_number")
def _lower_number(q: Question, card: int, arg: None) -> object:
    """The lower card number first."""
    return card


@_key("own_first")
def _own_first(q: Question, card: int, arg: None) -> object:
    """The chooser's own event first, then neutral, then the opponent's."""
    return by_owner(q, card)


@_key("human_event_first")
def _human_event_first(q: Question, card: int, arg: None) -> object:
    """The opponent's event first, then neutral, then the chooser's own."""
    return -by_owner(q, card)


@_key("event_result")
def _event_result(q: Question, card: int, arg: None) -> object:
    """The best dry run of the card's event first: a win, then VP plus the Primary Region's
    score gain, then the influence changed."""
    m = q.judge().dry_run(card, q.view.side)[1]
    return (-int(m.wins), -(m.vp + m.score_gain), -m.infl_changed)
