"""One seating (issue #42): compose.standard_providers builds every game's providers for the
simulator, the API and the testing kit, with one seed convention, from the stand-in registry of
players/ (a stand-in is one module there that sets STAND_IN)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from twsolo import api
from twsolo.ai.bot import Bot
from twsolo.compose import standard_providers
from twsolo.engine.choices import CHANCE, RandomPlayer, SeededChance
from twsolo.errors import TwsoloError
from twsolo.ids import Side
from twsolo.players import registry
from twsolo.players.greedy import GreedyPlayer
from twsolo.players.strong import StrongPlayer
from twsolo.sim.runs import GameSpec, providers

PACKAGE = Path(__file__).resolve().parents[1] / "twsolo"


def test_the_registry_holds_every_stand_in_module_of_players() -> None:
    """Each module of players/ that sets STAND_IN is found (so a new file is enough)."""
    declared = set()
    for path in (PACKAGE / "players").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "STAND_IN" for t in node.targets)
            for node in tree.body
        ):
            declared.add(path.stem)
    assert declared == {"greedy", "strong"}
    assert registry.names() == ("random", "greedy", "strong")
    assert registry.names() == api.HUMANS


def test_stand_ins_by_name_and_refusals() -> None:
    assert isinstance(registry.stand_in("random", Side.US, 3), RandomPlayer)
    assert isinstance(registry.stand_in("greedy", Side.US, 3), GreedyPlayer)
    strong = registry.stand_in("strong:2", Side.US, 3)
    assert isinstance(strong, StrongPlayer)
    assert strong.budget.samples == 2
    assert strong.seed == 4
    with pytest.raises(TwsoloError, match="unknown stand-in 'wise'"):
        registry.check_stand_in("wise")
    with pytest.raises(TwsoloError, match="unknown stand-in 'greedy:2'"):
        registry.check_stand_in("greedy:2")
    with pytest.raises(TwsoloError, match="whole number of worlds"):
        registry.check_stand_in("strong:x")


def test_one_seed_convention_for_every_caller() -> None:
    """Chance is seeded by the game's seed in the simulator, the API and the kit alike, so the
    same seed deals the same game whoever seats it."""
    seats = [
        providers(GameSpec(7, "us", "random"), Side.US),
        api.providers(Side.US, "random", 7),
        standard_providers(Side.US, 7, human="random"),
    ]
    for seat in seats:
        assert isinstance(seat[Side.US], Bot)
        assert isinstance(seat[CHANCE], SeededChance)
    draws = [[s[CHANCE].rng.random() for _ in range(3)] for s in seats]  # type: ignore[attr-defined]
    humans = [[s[Side.USSR].rng.random() for _ in range(3)] for s in seats]  # type: ignore[attr-defined]
    assert draws[0] == draws[1] == draws[2]
    assert humans[0] == humans[1] == humans[2]
    assert draws[0] != humans[0]


def test_one_place_builds_a_seating() -> None:
    """Seeded chance is built only by the seating (compose.py); engine-level random games
    (positions/scripted.py) seat two random players and no AI."""
    builders = set()
    for path in PACKAGE.rglob("*.py"):
        if "SeededChance(" in path.read_text(encoding="utf-8"):
            builders.add(path.relative_to(PACKAGE).as_posix())
    assert builders == {"compose.py", "positions/scripted.py"}
