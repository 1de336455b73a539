"""Each class of malformed rules data is reported with file, line and field path.

Every test breaks one thing in a copy of the real rules directory, so the fixture is the real data
with one mistake, and the expected line is found in the broken text itself.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from twsolo.ai.criteria import CRITERIA
from twsolo.compose import load_ruleset, standard_vocabulary
from twsolo.errors import RulesDataError
from twsolo.ruleset import Ruleset
from twsolo.ruleset.nodes import display_path


def break_file(rules: Path, name: str, old: str, new: str) -> int:
    """Replace the one occurrence of `old` in rules/name; return the 1-based line of `new`."""
    path = rules / name
    text = path.read_text(encoding="utf-8")  # the names and wordings of other languages too
    assert text.count(old) == 1, f"{old!r} must occur once in {name}"
    text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return text[: text.index(new)].count("\n") + 1


def problems(rules: Path) -> list[str]:
    with pytest.raises(RulesDataError) as info:
        load_ruleset(rules)
    return info.value.problems


def where(rules: Path, name: str, line: int) -> str:
    return f"{display_path(rules / name)}:{line}:"


def test_wrong_type_names_file_line_column_and_field(rules_copy: Path) -> None:
    line = break_file(rules_copy, "cards.yaml", "  - number: 42\n", "  - number: 42\n")
    line = break_file(
        rules_copy, "cards.yaml", "name: Quagmire\n    ops: 3", "name: Quagmire\n    ops: x"
    )
    found = problems(rules_copy)
    assert found == [
        f"{where(rules_copy, 'cards.yaml', line + 1)}10: cards[41].ops: "
        "expected an integer 0–4, got 'x'"
    ]


def test_unknown_key(rules_copy: Path) -> None:
    line = break_file(rules_copy, "cards.yaml", "name: Fidel\n", "name: Fidel\n    colour: red\n")
    (msg,) = problems(rules_copy)
    assert msg.startswith(where(rules_copy, "cards.yaml", line + 1))
    assert "cards[7].colour: unknown key" in msg


def test_missing_key(rules_copy: Path) -> None:
    break_file(rules_copy, "cards.yaml", "name: Fidel\n    ops: 2\n", "name: Fidel\n")
    (msg,) = problems(rules_copy)
    assert "cards.yaml:" in msg
    assert "cards[7]: missing key 'ops'" in msg


def test_duplicate_key_is_not_silently_kept(rules_copy: Path) -> None:
    line = break_file(rules_copy, "cards.yaml", "name: Fidel\n", "name: Fidel\n    name: Castro\n")
    (msg,) = problems(rules_copy)
    assert msg.startswith(where(rules_copy, "cards.yaml", line + 1))
    assert f"cards[7].name: duplicate key (first at line {line})" in msg


def test_yaml11_boolean_where_a_string_belongs(rules_copy: Path) -> None:
    line = break_file(rules_copy, "cards.yaml", "name: Fidel\n", "name: no\n")
    (msg,) = problems(rules_copy)
    assert msg.startswith(where(rules_copy, "cards.yaml", line))
    assert "cards[7].name: expected a string, got a boolean 'no'" in msg
    assert "quote it" in msg


def test_yaml11_boolean_where_true_false_belongs(rules_copy: Path) -> None:
    break_file(
        rules_copy,
        "cards.yaml",
        "name: Fidel\n    ops: 2\n    side: ussr\n    era: early\n    removed: true",
        "name: Fidel\n    ops: 2\n    side: ussr\n    era: early\n    removed: yes",
    )
    (msg,) = problems(rules_copy)
    assert "cards[7].removed: write true or false, not 'yes'" in msg


def test_unknown_country_id(rules_copy: Path) -> None:
    line = break_file(
        rules_copy,
        "map.yaml",
        "neighbours: [east_germany, hungary, italy, west_germany]",
        "neighbours: [east_germany, hungary, italy, west_germany, narnia]",
    )
    (msg,) = problems(rules_copy)
    assert msg.startswith(where(rules_copy, "map.yaml", line))
    assert "countries[0].neighbours[4]: unknown country id 'narnia'" in msg


def test_asymmetric_adjacency(rules_copy: Path) -> None:
    line = break_file(
        rules_copy,
        "map.yaml",
        "neighbours: [east_germany, hungary, italy, west_germany]",
        "neighbours: [east_germany, hungary, italy, west_germany, poland]",
    )
    found = problems(rules_copy)
    assert any(
        m.startswith(where(rules_copy, "map.yaml", line))
        and "countries[0].neighbours[4]: adjacency is not symmetric: poland does not list austria"
        in m
        for m in found
    ), found


def test_wrong_count(rules_copy: Path) -> None:
    break_file(
        rules_copy,
        "map.yaml",
        "id: france\n    name: France\n    region: europe\n    subregions: [west_europe]\n"
        "    stability: 3\n    battleground: true",
        "id: france\n    name: France\n    region: europe\n    subregions: [west_europe]\n"
        "    stability: 3\n    battleground: false",
    )
    (msg,) = problems(rules_copy)
    assert "map.yaml:" in msg
    assert "countries: the board has 29 battlegrounds, found 28" in msg


def test_syntax_error_is_located(rules_copy: Path) -> None:
    line = break_file(rules_copy, "setup.yaml", "  normal: 0\n", "  normal: [0\n")
    (msg,) = problems(rules_copy)
    assert "setup.yaml:" in msg
    assert "YAML syntax" in msg
    reported = int(msg.split(":")[1])
    assert reported >= line


def test_setup_column_total(rules_copy: Path) -> None:
    line = break_file(
        rules_copy,
        "setup.yaml",
        "place: {poland: 4, finland: 1, czechoslovakia: 1}",
        "place: {poland: 5, finland: 1, czechoslovakia: 1}",
    )
    (msg,) = problems(rules_copy)
    assert msg.startswith(where(rules_copy, "setup.yaml", line))
    assert "extra_influence.ussr.columns[0].place: adds up to 7, expected 6" in msg


def test_scoring_card_must_match_region(rules_copy: Path) -> None:
    line = break_file(rules_copy, "scoring.yaml", "europe: {card: 2,", "europe: {card: 3,")
    (msg,) = problems(rules_copy)
    assert msg.startswith(where(rules_copy, "scoring.yaml", line))
    assert "regions.europe.card: card 3 is not the europe scoring card" in msg


def test_every_problem_of_every_file_at_once(rules_copy: Path) -> None:
    break_file(rules_copy, "cards.yaml", "name: Fidel\n", "name: no\n")
    break_file(rules_copy, "cards.yaml", "name: Quagmire\n    ops: 3", "name: Quagmire\n    ops: 9")
    break_file(rules_copy, "setup.yaml", "  hard: 4\n", "  hard: lots\n")
    found = problems(rules_copy)
    assert len(found) == 3
    assert sum("cards.yaml" in m for m in found) == 2
    assert sum("difficulty.hard" in m for m in found) == 1


def test_empty_file(rules_copy: Path) -> None:
    (rules_copy / "scoring.yaml").write_text("")
    (msg,) = problems(rules_copy)
    assert msg.endswith("scoring.yaml: the file is empty")


def test_unknown_priority_step(rules_copy: Path) -> None:
    line = break_file(rules_copy, "priorities.yaml", "  order: [human_bg, ", "  order: [human_pg, ")
    (msg,) = problems(rules_copy)
    assert msg.startswith(where(rules_copy, "priorities.yaml", line))
    assert "realign.order[0]: unknown value 'human_pg'" in msg


def test_priority_table_must_list_every_country(rules_copy: Path) -> None:
    break_file(rules_copy, "priorities.yaml", "vietnam]", "]")
    (msg,) = problems(rules_copy)
    assert "country_order: every country must be listed; missing ['vietnam']" in msg


def test_victory_rating_rows_must_decrease(rules_copy: Path) -> None:
    line = break_file(
        rules_copy, "regions.yaml", "{min: 5, rating: Substantial", "{min: 50, rating: Substantial"
    )
    (msg,) = problems(rules_copy)
    assert msg.startswith(where(rules_copy, "regions.yaml", line))
    assert "victory_rating[1].min: rows must go from the best result down" in msg


def test_the_loader_checks_names_against_the_vocabulary_it_receives(rules: Ruleset) -> None:
    """The loader holds no list of step names: it checks priorities.yaml against the vocabulary
    it is given. This twsolo's (the AI's registered criteria) loads the real rules; the same
    rules fail where a vocabulary lacks one of their names."""
    standard = standard_vocabulary()
    assert rules.priorities.realign_order == standard.of("realign_order")
    names = {family: dict(n) for family, n in standard.names.items()}
    del names["realign_order"]["human_bg"]
    lacking = replace(standard, names=names)
    with pytest.raises(RulesDataError) as info:
        load_ruleset(vocabulary=lacking)
    (msg,) = info.value.problems
    assert "priorities.yaml:" in msg
    assert "realign.order[0]: unknown value 'human_bg'" in msg


def test_every_name_of_the_rules_runs_a_registered_criterion(rules: Ruleset) -> None:
    """Each name priorities.yaml lists is implemented by the AI (CRITERIA), and each criterion
    the AI registers in an order or tie-break family is one the shipped rules use."""
    p = rules.priorities
    used = {
        "influence_options": p.influence_options,
        "influence_tiebreak": p.influence_tiebreak,
        "coup_order": p.coup_order,
        "coup_tiebreak": p.coup_tiebreak,
        "realign_order": p.realign_order,
        "realign_tiebreak": p.realign_tiebreak,
        "space_dump": tuple(p.space_dump),
    }
    for family, names in used.items():
        assert sorted(names) == sorted(CRITERIA.names(family)), family
        for name in names:
            assert callable(CRITERIA.get(family, name))


def test_a_card_lacks_a_figure_its_event_reads(rules_copy: Path) -> None:
    line = break_file(
        rules_copy, "cards.yaml", "figures: {influence: 2, ops: 2}", "figures: {influence: 2}"
    )
    (msg,) = problems(rules_copy)
    assert msg.startswith(where(rules_copy, "cards.yaml", line))
    assert "cards[46].figures: missing key 'ops'" in msg


def test_an_unknown_figure_is_refused(rules_copy: Path) -> None:
    line = break_file(
        rules_copy,
        "cards.yaml",
        "figures: {influence: 2, ops: 2}",
        "figures: {influence: 2, ops: 2, coups: 1}",
    )
    (msg,) = problems(rules_copy)
    assert msg.startswith(where(rules_copy, "cards.yaml", line))
    assert "cards[46].figures.coups: unknown key" in msg


def test_war_facts_only_for_a_war(rules_copy: Path) -> None:
    line = break_file(
        rules_copy,
        "cards.yaml",
        "    name: Junta\n",
        "    name: Junta\n"
        "    war: {targets: [], vp: 1, milops: 1, success: 3, target_counts: false}\n",
    )
    (msg,) = problems(rules_copy)
    assert msg.startswith(where(rules_copy, "cards.yaml", line + 1))
    assert "cards[46].war: the card's event is not a war" in msg


def test_event_regions_are_region_ids(rules_copy: Path) -> None:
    line = break_file(
        rules_copy,
        "cards.yaml",
        "event_regions: [central_america, south_america]\n    figures: {influence: 2",
        "event_regions: [central_america, latin_america]\n    figures: {influence: 2",
    )
    (msg,) = problems(rules_copy)
    assert msg.startswith(where(rules_copy, "cards.yaml", line))
    assert "cards[46].event_regions[1]: unknown value 'latin_america'" in msg


@pytest.mark.parametrize(
    ("name", "old", "new", "problem"),
    [
        (
            "priorities.yaml",
            "min_control_chance: 0.5",
            "min_control_chance: 2",
            "decisive_coup.min_control_chance: expected a probability in (0, 1], got '2'",
        ),
        (
            "priorities.yaml",
            "min_swing_to_defcon2: 2",
            "min_swing_to_defcon2: many",
            "decisive_coup.min_swing_to_defcon2: expected an integer 0–40, got 'many'",
        ),
        (
            "priorities.yaml",
            "milops_per_round_left: 3",
            "milops_per_round_left: 9",
            "coup.milops_per_round_left: expected an integer 0–5, got '9'",
        ),
        (
            "enhanced.yaml",
            'headline_if: "defcon <= 3 and infl_removed >= 2"',
            'headline_if: "defcon <= 3 and luck >= 2"',
            "careful_cuban_missile_crisis.headline_if: unknown term 'luck'",
        ),
        (
            "enhanced.yaml",
            "  cards: 3",
            "  cards: 0",
            "best_headline_with_box4.cards: expected an integer 1–9, got '0'",
        ),
    ],
)
def test_the_r2_and_enhanced_ai_figures_are_checked(
    rules_copy: Path, name: str, old: str, new: str, problem: str
) -> None:
    """Spec §12.4.1, §14.4 [r2] and §25: their thresholds are rules data, checked with their
    file and line like the rest."""
    line = break_file(rules_copy, name, old, new)
    found = problems(rules_copy)
    assert any(p.startswith(where(rules_copy, name, line)) and problem in p for p in found), found


def test_every_enhanced_switch_is_named(rules_copy: Path) -> None:
    """Spec §25: the four switches must all be in rules/enhanced.yaml."""
    line = break_file(rules_copy, "enhanced.yaml", "prepare_next_scoring:", "prepare_next:")
    found = problems(rules_copy)
    assert any(where(rules_copy, "enhanced.yaml", line) in p and "prepare_next" in p for p in found)
    assert any("missing key 'prepare_next_scoring'" in p for p in found), found
