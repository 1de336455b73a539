"""Region Play Restrictions (spec §7): step X, the Early War exception, the region shift."""

from __future__ import annotations

from twsolo.ruleset import Ruleset
from twsolo.solo.regions import (
    primary_region,
    region_countries,
    secondary_region,
    shift,
    step_x,
)

from .test_solo_support import USSR, cards_once, make_flow, put

ASIA, EUROPE, MIDDLE_EAST = 1, 2, 3
CENTRAL_AMERICA, SOUTHEAST_ASIA, AFRICA, SOUTH_AMERICA = 37, 38, 79, 81
ALL_SCORING = [1, 2, 3, 37, 38, 79, 81]


def piles(flow: object) -> dict[str, list[int]]:
    state = flow.game.state  # type: ignore[attr-defined]
    return {
        name: sorted(state.piles[name].known())
        for name in ("scoring_deck", "primary", "secondary", "spent", "aside")
    }


def test_step_x_gathers_every_scoring_card_spec_7_2(rules: Ruleset) -> None:
    """Spec §7.2.1–3: the deck, the face-up cards and the spent row are gathered and shuffled
    (scored cards at the bottom lose their place); the top card is the Primary, the next the
    Secondary."""
    flow = make_flow(rules, USSR, turn=4, draws=[AFRICA, EUROPE])
    put(flow, "spent", ASIA, MIDDLE_EAST)
    put(flow, "primary", CENTRAL_AMERICA)
    put(flow, "secondary", SOUTH_AMERICA)
    put(flow, "scoring_deck", EUROPE, bottom=True)
    flow.game.state.primary_scored = True
    step_x(flow)
    state = flow.game.state
    assert primary_region(state, rules) == "africa"
    assert secondary_region(state, rules) == "europe"
    assert piles(flow)["scoring_deck"] == [1, 3, 37, 38, 81]
    assert not state.piles["scoring_deck"].bottom
    assert not len(state.piles["spent"])
    assert not len(state.piles["aside"])
    assert not state.primary_scored


def test_step_x_early_war_exception_spec_7_2_4(rules: Ruleset) -> None:
    """Spec §7.2.4: in turns 1–3, when both revealed cards are Early War cards, the Secondary is
    set aside and cards are revealed until a Mid War card appears; the set-aside cards go back
    into the deck. In the Mid War no exception."""
    flow = make_flow(rules, USSR, turn=2, draws=[ASIA, EUROPE, MIDDLE_EAST, AFRICA])
    step_x(flow)
    state = flow.game.state
    assert (primary_region(state, rules), secondary_region(state, rules)) == ("asia", "africa")
    assert piles(flow)["scoring_deck"] == [2, 3, 37, 38, 81]
    assert not len(state.piles["aside"])
    mid = make_flow(rules, USSR, turn=4, draws=[ASIA, EUROPE])
    step_x(mid)
    assert secondary_region(mid.game.state, rules) == "europe"
    mixed = make_flow(rules, USSR, turn=1, draws=[CENTRAL_AMERICA, EUROPE])
    step_x(mixed)
    assert secondary_region(mixed.game.state, rules) == "europe"  # a Mid War Primary: no exception


def test_shift_unscored_primary_to_the_spent_row_spec_7_3(rules: Ruleset) -> None:
    """Spec §7.3: the unscored Primary goes face up to the spent row, the Secondary becomes the
    Primary, the next card is the Secondary."""
    flow = make_flow(rules, USSR, turn=5, draws=[SOUTH_AMERICA])
    put(flow, "primary", AFRICA)
    put(flow, "secondary", EUROPE)
    shift(flow)
    state = flow.game.state
    assert (primary_region(state, rules), secondary_region(state, rules)) == (
        "europe",
        "south_america",
    )
    assert piles(flow)["spent"] == [AFRICA]


def test_shift_scored_primary_to_the_bottom_spec_7_3_1(rules: Ruleset) -> None:
    """Spec §7.3.1: a Primary scored in a Scoring Round goes face down to the bottom of the
    Scoring Card Deck: it comes up only after every shuffled card."""
    flow = make_flow(rules, USSR, turn=5)
    put(flow, "primary", AFRICA)
    put(flow, "secondary", EUROPE)
    flow.game.state.primary_scored = True
    shift(flow)
    state = flow.game.state
    assert state.piles["scoring_deck"].bottom == [AFRICA]
    assert not len(state.piles["spent"])
    assert not state.primary_scored
    for _ in range(4):  # the four shuffled cards come up first
        shift(flow)
        assert secondary_region(state, rules) != "africa"
    shift(flow)
    assert secondary_region(state, rules) == "africa"
    assert cards_once(flow)


def test_shift_reforms_the_deck_from_the_spent_row_spec_7_3_3(rules: Ruleset) -> None:
    """Spec §7.3.3: an empty Scoring Card Deck is re-formed from the spent row; with no card at
    all, the Secondary stays empty and the human may act freely only in the Primary."""
    flow = make_flow(rules, USSR, turn=5, draws=[ASIA])
    put(flow, "spent", ASIA, MIDDLE_EAST, CENTRAL_AMERICA, SOUTHEAST_ASIA, SOUTH_AMERICA)
    put(flow, "primary", AFRICA)
    put(flow, "secondary", EUROPE)
    shift(flow)
    state = flow.game.state
    assert secondary_region(state, rules) == "asia"
    # The leaving Primary reached the spent row first (§7.3.1), so it is shuffled in too.
    assert piles(flow)["scoring_deck"] == [3, 37, 38, 79, 81]
    assert not len(state.piles["spent"])

    bare = make_flow(rules, USSR, turn=5)
    put(bare, "removed", *[c for c in ALL_SCORING if c not in (AFRICA, EUROPE)])
    put(bare, "primary", AFRICA)
    put(bare, "secondary", EUROPE)
    bare.game.state.primary_scored = True
    put(bare, "removed", AFRICA)  # e.g. nothing left to reveal
    shift(bare)
    s = bare.game.state
    assert primary_region(s, rules) == "europe"
    assert secondary_region(s, rules) is None
    assert region_countries(s, rules) == frozenset(rules.members("europe"))


def test_shift_applies_the_early_war_exception_spec_7_3_3(rules: Ruleset) -> None:
    """Spec §7.3.3: the Early War exception applies to the new pair after a shift."""
    flow = make_flow(rules, USSR, turn=1, draws=[MIDDLE_EAST, SOUTH_AMERICA])
    put(flow, "primary", CENTRAL_AMERICA)
    put(flow, "secondary", ASIA)
    shift(flow)
    state = flow.game.state
    assert (primary_region(state, rules), secondary_region(state, rules)) == (
        "asia",
        "south_america",
    )
    assert MIDDLE_EAST in state.piles["scoring_deck"]
    assert not len(state.piles["aside"])


def test_cards_set_aside_go_back_above_the_scored_cards_spec_7_3_1(rules: Ruleset) -> None:
    """Spec §7.2.4 with §7.3.1: the Early War card set aside is shuffled back into the Scoring
    Card Deck, and the scored card at its bottom stays at the bottom."""
    flow = make_flow(rules, USSR, turn=2, draws=[MIDDLE_EAST, SOUTH_AMERICA])
    put(flow, "scoring_deck", EUROPE, bottom=True)
    put(flow, "primary", CENTRAL_AMERICA)
    put(flow, "secondary", ASIA)
    shift(flow)
    state = flow.game.state
    assert secondary_region(state, rules) == "south_america"
    assert MIDDLE_EAST in state.piles["scoring_deck"]
    assert state.piles["scoring_deck"].bottom == [EUROPE]
    assert cards_once(flow)


def test_region_countries_spec_1_3(rules: Ruleset) -> None:
    """Spec §1.3, §10.2: the human's free regions are the Primary's and the Secondary's
    countries; Southeast Asia is its 7 countries, Asia includes them."""
    flow = make_flow(rules, USSR, turn=5)
    put(flow, "primary", SOUTHEAST_ASIA)
    put(flow, "secondary", CENTRAL_AMERICA)
    countries = region_countries(flow.game.state, rules)
    assert countries == frozenset(rules.members("southeast_asia")) | frozenset(
        rules.members("central_america")
    )
    assert len(countries) == 7 + 10
