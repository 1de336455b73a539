"""Region scoring, final scoring and the military operations check (base §8.2, §10; card-events
Part B, A11, A13, A15). Every example is built on an empty board and computed by hand in its
comments: level VP (B3) + 1 per controlled battleground + 1 per controlled country adjacent to
the enemy superpower (B2). VP is one signed track, positive = US."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import game_at, position
from twsolo.ai.bot import Bot
from twsolo.engine.defcon import military_ops_check
from twsolo.engine.game import Game, GameOver, Policy
from twsolo.engine.records import VPChange
from twsolo.engine.scoring import (
    RegionScore,
    SideScore,
    counts_if_held,
    final_scoring,
    region_counts,
    region_score,
    score_region,
)
from twsolo.engine.state import Effect, Result, area_of
from twsolo.ids import CHINA_CARD, Side
from twsolo.ruleset import Ruleset

FORMOSAN = Effect(35, Side.US)
SHUTTLE = Effect(73, Side.US)

Influence = Mapping[str, tuple[int, int]]

# The USSR controlling the six Asian battlegrounds (stabilities 4, 3, 3, 3, 2, 2).
ASIA_BGS_USSR = {
    "japan": (0, 4),
    "north_korea": (0, 3),
    "south_korea": (0, 3),
    "india": (0, 3),
    "pakistan": (0, 2),
    "thailand": (0, 2),
}


def score(
    rules: Ruleset, region: str, influence: Influence, effects: Sequence[Effect] = ()
) -> RegionScore:
    return region_score(
        position(rules, empty=True, influence=influence, effects=effects), rules, region
    )


# --------------------------------------------------------------------------- levels (B1, B2)


def test_domination_against_presence(rules: Ruleset) -> None:
    """card-events B1: US controls Israel (4, BG) and Jordan (2): 2 countries > 1, 1 BG > 0, a
    BG and a non-BG: domination 5 + 1 BG = 6. USSR controls Syria: presence 3. Net +3."""
    got = score(rules, "middle_east", {"israel": (4, 0), "jordan": (2, 0), "syria": (0, 2)})
    assert got.sides[Side.US] == SideScore("domination", 2, 1, 0, 6)
    assert got.sides[Side.USSR] == SideScore("presence", 1, 0, 0, 3)
    assert got.vp == 3
    assert got.auto_win is None


def test_control_of_the_middle_east(rules: Ruleset) -> None:
    """card-events B1: USSR controls all 6 Middle East BGs, 6 countries > the US's 3:
    control 7 + 6 = 13. US: Lebanon, Jordan, Gulf States: presence 3. Net −10."""
    got = score(
        rules,
        "middle_east",
        {
            "libya": (0, 2),
            "egypt": (0, 2),
            "israel": (0, 4),
            "iraq": (0, 3),
            "iran": (0, 2),
            "saudi_arabia": (0, 3),
            "lebanon": (1, 0),
            "jordan": (2, 0),
            "gulf_states": (3, 0),
        },
    )
    assert got.sides[Side.USSR] == SideScore("control", 6, 6, 0, 13)
    assert got.sides[Side.US] == SideScore("presence", 3, 0, 0, 3)
    assert got.vp == -10


def test_more_battlegrounds_without_more_countries_is_presence(rules: Ruleset) -> None:
    """card-events B1: US controls Iran and Iraq (2 BGs) but the USSR controls 3 countries
    (Syria, Lebanon, Jordan): US presence 3 + 2 BG = 5; USSR more countries but no BG:
    presence 3. Net +2."""
    got = score(
        rules,
        "middle_east",
        {
            "iran": (2, 0),
            "iraq": (3, 0),
            "syria": (0, 2),
            "lebanon": (0, 1),
            "jordan": (0, 2),
        },
    )
    assert got.sides[Side.US].level == "presence"
    assert got.sides[Side.USSR].level == "presence"
    assert (got.sides[Side.US].vp, got.sides[Side.USSR].vp, got.vp) == (5, 3, 2)


def test_domination_needs_a_non_battleground(rules: Ruleset) -> None:
    """card-events B1: US controls 3 BGs (Iran, Iraq, Israel) and no non-BG: presence
    3 + 3 = 6, not domination. USSR Syria: presence 3. Net +3."""
    got = score(
        rules,
        "middle_east",
        {"iran": (2, 0), "iraq": (3, 0), "israel": (4, 0), "syria": (0, 2)},
    )
    assert got.sides[Side.US] == SideScore("presence", 3, 3, 0, 6)
    assert got.vp == 3


def test_influence_without_control_counts_nothing(rules: Ruleset) -> None:
    """card-events A2, B1: Iran US 3 / USSR 2 (stability 2): 3 − 2 = 1 < 2, no control, so no
    presence either; nobody scores."""
    got = score(rules, "middle_east", {"iran": (3, 2)})
    assert got.sides[Side.US] == SideScore("none", 0, 0, 0, 0)
    assert got.sides[Side.USSR] == SideScore("none", 0, 0, 0, 0)
    assert got.vp == 0


def test_control_needs_more_countries(rules: Ruleset) -> None:
    """card-events B1, B2: USSR controls Mexico, Cuba, Panama (all 3 Central American BGs) but
    the US controls 3 too (Costa Rica, Haiti, Honduras): USSR presence 1 + 3 BG + 2 (Mexico and
    Cuba touch the US box) = 6; US presence 1. Net −5. One more USSR country (Nicaragua):
    control 5 + 3 + 2 = 10, net −9."""
    influence = {
        "mexico": (0, 2),
        "cuba": (0, 3),
        "panama": (0, 2),
        "costa_rica": (3, 0),
        "haiti": (1, 0),
        "honduras": (2, 0),
    }
    got = score(rules, "central_america", influence)
    assert got.sides[Side.USSR] == SideScore("presence", 3, 3, 2, 6)
    assert got.sides[Side.US] == SideScore("presence", 3, 0, 0, 1)
    assert got.vp == -5
    got = score(rules, "central_america", {**influence, "nicaragua": (0, 1)})
    assert got.sides[Side.USSR] == SideScore("control", 4, 3, 2, 10)
    assert got.vp == -9


def test_europe_domination_with_adjacency_bonus(rules: Ruleset) -> None:
    """card-events B1, B2: US controls Poland (BG, next to the USSR box), Finland (next to the
    USSR box) and West Germany (BG): 3 > 1 countries, 2 > 1 BGs, a non-BG: domination
    7 + 2 BG + 2 adjacent = 11. USSR East Germany: presence 3 + 1 BG = 4. Net +7."""
    got = score(
        rules,
        "europe",
        {"poland": (3, 0), "finland": (4, 0), "west_germany": (4, 0), "east_germany": (0, 3)},
    )
    assert got.sides[Side.US] == SideScore("domination", 3, 2, 2, 11)
    assert got.sides[Side.USSR] == SideScore("presence", 1, 1, 0, 4)
    assert got.vp == 7


def test_asia_adjacency_bonus_for_both_sides(rules: Ruleset) -> None:
    """card-events B2: USSR Japan (BG, next to the US box): presence 3 + 1 + 1 = 5. US North
    Korea (BG, next to the USSR box) and Afghanistan (next to the USSR box): 1 BG is not more
    than the USSR's 1, so presence 3 + 1 BG + 2 adjacent = 6. Net +1. The USSR's own box gives
    it nothing: North Korea alone is 3 + 1 = 4."""
    got = score(
        rules,
        "asia",
        {"japan": (0, 4), "north_korea": (3, 0), "afghanistan": (2, 0)},
    )
    assert got.sides[Side.USSR] == SideScore("presence", 1, 1, 1, 5)
    assert got.sides[Side.US] == SideScore("presence", 2, 1, 2, 6)
    assert got.vp == 1
    own_box = score(rules, "asia", {"north_korea": (0, 3)})
    assert own_box.sides[Side.USSR] == SideScore("presence", 1, 1, 0, 4)


def test_asia_includes_southeast_asia(rules: Ruleset) -> None:
    """card-events B3: Asia scoring counts the Southeast Asian countries: US Thailand (BG) and
    Burma: domination 7 + 1 = 8."""
    got = score(rules, "asia", {"thailand": (2, 0), "burma": (2, 0)})
    assert got.sides[Side.US] == SideScore("domination", 2, 1, 0, 8)
    assert got.vp == 8


def test_control_of_asia(rules: Ruleset) -> None:
    """card-events B1–B3: USSR controls the 6 Asian BGs; the US only Australia: control
    9 + 6 BG + 1 (Japan next to the US box) = 16; US presence 3. Net −13."""
    got = score(rules, "asia", ASIA_BGS_USSR | {"australia": (4, 0)})
    assert got.sides[Side.USSR] == SideScore("control", 6, 6, 1, 16)
    assert got.sides[Side.US] == SideScore("presence", 1, 0, 0, 3)
    assert got.vp == -13


def test_africa_and_south_america(rules: Ruleset) -> None:
    """card-events B3: Africa, USSR Angola (BG) and Kenya: domination 4 + 1 = 5 (net −5).
    South America, US all 4 BGs against USSR Peru: control 6 + 4 = 10, USSR presence 2,
    net +8."""
    africa = score(rules, "africa", {"angola": (0, 1), "kenya": (0, 2)})
    assert africa.sides[Side.USSR] == SideScore("domination", 2, 1, 0, 5)
    assert africa.vp == -5
    south = score(
        rules,
        "south_america",
        {
            "brazil": (2, 0),
            "argentina": (2, 0),
            "chile": (3, 0),
            "venezuela": (2, 0),
            "peru": (0, 2),
        },
    )
    assert south.sides[Side.US] == SideScore("control", 4, 4, 0, 10)
    assert south.sides[Side.USSR] == SideScore("presence", 1, 0, 0, 2)
    assert south.vp == 8


def test_score_region_moves_the_vp_track(rules: Ruleset) -> None:
    """card-events B1: scoring applies the net: from US +4, Middle East net +3 gives +7."""
    state = position(
        rules,
        empty=True,
        influence={"israel": (4, 0), "jordan": (2, 0), "syria": (0, 2)},
        vp=4,
    )
    game = game_at(rules, state)
    assert score_region(game, "middle_east").vp == 3
    assert game.state.vp == 7
    assert game.state.result is None


# --------------------------------------------------------------------------- Southeast Asia (B4)


def test_southeast_asia_scoring(rules: Ruleset) -> None:
    """card-events B4: 1 VP per controlled country, Thailand 2, no levels or BG bonus. US:
    Thailand 2 + Vietnam 1 = 3; USSR: Burma 1 + Laos/Cambodia 1 = 2; Malaysia 3/2 is not
    controlled; Japan is not in Southeast Asia. Net +1."""
    influence = {
        "thailand": (2, 0),
        "vietnam": (1, 0),
        "burma": (0, 2),
        "laos_cambodia": (0, 1),
        "malaysia": (3, 2),
        "japan": (4, 0),
    }
    game = game_at(rules, position(rules, empty=True, influence=influence, vp=-2))
    got = score_region(game, "southeast_asia")
    assert got.sides[Side.US].vp == 3
    assert got.sides[Side.USSR].vp == 2
    assert got.vp == 1
    assert game.state.vp == -1


def test_southeast_asia_thailand_alone_is_two(rules: Ruleset) -> None:
    """card-events B4: Thailand is worth 2 VP (no battleground bonus on top)."""
    got = score(rules, "southeast_asia", {"thailand": (0, 2)})
    assert got.sides[Side.USSR].vp == 2
    assert got.vp == -2


# --------------------------------------------------------------------------- Europe control (B3)

EUROPE_BGS = ("france", "west_germany", "italy", "east_germany", "poland")
STABILITY = {"france": 3, "west_germany": 4, "italy": 2, "east_germany": 3, "poland": 3}


def test_europe_control_wins_for_the_us(rules: Ruleset) -> None:
    """card-events B3, A15: the US controls the 5 European BGs and more countries than the
    USSR: Europe control wins the game (base policy)."""
    influence = {c: (STABILITY[c], 0) for c in EUROPE_BGS}
    got = score(rules, "europe", influence)
    assert got.sides[Side.US].level == "control"
    assert got.auto_win is Side.US
    game = game_at(rules, position(rules, empty=True, influence=influence))
    with pytest.raises(GameOver) as over:
        score_region(game, "europe")
    assert over.value.result == Result(Side.US, "europe_control")
    assert game.state.result == Result(Side.US, "europe_control")


def test_europe_control_wins_for_the_ussr(rules: Ruleset) -> None:
    """card-events B3, A15: the USSR controls the 5 BGs, 5 countries > the US's UK alone."""
    influence: dict[str, tuple[int, int]] = {c: (0, STABILITY[c]) for c in EUROPE_BGS}
    influence["uk"] = (5, 0)
    game = game_at(rules, position(rules, empty=True, influence=influence))
    with pytest.raises(GameOver):
        score_region(game, "europe")
    assert game.state.result == Result(Side.USSR, "europe_control")


def test_all_european_battlegrounds_without_more_countries_is_no_control(rules: Ruleset) -> None:
    """card-events B1: the USSR's 5 BGs against 5 US countries (UK, Canada, Norway, Sweden,
    Denmark): presence 3 + 5 BG = 8 and no win; US presence 3. Net −5."""
    influence: dict[str, tuple[int, int]] = {c: (0, STABILITY[c]) for c in EUROPE_BGS}
    influence |= {
        "uk": (5, 0),
        "canada": (4, 0),
        "norway": (4, 0),
        "sweden": (4, 0),
        "denmark": (3, 0),
    }
    game = game_at(rules, position(rules, empty=True, influence=influence))
    got = score_region(game, "europe")
    assert got.sides[Side.USSR] == SideScore("presence", 5, 5, 0, 8)
    assert got.sides[Side.US] == SideScore("presence", 5, 0, 0, 3)
    assert got.auto_win is None
    assert game.state.vp == -5
    assert game.state.result is None


def test_europe_control_goes_through_the_policy(rules: Ruleset) -> None:
    """card-events B3 via Game.policy: region_control_win asks the policy, which may decide
    otherwise (the solitaire layer)."""

    class Recording(Policy):
        def __init__(self) -> None:
            self.calls: list[tuple[Side, str]] = []

        def region_control(self, game: Game, side: Side, region: str) -> None:
            self.calls.append((side, region))

    influence = {c: (STABILITY[c], 0) for c in EUROPE_BGS}
    game = game_at(rules, position(rules, empty=True, influence=influence))
    policy = Recording()
    game.policy = policy
    score_region(game, "europe")
    assert policy.calls == [(Side.US, "europe")]
    assert game.state.result is None


# --------------------------------------------------------------------------- Formosan (B6)

FORMOSAN_EXAMPLE = {"taiwan": (3, 0), "japan": (4, 0), "australia": (4, 0), "north_korea": (0, 3)}


def test_formosan_us_controlled_taiwan_is_a_battleground(rules: Ruleset) -> None:
    """card-events #35, B6: US Taiwan, Japan, Australia; USSR North Korea.
    Without: US 1 BG, not more than the USSR's 1: presence 3 + 1 = 4; USSR 3 + 1 = 4; net 0.
    With: US 2 BGs > 1 and Australia as non-BG: domination 7 + 2 = 9; net 9 − 4 = +5."""
    without = score(rules, "asia", FORMOSAN_EXAMPLE)
    assert without.sides[Side.US] == SideScore("presence", 3, 1, 0, 4)
    assert without.vp == 0
    with_it = score(rules, "asia", FORMOSAN_EXAMPLE, [FORMOSAN])
    assert with_it.sides[Side.US] == SideScore("domination", 3, 2, 0, 9)
    assert with_it.sides[Side.USSR] == SideScore("presence", 1, 1, 0, 4)
    assert with_it.vp == 5


def test_formosan_blocks_ussr_control_of_asia(rules: Ruleset) -> None:
    """card-events #35, B6: USSR 6 real BGs + Afghanistan; US Taiwan. Without: control
    9 + 6 + 1 (Japan) = 16 vs US presence 3: −13. With: Taiwan is a 7th BG the USSR lacks:
    domination 7 + 6 + 1 = 14 vs US presence 3 + 1 BG = 4: −10."""
    influence = ASIA_BGS_USSR | {"afghanistan": (0, 2), "taiwan": (3, 0)}
    assert score(rules, "asia", influence).vp == -13
    got = score(rules, "asia", influence, [FORMOSAN])
    assert got.sides[Side.USSR] == SideScore("domination", 7, 6, 1, 14)
    assert got.sides[Side.US] == SideScore("presence", 1, 1, 0, 4)
    assert got.vp == -10


def test_formosan_ussr_controlled_taiwan_is_no_battleground(rules: Ruleset) -> None:
    """card-events #35: only a US-controlled Taiwan counts. USSR Taiwan + North Korea: 1 BG,
    1 non-BG: domination 7 + 1 = 8 (as a BG it would be presence 3 + 2 = 5). Net −8."""
    got = score(rules, "asia", {"taiwan": (0, 3), "north_korea": (0, 3)}, [FORMOSAN])
    assert got.sides[Side.USSR] == SideScore("domination", 2, 1, 0, 8)
    assert got.vp == -8


# --------------------------------------------------------------------------- Shuttle (B6)


def test_shuttle_diplomacy_one_ussr_battleground_fewer(rules: Ruleset) -> None:
    """card-events #73, B6: USSR Iraq, Libya (BGs), Syria. Without: domination 5 + 2 = 7.
    With: one BG fewer, 2 countries (1 BG, Syria): domination 5 + 1 = 6."""
    influence = {"iraq": (0, 3), "libya": (0, 2), "syria": (0, 2)}
    assert score(rules, "middle_east", influence).vp == -7
    assert score(rules, "middle_east", influence, [SHUTTLE]).vp == -6


@pytest.mark.parametrize(
    ("influence", "without", "expected"),
    [
        # USSR Iraq, Libya (2 BGs, no non-BG) vs US Lebanon.
        # Without: 2 > 1 countries but no non-BG: presence 3 + 2 = 5 vs 3: −2.
        # With: the USSR counts 1 country (1 BG), not more than 1: presence 3 + 1 = 4 vs 3: −1.
        ({"iraq": (0, 3), "libya": (0, 2), "lebanon": (1, 0)}, -2, -1),
        # USSR all 6 BGs, nothing else. Without: control 7 + 6 = 13.
        # With: 5 countries, all BGs, no non-BG: presence 3 + 5 = 8.
        (
            {
                "libya": (0, 2),
                "egypt": (0, 2),
                "israel": (0, 4),
                "iraq": (0, 3),
                "iran": (0, 2),
                "saudi_arabia": (0, 3),
            },
            -13,
            -8,
        ),
    ],
)
def test_shuttle_diplomacy_removes_the_country_from_the_count(
    rules: Ruleset, influence: Influence, without: int, expected: int
) -> None:
    """card-events #73: the dropped battleground counts as not USSR-controlled for every
    purpose of that scoring, so it leaves the country total too (not only the BG total)."""
    assert score(rules, "middle_east", influence).vp == without
    assert score(rules, "middle_east", influence, [SHUTTLE]).vp == expected


def test_shuttle_diplomacy_applies_to_asia(rules: Ruleset) -> None:
    """card-events #73: USSR North Korea, South Korea (BGs), Burma. Without: domination
    7 + 2 = 9. With: 2 countries (1 BG, Burma): domination 7 + 1 = 8."""
    influence = {"north_korea": (0, 3), "south_korea": (0, 3), "burma": (0, 2)}
    assert score(rules, "asia", influence).vp == -9
    assert score(rules, "asia", influence, [SHUTTLE]).vp == -8


def test_shuttle_diplomacy_is_used_up_by_the_scoring(rules: Ruleset) -> None:
    """card-events #73: after the next Middle East (or Asia) scoring the effect ends and the
    card leaves the US's play area for the discard pile, even with no USSR BG there."""
    game = game_at(rules, position(rules, empty=True, effects=[SHUTTLE]))
    game.move_card(73, "in_effect")
    score_region(game, "middle_east")
    assert not game.state.has_effect(73)
    assert game.state.where(73) == "discard"


@pytest.mark.parametrize("region", ["southeast_asia", "europe", "africa"])
def test_shuttle_diplomacy_survives_other_scorings(rules: Ruleset, region: str) -> None:
    """card-events #73: Southeast Asia (and other regions) neither use it nor feel it: USSR
    Thailand scores 2 in Southeast Asia with or without it."""
    game = game_at(rules, position(rules, empty=True, influence={"thailand": (0, 2)}))
    game.add_effect(SHUTTLE)
    game.move_card(73, "in_effect")
    score_region(game, region)
    assert game.state.has_effect(73)
    assert game.state.where(73) == "in_effect"
    assert game.state.vp == (-2 if region == "southeast_asia" else 0)


# --------------------------------------------------------------------------- final scoring (B5)


def test_final_scoring_china_card_plus_one(rules: Ruleset) -> None:
    """card-events B5, A13: empty board; the holder of the China Card gains 1 VP and the sign
    decides: the USSR holds it at the start, −1, USSR wins."""
    game = game_at(rules, position(rules, empty=True))
    with pytest.raises(GameOver) as over:
        final_scoring(game)
    assert over.value.result == Result(Side.USSR, "final_scoring")
    assert game.state.vp == -1


def test_final_scoring_china_card_face_down_with_the_us(rules: Ruleset) -> None:
    """card-events A13: face up or face down, the holder gains the VP: +1, US wins."""
    game = game_at(rules, position(rules, empty=True))
    game.move_card(CHINA_CARD, area_of(Side.US))
    game.set_china_face_up(False)
    with pytest.raises(GameOver):
        final_scoring(game)
    assert game.state.vp == 1
    assert game.state.result == Result(Side.US, "final_scoring")


def test_final_scoring_zero_is_a_draw(rules: Ruleset) -> None:
    """card-events B5: US +1 before, the USSR's China Card −1: 0 is a draw."""
    game = game_at(rules, position(rules, empty=True, vp=1))
    with pytest.raises(GameOver):
        final_scoring(game)
    assert game.state.result == Result(None, "final_scoring")


def test_final_scoring_no_twenty_vp_win_during_it(rules: Ruleset) -> None:
    """card-events B5, A15: from +18, Europe (US UK: presence +3) reaches +21, but the game
    goes on: Asia (USSR control 9 + 6 BG + 1 Japan = 16) gives +5, the Middle East (USSR
    control 7 + 6 = 13) gives −8, the USSR's China Card −9: the USSR wins."""
    influence = {
        "uk": (5, 0),
        **ASIA_BGS_USSR,
        "libya": (0, 2),
        "egypt": (0, 2),
        "israel": (0, 4),
        "iraq": (0, 3),
        "iran": (0, 2),
        "saudi_arabia": (0, 3),
    }
    game = game_at(rules, position(rules, empty=True, influence=influence, vp=18))
    with pytest.raises(GameOver) as over:
        final_scoring(game)
    assert over.value.result == Result(Side.USSR, "final_scoring")
    assert game.state.vp == -9
    steps = [(r.before, r.after) for r in game.log if isinstance(r, VPChange)]
    assert steps == [(18, 21), (21, 5), (5, -8), (-8, -9)]


def test_final_scoring_europe_control_wins_whatever_the_rest(rules: Ruleset) -> None:
    """card-events B5: from −15, the US controls Europe: the US wins by Europe control."""
    influence = {c: (STABILITY[c], 0) for c in EUROPE_BGS}
    game = game_at(rules, position(rules, empty=True, influence=influence, vp=-15))
    with pytest.raises(GameOver):
        final_scoring(game)
    assert game.state.result == Result(Side.US, "europe_control")


def test_final_scoring_applies_formosan(rules: Ruleset) -> None:
    """card-events B5, D9: the Formosan example above scores Asia +5 at final scoring; the
    USSR's China Card −1: +4, US wins."""
    state = position(rules, empty=True, influence=FORMOSAN_EXAMPLE, effects=[FORMOSAN])
    game = game_at(rules, state)
    with pytest.raises(GameOver):
        final_scoring(game)
    assert game.state.vp == 4
    assert game.state.result == Result(Side.US, "final_scoring")


def test_final_scoring_ignores_shuttle_diplomacy(rules: Ruleset) -> None:
    """card-events B5, D2: USSR Iraq, Libya, Syria: the full domination 5 + 2 = 7 counts, not
    6; China −1: −8."""
    influence = {"iraq": (0, 3), "libya": (0, 2), "syria": (0, 2)}
    game = game_at(rules, position(rules, empty=True, influence=influence, effects=[SHUTTLE]))
    with pytest.raises(GameOver):
        final_scoring(game)
    assert game.state.vp == -8
    assert game.state.result == Result(Side.USSR, "final_scoring")


# --------------------------------------------------------------------------- milops check (A11)


@pytest.mark.parametrize(
    ("defcon", "milops", "vp_change"),
    [
        # US short 3 − 1 = 2 (USSR +2), USSR short 3 − 2 = 1 (US +1): net USSR +1.
        (3, [1, 2], -1),
        # Both short 5: the penalties cancel.
        (5, [0, 0], 0),
        # USSR short 2: US +2; the US above the level earns nothing extra.
        (2, [5, 0], 2),
        (4, [4, 4], 0),
        (4, [0, 4], -4),
        # US short 2, USSR met: USSR +2.
        (5, [3, 5], -2),
    ],
)
def test_military_ops_check_nets_both_penalties(
    rules: Ruleset, defcon: int, milops: list[int], vp_change: int
) -> None:
    """base §8.2 (card-events A11): each side short of DEFCON gives the opponent 1 VP per
    missing point; both penalties are netted; both tracks reset to 0."""
    state = position(rules, empty=True, defcon=defcon, vp=3)
    state.milops = list(milops)
    game = game_at(rules, state)
    military_ops_check(game)
    assert game.state.vp == 3 + vp_change
    assert game.state.milops == [0, 0]
    vp_records = [r for r in game.log if isinstance(r, VPChange)]
    assert len(vp_records) == (1 if vp_change else 0)


# --------------------------------------------------------------------------- counts of one change


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_counts_if_held_match_counting_the_changed_board(
    rules: Ruleset, data: st.DataObject
) -> None:
    """`counts_if_held` (one country's counts swapped, for the AI's coup look-ahead) equals
    counting the region again on a board where that country has the new controller."""
    region = data.draw(st.sampled_from(["europe", "asia", "middle_east", "southeast_asia"]))
    members = rules.members(region)
    state = position(rules, empty=True, effects=data.draw(st.sampled_from([[], [FORMOSAN]])))
    for c in members:
        state.influence[c] = data.draw(st.tuples(st.integers(0, 5), st.integers(0, 5)))
    country = data.draw(st.sampled_from(members))
    holder = data.draw(st.sampled_from([Side.US, Side.USSR, None]))
    expected = counts_if_held(
        state, rules, region, region_counts(state, rules, region), country, holder
    )
    stability = rules.countries[country].stability
    state.influence[country] = {Side.US: (stability, 0), Side.USSR: (0, stability), None: (0, 0)}[
        holder
    ]
    assert expected == region_counts(state, rules, region)


@pytest.mark.parametrize(
    ("region", "country"),
    [("europe", "finland"), ("europe", "canada"), ("asia", "north_korea"), ("asia", "japan")],
)
@pytest.mark.parametrize("holder", [Side.US, Side.USSR, None])
def test_counts_if_held_when_a_superpower_neighbour_changes_hands(
    rules: Ruleset, region: str, country: str, holder: Side | None
) -> None:
    """The adjacency bonus moves with the country: a side that loses a country next to the
    enemy superpower loses its +1 (what option 0 and the coup look-ahead count as the human's
    loss). Each country starts controlled by the side its superpower neighbour is the enemy
    of."""
    c = rules.index[country]
    enemy = rules.countries[c].superpower
    assert enemy is not None
    owner = enemy.other
    stability = rules.countries[c].stability
    state = position(rules, empty=True, influence={country: (0, 0)})
    state.influence[c, owner.col] = stability
    before = region_counts(state, rules, region)
    assert before[0][owner].adjacent == 1
    expected = counts_if_held(state, rules, region, before, c, holder)
    state.influence[c] = {Side.US: (stability, 0), Side.USSR: (0, stability), None: (0, 0)}[holder]
    assert expected == region_counts(state, rules, region)


@pytest.mark.parametrize("now", [Side.US, Side.USSR, None])
@pytest.mark.parametrize("holder", [Side.US, Side.USSR, None])
def test_counts_if_held_taiwan_under_formosan(
    rules: Ruleset, now: Side | None, holder: Side | None
) -> None:
    """Taiwan is a battleground only while the US controls it (B6): its change of controller
    also changes the number of battlegrounds in Asia."""
    taiwan = rules.index["taiwan"]
    control = {Side.US: (3, 0), Side.USSR: (0, 3), None: (0, 0)}
    state = position(rules, empty=True, effects=[FORMOSAN], influence={"taiwan": control[now]})
    got = counts_if_held(state, rules, "asia", region_counts(state, rules, "asia"), taiwan, holder)
    state.influence[taiwan] = control[holder]
    assert got == region_counts(state, rules, "asia")


# USSR North Korea and Japan (both BGs; Japan is next to the US): presence 3 + 2 BGs + 1 (Japan
# next to the US) = 6.
KOREA_JAPAN = {"north_korea": (0, 3), "japan": (0, 4)}


def test_shuttle_diplomacy_drops_the_adjacency_vp_with_the_country(rules: Ruleset) -> None:
    """card-events #73 (issue #14 defect 6): the battleground left out takes its
    enemy-superpower adjacency VP with it, and the US leaves out the one that costs the USSR
    most: Japan. 1 country, 1 BG: presence 3 + 1 = 4 (not 5, Japan's adjacency kept)."""
    assert score(rules, "asia", KOREA_JAPAN).vp == -6
    assert score(rules, "asia", KOREA_JAPAN, [SHUTTLE]).vp == -4


@pytest.mark.parametrize(("pick", "vp"), [("japan", -4), ("north_korea", -5)])
def test_shuttle_diplomacy_the_us_chooses_the_battleground(
    rules: Ruleset, pick: str, vp: int
) -> None:
    """card-events #73: when the choice matters, the US is asked which USSR battleground does
    not count: leaving out North Korea keeps Japan and its adjacency VP (3 + 1 + 1 = 5)."""
    game = game_at(rules, position(rules, empty=True, influence=KOREA_JAPAN), us=[pick])
    game.add_effect(SHUTTLE)
    score_region(game, "asia")
    assert game.answers == [("us", "country", pick)]
    assert game.state.vp == vp


def test_shuttle_diplomacy_asks_nothing_when_the_choice_cannot_matter(rules: Ruleset) -> None:
    """card-events #73: North and South Korea (neither next to the US) score the same either
    way: no question (presence 3 + 1 = 4)."""
    influence = {"north_korea": (0, 3), "south_korea": (0, 3)}
    game = game_at(rules, position(rules, empty=True, influence=influence))
    game.add_effect(SHUTTLE)
    score_region(game, "asia")
    assert game.answers == []
    assert game.state.vp == -4


def test_the_ai_as_the_us_leaves_out_japan(rules: Ruleset) -> None:
    """Appendix #73: the AI (US) picks the battleground; its entry's keys put the one next to
    its own superpower first."""
    state = position(rules, empty=True, influence=KOREA_JAPAN)
    state.ai_side = Side.US
    game = game_at(rules, state)
    game.providers[Side.US] = Bot(Side.US)
    game.add_effect(SHUTTLE)
    score_region(game, "asia")
    assert game.answers == [("us", "country", "japan")]
    assert game.state.vp == -4
