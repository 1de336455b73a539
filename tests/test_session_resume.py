"""A resumed game is the same game (issue #39 item 9): a crash between two journal writes of one
AI decision — its choice of operation written, its first placement not — once made the resumed
AI plan its placements again, from the position, and play differently (seed 102, journal line
430). A resume from there must end with the uninterrupted game's journal, line for line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from twsolo.ids import Side
from twsolo.persist.savefile import STATE
from twsolo.ruleset import Ruleset
from twsolo.solo import SoloOptions

from .saves import new_save, play_on


def test_a_kill_inside_an_ai_decision_resumes_to_the_same_game(
    rules: Ruleset, tmp_path: Path
) -> None:
    whole, _ = new_save(rules, tmp_path, "whole", SoloOptions(ai_side=Side.USSR), seed=102)
    play_on(rules, whole)
    journal = (whole.path / "journal.jsonl").read_text().splitlines(keepends=True)
    cut = 430
    decided, next_one = json.loads(journal[cut - 1]), json.loads(journal[cut])
    assert (decided["actor"], decided["kind"]) == ("ussr", "operation")
    assert (next_one["actor"], next_one["kind"]) == ("ussr", "influence")

    killed = tmp_path / "killed"
    shutil.copytree(whole.path, killed)
    (killed / STATE).unlink()  # as the kill left it: the cache is written only while waiting
    (killed / "journal.jsonl").write_text("".join(journal[:cut]))
    record = play_on(rules, type(whole)(killed))
    assert (killed / "journal.jsonl").read_text().splitlines(keepends=True) == journal
    assert record.state.result is not None
