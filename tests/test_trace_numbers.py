"""Traces that show their numbers: a condition with the values measured, the round a window was
matched against, event answers in words; `cards show` with the entry as written and its line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from twsolo.cli.main import cli
from twsolo.compose import standard_vocabulary
from twsolo.ruleset.conditions import Condition, explained, parse_condition


def parsed(text: str) -> Condition:
    return parse_condition(text, standard_vocabulary())


def decide(tmp_path: Path, text: str, *json_flag: str) -> str:
    path = tmp_path / "position.yaml"
    path.write_text(text)
    result = CliRunner().invoke(cli, ["decide", str(path), *json_flag])
    assert result.exit_code == 0, result.output
    return result.stdout


def duck_and_cover(defcon: int, primary: str = "europe", scoring: bool = False) -> str:
    """Duck and Cover (#4, the AI's US event: `NSR if: vp >= 2`, `SR if: wins`): DEFCON falls
    by 1 and the US gains 5 − DEFCON VP."""
    return (
        f"ai_side: us\nturn: 2\naction_round: 2\ndefcon: {defcon}\nprimary: {primary}\n"
        f"scoring_round: {str(scoring).lower()}\ncard: 4\n"
    )


@pytest.mark.parametrize(
    ("defcon", "line"),
    [
        (5, "appendix #4 → ops (NSR AR2: condition fails: NSR: vp = 1 < 2)"),
        (4, "appendix #4 window NSR if: vp >= 2 → event (NSR AR2: vp = 2 >= 2)"),
    ],
)
def test_a_condition_prints_the_values_measured(tmp_path: Path, defcon: int, line: str) -> None:
    assert f"  - {line}\n" in decide(tmp_path, duck_and_cover(defcon))


def test_the_round_type_matched_is_named(tmp_path: Path) -> None:
    out = decide(tmp_path, duck_and_cover(4, "asia", scoring=True))
    assert "appendix #4 → ops (SR:asia AR2: condition fails: SR: wins: no)" in out
    headline = duck_and_cover(5).replace("action_round: 2", "action_round: 0")
    assert "appendix #4 → ops (HL: condition fails: HL: vp = 1 < 2)" in decide(tmp_path, headline)
    trace = json.loads(decide(tmp_path, duck_and_cover(5), "--json"))["trace"]
    assert any(step.get("why", "").startswith("NSR AR2: ") for step in trace)


class Terms:
    def __init__(self, **values: int | bool) -> None:
        self.values = values
        self.asked: list[str] = []

    def number(self, name: str) -> int:
        self.asked.append(name)
        return int(self.values[name])

    def flag(self, name: str) -> bool:
        self.asked.append(name)
        return bool(self.values[name])


def test_explained_evaluates_as_the_ai_and_says_so() -> None:
    cond = parsed("(controls >= 5 and vp >= 1) or wins")
    terms = Terms(controls=4, vp=3, wins=True)
    assert explained(cond, terms) == (
        True,
        "(controls = 4 < 5 and vp >= 1 (not reached)) or wins: yes",
    )
    assert terms.asked == ["controls", "wins"]  # what the AI itself would read
    assert explained(parsed("not wins"), Terms(wins=False)) == (
        True,
        "not (wins: no)",
    )
    assert explained(parsed("vp != 2"), Terms(vp=2)) == (
        False,
        "vp = 2 == 2",
    )


def test_event_answers_print_in_words(tmp_path: Path) -> None:
    """The cases whose events choose countries: the countries by name, not as a Python list."""
    cases = Path(__file__).parent / "cases"
    chosen = [p for p in sorted(cases.glob("*.yaml")) if "countries: [" in p.read_text()][:6]
    outs = [CliRunner().invoke(cli, ["decide", str(p)]).stdout for p in chosen]
    events = [line for out in outs for line in out.splitlines() if ". event #" in line]
    assert events
    assert not [line for line in events if "{'" in line or "['" in line]
    assert any("countries: " in line for line in events)
    assert not [line for out in outs for line in out.splitlines() if "→ ['" in line]


def test_cards_show_prints_the_entry_as_written_with_its_line() -> None:
    rules = Path(__file__).parents[1] / "rules"
    text = (rules / "appendix.yaml").read_text()
    line = text[: text.index("  - card: 28\n")].count("\n") + 1
    result = CliRunner().invoke(cli, ["cards", "show", "28"])
    assert result.exit_code == 0
    out = result.stdout
    assert f"appendix.yaml:{line}:\n" in out
    written = out.split(f"appendix.yaml:{line}:\n")[1]
    assert written.startswith('  - card: 28\n    name: "Suez Crisis"\n')
    assert '      - "HL if: infl_removed >= 3"' in written
