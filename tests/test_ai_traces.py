"""The trace names the rule that decided and the true figures (issue #14 defect 5): what `why`
shows a player and `twsolo decide --json` returns."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from click.testing import CliRunner

from tests.support import position
from twsolo.ai.trace import Step
from twsolo.ai.view import View
from twsolo.cli.main import cli
from twsolo.ids import Side
from twsolo.ruleset import Ruleset


def decide(tmp_path: Path, scenario: dict[str, Any]) -> dict[str, Any]:
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(scenario))
    result = CliRunner().invoke(cli, ["decide", str(path), "--json"])
    assert result.exit_code == 0, result.output
    out: dict[str, Any] = json.loads(result.stdout)
    return out


def turn_2_ar_2(**position: Any) -> dict[str, Any]:
    """A Non-Scoring Round on an empty board where the AI (USSR) plays Suez Crisis (#28: its
    windows are shut here) for 3 ops."""
    base = {"ai_side": "ussr", "turn": 2, "action_round": 2, "board": "empty", "card": 28}
    return {**base, "scoring_round": False, **position}


def steps(out: dict[str, Any], rule: str) -> list[dict[str, Any]]:
    return [s for s in out["trace"] if s["rule"].startswith(rule)]


def test_a_coup_chosen_by_a_tie_break_names_it(tmp_path: Path) -> None:
    """spec §14.2: Kenya (US 3) and Somalia (US 2), both US-controlled non-BGs of stability 2,
    both 5/6 with 3 ops: the same tier, the same chance; more expected removal (2.00 against
    1.50) decides, and the trace says so instead of only "success chance 0.83"."""
    out = decide(
        tmp_path,
        turn_2_ar_2(
            influence={"kenya": {"us": 3}, "somalia": {"us": 2}}, primary="africa", dice=[4]
        ),
    )
    (coup,) = steps(out, "spec §14 coup in africa")
    assert coup["chosen"] == "kenya"
    assert coup["figures"]["decided_by"] == "more_expected_removed"
    assert coup["figures"]["expected_removed"] == 2.0
    assert "decided by more_expected_removed" in coup["why"]


def test_a_split_to_the_secondary_says_where_the_points_went(tmp_path: Path) -> None:
    """spec §12.5: from Cuba the AI takes Haiti and Nicaragua (1 each) and has nothing more to
    do in Central America, so its third op goes to the Secondary Region (Europe): the trace
    says 2 in the Primary and 1 in the Secondary, not 3 in the Primary."""
    out = decide(
        tmp_path,
        turn_2_ar_2(influence={"cuba": {"ussr": 3}}, primary="central_america", secondary="europe"),
    )
    (plan,) = steps(out, "spec §12.3 influence")
    assert plan["chosen"] == ["central_america", "europe"]
    assert plan["why"] == "3 points: 2 in Central America, 1 in Europe"


# --------------------------------------------------------------- one trace per decision


def test_views_made_from_a_view_write_into_the_decisions_trace(rules: Ruleset) -> None:
    """A decision's sandbox, recast and probe views note their steps where its `why` reads
    them (a probe into the trace it is given, else its own), and a decision nobody reads (a
    dry run's, `keep=False`) writes no step through any of them."""
    state = position(rules)
    view = View(rules, state, Side.USSR)
    assert view.keep
    view.sandbox().note(Step("sandbox"))
    view.recast(primary="asia").note(Step("recast"))
    view.recast(scoring_round=True).note(Step("scoring round"))
    assert [s.rule for s in view.trace] == ["sandbox", "recast", "scoring round"]
    given: list[Step] = []
    view.probe(given).note(Step("probe"))
    view.probe().note(Step("own"))
    assert [s.rule for s in given] == ["probe"]
    assert len(view.trace) == 3

    quiet = View(rules, state, Side.USSR, keep=False)
    for made in (quiet.sandbox(), quiet.recast(primary="asia"), quiet.probe(given)):
        assert not made.keep
        made.note(Step("unread"))
    assert quiet.trace == []
    assert [s.rule for s in given] == ["probe"]
