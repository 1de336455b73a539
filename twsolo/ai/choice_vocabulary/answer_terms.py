"""The terms of an `answer` condition: choice numbers (figures of the position) and choice tests
(whether something holds in the question's area)."""

from __future__ import annotations

from twsolo.ai.appendix_interpreter import Question
from twsolo.ai.criteria import criterion
from twsolo.ai.military import best_realign, coup_valid
from twsolo.engine.game import VP_WIN


@criterion("choice_numbers", "defcon")
def _defcon(q: Question) -> int:
    """The DEFCON level now."""
    return q.view.state.defcon


@criterion("choice_tests", "coup_target")
def _coup_target(q: Question, area: list[int]) -> bool:
    """A free coup with the question's ops has a valid target there (spec §14.1, §14.3)."""
    return any(coup_valid(q.view, c, q.ops(), free=True) for c in area)


@criterion("choice_tests", "realign_target")
def _realign_target(q: Question, area: list[int]) -> bool:
    """A realignment has a valid target there (spec §15)."""
    view = q.view.probe()
    return best_realign(view, area) is not None


@criterion("choice_tests", "stops_human_win")
def _stops_human_win(q: Question, area: list[int]) -> bool:
    """The question's VP (`vp`) would bring the human to victory."""
    view = q.view
    return view.state.vp * view.human.sign + q.figure("vp", 0) >= VP_WIN


@criterion("choice_tests", "human_in_event_regions")
def _human_in_event_regions(q: Question, area: list[int]) -> bool:
    """The human has influence in a region the event acts in."""
    v = q.view
    return any(
        v.human_influence(c) for r in v.rules.card(q.card).event_regions for c in v.members(r)
    )


@criterion("choice_tests", "card_carries_human_event")
def _card_carries_human_event(q: Question, area: list[int]) -> bool:
    """The card the question is about (`card`) carries the human's event."""
    card = q.choice.context.get("card")
    return isinstance(card, int) and q.view.rules.card(card).owner is q.view.human
