"""Solitaire procedures of the card appendix played through the turn flow: the China Card in a
deck/hand (spec §3.4, §22.4, appendix G7), Quagmire and Bear Trap (appendix #42, #44), Missile
Envy on top of a deck/hand (appendix #49), We Will Bury You against the AI (appendix #50), the
Cuban Missile Crisis (spec §23.7, appendix #40), Nuclear Subs (spec §14.5, appendix #41), the
AI's answers to Flower Power and U2 Incident (appendix #59, #60), and the AI's search of the
discard pile falling back on the draw deck (spec §22.3, appendix #43, #85)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from twsolo.ai.bot import Bot
from twsolo.compose import load_ruleset
from twsolo.engine.choices import CHANCE
from twsolo.engine.effects import NUCLEAR_SUBS_DOUBLE
from twsolo.engine.events import play_event, run_hooks
from twsolo.engine.game import Game, Policy
from twsolo.engine.records import (
    CardMove,
    CoupDone,
    InfluenceChange,
    RealignDone,
    Restacked,
    Shuffled,
)
from twsolo.engine.state import Effect, GameState, Pile, area_of, hand_of
from twsolo.ids import CHINA_CARD, Side
from twsolo.ruleset import Ruleset
from twsolo.solo.action_rounds import ai_action, human_action
from twsolo.solo.flow import Flow
from twsolo.solo.headline import resolve
from twsolo.solo.policy import SoloPolicy

from .support import game_at, inf, position, to_table
from .test_solo_support import US, USSR, asked, give, make_flow, put

EUROPE, ASIA, CENTRAL_AMERICA, SOUTH_AMERICA = 2, 1, 37, 81


def flow_at(
    rules: Ruleset,
    ai_side: Side,
    *,
    phasing: Side,
    primary: int = EUROPE,
    secondary: int = ASIA,
    action_round: int = 2,
    bot: bool = True,
    **kwargs: Any,
) -> Flow:
    """A solitaire flow in turn 4 at `action_round` with `phasing` to act, the Primary and
    Secondary Regions set, the AI played by a `Bot` (unless `bot` is False: scripted)."""
    flow = make_flow(rules, ai_side, turn=kwargs.pop("turn", 4), **kwargs)
    state = flow.game.state
    state.action_round, state.phasing = action_round, phasing
    put(flow, "primary", primary)
    put(flow, "secondary", secondary)
    if bot:
        flow.game.providers[ai_side] = Bot(ai_side)
    return flow


def all_used(flow: Flow) -> bool:
    """Every scripted answer, die and draw was used (a Bot has no script)."""
    scripts: list[Any] = [
        getattr(flow.game.providers[s], "inner", flow.game.providers[s]) for s in Side
    ]
    chance: Any = flow.game.providers[CHANCE]
    left = [len(getattr(p, "answers", [])) for p in scripts]
    return not any(left) and not chance.dice and not chance.draws


def board(flow: Flow, **influence: tuple[int, int]) -> None:
    """Influence (US, USSR) in the named countries; every other country emptied."""
    state, rules = flow.game.state, flow.game.rules
    state.influence[:] = 0
    for cid, value in influence.items():
        state.influence[rules.index[cid]] = value


def china_to_hand(flow: Flow, side: Side) -> None:
    flow.game.move_card(CHINA_CARD, hand_of(side))


def china_with(state: GameState, side: Side, *, face_up: bool) -> bool:
    return CHINA_CARD in state.piles[area_of(side)] and state.china_face_up is face_up


# ---------------------------------------------------------------- spec §3.4: the China Card
def test_china_card_in_hands_is_a_policy_switch_spec_3_4() -> None:
    """Spec §3.4 / appendix G7 in the solitaire policy; card-events A13 in the base one."""
    assert not Policy().china_card_in_hands()
    assert SoloPolicy().china_card_in_hands()


def test_grain_sales_takes_the_china_card_spec_3_4(rules: Ruleset) -> None:
    """Spec §3.4, appendix #67 on_human_play, G7: the human's Grain Sales may take the AI's
    China Card from its deck/hand; played for ops (+1 all in Asia) it passes face down to the
    AI's play area, as if played."""
    answers = [67, "event", "ops", "influence", *["japan"] * 5]
    flow = flow_at(rules, USSR, phasing=US, human=answers, bot=False)
    give(flow, US, 67)
    china_to_hand(flow, USSR)
    human_action(flow)
    state = flow.game.state
    assert inf(flow.game, "japan") == (rules.country("japan").start[US] + 5, 0)
    assert china_with(state, USSR, face_up=False)
    assert 67 in state.piles["discard"]
    assert all_used(flow)


def test_grain_sales_base_game_never_takes_the_china_card_a13(rules: Ruleset) -> None:
    """Card-events A13: in the base game the China Card is not taken; Grain Sales gives its own
    2 ops."""
    state = position(rules)
    state.piles[area_of(USSR)].remove(CHINA_CARD)
    state.piles[hand_of(USSR)].shuffled.append(CHINA_CARD)
    game = game_at(rules, state, us=["influence", "japan", "japan"])
    to_table(game, 67)
    play_event(game, 67, US)
    assert game.state.where(CHINA_CARD) == hand_of(USSR)
    assert inf(game, "japan") == (rules.country("japan").start[US] + 2, 0)


def test_ai_grain_sales_returns_a_human_event_appendix_67(rules: Ruleset) -> None:
    """Appendix #67: the AI (US) keeps the China Card it takes and plays it for Ops (spec
    §12.2.1); a card carrying the human's event goes back and Grain Sales gives its 2 Ops."""
    flow = flow_at(rules, US, phasing=US, draws=[67])
    board(flow, uk=(2, 0), france=(1, 1))
    give(flow, US, 67)
    china_to_hand(flow, USSR)
    ai_action(flow)
    state = flow.game.state
    assert china_with(state, USSR, face_up=False)  # taken, used, passed back face down
    assert int(state.influence[:, US.col].sum()) > 3
    returned = flow_at(rules, US, phasing=US, draws=[67])
    board(returned, uk=(2, 0), france=(1, 1))
    give(returned, US, 67)
    give(returned, USSR, 7)  # Socialist Governments: the human's event
    ai_action(returned)
    state = returned.game.state
    assert state.where(7) == hand_of(USSR)
    assert int(state.influence[:, US.col].sum()) == 3 + 2


@pytest.mark.parametrize("card", [10, 95])
def test_ai_discards_the_china_card_for_an_ops_requirement_g7(rules: Ruleset, card: int) -> None:
    """Appendix G7, #10, #95 on_human_play, spec §17.5: the AI (US) may meet the 3+ Ops discard
    of Blockade or Latin American Debt Crisis with the China Card; it then passes face down to
    the human (USSR)."""
    flow = flow_at(rules, US, phasing=USSR, human=[card, "event"], turn=8)
    board(flow, west_germany=(4, 0), argentina=(1, 1), chile=(0, 2))
    give(flow, USSR, card)
    give(flow, US, 19)  # 1 op: cannot be the discard
    china_to_hand(flow, US)
    human_action(flow)
    state = flow.game.state
    assert china_with(state, USSR, face_up=False)
    assert state.where(19) == hand_of(US)
    assert inf(flow.game, "west_germany") == (4, 0)
    assert inf(flow.game, "chile") == (0, 2)  # not doubled


def test_human_may_meet_blockade_with_the_china_card_spec_3_4(rules: Ruleset) -> None:
    """Spec §3.4: the human (US) may discard the China Card to meet Blockade's 3+ Ops (in the
    next action round, appendix #10); it passes face down to the AI (USSR). In the base game
    (card-events A13) it is not offered."""
    flow = flow_at(
        rules,
        USSR,
        phasing=USSR,
        ai=["event"],
        human=[CHINA_CARD, 19, "ops", "influence", "done"],
        draws=[10, 19, CHINA_CARD],
        bot=False,
    )
    board(flow, west_germany=(4, 0))
    give(flow, USSR, 10)
    give(flow, US, 19)
    china_to_hand(flow, US)
    ai_action(flow)
    assert flow.game.state.has_effect(10, US)  # answered in the human's next round
    flow.game.state.phasing = US
    human_action(flow)
    assert asked(flow, US)[0].options == (CHINA_CARD, "decline")
    assert china_with(flow.game.state, USSR, face_up=False)
    assert inf(flow.game, "west_germany") == (4, 0)

    state = position(rules, influence={"west_germany": (4, 0)})
    state.piles[area_of(USSR)].remove(CHINA_CARD)
    state.piles[hand_of(US)].shuffled.append(CHINA_CARD)
    game = game_at(rules, state)
    to_table(game, 10)
    play_event(game, 10, USSR)
    assert game.state.where(CHINA_CARD) == hand_of(US)
    assert inf(game, "west_germany") == (0, 0)


def test_random_discards_never_take_the_china_card_g7(rules: Ruleset) -> None:
    """Appendix G7 (card-events A13): the China Card is never lost to a random discard
    (Five Year Plan played by the AI as the US: the human's only card is the China Card)."""
    flow = flow_at(rules, US, phasing=US, ai=["event"], bot=False, draws=[5])
    give(flow, US, 5)
    china_to_hand(flow, USSR)
    ai_action(flow)
    assert flow.game.state.where(CHINA_CARD) == hand_of(USSR)


# ---------------------------------------------------------------- appendix #42, #44 traps
def test_trapped_ai_reveals_until_two_ops_appendix_42(rules: Ruleset) -> None:
    """Appendix #42 on_human_play: the trapped AI (US) reveals until a 2+ Ops card, discards it
    and rolls (1–4 frees it); the cards revealed before go back, shuffled."""
    flow = flow_at(rules, US, phasing=US, draws=[19, 21], dice=[4])
    flow.game.state.effects.append(Effect(42, US))
    give(flow, US, 19, 21, 26)
    put(flow, hand_of(US), 64, bottom=True)
    ai_action(flow)
    state = flow.game.state
    assert state.where(21) == "discard"
    assert sorted(state.piles[hand_of(US)].shuffled) == [19, 26, 64]
    assert not state.has_effect(42)
    assert flow.counts["rounds_replaced"] == 1
    bot: Any = flow.game.providers[US]
    assert not bot.decisions  # no choice: chance reveals
    assert all_used(flow)


def test_trapped_ai_china_card_counts_appendix_44(rules: Ruleset) -> None:
    """Appendix #44 on_human_play, G7: the China Card counts for the trapped AI (USSR); it then
    passes face down to the human; a 5 keeps the AI trapped."""
    flow = flow_at(rules, USSR, phasing=USSR, draws=[54, CHINA_CARD], dice=[5])
    flow.game.state.effects.append(Effect(44, USSR))
    give(flow, USSR, 54)  # Allende: 1 op
    china_to_hand(flow, USSR)
    ai_action(flow)
    state = flow.game.state
    assert china_with(state, US, face_up=False)
    assert state.where(54) == hand_of(USSR)
    assert state.has_effect(44, USSR)
    assert all_used(flow)


def test_trapped_ai_without_two_ops_skips_the_round_appendix_42(rules: Ruleset) -> None:
    """Appendix #42 on_human_play: no card qualifies: the AI skips the round, no roll."""
    flow = flow_at(rules, US, phasing=US, draws=[19, 26])
    flow.game.state.effects.append(Effect(42, US))
    give(flow, US, 19, 26)
    ai_action(flow)
    state = flow.game.state
    assert sorted(state.piles[hand_of(US)].known()) == [19, 26]
    assert state.has_effect(42)
    assert flow.counts["rounds_replaced"] == 1
    assert all_used(flow)


def test_trapped_human_draws_two_appendix_42(rules: Ruleset) -> None:
    """Appendix #42 choices: the trapped human draws 2; both have 2+ Ops: the human discards one
    (the China Card counts and passes face down to the AI), the other goes to the bottom; a 6
    keeps the human trapped."""
    flow = flow_at(rules, USSR, phasing=US, human=[CHINA_CARD], draws=[21, CHINA_CARD], dice=[6])
    flow.game.state.effects.append(Effect(42, US))
    give(flow, US, 21, 19)
    china_to_hand(flow, US)
    human_action(flow)
    state = flow.game.state
    assert asked(flow, US)[0].options == (CHINA_CARD, 21)
    assert china_with(state, USSR, face_up=False)
    assert state.piles[hand_of(US)].bottom == [21]
    assert state.has_effect(42)
    assert flow.counts["rounds_replaced"] == 1
    assert all_used(flow)


def test_trapped_human_without_two_ops_skips_appendix_44(rules: Ruleset) -> None:
    """Appendix #44 choices (as #42): neither drawn card has 2+ Ops: both go to the bottom in
    the human's order, no roll, the round is skipped."""
    flow = flow_at(rules, US, phasing=USSR, human=[(54, 15)], draws=[15, 54])
    flow.game.state.effects.append(Effect(44, USSR))
    give(flow, USSR, 15, 54, 52)
    human_action(flow)
    state = flow.game.state
    assert asked(flow, USSR)[0].kind == "bottom"
    assert state.piles[hand_of(USSR)].bottom == [54, 15]
    assert state.has_effect(44)
    assert flow.counts["rounds_replaced"] == 1
    assert all_used(flow)


def test_a_trapped_round_still_counts_for_we_will_bury_you(rules: Ruleset) -> None:
    """A round the trap used is still the US's action round: We Will Bury You's 3 VP come
    (card-events #50) and its effect ends."""
    flow = flow_at(rules, USSR, phasing=US, human=[(54, 15)], draws=[15, 54])
    state = flow.game.state
    state.effects.extend([Effect(42, US), Effect(50, Side.USSR, "1:1:ussr")])
    give(flow, US, 15, 54, 52)
    vp = state.vp
    human_action(flow)
    assert flow.counts["rounds_replaced"] == 1
    assert state.vp == vp - 3
    assert not state.has_effect(50)


# ---------------------------------------------------------------- appendix #10, #95 escapes
def test_human_escapes_blockade_in_the_next_round_appendix_10(rules: Ruleset) -> None:
    """Appendix #10: at the next action round the human (US) discards one of the 2 drawn cards
    with 3+ Ops (#21 NATO) and must play the other (#19 Truman Doctrine); West Germany stays."""
    flow = flow_at(
        rules, USSR, phasing=US, human=[21, 19, "ops", "influence", "done"], draws=[19, 21]
    )
    state = flow.game.state
    board(flow, west_germany=(4, 0))
    state.effects.append(Effect(10, US, "escape"))
    give(flow, US, 19, 21)
    human_action(flow)
    assert state.where(21) == "discard"
    assert not state.has_effect(10)
    assert asked(flow, US)[1].options == (19,)  # the other card must be played
    assert inf(flow.game, "west_germany")[0] == 4


def test_human_declines_and_loses_west_germany_appendix_10(rules: Ruleset) -> None:
    """Appendix #10: declining the discard, all US influence leaves West Germany now."""
    flow = flow_at(
        rules, USSR, phasing=US, human=["decline", 19, "ops", "influence", "done"], draws=[19, 21]
    )
    state = flow.game.state
    board(flow, west_germany=(4, 0))
    state.effects.append(Effect(10, US, "escape"))
    give(flow, US, 19, 21)
    human_action(flow)
    assert inf(flow.game, "west_germany")[0] == 0
    assert not state.has_effect(10)


def test_debt_crisis_without_a_3_ops_card_doubles_appendix_95(rules: Ruleset) -> None:
    """Appendix #95 (as #10): no drawn card has 3+ Ops, so the USSR (the AI) doubles its
    influence in 2 South American countries at once."""
    flow = flow_at(rules, USSR, phasing=US, human=[19, "ops", "influence", "done"], draws=[19, 26])
    state = flow.game.state
    board(flow, argentina=(0, 1), chile=(0, 2))
    state.effects.append(Effect(95, US, "escape"))
    give(flow, US, 19, 26)
    human_action(flow)
    assert inf(flow.game, "argentina")[1] == 2
    assert inf(flow.game, "chile")[1] == 4


# ---------------------------------------------------------------- appendix #49 Missile Envy
def test_pile_known_top_part() -> None:
    """Decisions §3 with the known top (appendix #49): drawn first, counted, serialised only
    when it holds a card (an old dict still reads), mixed in by a shuffle unless kept."""
    pile = Pile([5, 3], [9], [49])
    state = GameState(influence=np.zeros((84, 2), dtype=np.int16))
    state.piles["draw"] = pile
    assert state.candidates("draw") == [49]
    assert list(pile.known()) == [49, 5, 3, 9]
    assert len(pile) == 4
    assert 49 in pile
    assert (
        Pile.from_dict(pile.to_dict()).to_dict()
        == pile.to_dict()
        == {
            "shuffled": [3, 5],
            "bottom": [9],
            "top": [49],
        }
    )
    assert Pile.from_dict({"shuffled": [3], "bottom": []}) == Pile([3])
    assert "top" not in Pile([3]).to_dict()
    kept = pile.copy()
    kept.shuffle(keep_top=True)
    assert (kept.top, sorted(kept.shuffled), kept.bottom) == ([49], [3, 5, 9], [])
    pile.shuffle()
    assert (pile.top, sorted(pile.shuffled)) == ([], [3, 5, 9, 49])
    state.piles["draw"] = Pile([5], [], [49])
    state.piles["draw"].remove(49)
    assert state.candidates("draw") == [5]


def test_missile_envy_on_top_of_the_human_deck_then_for_ops_appendix_49(rules: Ruleset) -> None:
    """Appendix #49 choices: the AI's Missile Envy takes the human's highest-Ops card and goes
    on top of the human's deck/hand (kept there by the shuffle that follows); in the human's
    next round it is drawn first and must be played, for Ops only. The state keeps the top
    through JSON."""
    flow = flow_at(
        rules, USSR, phasing=USSR, draws=[49], human=[49, "ops", "influence", "uk", "uk"]
    )
    board(flow, uk=(2, 0))
    give(flow, USSR, 49)
    give(flow, US, 19, 26, 14)  # COMECON (3 ops) carries the AI's event
    put(flow, hand_of(US), 64, bottom=True)
    ai_action(flow)
    state = flow.game.state
    assert state.where(14) == "removed"  # played as the AI's event
    hand = state.piles[hand_of(US)]
    assert hand.top == [49]
    assert not hand.bottom  # shuffled: cards were taken from a deck/hand (spec §22.4)
    assert GameState.from_dict(state.to_dict()).piles[hand_of(US)].top == [49]
    state.phasing = US
    human_action(flow)
    card_q, play_q = asked(flow, US)[:2]
    assert card_q.options == (49,)
    assert play_q.options == ("ops",)
    assert state.where(49) == "discard"
    assert not state.has_effect(49)
    assert all_used(flow)


def test_missile_envy_human_play_ai_plays_it_for_ops_appendix_49(rules: Ruleset) -> None:
    """Appendix #49 on_human_play: the AI gives its highest-Ops card (the China Card counts,
    G7: the human uses its Ops and it passes face down back to the AI), Missile Envy goes on top
    of the AI's deck/hand and the AI plays it for Ops in its next round."""
    answers = [49, "event", "influence", *["japan"] * 5]
    flow = flow_at(rules, US, phasing=USSR, human=answers)
    board(flow, uk=(2, 0), japan=(0, 1))
    give(flow, USSR, 49)
    give(flow, US, 19, 26)
    china_to_hand(flow, US)
    human_action(flow)
    state = flow.game.state
    assert inf(flow.game, "japan") == (0, 6)
    assert china_with(state, US, face_up=False)
    assert state.piles[hand_of(US)].top == [49]
    state.phasing = US
    ai_action(flow)
    bot: Any = flow.game.providers[US]
    play = next(d for d in bot.decisions if d.kind == "play")
    assert play.answer == "ops"
    assert state.where(49) == "discard"
    assert not state.has_effect(49)


# ---------------------------------------------------------------- appendix #50, #60
def test_ai_cancels_we_will_bury_you_with_un_intervention_appendix_50(rules: Ruleset) -> None:
    """Appendix #50 on_human_play: the AI (US) takes UN Intervention from its deck/hand in its
    next round and plays it as in entry 32, cancelling the 3 VP (also under U2 Incident, #60,
    whose one exception this is: the USSR gains its 1 VP)."""
    flow = flow_at(rules, US, phasing=USSR, human=[50, "event"])
    board(flow, uk=(2, 0), france=(1, 1))
    flow.game.state.effects.append(Effect(60, USSR))
    give(flow, USSR, 50)
    give(flow, US, 19, 32, 7, 26)
    human_action(flow)
    assert flow.game.state.has_effect(50, US)
    flow.game.state.phasing = US
    ai_action(flow)
    state = flow.game.state
    assert state.where(32) == "discard"
    assert state.where(7) == "discard"  # paired: its event cancelled, its 3 Ops placed
    assert state.vp == -1  # U2 Incident's VP, not We Will Bury You's 3
    assert not state.has_effect(50)


def test_un_intervention_alone_still_cancels_appendix_50(rules: Ruleset) -> None:
    """Appendix #50: with no human-event card to pair, UN Intervention played for its 1 Op still
    cancels the 3 VP; without UN Intervention the AI plays normally and the USSR gains 3."""
    flow = flow_at(rules, US, phasing=US)
    board(flow, uk=(2, 0))
    flow.game.state.effects.append(Effect(50, US, "4:2:ussr"))
    give(flow, US, 19, 32, 26)
    ai_action(flow)
    state = flow.game.state
    bot: Any = flow.game.providers[US]
    assert next(d for d in bot.decisions if d.kind == "play").answer == "ops"
    assert int(state.influence[:, US.col].sum()) == 2 + 1  # its 1 Op placed
    assert state.where(32) == "discard"
    assert state.vp == 0
    assert not state.has_effect(50)

    without = flow_at(rules, US, phasing=US)
    board(without, uk=(2, 0))
    without.game.state.effects.append(Effect(50, US, "4:2:ussr"))
    give(without, US, 19, 26)
    ai_action(without)
    assert without.game.state.vp == -3


def test_u2_incident_ai_plays_un_intervention_for_its_op_appendix_60(rules: Ruleset) -> None:
    """Appendix #60 on_human_play: with U2 Incident in force the AI (US) plays UN Intervention
    for its Op, not its event, although it holds a human-event card to pair with it."""
    flow = flow_at(rules, US, phasing=US, draws=[32])
    board(flow, uk=(2, 0), france=(1, 1))
    flow.game.state.effects.append(Effect(60, USSR))
    give(flow, US, 32, 7)
    ai_action(flow)
    state = flow.game.state
    assert state.where(7) == hand_of(US)
    assert state.where(32) == "discard"
    assert state.vp == 0
    bot: Any = flow.game.providers[US]
    assert next(d for d in bot.decisions if d.kind == "play").answer == "ops"


# ---------------------------------------------------------------- appendix #59
def test_flower_power_ai_puts_war_cards_on_the_space_race_appendix_59(rules: Ruleset) -> None:
    """Appendix #59 on_human_play: with Flower Power in force against it, the AI (US) plays a
    war card it reveals on the Space Race when that is legal: the USSR gains no 2 VP."""
    flow = flow_at(rules, US, phasing=US, draws=[24], dice=[6])
    board(flow, uk=(2, 0), india=(1, 0), pakistan=(1, 0))
    flow.game.state.effects.append(Effect(59, US))
    give(flow, US, 24)
    ai_action(flow)
    state = flow.game.state
    assert state.space_attempts[US.col] == 1
    assert state.vp == 0
    assert state.where(24) == "discard"


# ---------------------------------------------------------------- spec §23.7, appendix #40
def test_ai_cuban_missile_crisis_removes_human_influence_spec_23_7(rules: Ruleset) -> None:
    """Spec §23.7, appendix #40 choices: the AI's Cuban Missile Crisis sets DEFCON 2 and removes
    2 of the human's influence from West Germany or Turkey, whichever changes Europe's score
    more (here Turkey: it is the human's only non-battleground, so its loss ends their
    domination; West Germany would stay controlled); the rest of the card is ignored."""
    flow = flow_at(rules, USSR, phasing=USSR, action_round=0)
    europe = {"france": (3, 0), "italy": (2, 0), "poland": (0, 3), "east_germany": (0, 3)}
    board(flow, west_germany=(6, 0), turkey=(2, 0), **europe)
    give(flow, USSR, 40)
    flow.game.move_card(40, "table")
    resolve(flow, {USSR: 40})
    state = flow.game.state
    assert state.defcon == 2
    assert inf(flow.game, "turkey") == (0, 0)
    assert inf(flow.game, "west_germany") == (6, 0)
    assert not state.has_effect(40)
    assert state.where(40) == "removed"


@pytest.mark.parametrize(
    ("ai", "influence", "country", "left"),
    [
        (US, {"turkey": (2, 0), "west_germany": (3, 0)}, "turkey", (0, 0)),
        (US, {"turkey": (1, 0), "west_germany": (3, 0)}, "west_germany", (1, 0)),
        (USSR, {"cuba": (0, 3)}, "cuba", (0, 1)),
    ],
)
def test_ai_cancels_the_human_cuban_missile_crisis_spec_23_7(
    rules: Ruleset,
    ai: Side,
    influence: dict[str, tuple[int, int]],
    country: str,
    left: tuple[int, int],
) -> None:
    """Spec §23.7, appendix #40 on_human_play: once the human's Cuban Missile Crisis resolves,
    the AI cancels it: as the US from Turkey, else West Germany; as the USSR from Cuba."""
    flow = flow_at(rules, ai, phasing=ai.other, human=[40, "event"])
    board(flow, **influence)
    give(flow, ai.other, 40)
    human_action(flow)
    state = flow.game.state
    assert state.defcon == 2
    assert inf(flow.game, country) == left
    assert not state.has_effect(40)
    assert all_used(flow)


def test_ai_cancels_the_crisis_once_it_can_spec_23_7(rules: Ruleset) -> None:
    """Spec §23.7: an AI (US) without 2 influence in Turkey or West Germany stays bound; after
    a later card gives it 2 in Turkey, it cancels at once."""
    flow = flow_at(rules, US, phasing=USSR, human=[40, "event"])
    board(flow, turkey=(1, 0))
    give(flow, USSR, 40)
    human_action(flow)
    state = flow.game.state
    assert state.has_effect(40, US)
    flow.game.add_influence(rules.index["turkey"], US, 1)
    run_hooks(flow.game, "card_played", side=US, card=19, how="ops")
    assert not state.has_effect(40)
    assert inf(flow.game, "turkey") == (0, 0)


# ---------------------------------------------------------------- spec §14.5, appendix #41
def test_nuclear_subs_ai_coups_twice_spec_14_5(rules: Ruleset) -> None:
    """Spec §14.5, appendix #41: after its Nuclear Subs the AI's (US) first coup this turn is
    made twice, each target by spec §14.2 with the card's full Ops; battleground coups do not
    lower DEFCON; the double coup is then spent."""
    flow = flow_at(
        rules,
        US,
        phasing=US,
        primary=CENTRAL_AMERICA,
        secondary=SOUTH_AMERICA,
        action_round=7,  # the AI's last round: spec §14.4's military ops bring a coup
        draws=[21],
        dice=[3, 2],
    )
    state = flow.game.state
    state.defcon = 3
    board(flow, panama=(0, 2), mexico=(0, 2), cuba=(0, 3), uk=(5, 0))
    to_table(flow.game, 41)
    play_event(flow.game, 41, US, headline=True)
    assert NUCLEAR_SUBS_DOUBLE in state.effects
    give(flow, US, 21)  # NATO, 4 ops: no event possible
    ai_action(flow)
    coups = [r for r in flow.game.log if isinstance(r, CoupDone)]
    assert len(coups) == 2
    assert all(c.ops == 4 for c in coups)
    assert state.defcon == 3
    assert state.milops[US.col] == 5
    assert NUCLEAR_SUBS_DOUBLE not in state.effects
    assert state.has_effect(41, US)
    assert all_used(flow)


def test_nuclear_subs_double_coup_only_for_the_ai_appendix_41(rules: Ruleset) -> None:
    """Appendix #41 (G8): the double coup is the AI's (US) whenever the event is its own, also
    when the human (USSR) plays the card for ops; never in the base game or for a human US."""
    for ai_side, player, double in ((US, USSR, True), (USSR, US, False), (None, US, False)):
        state = position(rules)
        state.ai_side = ai_side
        game = game_at(rules, state)
        game.policy = SoloPolicy() if ai_side else Policy()  # the solitaire game's override
        to_table(game, 41)
        play_event(game, 41, player, triggered=player is USSR)
        assert (NUCLEAR_SUBS_DOUBLE in game.state.effects) is double
        assert game.state.has_effect(41, US)


def test_the_ai_cancels_where_its_entry_lists_first_appendix_40(
    rules: Ruleset, rules_copy: Path
) -> None:
    """The AI's cancelling is a Choice (`cuban_missile_crisis.cancel`) answered by its entry,
    traced like any decision: Turkey first; with the listing reordered in an edited copy of the
    rules, West Germany."""
    text = (rules_copy / "appendix.yaml").read_text()
    old = "keys: [{listed: [turkey, west_germany, cuba]}]"
    assert text.count(old) == 1
    (rules_copy / "appendix.yaml").write_text(
        text.replace(old, "keys: [{listed: [west_germany, turkey, cuba]}]")
    )
    for ruleset, cancelled in ((rules, "turkey"), (load_ruleset(rules_copy), "west_germany")):
        flow = flow_at(ruleset, US, phasing=USSR, human=[40, "event"])
        board(flow, turkey=(3, 0), west_germany=(3, 0))
        give(flow, USSR, 40)
        human_action(flow)
        assert inf(flow.game, cancelled) == (1, 0)
        bot = flow.game.providers[US]
        assert isinstance(bot, Bot)
        (decision,) = [d for d in bot.decisions if d.kind == "country"]
        assert decision.answer == cancelled
        rules_of = [s.rule for s in decision.steps]
        assert "appendix #40 choices (cuban_missile_crisis.cancel)" in rules_of


def salt_game(rules: Ruleset, chooser: Side, discard: list[int], *, human: list[Any]) -> Game:
    """SALT Negotiations (#43) played by `chooser` in turn 4 of a solitaire game with the AI
    as the USSR (a Bot), the discard pile holding `discard`."""
    state = position(rules, turn=4, defcon=2)
    state.ai_side = USSR
    for card in state.piles["mid_war"].known():
        state.put(card, "draw")
    for card in discard:
        state.put(card, "discard")
    game = game_at(rules, state, us=human)
    game.policy = SoloPolicy()
    game.providers[USSR] = Bot(USSR)
    to_table(game, 43)
    play_event(game, 43, chooser)
    return game


def test_ai_discard_search_falls_back_to_the_draw_deck_spec_22_3(rules: Ruleset) -> None:
    """Spec §22.3, appendix G7 and #43: with only the human's events in the discard pile, the
    AI reveals from the top of the draw deck (chance names the cards: the lowest first) until
    one qualifies (Socialist Governments, #7), takes it into its deck/hand, and shuffles the
    others (Duck and Cover, #4) back into the draw deck — a shuffle the table is told of."""
    game = salt_game(rules, USSR, [5, 26], human=[])
    state = game.state
    assert state.where(7) == hand_of(USSR)
    assert state.where(4) == "draw"
    assert [c for c in (5, 26) if state.where(c) == "discard"] == [5, 26]
    moves = [(r.card, r.source, r.target) for r in game.log if isinstance(r, CardMove)]
    assert (4, "draw", "table") in moves
    assert (4, "table", "draw") in moves
    assert Shuffled("draw") in game.log
    assert game.log.index(Shuffled("draw")) > moves.index((4, "table", "draw"))


def test_ai_discard_search_takes_from_the_pile_first_spec_22_3(rules: Ruleset) -> None:
    """Appendix #43: a qualifying card in the discard pile is taken; the draw deck is not
    touched."""
    game = salt_game(rules, USSR, [5, 13], human=[])
    assert game.state.where(13) == hand_of(USSR)
    assert not any(isinstance(r, CardMove) and r.source == "draw" for r in game.log)
    assert not any(isinstance(r, Shuffled) for r in game.log)


def test_human_discard_search_has_no_fall_back_spec_22_3(rules: Ruleset) -> None:
    """Spec §22.3 is the AI's rule: the human playing SALT may decline, and nothing is revealed
    from the draw deck."""
    game = salt_game(rules, US, [5, 26], human=["decline"])
    assert not any(isinstance(r, CardMove) and r.source == "draw" for r in game.log)
    assert all(game.state.where(c) == "discard" for c in (5, 26))


@pytest.mark.parametrize(("card", "ai"), [(26, US), (62, USSR)])
def test_the_ais_cia_created_or_lone_gunman_restacks_the_human_deck_appendix_26_62(
    rules: Ruleset, card: int, ai: Side
) -> None:
    """Appendix #26, #62: the AI's event makes the human look through their deck/hand (each
    face-down card named, spec §4) and restack it: the cards carrying the AI's event on top,
    highest Ops first, the others below, lowest Ops first, equal Ops in the order chance (the
    person at the table) gives; the order is known from then on, and the AI conducts 1 Op."""
    human = ai.other
    flow = flow_at(rules, ai, phasing=ai)
    game = flow.game
    board(flow, uk=(2, 0), poland=(0, 2))
    give(flow, human, 4, 8, 19, 31)  # one of each: a US event, a USSR event, both, a neutral
    to_table(game, card)
    game.deal("draw", hand_of(human), "deal")  # and two cards dealt face down
    game.deal("draw", hand_of(human), "deal")
    assert game.dealer is not None
    held = sorted([4, 8, 19, 31, *game.dealer.unseen_in(hand_of(human))])
    play_event(game, card, ai)
    hand = game.state.piles[hand_of(human)]
    assert (hand.unseen, hand.shuffled, hand.bottom) == (0, [], [])
    assert sorted(hand.top) == held
    ops = [rules.card(c).ops for c in hand.top]
    theirs = sum(1 for c in hand.top if rules.card(c).owner is ai)
    assert all(rules.card(c).owner is ai for c in hand.top[:theirs])
    assert ops[:theirs] == sorted(ops[:theirs], reverse=True)
    assert ops[theirs:] == sorted(ops[theirs:])
    after = game.log[next(i for i, r in enumerate(game.log) if isinstance(r, Restacked)) :]
    assert any(isinstance(r, (InfluenceChange, CoupDone, RealignDone)) for r in after)
    assert not game.dealer.check(game.state)
    assert game.state.candidates(hand_of(human)) == hand.top[:1]  # drawn in that order


def test_the_humans_cia_created_only_shows_the_ais_deck_appendix_26(rules: Ruleset) -> None:
    """Appendix #26 on_human_play: the human looks through the AI's deck/hand and does not
    reorder it: nothing is restacked, nothing named, the deck is shuffled after the look (G7)."""
    flow = flow_at(rules, USSR, phasing=US, human=["influence", "uk"])
    board(flow, uk=(2, 0))
    give(flow, USSR, 7, 8)
    game = flow.game
    to_table(game, 26)
    play_event(game, 26, US)
    assert not any(isinstance(r, Restacked) for r in game.log)
    assert Shuffled(hand_of(USSR)) in game.log
    assert game.state.inf(rules.index["uk"], US) == 3
