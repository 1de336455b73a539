"""The events read their facts from rules/cards.yaml (event regions, war figures, printed
numbers): an edited copy of the rules changes what an event does, with no Python edited."""

from __future__ import annotations

from pathlib import Path

from twsolo.compose import load_ruleset
from twsolo.engine.events import play_event
from twsolo.ids import CardId, Side
from twsolo.ruleset import Ruleset

from .support import finished, game_at, inf, position, to_table

US, USSR = Side.US, Side.USSR


def edited(rules_copy: Path, old: str, new: str) -> Ruleset:
    path = rules_copy / "cards.yaml"
    text = path.read_text()
    assert text.count(old) == 1
    path.write_text(text.replace(old, new))
    return load_ruleset(rules_copy)


def test_junta_places_and_coups_with_its_figures(rules: Ruleset, rules_copy: Path) -> None:
    """Junta's +2 and 2 ops are cards.yaml figures: +3 and 3 ops in an edited copy."""
    bigger = edited(
        rules_copy, "figures: {influence: 2, ops: 2}", "figures: {influence: 3, ops: 3}"
    )
    for ruleset, placed, panama in ((rules, 2, (0, 1)), (bigger, 3, (0, 2))):
        game = game_at(ruleset, position(ruleset), ussr=["chile", "coup", "panama"], dice=[4])
        to_table(game, CardId.JUNTA)
        assert play_event(game, CardId.JUNTA, USSR)
        assert inf(game, "chile") == (0, placed)
        assert inf(game, "panama") == panama  # 4 + ops − 2×2 removed 1 (2 ops) or 2 (3 ops)
        finished(game)


def test_a_war_rolls_against_its_success_figure(rules: Ruleset, rules_copy: Path) -> None:
    """Indo-Pakistani War needs 4+ (cards.yaml `war`); with 6 in an edited copy, a 5 loses."""
    harder = edited(
        rules_copy,
        "war: {targets: [india, pakistan], vp: 2, milops: 2, success: 4,",
        "war: {targets: [india, pakistan], vp: 2, milops: 2, success: 6,",
    )
    for ruleset, vp in ((rules, -2), (harder, 0)):
        state = position(ruleset, empty=True, influence={"pakistan": (1, 0)})
        game = game_at(ruleset, state, ussr=["pakistan"], dice=[5])
        to_table(game, CardId.INDO_PAKISTANI_WAR)
        assert play_event(game, CardId.INDO_PAKISTANI_WAR, USSR)
        assert game.state.vp == vp
        finished(game)


def test_event_regions_are_where_the_event_acts(rules_copy: Path) -> None:
    """Liberation Theology acts in its cards.yaml `event_regions`: given South America in a
    copy, its placement question offers South American countries only."""
    moved = edited(
        rules_copy,
        "event_regions: [central_america]\n    figures: {influence: 3",
        "event_regions: [south_america]\n    figures: {influence: 3",
    )
    game = game_at(moved, position(moved), ussr=["chile", "chile", "peru"])
    to_table(game, CardId.LIBERATION_THEOLOGY)
    assert play_event(game, CardId.LIBERATION_THEOLOGY, USSR)
    assert inf(game, "chile") == (0, 2)
    assert inf(game, "peru") == (0, 1)
    finished(game)
