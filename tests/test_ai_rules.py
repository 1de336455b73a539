"""Small AI rules checked directly (spec §11–§18; appendix G5, #109)."""

from __future__ import annotations

from tests.support import position
from twsolo.ai.bot import Bot
from twsolo.ai.card_decisions import Judge
from twsolo.ai.military import coup_lowers_defcon, coup_valid
from twsolo.ai.view import View
from twsolo.engine.state import Effect, GameState
from twsolo.ids import CardId, Side
from twsolo.ruleset import Ruleset
from twsolo.solo.policy import SoloPolicy


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


def _judge(rules: Ruleset, state: GameState, side: Side) -> Judge:
    state.ai_side = side
    return Judge(View(rules, state, side, []), lambda s: Bot(s, dry=True), SoloPolicy())


def test_the_human_event_dry_run_counts_what_lasting_effects_add(rules: Ruleset) -> None:
    """spec §12.2.3a [r2]: "hurts" counts the VP lasting effects add when the AI plays the card
    for ops: with Flower Power in force, the AI (US) playing Korean War (the USSR's war) gives
    the USSR 2 VP more than the war's own 2."""
    plain = position(rules, influence={"south_korea": (2, 0)})
    war = _judge(rules, plain, Side.US).human_event(CardId.KOREAN_WAR)[1]
    flower = position(rules, influence={"south_korea": (2, 0)})
    flower.effects.append(Effect(CardId.FLOWER_POWER, Side.USSR))
    both = _judge(rules, flower, Side.US).human_event(CardId.KOREAN_WAR)[1]
    assert (war.vp, both.vp) == (-2, -4)


def test_a_dry_run_counts_the_vp_an_event_awards_later(rules: Ruleset) -> None:
    """Appendix G4 (issue #19 defect 3): We Will Bury You's 3 VP, due at the US's next round,
    count in the dry run, and bring the USSR at 17 to a win."""
    state = position(rules, defcon=4, vp=-17)
    metrics = _judge(rules, state, Side.USSR).dry_run(CardId.WE_WILL_BURY_YOU, Side.USSR)[1]
    assert metrics.vp == 3
    assert metrics.wins


def test_nuclear_subs_spares_only_the_us_defcon(rules: Ruleset) -> None:
    """Card-events #41: under Nuclear Subs the US's battleground coups do not lower DEFCON; the
    USSR's still do (spec §14.3 reads this for the AI's margin)."""
    state = position(rules, empty=True, effects=[Effect(41, Side.US)])
    iran = rules.index["iran"]
    assert not coup_lowers_defcon(View(rules, state, Side.US), iran)
    assert coup_lowers_defcon(View(rules, state, Side.USSR), iran)


def test_death_squads_count_for_their_sides_coups(rules: Ruleset) -> None:
    """Spec §14.1 with card-events #69: a coup is valid only with a success chance above 0,
    counted with the Death Squads' +1 for their side: 1 op against Costa Rica (stability 3)
    succeeds on a 5 or 6 with the +1, never with the -1 of the other side's squads."""
    state = position(rules, empty=True, influence={"costa_rica": (1, 0)})
    costa_rica = rules.index["costa_rica"]
    state.effects.append(Effect(69, Side.USSR))
    assert coup_valid(View(rules, state, Side.USSR), costa_rica, 1)
    state.effects[-1] = Effect(69, Side.US)
    assert not coup_valid(View(rules, state, Side.USSR), costa_rica, 1)
