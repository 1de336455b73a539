"""Decision cases (docs/cases.md): a scenario and what the AI must decide there. `twsolo check`
and tests/test_decision_cases.py run them through this one runner.

The `expect` keys are strict: an unknown key is an error with file:line (a misspelled key must
not pass by testing nothing), and a case must expect something.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from twsolo.errors import ScenarioError
from twsolo.positions.scenario import CASE_OPTIONAL, CASE_REQUIRED, SCENARIO_LIMIT, load_scenario
from twsolo.ruleset import Ruleset
from twsolo.ruleset.nodes import Located, compose_file

PLAYS = ("event", "ops", "space_race", "pass")
# Each key of `expect`, and what it checks (docs/cases.md says the same in words).
EXPECT_KEYS = {
    "card": "the card the AI plays (its number)",
    "play": "how it plays it: " + " | ".join(PLAYS),
    "ops": "the ops it spends, modifiers included",
    "actions": "the exact list of actions",
    "actions_include": "actions that must appear, each matched on the keys it gives",
    "state_after": "a subset of the position after the decision",
    "trace_rules": "texts each found in some step's rule of the trace",
    "trace_rules_absent": "texts found in no step's rule of the trace",
}
EXACT = ("card", "play", "ops", "actions")


@dataclass
class Expectation:
    key: str
    value: Any
    where: str  # file:line of the key


@dataclass
class Case:
    path: str
    about: str
    expect: list[Expectation]


@dataclass
class Outcome:
    case: Case
    failures: list[str] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)  # "rule → chosen (why)" per step

    @property
    def passed(self) -> bool:
        return not self.failures


def case_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The case files named: a directory stands for its *.yaml, sorted."""
    out: list[Path] = []
    for p in map(Path, paths):
        out += sorted(p.glob("*.yaml")) if p.is_dir() else [p]
    return out


def load_case(path: str | os.PathLike[str]) -> Case:
    """The case's `about` and its expectations, checked; ScenarioError lists every problem."""
    root, problems = compose_file(Path(path), SCENARIO_LIMIT)
    m = root.mapping((*CASE_REQUIRED, "expect"), CASE_OPTIONAL) if root is not None else None
    expect: list[Expectation] = []
    about = ""
    if m is not None and "expect" in m:
        expect = _expectations(m["expect"])
    if m is not None and "about" in m:
        about = m["about"].string() or ""
    if problems.lines or m is None:
        raise ScenarioError(problems.lines or [f"{path}: not a decision case"])
    return Case(problems.file, about, expect)


def _expectations(loc: Located) -> list[Expectation]:
    items = loc.items()
    if items is None:
        return []
    if not items:
        loc.fail("the case expects nothing: give at least one of " + ", ".join(EXPECT_KEYS))
    out = []
    for key, value in items:
        where = f"{loc.problems.file}:{value.node.start_mark.line + 1}"
        if key not in EXPECT_KEYS:
            near = difflib.get_close_matches(key, EXPECT_KEYS, n=1)
            hint = f"did you mean {near[0]!r}? " if near else ""
            value.fail(f"unknown expect key ({hint}expected one of: {', '.join(EXPECT_KEYS)})")
            continue
        checked = _checked(key, value)
        if checked is not None:
            out.append(Expectation(key, checked, where))
    return out


def _checked(key: str, loc: Located) -> Any:
    """The expectation's value, its form checked (a wrong form is a problem, not a failure)."""
    if key == "card":
        return loc.integer(1, 999)
    if key == "play":
        return loc.string(PLAYS)
    if key == "ops":
        return loc.integer(0, 9)
    if key in ("trace_rules", "trace_rules_absent"):
        return loc.strings()
    if key in ("actions", "actions_include") and loc.seq() is None:
        return None
    if key == "state_after" and loc.items() is None:
        return None
    return yaml.constructor.SafeConstructor().construct_object(loc.node, deep=True)


def run_case(path: str | os.PathLike[str], rules: Ruleset) -> Outcome:
    """Load the case and its scenario, let the AI decide, and compare with what it expects."""
    from twsolo.ai.trace import step_line
    from twsolo.positions.decision import decision_at  # the AI is imported only when a case runs

    case = load_case(path)
    got = decision_at(rules, load_scenario(path, rules))
    outcome = Outcome(case, trace=[step_line(s) for s in got["trace"]])
    rules_seen = [step["rule"] for step in got["trace"]]
    for e in case.expect:
        fail = _difference(e, got, rules_seen)
        if fail:
            outcome.failures.append(f"{e.where}: expect.{e.key}: {fail}")
    return outcome


def _difference(e: Expectation, got: dict[str, Any], rules_seen: list[str]) -> str | None:
    if e.key in EXACT:
        return None if got[e.key] == e.value else f"expected {e.value!r}, got {got[e.key]!r}"
    if e.key == "actions_include":
        missing = [a for a in e.value if not any(subset(a, b) for b in got["actions"])]
        return f"missing {missing!r}; the actions were {got['actions']!r}" if missing else None
    if e.key == "state_after":
        wrong = differences(e.value, got["state_after"])
        return "; ".join(wrong) if wrong else None
    present = [any(rule in seen for seen in rules_seen) for rule in e.value]
    if e.key == "trace_rules":
        missing = [r for r, p in zip(e.value, present, strict=True) if not p]
        return f"no trace step's rule contains {missing!r}" if missing else None
    found = [r for r, p in zip(e.value, present, strict=True) if p]
    return f"a trace step's rule contains {found!r}" if found else None


def subset(expected: Any, actual: Any) -> bool:
    """`expected` is `actual` on the keys it gives (recursively for mappings)."""
    return not differences(expected, actual)


def differences(expected: Any, actual: Any, path: str = "") -> list[str]:
    """Where `actual` differs from the subset `expected`: 'key.path: expected X, got Y'."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path or 'value'}: expected a mapping, got {actual!r}"]
        out = []
        for k, v in expected.items():
            where = f"{path}.{k}" if path else str(k)
            if k not in actual:
                out.append(f"{where}: missing")
            else:
                out += differences(v, actual[k], where)
        return out
    return (
        [] if expected == actual else [f"{path or 'value'}: expected {expected!r}, got {actual!r}"]
    )
