"""`twsolo --version`, `validate` and `cards` through click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from twsolo.cli.main import cli
from twsolo.ruleset import Ruleset


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


def test_validate_lists_the_procedures_and_counts_the_entries_that_are_data(
    rules: Ruleset,
) -> None:
    """Every entry that needs code names it; validate lists them and counts the rest."""
    code, out, _ = run("validate")
    assert code == 0
    coded = [e for e in rules.appendix.values() if e.procedures]
    assert f"{len(rules.appendix) - len(coded)} entries fully data" in out
    assert len(rules.appendix) - len(coded) >= 85
    assert "#33 De-Stalinization: destalinization, destalinization_spread" in out
    assert "#41 Nuclear Subs: double_coup" in out
    assert f"procedures (code named by {len(coded)} entries)" in out


def test_validate_vocabulary_lists_every_name() -> None:
    code, out, _ = run("validate", "--vocabulary")
    assert code == 0
    assert "choice_keys: resolve.*.keys" in out
    assert "{listed: <countries>}" in out
    assert "take_bg" in out
    assert "double_coup" in out


def test_cards_show_prints_the_appendix_entry() -> None:
    """Windows with their conditions, the choices as data beside the editor's note, the answer
    to the human's play, the procedures (spec §21)."""
    code, out, _ = run("cards", "show", "junta")
    assert code == 0
    assert "event regions: central_america, south_america" in out
    assert "figures: influence 2, ops 2" in out
    assert "NSR if: custom:primary_in_event_area" in out
    assert "choices (note): 1. Which region" in out
    assert "junta.place:" in out
    assert "tier 1: takes_with_room by placed_in_event, battleground, table" in out
    assert "junta.operation:" in out
    assert "answer: coup if: coup_target; realign if: realign_target; done; realign" in out
    assert "procedures: none: all data" in out
    code, out, _ = run("cards", "show", "41")
    assert "procedures: double_coup" in out
    assert "resolve (data): none (the general rules, spec §17)" in out


def test_cards_show_json_has_the_entry() -> None:
    code, out, _ = run("cards", "show", "28", "--json")
    assert code == 0
    shown = json.loads(out)
    assert shown["appendix"]["windows"] == ["HL if: infl_removed >= 3", "NSR if: infl_removed >= 4"]
    assert shown["appendix"]["resolve"] == {
        "suez_crisis.remove": ["keys: listed: france, israel, uk"]
    }
    scoring = json.loads(run("cards", "show", "1", "--json")[1])
    assert scoring["appendix"] is None
