"""The choice filters (`where:` and a tier's `where`): which of a question's countries or cards
stay candidates."""

from __future__ import annotations

from collections.abc import Callable

from twsolo.ai.appendix_interpreter import Question
from twsolo.ai.choice_vocabulary.keys import by_owner, war_modifier
from twsolo.ai.criteria import CRITERIA, F
from twsolo.ai.view import in_region


# ---------------------------------------------------------------------- filters: countries
def _filter(name: str, arg: str = "") -> Callable[[F], F]:
    return CRITERIA.register("choice_filters", name, arg=arg)


@_filter("battleground")
def _battleground(q: Question, c: int, arg: None) -> bool:
    """A battleground."""
    return q.view.bg(c)


@_filter("non_battleground")
def _non_battleground(q: Question, c: int, arg: None) -> bool:
    """Not a battleground."""
    return not q.view.bg(c)


@_filter("human_controlled")
def _human_controlled(q: Question, c: int, arg: None) -> bool:
    """The human controls it."""
    return q.view.human_controls(c)


@_filter("has_human_influence")
def _has_human_influence(q: Question, c: int, arg: None) -> bool:
    """The human has influence there."""
    return q.view.human_influence(c) > 0


@_filter("in_primary")
def _in_primary(q: Question, c: int, arg: None) -> bool:
    """In the Primary Region."""
    primary = q.view.primary
    return primary is not None and in_region(q.view.rules, c, primary)


@_filter("in_secondary")
def _in_secondary(q: Question, c: int, arg: None) -> bool:
    """In the Secondary Region."""
    secondary = q.view.secondary
    return secondary is not None and in_region(q.view.rules, c, secondary)


@_filter("in_primary_event_region")
def _in_primary_event_region(q: Question, c: int, arg: None) -> bool:
    """In the Primary Region, when it is one of the event's regions."""
    primary = q.view.primary
    event = q.view.rules.card(q.card).event_regions
    return primary is not None and primary in event and in_region(q.view.rules, c, primary)


@_filter("in_region", arg="region")
def _in_region(q: Question, c: int, region: str) -> bool:
    """In the region named."""
    return in_region(q.view.rules, c, region)


@_filter("stability", arg="int")
def _stability(q: Question, c: int, value: int) -> bool:
    """Its stability is the number named."""
    return q.view.stability(c) == value


@_filter("takes_with", arg="int")
def _takes_with(q: Question, c: int, points: int) -> bool:
    """Exactly this many points give the chooser control."""
    return not q.view.ai_controls(c) and q.need(c) == points


@_filter("takes_with_room")
def _takes_with_room(q: Question, c: int, arg: None) -> bool:
    """The points it may still take (the event's points left, its per-country limit) give the
    chooser control, within the cap of spec §11.4 (all of them at once when the question says
    `whole`)."""
    v = q.view
    left = q.figure("left", 1)
    room = min(left, q.figure("per_country", left) - q.placed.count(c))
    lands = room if q.choice.context.get("whole") else q.need(c)
    return not v.ai_controls(c) and 0 < q.need(c) <= room and v.ai_influence(c) + lands <= v.cap(c)


@_filter("not_next_to_placed_battleground")
def _not_next_to_placed_battleground(q: Question, c: int, arg: None) -> bool:
    """Not next to a battleground this event has already placed in."""
    placed = {p for p in q.placed if q.view.bg(p)}
    return not any(n in placed for n in q.view.rules.neighbours[c])


@_filter("next_to_battleground")
def _next_to_battleground(q: Question, c: int, arg: None) -> bool:
    """Next to a battleground."""
    return any(q.view.bg(n) for n in q.view.rules.neighbours[c])


@_filter("doubling_takes")
def _doubling_takes(q: Question, c: int, arg: None) -> bool:
    """Doubling the chooser's influence there gives it control."""
    return not q.view.ai_controls(c) and q.view.ai_influence(c) >= q.need(c)


@_filter("war_modifier_at_most", arg="int")
def _war_modifier_at_most(q: Question, c: int, most: int) -> bool:
    """A war there has at most this many human-controlled neighbours (its −1 modifiers)."""
    return war_modifier(q, c, None) <= most


# ---------------------------------------------------------------------- filters: cards
@_filter("own_or_neutral")
def _own_or_neutral(q: Question, card: int, arg: None) -> bool:
    """The card carries the chooser's own or a neutral event."""
    return by_owner(q, card) < 2


@_filter("not_own_event")
def _not_own_event(q: Question, card: int, arg: None) -> bool:
    """The card carries a neutral event or the opponent's."""
    return by_owner(q, card) > 0


@_filter("human_event")
def _human_event(q: Question, card: int, arg: None) -> bool:
    """The card carries the human's event (the chooser's opponent's)."""
    return q.view.rules.card(card).owner is q.view.human


@_filter("not_scoring")
def _not_scoring(q: Question, card: int, arg: None) -> bool:
    """Not a scoring card."""
    return not q.view.rules.card(card).scoring


@_filter("window_open")
def _window_open(q: Question, card: int, arg: None) -> bool:
    """The card's own entry lets the AI trigger its event now (window and condition)."""
    allowed: bool = q.judge().allows_event(card)
    return allowed
