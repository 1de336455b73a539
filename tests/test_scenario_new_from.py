"""Every position twsolo exports as a scenario starts a game with `new --from`, at the table
and on screen, and that game plays to its end (issue #39 item 2: on screen, a position whose
human deck/hand holds face-down cards crashed: `a dealer cannot start from cards nobody has
seen`). The exports: the in-game `scenario` and `inspect --scenario` commands, `show
--scenario` and `replay --scenario`, positions of both sides from turn 1 to the Late War."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from twsolo.cli.main import cli

from .table_person import Person, first, run_typing, run_with

MODES = ("--digital", "--table")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Scenario files written by each export: of a game the person plays as the USSR (the AI
    the US) and of a simulated game whose AI is the USSR."""
    home = tmp_path_factory.mktemp("source")
    out = {name: home / f"{name}.yaml" for name in ("scenario", "inspect", "show", "replay")}
    typed = [
        *first(30),
        f"scenario {out['scenario']} 1 0",  # turn 1's headline
        *first(25),
        f"inspect 1 --scenario {out['inspect']}",  # turn 1's last decision
        "quit",
    ]
    played = run_typing(home, ["new", "--side", "ussr", "--seed", "4", "--name", "g"], typed)
    assert played.exit_code == 0, played.output[-2000:]
    show = ["show", "g", "--scenario", str(out["show"]), "--home", str(home)]
    shown = CliRunner().invoke(cli, show)
    assert shown.exit_code == 0, shown.output
    logs = home / "logs"
    simulate = ["simulate", "--games", "1", "--seed", "1", "--ai-side", "ussr", "--log", str(logs)]
    assert CliRunner().invoke(cli, simulate).exit_code == 0
    (log,) = logs.glob("*.jsonl")
    replay = ["replay", str(log), "--turn", "8", "--scenario", str(out["replay"])]
    result = CliRunner().invoke(cli, replay)
    assert result.exit_code == 0, result.output
    return out


def test_the_exports_cover_both_sides_and_the_whole_game(exported: dict[str, Path]) -> None:
    read = {name: yaml.safe_load(path.read_text()) for name, path in exported.items()}
    assert {d["ai_side"] for d in read.values()} == {"us", "ussr"}
    assert (read["scenario"]["turn"], read["scenario"]["action_round"]) == (1, 0)
    assert read["replay"]["turn"] == 8
    assert any(d.get("human_cards") for d in read.values())  # cards nobody has seen


@pytest.mark.parametrize(
    ("source", "mode"),
    [
        ("scenario", "--digital"),
        ("inspect", "--table"),
        ("show", "--digital"),
        ("show", "--table"),
        ("replay", "--digital"),
        ("replay", "--table"),
    ],
)
def test_a_game_from_an_exported_position_plays_to_its_end(
    tmp_path: Path, exported: dict[str, Path], source: str, mode: str
) -> None:
    out = run_with(
        tmp_path, ["new", mode, "--from", str(exported[source]), "--name", "f"], Person()
    )
    assert "Game over: " in out
    for args in (["list"], ["show", "f"]):
        result = CliRunner().invoke(cli, [*args, "--home", str(tmp_path)])
        assert result.exit_code == 0, result.output
        assert "damaged" not in result.output


def test_a_digital_game_from_a_position_resumes_as_dealt(
    tmp_path: Path, exported: dict[str, Path]
) -> None:
    """The face-down cards are dealt by chance when the game begins, and journaled: the game
    stopped and resumed goes on from the same deal, to its end."""
    path = next(p for p in exported.values() if yaml.safe_load(p.read_text()).get("human_cards"))
    face_down = yaml.safe_load(path.read_text())["human_cards"]
    args = ["new", "--digital", "--from", str(path), "--name", "f"]
    started = run_typing(tmp_path, args, [*first(6), "quit"])
    assert started.exit_code == 0, started.output[-2000:]
    lines = (tmp_path / "games" / "f" / "journal.jsonl").read_text().splitlines()
    deals = [e for e in map(json.loads, lines) if e.get("kind") == "deal"]
    assert len(deals) >= face_down
    out = run_with(tmp_path, ["play", "f"], Person(seed=3))
    assert "Game over: " in out
