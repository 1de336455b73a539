"""`twsolo --version`, `validate` and `cards` through click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from twsolo.cli.main import cli


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), env=env)
    return result.exit_code, result.stdout, result.stderr


def test_version() -> None:
    code, out, _ = run("--version")
    assert code == 0
    assert out.startswith("twsolo, version ")


def test_validate_ok() -> None:
    code, out, _ = run("validate")
    assert code == 0
    assert "OK" in out
    assert "84 countries, 29 battlegrounds, 112 neighbour pairs" in out
    assert "110 cards, 7 scoring cards" in out


def test_validate_reports_every_problem_and_exits_2(rules_copy: Path) -> None:
    cards = rules_copy / "cards.yaml"
    cards.write_text(cards.read_text().replace("name: Fidel\n", "name: off\n"))
    code, out, err = run("validate", "--rules", str(rules_copy))
    assert code == 2
    assert out == ""
    assert "cards.yaml:" in err
    assert "cards[7].name: expected a string, got a boolean 'off'" in err
    assert "Traceback" not in err


def test_rules_from_environment(rules_copy: Path) -> None:
    (rules_copy / "setup.yaml").write_text("difficulty: {}\n")
    code, _, err = run("validate", env={"TWSOLO_RULES": str(rules_copy)})
    assert code == 2
    assert "setup.yaml:1:1: missing key 'extra_influence'" in err


def test_rules_dir_without_rules(tmp_path: Path) -> None:
    code, _, err = run("validate", "--rules", str(tmp_path))
    assert code == 2
    assert "has no cards.yaml" in err


def test_cards_list_filters_and_json() -> None:
    code, out, _ = run("cards", "list", "--era", "late", "--side", "us", "--json")
    assert code == 0
    listed = json.loads(out)
    assert listed
    assert all(c["era"] == "late" and c["side"] == "us" for c in listed)
    assert {c["number"] for c in listed} >= {97, 110}
    assert 99 not in {c["number"] for c in listed}  # Pershing II is a USSR card


def test_cards_list_text() -> None:
    code, out, _ = run("cards", "list", "--era", "early")
    assert code == 0
    assert "Fidel" in out
    assert "Brush War" not in out
    assert out.rstrip().endswith("39 cards")


@pytest.mark.parametrize(
    ("query", "number"),
    [("8", "#8 Fidel"), ("fidel", "#8 Fidel"), ("DE GAU", "#17 De Gaulle"), ("w brandt", "#55")],
)
def test_cards_show(query: str, number: str) -> None:
    code, out, _ = run("cards", "show", query)
    assert code == 0
    assert out.startswith(number)


def test_cards_show_ambiguous_lists_candidates() -> None:
    code, _, err = run("cards", "show", "de")
    assert code == 2
    assert "ambiguous" in err
    assert "#17 De Gaulle Leads France" in err
    assert "#30 Decolonization" in err


def test_cards_show_unknown() -> None:
    code, _, err = run("cards", "show", "zzz")
    assert code == 2
    assert "no card matches 'zzz'" in err
    code, _, err = run("cards", "show", "111")
    assert code == 2
    assert "no card number 111" in err


def test_shell_completion_of_card_names() -> None:
    from click.shell_completion import ShellComplete

    complete = ShellComplete(cli, {}, "twsolo", "_TWSOLO_COMPLETE")
    names = [c.value for c in complete.get_completions(["cards", "show"], "de ga")]
    assert names == ["De Gaulle Leads France"]
