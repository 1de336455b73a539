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
    assert len(found.story) <= 10, found  # the deviations from the stand-in, if any
    drops = [r for r in found.game.log if isinstance(r, DefconChange) and r.after < r.before]
    assert drops, found
    assert repr(found).startswith(f"Played({found.options.ai_side.value} AI")
    assert "stopped in turn" in repr(found)


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


def test_a_failing_game_prints_its_short_story_not_the_game() -> None:
    """hypothesis prints a falsifying `Played` with its pretty printer: the short repr."""
    from hypothesis.vendor.pretty import pretty

    found = find(
        games(RULES, seeds=st.integers(0, 9), until=lambda game: game.state.turn >= 2),
        lambda played: played.state.turn >= 2,
        settings=settings(database=None, max_examples=20, derandomize=True),
    )
    assert pretty(found) == repr(found)
    assert len(repr(found)) < 300, repr(found)
    assert found.record is None  # stopped by `until`


def test_the_default_human_reaches_the_late_war_and_the_final_scoring() -> None:
    """The stand-in's preferences (no deviation drawn) carry games past the Early War."""
    from twsolo.solo import play_game
    from twsolo.testing import StandIn

    turns, reasons = [], []
    for seed in range(40):
        ai = Side(["us", "ussr"][seed % 2])
        human = StandIn(ai.other, {})
        record = play_game(
            RULES, SoloOptions(ai_side=ai), standard_providers(ai, seed, human=human)
        )
        turns.append(record.state.turn)
        reasons.append(record.result.reason)
    assert max(turns) >= 8, turns
    assert "final_scoring" in reasons, reasons


def test_impossible_effects_are_refused_and_reported() -> None:
    import pytest

    from twsolo.ids import CardId
    from twsolo.testing import Effect, effect_problems, position

    fine = [Effect(CardId.FLOWER_POWER, Side.US), Effect(CardId.RED_SCARE_PURGE, Side.USSR)]
    assert invariants(position(RULES, effects=fine)) == []
    with pytest.raises(ValueError, match="side ussr: its side is the US"):
        position(RULES, effects=[Effect(CardId.FLOWER_POWER, Side.USSR)])
    ended = [Effect(CardId.FLOWER_POWER, Side.US), Effect(CardId.AN_EVIL_EMPIRE)]
    assert [p.name for p in effect_problems(ended)] == ["effect"]
    assert effect_problems([Effect(CardId.NATO, Side.US)])[0].name == "effect_side"
    assert effect_problems([Effect(CardId.DUCK_AND_COVER)])[0].detail.endswith("lasting effect")


def test_play_card_runs_the_card_played_hooks() -> None:
    """Flower Power in force: a US war card played gives the USSR 2 VP more than the engine's
    play_card alone (which leaves the `card_played` moment to the turn flow)."""
    from twsolo.engine.card_play import play_card as engine_play_card
    from twsolo.engine.state import hand_of
    from twsolo.ids import CardId
    from twsolo.testing import Effect, game_at, play_card, position, score_region

    def game() -> Any:
        state = position(RULES, effects=[Effect(CardId.FLOWER_POWER, Side.US)], phasing=Side.US)
        state.piles[hand_of(Side.US)].shuffled.append(CardId.INDO_PAKISTANI_WAR)
        human = DrawnPlayer(draw=lambda n, key: 0)
        return game_at(RULES, state, us=human, ussr=human, dice=[1] * 8)

    kit, engine = game(), game()
    play_card(kit, Side.US, CardId.INDO_PAKISTANI_WAR, "event")
    engine_play_card(engine, Side.US, CardId.INDO_PAKISTANI_WAR, "event")
    assert kit.state.vp == engine.state.vp - 2
    assert score_region(kit, "europe").region == "europe"
