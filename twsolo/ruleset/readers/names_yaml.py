"""The reader of rules/names-<language>.yaml: one language's names of the cards, countries,
regions, tracks and piles, by the ids the other rules files use. Checked like every other name:
each id named exactly once, no unknown id, no control character, and no name the prompts could
not tell from another one (the same words as another card's or country's name in this language
or in English: files/name_words.py)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from types import MappingProxyType
from typing import TypeVar

import yaml

from twsolo.files.name_words import name_words
from twsolo.ids import PILES, SCORING_REGIONS, TRACKS
from twsolo.ruleset.model import Names
from twsolo.ruleset.nodes import INT, STR, Located
from twsolo.ruleset.readers.facts import SUBREGIONS
from twsolo.ruleset.suggest import did_you_mean

LANGUAGE = re.compile(r"[a-z]{2,3}")  # an ISO 639 code: names-ru.yaml, names-de.yaml
PLAIN_NUMBER = re.compile(r"[1-9][0-9]{0,3}")
SECTIONS = ("cards", "countries", "regions", "tracks", "piles", "space", "ratings")
SHOWN = 8  # ids listed in a "no name for" problem; the rest counted

K = TypeVar("K", int, str)


def read_names(
    root: Located,
    language: str,
    cards: Mapping[int, str],
    countries: Mapping[str, str],
    space: Mapping[int, str],
    ratings: Collection[str],
) -> Names | None:
    """`cards`, `countries` and `space`: the English names by number and id (cards.yaml,
    map.yaml, space.yaml); `ratings`: the Victory Ratings' English names."""
    top = root.mapping(SECTIONS)
    if top is None or any(k not in top for k in SECTIONS):
        return None
    regions = {r: r for r in (*SCORING_REGIONS, *SUBREGIONS)}
    found = (
        _section(top["cards"], cards, _card_number, "card number", lambda n: f"#{n} {cards[n]}"),
        _section(top["countries"], countries, _id, "country id", str),
        _section(top["regions"], regions, _id, "region", str),
        _section(top["tracks"], {t: t for t in TRACKS}, _id, "track", str),
        _section(top["piles"], {p: p for p in PILES}, _id, "pile", str),
        _section(top["space"], space, _card_number, "space box", lambda n: f"box {n}"),
        _section(top["ratings"], {r: r for r in ratings}, _id, "victory rating", str),
    )
    if any(section is None for section in found):
        return None
    cards_, countries_, regions_, tracks_, piles_, space_, ratings_ = found
    assert cards_ is not None
    assert countries_ is not None
    assert regions_ is not None
    assert tracks_ is not None
    assert piles_ is not None
    assert space_ is not None
    assert ratings_ is not None
    return Names(
        language=language,
        cards=MappingProxyType(cards_),
        countries=MappingProxyType(countries_),
        regions=MappingProxyType(regions_),
        tracks=MappingProxyType(tracks_),
        piles=MappingProxyType(piles_),
        space=MappingProxyType(space_),
        ratings=MappingProxyType(ratings_),
    )


def _card_number(key: yaml.ScalarNode) -> int | None:
    """A card is named by its number in plain digits: `42: ...`."""
    return int(key.value) if key.tag == INT and PLAIN_NUMBER.fullmatch(key.value) else None


def _id(key: yaml.ScalarNode) -> str | None:
    return str(key.value) if key.tag == STR else None


def _section(
    loc: Located,
    known: Mapping[K, str],
    key_of: Callable[[yaml.ScalarNode], K | None],
    what: str,
    shown: Callable[[K], str],
) -> dict[K, str] | None:
    """The names of one section: a mapping from each of `known`'s ids (the English names as
    values) to its name here. Every problem is reported; None when there was any."""
    node = loc.node
    if not isinstance(node, yaml.MappingNode):
        loc.fail(f"expected a mapping from each {what} to its name")
        return None
    found: dict[K, str] = {}
    first: dict[K, int] = {}
    # The names so far by their words: the English ones, then this section's.
    by_words: dict[tuple[str, ...], K] = {name_words(name): k for k, name in known.items()}
    ok = True
    for key_node, value_node in node.value:
        key = key_of(key_node) if isinstance(key_node, yaml.ScalarNode) else None
        where = loc.child(value_node, str(getattr(key_node, "value", "?")))
        if key is None or key not in known:
            typed = str(getattr(key_node, "value", ""))
            hint = did_you_mean(typed, [str(k) for k in known]) if key_node.tag == STR else ""
            where.problems.add(key_node.start_mark, where.path, f"unknown {what} {typed!r}{hint}")
            ok = False
            continue
        if key in first:
            where.problems.add(
                key_node.start_mark, where.path, f"duplicate key (first at line {first[key]})"
            )
            ok = False
            continue
        first[key] = key_node.start_mark.line + 1
        name = where.string()
        words = name_words(name) if name is not None else ()
        other = by_words.setdefault(words, key) if words else key
        if name is None:
            ok = False
        elif not words:
            where.fail(f"{name!r} has no letter or digit to answer with")
            ok = False
        elif other != key:
            same = found.get(other)
            said = f"{same!r}" if same is not None and name_words(same) == words else None
            where.fail(
                f"the same name as {shown(other)} ({said})"
                if said
                else f"the same name as {shown(other)}'s English name {known[other]!r}"
            )
            ok = False
        else:
            found[key] = name
    missing = [k for k in known if k not in first]
    if missing:
        listed = ", ".join(shown(k) for k in missing[:SHOWN])
        more = f" and {len(missing) - SHOWN} more" if len(missing) > SHOWN else ""
        loc.fail(f"no name for {listed}{more}")
        ok = False
    return found if ok else None
