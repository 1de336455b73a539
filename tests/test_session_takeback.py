"""Undo, rollback and adjust as a person uses them (issue #12 items 4 and 5), through the CLI:
undo takes back the last real decision in one step, a digital rollback replays the same dice and
draws, and a correction goes through the engine (checked ranges, the prompts' name matching, a
record that history and the board changes after an undo show)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from twsolo.cli.main import cli
from twsolo.ids import Side
from twsolo.persist.savefile import SaveDir
from twsolo.ruleset import Ruleset
from twsolo.session.journal_replay import position_after

from .table_person import FIRST, first, run_typing

# Seed 4: the fifth prompt is the first action round's card; after it, "how do you play it" has
# one legal answer (answered for the player) and "event or operations first" is asked.
BEFORE_CARD = first(4)
CARD_PROMPT = "Your action round: play which card?\n  1. #15 Nasser (1 op, USSR) · "


def run(home: Path, args: list[str], text: str = "") -> Result:
    result = CliRunner().invoke(cli, [*args, "--home", str(home)], input=text)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def journal(home: Path, name: str) -> list[dict[str, Any]]:
    path = home / "games" / name / "journal.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()]


def no_seq(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k != "seq"} for e in entries]


def test_undo_after_a_mis_chosen_card_returns_to_that_choice_in_one_step(tmp_path: Path) -> None:
    result = run_typing(
        tmp_path,
        ["new", "--seed", "4", "--name", "u"],
        [*BEFORE_CARD, "1", "undo", "2", "quit"],
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count(CARD_PROMPT) == 2  # asked, then asked again after the undo
    chosen, undone = out.split("> undo\n")
    assert "How do you play it: play #15 Nasser how? — only one legal answer: ops" in chosen
    assert "Event or operations first" in chosen.rsplit(CARD_PROMPT, 1)[1]
    assert undone.startswith("undo: ")
    assert "answer(s) taken back." in undone.splitlines()[0]
    assert undone.split("\n", 1)[1].lstrip().startswith("To match, change on the board:")
    assert CARD_PROMPT in undone
    cards = [e["answer"] for e in journal(tmp_path, "u") if e["kind"] == "ar_card"]
    assert cards == [16]  # the card chosen after the undo; the mis-chosen one is gone


def test_undo_skips_forced_answers_and_does_not_get_stuck(tmp_path: Path) -> None:
    """Two undos in a row go back two real decisions (the forced `play` answer after the card
    is never what an undo stops at)."""
    args = ["new", "--seed", "4", "--name", "s"]
    run_typing(tmp_path, args, [*BEFORE_CARD, "1", "quit"])
    before = journal(tmp_path, "s")
    card = next(i for i, e in enumerate(before) if e["kind"] == "ar_card")
    assert before[card + 1]["kind"] == "play"  # the forced answer that used to block undo
    once = run(tmp_path, ["play", "s"], "undo\nquit\n")
    assert once.exit_code == 0
    assert journal(tmp_path, "s") == before[:card]
    twice = run(tmp_path, ["play", "s"], "undo\nquit\n")
    assert twice.exit_code == 0
    kept = [e for e in journal(tmp_path, "s") if "takeback" not in e["data"]]
    assert no_seq(kept) == no_seq(before[: len(kept)])
    last = max(i for i, e in enumerate(before[:card]) if e["actor"] == "us")
    assert len(kept) <= last
    assert before[len(kept)]["actor"] == "us"  # cut at one of the player's decisions


def test_nothing_to_undo_at_the_first_decision(tmp_path: Path) -> None:
    result = run(tmp_path, ["new", "--seed", "4", "--name", "n"], "undo\nquit\n")
    assert "Nothing of yours to undo." in result.output
    assert journal(tmp_path, "n")[0]["data"] == {"start": True}


def test_a_digital_rollback_replays_the_same_dice_and_draws(tmp_path: Path) -> None:
    answers = first(60)
    run_typing(tmp_path, ["new", "--seed", "9", "--name", "b"], [*answers, "quit"])
    before = journal(tmp_path, "b")
    assert any(e["turn"] == 2 for e in before)
    chance = [e for e in before if e["actor"] == "chance" and e["turn"] == 1]
    assert {e["kind"] for e in chance} >= {"die", "draw"}  # the setup die and the deals
    result = run_typing(tmp_path, ["play", "b"], ["rollback 1", "y", *answers, "quit"])
    assert result.exit_code == 0, result.output
    assert "rollback to turn 1:" in result.output
    after = journal(tmp_path, "b")
    assert after[0] == before[0]  # the start mark stays
    assert after[1]["data"] == {"takeback": "rollback to turn 1", "dropped": len(before) - 1}
    again = [e for e in after if e["actor"] == "chance" and e["turn"] == 1]
    assert no_seq(again) == no_seq(chance)
    # The same answers give the same game: every answer of the first run comes again.
    replayed = [e for e in after[2:] if e["type"] == "answer"]
    assert no_seq(replayed[: len(before) - 1]) == no_seq(before[1:])


def test_adjust_out_of_range_is_refused_with_the_legal_range(tmp_path: Path) -> None:
    run_typing(tmp_path, ["new", "--seed", "6", "--name", "a"], [*first(20), "quit"])
    before = journal(tmp_path, "a")
    result = run(
        tmp_path,
        ["play", "a"],
        "adjust defcon 9\nadjust milops us -5\nadjust vp 21\nadjust space ussr 9\n"
        "adjust influence narnia us 1\nadjust defcon many\nadjust defcon "
        + "9" * 5000
        + "\nadjust milops 2\nadjust teleport 3\nquit\n",
    )
    assert result.exit_code == 0
    out = result.output
    for refusal in (
        "DEFCON runs from 1 to 5; 9 is not on it",
        "military operations runs from 0 to 5; -5 is not on it",
        "the VP track runs from -20 to 20; 21 is not on it",
        "the space race box runs from 0 to 8; 9 is not on it",
        "which country is 'narnia'?",
        "'many' is not a number",
    ):
        assert f"adjust: refused: {refusal}" in out
    assert out.count("adjust: refused: adjust influence COUNTRY us|ussr N") == 2
    assert journal(tmp_path, "a") == before  # nothing recorded


def test_adjust_matches_names_as_the_prompts_do(tmp_path: Path) -> None:
    run_typing(tmp_path, ["new", "--seed", "6", "--name", "m"], [*first(20), "quit"])
    result = run(
        tmp_path,
        ["play", "m"],
        "adjust influence w ger us 4\nadjust inf costa us 2\nadjust def 3\n"
        "adjust milops ussr 2\nadjust influence s us 1\nquit\n",
    )
    for reply in (
        "West Germany: US influence set to 4 (was ",
        "Costa Rica: US influence set to 2 (was 0)",
        "DEFCON set to 3 (was ",
        "USSR military operations set to 2 (was 0)",
        "adjust: refused: which country is 's'? It may be: ",
    ):
        assert reply in result.output
    adjusted = [e["data"] for e in journal(tmp_path, "m") if e["type"] == "adjust"]
    assert [(d["what"], d.get("country"), d["value"]) for d in adjusted] == [
        ("influence", "west_germany", 4),
        ("influence", "costa_rica", 2),
        ("defcon", None, 3),
        ("milops", None, 2),
    ]


def test_adjustments_show_in_history_show_and_the_board_changes_after_undo(tmp_path: Path) -> None:
    run_typing(tmp_path, ["new", "--seed", "6", "--name", "h"], [*first(20), "quit"])
    shown = run(tmp_path, ["show", "h"]).output
    defcon = int(shown.split("DEFCON ", 1)[1][0])
    target = 2 if defcon != 2 else 3
    result = run(
        tmp_path,
        ["play", "h"],
        f"adjust defcon {target}\nshow\nhistory\nundo\nhistory\nshow\nquit\n",
    )
    out = result.output
    sentence = f"DEFCON set to {target} (was {defcon})"
    assert f"{sentence} (recorded in the journal)" in out
    first_show, rest = out.split("> history\n", 1)
    assert f"DEFCON {target}" in first_show.rsplit("> show\n", 1)[1]
    history, after_undo = rest.split("> undo\n", 1)
    assert f"you corrected: {sentence}" in history
    assert "To match, change on the board:" in after_undo
    assert f"  - DEFCON: {target} → {defcon}" in after_undo
    second_history = after_undo.split("> history\n", 1)[1].split("> show\n", 1)[0]
    assert "corrected:" not in second_history
    assert f"DEFCON {defcon}" in after_undo.rsplit("> show\n", 1)[1]
    assert not [e for e in journal(tmp_path, "h") if e["type"] == "adjust"]


def test_a_correction_is_replayed_where_it_was_made(tmp_path: Path, rules: Ruleset) -> None:
    """The journal's adjust entries rebuild the same position (resume, inspect, show)."""
    run_typing(tmp_path, ["new", "--seed", "6", "--name", "r"], [*first(20), "quit"])
    corrections = ["adjust influence w ger us 7", "adjust vp -4", FIRST, FIRST, "quit"]
    run_typing(tmp_path, ["play", "r"], corrections)
    save = SaveDir(tmp_path / "games" / "r")
    header = save.header(rules)
    entries = save.entries(rules, header)
    k = next(i for i, e in enumerate(entries) if e.type == "adjust")
    assert entries[k + 1].type == "adjust"
    # The position up to the first answer after the corrections: both are in it.
    at = position_after(rules, header.solo_options, header.start, entries[: k + 2], table=False)
    assert at.state.inf(rules.index["west_germany"], Side.US) == 7
    assert at.state.vp == -4
    without = position_after(rules, header.solo_options, header.start, entries[:k], table=False)
    assert without.state.vp != -4
