"""The reader of rules/scoring.yaml: each region's VP and scoring card, the bonuses, Southeast
Asia's scoring and final scoring."""

from __future__ import annotations

from collections.abc import Collection
from types import MappingProxyType

from twsolo.ids import (
    MAP_REGIONS,
)
from twsolo.ruleset.model import (
    Card,
    RegionScoring,
    ScoringRules,
)
from twsolo.ruleset.nodes import Located
from twsolo.ruleset.readers.facts import CARD_COUNT


def read_scoring(
    root: Located, cards: dict[int, Card], country_ids: Collection[str]
) -> ScoringRules | None:
    top = root.mapping(["regions", "bonuses", "southeast_asia", "final_scoring"])
    if top is None or len(top) < 4:
        return None
    regions: dict[str, RegionScoring] = {}
    listed = top["regions"].items()
    for region, loc in listed or []:
        if region not in MAP_REGIONS:
            loc.fail(f"unknown region (expected one of: {', '.join(MAP_REGIONS)})")
            continue
        entry = _read_region_scoring(region, loc, cards)
        if entry is not None:
            regions[region] = entry
    for region in MAP_REGIONS:
        if listed is not None and region not in dict(listed):
            top["regions"].fail(f"missing region '{region}'")
    bonuses = top["bonuses"].mapping(["per_battleground", "per_adjacent_superpower"])
    sea = top["southeast_asia"].mapping(["card", "per_country", "countries"])
    final = top["final_scoring"].mapping(["regions", "china_card_vp"])
    if not bonuses or not sea or not final or len(bonuses) + len(sea) + len(final) < 7:
        return None
    per_bg = bonuses["per_battleground"].integer(0, 10)
    per_adj = bonuses["per_adjacent_superpower"].integer(0, 10)
    sea_card = _scoring_card(sea["card"], cards, "southeast_asia")
    per_country = sea["per_country"].integer(0, 10)
    exceptions: dict[str, int] = {}
    for cid, loc in sea["countries"].items() or []:
        value = loc.integer(0, 10)
        if cid not in country_ids:
            loc.fail(f"unknown country id {cid!r}")
        elif value is not None:
            exceptions[cid] = value
    final_regions = final["regions"].strings(MAP_REGIONS)
    china_vp = final["china_card_vp"].integer(0, 10)
    values = (per_bg, per_adj, sea_card, per_country, final_regions, china_vp)
    if any(v is None for v in values) or len(regions) != len(MAP_REGIONS):
        return None
    return ScoringRules(
        regions=MappingProxyType(regions),
        per_battleground=int(per_bg or 0),
        per_adjacent_superpower=int(per_adj or 0),
        sea_card=int(sea_card or 0),
        sea_per_country=int(per_country or 0),
        sea_exceptions=MappingProxyType(exceptions),
        final_regions=tuple(final_regions or ()),
        china_card_vp=int(china_vp or 0),
    )


def _scoring_card(loc: Located, cards: dict[int, Card], region: str) -> int | None:
    number = loc.integer(1, CARD_COUNT)
    if number is not None and cards and cards.get(number) and cards[number].scoring != region:
        loc.fail(f"card {number} is not the {region} scoring card")
        return None
    return number


def _read_region_scoring(region: str, loc: Located, cards: dict[int, Card]) -> RegionScoring | None:
    m = loc.mapping(["card", "presence", "domination", "control"])
    if m is None or len(m) < 4:
        return None
    card = _scoring_card(m["card"], cards, region)
    presence = m["presence"].integer(0, 20)
    domination = m["domination"].integer(0, 20)
    control_node = m["control"]
    control: int | None
    if getattr(control_node.node, "value", None) == "auto_win":
        control = None
    else:
        control = control_node.integer(0, 20)
        if control is None:
            return None
    if card is None or presence is None or domination is None:
        return None
    return RegionScoring(
        region=region, card=card, presence=presence, domination=domination, control=control
    )
