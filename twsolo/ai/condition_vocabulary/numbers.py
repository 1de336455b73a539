"""The condition numbers (card-appendix §1.2): the dry run's metrics compared with a number, and
DEFCON. Each is registered with the noun phrase the printed rulebook says it with
(rulebook/words.py `condition_words`: "<phrase> is at least N")."""

from __future__ import annotations

from twsolo.ai.condition_vocabulary.predicates import Predicates
from twsolo.ai.criteria import CRITERIA, criterion


# ---------------------------------------------------------------- appendix §1.2: the metrics
def _metric(name: str, doc: str) -> None:
    CRITERIA.register("condition_numbers", name, doc)(lambda p: int(getattr(p.metrics, name)))


# Each one's wording, as the rulebook prints it: "<wording> is at least N" (appendix §1.2). What
# each measures, in full, is its field of the dry run's Metrics (ai/dryrun.py).
for _name, _doc in (
    # the VP track's move toward the AI: the AI's gain minus the human's gain
    ("vp", "the VP the event moves toward the AI"),
    # on the single VP track the same as `vp`; kept for editors
    ("human_loses_vp", "the VP the event takes from the human"),
    ("infl_added", "the AI influence the event adds"),
    ("infl_removed", "the human influence the event removes"),
    ("infl_changed", "the influence the event adds and removes"),  # added + removed
    ("controls", "the countries the AI newly controls"),
    ("breaks", "the countries the human stops controlling"),
    # the AI's net score for the Primary Region, as if the region were scored now
    ("score_gain", "the change of the AI's Primary Region score"),
):
    _metric(_name, _doc)


@criterion("condition_numbers", "defcon", "DEFCON")
def _defcon(p: Predicates) -> int:
    """The DEFCON level before the event."""
    return p.view.state.defcon
