"""The reader of rules/setup.yaml: the extra influence, the difficulty levels, the draft cap and
the balanced set-up."""

from __future__ import annotations

from types import MappingProxyType

from twsolo.ids import (
    DIFFICULTY_LEVELS,
    Side,
)
from twsolo.ruleset.model import (
    Country,
    ExtraInfluence,
    SetupRules,
)
from twsolo.ruleset.nodes import Located, iter_entries


def read_setup(root: Located, countries: dict[str, Country]) -> SetupRules | None:
    top = root.mapping(["extra_influence", "difficulty", "draft_cap", "balanced_setup"])
    if top is None or len(top) < 4:
        return None
    balanced = _read_balanced(top["balanced_setup"], countries)
    cap = (top["draft_cap"].mapping(["human_events"]) or {}).get("human_events")
    cap_events = cap.integer(0, 6) if cap is not None else None
    extra = _read_extra(top["extra_influence"], countries)
    difficulty: dict[str, int] = {}
    levels = top["difficulty"].items()
    for name, loc in levels or []:
        value = loc.integer(0, 19)
        if name not in DIFFICULTY_LEVELS:
            loc.fail(f"unknown level (expected one of: {', '.join(DIFFICULTY_LEVELS)})")
        elif value is not None:
            difficulty[name] = value
    for name in DIFFICULTY_LEVELS:
        if levels is not None and name not in dict(levels):
            top["difficulty"].fail(f"missing level '{name}'")
    if extra is None or len(difficulty) != len(DIFFICULTY_LEVELS) or cap_events is None:
        return None
    if balanced is None:
        return None
    return SetupRules(
        extra_influence=extra,
        difficulty=MappingProxyType(difficulty),
        draft_cap_human_events=cap_events,
        balanced_extra=balanced,
    )


def _read_balanced(
    loc: Located, countries: dict[str, Country]
) -> MappingProxyType[Side, MappingProxyType[str, int]] | None:
    """Spec §24.6 [r4]: per side, the influence the balanced set-up adds to every column of the
    §2.4 table, in that side's own extra-influence area."""
    m = loc.mapping([], [side.value for side in Side])
    if m is None:
        return None
    out: dict[Side, MappingProxyType[str, int]] = {}
    ok = True
    for side in Side:
        place = _read_place(m[side.value], side, countries) if side.value in m else {}
        ok = ok and place is not None
        out[side] = MappingProxyType(place or {})
    return MappingProxyType(out) if ok else None


# spec §2.4: the USSR's extra influence goes into Eastern Europe, the US's into Western Europe.
_EXTRA_AREA = {Side.USSR: "east_europe", Side.US: "west_europe"}


def _read_extra(loc: Located, countries: dict[str, Country]) -> ExtraInfluence | None:
    m = loc.mapping(["dice", "us", "ussr"])
    if m is None or len(m) < 3:
        return None
    dice = m["dice"].integer(1, 2)
    by_roll: dict[Side, dict[int, dict[str, int]]] = {}
    for side in Side:
        table = _read_extra_side(m[side.value], side, countries)
        if table is not None:
            by_roll[side] = table
    if dice is None or len(by_roll) != 2:
        return None
    return ExtraInfluence(
        dice=dice,
        by_roll=MappingProxyType(
            {s: MappingProxyType(dict(t.items())) for s, t in by_roll.items()}
        ),
    )


def _read_extra_side(
    loc: Located, side: Side, countries: dict[str, Country]
) -> dict[int, dict[str, int]] | None:
    m = loc.mapping(["total", "columns"])
    if m is None or len(m) < 2:
        return None
    total = m["total"].integer(0, 20)
    table: dict[int, dict[str, int]] = {}
    ok = True
    for column in iter_entries(m["columns"]):
        c = column.mapping(["rolls", "place"])
        if c is None or len(c) < 2:
            ok = False
            continue
        rolls = c["rolls"].integers(1, 6)
        read = _read_place(c["place"], side, countries)
        ok = ok and read is not None
        place = read or {}
        if total is not None and sum(place.values()) != total and ok:
            c["place"].fail(f"adds up to {sum(place.values())}, expected {total}")
            ok = False
        for roll in rolls or []:
            if roll in table:
                c["rolls"].fail(f"result {roll} is already in another column")
                ok = False
            table[roll] = place
    if ok and sorted(table) != [1, 2, 3, 4, 5, 6]:
        m["columns"].fail("the columns must cover every die result 1–6 exactly once")
        ok = False
    return table if ok and total is not None else None


def _read_place(loc: Located, side: Side, countries: dict[str, Country]) -> dict[str, int] | None:
    """Country id -> amount, each a known country of the side's extra-influence area (spec
    §2.4); None when any is not."""
    place: dict[str, int] = {}
    ok = True
    for cid, amount_loc in loc.items() or []:
        amount = amount_loc.integer(1, 20)
        country = countries.get(cid)
        if country is None:
            amount_loc.fail(f"unknown country id {cid!r}")
            ok = False
        elif _EXTRA_AREA[side] not in country.subregions:
            amount_loc.fail(f"{side.label} extra influence goes in {_EXTRA_AREA[side]}")
            ok = False
        elif amount is None:
            ok = False
        else:
            place[cid] = amount
    return place if ok else None
