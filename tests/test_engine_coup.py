"""Coups and realignments (base §6.2, §6.3, §8.1, §8.2; card-events A8, A9, A10, A11) and the
card effects that change them. Expected values are worked out by hand in each test."""

from __future__ import annotations

import pytest

from tests.support import game_at, inf, position
from twsolo.ai.dryrun import DryRunChance
from twsolo.engine.choices import CHANCE
from twsolo.engine.coup import (
    CoupResult,
    RealignResult,
    coup,
    coup_refusal,
    realign,
    realign_modifiers,
    realign_refusal,
)
from twsolo.engine.effects import coup_roll_modifier
from twsolo.engine.game import Game, GameOver, Policy
from twsolo.engine.operations import conduct_operations
from twsolo.engine.ops import OpsBudget
from twsolo.engine.records import CoupDone, RealignDone
from twsolo.engine.state import Effect, Result
from twsolo.errors import IllegalActionError
from twsolo.ids import CHINA_CARD, Side
from twsolo.ruleset import Ruleset

NATO = Effect(21, Side.US)
DE_GAULLE = Effect(17, Side.USSR)
WILLY_BRANDT = Effect(55, Side.USSR)
US_JAPAN_PACT = Effect(27, Side.US)
THE_REFORMER = Effect(87, Side.USSR)
SALT = Effect(43)
NUCLEAR_SUBS = Effect(41, Side.US)
YURI_AND_SAMANTHA = Effect(109, Side.USSR)
IRAN_CONTRA = Effect(93, Side.US)
FORMOSAN = Effect(35, Side.US)


def death_squads(side: Side) -> Effect:
    """Latin American Death Squads played by `side`: its coups there +1, the other's −1."""
    return Effect(69, side)


def missile_crisis(loser: Side) -> Effect:
    """Cuban Missile Crisis: a coup by `loser` loses the game this turn."""
    return Effect(40, loser)


# --------------------------------------------------------------------------- arithmetic (A9)


@pytest.mark.parametrize(
    ("before", "ops", "roll", "modified", "removed", "added", "after"),
    [
        # Syria, stability 2 (2 × 2 = 4), US attacking.
        ((0, 1), 3, 4, 3, 1, 2, (2, 0)),  # 4 + 3 − 4 = 3: remove the 1 USSR, add 2 US
        ((0, 3), 2, 4, 2, 2, 0, (0, 1)),  # 4 + 2 − 4 = 2: remove 2 of 3, add nothing
        ((0, 2), 4, 2, 2, 2, 0, (0, 0)),  # 2 + 4 − 4 = 2: removes exactly all
        ((1, 2), 4, 6, 6, 2, 4, (5, 0)),  # 6 + 4 − 4 = 6: remove 2, add 4 to the 1 there
        ((0, 1), 1, 3, 0, 0, 0, (0, 1)),  # 3 + 1 − 4 = 0: nothing
        ((0, 1), 1, 1, -2, 0, 0, (0, 1)),  # 1 + 1 − 4 = −2: nothing
    ],
)
def test_coup_arithmetic(
    rules: Ruleset,
    before: tuple[int, int],
    ops: int,
    roll: int,
    modified: int,
    removed: int,
    added: int,
    after: tuple[int, int],
) -> None:
    """base §6.3.1–2 (card-events A9): r = die + ops − 2 × stability; r > 0 removes up to r
    opponent influence and adds the remainder; r ≤ 0 changes nothing."""
    game = game_at(rules, position(rules, empty=True, influence={"syria": before}), dice=[roll])
    result = coup(game, Side.US, rules.index["syria"], ops)
    assert result == CoupResult(rules.index["syria"], ops, roll, modified, removed, added)
    assert inf(game, "syria") == after
    assert game.state.defcon == 5  # Syria is not a battleground


def test_coup_needs_opponent_influence(rules: Ruleset) -> None:
    """base §6.3 (card-events A9): the target must hold opponent influence."""
    game = game_at(rules, position(rules, empty=True, influence={"syria": (0, 0)}))
    syria = rules.index["syria"]
    assert coup_refusal(game.state, rules, Side.USSR, syria) == "no US influence in Syria to coup"
    assert coup_refusal(game.state, rules, Side.US, syria) == "no USSR influence in Syria to coup"
    with pytest.raises(IllegalActionError, match=r"^no USSR influence in Syria to coup$"):
        coup(game, Side.US, syria, 3)
    assert game.state.milops == [0, 0]


def test_coup_needs_no_access(rules: Ruleset) -> None:
    """base §6.3 (card-events A9): the attacker needs no influence in or next to the target."""
    game = game_at(rules, position(rules, empty=True, influence={"zimbabwe": (0, 1)}), dice=[6])
    # 6 + 2 − 2 × 1 = 6: remove 1, add 5
    coup(game, Side.US, rules.index["zimbabwe"], 2)
    assert inf(game, "zimbabwe") == (5, 0)


# --------------------------------------------------------------------------- military ops (A11)


def test_coup_credits_military_ops_win_or_lose(rules: Ruleset) -> None:
    """base §6.3.3, §8.2.3 (card-events A9, A11): the card's ops go on the track, even when the
    coup does nothing."""
    game = game_at(rules, position(rules, empty=True, influence={"syria": (0, 1)}), dice=[1])
    coup(game, Side.US, rules.index["syria"], 3)  # 1 + 3 − 4 = 0: nothing
    assert inf(game, "syria") == (0, 1)
    assert game.state.milops == [3, 0]


def test_military_ops_track_stops_at_five(rules: Ruleset) -> None:
    """base §8.2 (card-events A11): the track runs 0–5; 4 + 3 stops at 5."""
    state = position(rules, empty=True, influence={"syria": (1, 0)})
    state.milops = [0, 4]
    game = game_at(rules, state, dice=[1])
    coup(game, Side.USSR, rules.index["syria"], 3)
    assert game.state.milops == [0, 5]


def test_free_coup_gives_no_military_ops(rules: Ruleset) -> None:
    """base §8.2.5 (card-events A9, A11): a free coup credits nothing."""
    game = game_at(rules, position(rules, empty=True, influence={"syria": (0, 1)}), dice=[6])
    coup(game, Side.US, rules.index["syria"], 2, free=True)  # 6 + 2 − 4 = 4: −1, +3
    assert inf(game, "syria") == (3, 0)
    assert game.state.milops == [0, 0]


# --------------------------------------------------------------------------- DEFCON (A9, A10)


@pytest.mark.parametrize("roll", [1, 6])
def test_battleground_coup_lowers_defcon_whatever_the_result(rules: Ruleset, roll: int) -> None:
    """base §6.3.4, §8.1.4 (card-events A9): Iran (battleground, stability 2): roll 1 gives
    1 + 1 − 4 = −2 (nothing), roll 6 gives 3; DEFCON goes 5 → 4 either way."""
    game = game_at(rules, position(rules, empty=True, influence={"iran": (1, 0)}), dice=[roll])
    coup(game, Side.USSR, rules.index["iran"], 1)
    assert game.state.defcon == 4
    assert inf(game, "iran") == ((1, 0) if roll == 1 else (0, 2))


def test_non_battleground_coup_leaves_defcon(rules: Ruleset) -> None:
    """base §6.3.4 (card-events A9): only battleground coups lower DEFCON."""
    game = game_at(rules, position(rules, empty=True, influence={"syria": (1, 0)}), dice=[6])
    coup(game, Side.USSR, rules.index["syria"], 3)
    assert game.state.defcon == 5


def test_free_battleground_coup_still_lowers_defcon(rules: Ruleset) -> None:
    """card-events A9: a free coup in a battleground still lowers DEFCON."""
    game = game_at(rules, position(rules, empty=True, influence={"iran": (1, 0)}), dice=[6])
    coup(game, Side.USSR, rules.index["iran"], 2, free=True)
    assert game.state.defcon == 4


def test_nuclear_subs_spare_defcon_for_us_coups(rules: Ruleset) -> None:
    """card-events #41, A9: US battleground coups do not lower DEFCON this turn."""
    state = position(rules, empty=True, influence={"iraq": (0, 1)}, effects=[NUCLEAR_SUBS])
    game = game_at(rules, state, dice=[6])
    coup(game, Side.US, rules.index["iraq"], 3)  # 6 + 3 − 6 = 3: −1, +2
    assert inf(game, "iraq") == (2, 0)
    assert game.state.defcon == 5
    assert game.state.milops == [3, 0]


def test_nuclear_subs_do_not_spare_ussr_coups(rules: Ruleset) -> None:
    """card-events #41: the exception is the US's only."""
    state = position(rules, empty=True, influence={"iran": (1, 0)}, effects=[NUCLEAR_SUBS])
    game = game_at(rules, state, dice=[6])
    coup(game, Side.USSR, rules.index["iran"], 3)
    assert game.state.defcon == 4


def test_formosan_taiwan_is_no_battleground_for_coups(rules: Ruleset) -> None:
    """card-events #35: Taiwan counts as a battleground for scoring only; a coup there does not
    lower DEFCON."""
    state = position(rules, empty=True, influence={"taiwan": (3, 0)}, effects=[FORMOSAN])
    game = game_at(rules, state, dice=[6])
    coup(game, Side.USSR, rules.index["taiwan"], 3)  # 6 + 3 − 6 = 3: −3
    assert inf(game, "taiwan") == (0, 0)
    assert game.state.defcon == 5


# One target per region; the US holds 1 influence in each, the USSR attacks.
REGION_TARGETS = {
    "france": "europe",
    "south_korea": "asia",
    "thailand": "asia",  # Southeast Asia is part of Asia
    "iran": "middle east",
    "panama": None,
    "argentina": None,
    "nigeria": None,
}
BANNED_AT = {
    5: set(),
    4: {"france"},
    3: {"france", "south_korea", "thailand"},
    2: {"france", "south_korea", "thailand", "iran"},
}


@pytest.mark.parametrize("defcon", [5, 4, 3, 2])
def test_defcon_region_bans(rules: Ruleset, defcon: int) -> None:
    """base §8.1.5 (card-events A10): DEFCON 4 bans Europe, 3 also Asia (with Southeast Asia),
    2 also the Middle East; the Americas and Africa never; coups and realignments alike."""
    state = position(
        rules, empty=True, influence=dict.fromkeys(REGION_TARGETS, (1, 0)), defcon=defcon
    )
    for country, region in REGION_TARGETS.items():
        i = rules.index[country]
        expected = (
            f"DEFCON {defcon} forbids coups and realignments in {region}"
            if country in BANNED_AT[defcon]
            else None
        )
        assert coup_refusal(state, rules, Side.USSR, i) == expected, country
        assert realign_refusal(state, rules, Side.USSR, i) == expected, country
        # Free coups ignore the region ban (base §6.3.5).
        assert coup_refusal(state, rules, Side.USSR, i, free=True) is None, country


def test_banned_coup_is_refused_and_changes_nothing(rules: Ruleset) -> None:
    """base §8.1.5 (card-events A10): at DEFCON 3 a coup in South Korea is refused."""
    state = position(rules, empty=True, influence={"south_korea": (1, 0)}, defcon=3)
    game = game_at(rules, state)
    with pytest.raises(IllegalActionError) as refused:
        coup(game, Side.USSR, rules.index["south_korea"], 4)
    assert str(refused.value) == "DEFCON 3 forbids coups and realignments in asia"
    assert inf(game, "south_korea") == (1, 0)
    assert (game.state.defcon, game.state.milops) == (3, [0, 0])


def test_free_coup_ignores_the_defcon_ban(rules: Ruleset) -> None:
    """base §6.3.5 (card-events A9): a free coup in Turkey (Europe, stability 2) at DEFCON 2:
    3 + 2 − 4 = 1 removes the US point; DEFCON stays 2 (not a battleground), no milops."""
    state = position(rules, empty=True, influence={"turkey": (1, 0)}, defcon=2)
    game = game_at(rules, state, dice=[3])
    coup(game, Side.USSR, rules.index["turkey"], 2, free=True)
    assert inf(game, "turkey") == (0, 0)
    assert (game.state.defcon, game.state.milops) == (2, [0, 0])


def test_free_coup_in_a_banned_battleground_lowers_defcon(rules: Ruleset) -> None:
    """base §6.3.5 (card-events A9): France at DEFCON 3 (Europe banned): 6 + 3 − 6 = 3 removes
    the US point and adds 2; DEFCON 3 → 2."""
    state = position(rules, empty=True, influence={"france": (1, 0)}, defcon=3)
    game = game_at(rules, state, dice=[6])
    coup(game, Side.USSR, rules.index["france"], 3, free=True)
    assert inf(game, "france") == (0, 2)
    assert game.state.defcon == 2


def test_defcon_one_loses_for_the_phasing_side(rules: Ruleset) -> None:
    """base §8.1.3 (card-events A10): the US, phasing, coups Panama (battleground) at DEFCON 2:
    DEFCON 1 ends the game and the US loses."""
    state = position(rules, empty=True, influence={"panama": (0, 1)}, defcon=2, phasing=Side.US)
    game = game_at(rules, state, dice=[1])
    with pytest.raises(GameOver) as over:
        coup(game, Side.US, rules.index["panama"], 1)
    assert over.value.result == Result(Side.USSR, "defcon1")
    assert game.state.result == Result(Side.USSR, "defcon1")
    assert game.state.defcon == 1


def test_defcon_one_loses_for_the_phasing_side_whoever_coups(rules: Ruleset) -> None:
    """base §8.1.3 (card-events A10): the phasing player loses whoever's coup moved the marker:
    a US coup during a USSR round loses for the USSR."""
    state = position(rules, empty=True, influence={"panama": (0, 1)}, defcon=2, phasing=Side.USSR)
    game = game_at(rules, state, dice=[1])
    with pytest.raises(GameOver):
        coup(game, Side.US, rules.index["panama"], 1)
    assert game.state.result == Result(Side.US, "defcon1")


def test_defcon_one_loser_comes_from_the_game_policy(rules: Ruleset) -> None:
    """base §8.1.3 via Game.policy: a policy that names the US the loser decides the result."""

    class USLoses(Policy):
        def defcon_loser(self, game: Game) -> Side:
            return Side.US

    state = position(rules, empty=True, influence={"panama": (1, 0)}, defcon=2, phasing=Side.USSR)
    game = game_at(rules, state, dice=[1])
    game.policy = USLoses()
    with pytest.raises(GameOver):
        coup(game, Side.USSR, rules.index["panama"], 1)
    assert game.state.result == Result(Side.USSR, "defcon1")


def test_defcon_floor_comes_from_the_game_policy(rules: Ruleset) -> None:
    """Game.policy.defcon_floor: a policy whose floor is 2 (the solitaire AI, spec §11.1) keeps
    a battleground coup at DEFCON 2 from ending the game."""

    class FloorTwo(Policy):
        def defcon_floor(self, game: Game) -> int:
            return 2

    state = position(rules, empty=True, influence={"panama": (0, 1)}, defcon=2, phasing=Side.US)
    game = game_at(rules, state, dice=[6])
    game.policy = FloorTwo()
    coup(game, Side.US, rules.index["panama"], 1)  # 6 + 1 − 4 = 3: −1, +2
    assert inf(game, "panama") == (2, 0)
    assert game.state.defcon == 2
    assert game.state.result is None


# --------------------------------------------------------------------------- protections


def test_nato_protects_us_controlled_european_countries(rules: Ruleset) -> None:
    """card-events #21: the USSR may not coup or realign a US-controlled European country:
    France 3 (stability 3) and Poland 3 (East Europe) are; France 2 would not be."""
    state = position(
        rules, empty=True, influence={"france": (3, 0), "poland": (3, 0)}, effects=[NATO]
    )
    reason = "NATO protects US-controlled countries in Europe"
    for country in ("france", "poland"):
        i = rules.index[country]
        assert coup_refusal(state, rules, Side.USSR, i) == reason
        assert realign_refusal(state, rules, Side.USSR, i) == reason
        assert coup_refusal(state, rules, Side.USSR, i, free=True) == reason
    game = game_at(rules, state)
    with pytest.raises(IllegalActionError, match=r"^NATO protects"):
        coup(game, Side.USSR, rules.index["france"], 4)
    assert inf(game, "france") == (3, 0)


def test_nato_does_not_protect_uncontrolled_countries(rules: Ruleset) -> None:
    """card-events #21: control is checked at the moment of the attempt; France 2 vs 0
    (stability 3) is not US-controlled."""
    state = position(rules, empty=True, influence={"france": (2, 0)}, effects=[NATO])
    assert coup_refusal(state, rules, Side.USSR, rules.index["france"]) is None


def test_no_nato_protection_without_the_card(rules: Ruleset) -> None:
    """card-events #21: without NATO in force a US-controlled France may be couped."""
    state = position(rules, empty=True, influence={"france": (3, 0)})
    assert coup_refusal(state, rules, Side.USSR, rules.index["france"]) is None


def test_de_gaulle_and_willy_brandt_exempt_their_country(rules: Ruleset) -> None:
    """card-events #21 exemptions: France after De Gaulle (#17), West Germany under Willy
    Brandt (#55); the other stays protected."""
    influence = {"france": (3, 0), "west_germany": (4, 0)}
    france, wg = rules.index["france"], rules.index["west_germany"]
    reason = "NATO protects US-controlled countries in Europe"
    state = position(rules, empty=True, influence=influence, effects=[NATO, DE_GAULLE])
    assert coup_refusal(state, rules, Side.USSR, france) is None
    assert coup_refusal(state, rules, Side.USSR, wg) == reason
    state = position(rules, empty=True, influence=influence, effects=[NATO, WILLY_BRANDT])
    assert coup_refusal(state, rules, Side.USSR, wg) is None
    assert realign_refusal(state, rules, Side.USSR, wg) is None
    assert coup_refusal(state, rules, Side.USSR, france) == reason


def test_nato_does_not_restrict_the_us(rules: Ruleset) -> None:
    """card-events #21: NATO restricts USSR coups only."""
    state = position(rules, empty=True, influence={"poland": (0, 3)}, effects=[NATO])
    assert coup_refusal(state, rules, Side.US, rules.index["poland"]) is None


def test_us_japan_pact_protects_japan(rules: Ruleset) -> None:
    """card-events #27: the USSR may not coup or realign Japan, controlled or not; the US may
    still coup USSR influence there."""
    state = position(rules, empty=True, influence={"japan": (1, 1)}, effects=[US_JAPAN_PACT])
    japan = rules.index["japan"]
    reason = "US/Japan Mutual Defense Pact protects Japan"
    assert coup_refusal(state, rules, Side.USSR, japan) == reason
    assert realign_refusal(state, rules, Side.USSR, japan) == reason
    assert coup_refusal(state, rules, Side.US, japan) is None


def test_the_reformer_bans_ussr_coups_in_europe_not_realignments(rules: Ruleset) -> None:
    """card-events #87: no USSR coups in Europe; realignments still allowed; the US and other
    regions are free."""
    state = position(
        rules,
        empty=True,
        influence={"italy": (1, 0), "iran": (1, 0), "poland": (0, 1)},
        effects=[THE_REFORMER],
    )
    italy = rules.index["italy"]
    assert coup_refusal(state, rules, Side.USSR, italy) == "The Reformer: no USSR coups in Europe"
    assert realign_refusal(state, rules, Side.USSR, italy) is None
    assert coup_refusal(state, rules, Side.USSR, rules.index["iran"]) is None
    assert coup_refusal(state, rules, Side.US, rules.index["poland"]) is None


# --------------------------------------------------------------------------- roll modifiers


def test_salt_lowers_every_coup_roll(rules: Ruleset) -> None:
    """card-events #43: −1 to coup rolls of both sides. Syria 0/2, US 3 ops, roll 4:
    4 + 3 − 1 − 4 = 2 removes both USSR points and adds none (3 without SALT would add 1)."""
    state = position(rules, empty=True, influence={"syria": (0, 2)}, effects=[SALT])
    for side in Side:
        assert coup_roll_modifier(state, rules, side, rules.index["syria"]) == -1
    game = game_at(rules, state, dice=[4])
    result = coup(game, Side.US, rules.index["syria"], 3)
    assert result.modified == 2
    assert inf(game, "syria") == (0, 0)


def test_death_squads_modifiers(rules: Ruleset) -> None:
    """card-events #69: the player's coups in Central/South America +1, the opponent's −1;
    elsewhere nothing; SALT adds its −1 on top."""
    state = position(rules, empty=True, effects=[death_squads(Side.USSR)])
    panama, argentina, nigeria = (rules.index[c] for c in ("panama", "argentina", "nigeria"))
    assert coup_roll_modifier(state, rules, Side.USSR, panama) == 1
    assert coup_roll_modifier(state, rules, Side.USSR, argentina) == 1
    assert coup_roll_modifier(state, rules, Side.US, panama) == -1
    assert coup_roll_modifier(state, rules, Side.US, argentina) == -1
    assert coup_roll_modifier(state, rules, Side.USSR, nigeria) == 0
    assert coup_roll_modifier(state, rules, Side.US, nigeria) == 0
    state.effects.append(SALT)
    assert coup_roll_modifier(state, rules, Side.USSR, panama) == 0
    assert coup_roll_modifier(state, rules, Side.US, panama) == -2


def test_death_squads_in_the_coup_arithmetic(rules: Ruleset) -> None:
    """card-events #69: USSR coup in Panama (stability 2), 2 ops, roll 2: 2 + 2 + 1 − 4 = 1
    removes the US point; US coup in Argentina (stability 2), 3 ops, roll 3:
    3 + 3 − 1 − 4 = 1 removes the USSR point and adds nothing."""
    state = position(
        rules,
        empty=True,
        influence={"panama": (1, 0), "argentina": (0, 1)},
        effects=[death_squads(Side.USSR)],
    )
    game = game_at(rules, state, dice=[2, 3])
    assert coup(game, Side.USSR, rules.index["panama"], 2).modified == 1
    assert inf(game, "panama") == (0, 0)
    assert coup(game, Side.US, rules.index["argentina"], 3).modified == 1
    assert inf(game, "argentina") == (0, 0)
    assert game.state.defcon == 3  # two battleground coups


def test_cuban_missile_crisis_coup_loses(rules: Ruleset) -> None:
    """card-events #40: a coup by the restricted side loses the game at once (no die is
    rolled, nothing changes on the board)."""
    state = position(
        rules, empty=True, influence={"iran": (1, 0)}, effects=[missile_crisis(Side.USSR)]
    )
    game = game_at(rules, state)
    with pytest.raises(GameOver) as over:
        coup(game, Side.USSR, rules.index["iran"], 3)
    assert over.value.result == Result(Side.US, "cuban_missile_crisis")
    assert game.state.result == Result(Side.US, "cuban_missile_crisis")
    assert inf(game, "iran") == (1, 0)
    assert (game.state.defcon, game.state.milops) == (5, [0, 0])


def test_cuban_missile_crisis_free_coup_loses_too(rules: Ruleset) -> None:
    """card-events #40: free coups included."""
    state = position(
        rules, empty=True, influence={"syria": (0, 1)}, effects=[missile_crisis(Side.US)]
    )
    game = game_at(rules, state)
    with pytest.raises(GameOver):
        coup(game, Side.US, rules.index["syria"], 2, free=True)
    assert game.state.result == Result(Side.USSR, "cuban_missile_crisis")


def test_cuban_missile_crisis_does_not_bind_the_other_side(rules: Ruleset) -> None:
    """card-events #40: only the player's opponent is restricted."""
    state = position(
        rules, empty=True, influence={"syria": (0, 1)}, effects=[missile_crisis(Side.USSR)]
    )
    game = game_at(rules, state, dice=[6])
    coup(game, Side.US, rules.index["syria"], 1)  # 6 + 1 − 4 = 3: −1, +2
    assert inf(game, "syria") == (2, 0)
    assert game.state.result is None


def test_yuri_and_samantha_one_vp_per_us_coup(rules: Ruleset) -> None:
    """card-events #109: the USSR gains 1 VP per US coup, free coups included; USSR coups
    give nothing."""
    state = position(
        rules,
        empty=True,
        influence={"syria": (0, 3), "lebanon": (1, 0)},
        effects=[YURI_AND_SAMANTHA],
        vp=2,
    )
    game = game_at(rules, state, dice=[1, 1, 1, 1])
    coup(game, Side.US, rules.index["syria"], 1)
    assert game.state.vp == 1
    coup(game, Side.US, rules.index["syria"], 1, free=True)
    assert game.state.vp == 0
    coup(game, Side.USSR, rules.index["lebanon"], 1)
    assert game.state.vp == 0
    coup(game, Side.US, rules.index["syria"], 1)
    assert game.state.vp == -1


# --------------------------------------------------------------------------- via the seam


def test_china_card_coup_in_asia_uses_five_ops(rules: Ruleset) -> None:
    """base §9.7 (card-events A13, A9): the China Card in a coup in South Korea (Asia,
    stability 3): roll 3 + 5 ops − 6 = 2 removes the US point and adds 1; 5 milops; DEFCON
    5 → 4 (battleground)."""
    game = game_at(rules, position(rules), ussr=["coup", "south_korea"], dice=[3])
    budget = OpsBudget.for_card(game.state, rules, Side.USSR, CHINA_CARD)
    assert conduct_operations(game, Side.USSR, budget, card_ops=4) == "coup"
    assert inf(game, "south_korea") == (0, 1)
    assert game.state.milops == [0, 5]
    assert game.state.defcon == 4


def test_china_card_coup_outside_asia_uses_four_ops(rules: Ruleset) -> None:
    """base §9.7 (card-events A13): in Iran (Middle East, stability 2) the card gives 4:
    roll 3 + 4 − 4 = 3 removes the US point and adds 2; 4 milops."""
    game = game_at(rules, position(rules), ussr=["coup", "iran"], dice=[3])
    budget = OpsBudget.for_card(game.state, rules, Side.USSR, CHINA_CARD)
    conduct_operations(game, Side.USSR, budget, card_ops=4)
    assert inf(game, "iran") == (0, 2)
    assert game.state.milops == [0, 4]


def test_coup_targets_offered_through_the_seam(rules: Ruleset) -> None:
    """base §6.3 and §8.1.5 via the Choice seam: at DEFCON 3 with NATO and the US/Japan pact,
    the USSR is offered only the unbanned, unprotected countries with US influence."""
    state = position(
        rules,
        empty=True,
        influence={
            "france": (1, 0),  # Europe: banned at DEFCON 3
            "japan": (1, 0),  # Asia: banned (and protected by the pact)
            "iran": (1, 0),
            "panama": (2, 0),
            "zaire": (1, 0),
        },
        defcon=3,
        effects=[NATO, US_JAPAN_PACT],
    )
    game = game_at(rules, state, ussr=["coup", "zaire"], dice=[4])
    conduct_operations(game, Side.USSR, OpsBudget(2))
    coup_question = game.providers[Side.USSR].asked[1]  # type: ignore[attr-defined]
    assert coup_question.kind == "coup"
    assert set(coup_question.options) == {"iran", "panama", "zaire"}
    assert inf(game, "zaire") == (0, 3)  # 4 + 2 − 2 = 4: −1, +3


# --------------------------------------------------------------------------- realignment (A8)


def test_realignment_modifiers_adjacency_with_own_superpower_and_more_influence(
    rules: Ruleset,
) -> None:
    """base §6.2 (card-events A8): Mexico US 0 / USSR 2, USSR controls Guatemala (its only
    neighbour). US: +1 for the US box = 1. USSR: +1 Guatemala, +1 more influence = 2."""
    state = position(rules, empty=True, influence={"mexico": (0, 2), "guatemala": (0, 1)})
    mexico = rules.index["mexico"]
    assert realign_modifiers(state, rules, Side.US, mexico) == 1
    assert realign_modifiers(state, rules, Side.USSR, mexico) == 2


def test_equal_influence_gives_neither_side_the_more_influence_bonus(rules: Ruleset) -> None:
    """base §6.2 (card-events A8): +1 only for *more* influence in the target: Mexico 2 / 2
    with nothing around: the US has its box (+1), the USSR nothing."""
    state = position(rules, empty=True, influence={"mexico": (2, 2)})
    mexico = rules.index["mexico"]
    assert realign_modifiers(state, rules, Side.US, mexico) == 1
    assert realign_modifiers(state, rules, Side.USSR, mexico) == 0


@pytest.mark.parametrize("beneficiary", [Side.US, Side.USSR])
def test_a_coup_die_in_a_dry_run_favours_the_events_owner_spec_1_8(
    rules: Ruleset, beneficiary: Side
) -> None:
    """Spec §1.8: the coup's die says whose it is, so a dry run gives the beneficiary a 6 and
    the other side a 1; the record names who made the coup."""
    for roller in Side:
        state = position(rules, empty=True, influence={"mexico": (2, 2)})
        game = Game(rules, state, {CHANCE: DryRunChance(beneficiary)})
        result = coup(game, roller, rules.index["mexico"], 2)
        assert result.roll == (6 if roller is beneficiary else 1), roller
        assert [r.side for r in game.log if isinstance(r, CoupDone)] == [roller]


def test_realignment_counts_every_adjacent_controlled_country(rules: Ruleset) -> None:
    """base §6.2 (card-events A8): Iran's neighbours Afghanistan, Iraq, Pakistan; the USSR
    controls Iraq (3, stability 3) and Afghanistan (2, stability 2): +2; the US has more
    influence in Iran: +1; Poland touches the USSR box: +1 for the USSR there."""
    state = position(
        rules,
        empty=True,
        influence={"iran": (1, 0), "iraq": (0, 3), "afghanistan": (0, 2), "poland": (2, 0)},
    )
    assert realign_modifiers(state, rules, Side.USSR, rules.index["iran"]) == 2
    assert realign_modifiers(state, rules, Side.US, rules.index["iran"]) == 1
    assert realign_modifiers(state, rules, Side.USSR, rules.index["poland"]) == 1
    assert realign_modifiers(state, rules, Side.US, rules.index["poland"]) == 1


def test_iran_contra_lowers_us_realignment_rolls(rules: Ruleset) -> None:
    """card-events #93: US realignment rolls −1 (1 − 1 = 0 in Mexico); the USSR's stay 2."""
    state = position(
        rules,
        empty=True,
        influence={"mexico": (0, 2), "guatemala": (0, 1)},
        effects=[IRAN_CONTRA],
    )
    mexico = rules.index["mexico"]
    assert realign_modifiers(state, rules, Side.US, mexico) == 0
    assert realign_modifiers(state, rules, Side.USSR, mexico) == 2


def test_realignment_removes_the_difference_from_the_loser(rules: Ruleset) -> None:
    """base §6.2.2 (card-events A8): Mexico 0/5, Guatemala USSR-controlled. US 6 + 1 = 7,
    USSR 1 + 2 = 3: the USSR loses 7 − 3 = 4 of its 5. The roller rolls first."""
    state = position(rules, empty=True, influence={"mexico": (0, 5), "guatemala": (0, 1)})
    game = game_at(rules, state, dice=[6, 1])
    result = realign(game, Side.US, rules.index["mexico"])
    assert result == RealignResult(
        rules.index["mexico"],
        {Side.US: 6, Side.USSR: 1},
        {Side.US: 7, Side.USSR: 3},
        {Side.US: 0, Side.USSR: 4},
    )
    assert inf(game, "mexico") == (0, 1)
    # No military ops, no DEFCON change for realignments (base §8.2).
    assert (game.state.milops, game.state.defcon) == ([0, 0], 5)


@pytest.mark.parametrize("beneficiary", [Side.US, Side.USSR])
def test_realignment_dice_in_a_dry_run_favour_the_events_owner_spec_1_8(
    rules: Ruleset, beneficiary: Side
) -> None:
    """Spec §1.8: in a dry run each die is a success for the side whose event it is, so each
    realignment die says whose it is: the beneficiary rolls 6, the other side 1, whoever
    realigns."""
    for roller in Side:
        state = position(rules, empty=True, influence={"mexico": (2, 2)})
        game = Game(rules, state, {CHANCE: DryRunChance(beneficiary)})
        result = realign(game, roller, rules.index["mexico"])
        assert result.rolls == {beneficiary: 6, beneficiary.other: 1}, roller
        assert [r.side for r in game.log if isinstance(r, RealignDone)] == [roller]


def test_only_a_free_realignment_ignores_the_defcon_ban(rules: Ruleset) -> None:
    """Base §6.2 with card-events D3 (Tear Down this Wall): at DEFCON 4 Europe is closed to
    realignments, unless the event makes them free."""
    state = position(rules, empty=True, influence={"east_germany": (0, 2)}, defcon=4)
    game = game_at(rules, state, dice=[6, 1])
    with pytest.raises(IllegalActionError, match="DEFCON"):
        realign(game, Side.US, rules.index["east_germany"])
    result = realign(game, Side.US, rules.index["east_germany"], free=True)
    assert result.removed == {Side.US: 0, Side.USSR: 2}


def test_realignment_can_cost_the_roller(rules: Ruleset) -> None:
    """base §6.2.2 (card-events A8): Mexico 1/2: US 1 + 1 = 2, USSR 6 + 2 = 8; the US loses
    the difference 6, capped at the 1 it has; nothing is ever added."""
    state = position(rules, empty=True, influence={"mexico": (1, 2), "guatemala": (0, 1)})
    game = game_at(rules, state, dice=[1, 6])
    result = realign(game, Side.US, rules.index["mexico"])
    assert result.totals == {Side.US: 2, Side.USSR: 8}
    assert result.removed == {Side.US: 1, Side.USSR: 0}
    assert inf(game, "mexico") == (0, 2)


def test_realignment_tie_does_nothing(rules: Ruleset) -> None:
    """base §6.2.2 (card-events A8): US 3 + 1 = 4, USSR 2 + 2 = 4: a tie changes nothing."""
    state = position(rules, empty=True, influence={"mexico": (0, 2), "guatemala": (0, 1)})
    game = game_at(rules, state, dice=[3, 2])
    result = realign(game, Side.US, rules.index["mexico"])
    assert result.totals == {Side.US: 4, Side.USSR: 4}
    assert result.removed == {Side.US: 0, Side.USSR: 0}
    assert inf(game, "mexico") == (0, 2)


def test_realignment_with_iran_contra_in_the_rolls(rules: Ruleset) -> None:
    """card-events #93: US 4 + 1 − 1 = 4 against USSR 1 + 2 = 3: the USSR loses 1."""
    state = position(
        rules,
        empty=True,
        influence={"mexico": (0, 2), "guatemala": (0, 1)},
        effects=[IRAN_CONTRA],
    )
    game = game_at(rules, state, dice=[4, 1])
    result = realign(game, Side.US, rules.index["mexico"])
    assert result.totals == {Side.US: 4, Side.USSR: 3}
    assert inf(game, "mexico") == (0, 1)


def test_realignment_needs_opponent_influence(rules: Ruleset) -> None:
    """card-events A8 target rule: only countries with opponent influence are offered."""
    game = game_at(rules, position(rules, empty=True, influence={"mexico": (2, 0)}))
    mexico = rules.index["mexico"]
    assert realign_refusal(game.state, rules, Side.US, mexico) == (
        "no USSR influence in Mexico to realign"
    )
    with pytest.raises(IllegalActionError, match=r"^no USSR influence in Mexico to realign$"):
        realign(game, Side.US, mexico)


def test_realignments_through_the_seam_one_op_each(rules: Ruleset) -> None:
    """base §6.2 (card-events A8): 2 ops buy 2 rolls, each resolved before the next: Mexico
    0/2 with Guatemala USSR-controlled; US 6 + 1 = 7 vs 1 + 2 = 3 removes both, then only
    Guatemala (0/1) is left: US 6 + 0 vs USSR 1 + 1 (more influence) = 2 removes it."""
    state = position(rules, empty=True, influence={"mexico": (0, 2), "guatemala": (0, 1)})
    game = game_at(rules, state, us=["realign", "mexico", "guatemala"], dice=[6, 1, 6, 1])
    conduct_operations(game, Side.US, OpsBudget(2))
    assert inf(game, "mexico") == (0, 0)
    assert inf(game, "guatemala") == (0, 0)
    assert game.state.milops == [0, 0]
