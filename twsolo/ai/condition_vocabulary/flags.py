"""The condition flags (card-appendix §1.2): facts of the dry run and of the position."""

from __future__ import annotations

from twsolo.ai.condition_vocabulary.predicates import Predicates
from twsolo.ai.criteria import criterion


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
