"""The rules cache (ruleset/cache.py): a load after the first reads the cache, and anything that
does not match — other rules, a damaged entry — loads the YAML again."""

from __future__ import annotations

from pathlib import Path

import pytest

from twsolo.compose import load_ruleset
from twsolo.errors import RulesDataError


def entries(cache: Path) -> list[Path]:
    return sorted((cache / "twsolo").glob("rules-*.pickle"))


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("TWSOLO_RULES_CACHE", raising=False)
    return tmp_path / "cache"


def test_a_second_load_gives_the_same_rules(cache: Path, rules_copy: Path) -> None:
    first = load_ruleset(rules_copy)
    assert len(entries(cache)) == 1
    second = load_ruleset(rules_copy)
    assert second.digest == first.digest
    assert second.countries == first.countries
    assert dict(second.cards) == dict(first.cards)
    assert dict(second.appendix) == dict(first.appendix)
    assert second.priorities == first.priorities
    assert second.source == rules_copy


def test_changed_rules_are_read_again(cache: Path, rules_copy: Path) -> None:
    load_ruleset(rules_copy)
    cards = rules_copy / "cards.yaml"
    cards.write_text(cards.read_text().replace("name: Asia Scoring", "name: Asia Scored", 1))
    changed = load_ruleset(rules_copy)
    assert changed.card(1).name == "Asia Scored"
    assert load_ruleset(rules_copy).card(1).name == "Asia Scored"  # and cached so


def test_broken_rules_are_reported_after_a_cached_load(cache: Path, rules_copy: Path) -> None:
    load_ruleset(rules_copy)
    (rules_copy / "map.yaml").write_text("countries: [\n")
    with pytest.raises(RulesDataError, match=r"map\.yaml"):
        load_ruleset(rules_copy)


@pytest.mark.parametrize("damage", [b"", b"not a pickle", b"\x80\x05N."])
def test_a_damaged_entry_is_a_miss_and_is_written_again(
    cache: Path, rules_copy: Path, damage: bytes
) -> None:
    expected = load_ruleset(rules_copy)
    [entry] = entries(cache)
    entry.write_bytes(damage)
    again = load_ruleset(rules_copy)
    assert again.digest == expected.digest
    assert again.countries == expected.countries
    assert entry.read_bytes() != damage


def test_the_cache_can_be_turned_off(
    cache: Path, rules_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TWSOLO_RULES_CACHE", "off")
    load_ruleset(rules_copy)
    assert entries(cache) == []


def test_an_unwritable_cache_only_costs_time(cache: Path, rules_copy: Path) -> None:
    cache.mkdir()
    (cache / "twsolo").write_text("a file where the cache's folder would be")
    assert load_ruleset(rules_copy).digest == load_ruleset(rules_copy).digest
