"""The rules data holds the facts of the printed game (docs/rules/base-facts.md)."""

from __future__ import annotations

import re

from twsolo.ids import MAP_REGIONS, CardId, Side
from twsolo.ruleset import Ruleset


def test_map_counts(rules: Ruleset) -> None:
    assert len(rules.countries) == 84
    assert int(rules.battleground.sum()) == 29
    assert sum(len(n) for n in rules.neighbours) == 2 * 112
    assert sum(c.superpower is not None for c in rules.countries) == 9


def test_region_sizes_and_battlegrounds(rules: Ruleset) -> None:
    sizes = {r: len(rules.members(r)) for r in MAP_REGIONS}
    assert sizes == {
        "europe": 21,
        "asia": 15,
        "middle_east": 10,
        "central_america": 10,
        "south_america": 10,
        "africa": 18,
    }
    bgs = {r: sum(rules.countries[i].battleground for i in rules.members(r)) for r in MAP_REGIONS}
    assert bgs == {
        "europe": 5,
        "asia": 6,
        "middle_east": 6,
        "africa": 5,
        "central_america": 3,
        "south_america": 4,
    }
    assert len(rules.members("southeast_asia")) == 7
    assert set(rules.members("east_europe")) & set(rules.members("west_europe")) == {
        rules.index["austria"],
        rules.index["finland"],
    }


def test_fixed_start_influence(rules: Ruleset) -> None:
    assert sum(c.start[Side.US] for c in rules.countries) == 18
    assert sum(c.start[Side.USSR] for c in rules.countries) == 9
    assert rules.country("uk").start[Side.US] == 5
    assert rules.country("north_korea").start[Side.USSR] == 3


def test_superpower_links(rules: Ruleset) -> None:
    us = {c.id for c in rules.countries if c.superpower is Side.US}
    ussr = {c.id for c in rules.countries if c.superpower is Side.USSR}
    assert us == {"canada", "mexico", "cuba", "japan"}
    assert ussr == {"finland", "poland", "romania", "afghanistan", "north_korea"}


def test_adjacency_is_symmetric(rules: Ruleset) -> None:
    for i, ns in enumerate(rules.neighbours):
        for j in ns:
            assert i in rules.neighbours[j]


def test_cards(rules: Ruleset) -> None:
    assert sorted(rules.cards) == list(range(1, 111))
    scoring = {c.number: c.scoring for c in rules.cards.values() if c.scoring}
    assert scoring == {
        1: "asia",
        2: "europe",
        3: "middle_east",
        37: "central_america",
        38: "southeast_asia",
        79: "africa",
        81: "south_america",
    }
    assert rules.china_card.number == 6
    assert rules.card(6).ops == 4
    optional = [c.number for c in rules.cards.values() if c.optional]
    assert optional == list(range(104, 111))
    eras = {
        e: sum(1 for c in rules.cards.values() if c.era == e and not c.optional)
        for e in ("early", "mid", "late")
    }
    # Deck sizes without optional cards, scoring cards included: Early 35 + the China Card,
    # Mid 46, Late 21 (docs/rules/base-facts.md).
    assert eras == {"early": 36, "mid": 46, "late": 21}
    assert rules.card(95).removed is False
    assert rules.card(102).removed is True


def test_scoring_table(rules: Ruleset) -> None:
    s = rules.scoring
    assert s.regions["europe"].control is None  # control of Europe wins the game
    assert (s.regions["asia"].presence, s.regions["asia"].domination) == (3, 7)
    assert s.regions["africa"].control == 6
    assert s.sea_exceptions == {"thailand": 2}


def test_setup_tables(rules: Ruleset) -> None:
    table = rules.setup.extra_influence.by_roll
    assert dict(table[Side.USSR][5]) == {"poland": 4, "finland": 1, "czechoslovakia": 1}
    for side, total in ((Side.USSR, 6), (Side.US, 7)):
        for roll in range(1, 7):
            assert sum(table[side][roll].values()) == total
    assert dict(rules.setup.difficulty) == {"normal": 0, "experienced": 2, "hard": 4, "expert": 7}


def card_slug(name: str) -> str:
    """A card's name as an identifier: "Soviets Shoot Down KAL-007" -> "soviets_shoot_down_kal_007"
    (CardId's attribute names, lowercased; the prefix of the card's question keys)."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def test_card_ids_name_every_card_of_cards_yaml(rules: Ruleset) -> None:
    """CardId names each card once, as cards.yaml names it: code that refers to a card by name
    and the rules data cannot drift apart."""
    named = {n: v for n, v in vars(CardId).items() if n.isupper()}
    assert sorted(named.values()) == sorted(rules.cards)
    for name, number in named.items():
        assert name.lower() == card_slug(rules.card(number).name), number
