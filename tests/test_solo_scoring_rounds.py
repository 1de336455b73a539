"""Scoring Rounds (spec §8) and the end by control of Europe in one (spec §20.1.4–5)."""

from __future__ import annotations

import pytest

from twsolo.engine.game import GameOver
from twsolo.ids import Side
from twsolo.ruleset import Ruleset
from twsolo.solo.action_rounds import action_round
from twsolo.solo.flow import Flow
from twsolo.solo.regions import primary_region, secondary_region
from twsolo.solo.result import victory_rating
from twsolo.solo.scoring_rounds import is_scoring_round, next_round_scores, score_primary

from .test_solo_support import US, USSR, give, make_flow, put

ASIA, EUROPE, MIDDLE_EAST = 1, 2, 3
CENTRAL_AMERICA, SOUTHEAST_ASIA, AFRICA, SOUTH_AMERICA = 37, 38, 79, 81


def regions(flow: Flow) -> tuple[str | None, str | None]:
    state, rules = flow.game.state, flow.game.rules
    return primary_region(state, rules), secondary_region(state, rules)


def test_early_war_trigger_spec_8_3(rules: Ruleset) -> None:
    """Spec §8.3: in turns 1–3 the first round from AR3 whose Primary is an Early War region is
    the Scoring Round; AR1–AR2 never; only one per turn."""
    flow = make_flow(rules, USSR, turn=2)
    put(flow, "primary", EUROPE)
    put(flow, "secondary", CENTRAL_AMERICA)
    assert not is_scoring_round(flow, 1)
    assert not is_scoring_round(flow, 2)
    assert is_scoring_round(flow, 3)
    flow.game.state.scoring_rounds_this_turn = 1
    assert not is_scoring_round(flow, 4)
    mid = make_flow(rules, USSR, turn=3)
    put(mid, "primary", CENTRAL_AMERICA)
    put(mid, "secondary", EUROPE)
    assert not any(is_scoring_round(mid, n) for n in (3, 4, 5))


def test_ar6_is_forced_to_score_an_early_war_region_spec_8_3(rules: Ruleset) -> None:
    """Spec §8.3: AR6 without a Scoring Round and with a Mid War Primary: cards are revealed
    until an Early War card appears, which becomes the Primary; the displaced Primary goes to
    the spent row, the other revealed cards back into the deck; AR6 is the Scoring Round."""
    flow = make_flow(rules, USSR, turn=2, draws=[AFRICA, MIDDLE_EAST])
    put(flow, "primary", CENTRAL_AMERICA)
    put(flow, "secondary", SOUTH_AMERICA)
    assert is_scoring_round(flow, 6)
    state = flow.game.state
    assert regions(flow) == ("middle_east", "south_america")
    assert sorted(state.piles["spent"].known()) == [CENTRAL_AMERICA]
    assert AFRICA in state.piles["scoring_deck"]
    assert not len(state.piles["aside"])


def test_ar6_takes_the_early_war_card_from_the_spent_row_spec_8_3(rules: Ruleset) -> None:
    """Spec §8.3: if the deck has no Early War card, the one in the spent row is taken."""
    flow = make_flow(rules, USSR, turn=3)
    put(flow, "removed", ASIA, EUROPE)  # out of the way for this position
    put(flow, "spent", MIDDLE_EAST)
    put(flow, "primary", CENTRAL_AMERICA)
    put(flow, "secondary", SOUTH_AMERICA)
    assert is_scoring_round(flow, 6)
    state = flow.game.state
    assert regions(flow) == ("middle_east", "south_america")
    assert sorted(state.piles["spent"].known()) == [CENTRAL_AMERICA]
    assert sorted(state.piles["scoring_deck"].known()) == [SOUTHEAST_ASIA, AFRICA]


def test_ar6_picks_among_several_early_war_cards_in_the_spent_row_spec_8_3(
    rules: Ruleset,
) -> None:
    """Spec §8.3: with several Early War cards in the spent row and none in the deck, chance
    picks one of them (here the second of the row: Europe); the other stays spent."""
    flow = make_flow(rules, USSR, turn=3)
    put(flow, "removed", ASIA)
    put(flow, "spent", MIDDLE_EAST, EUROPE)
    put(flow, "primary", CENTRAL_AMERICA)
    put(flow, "secondary", SOUTH_AMERICA)
    assert is_scoring_round(flow, 6)
    chance = flow.game.providers["chance"]
    picks = [c for c in chance.asked if c.kind == "pick"]  # type: ignore[attr-defined]
    assert [c.options for c in picks] == [(EUROPE, MIDDLE_EAST)]
    state = flow.game.state
    assert regions(flow) == ("europe", "south_america")
    assert sorted(state.piles["spent"].known()) == [MIDDLE_EAST, CENTRAL_AMERICA]


def test_ar6_forced_pair_keeps_the_early_war_exception_spec_8_3(rules: Ruleset) -> None:
    """Ruling (spec §8.3 with §7.2.4): when the forced Primary and the Secondary would both be
    Early War regions, the Secondary is set aside and replaced by a Mid War card."""
    flow = make_flow(rules, USSR, turn=1, draws=[MIDDLE_EAST, AFRICA])
    put(flow, "primary", CENTRAL_AMERICA)
    put(flow, "secondary", EUROPE)
    assert is_scoring_round(flow, 6)
    assert regions(flow) == ("middle_east", "africa")
    assert EUROPE in flow.game.state.piles["scoring_deck"]


def test_mid_and_late_war_score_in_ar3_and_ar6_spec_8_4(rules: Ruleset) -> None:
    """Spec §8.4: turns 4–10 have two Scoring Rounds, AR3 and AR6, whatever the region."""
    for turn in (4, 8, 10):
        flow = make_flow(rules, USSR, turn=turn)
        put(flow, "primary", CENTRAL_AMERICA)
        put(flow, "secondary", EUROPE)
        assert [n for n in range(1, 8) if is_scoring_round(flow, n)] == [3, 6]


def test_at_most_17_scorings_spec_8_5(rules: Ruleset) -> None:
    """Spec §8.5: at most 17 scorings in a game."""
    flow = make_flow(rules, USSR, turn=10)
    put(flow, "primary", EUROPE)
    flow.game.state.scorings = 17
    assert not is_scoring_round(flow, 3)


def test_southeast_asia_is_removed_after_scoring_spec_8_5(rules: Ruleset) -> None:
    """Spec §8.5–§8.6: the Primary scores as its card would (Southeast Asia: 1 VP a country,
    Thailand 2); Southeast Asia's card then leaves the game; the scoring is counted."""
    flow = make_flow(rules, USSR, turn=5)
    put(flow, "primary", SOUTHEAST_ASIA)
    put(flow, "secondary", EUROPE)
    state = flow.game.state
    state.influence[rules.index["thailand"]] = (0, 2)  # USSR controls Thailand
    state.influence[rules.index["burma"]] = (0, 2)
    assert score_primary(flow) == "southeast_asia"
    assert state.vp == -3
    assert SOUTHEAST_ASIA in state.piles["removed"]
    assert not len(state.piles["primary"])
    assert state.scorings == 1
    assert state.primary_scored


def test_human_acts_first_and_the_primary_scores_after_both_spec_8_1_8_2(rules: Ruleset) -> None:
    """Spec §8.1–§8.2: in a Scoring Round the human acts first (even as the US) and the Primary
    is scored after both acted; in other rounds the USSR acts first (base A4.D)."""
    steps: list[tuple[str, Side]] = []
    flow = make_flow(rules, USSR, turn=4, strict=False, draws=[AFRICA], dice=[3] * 20)
    flow.observer = lambda game, step: steps.append((step, game.state.phasing))
    put(flow, "primary", CENTRAL_AMERICA)
    put(flow, "secondary", MIDDLE_EAST)
    give(flow, US, 7, 11)  # USSR cards: the human plays one for ops
    give(flow, USSR, 4, 5)  # US cards: the AI plays one for ops
    action_round(flow, 3)
    info = flow.rounds[-1]
    assert info.scoring
    assert info.order == [US, USSR]
    assert [s for s, _ in steps] == ["regions", "action", "action", "scoring"]
    assert [p for s, p in steps if s == "action"] == [US, USSR]
    assert info.primary == "middle_east"
    assert info.scored == "middle_east"
    assert flow.game.state.scoring_rounds_this_turn == 1
    assert flow.game.state.scorings == 1
    scored_at = next(i for i, r in enumerate(flow.game.log) if "Scoring Round:" in r.text(rules))
    ai_card_at = max(
        i for i, r in enumerate(flow.game.log) if "goes from the table" in r.text(rules)
    )
    assert scored_at > ai_card_at
    steps.clear()
    action_round(flow, 4)
    assert flow.rounds[-1].order == [USSR, US]
    assert not flow.rounds[-1].scoring


def control_europe(flow: Flow, side: Side) -> None:
    state, rules = flow.game.state, flow.game.rules
    for c in rules.members("europe"):
        state.influence[c, side.col] = rules.countries[c].stability + 1
        state.influence[c, side.other.col] = 0


def test_ai_controlling_europe_in_a_scoring_round_wins_spec_20_1_4(rules: Ruleset) -> None:
    """Spec §20.1.4: the AI controls Europe when it scores: the AI wins (Decisive defeat)."""
    flow = make_flow(rules, USSR, turn=2)
    put(flow, "primary", EUROPE)
    control_europe(flow, USSR)
    flow.game.state.vp = 5  # even with the VP in the human's favour
    with pytest.raises(GameOver):
        score_primary(flow)
    result = flow.game.state.result
    assert result is not None
    assert result.winner is USSR
    assert result.reason == "europe_control"
    assert victory_rating(rules, flow.game.state, result) == "Decisive defeat"


@pytest.mark.parametrize("vp", [5, -15])
def test_human_controlling_europe_wins_only_when_ahead_spec_20_1_5(rules: Ruleset, vp: int) -> None:
    """Spec §20.1.5: the human controls Europe when it scores: with the VP in the human's
    favour the human wins (Decisive victory); otherwise play goes on."""
    flow = make_flow(rules, USSR, turn=2)
    put(flow, "primary", EUROPE)
    control_europe(flow, US)
    flow.game.state.vp = vp
    state = flow.game.state
    if vp > 0:
        with pytest.raises(GameOver):
            score_primary(flow)
        assert state.result is not None
        assert state.result.winner is US
        assert victory_rating(rules, state, state.result) == "Decisive victory"
    else:
        assert score_primary(flow) == "europe"
        assert state.result is None
        assert -15 < state.vp < 0
        assert any("play goes on" in r.text(rules) for r in flow.game.log)


@pytest.mark.parametrize(
    ("turn", "ar", "secondary", "scored_already", "expected"),
    [
        (4, 2, CENTRAL_AMERICA, 0, "central_america"),  # AR3 scores (spec §8.4)
        (4, 3, CENTRAL_AMERICA, 1, None),  # AR4 does not
        (4, 5, AFRICA, 1, "africa"),  # AR6 does
        (4, 7, AFRICA, 2, None),  # the turn's last round
        (4, 0, AFRICA, 0, None),  # the headline: AR1 never scores
        (2, 2, MIDDLE_EAST, 0, "middle_east"),  # Early War: an Early War Secondary (§8.3)
        (2, 2, AFRICA, 0, None),  # not an Early War region
        (2, 4, ASIA, 1, None),  # the turn's Scoring Round is past
        (2, 5, AFRICA, 0, None),  # AR6 would be forced: its region is not known yet
    ],
)
def test_the_region_the_next_round_scores(
    rules: Ruleset, turn: int, ar: int, secondary: int, scored_already: int, expected: str | None
) -> None:
    """Spec §7.3 with §8.3–§8.4 (read by §12.2.3a [r2] and §25.1): the Secondary, when the
    next round will be a Scoring Round whose Primary it becomes."""
    flow = make_flow(rules, USSR, turn=turn)
    put(flow, "primary", EUROPE if secondary != EUROPE else ASIA)
    put(flow, "secondary", secondary)
    state = flow.game.state
    state.action_round = ar
    state.scoring_rounds_this_turn = scored_already
    assert next_round_scores(rules, state) == expected
