"""Deck/hands and the draft (spec §4, §5.B, §6)."""

from __future__ import annotations

from itertools import combinations

import pytest

from twsolo.engine.state import area_of, hand_of
from twsolo.ids import CHINA_CARD
from twsolo.ruleset import Ruleset
from twsolo.solo.draft import (
    capped_splits,
    deal_phase,
    draft,
    era_additions,
    legal_splits,
    split_refusal,
    step_zero,
)
from twsolo.solo.piles import hand_size

from .test_solo_support import US, USSR, asked, cards_once, give, make_flow, put

# Early War cards by printed Ops.
FOURS = (21, 23, 27, 31, 34)
THREES = (4, 5, 7, 14, 16, 17, 25, 28, 29, 33)
TWOS = (8, 9, 11, 13, 20, 22, 24, 30, 35, 103)
ONES = (10, 12, 15, 18, 19, 26, 32)


def test_op_balance_spec_6(rules: Ruleset) -> None:
    """Spec §6: the Ops the human keeps never exceed the Ops given to the AI (equal allowed);
    the options are exactly the balanced splits; a broken split is refused with the totals."""
    drawn = [21, 23, 4, 8, 10, 12]  # 4 4 3 2 1 1 = 15 Ops
    options = legal_splits(rules, drawn, 3)
    brute = [
        kept
        for kept in combinations(sorted(drawn), 3)
        if sum(rules.card(c).ops for c in kept)
        <= sum(rules.card(c).ops for c in drawn if c not in kept)
    ]
    assert options == brute
    assert (4, 8, 10) in options  # 6 kept vs 9 given
    assert (4, 21, 23) not in options
    assert (8, 10, 12) in options
    refusal = split_refusal(rules, [4, 21, 23], [8, 10, 12])
    assert refusal is not None
    assert "11 Ops" in refusal
    assert "4 Ops" in refusal
    assert split_refusal(rules, [21, 10], [23, 12]) is None  # 5 = 5: equal is allowed


def test_turn_1_draft_spec_6_1(rules: Ruleset) -> None:
    """Spec §6.1: draw 6 keep 3 twice, then 2 unseen cards each: 8 each, shuffled; no step 0
    (the China Card stays in the USSR's play area) and no bonus in turn 1."""
    flow = make_flow(
        rules,
        USSR,
        human=[(10, 12, 19), (15, 18, 26)],
        draws=[21, 23, 27, 10, 12, 19, 15, 18, 26, 4, 5, 7],
    )
    draft(flow)
    state = flow.game.state
    drafts = [c for c in asked(flow, US) if c.kind == "draft"]
    assert [(c.context["keep"], c.context["give"], c.context["bonus"]) for c in drafts] == [
        (3, 3, False),
        (3, 3, False),
    ]
    assert drafts[0].context["drawn"] == (10, 12, 19, 21, 23, 27)
    assert state.vp == 0  # kept 3 Ops, gave 12: no bonus in turn 1
    assert {10, 12, 19, 15, 18, 26} <= set(state.piles[hand_of(US)].known())
    assert {21, 23, 27} <= set(state.piles[hand_of(USSR)].known())
    assert hand_size(state, US) == hand_size(state, USSR) == 8
    assert CHINA_CARD in state.piles[area_of(USSR)]
    assert not state.piles[hand_of(US)].bottom
    assert not len(state.piles["table"])
    assert cards_once(flow)


def test_bonus_in_step_1_only_turns_2_3_spec_6_2(rules: Ruleset) -> None:
    """Spec §6.2: step 1 earns 1 VP when the AI's 3 cards total at least 3 Ops more than the
    human's; step 2 (draw 4, keep 2) earns none."""
    flow = make_flow(
        rules,
        USSR,
        turn=2,
        human=[(10, 12, 19), (15, 18)],
        draws=[21, 23, 27, 10, 12, 19, 31, 34, 15, 18],
    )
    give(flow, US, 4)
    give(flow, USSR, 5)
    draft(flow)
    drafts = [c for c in asked(flow, US) if c.kind == "draft"]
    assert [(c.context["keep"], len(c.context["drawn"]), c.context["bonus"]) for c in drafts] == [
        (3, 6, True),
        (2, 4, False),
    ]
    assert flow.game.state.vp == 1  # the US human: +1 once, although step 2 also gave 6 more
    assert hand_size(flow.game.state, US) == hand_size(flow.game.state, USSR) == 8


@pytest.mark.parametrize(
    ("second_draw", "second_keep", "vp"),
    [
        ([4, 5, 8, 7, 14, 9], (4, 8, 9), -1),  # step 2: 7 kept, 9 given: margin 2, no bonus
        ([4, 5, 7, 15, 18, 26], (15, 18, 26), -2),  # step 2: 3 kept, 9 given: bonus again
    ],
)
def test_bonus_in_both_steps_turns_4_10_spec_6_3(
    rules: Ruleset, second_draw: list[int], second_keep: tuple[int, ...], vp: int
) -> None:
    """Spec §6.3: two steps of draw 6 keep 3, each with the bonus (a margin of 2 earns none);
    deck/hands are filled to 9."""
    flow = make_flow(
        rules,
        US,
        turn=4,
        human=[(10, 12, 19), second_keep],
        draws=[21, 23, 27, 10, 12, 19, *second_draw],
    )
    give(flow, US, 16)
    give(flow, USSR, 17)
    draft(flow)
    assert flow.game.state.vp == vp  # the USSR human gained 1 VP per bonus
    assert hand_size(flow.game.state, US) == hand_size(flow.game.state, USSR) == 9


def test_step_zero_and_the_china_card_spec_6_2_0(rules: Ruleset) -> None:
    """Spec §6.2 step 0 (§23.2): only an empty deck/hand: with the China Card in the player's
    play area it moves in; otherwise one unseen card is dealt. The China Card does not count
    toward the 8 (base A4.B)."""
    flow = make_flow(rules, US, turn=2, draws=[10])
    give(flow, US, 4)  # the AI (US) has a card: nothing at step 0
    step_zero(flow)
    state = flow.game.state
    assert CHINA_CARD in state.piles[hand_of(USSR)]  # the USSR's deck/hand was empty
    assert list(state.piles[hand_of(US)].known()) == [4]
    flow2 = make_flow(rules, US, turn=2, draws=[10])
    put(flow2, area_of(US), CHINA_CARD)
    step_zero(flow2)
    dealt = flow2.game.state.piles[hand_of(USSR)]  # no China Card: a card dealt face down
    assert (len(dealt), dealt.unseen) == (1, 1)
    assert 10 in flow2.game.state.unseen
    assert flow2.game.dealer is not None
    assert flow2.game.dealer.unseen_in(hand_of(USSR)) == [10]
    assert list(flow2.game.state.piles[hand_of(US)].known()) == [CHINA_CARD]

    full = make_flow(rules, US, turn=2, strict=False)
    deal_phase(full)
    hand = full.game.state.piles[hand_of(USSR)]
    assert CHINA_CARD in hand
    assert len(hand) == 9
    assert hand_size(full.game.state, USSR) == 8


def test_reshuffle_when_the_draw_deck_runs_short_spec_6_3(rules: Ruleset) -> None:
    """Spec §6.3 (base §4.3): a step needing more cards than the draw deck holds reshuffles the
    discards in first; with still too few, the step uses what there is (keep half, rounded
    down), and dealing stops when no card is left."""
    flow = make_flow(rules, USSR, turn=2, strict=False)
    state = flow.game.state
    give(flow, US, 4)
    give(flow, USSR, 5)
    deck = sorted(state.piles["draw"].known())
    put(flow, "discard", *deck[2:])  # the draw deck keeps 2 cards
    draft(flow)
    first = next(c for c in asked(flow, US) if c.kind == "draft")
    assert len(first.context["drawn"]) == 6  # the discards were shuffled in first
    assert hand_size(state, US) == hand_size(state, USSR) == 8

    short = make_flow(rules, USSR, turn=2, strict=False)
    give(short, US, 4)
    give(short, USSR, 5)
    put(short, "removed", *sorted(short.game.state.piles["draw"].known())[3:])
    draft(short)
    only = [c for c in asked(short, US) if c.kind == "draft"]
    assert len(only) == 1
    assert len(only[0].context["drawn"]) == 3
    assert only[0].context["keep"] == 1
    s = short.game.state
    assert hand_size(s, US) == 2
    assert hand_size(s, USSR) == 3
    assert cards_once(short)


def test_fast_deal_spec_6_4(rules: Ruleset) -> None:
    """Spec §6.4: no draft question; the China Card moves into an empty deck/hand from its
    holder's play area; then unseen cards to 8 (turns 1–3) or 9 (turns 4+); no OP balance."""
    flow = make_flow(rules, USSR, fast_deal=True)
    deal_phase(flow)
    state = flow.game.state
    assert not asked(flow, US)
    assert hand_size(state, US) == hand_size(state, USSR) == 8
    assert CHINA_CARD in state.piles[hand_of(USSR)]
    later = make_flow(rules, US, fast_deal=True, turn=4)
    give(later, US, 4)
    deal_phase(later)
    assert hand_size(later.game.state, US) == hand_size(later.game.state, USSR) == 9
    assert CHINA_CARD in later.game.state.piles[hand_of(USSR)]  # its deck/hand was empty
    assert hand_size(later.game.state, USSR) == 9  # the China Card not counted


def test_era_decks_join_the_draw_deck_spec_5_b(rules: Ruleset) -> None:
    """Spec §5.B (base §4.4): the Mid War cards join the remaining draw deck at turn 4, the Late
    War cards at turn 8, shuffled in; the discard pile is not added."""
    flow = make_flow(rules, USSR, turn=3)
    state = flow.game.state
    put(flow, "discard", 4)
    mid, late = sorted(state.piles["mid_war"].known()), sorted(state.piles["late_war"].known())
    era_additions(flow)
    assert sorted(state.piles["mid_war"].known()) == mid
    flow.game.state.turn = 4
    era_additions(flow)
    assert not len(state.piles["mid_war"])
    assert set(mid) <= set(state.piles["draw"].known())
    assert sorted(state.piles["late_war"].known()) == late
    assert 4 in state.piles["discard"]
    flow.game.state.turn = 8
    era_additions(flow)
    assert not len(state.piles["late_war"])
    assert set(late) <= set(state.piles["draw"].known())
    assert mid
    assert all(rules.card(c).era == "mid" for c in mid)


def test_the_china_card_always_enters_with_the_enhanced_ai_spec_25_2(rules: Ruleset) -> None:
    """Spec §25.2 [r3] (the enhanced AI's china_card_always_enters): at draft step 0 the AI,
    holding the face-up China Card, moves it into its deck/hand even when that is not empty
    (it then holds one card more); without the switch it stays in the play area; the human's
    China Card follows §6 with the switch on (it stays while its deck/hand holds a card)."""
    cases = (
        (USSR, (), area_of(USSR)),
        (USSR, ("china_card_always_enters",), hand_of(USSR)),
        (US, ("china_card_always_enters",), area_of(USSR)),  # the human (USSR) holds it
    )
    for ai, switches, where in cases:
        flow = make_flow(rules, ai, turn=2, enhanced=switches, strict=False)
        give(flow, USSR, 4)
        give(flow, US, 5)
        step_zero(flow)
        state = flow.game.state
        assert state.where(CHINA_CARD) == where, (ai, switches)
        assert list(state.piles[hand_of(US)].known()) == [5]


def test_the_draft_cap_gives_the_ai_at_most_one_human_event_spec_24_5(rules: Ruleset) -> None:
    """Spec §24.5 [r3]: with the draft cap the splits offered give the AI at most
    `draft_cap_human_events` of the human's events whenever a balanced split allows it; when
    none does, every balanced split stays (it restricts the human, never the OP balance)."""
    human = US
    drawn = [4, 21, 23, 26, 7, 14]  # US events: 4, 21, 23, 26; USSR events: 7, 14
    splits = legal_splits(rules, drawn, 3)
    capped = capped_splits(rules, drawn, splits, human)

    def given_events(kept: tuple[int, ...]) -> int:
        return sum(1 for c in drawn if c not in kept and rules.card(c).owner is human)

    assert capped
    assert set(capped) <= set(splits)
    assert all(given_events(k) <= rules.setup.draft_cap_human_events for k in capped)
    assert any(given_events(k) > 1 for k in splits)  # the cap removed some
    only_human = [4, 21, 23, 26, 27, 43]  # five US events: every split gives the AI two or more
    every = legal_splits(rules, only_human, 3)
    assert capped_splits(rules, only_human, every, human) == every
