"""The reader of rules/map.yaml: the countries, their regions, stabilities and neighbours,
checked against the printed board's counts and symmetry."""

from __future__ import annotations

import re
from types import MappingProxyType

from twsolo.ids import (
    MAP_REGIONS,
    Side,
)
from twsolo.ruleset.model import (
    Country,
)
from twsolo.ruleset.nodes import Located, iter_entries
from twsolo.ruleset.readers.facts import SUBREGIONS

ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")
# Facts of the printed board and deck (docs/rules/base-facts.md); a map or deck that differs
# is an error.
EXPECTED_COUNTRIES = 84
EXPECTED_BATTLEGROUNDS = 29
EXPECTED_PAIRS = 112
EXPECTED_SUPERPOWER_LINKS = 9
SUPERPOWER = {"none": None, "us": Side.US, "ussr": Side.USSR}


def read_map(root: Located) -> tuple[Country, ...]:
    top = root.mapping(["regions", "subregions", "countries"], ["layout"])  # layout.py reads it
    if top is None:
        return ()
    regions = top["regions"].strings(MAP_REGIONS) if "regions" in top else None
    if regions is not None and sorted(regions) != sorted(MAP_REGIONS):
        top["regions"].fail(f"must list the six map regions: {', '.join(MAP_REGIONS)}")
    if "subregions" in top:
        subs = top["subregions"].strings(SUBREGIONS)
        if subs is not None and sorted(subs) != sorted(SUBREGIONS):
            top["subregions"].fail(f"must list: {', '.join(SUBREGIONS)}")
    raw = [_read_country(i, loc) for i, loc in enumerate(iter_entries(top.get("countries")))]
    entries = [(c, loc) for c, loc in raw if c is not None]
    if "countries" not in top:
        return ()
    countries_loc = top["countries"]
    ids: set[str] = set()
    for country, fields in entries:
        if country.id in ids:
            fields["id"].fail(f"duplicate country id {country.id!r}")
        ids.add(country.id)
    _check_neighbours(entries)
    countries = tuple(c for c, _ in entries)
    if len(raw) != len(entries):
        return countries  # counts mean nothing while entries are broken
    _check_count(countries_loc, "countries", len(countries), EXPECTED_COUNTRIES)
    bgs = sum(c.battleground for c in countries)
    _check_count(countries_loc, "battlegrounds", bgs, EXPECTED_BATTLEGROUNDS)
    links = sum(c.superpower is not None for c in countries)
    _check_count(countries_loc, "superpower links", links, EXPECTED_SUPERPOWER_LINKS)
    pairs = sum(len(c.neighbours) for c in countries) // 2
    _check_count(countries_loc, "neighbour pairs", pairs, EXPECTED_PAIRS)
    return countries


def _check_count(loc: Located, what: str, got: int, expected: int) -> None:
    if got != expected:
        loc.fail(f"the board has {expected} {what}, found {got}")


def _read_country(i: int, loc: Located) -> tuple[Country | None, dict[str, Located]]:
    keys = ["id", "name", "region", "subregions", "stability", "battleground", "superpower"]
    m = loc.mapping([*keys, "neighbours", "start"])
    if m is None or any(k not in m for k in [*keys, "neighbours", "start"]):
        return None, m or {}
    cid = m["id"].string()
    if cid is not None and not ID_PATTERN.match(cid):
        m["id"].fail(f"ids are lowercase snake_case, got {cid!r}")
        cid = None
    name = m["name"].string()
    region = m["region"].string(MAP_REGIONS)
    subregions = m["subregions"].strings(SUBREGIONS)
    for sub in subregions or []:
        if region is not None and SUBREGIONS[sub] != region:
            m["subregions"].fail(f"{sub} is part of {SUBREGIONS[sub]}, not {region}")
    stability = m["stability"].integer(1, 5)
    battleground = m["battleground"].boolean()
    superpower = m["superpower"].string(SUPERPOWER)
    neighbours = m["neighbours"].strings()
    start = m["start"].mapping(["us", "ussr"])
    start_us = start["us"].integer(0, 20) if start and "us" in start else None
    start_ussr = start["ussr"].integer(0, 20) if start and "ussr" in start else None
    if (
        cid is None
        or name is None
        or region is None
        or subregions is None
        or stability is None
        or battleground is None
        or superpower is None
        or neighbours is None
        or start_us is None
        or start_ussr is None
    ):
        return None, m
    country = Country(
        index=i,
        id=cid,
        english=name,
        region=region,
        subregions=frozenset(subregions),
        stability=stability,
        battleground=battleground,
        superpower=SUPERPOWER[superpower],
        neighbours=tuple(neighbours),
        start=MappingProxyType({Side.US: start_us, Side.USSR: start_ussr}),
    )
    return country, m


def _check_neighbours(entries: list[tuple[Country, dict[str, Located]]]) -> None:
    by_id = {c.id: c for c, _ in entries}
    for country, fields in entries:
        seen: set[str] = set()
        for n, where in zip(country.neighbours, fields["neighbours"].seq() or [], strict=True):
            if n in seen:
                where.fail("this neighbour is listed twice")
            elif n == country.id:
                where.fail("a country cannot neighbour itself")
            elif n not in by_id:
                where.fail(f"unknown country id {n!r}")
            elif country.id not in by_id[n].neighbours:
                where.fail(f"adjacency is not symmetric: {n} does not list {country.id}")
            seen.add(n)
