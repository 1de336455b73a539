"""Decision cases: each tests/cases/*.yaml holds a scenario (docs/scenario.md) and what the AI
must decide there (the format, every `expect` key: docs/cases.md), run by the runner that
`twsolo check` uses (twsolo/positions/cases.py). An appendix editor adds a case by adding a file; no
Python is needed. `TWSOLO_RULES=my-rules pytest tests/test_decision_cases.py` runs them under
other rules, as `twsolo check tests/cases --rules my-rules` does."""

from __future__ import annotations

from pathlib import Path

import pytest

from twsolo.positions.cases import case_files, run_case
from twsolo.ruleset import Ruleset

CASES = case_files([Path(__file__).parent / "cases"])


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_decision_case(path: Path, rules: Ruleset) -> None:
    outcome = run_case(path, rules)
    assert outcome.passed, "\n".join([*outcome.failures, "trace:", *outcome.trace])


def test_there_are_cases() -> None:
    assert len(CASES) >= 20
