"""`twsolo check CASE|DIR`: decision cases from the CLI, with strict `expect` keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from twsolo.cli.main import cli
from twsolo.positions.cases import EXPECT_KEYS

CASES = Path(__file__).parent / "cases"
HL = (CASES / "appendix_window_hl.yaml").read_text()


def check(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["check", *args])
    return result.exit_code, result.output


def line_of(text: str, fragment: str) -> int:
    """The line where `fragment` begins (the last such place)."""
    return text[: text.rindex(fragment)].count("\n") + 1


def test_the_project_cases_pass() -> None:
    code, out = check(str(CASES))
    assert code == 0, out
    n = len(list(CASES.glob("*.yaml")))
    assert out.count("PASS  ") == n
    assert f"{n} passed, 0 failed" in out


@pytest.mark.parametrize("bad", ["plya", "action", "trace_rule"])
def test_a_misspelled_expect_key_fails_with_file_and_line(tmp_path: Path, bad: str) -> None:
    key = {"plya": "play", "action": "card", "trace_rule": "trace_rules"}[bad]
    cut = HL.index("expect:")
    text = HL[:cut] + HL[cut:].replace(f"\n  {key}:", f"\n  {bad}:")
    case = tmp_path / "case.yaml"
    case.write_text(text)
    code, out = check(str(case))
    assert code == 1
    assert f"{case}:{line_of(text, bad + ':')}:" in out
    assert f"expect.{bad}: unknown expect key" in out
    assert "0 passed, 1 failed" in out


def test_did_you_mean(tmp_path: Path) -> None:
    case = tmp_path / "case.yaml"
    case.write_text(HL.replace("\n  play:", "\n  plya:"))
    assert "did you mean 'play'?" in check(str(case))[1]


def test_a_case_without_expectations_is_refused(tmp_path: Path) -> None:
    missing, empty = tmp_path / "missing.yaml", tmp_path / "empty.yaml"
    head = HL[: HL.index("expect:")]
    missing.write_text(head)
    empty.write_text(head + "expect: {}\n")
    code, out = check(str(tmp_path))
    assert code == 1
    assert "missing key 'expect'" in out
    assert f"{empty}:{line_of(head + 'expect: {}', 'expect:')}:" in out
    assert "the case expects nothing" in out


def test_a_failing_case_shows_expected_got_and_the_trace(tmp_path: Path) -> None:
    case = tmp_path / "case.yaml"
    text = HL.replace("  card: 8\n  play: event", "  card: 14\n  play: ops")
    case.write_text(text)
    code, out = check(str(case))
    assert code == 1
    assert f"FAIL  {case}" in out
    assert f"{case}:{line_of(text, '  card: 14')}: expect.card: expected 14, got 8" in out
    assert "expect.play: expected 'ops', got 'event'" in out
    assert "appendix #8 window HL → event" in out.split("trace:")[1]


def test_state_after_names_the_path_that_differs(tmp_path: Path) -> None:
    case = tmp_path / "case.yaml"
    case.write_text(HL + "  state_after: {influence: {cuba: {ussr: 2}}}\n")
    code, out = check(str(case))
    assert code == 1
    assert "influence.cuba.ussr: expected 2, got 3" in out


def test_check_runs_under_other_rules(tmp_path: Path, rules_copy: Path) -> None:
    """Without Fidel's HL window no window qualifies (it headlines the lowest ops, spec §9.2):
    the case fails under the copy."""
    appendix = rules_copy / "appendix.yaml"
    text = appendix.read_text()
    start = text.index("\n  - card: 8\n")
    end = text.index("\n  - card: 9\n")
    entry = text[start:end]
    assert '      - "HL"\n' in entry
    appendix.write_text(text[:start] + entry.replace('      - "HL"\n', "") + text[end:])
    code, out = check(str(CASES / "appendix_window_hl.yaml"), "--rules", str(rules_copy))
    assert code == 1, out
    assert "expect.trace_rules: no trace step's rule contains ['appendix #8 window HL']" in out


def test_the_documentation_names_every_expect_key() -> None:
    doc = (Path(__file__).parents[1] / "docs" / "cases.md").read_text()
    assert all(f"`{key}`" in doc for key in EXPECT_KEYS)
