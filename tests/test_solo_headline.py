"""The headline phase (spec §9): the human's pick, the AI's reveals, the box-4 exceptions,
resolution order, Defectors, where headline influence may go, who is phasing."""

from __future__ import annotations

import pytest

from twsolo.engine.game import GameOver
from twsolo.engine.records import CardMove
from twsolo.engine.state import hand_of
from twsolo.ruleset import Ruleset
from twsolo.solo.headline import ai_pick, headline_phase, human_pick, resolution_order, resolve

from .test_solo_support import US, USSR, all_used, asked, give, make_flow, put

CHINA, EUROPE, CENTRAL_AMERICA = 6, 2, 37


def test_human_draws_three_and_never_headlines_the_china_card_spec_9_1(rules: Ruleset) -> None:
    """Spec §9.1: draw 3, headline 1 — not the China Card — the others to the bottom of the
    deck/hand in the order the human chooses."""
    flow = make_flow(rules, USSR, human=[19, (6, 4)], draws=[6, 4, 19])
    give(flow, US, CHINA, 4, 19, 26)
    assert human_pick(flow, None) == 19
    headline, bottom = asked(flow, US)
    assert headline.kind == "headline"
    assert headline.options == (4, 19)
    assert headline.context["drawn"] == (4, 6, 19)
    assert bottom.kind == "bottom"
    assert bottom.options == ((4, 6), (6, 4))
    hand = flow.game.state.piles[hand_of(US)]
    assert hand.bottom == [6, 4]
    assert list(hand.shuffled) == [26]
    assert list(flow.game.state.piles["table"].known()) == [19]


def test_un_intervention_is_not_a_headline_option_a5(rules: Ruleset) -> None:
    """Card-events A5.1: UN Intervention cannot be headlined while another card can."""
    flow = make_flow(rules, USSR, human=[4, (6, 32)], draws=[32, 4, 6])
    give(flow, US, 32, 4, CHINA)
    assert human_pick(flow, None) == 4
    assert asked(flow, US)[0].options == (4,)


def test_ai_reveals_until_it_chooses_spec_9_2(rules: Ruleset) -> None:
    """Spec §9.2: the AI reveals a card at a time and is asked after each reveal: a revealed card
    or "reveal" while its deck/hand has cards; the other revealed cards are shuffled back."""
    flow = make_flow(rules, USSR, ai=["reveal", 8], draws=[7, 8])
    give(flow, USSR, 7, 8, 9)
    assert ai_pick(flow.game, flow.ai, None) == 8
    first, second = asked(flow, USSR)
    assert first.options == (7, "reveal")
    assert second.options == (7, 8, "reveal")
    assert first.context["human_headline"] is None
    state = flow.game.state
    assert sorted(state.piles[hand_of(USSR)].known()) == [7, 9]
    assert not state.piles[hand_of(USSR)].bottom
    assert list(state.piles["table"].known()) == [8]


def test_ai_never_headlines_the_china_card_spec_9_2(rules: Ruleset) -> None:
    """Spec §9.2: the China Card is never an option; it goes back into the AI's deck/hand. With
    no card left to reveal, the AI must choose among those revealed; with none, no headline."""
    flow = make_flow(rules, USSR, ai=[8], draws=[CHINA, 8])
    give(flow, USSR, CHINA, 8)
    assert ai_pick(flow.game, flow.ai, None) == 8
    assert [c.options for c in asked(flow, USSR)] == [(8,)]
    assert list(flow.game.state.piles[hand_of(USSR)].known()) == [CHINA]
    only_china = make_flow(rules, USSR, draws=[CHINA])
    give(only_china, USSR, CHINA)
    assert ai_pick(only_china.game, only_china.ai, None) is None
    assert not asked(only_china, USSR)
    assert list(only_china.game.state.piles[hand_of(USSR)].known()) == [CHINA]


def test_human_with_box_4_sees_the_ai_headline_first_spec_9_1(rules: Ruleset) -> None:
    """Spec §9.1 exception: the human holds Man in Earth Orbit (box 4, the AI below it): the AI
    chooses first and the human chooses knowing the AI's card."""
    flow = make_flow(rules, USSR, human=[35, (19, 26)], ai=[9], draws=[9, 35, 19, 26])
    flow.game.state.space = [4, 0]
    give(flow, US, 35, 19, 26)
    give(flow, USSR, 9)
    headline_phase(flow)
    human_q = next(c for c in asked(flow, US) if c.kind == "headline")
    assert human_q.context["ai_headline"] == 9
    chance: list[str] = [c.context.get("pile", "") for c in flow.game.providers["chance"].asked]  # type: ignore[attr-defined]
    assert chance[0] == hand_of(USSR)  # the AI's reveal comes before the human's draws
    assert all_used(flow)


def test_ai_with_box_4_knows_the_human_headline_spec_9_2(rules: Ruleset) -> None:
    """Spec §9.2 exception (§23.1): the AI holds box 4: the human chooses first and the AI's
    question carries the human's headline."""
    flow = make_flow(rules, USSR, human=[35, (19, 26)], ai=[9], draws=[35, 19, 26, 9])
    flow.game.state.space = [0, 4]
    give(flow, US, 35, 19, 26)
    give(flow, USSR, 9)
    headline_phase(flow)
    assert asked(flow, USSR)[0].context["human_headline"] == 35
    assert all_used(flow)


def test_resolution_order_spec_9_3(rules: Ruleset) -> None:
    """Spec §9.3 (base §4.5C): higher printed Ops first, the US first on a tie; Defectors as the
    US headline first whatever the Ops (A5.8)."""
    flow = make_flow(rules, USSR)
    assert resolution_order(flow, {US: 35, USSR: 7}) == [USSR, US]  # 2 vs 3 Ops
    assert resolution_order(flow, {US: 4, USSR: 7}) == [US, USSR]  # 3 vs 3: the US
    assert resolution_order(flow, {US: 103, USSR: 7}) == [US, USSR]
    assert resolution_order(flow, {USSR: 7}) == [USSR]


def test_headlines_resolve_as_events_in_order_spec_9_3_9_4(rules: Ruleset) -> None:
    """Spec §9.3–§9.4: both headlines resolve as events (US first on the tie); starred cards are
    removed; the "card_played" moment follows each."""
    flow = make_flow(rules, USSR, human=[35, (19, 26)], ai=[9], draws=[35, 19, 26, 9])
    give(flow, US, 35, 19, 26)
    give(flow, USSR, 9)
    headline_phase(flow)
    removed = [r.card for r in flow.game.log if isinstance(r, CardMove) and r.target == "removed"]
    assert removed == [35, 9]
    state = flow.game.state
    assert state.has_effect(35)
    assert state.inf(rules.index["vietnam"], USSR) == 2
    assert not len(state.piles["table"])


def test_defectors_cancels_the_ussr_headline_a5_8(rules: Ruleset) -> None:
    """Card-events A5.8 / #103: Defectors as the US headline cancels the USSR headline: it is
    discarded without its event; Defectors' marker does not outlive the headline."""
    flow = make_flow(rules, USSR)
    put(flow, "table", 103, 7)
    before = flow.game.state.influence.copy()
    resolve(flow, {US: 103, USSR: 7})
    state = flow.game.state
    assert (state.influence == before).all()  # Socialist Governments did not happen
    assert 7 in state.piles["discard"]
    assert 103 in state.piles["discard"]
    assert not state.has_effect(103)


def test_headline_phasing_and_defcon_spec_11_1_a5_5(rules: Ruleset) -> None:
    """Card-events A5.5: the side that headlined a card is the phasing side while it resolves:
    the human's headline bringing DEFCON to 1 loses the game for the human (§20.1.2); the AI's
    never brings DEFCON below 2 (§11.1)."""
    flow = make_flow(rules, US)
    flow.game.state.defcon = 2
    put(flow, "table", 4)  # Duck and Cover (US event) headlined by the human USSR
    with pytest.raises(GameOver):
        resolve(flow, {USSR: 4})
    result = flow.game.state.result
    assert result is not None
    assert result.reason == "defcon1"
    assert result.winner is US

    ai = make_flow(rules, USSR)
    ai.game.state.defcon = 2
    put(ai, "table", 50)  # We Will Bury You headlined by the AI USSR
    resolve(ai, {USSR: 50})
    assert ai.game.state.defcon == 2
    assert ai.game.state.result is None


def test_headline_influence_goes_to_the_two_regions_spec_9_3(rules: Ruleset) -> None:
    """Spec §9.3: influence a headline event lets the human place where the card does not say —
    ops the event grants, or "anywhere" — goes only into the Primary and Secondary Regions; the
    card's own places (Decolonization: Africa and Southeast Asia) and removals are unchanged."""
    region = frozenset(rules.members("europe")) | frozenset(rules.members("central_america"))

    def ids(options: tuple[object, ...]) -> set[int]:
        return {rules.index[str(o)] for o in options if str(o) in rules.index}

    # De-Stalinization (USSR): take 1 anywhere, add it only in Europe / Central America.
    flow = make_flow(rules, US, human=[1, "north_korea", "poland"])
    put(flow, "primary", EUROPE)
    put(flow, "secondary", CENTRAL_AMERICA)
    put(flow, "table", 33)
    resolve(flow, {USSR: 33})
    _, take, add = asked(flow, USSR)
    assert rules.index["north_korea"] in ids(take.options)  # a removal: not restricted
    assert ids(add.options)
    assert ids(add.options) <= region
    assert "§9.3" in add.prompt
    assert all_used(flow)

    # CIA Created (US): the granted op's influence.
    cia = make_flow(rules, USSR, human=["influence", "uk"])
    put(cia, "primary", EUROPE)
    put(cia, "secondary", CENTRAL_AMERICA)
    put(cia, "table", 26)
    resolve(cia, {US: 26})
    influence = next(c for c in asked(cia, US) if c.kind == "influence")
    assert ids(influence.options) <= region
    assert "done" in influence.options
    assert cia.game.state.inf(rules.index["uk"], US) == rules.country("uk").start[US] + 1

    # Puppet Governments (US): "countries without influence", anywhere: restricted, may stop.
    puppet = make_flow(rules, USSR, human=["guatemala", "done"])
    put(puppet, "primary", EUROPE)
    put(puppet, "secondary", CENTRAL_AMERICA)
    put(puppet, "table", 66)
    resolve(puppet, {US: 66})
    first_point = asked(puppet, US)[0]
    assert ids(first_point.options) <= region
    assert "done" in first_point.options
    assert puppet.game.state.inf(rules.index["guatemala"], US) == 1

    # Decolonization names where it goes: no restriction.
    deco = make_flow(rules, US, human=["algeria", "nigeria", "zaire", "vietnam"])
    put(deco, "primary", EUROPE)
    put(deco, "secondary", CENTRAL_AMERICA)
    put(deco, "table", 30)
    resolve(deco, {USSR: 30})
    first = asked(deco, USSR)[0]
    assert rules.index["algeria"] in ids(first.options)
    assert not ids(first.options) & region
    assert deco.seat.headline_countries is None  # the restriction ends with the headline
