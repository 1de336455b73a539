"""Scenario files (docs/scenario.md) and `twsolo score` (issue: engine)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from twsolo.cli.main import cli
from twsolo.errors import ScenarioError
from twsolo.ids import Side
from twsolo.positions.scenario import load_scenario
from twsolo.ruleset import Ruleset

HERE = Path(__file__).parent / "scenarios"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(text)
    return path


def test_every_key_is_read(rules: Ruleset) -> None:
    s = load_scenario(HERE / "full_position.yaml", rules)
    st = s.state
    assert s.ai_side is Side.US
    assert (st.turn, st.action_round, st.defcon, st.vp) == (5, 3, 3, -2)
    assert st.inf(rules.index["france"], Side.US) == 2
    assert st.inf(rules.index["iran"], Side.USSR) == 2
    assert st.inf(rules.index["uk"], Side.US) == 5  # the standard board underneath
    assert (st.space, st.milops) == ([2, 1], [0, 2])
    assert st.china_holder is Side.US
    assert st.china_face_up is False
    assert {(e.card, e.side) for e in st.effects} == {
        (21, Side.US),
        (25, Side.US),
        (31, Side.USSR),
    }
    assert st.where(21) == "removed"  # starred
    assert st.where(31) == "discard"
    assert st.where(16) == "removed"
    assert (s.primary, s.secondary, s.scoring_round) == ("asia", "central_america", True)
    assert st.where(1) == "primary"
    assert st.where(37) == "secondary"
    # The AI's deck/hand: the revealed card on top, then ai_deck in order.
    assert st.piles["hand_us"].bottom == [40, 5, 12, 33]
    assert s.dice == [4, 2]
    assert st.where(50) == "draw"  # Mid War cards are in the draw deck from turn 4
    assert sorted(st.piles["discard"].known()) == [13, 19, 31]  # and Red Scare's effect


def test_every_card_in_one_place(rules: Ruleset) -> None:
    st = load_scenario(HERE / "full_position.yaml", rules).state
    assert not st.card_problems()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ai_side: us\nturn: 1\n", "s.yaml:1:1: missing key 'action_round'"),
        ("ai_side: us\nturn: 1\naction_round: 1\ncolour: red\n", "s.yaml:4:1: colour: unknown key"),
        ("ai_side: usa\nturn: 1\naction_round: 1\n", "s.yaml:1:10: ai_side: unknown value 'usa'"),
        ("ai_side: us\nturn: 11\naction_round: 1\n", "s.yaml:2:7: turn: expected an integer 1–10"),
        (
            "ai_side: us\nturn: 1\naction_round: 1\ninfluence:\n  narnia: {us: 1}\n",
            "s.yaml:5:11: influence.narnia: unknown country id 'narnia'",
        ),
        (
            "ai_side: us\nturn: 1\naction_round: 1\ninfluence:\n  france: {us: 1, uk: 2}\n",
            "s.yaml:5:19: influence.france.uk: unknown key",
        ),
        (
            "ai_side: us\nturn: 1\naction_round: 1\nremoved: [16, 16]\n",
            "s.yaml:4:15: removed[1]: card 16 is named twice",
        ),
        (
            "ai_side: us\nturn: 1\naction_round: 1\nactive_events: [31]\n",
            "active_events[0]: card 31's effect needs a side",
        ),
        (
            "ai_side: us\nturn: 1\naction_round: 1\nprimary: europe\nsecondary: europe\n",
            "s.yaml:5:12: secondary: the Secondary Region must differ from the Primary",
        ),
        ("ai_side: us\nturn: 1\naction_round: 1\nvp: no\n", "vp: expected an integer"),
        (
            "ai_side: ussr\nturn: 1\naction_round: 1\nchina_card: {holder: us}\ncard: 6\n",
            "s.yaml:5:7: card: the China Card is the us's (china_card.holder)",
        ),
        ("ai_side: us\nturn: 1\naction_round: 1\nremoved: [6]\n", "cannot be placed here"),
        (
            "ai_side: us\nturn: 1\naction_round: 1\ndiscard: [2]\n",
            "s.yaml:4:11: discard[0]: #2 Europe Scoring cannot be placed here",
        ),
        (
            "ai_side: us\nturn: 1\naction_round: 1\nremoved: [16]\ndiscard: [16]\n",
            "s.yaml:5:11: discard[0]: card 16 is named twice",
        ),
    ],
)
def test_bad_scenarios_name_the_key(
    rules: Ruleset, tmp_path: Path, text: str, message: str
) -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario(write(tmp_path, text), rules)
    assert any(message in p for p in info.value.problems), info.value.problems


@pytest.mark.parametrize("side", [Side.USSR, Side.US])
def test_the_china_card_can_be_the_ais_top_card(rules: Ruleset, tmp_path: Path, side: Side) -> None:
    """Spec §3.1, §12.2.1 (issue #14 defect 4): the AI's deck/hand may hold the China Card and
    reveal it: it comes from the play area of the side the scenario names (the AI), or from
    wherever it lies when the scenario does not say."""
    text = f"ai_side: {side.value}\nturn: 3\naction_round: 2\ncard: 6\n"
    s = load_scenario(write(tmp_path, text), rules)
    assert s.card == 6
    assert s.state.where(6) == f"hand_{side.value}"
    assert s.state.piles[f"hand_{side.value}"].bottom[0] == 6
    assert s.state.china_holder is side
    assert not s.state.card_problems()


def test_score_json_matches_the_worked_example() -> None:
    result = CliRunner().invoke(
        cli, ["score", str(HERE / "europe_domination.yaml"), "--region", "europe", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data == {
        "europe": {
            "us": {"level": "domination", "countries": 4, "battlegrounds": 2, "adjacent": 1},
            "ussr": {"level": "presence", "countries": 1, "battlegrounds": 1, "adjacent": 0},
            "vp": 6,
        }
    }


def test_score_json_for_southeast_asia(tmp_path: Path) -> None:
    """Base B4 in the `score` JSON (docs/scenario.md): Southeast Asia has no levels, a side that
    controls a country there is "presence", one that controls none "none"; Thailand is worth 2
    VP and is its battleground: the US (Thailand) 2 against the USSR (Burma) 1."""
    text = "ai_side: ussr\nturn: 5\naction_round: 2\nboard: empty\n"
    text += "influence:\n  thailand: {us: 2}\n  burma: {ussr: 2}\n"
    result = CliRunner().invoke(
        cli, ["score", str(write(tmp_path, text)), "--region", "southeast_asia", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {
        "southeast_asia": {
            "us": {"level": "presence", "countries": 1, "battlegrounds": 1, "adjacent": 0},
            "ussr": {"level": "presence", "countries": 1, "battlegrounds": 0, "adjacent": 0},
            "vp": 1,
        }
    }
    alone = text.replace("  burma: {ussr: 2}\n", "")
    result = CliRunner().invoke(
        cli, ["score", str(write(tmp_path, alone)), "--region", "southeast_asia", "--json"]
    )
    assert json.loads(result.stdout)["southeast_asia"]["ussr"]["level"] == "none"


def test_score_text_lists_every_region() -> None:
    result = CliRunner().invoke(cli, ["score", str(HERE / "europe_domination.yaml")])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 7
    assert lines[0].startswith("Europe")
    assert "6 VP to US" in lines[0]


def test_score_rejects_a_bad_scenario_with_exit_2(tmp_path: Path) -> None:
    path = write(tmp_path, "ai_side: us\nturn: 1\naction_round: 1\ninfluence: {narnia: {us: 1}}\n")
    result = CliRunner().invoke(cli, ["score", str(path)])
    assert result.exit_code == 2
    assert "influence.narnia: unknown country id 'narnia'" in result.stderr
    assert "Traceback" not in result.stderr


def test_decide_reads_a_decision_case_by_its_scenario(tmp_path: Path) -> None:
    """A decision case (tests/cases) given to `decide` is read by its `scenario:`: the decision
    is the one the case expects; a bad key inside it is named as scenario.KEY with its line."""
    case = Path(__file__).parent / "cases" / "s25_2_china_card_in_asia.yaml"
    result = CliRunner().invoke(cli, ["decide", str(case), "--json"])
    assert result.exit_code == 0, result.output
    decision = json.loads(result.stdout)
    assert (decision["card"], decision["play"], decision["ops"]) == (6, "ops", 5)
    bad = tmp_path / "case.yaml"
    bad.write_text("about: x\nscenario:\n  ai_side: usa\n  turn: 1\n  action_round: 1\nexpect: {}")
    result = CliRunner().invoke(cli, ["decide", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}:3:12: scenario.ai_side: unknown value 'usa'" in result.output
