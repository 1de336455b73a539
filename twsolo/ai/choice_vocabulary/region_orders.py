"""The region orders (`regions:` by name): the order in which a spec looks at regions."""

from __future__ import annotations

from twsolo.ai.appendix_interpreter import Question
from twsolo.ai.criteria import criterion
from twsolo.ai.plans import regions_in_order


# ---------------------------------------------------------------------- region orders
@criterion("region_orders", "main")
def _main(q: Question) -> list[str]:
    """The Primary Region, the Secondary, then the rest by spec §18."""
    return regions_in_order(q.view)


@criterion("region_orders", "g5")
def _g5(q: Question) -> list[str]:
    """Appendix G5 / spec §17.2: as `main`, with Europe first in the Headline (§9.3)."""
    order = regions_in_order(q.view)
    return ["europe", *[r for r in order if r != "europe"]] if q.view.headline else order


@criterion("region_orders", "event")
def _event(q: Question) -> list[str]:
    """The regions the event acts in (rules/cards.yaml `event_regions`)."""
    return list(q.view.rules.card(q.card).event_regions)
