"""Game logs (issue #17): `simulate --log DIR` keeps every game as JSON Lines with the AI's
reasons; `twsolo replay` prints one for a person; `journal_lines` gives `history --to` the same
lines for a played game."""

from __future__ import annotations

import json
import re
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from twsolo.ai.bot import Decision
from twsolo.ai.trace import Step
from twsolo.cli.ingame import history_line
from twsolo.cli.main import cli
from twsolo.cli.reasons import Move, journal_lines, logged_move, move_lines
from twsolo.ids import Side
from twsolo.persist.savefile import Entry
from twsolo.ruleset import Ruleset
from twsolo.session.journal_replay import replay
from twsolo.sim.runs import GameSpec, play, play_logged
from twsolo.solo import SoloOptions


def entries_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("logs")
    result = CliRunner().invoke(
        cli, ["simulate", "--games", "2", "--seed", "4", "--log", str(directory)]
    )
    assert result.exit_code == 0, result.output
    return directory


def test_each_game_is_one_file_that_replays_exactly(logs: Path, rules: Ruleset) -> None:
    files = sorted(logs.glob("*.jsonl"))
    assert [f.name for f in files] == ["game-000004-ai-us.jsonl", "game-000005-ai-ussr.jsonl"]
    for path in files:
        entries = entries_of(path)
        header, result = entries[0], entries[-1]
        assert header["type"] == "header"
        assert "cards dealt face down" in header["note"]
        assert header["rules_digest"] == rules.digest
        assert result["type"] == "result"
        asked = [e for e in entries if e["type"] == "answer" and "event" in e]
        assert asked
        assert all(isinstance(e["event"], int) and e["key"] for e in asked)
        deals = [e for e in entries if e["type"] == "answer" and e["kind"] == "deal"]
        assert deals
        assert all(e["face_down"] and isinstance(e["answer"], int) for e in deals)
        # Every answer is there, in order: they rebuild the game.
        answers = [logged_move(e) for e in entries if e["type"] == "answer"]
        options = SoloOptions.from_dict(header["options"])
        again = replay(rules, options, [(m.actor, m.kind, m.answer) for m in answers])
        assert again.state.vp == result["vp"]
        assert again.result.reason == result["reason"]
        # The game played with its log is the game played without.
        plain = json.loads(
            json.dumps(play(GameSpec(header["seed"], options.ai_side.value)).to_dict())
        )
        assert {k: v for k, v in result.items() if k not in ("type", "seconds")} == {
            k: v for k, v in plain.items() if k != "seconds"
        }


def test_the_ai_answers_carry_their_reasons_and_the_state_follows_each_action(
    logs: Path,
) -> None:
    entries = entries_of(logs / "game-000004-ai-us.jsonl")
    ai = [e for e in entries if e["type"] == "answer" and e["actor"] == "us"]
    human = [e for e in entries if e["type"] == "answer" and e["actor"] == "ussr"]
    assert all("trace" in e for e in ai)
    assert not any("trace" in e for e in human)
    plays = [e for e in ai if e["kind"] in ("play", "headline")]
    assert plays
    assert all(e["trace"] and e["trace"][0]["rule"] for e in plays)
    steps = {e["step"] for e in entries if e["type"] == "state"}
    assert {"headline", "action", "turn_end"} <= steps
    actions = [e for e in entries if e["type"] == "state" and e["step"] == "action"]
    assert all({"vp", "defcon", "milops", "controlled"} <= set(e) for e in actions)


def test_replay_prints_the_moves_with_the_ais_reasons(logs: Path) -> None:
    path = logs / "game-000005-ai-ussr.jsonl"
    result = CliRunner().invoke(cli, ["replay", str(path), "--turn", "2"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Simulated game, seed 5: the AI plays USSR at normal")
    moves = [line for line in lines if line.startswith("turn ")]
    assert moves
    assert all(line.startswith("turn 2 ") for line in moves)
    ai_play = next(i for i, line in enumerate(lines) if "USSR (AI) play →" in line)
    assert lines[ai_play + 1].startswith("    why: ")
    assert any(line.startswith("  [after action: VP") for line in lines)
    assert lines[-1].startswith("Result: ")
    whole = CliRunner().invoke(cli, ["replay", str(path)])
    assert len(whole.stdout.splitlines()) > len(lines)
    assert "chance deal → #" in whole.stdout
    # an event's questions by the key the appendix's `resolve` uses
    assert re.search(r"→ .*  \[#\d+ [a-z_]+\.[a-z_]+\]$", whole.stdout, re.M)
    assert "[dealt face down: nobody at a table sees it]" in whole.stdout


def test_replay_refuses_what_is_not_a_game_log(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "header", "format": "twsolo-gamelog", "version": 1}\nnot json\n')
    result = CliRunner().invoke(cli, ["replay", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}:2: not JSON" in result.stderr
    bad.write_text('{"type": "answer"}\n')
    result = CliRunner().invoke(cli, ["replay", str(bad)])
    assert result.exit_code == 2
    assert "not a twsolo game log" in result.stderr


def test_a_card_dealt_face_down_is_named_only_in_a_simulation_log(rules: Ruleset) -> None:
    deal = Move(3, 0, "chance", "deal", 26)
    shown = move_lines(rules, deal, Side.US, show_face_down=True)
    hidden = move_lines(rules, deal, Side.US)
    assert shown == [
        "turn 3 AR 0: chance deal → #26 CIA Created (1 op, US) "
        "[dealt face down: nobody at a table sees it]"
    ]
    assert hidden == ["turn 3 AR 0: chance deal → a card dealt face down"]


def test_history_lines_put_the_sessions_decisions_beside_the_ais_answers(
    rules: Ruleset,
) -> None:
    """journal_lines (for `history --to`): the decisions of the session are the AI's last
    answers in the journal; the earlier, replayed answers have no reasons."""
    _, lines = play_logged(GameSpec(2, "us", "random"))
    logged = [json.loads(line) for line in lines]
    answers = [e for e in logged if e["type"] == "answer"]
    journal = [
        Entry("answer", e["actor"], e["kind"], e["answer"], turn=e["turn"], action_round=e["ar"])
        for e in answers
    ]
    ai = [i for i, e in enumerate(answers) if e["actor"] == "us"]
    # The session's bot gave the AI's answers from the third-last one with reasons on.
    first = [i for i in ai if answers[i]["trace"]][-3]
    live = [i for i in ai if i >= first]
    decisions = [
        Decision(answers[i]["kind"], answers[i]["answer"], [Step(s["rule"]) for s in trace])
        for i in live
        for trace in [answers[i]["trace"]]
    ]
    line = partial(history_line, rules, human=Side.USSR)
    text = journal_lines(journal, decisions, Side.US, line)
    whys = [x for x in text if x.startswith("    why: ")]
    assert len(whys) == sum(len(answers[i]["trace"]) for i in live)
    assert [x for x in text if not x.startswith("    why: ")] == [line(e) for e in journal]
    assert text[text.index(whys[0]) - 1] == line(journal[first])
    one_turn = journal_lines(journal, decisions, Side.US, line, turn=1)
    assert one_turn
    assert all(x.startswith(("turn 1 ", "    why: ")) for x in one_turn)


def test_history_to_a_file_keeps_the_ais_reasons(tmp_path: Path) -> None:
    """`history all --to FILE` in a played game: every answer as `history` says it, and under
    the AI's answers of this session the reasons of its decision (issue #17)."""
    from .table_person import Person, run_with

    target = tmp_path / "history.txt"
    person = Person(seed=2, commands={60: f"history all --to {target}", 61: "quit"})
    out = run_with(tmp_path, ["new", "--seed", "2", "--name", "h"], person)
    assert f"lines written to {target}" in out
    text = target.read_text()
    assert "    why: spec §" in text
    assert text.count("\n") > 60
    assert "a card dealt face down" in text  # a deal's card stays unnamed in the file too
