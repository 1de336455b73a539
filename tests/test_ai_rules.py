"""Small AI rules checked directly (spec §11–§18; appendix G5, #109)."""

from __future__ import annotations

from tests.support import position
from twsolo.ai.military import coup_valid
from twsolo.ai.view import View
from twsolo.engine.state import Effect
from twsolo.ids import Side
from twsolo.ruleset import Ruleset


def test_no_us_coups_under_yuri_and_samantha(rules: Ruleset) -> None:
    """appendix #109: while it is in force, the AI as the US makes no coup attempts."""
    state = position(rules, empty=True, influence={"angola": (0, 1)})
    angola = rules.index["angola"]
    assert coup_valid(View(rules, state, Side.US), angola, 3)
    state.effects.append(Effect(109, Side.US))
    assert not coup_valid(View(rules, state, Side.US), angola, 3)
    # The USSR is not bound by it.
    state.influence[angola] = (1, 0)
    assert coup_valid(View(rules, state, Side.USSR), angola, 3)


def test_no_coup_while_a_cuban_missile_crisis_binds_the_ai(rules: Ruleset) -> None:
    """appendix G5."""
    state = position(rules, empty=True, influence={"angola": (0, 1)})
    state.effects.append(Effect(40, Side.US))
    assert not coup_valid(View(rules, state, Side.US), rules.index["angola"], 3)


def test_caps(rules: Ruleset) -> None:
    """spec §11.4, the seed's example: 2 human influence in France (stability 3): cap 6; a
    non-battleground has no +1."""
    state = position(rules, empty=True, influence={"france": (2, 0), "benelux": (2, 0)})
    view = View(rules, state, Side.USSR)
    assert view.cap(rules.index["france"]) == 6
    assert view.cap(rules.index["benelux"]) == 5
