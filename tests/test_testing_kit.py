"""The testing kit (twsolo/testing.py, docs/testing.md) as a rule tester uses it: properties in a
few lines over `games()`, `positions()` and `scenarios()`, and a false property that shrinks to
a short story of labelled answers."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

from twsolo.checks import record_problems
from twsolo.compose import load_ruleset, standard_providers
from twsolo.engine.records import DefconChange
from twsolo.engine.state import GameState
from twsolo.ids import Side
from twsolo.positions.decision import decision_at
from twsolo.ruleset import Ruleset
from twsolo.solo import SoloOptions
from twsolo.testing import (
    DrawnPlayer,
    Played,
    check_game,
    games,
    invariants,
    positions,
    read_scenario,
    scenarios,
)

RULES = load_ruleset()


@given(games(RULES))
def test_the_ai_never_leaves_defcon_at_1(game: Played) -> None:
    """docs/testing.md's first property, as written there."""
    assert game.result is not None
    assert not (game.result.reason == "defcon1" and game.result.winner is not game.ai)


@given(games(RULES, check=True))
def test_every_drawn_game_conforms(game: Played) -> None:
    assert game.problems == []


@given(positions(RULES))
def test_positions_reached_by_play_keep_the_invariants(state: GameState) -> None:
    assert invariants(state) == []


@given(scenarios(RULES))
def test_scenarios_are_legal_positions(data: dict[str, Any]) -> None:
    scenario = read_scenario(data, RULES)
    assert scenario.ai_side.value == data["ai_side"]
    assert scenario.card == data["card"]
    assert invariants(scenario.state, scenario.ai_side) == []
    decision = decision_at(RULES, scenario)
    assert decision["card"] == data["card"]
    # The position round-trips through its data (Scenario.to_dict / from_dict).
    written = scenario.to_dict()
    assert read_scenario(written, RULES).to_dict() == written


@given(st.data())
def test_a_drawn_human_in_a_checked_game(data: st.DataObject) -> None:
    """`DrawnPlayer(data)`: every answer a labelled draw, in a test's own game."""
    human = DrawnPlayer(data)
    checked = check_game(
        RULES, SoloOptions(ai_side=Side.US), standard_providers(Side.US, 1, human=human)
    )
    assert checked.problems == []
    assert human.story


def test_a_false_property_shrinks_to_a_short_story() -> None:
    """ "DEFCON stays at 4 or more" is false; the smallest game that breaks it is told in at most
    ten labelled answers (each the question's key and the option's index), stopped where it
    broke."""

    found = find(
        games(RULES, seeds=st.integers(0, 9), until=lambda game: game.state.defcon < 4),
        lambda played: played.state.defcon < 4,
        settings=settings(
            database=None,
            max_examples=100,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        ),
    )
    assert found.state.defcon < 4
    assert 1 <= len(found.story) <= 10, found
    keys = [key for key, _ in found.story]
    assert keys[0] == "draft"  # the story starts at the game's first question
    drops = [r for r in found.game.log if isinstance(r, DefconChange) and r.after < r.before]
    assert drops, found
    assert repr(found).startswith(f"Played({found.options.ai_side.value} AI")
    assert "stopped: draft" in repr(found)


def test_rules_fixture_is_the_kit_default(rules: Ruleset) -> None:
    assert [c.id for c in rules.countries] == [c.id for c in RULES.countries]


def test_the_record_checks_find_a_game_that_does_not_replay() -> None:
    options = SoloOptions(ai_side=Side.USSR)
    record = check_game(RULES, options, standard_providers(Side.USSR, 4)).record
    assert record_problems(RULES, options, record) == []
    record.state.vp += 1  # a final state the answers do not lead to
    assert record_problems(RULES, options, record) == [
        "replaying the recorded answers does not reproduce the final state"
    ]
