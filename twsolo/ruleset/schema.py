"""Readers from YAML nodes to the Ruleset's parts, one per rules file.

Each reader reports problems on the nodes' marks and returns what it could read; load.py raises
them all together. Facts of the printed game are checked here (counts, symmetry, totals) so an
edit that breaks the map or the deck is caught at load time, not in play.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from types import MappingProxyType

from twsolo.ids import (
    CARD_SIDES,
    DIFFICULTY_LEVELS,
    MAP_REGIONS,
    SCORING_REGIONS,
    CardId,
    Era,
    Side,
)
from twsolo.ruleset.appendix_answers import read_procedures, read_resolve
from twsolo.ruleset.checks import check_windows
from twsolo.ruleset.conditions import ConditionError, Window, parse_condition, parse_window
from twsolo.ruleset.model import (
    ENHANCED_SWITCHES,
    AppendixEntry,
    Card,
    Country,
    EnhancedRules,
    ExtraInfluence,
    Priorities,
    RegionRules,
    RegionScoring,
    ScoringRules,
    SetupRules,
    SpaceBox,
    War,
)
from twsolo.ruleset.nodes import Located, iter_entries
from twsolo.ruleset.vocabulary import Vocabulary

ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")
SUBREGIONS = {"east_europe": "europe", "west_europe": "europe", "southeast_asia": "asia"}
# Facts of the printed board and deck (docs/rules/base-facts.md); a map or deck that differs
# is an error.
EXPECTED_COUNTRIES = 84
EXPECTED_BATTLEGROUNDS = 29
EXPECTED_PAIRS = 112
EXPECTED_SUPERPOWER_LINKS = 9
CARD_COUNT = 110
SCORING_CARDS = 7
SUPERPOWER = {"none": None, "us": Side.US, "ussr": Side.USSR}


# --------------------------------------------------------------------------- map.yaml
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
        name=name,
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


# --------------------------------------------------------------------------- cards.yaml
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
        name=name,
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


# --------------------------------------------------------------------------- scoring.yaml
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


# --------------------------------------------------------------------------- setup.yaml
def read_setup(root: Located, countries: dict[str, Country]) -> SetupRules | None:
    top = root.mapping(["extra_influence", "difficulty", "draft_cap"])
    if top is None or len(top) < 3:
        return None
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
    return SetupRules(
        extra_influence=extra,
        difficulty=MappingProxyType(difficulty),
        draft_cap_human_events=cap_events,
    )


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
        place: dict[str, int] = {}
        for cid, amount_loc in c["place"].items() or []:
            amount = amount_loc.integer(1, 20)
            country = countries.get(cid)
            if country is None:
                amount_loc.fail(f"unknown country id {cid!r}")
                ok = False
            elif _EXTRA_AREA[side] not in country.subregions:
                amount_loc.fail(f"{side.label} extra influence goes in {_EXTRA_AREA[side]}")
                ok = False
            elif amount is not None:
                place[cid] = amount
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


# --------------------------------------------------------------------------- space.yaml
SPACE_BOXES = 8
ABILITIES = ("none", "two_attempts", "headline_second", "discard_held", "eighth_round")


def read_space(root: Located) -> tuple[SpaceBox, ...]:
    top = root.mapping(["boxes"])
    if top is None or "boxes" not in top:
        return ()
    boxes: list[SpaceBox] = []
    entries = list(iter_entries(top["boxes"]))
    for i, loc in enumerate(entries):
        m = loc.mapping(["box", "name", "ops", "success", "vp", "ability"])
        if m is None or len(m) < 6:
            continue
        box = m["box"].integer(i + 1, i + 1)
        name = m["name"].string()
        ops = m["ops"].integer(1, 4)
        success = m["success"].integer(1, 6)
        vp = m["vp"].integers(0, 20)
        ability = m["ability"].string(ABILITIES)
        if vp is not None and len(vp) != 2:
            m["vp"].fail("expected [first, second]")
            vp = None
        if None in (box, name, ops, success, vp, ability):
            continue
        assert vp is not None
        boxes.append(
            SpaceBox(
                box=int(box or 0),
                name=str(name),
                ops=int(ops or 0),
                success=int(success or 0),
                vp_first=vp[0],
                vp_second=vp[1],
                ability=str(ability),
            )
        )
    if len(entries) != SPACE_BOXES:
        top["boxes"].fail(f"the track has {SPACE_BOXES} boxes, found {len(entries)}")
    return tuple(boxes)


# --------------------------------------------------------------------------- appendix.yaml
SOURCES = ("seed", "designed", "designed_optional")


def read_appendix(
    root: Located, cards: dict[int, Card], vocabulary: Vocabulary, country_ids: Collection[str]
) -> dict[int, AppendixEntry]:
    """Spec §21: one entry per card, its windows and conditions parsed (appendix §1) with the
    AI's condition terms; how it resolves its event's questions (`resolve`) and the code it
    needs (`procedures`), checked against the vocabulary."""
    top = root.mapping(["entries"])
    if top is None or "entries" not in top:
        return {}
    entries: dict[int, AppendixEntry] = {}
    optional = ["choices", "on_human_play", "note", "resolve", "procedures"]
    for loc in iter_entries(top["entries"]):
        m = loc.mapping(["card", "name", "source", "ai_play"], optional)
        if m is None or any(k not in m for k in ("card", "name", "source", "ai_play")):
            continue
        number = m["card"].integer(1, CARD_COUNT)
        name = m["name"].string()
        source = m["source"].string(SOURCES)
        texts = {k: m[k].string() if k in m else "" for k in ("choices", "on_human_play", "note")}
        placed: list[tuple[Located, Window]] = []
        for w in iter_entries(m["ai_play"]):
            text = w.string()
            if text is None:
                continue
            try:
                placed.append((w, parse_window(text, vocabulary)))
            except ConditionError as exc:
                w.fail_at(exc.column, str(exc))
        check_windows(placed)
        windows = [window for _, window in placed]
        if number is None or name is None or source is None or None in texts.values():
            continue
        resolve = (
            read_resolve(m["resolve"], number, vocabulary, country_ids) if "resolve" in m else {}
        )
        procedures = read_procedures(loc, m.get("procedures"), number, vocabulary)
        if number in entries:
            m["card"].fail(f"card {number} has two entries")
        elif cards and number in cards and cards[number].name != name:
            m["name"].fail(f"card {number} is {cards[number].name!r} in cards.yaml")
        else:
            entries[number] = AppendixEntry(
                card=number,
                source=source,
                windows=tuple(windows),
                choices=texts["choices"] or "",
                on_human_play=texts["on_human_play"] or "",
                note=texts["note"] or "",
                resolve=MappingProxyType(resolve),
                procedures=procedures,
            )
    return entries


# --------------------------------------------------------------------------- regions.yaml
PILE_TARGETS = ("bottom", "spent")


def read_regions(root: Located) -> RegionRules | None:
    keys = ["shift", "scoring_rounds", "human_offregion_penalty_vp", "victory_rating"]
    top = root.mapping(keys, ["secondary_in_scoring_round"])
    if top is None or any(k not in top for k in keys):
        return None
    # Spec §23.10: true (the default) keeps the Secondary's role in a Scoring Round.
    switch = top.get("secondary_in_scoring_round")
    secondary_in_sr = switch.boolean() if switch is not None else True
    shift = top["shift"].mapping(["first_round", "scored_to", "unscored_to"]) or {}
    rounds = (
        top["scoring_rounds"].mapping(
            ["early_first_round", "early_last_round", "midlate_rounds", "max_scorings"]
        )
        or {}
    )
    if len(shift) < 3 or len(rounds) < 4:
        return None
    first = shift["first_round"].integer(2, 8)
    scored_to = shift["scored_to"].string(PILE_TARGETS)
    unscored_to = shift["unscored_to"].string(PILE_TARGETS)
    early_first = rounds["early_first_round"].integer(1, 7)
    early_last = rounds["early_last_round"].integer(1, 7)
    midlate = rounds["midlate_rounds"].integers(1, 8)
    max_scorings = rounds["max_scorings"].integer(1, 99)
    penalty = top["human_offregion_penalty_vp"].integer(0, 20)
    rating: list[tuple[int, str]] = []
    for row in iter_entries(top["victory_rating"]):
        m = row.mapping(["min", "rating"]) or {}
        low = m["min"].integer(-999, 99) if "min" in m else None
        name = m["rating"].string() if "rating" in m else None
        if low is not None and name is not None:
            if rating and low >= rating[-1][0]:
                m["min"].fail("rows must go from the best result down (decreasing min)")
            rating.append((low, name))
    if early_first is not None and early_last is not None and early_first > early_last:
        rounds["early_last_round"].fail("must not come before early_first_round")
        return None
    if (
        first is None
        or scored_to is None
        or unscored_to is None
        or early_first is None
        or early_last is None
        or midlate is None
        or max_scorings is None
        or penalty is None
        or secondary_in_sr is None
        or not rating
    ):
        return None
    return RegionRules(
        shift_first_round=first,
        scored_to=scored_to,
        unscored_to=unscored_to,
        early_first_round=early_first,
        early_last_round=early_last,
        midlate_rounds=tuple(midlate),
        max_scorings=max_scorings,
        human_offregion_penalty_vp=penalty,
        secondary_in_scoring_round=secondary_in_sr,
        victory_rating=tuple(rating),
    )


# --------------------------------------------------------------------------- enhanced.yaml
def read_enhanced(root: Located, vocabulary: Vocabulary) -> EnhancedRules | None:
    """Spec §25: each switch of ENHANCED_SWITCHES, whether the enhanced AI uses it (`use`),
    and its figures."""
    top = root.mapping(ENHANCED_SWITCHES)
    if top is None or len(top) < len(ENHANCED_SWITCHES):
        return None
    extra = {
        "best_headline_with_box4": ["cards"],
        "careful_cuban_missile_crisis": ["headline_if"],
        "guard_prepared": ["points"],
        "final_sweep": ["turn"],
    }
    switches = {name: top[name].mapping(["use", *extra.get(name, [])]) for name in top}
    if any(m is None or len(m) < 1 + len(extra.get(n, [])) for n, m in switches.items()):
        return None
    on = tuple(n for n, m in switches.items() if m is not None and m["use"].boolean())
    box4 = switches["best_headline_with_box4"] or {}
    cards = box4["cards"].integer(1, 9)
    cmc = (switches["careful_cuban_missile_crisis"] or {})["headline_if"]
    text = cmc.string()
    condition = None
    if text is not None:
        try:
            condition = parse_condition(text, vocabulary)
        except ConditionError as exc:
            cmc.fail_at(exc.column, str(exc))
    guard = (switches["guard_prepared"] or {})["points"].integer(1, 5)
    sweep = (switches["final_sweep"] or {})["turn"].integer(1, 10)
    if cards is None or condition is None or guard is None or sweep is None:
        return None
    return EnhancedRules(
        on=on,
        headline_cards=cards,
        cmc_headline_if=condition,
        guard_points=guard,
        final_sweep_turn=sweep,
    )


# --------------------------------------------------------------------------- priorities.yaml
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
