"""Positions out as scenarios: Scenario.from_state / to_dict / from_dict, and the exports of
`replay --scenario`, `show --scenario` and the in-game `scenario` command, which `decide`
reproduces."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from twsolo.cli.main import cli
from twsolo.engine.state import GameState, hand_of
from twsolo.positions.export import Before, log_decisions
from twsolo.positions.scenario import Scenario
from twsolo.ruleset import Ruleset
from twsolo.sim.runs import GameSpec, play_logged

from .table_person import first, run_typing


@lru_cache(maxsize=8)
def game_log(seed: int) -> tuple[dict[str, Any], ...]:
    _, lines = play_logged(GameSpec(seed, ("us", "ussr")[seed % 2]))
    return tuple(json.loads(line) for line in lines)


DECISIONS: dict[int, tuple[Before, ...]] = {}


def decisions(rules: Ruleset, seed: int) -> tuple[Before, ...]:
    if seed not in DECISIONS:
        DECISIONS[seed] = tuple(log_decisions(rules, list(game_log(seed))))
    return DECISIONS[seed]


def facts(state: GameState, rules: Ruleset) -> dict[str, Any]:
    """What a scenario says of a position (docs/scenario.md)."""
    effects = {e.card for e in state.effects}
    return {
        "influence": state.influence.tolist(),
        "tracks": (state.turn, state.action_round, state.vp, state.defcon),
        "milops": list(state.milops),
        "space": list(state.space),
        "space_attempts": list(state.space_attempts),
        "china": (state.china_holder, state.china_face_up),
        # an effect without a side reads as its card's owner's (Scenario.to_dict)
        "effects": sorted(
            (e.card, (e.side or rules.card(e.card).owner or "-"), e.data) for e in state.effects
        ),
        "removed": sorted(c for c in state.piles["removed"].known() if c not in effects),
        "discard": sorted(c for c in state.piles["discard"].known() if c not in effects),
        "primary": list(state.piles["primary"].known()),
        "secondary": list(state.piles["secondary"].known()),
    }


@given(seed=st.integers(0, 5), pick=st.integers(0, 200))
def test_position_to_scenario_to_position(rules: Ruleset, seed: int, pick: int) -> None:
    """A position reached by seeded play, written as a scenario and read back, is the same
    position (every fact a scenario holds), and writing it again gives the same file."""
    found = decisions(rules, seed)
    before = found[pick % len(found)]
    scenario = before.scenario(rules)
    data = scenario.to_dict()
    back = Scenario.from_dict(yaml.safe_load(yaml.safe_dump(data)), rules)
    assert back.to_dict() == data
    assert facts(back.state, rules) == facts(before.state, rules)
    assert back.card == (before.drawn[0] if before.drawn else back.card)
    assert back.dice == before.dice
    hand = back.state.piles[hand_of(back.ai_side)]
    assert list(hand.known())[: len(before.drawn)] == before.drawn


def ai_answers(log: list[dict[str, Any]], turn: int, ar: int, ai: str) -> list[dict[str, Any]]:
    return [
        e
        for e in log
        if e.get("type") == "answer" and e["turn"] == turn and e["ar"] == ar and e["actor"] == ai
    ]


def decide(path: Path) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["decide", str(path), "--json"])
    assert result.exit_code == 0, result.output
    got: dict[str, Any] = json.loads(result.stdout)
    return got


def test_replay_scenario_gives_the_games_recorded_answer(tmp_path: Path) -> None:
    """Every mid-game action round of a simulated game (turns 4–6), exported with `replay
    --turn T --ar N --scenario`: `decide` plays the card the game's AI played, the same way, in
    the same countries. (Not every decision can be: one whose event takes a card from the
    human's face-down deck/hand, Grain Sales, meets a card the scenario cannot know.)"""
    logs = tmp_path / "logs"
    result = CliRunner().invoke(
        cli, ["simulate", "--games", "1", "--seed", "3", "--log", str(logs)]
    )
    assert result.exit_code == 0, result.output
    (log_file,) = logs.glob("*.jsonl")
    log = [json.loads(line) for line in log_file.read_text().splitlines()]
    ai = log[0]["options"]["ai_side"]
    checked = 0
    for turn in range(4, 7):
        for ar in range(1, 8):
            answers = ai_answers(log, turn, ar, ai)
            plays = [e["answer"] for e in answers if e["kind"] == "play" and "event" not in e]
            if not plays:
                continue
            out = tmp_path / f"t{turn}ar{ar}.yaml"
            args = ["replay", str(log_file), "--turn", str(turn), "--ar", str(ar)]
            exported = CliRunner().invoke(cli, [*args, "--scenario", str(out)])
            assert exported.exit_code == 0, exported.output
            assert f"turn {turn}, action round {ar}" in exported.output
            got = decide(out)
            drawn = [
                e["answer"]
                for e in log
                if e.get("kind") == "draw" and (e["turn"], e["ar"]) == (turn, ar)
            ]
            card = yaml.safe_load(out.read_text())["card"]
            assert card in drawn  # the card chance revealed then
            assert got["card"] == card
            assert got["play"] == plays[0], (turn, ar)
            placed = [e["answer"] for e in answers if e["kind"] in ("influence", "coup")]
            done = [a["country"] for a in got["actions"] if a["type"] in ("influence", "coup")]
            assert set(done) == set(placed) - {"done"}, (turn, ar)
            checked += 1
    assert checked >= 15


def test_show_and_the_in_game_command_write_what_decide_reproduces(tmp_path: Path) -> None:
    """A digital game played some rounds: `show NAME --scenario` and the in-game `scenario`
    command write the position before the AI's last decision; `decide` on it plays the card
    the AI played then, the same way."""
    typed = [*first(60), f"scenario {tmp_path / 'in_game.yaml'}", "quit"]
    result = run_typing(tmp_path, ["new", "--seed", "4", "--name", "g"], typed)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Scenario written to" in result.output
    shown = CliRunner().invoke(
        cli, ["show", "g", "--scenario", str(tmp_path / "shown.yaml"), "--home", str(tmp_path)]
    )
    assert shown.exit_code == 0, shown.output
    journal = [
        json.loads(line)
        for line in (tmp_path / "games" / "g" / "journal.jsonl").read_text().splitlines()
    ]
    for name in ("in_game.yaml", "shown.yaml"):
        data = yaml.safe_load((tmp_path / name).read_text())
        ai = data["ai_side"]
        mine = [
            e
            for e in journal
            if e.get("actor") == ai
            and e.get("turn") == data["turn"]
            and e.get("action_round") == data["action_round"]
        ]
        got = decide(tmp_path / name)
        if data["action_round"] == 0:
            headline = [e["answer"] for e in mine if e["kind"] == "headline"]
            assert got["card"] == headline[-1]
        else:
            play = next(e["answer"] for e in mine if e["kind"] == "play")
            assert (got["card"], got["play"]) == (data["card"], play)


def test_no_decision_there_is_said(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    CliRunner().invoke(cli, ["simulate", "--games", "1", "--human", "random", "--log", str(logs)])
    (log_file,) = logs.glob("*.jsonl")
    args = ["replay", str(log_file), "--turn", "10", "--ar", "8", "--scenario", "x.yaml"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert "the AI made no decision in turn 10, action round 8" in result.output
