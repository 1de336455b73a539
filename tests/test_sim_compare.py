"""`simulate --baseline B --candidate A` (old spelling `--rules A --compare-rules B`): the change
reads baseline → candidate, per side of the AI and in total, with the paired margin change."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from twsolo.cli.main import cli
from twsolo.sim.stats import mean_ci, paired

RULES = Path(__file__).resolve().parents[1] / "rules"
# Against the strong stand-in at its cheapest the AI loses often enough that a rise shows on
# each side in 12 games (against greedy it wins nearly every game, so a side may have no loss
# to turn into a win).
GAMES = ["--games", "12", "--human", "strong:0"]


@pytest.fixture(scope="module")
def edge(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the rules that gives the AI a 19 VP edge at normal difficulty (spec §2.5, the
    largest the rules allow): an edit that raises the AI's win rate and margin for either
    side."""
    copy = tmp_path_factory.mktemp("edit") / "edge"
    shutil.copytree(RULES, copy)
    setup = copy / "setup.yaml"
    text = setup.read_text()
    assert "  normal: 0\n" in text
    setup.write_text(text.replace("  normal: 0\n", "  normal: 19\n"))
    return copy


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, ["simulate", *GAMES, *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_text_reads_baseline_then_candidate_per_side(edge: Path) -> None:
    out = run("--baseline", str(RULES), "--candidate", str(edge))
    assert f"baseline ({RULES}) → candidate ({edge})" in out
    for who in ("AI US", "AI USSR", "in total"):
        line = next(line for line in out.splitlines() if line.strip().startswith(who + ":"))
        low, high = (float(x) for x in re.findall(r"AI win rate ([\d.]+)% → ([\d.]+)%", line)[0])
        assert high > low, line  # the candidate wins more: printed in that order
        assert re.search(r"\(\+[\d.]+%", line), line  # and the change is positive
        assert re.search(r"AI margin \+[\d.]+ VP", line), line


def test_json_carries_the_paired_margin_interval(edge: Path) -> None:
    c = json.loads(run("--baseline", str(RULES), "--candidate", str(edge), "--json"))["comparison"]
    assert (c["baseline"], c["candidate"]) == (str(RULES), str(edge))
    assert set(c["by_side"]) == {"us", "ussr", "total"}
    for side in c["by_side"].values():
        low, high = side["margin_change_ci95"]
        assert low < side["margin_change"] < high
        assert side["margin_change"] > 0
        assert side["ai_win_rate"][1] > side["ai_win_rate"][0]
        assert 0 < side["p_value_mcnemar"] <= 1
        assert side["changed_outcomes"] <= side["changed_games"] <= side["games"]
    assert c["by_side"]["total"]["games"] == 12


def test_the_old_spelling_means_candidate_and_baseline(edge: Path) -> None:
    new = json.loads(run("--baseline", str(RULES), "--candidate", str(edge), "--json"))
    old = json.loads(run("--rules", str(edge), "--compare-rules", str(RULES), "--json"))
    assert old["comparison"] == new["comparison"]


def test_paired_statistics() -> None:
    c = paired(
        ([True, False, False, True], [True, True, True, True]), ([1, -2, -3, 4], [3, 2, 1, 4])
    )
    assert c["ai_win_rate"] == [0.5, 1.0]
    assert c["changed_outcomes"] == 2
    assert c["p_value_mcnemar"] == 0.5
    assert c["margin_change"] == mean_ci([2, 4, 4, 0])[0] == 2.5
