"""Action rounds (spec §10, §12.1): the human's two cards, the penalty outside the regions,
UN Intervention's limit, the AI's reveal, the moments lasting effects act at and their reminders
beside the board (appendix G9), extra rounds."""

from __future__ import annotations

import pytest

from twsolo.cli.render import instructions
from twsolo.engine.game import GameOver
from twsolo.engine.records import CardMove
from twsolo.engine.state import Effect, Result, area_of, hand_of
from twsolo.ids import Side
from twsolo.ruleset import Ruleset
from twsolo.solo.action_rounds import (
    action_round,
    action_rounds,
    ai_action,
    extra_rounds,
    human_action,
)
from twsolo.solo.flow import Flow
from twsolo.solo.regions import step_x
from twsolo.solo.turn import end_of_turn

from .test_solo_support import US, USSR, all_used, asked, give, make_flow, put

ASIA, EUROPE, CENTRAL_AMERICA = 1, 2, 37


def phasing(flow: Flow, side: Side) -> Flow:
    flow.game.state.phasing = side
    return flow


def regions(flow: Flow, primary: int = EUROPE, secondary: int = ASIA) -> None:
    put(flow, "primary", primary)
    put(flow, "secondary", secondary)


def test_human_draws_two_and_plays_one_spec_10_1(rules: Ruleset) -> None:
    """Spec §10.1: draw 2, play 1 (here on the Space Race), the other to the bottom."""
    flow = make_flow(rules, USSR, human=[7, "space_race"], draws=[7, 19], dice=[1])
    give(flow, US, 7, 19, 26)
    human_action(phasing(flow, US))
    card_q, play_q = asked(flow, US)
    assert card_q.kind == "ar_card"
    assert card_q.options == (7, 19)
    assert play_q.kind == "play"
    assert play_q.options == ("ops", "space_race")
    state = flow.game.state
    assert state.piles[hand_of(US)].bottom == [19]
    assert 26 in state.piles[hand_of(US)]
    assert 7 in state.piles["discard"]
    assert state.space[US.col] == 1
    assert all_used(flow)


def test_human_with_one_card_or_none_spec_10_1_1(rules: Ruleset) -> None:
    """Spec §10.1.1: with 1 card the human plays it; with 0 the human passes."""
    flow = make_flow(rules, USSR, human=[19, "ops", "influence", "uk"])
    give(flow, US, 19)
    human_action(phasing(flow, US))
    assert asked(flow, US)[0].options == (19,)
    human_action(flow)
    assert flow.counts["human_passes"] == 1
    assert all_used(flow)


def test_off_region_penalty_once_per_round_spec_10_2(rules: Ruleset) -> None:
    """Spec §10.2: ops spent outside the Primary and Secondary Regions cost the human 1 VP,
    once per action round however many; spent inside them, nothing."""
    outside = make_flow(
        rules, USSR, turn=4, human=[25, "ops", "influence", "mexico", "mexico", "mexico"]
    )
    regions(outside)
    give(outside, US, 25)
    action_round(outside, 1)  # the AI (USSR) has no card: it passes
    assert outside.game.state.vp == -1
    assert outside.rounds[-1].penalty
    assert outside.counts["penalties"] == 1
    assert outside.counts["ai_passes"] == 1

    inside = make_flow(rules, USSR, turn=4, human=[25, "ops", "influence", "uk", "uk", "uk"])
    regions(inside)
    give(inside, US, 25)
    action_round(inside, 1)
    assert inside.game.state.vp == 0
    assert not inside.rounds[-1].penalty


def test_the_space_race_costs_no_penalty_spec_10_2_3(rules: Ruleset) -> None:
    """Spec §10.2.3: the Space Race is always open to the human: a card played on it is not
    ops spent outside the Primary and Secondary Regions."""
    flow = make_flow(rules, USSR, turn=4, human=[25, "space_race"], dice=[2])
    regions(flow)
    give(flow, US, 25)
    action_round(flow, 1)
    assert flow.game.state.space[US.col] == 1  # the attempt was made (roll 2: success)
    assert flow.game.state.vp == 2  # the box's VP to the US (first there), no penalty to the AI
    assert not flow.rounds[-1].penalty
    assert flow.counts["penalties"] == 0


def test_the_options_that_cost_the_penalty_are_named_spec_10_2(rules: Ruleset) -> None:
    """Spec §10.2: while a round lasts, each ops question names the options outside the two
    regions (with the penalty's VP), until an op went outside: then the round's penalty is due
    and nothing more costs anything. The headline is no action round: nothing is named."""
    flow = make_flow(rules, USSR, turn=4, human=[25, "ops", "influence", "uk", "mexico", "uk"])
    regions(flow)
    give(flow, US, 25)
    action_round(flow, 1)
    points = [c for c in asked(flow, US) if c.kind == "influence"]
    assert len(points) == 3
    first, second, third = (p.context.get("off_region", ()) for p in points)
    assert "mexico" in first
    assert "mexico" in second
    assert not {"uk", "japan", "done"} & set(first)
    assert points[0].context["penalty_vp"] == rules.regions.human_offregion_penalty_vp
    assert third == ()
    assert flow.game.state.vp == -1
    assert flow.seat.area is None  # only while the round lasts


def test_event_placement_in_a_region_of_choice_spec_10_2_4(rules: Ruleset) -> None:
    """Spec §10.2.4: influence an event lets the human place in a region of the human's choice
    follows the restriction (Decolonization in Africa: penalty; in Southeast Asia, part of the
    Primary Asia: none); an event naming its country resolves as printed (Fidel: no penalty)."""
    cases = [
        (["algeria", "laos_cambodia", "thailand", "vietnam"], True),
        (["burma", "laos_cambodia", "thailand", "vietnam"], False),
    ]
    for places, penalty in cases:
        flow = make_flow(rules, US, turn=2, human=[30, "event", *places])
        regions(flow, ASIA, EUROPE)
        give(flow, USSR, 30)
        action_round(flow, 1)
        assert flow.game.state.vp == (1 if penalty else 0)  # 1 VP to the AI (US)
        assert flow.rounds[-1].penalty is penalty
        assert all_used(flow)
    fidel = make_flow(rules, US, turn=2, human=[8, "event"])
    regions(fidel, ASIA, EUROPE)
    give(fidel, USSR, 8)
    action_round(fidel, 1)
    assert fidel.game.state.inf(rules.index["cuba"], USSR) == 3
    assert fidel.game.state.vp == 0
    assert not fidel.rounds[-1].penalty


def test_an_event_of_the_human_in_the_ais_action_costs_nothing_spec_10_2_4(
    rules: Ruleset,
) -> None:
    """Spec §10.2.4 counts influence from events the human plays. The AI (USSR) plays Five Year
    Plan (a US card) for ops; its event makes the USSR discard Colonial Rear Guards at random,
    whose event then happens for the US: the human places its 4 influence in Africa, outside
    the Primary (Europe) and the Secondary (Asia), during the AI's action — no penalty. The same
    placements from the human's own play of the card cost 1 VP."""
    africa = ["algeria", "nigeria", "zaire", "angola"]
    flow = make_flow(
        rules,
        USSR,
        turn=4,
        human=africa,
        ai=["ops", "event_first", "influence", "east_germany", "east_germany", "east_germany"],
        draws=[5, 63],
    )
    regions(flow)
    give(flow, USSR, 5, 63)
    action_round(flow, 1)  # the human (US) has no card: it passes
    state = flow.game.state
    assert [state.inf(rules.index[c], US) for c in africa] == [1, 1, 1, 1]
    assert state.vp == 0
    assert not flow.rounds[-1].penalty
    assert all_used(flow)

    own = make_flow(rules, USSR, turn=4, human=[63, "event", *africa])
    regions(own)
    give(own, US, 63)
    action_round(own, 1)
    assert own.game.state.vp == -1  # 1 VP to the AI (USSR)
    assert own.rounds[-1].penalty


def test_un_intervention_cancels_only_the_other_drawn_card_spec_10_1_4(rules: Ruleset) -> None:
    """Spec §10.1.4: the human's UN Intervention may cancel only the event of the other card drawn
    this round; without such a card its event is not offered."""
    flow = make_flow(
        rules, USSR, human=[32, "event", 7, "influence", "uk", "uk", "uk"], draws=[32, 7]
    )
    give(flow, US, 32, 7, 11)
    human_action(phasing(flow, US))
    pick = next(c for c in asked(flow, US) if c.kind == "card")
    assert pick.options == (7,)
    assert "§10.1.4" in pick.prompt
    state = flow.game.state
    assert 7 in state.piles["discard"]
    assert 32 in state.piles["discard"]
    assert 11 in state.piles[hand_of(US)]
    assert flow.seat.un_card is None
    assert state.inf(rules.index["uk"], US) == rules.country("uk").start[US] + 3
    assert all_used(flow)
    # The other card stays on the table for UN Intervention: never to the bottom and out again.
    moves = [r for r in flow.game.log if isinstance(r, CardMove) and r.card == 7]
    assert not any(r.bottom for r in moves)
    assert [(r.source, r.target) for r in moves[-2:]] == [
        (hand_of(US), "table"),
        ("table", "discard"),
    ]

    alone = make_flow(rules, USSR, human=[32, "ops", "influence", "uk"], draws=[32, 19])
    give(alone, US, 32, 19, 11)
    human_action(phasing(alone, US))
    assert next(c for c in asked(alone, US) if c.kind == "play").options == ("ops",)
    assert alone.game.state.piles[hand_of(US)].bottom == [19]  # for its Op: the other to the bottom


def test_ai_reveals_and_plays_or_passes_spec_12_1(rules: Ruleset) -> None:
    """Spec §12.1: the AI reveals its top card and plays it through the engine (the AI answers
    how); an empty deck/hand passes."""
    flow = make_flow(rules, USSR, ai=["space_race"], draws=[4], dice=[6])
    give(flow, USSR, 4, 5)
    ai_action(phasing(flow, USSR))
    state = flow.game.state
    assert asked(flow, USSR)[0].kind == "play"
    assert 4 in state.piles["discard"]
    assert state.space_attempts[USSR.col] == 1
    assert list(state.piles[hand_of(USSR)].known()) == [5]
    empty = make_flow(rules, USSR)
    ai_action(phasing(empty, USSR))
    assert empty.counts["ai_passes"] == 1
    assert not asked(empty, USSR)


def test_round_start_hook_replaces_the_round_quagmire(rules: Ruleset) -> None:
    """Card-events #42 through the "round_start" moment (appendix #42): a trapped human draws
    2, discards the one with 2+ Ops and rolls; the other goes to the bottom; the round is
    replaced."""
    flow = make_flow(rules, USSR, dice=[1], draws=[25, 19])
    flow.game.state.effects.append(Effect(42, US))
    give(flow, US, 25, 19)
    human_action(phasing(flow, US))
    assert asked(flow, US) == []  # one card qualifies: nothing to choose
    state = flow.game.state
    assert 25 in state.piles["discard"]
    assert state.piles[hand_of(US)].bottom == [19]
    assert not state.has_effect(42)
    assert flow.counts["rounds_replaced"] == 1
    assert all_used(flow)


def test_card_chosen_moment_we_will_bury_you(rules: Ruleset) -> None:
    """Card-events #50 through the "card_chosen" moment: at the US's next action round the
    USSR gains 3 VP."""
    flow = make_flow(rules, USSR, human=[19, "ops", "influence", "uk"])
    flow.game.state.effects.append(Effect(50, US, "0:0:ussr"))
    give(flow, US, 19)
    human_action(phasing(flow, US))
    assert flow.game.state.vp == -3
    assert not flow.game.state.has_effect(50)


def test_we_will_bury_you_comes_before_the_us_vp_of_that_round(rules: Ruleset) -> None:
    """Card-events #50 (issue #14 defect 6): the 3 VP come before any VP the US earns in that
    action round. The USSR at 17 VP; the US plays Nixon Plays the China Card while holding the
    China Card (+2 VP): the USSR reaches 20 first and wins; Nixon's +2 never comes."""
    flow = make_flow(rules, USSR, human=[71, "event"])
    state = flow.game.state
    state.vp = -17
    state.effects.append(Effect(50, US, "0:0:ussr"))
    state.piles[area_of(USSR)].remove(6)
    state.piles[area_of(US)].shuffled.append(6)
    give(flow, US, 71)
    with pytest.raises(GameOver):
        human_action(phasing(flow, US))
    assert state.result == Result(USSR, "vp20")
    assert state.vp == -20


def test_extra_rounds_north_sea_oil_and_space_station(rules: Ruleset) -> None:
    """Base A4.D: North Sea Oil gives the US an 8th round ("extra_rounds" moment); the Space
    Station (box 8) one more round; extra rounds come after the others, only for their side,
    never a Scoring Round."""
    flow = make_flow(rules, USSR, turn=4, strict=False)
    state = flow.game.state
    state.effects.append(Effect(86, US, "round"))
    assert extra_rounds(flow, US) == 1
    assert extra_rounds(flow, USSR) == 0
    state.space = [0, 8]
    assert extra_rounds(flow, USSR) == 1
    step_x(flow)
    action_rounds(flow)
    assert [r.round for r in flow.rounds] == [1, 2, 3, 4, 5, 6, 7, 8]
    last = flow.rounds[-1]
    assert last.extra
    assert not last.scoring
    assert last.order == [USSR, US]
    assert [r.round for r in flow.rounds if r.scoring] == [3, 6]


def test_deck_hands_shuffled_after_an_event_takes_from_one_spec_22_4(rules: Ruleset) -> None:
    """Spec §3.4, §22.4 (ruling: whenever an event takes a card out of a deck/hand): afterwards
    both deck/hands are shuffled, so the human's bottom cards lose their place."""
    flow = make_flow(rules, US, ai=["event"], draws=[5])
    give(flow, US, 5)
    give(flow, USSR, 7)
    put(flow, hand_of(USSR), 8, 11, bottom=True)
    ai_action(phasing(flow, US))  # Five Year Plan: the human USSR discards at random
    hand = flow.game.state.piles[hand_of(USSR)]
    assert 7 in flow.game.state.piles["discard"]  # chance picked the first card
    assert not hand.bottom
    assert sorted(hand.shuffled) == [8, 11]
    quiet = make_flow(rules, US, ai=["space_race"], draws=[4], dice=[6])
    give(quiet, US, 4)
    put(quiet, hand_of(USSR), 8, 11, bottom=True)
    ai_action(phasing(quiet, US))
    assert quiet.game.state.piles[hand_of(USSR)].bottom == [8, 11]  # nothing taken: kept


def test_the_china_card_played_passes_face_down_spec_3_2(rules: Ruleset) -> None:
    """Spec §3.2, §3.5: the human plays the China Card from the deck/hand for Ops (+1 with all of
    them in Asia); it goes face down to the AI's play area."""
    flow = make_flow(rules, USSR, human=[6, "ops", "influence", *["japan"] * 5], draws=[6, 19])
    give(flow, US, 6, 19)
    human_action(phasing(flow, US))
    state = flow.game.state
    assert state.inf(rules.index["japan"], US) == rules.country("japan").start[US] + 5
    assert 6 in state.piles[area_of(USSR)]
    assert not state.china_face_up
    assert all_used(flow)


ALWAYS = ("china_card_always_enters",)  # spec §25.2, an enhanced-AI switch
AFRICA = 79


@pytest.mark.parametrize("asian", [False, True])
def test_the_enhanced_ai_keeps_the_china_card_for_asia_spec_25_2(
    rules: Ruleset, asian: bool
) -> None:
    """Spec §25.2: revealing the China Card while neither region is Asia or Southeast Asia, the
    AI sets it aside, plays the next card, then shuffles the China Card back; with Asia the
    Secondary it plays the China Card."""
    ai = ["space_race"] if not asian else ["ops", "influence", *["south_korea"] * 5]
    draws, dice = ([6], []) if asian else ([6, 4], [6])
    flow = make_flow(rules, USSR, ai=ai, draws=draws, dice=dice, enhanced=ALWAYS)
    regions(flow, EUROPE, ASIA if asian else AFRICA)
    put(flow, hand_of(USSR), 6)
    give(flow, USSR, 4)
    ai_action(phasing(flow, USSR))
    state = flow.game.state
    if asian:
        assert state.inf(rules.index["south_korea"], USSR) == 5  # 4 ops + 1, all in Asia
        assert 6 in state.piles[area_of(US)]
        assert 4 in state.piles[hand_of(USSR)]
    else:
        assert 4 in state.piles["discard"]  # Duck and Cover went to the Space Race
        assert state.space_attempts[USSR.col] == 1
        assert list(state.piles[hand_of(USSR)].known()) == [6]  # shuffled back
    assert all_used(flow)


def test_the_seed_ai_plays_the_china_card_it_reveals(rules: Ruleset) -> None:
    """Spec §12.2.1: without the switch the China Card is played where it is revealed."""
    answers = ["ops", "influence", "poland", "poland", "poland", "poland"]
    flow = make_flow(rules, USSR, ai=answers, draws=[6])
    regions(flow, EUROPE, AFRICA)
    put(flow, hand_of(USSR), 6)
    give(flow, USSR, 4)
    ai_action(phasing(flow, USSR))
    assert 6 in flow.game.state.piles[area_of(US)]


def test_lasting_effects_are_kept_beside_the_board_g9(rules: Ruleset) -> None:
    """Appendix G9: the instructions for the board tell to keep a lasting effect's card or a
    marker beside the board while it is in force, and to take it away when it ends (here
    Containment, played by the human as its event, ends with the turn, spec §19)."""
    flow = make_flow(rules, USSR, turn=4, human=[25, "event"])
    regions(flow)
    give(flow, US, 25)
    action_round(flow, 1)
    played = instructions(rules, flow.game.log, USSR)
    lasts = "#25 Containment: its effect lasts; keep the card or a marker beside the board"
    assert lasts in played
    start = len(flow.game.log)
    end_of_turn(flow)
    ended = instructions(rules, flow.game.log[start:], USSR)
    assert (
        "#25 Containment: its effect ends; take its card or marker from beside the board" in ended
    )
