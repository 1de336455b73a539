"""`twsolo new/play/list/show` with saves (issue: CLI). Transcripts use click's CliRunner; the
crash test uses a real subprocess killed with SIGKILL."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from twsolo.cli.main import cli
from twsolo.persist.savefile import SaveDir
from twsolo.ruleset import Ruleset

from .table_person import first, run_typing

ALWAYS_FIRST = first(6000)  # every prompt answered with its first legal answer


def run(home: Path, args: list[str], text: str = "") -> Result:
    return CliRunner().invoke(cli, [*args, "--home", str(home)], input=text)


def journal(home: Path, name: str) -> list[dict[str, object]]:
    path = home / "games" / name / "journal.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.slow
def test_a_complete_digital_game_by_following_the_prompts(
    tmp_path: Path,
) -> None:
    result = run_typing(tmp_path, ["new", "--seed", "5", "--name", "full"], ALWAYS_FIRST)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over:" in result.output
    assert "Victory Rating:" in result.output
    state = json.loads((tmp_path / "games" / "full" / "state.json").read_text())
    assert state["result"]["rating"]
    listed = run(tmp_path, ["list"])
    assert "full: you play the US" in listed.output
    assert "over:" in listed.output


def test_table_mode_covers_a_full_turn(tmp_path: Path) -> None:
    """Draft, headline and rounds with entered cards and dice, until turn 2 begins."""
    args = ["new", "--table", "--seed", "2", "--name", "t"]
    result = run_typing(tmp_path, args, first(400))
    out = result.output
    assert "Draft:" in out
    assert "Which card is it" in out
    assert "Roll the set-up's die: variable extra influence" in out
    assert "Headline" in out
    entries = journal(tmp_path, "t")
    assert any(e["turn"] == 2 for e in entries), "turn 1 was not finished"
    assert any(e["actor"] == "chance" and e["kind"] == "die" for e in entries)


def test_quit_and_resume_continue_where_they_stopped(
    tmp_path: Path,
) -> None:
    quitting = run_typing(tmp_path, ["new", "--seed", "7", "--name", "r"], [*first(40), "quit"])
    assert quitting.exit_code == 0
    assert "Resume with: twsolo play r" in quitting.output
    before = journal(tmp_path, "r")
    assert len(before) > 40
    second = run_typing(tmp_path, ["play", "r"], ALWAYS_FIRST)
    assert second.exit_code == 0, second.output[-2000:]
    after = journal(tmp_path, "r")
    assert after[: len(before)] == before
    assert "Game over:" in second.output
    # The same answers without the interruption give the same game (chance is seeded by
    # the answer's place in the journal).
    whole = run_typing(tmp_path, ["new", "--seed", "7", "--name", "w"], ALWAYS_FIRST)
    assert whole.exit_code == 0
    strip = [{k: v for k, v in e.items() if k != "seq"} for e in journal(tmp_path, "w")]
    assert strip == [{k: v for k, v in e.items() if k != "seq"} for e in after]


def test_refused_answer_is_asked_again(tmp_path: Path) -> None:
    script = ["narnia", "?", "x" * 3000, *first(30), "quit"]
    result = run_typing(tmp_path, ["new", "--seed", "3", "--name", "x"], script)
    assert "Refused:" in result.output
    assert "legal choices of the 6 cards listed — type list numbers or #N" in result.output
    # A long bad input is quoted back cut to 60 characters.
    assert "x" * 59 + "…" in result.output
    assert "x" * 61 not in result.output.replace("> " + "x" * 3000, "")


def test_rollback_and_the_board_changes_to_make(tmp_path: Path) -> None:
    run_typing(tmp_path, ["new", "--seed", "9", "--name", "b"], [*first(60), "quit"])
    before = journal(tmp_path, "b")
    cut = next(i for i, e in enumerate(before) if e["turn"] >= 2)
    result = run(tmp_path, ["play", "b"], "rollback 2\nquit\n")
    assert result.exit_code == 0, result.output
    assert "To match, change on the board:" in result.output
    after = journal(tmp_path, "b")
    assert after[:cut] == before[:cut]
    assert after[cut]["type"] == "mark"  # taking back revealed cards and dice is marked
    assert after[cut]["data"] == {
        "takeback": "rollback to turn 2",
        "dropped": len(before) - cut,
    }


def test_adjust_is_recorded_and_replayed(tmp_path: Path) -> None:
    run_typing(tmp_path, ["new", "--seed", "6", "--name", "a"], [*first(20), "quit"])
    result = run(tmp_path, ["play", "a"], "adjust vp 3\nshow\nquit\n")
    assert "VP set to US +3 (was " in result.output
    assert "(recorded in the journal)" in result.output
    assert "VP US +3" in result.output
    assert journal(tmp_path, "a")[-1]["type"] == "adjust"
    again = run(tmp_path, ["play", "a"], "show\nquit\n")
    assert "VP US +3" in again.output


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        ("torn", "the last journal line is incomplete"),
        ("middle", "journal.jsonl:4: not a journal entry"),
        ("newer", "is newer than this twsolo reads"),
    ],
)
def test_damaged_saves_are_reported_and_left_untouched(
    tmp_path: Path, damage: str, message: str
) -> None:
    run_typing(tmp_path, ["new", "--seed", "8", "--name", "d"], [*first(20), "quit"])
    folder = tmp_path / "games" / "d"
    journal_path, header_path = folder / "journal.jsonl", folder / "game.json"
    if damage == "torn":
        text = journal_path.read_text()
        journal_path.write_text(text[: len(text) - 9])
    elif damage == "middle":
        lines = journal_path.read_text().splitlines(keepends=True)
        lines[3] = '{"seq": 3, "type": "ans'
        lines[3] += "\n"
        journal_path.write_text("".join(lines))
    else:
        header = json.loads(header_path.read_text())
        header["schema_version"] = 99
        header_path.write_text(json.dumps(header))
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    result = run(tmp_path, ["play", "d"], "1\n" * 5)
    assert result.exit_code == 2
    assert message in result.stderr
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_a_torn_line_can_be_dropped_explicitly(tmp_path: Path) -> None:
    run_typing(tmp_path, ["new", "--seed", "8", "--name", "t2"], [*first(20), "quit"])
    path = tmp_path / "games" / "t2" / "journal.jsonl"
    whole = path.read_text()
    path.write_text(whole + '{"seq": 9')
    result = run(tmp_path, ["play", "t2", "--drop-torn-line"], "quit\n")
    assert result.exit_code == 0, result.output
    assert (path.parent / "journal.jsonl.bak").read_text() == whole + '{"seq": 9'
    assert path.read_text() == whole


def test_svg_shows_every_country(tmp_path: Path, rules: Ruleset) -> None:
    run_typing(tmp_path, ["new", "--seed", "1", "--name", "s"], [*first(30), "quit"])
    svg = tmp_path / "board.svg"
    result = run(tmp_path, ["show", "s", "--svg", str(svg)])
    assert result.exit_code == 0, result.output
    root = ET.parse(svg).getroot()
    ids = {g.get("id") for g in root.iter("{http://www.w3.org/2000/svg}g")}
    assert {f"country-{c.id}" for c in rules.countries} <= ids
    assert "West Germany" in svg.read_text()


@pytest.mark.slow
def test_kill_9_at_a_prompt_loses_no_answer(tmp_path: Path, rules: Ruleset) -> None:
    env = {**os.environ, "TWSOLO_HOME": str(tmp_path)}
    proc = subprocess.Popen(
        # The fast deal (spec §6.4) has no draft, and in this game's first 25 prompts no
        # answer costs the off-region penalty (that would ask to confirm): `1` answers each.
        [sys.executable, "-m", "twsolo", "new", "--seed", "4", "--name", "k", "--fast-deal"],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    assert proc.stdin is not None
    proc.stdin.write(b"1\n" * 15)
    proc.stdin.flush()
    path = tmp_path / "games" / "k" / "journal.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if path.exists() and sum(1 for e in journal(tmp_path, "k") if e["actor"] == "us") >= 15:
            break
        time.sleep(0.05)
    time.sleep(0.3)  # the program now waits at the 16th prompt
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    proc.stdin.close()
    kept = journal(tmp_path, "k")
    # 15 typed answers, plus any question with a single legal answer, which is answered for you
    assert sum(1 for e in kept if e["actor"] == "us") >= 15
    save = SaveDir(tmp_path / "games" / "k")
    save.entries(rules, save.header(rules))  # readable, nothing torn
    result = run(tmp_path, ["play", "k"], "quit\n")
    assert result.exit_code == 0, result.output
    assert journal(tmp_path, "k")[: len(kept)] == kept


def test_new_from_a_scenario_starts_at_its_turn(tmp_path: Path) -> None:
    scenario = Path(__file__).parent / "scenarios" / "full_position.yaml"
    result = run(tmp_path, ["new", "--from", str(scenario), "--name", "f"], "show\nquit\n")
    assert result.exit_code == 0, result.output
    assert "you play the USSR, the AI the US" in result.output
    assert "variable extra influence" not in result.output  # no setup: the scenario is it
    assert "Turn 5" in result.output
    assert journal(tmp_path, "f")[0]["turn"] == 5


def test_why_history_and_inspect(tmp_path: Path) -> None:
    run_typing(tmp_path, ["new", "--seed", "9", "--name", "h"], [*first(60), "quit"])
    result = run(
        tmp_path,
        ["play", "h"],
        f"why\nhistory 1\nhistory all --to {tmp_path / 'h.txt'}\ninspect 1\nhelp\nquit\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "AI decision" in out or "no decision in this session" in out
    assert "turn 1 draft/headline: you (US): kept #" in out
    assert (tmp_path / "h.txt").read_text().count("\n") == len(journal(tmp_path, "h"))
    assert "the board at the end of turn 1" in out
    assert "rollback TURN" in out  # help


def test_why_explains_the_ai(tmp_path: Path) -> None:
    run_typing(tmp_path, ["new", "--seed", "9", "--name", "y"], [*first(30), "quit"])
    # Resume and play on until the AI has decided something in this session, then ask why.
    result = run_typing(tmp_path, ["play", "y"], [*first(15), "why", "quit"])
    assert result.exit_code == 0, result.output
    assert "AI decision (turn" in result.output
    reasons = result.output.split("AI decision (turn", 1)[1]
    assert "\n  - spec §" in reasons or "\n  - appendix #" in reasons
    if "\n  - spec §" in reasons:  # each cited section named with its title (issue #24)
        cited = reasons.split("Rules cited (docs/rules/, or `twsolo rulebook`):\n", 1)[1]
        assert re.search(r"^  §\d+(\.\d+)* [A-Z]", cited, re.M), cited


def test_shell_completion_of_saved_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.shell_completion import ShellComplete

    monkeypatch.setenv("TWSOLO_HOME", str(tmp_path))
    run(tmp_path, ["new", "--seed", "1", "--name", "alpha"], "quit\n")
    run(tmp_path, ["new", "--seed", "1", "--name", "beta"], "quit\n")
    complete = ShellComplete(cli, {}, "twsolo", "_TWSOLO_COMPLETE")
    assert [c.value for c in complete.get_completions(["play"], "al")] == ["alpha"]


def test_show_while_the_china_card_is_being_played(tmp_path: Path) -> None:
    """Saved at a prompt while the China Card lies on the table (played for its ops): nobody
    holds it then, and show says so (it used to end in a KeyError)."""
    run_typing(tmp_path, ["new", "--seed", "1", "--name", "c"], [*first(10), "quit"])
    path = tmp_path / "games" / "c" / "state.json"
    cache = json.loads(path.read_text())
    piles = cache["state"]["piles"]
    for pile in piles.values():
        for part in pile.values():
            if isinstance(part, list) and 6 in part:
                part.remove(6)
    piles["table"]["shuffled"].append(6)
    path.write_text(json.dumps(cache))
    svg = tmp_path / "board.svg"
    result = run(tmp_path, ["show", "c", "--svg", str(svg)])
    assert result.exit_code == 0, result.output
    assert "China Card: being played" in result.output
    assert "China Card: being played" in svg.read_text()


def test_the_dice_setting_is_read_back_on_resume(tmp_path: Path) -> None:
    """`--dice auto` at the table is kept in game.json and read back by `play`: after resuming,
    the program still rolls the dice itself (the cards are still asked)."""
    args = ["new", "--table", "--dice", "auto", "--seed", "2", "--name", "t"]
    started = run_typing(tmp_path, args, [*first(20), "quit"])
    assert started.exit_code == 0, started.output[-2000:]
    assert "dice auto" in started.output
    before = len(journal(tmp_path, "t"))
    second = run_typing(tmp_path, ["play", "t"], first(400))
    assert "Which card is it" in second.output
    assert not re.search(r"^Roll .*die", second.output, re.M)
    rolled = [e for e in journal(tmp_path, "t")[before:] if e["kind"] == "die"]
    assert rolled, "no die was rolled after resuming"


@pytest.mark.parametrize(("side", "yours"), [("us", "(you +3)"), ("ussr", "(you -3)")])
def test_vp_is_shown_from_the_humans_side_too(tmp_path: Path, side: str, yours: str) -> None:
    """Spec §1.7: the VP track's board convention (positive = US ahead), and the same VP from
    the human's point of view."""
    run_typing(tmp_path, ["new", "--side", side, "--seed", "6", "--name", "v"], [*first(5), "quit"])
    result = run(tmp_path, ["play", "v"], "adjust vp 3\nshow\nquit\n")
    assert f"VP US +3 {yours}" in result.output
