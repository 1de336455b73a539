"""The reader of rules/priorities.yaml: the AI's priority tables and figures."""

from __future__ import annotations

from collections.abc import Collection
from types import MappingProxyType

from twsolo.ids import (
    MAP_REGIONS,
    CardId,
    Side,
)
from twsolo.ruleset.model import (
    Priorities,
)
from twsolo.ruleset.nodes import Located, iter_entries
from twsolo.ruleset.vocabulary import Vocabulary


def _names(loc: Located, allowed: tuple[str, ...]) -> tuple[str, ...] | None:
    names = loc.strings(allowed)
    if names is not None and len(set(names)) != len(names):
        loc.fail("a name is listed twice")
        return None
    return tuple(names) if names is not None else None


def _chance(loc: Located) -> float | None:
    node = loc.node
    try:
        value = float(getattr(node, "value", "x"))
    except ValueError:
        value = -1.0
    if not 0.0 < value <= 1.0:
        loc.fail(f"expected a probability in (0, 1], got {getattr(node, 'value', '?')!r}")
        return None
    return value


def read_priorities(
    root: Located, country_ids: Collection[str], vocabulary: Vocabulary
) -> Priorities | None:
    """Spec §11.4, §12.2.3a, §12.4.1, §13–§15, §18: the names are the AI's registered
    criteria."""
    names = vocabulary.of
    keys = [
        "caps",
        "influence_options",
        "influence_tiebreak",
        "coup",
        "decisive_coup",
        "realign",
        "space_dump",
        "score_before_dump",
        "trap_cards",
        "region_order",
        "country_order",
    ]
    top = root.mapping(keys)
    if top is None or len(top) < len(keys):
        return None
    caps = top["caps"].mapping(["battleground_extra", "other_extra"]) or {}
    coup = (
        top["coup"].mapping(
            [
                "order",
                "likely",
                "tiebreak",
                "bg_min_defcon_nsr",
                "bg_min_defcon_sr",
                "milops_per_round_left",
                "milops_battlegrounds",
            ]
        )
        or {}
    )
    before_dump = top["score_before_dump"].mapping(["use", "min_gain"]) or {}
    traps = top["trap_cards"].mapping([side.value for side in Side]) or {}
    decisive = (
        top["decisive_coup"].mapping(["min_control_chance", "min_swing", "min_swing_to_defcon2"])
        or {}
    )
    realign = top["realign"].mapping(["order", "tiebreak"]) or {}
    dump = top["space_dump"].mapping(names("space_dump")) or {}
    if (
        len(caps) < 2
        or len(coup) < 7
        or len(before_dump) < 2
        or len(traps) < 2
        or len(decisive) < 3
        or len(realign) < 2
        or len(dump) < len(names("space_dump"))
    ):
        return None
    region_order = _names(top["region_order"], MAP_REGIONS)
    if region_order is not None and len(region_order) != len(MAP_REGIONS):
        top["region_order"].fail(f"must list the six regions: {', '.join(MAP_REGIONS)}")
    rank: dict[str, int] = {}
    for _region, loc in top["country_order"].items() or []:
        for cid_loc in iter_entries(loc):
            cid = cid_loc.string()
            if cid is None:
                continue
            if cid not in country_ids:
                cid_loc.fail(f"unknown country id {cid!r}")
            elif cid in rank:
                cid_loc.fail(f"{cid} is listed twice")
            else:
                rank[cid] = len(rank)
    if country_ids and len(rank) != len(country_ids):
        missing = sorted(set(country_ids) - set(rank))
        top["country_order"].fail(f"every country must be listed; missing {missing[:5]}")
    bg_extra = caps["battleground_extra"].integer(0, 5)
    other_extra = caps["other_extra"].integer(0, 5)
    options = _names(top["influence_options"], names("influence_options"))
    influence_tb = _names(top["influence_tiebreak"], names("influence_tiebreak"))
    coup_order = _names(coup["order"], names("coup_order"))
    likely = _chance(coup["likely"])
    coup_tb = _names(coup["tiebreak"], names("coup_tiebreak"))
    nsr = coup["bg_min_defcon_nsr"].integer(2, 5)
    sr = coup["bg_min_defcon_sr"].integer(2, 5)
    per_round = coup["milops_per_round_left"].integer(0, 5)
    milops_bgs = coup["milops_battlegrounds"].boolean()
    score_first = before_dump["use"].boolean()
    min_gain = before_dump["min_gain"].integer(1, 20)
    trap = {side: traps[side.value].integer(0, CardId.AWACS_SALE_TO_SAUDIS) for side in Side}
    control_chance = _chance(decisive["min_control_chance"])
    min_swing = decisive["min_swing"].integer(0, 40)
    min_swing_defcon2 = decisive["min_swing_to_defcon2"].integer(0, 40)
    realign_order = _names(realign["order"], names("realign_order"))
    realign_tb = _names(realign["tiebreak"], names("realign_tiebreak"))
    thresholds = {k: dump[k].integer(1, 20) for k in names("space_dump")}
    if (
        bg_extra is None
        or other_extra is None
        or options is None
        or influence_tb is None
        or coup_order is None
        or likely is None
        or coup_tb is None
        or nsr is None
        or sr is None
        or per_round is None
        or milops_bgs is None
        or score_first is None
        or min_gain is None
        or None in trap.values()
        or control_chance is None
        or min_swing is None
        or min_swing_defcon2 is None
        or realign_order is None
        or realign_tb is None
        or region_order is None
        or None in thresholds.values()
    ):
        return None
    return Priorities(
        cap_battleground_extra=bg_extra,
        cap_other_extra=other_extra,
        influence_options=options,
        influence_tiebreak=influence_tb,
        coup_order=coup_order,
        coup_likely=likely,
        coup_tiebreak=coup_tb,
        coup_bg_min_defcon_nsr=nsr,
        coup_bg_min_defcon_sr=sr,
        milops_per_round_left=per_round,
        decisive_coup_min_control_chance=control_chance,
        decisive_coup_min_swing=min_swing,
        decisive_coup_min_swing_to_defcon2=min_swing_defcon2,
        realign_order=realign_order,
        realign_tiebreak=realign_tb,
        space_dump=MappingProxyType({k: int(v or 0) for k, v in thresholds.items()}),
        score_before_dump=score_first,
        score_before_dump_min_gain=min_gain,
        trap_cards=MappingProxyType({k: int(v or 0) for k, v in trap.items()}),
        milops_battlegrounds=milops_bgs,
        region_order=region_order,
        country_rank=MappingProxyType(rank),
    )
