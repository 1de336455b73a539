"""Influence placement with ops and the ops a card gives (base §6.1, §7.4, §9.7; card-events A7,
A13, A14). Every position is built by hand; the expected values are worked out from the rules."""

from __future__ import annotations

import pytest

from tests.support import game_at, inf, position
from twsolo.engine.board import placement_access
from twsolo.engine.effects import ops_modifier
from twsolo.engine.influence import (
    conduct_influence,
    place_influence,
    place_point,
    placement_options,
    point_cost,
)
from twsolo.engine.ops import OpsBudget, card_ops
from twsolo.engine.state import Effect
from twsolo.errors import ChoiceError, IllegalActionError
from twsolo.ids import CHINA_CARD, Side
from twsolo.ruleset import Ruleset

# Cards by printed ops (neutral cards, so nothing but the ops matters here).
CARD_1_OP = 18  # Captured Nazi Scientist
CARD_2_OPS = 20  # Olympic Games
CARD_3_OPS = 36  # Brush War
CARD_4_OPS = 34  # Nuclear Test Ban
SCORING_CARD = 1  # Asia Scoring

VIETNAM_REVOLTS = Effect(9, Side.USSR)
CONTAINMENT = Effect(25, Side.US)
BREZHNEV = Effect(51, Side.USSR)


def red_scare(on: Side) -> Effect:
    """Red Scare/Purge in force against `on` (its cards get −1)."""
    return Effect(31, on)


def ids(rules: Ruleset, indices: object) -> set[str]:
    return {rules.countries[i].id for i in indices}  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- access (A7)


def test_superpower_adjacent_countries_are_accessible_on_an_empty_board(rules: Ruleset) -> None:
    """base §6.1.4 (card-events A7, A1): countries next to the own superpower are always open."""
    state = position(rules, empty=True)
    assert ids(rules, placement_access(state, rules, Side.US)) == {
        "canada",
        "mexico",
        "cuba",
        "japan",
    }
    assert ids(rules, placement_access(state, rules, Side.USSR)) == {
        "finland",
        "poland",
        "romania",
        "afghanistan",
        "north_korea",
    }


def test_access_is_own_influence_and_its_neighbours_at_the_standard_start(
    rules: Ruleset,
) -> None:
    """base §6.1.1 (card-events A7): USSR start influence (Syria, Iraq, North Korea, East
    Germany, Finland), their neighbours, and the countries next to the USSR box."""
    state = position(rules)
    assert ids(rules, placement_access(state, rules, Side.USSR)) == {
        # own influence
        "syria",
        "iraq",
        "north_korea",
        "east_germany",
        "finland",
        # neighbours of Syria
        "israel",
        "lebanon",
        "turkey",
        # neighbours of Iraq
        "gulf_states",
        "iran",
        "jordan",
        "saudi_arabia",
        # neighbour of North Korea
        "south_korea",
        # neighbours of East Germany
        "austria",
        "czechoslovakia",
        "poland",
        "west_germany",
        # neighbour of Finland
        "sweden",
        # next to the USSR box (Finland, Poland, North Korea already listed)
        "romania",
        "afghanistan",
    }


def test_influence_placed_during_the_action_opens_nothing(rules: Ruleset) -> None:
    """base §6.1.1 (card-events A7): access is fixed before the first point; a point in Japan
    does not open Taiwan (Japan's neighbour) for the rest of the same operation."""
    game = game_at(rules, position(rules, empty=True))
    with pytest.raises(IllegalActionError) as refused:
        place_influence(game, Side.US, OpsBudget(2), [rules.index["japan"], rules.index["taiwan"]])
    assert str(refused.value) == "Taiwan is not accessible: no US influence in or next to it"
    assert inf(game, "japan") == (1, 0)
    assert inf(game, "taiwan") == (0, 0)


def test_conduct_influence_never_offers_a_country_opened_during_the_action(
    rules: Ruleset,
) -> None:
    """base §6.1.1 (card-events A7), through the Choice seam: after a point in Japan the
    options are still the four countries next to the US box."""
    game = game_at(rules, position(rules, empty=True), us=["japan", "japan"])
    conduct_influence(game, Side.US, OpsBudget(2))
    script = game.providers[Side.US]
    asked = [choice.options for choice in script.asked]  # type: ignore[attr-defined]
    assert asked == [
        ("canada", "japan", "cuba", "mexico", "done"),
        ("canada", "japan", "cuba", "mexico", "done"),
    ]
    assert inf(game, "japan") == (2, 0)
    assert inf(game, "taiwan") == (0, 0)


def test_next_action_does_open_the_new_neighbour(rules: Ruleset) -> None:
    """base §6.1.1 (card-events A7): the access set is taken at the start of each action, so a
    later operation may use the influence placed before."""
    game = game_at(rules, position(rules, empty=True))
    place_influence(game, Side.US, OpsBudget(1), [rules.index["japan"]])
    place_influence(game, Side.US, OpsBudget(1), [rules.index["taiwan"]])
    assert inf(game, "taiwan") == (1, 0)


# --------------------------------------------------------------------------- cost (A7)


def test_one_op_per_point_in_uncontrolled_or_own_countries(rules: Ruleset) -> None:
    """base §6.1.2 (card-events A7): 1 op per point; three points for 3 ops, then nothing."""
    game = game_at(rules, position(rules, empty=True))
    budget = OpsBudget(3)
    canada, mexico, cuba = (rules.index[c] for c in ("canada", "mexico", "cuba"))
    place_influence(game, Side.US, budget, [canada, canada, mexico])
    assert inf(game, "canada") == (2, 0)
    assert inf(game, "mexico") == (1, 0)
    assert budget.spent == 3
    assert budget.left == 0
    with pytest.raises(IllegalActionError) as refused:
        place_influence(game, Side.US, budget, [cuba])
    assert str(refused.value) == "a point in Cuba costs 1 ops; 0 available"


def test_own_control_costs_one(rules: Ruleset) -> None:
    """base §6.1.2 (card-events A7): a country the placer controls costs 1 like any other."""
    state = position(rules, empty=True, influence={"canada": (4, 0)})
    assert point_cost(state, rules, Side.US, rules.index["canada"]) == 1


def test_two_ops_per_point_into_an_opponent_controlled_country(rules: Ruleset) -> None:
    """base §6.1.2 (card-events A7): USSR 5, US 1 in Poland (stability 3): 5 − 1 = 4 ≥ 3, USSR
    control, so the US pays 2. After one point 5 − 2 = 3 ≥ 3: still controlled, 2 again.
    4 ops buy exactly 2 points."""
    game = game_at(rules, position(rules, empty=True, influence={"poland": (1, 5)}))
    poland = rules.index["poland"]
    budget = OpsBudget(4)
    assert point_cost(game.state, rules, Side.US, poland) == 2
    place_point(game, Side.US, poland, budget, placement_access(game.state, rules, Side.US))
    assert point_cost(game.state, rules, Side.US, poland) == 2
    place_influence(game, Side.US, budget, [poland])
    assert inf(game, "poland") == (3, 5)
    assert budget.spent == 4
    # 5 − 3 = 2 < 3: control is broken now, the next point would cost 1.
    assert point_cost(game.state, rules, Side.US, poland) == 1


def test_breaking_control_makes_later_points_cost_one(rules: Ruleset) -> None:
    """base §6.1.2 (card-events A7), re-checked point by point: USSR 3 in East Germany
    (stability 3) is controlled; the first US point costs 2 and leaves 3 − 1 = 2 < 3, so the
    second costs 1: 3 ops buy 2 points."""
    state = position(rules, empty=True, influence={"east_germany": (0, 3), "west_germany": (1, 0)})
    game = game_at(rules, state, us=["east_germany", "east_germany"])
    budget = OpsBudget(3)
    conduct_influence(game, Side.US, budget)
    assert inf(game, "east_germany") == (2, 3)
    assert budget.spent == 3
    assert budget.left == 0
    # With no ops left the loop stops without asking a third time.
    assert len(game.providers[Side.US].asked) == 2  # type: ignore[attr-defined]


def test_opponent_controlled_country_not_offered_with_one_op(rules: Ruleset) -> None:
    """base §6.1.2 (card-events A7): with 1 op, a 2-op country is not an option, and placing
    there is refused with the cost."""
    state = position(rules, empty=True, influence={"east_germany": (0, 3), "west_germany": (1, 0)})
    game = game_at(rules, state)
    budget = OpsBudget(1)
    access = placement_access(state, rules, Side.US)
    options = ids(rules, placement_options(state, rules, Side.US, budget, access))
    assert "east_germany" not in options
    assert {"west_germany", "austria", "benelux", "denmark", "france"} <= options
    with pytest.raises(IllegalActionError) as refused:
        place_point(game, Side.US, rules.index["east_germany"], budget, access)
    assert str(refused.value) == "a point in East Germany costs 2 ops; 1 available"
    assert inf(game, "east_germany") == (0, 3)
    assert budget.spent == 0


# --------------------------------------------------------------------------- ops value (A14)


@pytest.mark.parametrize(
    ("card", "printed", "us_ops", "ussr_ops"),
    [
        (CARD_1_OP, 1, 2, 1),
        (CARD_2_OPS, 2, 3, 2),
        (CARD_3_OPS, 3, 4, 3),
        (CARD_4_OPS, 4, 4, 4),  # +1 not above 4
    ],
)
def test_containment_adds_one_not_above_four(
    rules: Ruleset, card: int, printed: int, us_ops: int, ussr_ops: int
) -> None:
    """base §7.4 (card-events A14): Containment (#25) gives the US +1, maximum 4."""
    state = position(rules, effects=[CONTAINMENT])
    assert rules.card(card).ops == printed
    assert card_ops(state, rules, Side.US, card) == us_ops
    assert card_ops(state, rules, Side.USSR, card) == ussr_ops


@pytest.mark.parametrize(
    ("card", "ussr_ops"), [(CARD_1_OP, 2), (CARD_2_OPS, 3), (CARD_3_OPS, 4), (CARD_4_OPS, 4)]
)
def test_brezhnev_adds_one_not_above_four(rules: Ruleset, card: int, ussr_ops: int) -> None:
    """base §7.4 (card-events A14): Brezhnev Doctrine (#51) gives the USSR +1, maximum 4."""
    state = position(rules, effects=[BREZHNEV])
    assert card_ops(state, rules, Side.USSR, card) == ussr_ops
    assert card_ops(state, rules, Side.US, card) == rules.card(card).ops


@pytest.mark.parametrize(
    ("card", "ussr_ops"), [(CARD_1_OP, 1), (CARD_2_OPS, 1), (CARD_3_OPS, 2), (CARD_4_OPS, 3)]
)
def test_red_scare_subtracts_one_not_below_one(rules: Ruleset, card: int, ussr_ops: int) -> None:
    """base §7.4 (card-events A14): Red Scare/Purge (#31) on the USSR: −1, minimum 1; the
    other side's cards keep their printed value."""
    state = position(rules, effects=[red_scare(Side.USSR)])
    assert card_ops(state, rules, Side.USSR, card) == ussr_ops
    assert card_ops(state, rules, Side.US, card) == rules.card(card).ops


@pytest.mark.parametrize(("printed", "expected"), [(1, 1), (2, 2), (3, 3), (4, 3)])
def test_containment_then_red_scare_in_the_a14_order(
    rules: Ruleset, printed: int, expected: int
) -> None:
    """card-events A14 order: +1 (cap 4) first, then −1 (floor 1): 4 → 4 → 3, 1 → 2 → 1."""
    state = position(rules, effects=[CONTAINMENT, red_scare(Side.US)])
    assert ops_modifier(state, Side.US, printed) == expected


def test_scoring_cards_have_no_ops(rules: Ruleset) -> None:
    """card-events A6: a scoring card gives no ops, whatever the modifiers."""
    state = position(rules, effects=[CONTAINMENT])
    assert card_ops(state, rules, Side.US, SCORING_CARD) == 0


# --------------------------------------------------------------------------- China Card (A13)


def test_china_card_plus_one_when_all_ops_go_to_asia(rules: Ruleset) -> None:
    """base §9.7 (card-events A13): 4 ops, +1 when every op is spent in Asia: 5 points from
    North Korea's access (North Korea, South Korea, Afghanistan)."""
    game = game_at(rules, position(rules))
    budget = OpsBudget.for_card(game.state, rules, Side.USSR, CHINA_CARD)
    assert (budget.base, budget.areas, budget.total()) == (4, ["asia"], 5)
    nk, sk, afg = (rules.index[c] for c in ("north_korea", "south_korea", "afghanistan"))
    place_influence(game, Side.USSR, budget, [nk, sk, afg, nk, sk])
    assert inf(game, "north_korea") == (0, 5)
    assert inf(game, "south_korea") == (1, 2)
    assert inf(game, "afghanistan") == (0, 1)
    assert budget.spent == 5
    assert budget.left == 0


def test_china_card_bonus_lost_by_a_point_outside_asia(rules: Ruleset) -> None:
    """base §9.7 (card-events A13): one point in Europe first leaves the plain 4 ops: 3 left."""
    game = game_at(rules, position(rules))
    budget = OpsBudget.for_card(game.state, rules, Side.USSR, CHINA_CARD)
    place_influence(game, Side.USSR, budget, [rules.index["poland"]])
    assert budget.total() == 4
    assert budget.left == 3
    nk = rules.index["north_korea"]
    place_influence(game, Side.USSR, budget, [nk, nk, nk])
    assert budget.left == 0
    with pytest.raises(IllegalActionError):
        place_influence(game, Side.USSR, budget, [nk])
    assert inf(game, "north_korea") == (0, 6)


def test_china_card_fifth_op_only_in_asia(rules: Ruleset) -> None:
    """base §9.7 (card-events A13): after 4 points in Asia the fifth may only go to Asia; a
    fifth point in Europe would make the card a 4-op card already spent."""
    game = game_at(rules, position(rules))
    budget = OpsBudget.for_card(game.state, rules, Side.USSR, CHINA_CARD)
    nk = rules.index["north_korea"]
    place_influence(game, Side.USSR, budget, [nk, nk, nk, nk])
    assert budget.remaining_if(rules, rules.index["poland"]) == 0
    assert budget.remaining_if(rules, nk) == 1
    access = placement_access(game.state, rules, Side.USSR)
    options = ids(rules, placement_options(game.state, rules, Side.USSR, budget, access))
    assert options == {"north_korea", "south_korea", "afghanistan"}


def test_china_card_refusal_outside_asia_states_what_is_left_there(rules: Ruleset) -> None:
    """base §9.7 (card-events A13): the refusal of a fifth point in Europe must not claim an op
    is left: 0 ops remain for a country outside Asia (the +1 holds only in Asia)."""
    game = game_at(rules, position(rules))
    budget = OpsBudget.for_card(game.state, rules, Side.USSR, CHINA_CARD)
    nk = rules.index["north_korea"]
    place_influence(game, Side.USSR, budget, [nk, nk, nk, nk])
    with pytest.raises(IllegalActionError) as refused:
        place_influence(game, Side.USSR, budget, [rules.index["poland"]])
    assert str(refused.value) == "a point in Poland costs 1 ops; 0 available"


def test_china_card_conducted_through_scripted_answers(rules: Ruleset) -> None:
    """base §9.7 (card-events A13) via conduct_influence: five answers in Asia, then the
    engine stops asking; the last question offers Asian countries only."""
    answers = ["north_korea", "south_korea", "afghanistan", "north_korea", "south_korea"]
    game = game_at(rules, position(rules), ussr=answers)
    budget = OpsBudget.for_card(game.state, rules, Side.USSR, CHINA_CARD)
    conduct_influence(game, Side.USSR, budget)
    asked = game.providers[Side.USSR].asked  # type: ignore[attr-defined]
    assert len(asked) == 5
    assert "poland" in asked[0].options
    assert set(asked[4].options) == {"north_korea", "south_korea", "afghanistan", "done"}
    assert inf(game, "north_korea") == (0, 5)
    assert inf(game, "south_korea") == (1, 2)
    assert inf(game, "afghanistan") == (0, 1)


def test_china_card_bonus_is_for_either_side(rules: Ruleset) -> None:
    """base §9.7 (card-events A13): the China Card's Asia bonus is the card's, not a side's."""
    state = position(rules)
    budget = OpsBudget.for_card(state, rules, Side.US, CHINA_CARD)
    assert (budget.base, budget.areas, budget.total()) == (4, ["asia"], 5)


# --------------------------------------------------------------------------- Vietnam Revolts


def test_vietnam_revolts_plus_one_in_southeast_asia_for_the_ussr(rules: Ruleset) -> None:
    """card-events #9, A14: a USSR 3-op card spent all in Southeast Asia gives 4 points."""
    state = position(rules, empty=True, influence={"vietnam": (0, 2)}, effects=[VIETNAM_REVOLTS])
    game = game_at(rules, state)
    budget = OpsBudget.for_card(state, rules, Side.USSR, CARD_3_OPS)
    assert (budget.base, budget.areas, budget.total()) == (3, ["southeast_asia"], 4)
    vietnam, laos, thailand = (rules.index[c] for c in ("vietnam", "laos_cambodia", "thailand"))
    place_influence(game, Side.USSR, budget, [vietnam, laos, thailand, thailand])
    assert inf(game, "vietnam") == (0, 3)
    assert inf(game, "laos_cambodia") == (0, 1)
    assert inf(game, "thailand") == (0, 2)
    assert budget.left == 0


def test_vietnam_revolts_bonus_lost_outside_southeast_asia(rules: Ruleset) -> None:
    """card-events #9: a point in North Korea (Asia, not Southeast Asia) drops the +1."""
    state = position(rules, empty=True, influence={"vietnam": (0, 2)}, effects=[VIETNAM_REVOLTS])
    game = game_at(rules, state)
    budget = OpsBudget.for_card(state, rules, Side.USSR, CARD_3_OPS)
    place_influence(game, Side.USSR, budget, [rules.index["north_korea"]])
    assert budget.total() == 3
    assert budget.left == 2


def test_vietnam_revolts_gives_the_us_nothing(rules: Ruleset) -> None:
    """card-events #9: the bonus is the USSR's only."""
    state = position(rules, effects=[VIETNAM_REVOLTS])
    budget = OpsBudget.for_card(state, rules, Side.US, CARD_3_OPS)
    assert (budget.base, budget.areas, budget.total()) == (3, [], 3)


def test_a13_stacking_example_is_five(rules: Ruleset) -> None:
    """card-events A13 worked example: China Card in Southeast Asia with Vietnam Revolts and
    Red Scare on the USSR: 4 − 1 (Red Scare) + 1 (Asia) + 1 (SE Asia) = 5."""
    state = position(
        rules,
        empty=True,
        influence={"vietnam": (0, 1)},
        effects=[VIETNAM_REVOLTS, red_scare(Side.USSR)],
    )
    game = game_at(rules, state)
    budget = OpsBudget.for_card(state, rules, Side.USSR, CHINA_CARD)
    assert budget.base == 3
    assert budget.total() == 5
    vietnam, laos, thailand = (rules.index[c] for c in ("vietnam", "laos_cambodia", "thailand"))
    place_influence(game, Side.USSR, budget, [vietnam, vietnam, laos, laos, thailand])
    assert inf(game, "vietnam") == (0, 3)
    assert inf(game, "laos_cambodia") == (0, 2)
    assert inf(game, "thailand") == (0, 1)
    assert budget.left == 0


def test_a13_stacking_in_asia_outside_southeast_asia_is_four(rules: Ruleset) -> None:
    """card-events A13: same modifiers, a point in North Korea keeps only the Asia +1: 3 + 1."""
    state = position(rules, empty=True, effects=[VIETNAM_REVOLTS, red_scare(Side.USSR)])
    game = game_at(rules, state)
    budget = OpsBudget.for_card(state, rules, Side.USSR, CHINA_CARD)
    place_influence(game, Side.USSR, budget, [rules.index["north_korea"]])
    assert budget.total() == 4
    assert budget.left == 3


# --------------------------------------------------------------------------- Chernobyl


def test_chernobyl_bans_the_ussr_from_the_named_region(rules: Ruleset) -> None:
    """card-events #94: the USSR may not place influence by ops in the named region; Poland is
    next to the USSR box but refused, Afghanistan is still open."""
    state = position(rules, empty=True, effects=[Effect(94, Side.USSR, "europe")])
    game = game_at(rules, state)
    budget = OpsBudget(2)
    access = placement_access(state, rules, Side.USSR)
    options = ids(rules, placement_options(state, rules, Side.USSR, budget, access))
    assert options == {"afghanistan", "north_korea"}
    with pytest.raises(IllegalActionError) as refused:
        place_point(game, Side.USSR, rules.index["poland"], budget, access)
    assert str(refused.value) == "Chernobyl: the USSR may not place influence in europe"
    assert inf(game, "poland") == (0, 0)
    assert budget.spent == 0


def test_chernobyl_asia_includes_southeast_asia(rules: Ruleset) -> None:
    """card-events #94: naming Asia includes its sub-region Southeast Asia."""
    state = position(
        rules, empty=True, influence={"vietnam": (0, 1)}, effects=[Effect(94, Side.USSR, "asia")]
    )
    game = game_at(rules, state)
    with pytest.raises(IllegalActionError) as refused:
        place_influence(game, Side.USSR, OpsBudget(1), [rules.index["vietnam"]])
    assert str(refused.value) == "Chernobyl: the USSR may not place influence in asia"
    assert inf(game, "vietnam") == (0, 1)


def test_chernobyl_leaves_the_us_free(rules: Ruleset) -> None:
    """card-events #94: only the USSR is restricted."""
    state = position(rules, empty=True, effects=[Effect(94, Side.USSR, "europe")])
    game = game_at(rules, state)
    place_influence(game, Side.US, OpsBudget(1), [rules.index["canada"]])
    assert inf(game, "canada") == (1, 0)


# --------------------------------------------------------------------------- the seam


def test_conduct_influence_stops_on_done(rules: Ruleset) -> None:
    """base §6.1 via the Choice seam: the player may stop; unspent ops stay in the budget."""
    game = game_at(rules, position(rules, empty=True), us=["japan", "done"])
    budget = OpsBudget(3)
    conduct_influence(game, Side.US, budget)
    assert inf(game, "japan") == (1, 0)
    assert budget.left == 2
    assert game.answers == [("us", "influence", "japan"), ("us", "influence", "done")]


def test_conduct_influence_rejects_an_inaccessible_answer(rules: Ruleset) -> None:
    """base §6.1.1 via the Choice seam: Taiwan is not an option on an empty board, so the
    answer is refused and nothing is placed."""
    game = game_at(rules, position(rules, empty=True), us=["taiwan"])
    with pytest.raises(ChoiceError):
        conduct_influence(game, Side.US, OpsBudget(1))
    assert inf(game, "taiwan") == (0, 0)
    assert game.answers == []
