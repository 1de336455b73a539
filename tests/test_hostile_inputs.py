"""Hostile and odd inputs (issue #18): rules and scenario files that are huge, deeply nested, links
to devices, or written with YAML 1.1 number forms, and appendix conditions nested thousands deep.
Each is an ordinary validation error with its file and line, never a traceback, and never
accepted silently."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.test_ruleset_errors import break_file, where
from twsolo.cli.main import cli
from twsolo.compose import load_ruleset, standard_vocabulary
from twsolo.errors import RulesDataError, ScenarioError
from twsolo.positions.scenario import load_scenario
from twsolo.ruleset import Ruleset
from twsolo.ruleset.conditions import ConditionError, parse_condition

SCENARIO_HEAD = "ai_side: us\nturn: 1\naction_round: 1\n"


def validate(rules: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["validate", "--rules", str(rules)])
    assert "Traceback" not in result.output + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stderr


@pytest.mark.parametrize("number", ["012", "1:30", "0_", "1__0", "0x3", "1" * 5000])
def test_yaml_11_integer_forms_in_rules_are_refused_with_their_line(
    rules_copy: Path, number: str
) -> None:
    line = break_file(
        rules_copy, "cards.yaml", "name: Quagmire\n    ops: 3", f"name: Quagmire\n    ops: {number}"
    )
    code, err = validate(rules_copy)
    assert code == 2
    assert (
        f"{where(rules_copy, 'cards.yaml', line + 1)}10: cards[41].ops: expected an integer" in err
    )
    assert "plain digits" in err
    assert len(err) < 1000  # a number of 5,000 digits is not printed whole


@pytest.mark.parametrize(
    ("name", "old", "new"),
    [
        ("priorities.yaml", "battleground_extra: 1", "battleground_extra: 01"),
        ("setup.yaml", "  dice: 1\n", "  dice: 1:30\n"),
    ],
)
def test_yaml_11_forms_in_other_rules_files(
    rules_copy: Path, name: str, old: str, new: str
) -> None:
    line = break_file(rules_copy, name, old, new)
    with pytest.raises(RulesDataError) as info:
        load_ruleset(rules_copy)
    (problem,) = info.value.problems
    assert problem.startswith(where(rules_copy, name, line))
    assert "plain digits" in problem


def test_deep_nesting_in_a_rules_file(rules_copy: Path) -> None:
    deep = "[" * 1000 + "]" * 1000
    line = break_file(rules_copy, "space.yaml", "boxes:\n", f"extra: {deep}\nboxes:\n")
    code, err = validate(rules_copy)
    assert code == 2
    assert f"space.yaml:{line}:" in err
    assert "nested more than 32 deep" in err


@pytest.mark.parametrize(
    "condition",
    ["(" * 500 + "wins" + ")" * 500, "not " * 5000 + "wins", "vp >= " + "9" * 5000],
)
def test_conditions_nested_or_long_are_validation_errors(rules_copy: Path, condition: str) -> None:
    old = 'name: "Duck and Cover"\n    source: seed\n    ai_play:\n      - "HL if: vp >= 2"'
    line = break_file(rules_copy, "appendix.yaml", old, old.replace("vp >= 2", condition)) + 3
    code, err = validate(rules_copy)
    assert code == 2
    assert where(rules_copy, "appendix.yaml", line) in err
    assert "nested more than 16 deep" in err or "at most 6 digits" in err


def test_the_condition_parser_still_reads_moderate_nesting() -> None:
    text = "not (" * 8 + "wins" + ")" * 8
    tree = parse_condition(text, standard_vocabulary())
    for _ in range(8):
        tree = tree.term  # type: ignore[union-attr]
    assert tree == parse_condition("wins", standard_vocabulary())
    with pytest.raises(ConditionError, match="nested more than 16 deep"):
        parse_condition("not (" * 9 + "wins" + ")" * 9, standard_vocabulary())


def test_a_rules_file_linked_to_dev_zero_is_refused(rules_copy: Path) -> None:
    (rules_copy / "space.yaml").unlink()
    os.symlink("/dev/zero", rules_copy / "space.yaml")
    code, err = validate(rules_copy)
    assert code == 2
    assert "space.yaml: cannot read: not a regular file" in err


def test_an_extra_yaml_file_linked_to_dev_zero_is_refused(rules_copy: Path) -> None:
    """The rules digest reads every *.yaml of the directory: through the same reader."""
    os.symlink("/dev/zero", rules_copy / "notes.yaml")
    code, err = validate(rules_copy)
    assert code == 2
    assert "notes.yaml: cannot read: not a regular file" in err


def test_a_huge_rules_file_is_refused_before_it_is_parsed(rules_copy: Path) -> None:
    path = rules_copy / "space.yaml"
    path.write_text(path.read_text() + "#" * (2 * 1024 * 1024) + "\n")
    code, err = validate(rules_copy)
    assert code == 2
    assert "space.yaml: cannot read: too large: 2.0 MiB, the limit is 1.0 MiB" in err


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("vp: 012\n", "s.yaml:4:5: vp: expected an integer -19–19 in plain digits, got '012'"),
        ("defcon: 1:30\n", "s.yaml:4:9: defcon: expected an integer 1–5 in plain digits"),
        ("milops: {us: 0_}\n", "s.yaml:4:14: milops.us: expected an integer 0–5 in plain digits"),
        ("removed: [1__0]\n", "s.yaml:4:11: removed[0]"),
        ("vp: " + "7" * 4400 + "\n", "s.yaml:4:5: vp: expected an integer -19–19 in plain digits"),
        ("removed: " + "[" * 1000 + "]" * 1000 + "\n", "nested more than 32 deep"),
        ("removed: &a [16]\nactive_events: *a\n", "anchors and aliases"),
    ],
)
def test_hostile_scenarios_are_validation_errors(
    rules: Ruleset, tmp_path: Path, body: str, message: str
) -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario(write(tmp_path, SCENARIO_HEAD + body), rules)
    assert any(message in p for p in info.value.problems), info.value.problems


@pytest.mark.parametrize("megabytes", [1.8, 20])
def test_huge_scenarios_are_refused_at_once(tmp_path: Path, megabytes: float) -> None:
    """1.8 MB took 14 s to parse before its error; 20 MB of comments was accepted."""
    filler = "# a comment line of a scenario that is mostly comments\n"
    text = SCENARIO_HEAD + filler * int(megabytes * 1024 * 1024 / len(filler))
    path = write(tmp_path, text)
    result = CliRunner().invoke(cli, ["score", str(path)])
    assert result.exit_code == 2
    assert "s.yaml: cannot read: too large" in result.stderr  # refused before it is parsed
    assert "the limit is 64 KiB" in result.stderr


def test_a_scenario_that_is_a_device_is_refused(rules: Ruleset) -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario("/dev/zero", rules)
    assert info.value.problems == [
        "/dev/zero: cannot read: not a regular file (a device, a pipe or a directory)"
    ]
