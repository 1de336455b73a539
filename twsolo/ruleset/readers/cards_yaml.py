"""The reader of rules/cards.yaml: the deck, each card's printed facts, event facts and war,
checked against the printed deck."""

from __future__ import annotations

from collections.abc import Collection
from types import MappingProxyType

from twsolo.ids import (
    CARD_SIDES,
    MAP_REGIONS,
    SCORING_REGIONS,
    Era,
)
from twsolo.ruleset.model import (
    Card,
    War,
)
from twsolo.ruleset.nodes import Located, iter_entries
from twsolo.ruleset.readers.facts import CARD_COUNT, SUBREGIONS
from twsolo.ruleset.vocabulary import Vocabulary

SCORING_CARDS = 7


def read_cards(
    root: Located, vocabulary: Vocabulary, country_ids: Collection[str]
) -> dict[int, Card]:
    """The deck, each card with the facts its event reads (the engine declares which:
    `vocabulary.event_figures`, `event_reads`)."""
    top = root.mapping(["cards"])
    if top is None or "cards" not in top:
        return {}
    cards: dict[int, Card] = {}
    broken = False
    for loc in iter_entries(top["cards"]):
        card = _read_card(loc, vocabulary, country_ids)
        if card is None:
            broken = True
        elif card.number in cards:
            loc.fail(f"duplicate card number {card.number}")
        else:
            cards[card.number] = card
    if broken:
        return cards
    where = top["cards"]
    if sorted(cards) != list(range(1, CARD_COUNT + 1)):
        missing = sorted(set(range(1, CARD_COUNT + 1)) - set(cards))
        where.fail(f"the deck has cards 1–{CARD_COUNT}; missing {missing}")
    scoring = [c for c in cards.values() if c.scoring]
    if len(scoring) != SCORING_CARDS:
        where.fail(f"the deck has {SCORING_CARDS} scoring cards, found {len(scoring)}")
    china = [c for c in cards.values() if c.china_card]
    if len(china) != 1:
        where.fail(f"exactly one card is the China Card, found {len(china)}")
    return cards


def _read_card(loc: Located, vocabulary: Vocabulary, country_ids: Collection[str]) -> Card | None:
    required = ["number", "name", "ops", "side", "era", "removed"]
    facts = ["event_regions", "war", "figures"]
    m = loc.mapping(required, ["scoring", "optional", "china_card", *facts])
    if m is None or any(k not in m for k in required):
        return None
    number = m["number"].integer(1, CARD_COUNT)
    name = m["name"].string()
    ops = m["ops"].integer(0, 4)
    side = m["side"].string(CARD_SIDES)
    era = m["era"].string([e.value for e in Era])
    removed = m["removed"].boolean()
    scoring = m["scoring"].string(SCORING_REGIONS) if "scoring" in m else ""
    optional = m["optional"].boolean() if "optional" in m else False
    china = m["china_card"].boolean() if "china_card" in m else False
    if None in (removed, scoring, optional, china):
        return None
    if number is None or name is None or ops is None or side is None or era is None:
        return None
    if scoring and ops != 0:
        m["ops"].fail("a scoring card has 0 ops")
        return None
    event = _read_event_facts(loc, m, number, vocabulary, country_ids)
    if event is None:
        return None
    regions, war, figures = event
    return Card(
        number=number,
        english=name,
        ops=ops,
        side=side,
        era=era,
        removed=bool(removed),
        scoring=scoring or None,
        optional=bool(optional),
        china_card=bool(china),
        event_regions=regions,
        war=war,
        figures=MappingProxyType(figures),
    )


EVENT_REGIONS = (*MAP_REGIONS, *SUBREGIONS)


def _read_event_facts(
    loc: Located,
    m: dict[str, Located],
    number: int,
    vocabulary: Vocabulary,
    country_ids: Collection[str],
) -> tuple[tuple[str, ...], War | None, dict[str, int]] | None:
    """A card's event facts: the ones its event reads must be there, no others."""
    reads = vocabulary.event_reads.get(number, ())
    declared = vocabulary.event_figures.get(number, ())
    ok = True
    for fact in ("event_regions", "war"):
        if fact in reads and fact not in m:
            loc.fail(f"missing key '{fact}' (the card's event reads it)")
            ok = False
    # Event regions may be given for the AI alone (the appendix's custom predicates read them);
    # a war's figures only where the event is a war.
    if "war" in m and "war" not in reads:
        m["war"].fail("the card's event is not a war")
        ok = False
    regions: tuple[str, ...] = ()
    if "event_regions" in m and ok:
        found = m["event_regions"].strings(EVENT_REGIONS)
        ok = found is not None
        regions = tuple(found or ())
    war = _read_war(m["war"], country_ids) if "war" in m and ok else None
    ok = ok and ("war" not in m or war is not None)
    figures: dict[str, int] = {}
    if declared and "figures" not in m:
        loc.fail(f"missing key 'figures' (the card's event reads: {', '.join(declared)})")
        ok = False
    elif "figures" in m:
        if not declared:
            m["figures"].fail("the card's event reads no figures")
            return None
        fields = m["figures"].mapping(declared)
        if fields is None or len(fields) < len(declared):
            return None
        for name, value_loc in fields.items():
            value = value_loc.integer(0, 20)
            if value is None:
                ok = False
            else:
                figures[name] = value
    return (regions, war, figures) if ok else None


def _read_war(loc: Located, country_ids: Collection[str]) -> War | None:
    m = loc.mapping(["targets", "vp", "milops", "success", "target_counts"])
    if m is None or len(m) < 5:
        return None
    targets = m["targets"].strings(country_ids)
    vp = m["vp"].integer(0, 20)
    milops = m["milops"].integer(0, 5)
    success = m["success"].integer(1, 6)
    target_counts = m["target_counts"].boolean()
    if targets is None or vp is None or milops is None or success is None:
        return None
    if target_counts is None:
        return None
    return War(
        targets=tuple(targets),
        vp=vp,
        milops=milops,
        success=success,
        target_counts=target_counts,
    )
