"""Decision cases: each tests/cases/*.yaml holds a scenario (docs/scenario.md) and what the AI
must decide there, replayed through `twsolo decide --json`. An appendix editor adds a case by
adding a file; no Python is needed.

Case file:
    about: what the case shows, citing the spec section
    scenario: {...}        # exactly a scenario file
    expect:
      card: 14             # optional; each key below is optional
      play: ops            # event | ops | space_race | pass
      ops: 3
      actions: [...]       # the exact list of actions
      actions_include: [...]   # actions that must appear (each matched on its given keys)
      state_after: {vp: 2, influence: {france: {ussr: 6}}}   # a subset
      trace_rules: ["spec §13.2 option 4"]   # each a substring of some trace step's rule
      trace_rules_absent: [...]
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from twsolo.cli.main import cli

CASES = sorted((Path(__file__).parent / "cases").glob("*.yaml"))


def subset(expected: Any, actual: Any) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and subset(v, actual[k]) for k, v in expected.items()
        )
    return bool(expected == actual)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_decision_case(path: Path, tmp_path: Path) -> None:
    case = yaml.safe_load(path.read_text())
    assert set(case) <= {"about", "scenario", "expect"}, f"{path.name}: unknown top-level key"
    scenario = tmp_path / "scenario.yaml"
    scenario.write_text(yaml.safe_dump(case["scenario"]))
    result = CliRunner().invoke(cli, ["decide", str(scenario), "--json"])
    assert result.exit_code == 0, result.output
    got = json.loads(result.stdout)
    expect = case["expect"]
    rules_seen = [step["rule"] for step in got["trace"]]
    for key in ("card", "play", "ops", "actions"):
        if key in expect:
            assert got[key] == expect[key], f"{key}: {got[key]!r}\ntrace: {rules_seen}"
    for action in expect.get("actions_include", []):
        assert any(subset(action, a) for a in got["actions"]), (action, got["actions"])
    if "state_after" in expect:
        assert subset(expect["state_after"], got["state_after"]), got["actions"]
    for rule in expect.get("trace_rules", []):
        assert any(rule in seen for seen in rules_seen), (rule, rules_seen)
    for rule in expect.get("trace_rules_absent", []):
        assert not any(rule in seen for seen in rules_seen), (rule, rules_seen)


def test_there_are_cases() -> None:
    assert len(CASES) >= 20
