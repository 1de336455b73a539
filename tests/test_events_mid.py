"""Mid War card events (#36–#81): each played as an event from a prepared position, each sided
card also triggered by its opponent's ops play, dice outcomes, prerequisites and prohibitions,
and the hooks of the lasting effects (card-events Part C, D)."""

from __future__ import annotations

from typing import Any

import pytest

from twsolo.engine.card_play import play_card
from twsolo.engine.choices import CHANCE, Answer
from twsolo.engine.coup import coup
from twsolo.engine.events import play_event, run_hooks
from twsolo.engine.events.mid import (
    cancel_cuban_missile_crisis,
    cuban_missile_crisis_refusal,
)
from twsolo.engine.game import Game, GameOver
from twsolo.engine.scoring import score_region
from twsolo.engine.state import Effect, GameState, Result, area_of, hand_of
from twsolo.errors import IllegalActionError
from twsolo.ids import CHINA_CARD, Side
from twsolo.ruleset import Ruleset

from .support import covers, game_at, inf, position, to_table

US, USSR = Side.US, Side.USSR


# ---------------------------------------------------------------- helpers
def hand(game: Game, side: Side, *cards: int) -> None:
    for card in cards:
        game.move_card(card, hand_of(side))


def ops(order: str, country: str, points: int) -> list[Answer]:
    """The phasing player's answers for an opponent's card played for ops: the order, then
    influence point by point in one country it controls."""
    return [order, "influence", *[country] * points]


def finished(game: Game) -> bool:
    """Every scripted answer and die was used."""
    providers: Any = game.providers
    return not providers[US].answers and not providers[USSR].answers and not providers[CHANCE].dice


def options(game: Game, side: Side, n: int = 0) -> tuple[Answer, ...]:
    """The options of the n-th question put to `side`."""
    providers: Any = game.providers
    return tuple(providers[side].asked[n].options)


def event(game: Game, card: int, player: Side, **kwargs: bool) -> bool:
    to_table(game, card)
    return play_event(game, card, player, **kwargs)


def for_ops(game: Game, side: Side, card: int) -> None:
    to_table(game, card)
    play_card(game, side, card, "ops")


def at_round(state: GameState, turn: int, action_round: int, phasing: Side) -> GameState:
    state.turn, state.action_round, state.phasing = turn, action_round, phasing
    return state


def played(game: Game, side: Side, card: int, how: str) -> None:
    run_hooks(game, "card_played", side=side, card=card, how=how)


def chosen(game: Game, side: Side, card: int, how: str) -> None:
    """The moment a side has chosen how to play its action round's card (engine/card_play.py)."""
    run_hooks(game, "card_chosen", side=side, card=card, how=how)


# ---------------------------------------------------------------- #36 Brush War
@covers(36)
def test_brush_war_wins_with_three(rules: Ruleset) -> None:
    state = position(rules, influence={"greece": (2, 0)})
    game = game_at(rules, state, ussr=["greece"], dice=[3])
    assert event(game, 36, USSR)
    assert inf(game, "greece") == (0, 2)
    assert game.state.vp == -1
    assert game.state.milops == [0, 3]
    assert game.state.defcon == 5
    assert game.state.where(36) == "discard"
    assert finished(game)


@covers(36)
def test_brush_war_loses_under_adjacent_control(rules: Ruleset) -> None:
    state = position(rules, influence={"greece": (2, 0), "italy": (2, 0)})
    game = game_at(rules, state, ussr=["greece"], dice=[3])  # 3 − 1 (Italy) = 2
    event(game, 36, USSR)
    assert inf(game, "greece") == (2, 0)
    assert game.state.vp == 0
    assert game.state.milops == [0, 3]


@covers(36)
def test_brush_war_enemy_superpower_counts(rules: Ruleset) -> None:
    won = game_at(
        rules, position(rules, influence={"afghanistan": (0, 2)}), us=["afghanistan"], dice=[4]
    )
    event(won, 36, US)  # 4 − 1 (the USSR box) = 3
    assert inf(won, "afghanistan") == (2, 0)
    assert won.state.vp == 1
    assert won.state.milops == [3, 0]
    lost = game_at(
        rules, position(rules, influence={"afghanistan": (0, 2)}), us=["afghanistan"], dice=[3]
    )
    event(lost, 36, US)
    assert inf(lost, "afghanistan") == (0, 2)
    assert lost.state.vp == 0


def test_brush_war_not_against_nato_protected(rules: Ruleset) -> None:
    state = position(
        rules, influence={"greece": (2, 0), "turkey": (1, 0)}, effects=[Effect(21, US)]
    )
    game = game_at(rules, state, ussr=["turkey"], dice=[6])
    event(game, 36, USSR)
    offered = options(game, USSR)
    assert "greece" not in offered
    assert "turkey" in offered
    assert "uk" not in offered  # stability 5
    assert inf(game, "turkey") == (0, 1)


# ---------------------------------------------------------------- scoring cards
@covers(37)
def test_central_america_scoring(rules: Ruleset) -> None:
    state = position(
        rules,
        empty=True,
        influence={
            "mexico": (2, 0),
            "panama": (2, 0),
            "costa_rica": (3, 0),
            "cuba": (0, 3),
        },
    )
    game = game_at(rules, state)
    assert event(game, 37, US)
    # US domination 3 + 2 battlegrounds; USSR presence 1 + Cuba 1 + next to the US 1.
    assert game.state.vp == 2
    assert game.state.where(37) == "discard"


@covers(38)
def test_southeast_asia_scoring_is_removed(rules: Ruleset) -> None:
    state = position(
        rules,
        empty=True,
        influence={"thailand": (2, 0), "vietnam": (1, 0), "burma": (0, 2)},
    )
    game = game_at(rules, state)
    assert event(game, 38, USSR)
    assert game.state.vp == 2  # Thailand 2 + Vietnam 1 − Burma 1
    assert game.state.where(38) == "removed"


@covers(79)
def test_africa_scoring(rules: Ruleset) -> None:
    state = position(
        rules,
        empty=True,
        influence={"angola": (0, 1), "zaire": (0, 1), "botswana": (0, 2), "nigeria": (1, 0)},
    )
    game = game_at(rules, state)
    assert event(game, 79, US)
    # USSR domination 4 + 2 battlegrounds; US presence 1 + 1 battleground.
    assert game.state.vp == -4
    assert game.state.where(79) == "discard"


@covers(81)
def test_south_america_scoring(rules: Ruleset) -> None:
    state = position(
        rules,
        empty=True,
        influence={
            "venezuela": (2, 0),
            "argentina": (2, 0),
            "chile": (3, 0),
            "brazil": (2, 0),
            "peru": (0, 2),
        },
    )
    game = game_at(rules, state)
    assert event(game, 81, USSR)
    assert game.state.vp == 8  # US control 6 + 4 battlegrounds; USSR presence 2
    assert game.state.where(81) == "discard"


# ---------------------------------------------------------------- #39 Arms Race
@covers(39)
@pytest.mark.parametrize(
    ("milops", "defcon", "vp"),
    [((3, 2), 3, 3), ((2, 1), 3, 1), ((2, 2), 3, 0), ((1, 4), 2, 0)],
)
def test_arms_race(rules: Ruleset, milops: tuple[int, int], defcon: int, vp: int) -> None:
    state = position(rules, defcon=defcon)
    state.milops = list(milops)
    game = game_at(rules, state)
    assert event(game, 39, US)
    assert game.state.vp == vp
    assert game.state.where(39) == "discard"


@covers(39)
def test_arms_race_for_the_ussr(rules: Ruleset) -> None:
    state = position(rules, defcon=4)
    state.milops = [1, 4]
    game = game_at(rules, state)
    event(game, 39, USSR)
    assert game.state.vp == -3


# ---------------------------------------------------------------- #40 Cuban Missile Crisis
@covers(40)
def test_cuban_missile_crisis(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, defcon=4, influence={"cuba": (0, 3)}))
    assert event(game, 40, US)
    assert game.state.defcon == 2
    assert game.state.effects == [Effect(40, USSR)]
    assert game.state.where(40) == "removed"
    with pytest.raises(GameOver):
        coup(game, USSR, rules.index["panama"], 3)
    assert game.state.result == Result(US, "cuban_missile_crisis")


@covers(40)
def test_cuban_missile_crisis_raises_defcon_to_two(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, defcon=5))
    event(game, 40, USSR)
    assert game.state.defcon == 2
    assert game.state.effects == [Effect(40, US)]


def test_cancel_cuban_missile_crisis_ussr(rules: Ruleset) -> None:
    state = position(rules, influence={"cuba": (0, 3)}, effects=[Effect(40, USSR)])
    game = game_at(rules, state)
    cuba = rules.index["cuba"]
    assert cuban_missile_crisis_refusal(game.state, rules, US, cuba) is not None
    assert cuban_missile_crisis_refusal(game.state, rules, USSR, rules.index["turkey"])
    cancel_cuban_missile_crisis(game, USSR, cuba)
    assert inf(game, "cuba") == (0, 1)
    assert not game.state.has_effect(40)


def test_cancel_cuban_missile_crisis_us_and_refusals(rules: Ruleset) -> None:
    state = position(
        rules, influence={"turkey": (2, 0), "west_germany": (1, 0)}, effects=[Effect(40, US)]
    )
    game = game_at(rules, state)
    with pytest.raises(IllegalActionError, match="fewer than 2"):
        cancel_cuban_missile_crisis(game, US, rules.index["west_germany"])
    with pytest.raises(IllegalActionError, match="not Cuba"):
        cancel_cuban_missile_crisis(game, US, rules.index["cuba"])
    with pytest.raises(IllegalActionError, match="does not restrict the USSR"):
        cancel_cuban_missile_crisis(game, USSR, rules.index["cuba"])
    assert game.state.has_effect(40, US)
    cancel_cuban_missile_crisis(game, US, rules.index["turkey"])
    assert inf(game, "turkey") == (0, 0)
    assert game.state.effects == []


# ---------------------------------------------------------------- #41 Nuclear Subs
@covers(41)
def test_nuclear_subs(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert event(game, 41, US)
    assert game.state.effects == [Effect(41, US)]
    assert game.state.where(41) == "removed"


@covers(41)
def test_nuclear_subs_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=ops("event_first", "east_germany", 2))
    for_ops(game, USSR, 41)
    assert inf(game, "east_germany") == (0, 5)
    assert game.state.effects == [Effect(41, US)]
    assert game.state.where(41) == "removed"
    assert finished(game)


# ---------------------------------------------------------------- #42 Quagmire, #44 Bear Trap
@covers(42)
def test_quagmire_cancels_norad(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, effects=[Effect(106, US)]))
    assert event(game, 42, USSR)
    assert game.state.effects == [Effect(42, US)]
    assert game.state.where(42) == "removed"


@covers(42)
def test_quagmire_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=ops("ops_first", "uk", 3))
    for_ops(game, US, 42)
    assert inf(game, "uk") == (8, 0)
    assert game.state.effects == [Effect(42, US)]
    assert game.state.where(42) == "removed"
    assert finished(game)


@pytest.mark.parametrize(("die", "trapped"), [(4, False), (1, False), (5, True), (6, True)])
def test_quagmire_round_discards_and_rolls(rules: Ruleset, die: int, trapped: bool) -> None:
    game = game_at(rules, position(rules, effects=[Effect(42, US)]), us=[21], dice=[die])
    hand(game, US, 19, 21, 1)
    game.move_card(CHINA_CARD, hand_of(US))
    assert any(run_hooks(game, "round_start", side=US))
    assert options(game, US) == (21,)  # not the 1-op card, the scoring card, the China Card
    assert game.state.where(21) == "discard"
    assert game.state.has_effect(42) is trapped
    assert finished(game)


def test_quagmire_uses_modified_ops_then_scoring_cards(rules: Ruleset) -> None:
    state = position(
        rules, influence={"venezuela": (2, 0)}, effects=[Effect(42, US), Effect(31, US)]
    )
    game = game_at(rules, state, us=[81])
    hand(game, US, 41, 81)  # Nuclear Subs is 1 op under Red Scare
    assert any(run_hooks(game, "round_start", side=US))
    assert options(game, US) == (81,)
    assert game.state.vp == 3  # South America scored: presence 2 + Venezuela
    assert game.state.where(81) == "discard"
    assert game.state.where(41) == hand_of(US)
    assert game.state.has_effect(42)
    assert finished(game)


def test_quagmire_without_cards_sits_out(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, effects=[Effect(42, US)]))
    hand(game, US, 19)
    before = game.state.to_dict()
    assert any(run_hooks(game, "round_start", side=US))
    assert game.state.to_dict() == before


def test_quagmire_leaves_the_ussr_alone(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, effects=[Effect(42, US)]))
    hand(game, USSR, 21)
    assert not any(run_hooks(game, "round_start", side=USSR))
    assert game.state.where(21) == hand_of(USSR)


@covers(44)
def test_bear_trap(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert event(game, 44, US)
    assert game.state.effects == [Effect(44, USSR)]
    assert game.state.where(44) == "removed"


@covers(44)
def test_bear_trap_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=ops("event_first", "east_germany", 3))
    for_ops(game, USSR, 44)
    assert inf(game, "east_germany") == (0, 6)
    assert game.state.effects == [Effect(44, USSR)]
    assert finished(game)


@pytest.mark.parametrize(("die", "trapped"), [(2, False), (5, True)])
def test_bear_trap_round(rules: Ruleset, die: int, trapped: bool) -> None:
    game = game_at(rules, position(rules, effects=[Effect(44, USSR)]), ussr=[52], dice=[die])
    hand(game, USSR, 52, 54)
    assert any(run_hooks(game, "round_start", side=USSR))
    assert options(game, USSR) == (52,)
    assert game.state.where(52) == "discard"
    assert inf(game, "angola") == (0, 0)  # no event
    assert game.state.has_effect(44) is trapped


# ---------------------------------------------------------------- #43 SALT Negotiations
@covers(43)
def test_salt_takes_a_discarded_card(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, defcon=3), ussr=[19])
    game.move_card(19, "discard")
    game.move_card(1, "discard")
    assert event(game, 43, USSR)
    assert game.state.defcon == 5
    assert game.state.effects == [Effect(43)]
    assert options(game, USSR) == (19, "decline")
    assert game.state.where(19) == hand_of(USSR)
    assert game.state.where(43) == "removed"


@covers(43)
def test_salt_declined_or_empty_discard(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, defcon=4), us=["decline"])
    game.move_card(19, "discard")
    event(game, 43, US)
    assert game.state.defcon == 5
    assert game.state.where(19) == "discard"
    empty = game_at(rules, position(rules, defcon=2))
    event(empty, 43, US)  # nothing to take: no question
    assert empty.state.defcon == 4
    assert empty.state.has_effect(43)


# ---------------------------------------------------------------- #45 Summit
def summit_board(rules: Ruleset, **extra: tuple[int, int]) -> GameState:
    # US domination of Central America: +1 for the US.
    return position(
        rules, empty=True, defcon=3, influence={"mexico": (2, 0), "costa_rica": (3, 0), **extra}
    )


@covers(45)
def test_summit_us_wins_and_raises_defcon(rules: Ruleset) -> None:
    game = game_at(rules, summit_board(rules), us=[4], dice=[3, 3])
    assert event(game, 45, US)
    assert game.state.vp == 2
    assert options(game, US) == (2, 3, 4)
    assert game.state.defcon == 4
    assert game.state.where(45) == "discard"
    assert finished(game)


@covers(45)
def test_summit_ussr_wins_and_lowers_defcon(rules: Ruleset) -> None:
    game = game_at(rules, summit_board(rules), ussr=[2], dice=[1, 5])
    event(game, 45, US)
    assert game.state.vp == -2
    assert game.state.defcon == 2


@covers(45)
def test_summit_tie_does_nothing(rules: Ruleset) -> None:
    game = game_at(rules, summit_board(rules), dice=[5, 4])  # the USSR rolls first: 5 = 4 + 1
    event(game, 45, USSR)
    assert game.state.vp == 0
    assert game.state.defcon == 3
    assert finished(game)


def test_summit_ignores_formosan_resolution(rules: Ruleset) -> None:
    # US Japan + Taiwan is domination of Asia; Formosan (scoring only) must not change that.
    state = position(
        rules,
        empty=True,
        influence={"japan": (4, 0), "taiwan": (3, 0)},
        effects=[Effect(35, US)],
    )
    game = game_at(rules, state, dice=[3, 4])
    event(game, 45, US)
    assert game.state.vp == 0  # 3 + 1 ties 4


# ---------------------------------------------------------------- #46 How I Learned
@covers(46)
def test_how_i_learned_to_stop_worrying(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, defcon=5), ussr=[3])
    assert event(game, 46, USSR)
    assert options(game, USSR) == (1, 2, 3, 4, 5)
    assert game.state.defcon == 3
    assert game.state.milops == [0, 5]
    assert game.state.where(46) == "removed"


@covers(46)
def test_how_i_learned_defcon_one_loses_for_phasing(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, defcon=4, phasing=US), us=[1])
    with pytest.raises(GameOver):
        event(game, 46, US)
    assert game.state.result == Result(USSR, "defcon1")


# ---------------------------------------------------------------- #47 Junta
@covers(47)
def test_junta_free_coup(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=["chile", "coup", "panama"], dice=[4])
    assert event(game, 47, USSR)
    assert inf(game, "chile") == (0, 2)
    assert inf(game, "panama") == (0, 1)  # 4 + 2 − 2×2 = 2: 1 removed, 1 added
    assert game.state.defcon == 4  # battleground
    assert game.state.milops == [0, 0]  # free coup
    assert game.state.where(47) == "discard"
    assert finished(game)


@covers(47)
def test_junta_realignments(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=["cuba", "realign", "panama"], dice=[6, 1])
    event(game, 47, USSR)
    assert inf(game, "cuba") == (0, 2)
    assert inf(game, "panama") == (0, 0)  # USSR 6 vs US 1 + 1; no US influence left to roll
    assert finished(game)


@covers(47)
def test_junta_without_targets_or_declined(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["mexico"])
    event(game, 47, US)  # no USSR influence in Latin America: no operation to offer
    assert inf(game, "mexico") == (2, 0)
    assert finished(game)
    declined = game_at(rules, position(rules), ussr=["mexico", "done"])
    event(declined, 47, USSR)
    assert inf(declined, "mexico") == (0, 2)
    assert inf(declined, "panama") == (1, 0)
    assert finished(declined)


# ---------------------------------------------------------------- #48 Kitchen Debates
def debates_board(rules: Ruleset) -> GameState:
    return position(
        rules, influence={"france": (3, 0), "italy": (2, 0), "west_germany": (4, 0)}
    )  # US 3 battlegrounds, USSR 2 (East Germany, North Korea)


@covers(48)
def test_kitchen_debates(rules: Ruleset) -> None:
    game = game_at(rules, debates_board(rules))
    assert event(game, 48, US)
    assert game.state.vp == 2
    assert game.state.where(48) == "removed"


@covers(48)
def test_kitchen_debates_without_lead_is_discarded(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"france": (3, 0), "italy": (2, 0)}))
    assert not event(game, 48, US)  # 2 against 2
    assert game.state.vp == 0
    assert game.state.where(48) == "discard"


@covers(48)
def test_kitchen_debates_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, debates_board(rules), ussr=ops("ops_first", "east_germany", 1))
    for_ops(game, USSR, 48)
    assert inf(game, "east_germany") == (0, 4)
    assert game.state.vp == 2
    assert game.state.where(48) == "removed"


# ---------------------------------------------------------------- #49 Missile Envy
@covers(49)
def test_missile_envy_opponent_event_gives_ops(rules: Ruleset) -> None:
    game = game_at(rules, at_round(position(rules), 4, 2, US), us=["influence", "uk", "uk"])
    hand(game, USSR, 52, 54, 37)
    game.move_card(CHINA_CARD, hand_of(USSR))
    assert event(game, 49, US)
    assert inf(game, "uk") == (7, 0)  # Portuguese Empire Crumbles' 2 ops, no event
    assert inf(game, "angola") == (0, 0)
    assert game.state.where(52) == "discard"
    assert game.state.where(49) == hand_of(USSR)
    assert game.state.effects == [Effect(49, USSR, "4:2:us")]
    assert finished(game)


@covers(49)
def test_missile_envy_own_event_happens(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    hand(game, USSR, 65, 54)
    event(game, 49, US)
    assert game.state.vp == 1  # Camp David Accords
    assert inf(game, "israel") == (2, 0)
    assert game.state.where(65) == "removed"
    assert game.state.where(49) == hand_of(USSR)
    assert game.state.has_effect(49, USSR)


@covers(49)
def test_missile_envy_tie_chosen_by_the_opponent(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=[52])
    hand(game, US, 41, 52, 64)
    event(game, 49, USSR)
    assert options(game, US) == (41, 52)
    assert inf(game, "angola") == (0, 2)  # the USSR's own event
    assert game.state.where(52) == "removed"
    assert game.state.where(49) == hand_of(US)
    assert game.state.has_effect(49, US)


@covers(49)
def test_missile_envy_with_nothing_to_take(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    hand(game, USSR, 37)
    game.move_card(CHINA_CARD, hand_of(USSR))
    event(game, 49, US)
    assert game.state.where(49) == "discard"
    assert game.state.where(37) == hand_of(USSR)
    assert game.state.effects == []


def test_missile_envy_lasts_the_holders_next_round(rules: Ruleset) -> None:
    state = at_round(position(rules, effects=[Effect(49, USSR, "4:2:us")]), 4, 2, US)
    game = game_at(rules, state)
    played(game, US, 19, "ops")
    played(game, USSR, 19, "headline")
    assert game.state.has_effect(49)
    game.state.action_round, game.state.phasing = 3, USSR
    played(game, USSR, 49, "ops")
    assert not game.state.has_effect(49)


def test_missile_envy_set_in_the_holders_round_waits(rules: Ruleset) -> None:
    # Set during a USSR round (Grain Sales triggered by USSR ops): that round does not count.
    state = at_round(position(rules, effects=[Effect(49, USSR, "4:2:ussr")]), 4, 2, USSR)
    game = game_at(rules, state)
    played(game, USSR, 67, "ops")
    assert game.state.has_effect(49, USSR)


# ---------------------------------------------------------------- #50 We Will Bury You
@covers(50)
def test_we_will_bury_you(rules: Ruleset) -> None:
    game = game_at(rules, at_round(position(rules, defcon=4), 5, 3, USSR))
    assert event(game, 50, USSR)
    assert game.state.defcon == 3
    assert game.state.effects == [Effect(50, US, "5:3:ussr")]
    assert game.state.where(50) == "removed"
    chosen(game, USSR, 19, "ops")  # not the US
    assert game.state.vp == 0
    chosen(game, US, 19, "ops")  # the US's round 3, before its card resolves
    assert game.state.vp == -3
    assert game.state.effects == []
    chosen(game, US, 19, "ops")
    assert game.state.vp == -3


@covers(50)
def test_we_will_bury_you_triggered_by_us_ops(rules: Ruleset) -> None:
    state = at_round(position(rules, defcon=4), 5, 3, US)
    game = game_at(rules, state, us=ops("event_first", "uk", 4))
    for_ops(game, US, 50)
    assert inf(game, "uk") == (9, 0)
    assert game.state.defcon == 3
    chosen(game, US, 50, "ops")  # the round that set it does not count
    assert game.state.vp == 0
    game.state.action_round = 4
    chosen(game, US, 19, "space_race")
    assert game.state.vp == -3


def test_we_will_bury_you_blocked_by_un_intervention(rules: Ruleset) -> None:
    state = at_round(position(rules, effects=[Effect(50, US, "5:3:ussr")]), 5, 3, US)
    game = game_at(rules, state, us=[52, "influence", "uk", "uk"])
    hand(game, US, 52)
    chosen(game, US, 32, "event")  # not paid: UN Intervention is played as its event
    event(game, 32, US)  # UN Intervention's handler (early.py) ends the effect
    assert game.state.vp == 0
    assert game.state.effects == []
    assert inf(game, "angola") == (0, 0)
    assert finished(game)


def test_we_will_bury_you_at_defcon_two_loses_for_the_phasing_player(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, defcon=2, phasing=USSR))
    with pytest.raises(GameOver):
        event(game, 50, USSR)
    assert game.state.result == Result(US, "defcon1")


# ---------------------------------------------------------------- #51–#56
@covers(51)
def test_brezhnev_doctrine(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert event(game, 51, USSR)
    assert game.state.effects == [Effect(51, USSR)]
    assert game.state.where(51) == "removed"


@covers(51)
def test_brezhnev_doctrine_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=ops("ops_first", "uk", 3))
    for_ops(game, US, 51)
    assert inf(game, "uk") == (8, 0)
    assert game.state.effects == [Effect(51, USSR)]
    assert finished(game)


@covers(52)
def test_portuguese_empire_crumbles(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert event(game, 52, USSR)
    assert inf(game, "se_african_states") == (0, 2)
    assert inf(game, "angola") == (0, 2)
    assert game.state.where(52) == "removed"


@covers(52)
def test_portuguese_empire_crumbles_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=ops("event_first", "uk", 2))
    for_ops(game, US, 52)
    assert inf(game, "uk") == (7, 0)
    assert inf(game, "angola") == (0, 2)
    assert inf(game, "se_african_states") == (0, 2)
    assert game.state.where(52) == "removed"


@covers(53)
def test_south_african_unrest_all_in_south_africa(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=["south_africa"])
    assert event(game, 53, USSR)
    assert options(game, USSR) == ("south_africa", "angola", "botswana")
    assert inf(game, "south_africa") == (1, 2)
    assert game.state.where(53) == "discard"


@covers(53)
def test_south_african_unrest_with_a_neighbour(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=["angola"])
    event(game, 53, USSR)
    assert inf(game, "south_africa") == (1, 1)
    assert inf(game, "angola") == (0, 2)


@covers(53)
def test_south_african_unrest_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=ops("ops_first", "uk", 2), ussr=["botswana"])
    for_ops(game, US, 53)
    assert inf(game, "uk") == (7, 0)
    assert inf(game, "south_africa") == (1, 1)
    assert inf(game, "botswana") == (0, 2)
    assert finished(game)


@covers(54)
def test_allende(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert event(game, 54, USSR)
    assert inf(game, "chile") == (0, 2)
    assert game.state.where(54) == "removed"


@covers(54)
def test_allende_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=ops("event_first", "uk", 1))
    for_ops(game, US, 54)
    assert inf(game, "uk") == (6, 0)
    assert inf(game, "chile") == (0, 2)


@covers(55)
def test_willy_brandt(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert event(game, 55, USSR)
    assert game.state.vp == -1
    assert inf(game, "west_germany") == (0, 1)
    assert game.state.effects == [Effect(55)]
    assert game.state.where(55) == "removed"


@covers(55)
def test_willy_brandt_prohibited_after_tear_down_this_wall(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, effects=[Effect(96)]))
    assert not event(game, 55, USSR)
    assert game.state.vp == 0
    assert inf(game, "west_germany") == (0, 0)
    assert game.state.where(55) == "discard"


@covers(55)
def test_willy_brandt_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=ops("ops_first", "uk", 2))
    for_ops(game, US, 55)
    assert inf(game, "uk") == (7, 0)
    assert game.state.vp == -1
    assert inf(game, "west_germany") == (0, 1)


def revolution_board(rules: Ruleset) -> GameState:
    return position(rules, influence={"egypt": (2, 0), "saudi_arabia": (1, 1)})


@covers(56)
def test_muslim_revolution(rules: Ruleset) -> None:
    game = game_at(rules, revolution_board(rules), ussr=["egypt", "iran"])
    assert event(game, 56, USSR)
    assert options(game, USSR) == ("iran", "egypt", "saudi_arabia")
    assert options(game, USSR, 1) == ("iran", "saudi_arabia")
    assert inf(game, "egypt") == (0, 0)
    assert inf(game, "iran") == (0, 0)
    assert inf(game, "saudi_arabia") == (1, 1)
    assert inf(game, "israel") == (1, 0)
    assert game.state.where(56) == "discard"


@covers(56)
def test_muslim_revolution_prohibited_by_awacs(rules: Ruleset) -> None:
    state = revolution_board(rules)
    state.effects.append(Effect(110))
    blocked = game_at(rules, state)
    assert not event(blocked, 56, USSR)
    assert inf(blocked, "egypt") == (2, 0)
    assert blocked.state.where(56) == "discard"


@covers(56)
def test_muslim_revolution_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=ops("event_first", "uk", 4), ussr=["iran"])
    for_ops(game, US, 56)  # only Iran has US influence: one removal
    assert inf(game, "iran") == (0, 0)
    assert inf(game, "uk") == (9, 0)
    assert finished(game)


# ---------------------------------------------------------------- #57–#62
@covers(57)
def test_abm_treaty(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, defcon=3), us=["influence", "uk", "uk", "canada", "uk"])
    assert event(game, 57, US)
    assert game.state.defcon == 4
    assert inf(game, "uk") == (8, 0)
    assert inf(game, "canada") == (3, 0)
    assert game.state.where(57) == "discard"
    assert finished(game)


@covers(58)
def test_cultural_revolution_takes_the_china_card(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    game.move_card(CHINA_CARD, area_of(US))
    game.set_china_face_up(False)
    assert event(game, 58, USSR)
    assert game.state.where(CHINA_CARD) == area_of(USSR)
    assert game.state.china_face_up
    assert game.state.vp == 0
    assert game.state.where(58) == "removed"


@covers(58)
def test_cultural_revolution_with_the_china_card(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert event(game, 58, USSR)
    assert game.state.vp == -1
    assert game.state.where(CHINA_CARD) == area_of(USSR)


@covers(58)
def test_cultural_revolution_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=ops("ops_first", "uk", 3))
    game.move_card(CHINA_CARD, hand_of(US))
    for_ops(game, US, 58)
    assert inf(game, "uk") == (8, 0)
    assert game.state.where(CHINA_CARD) == area_of(USSR)


@covers(59)
def test_flower_power(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert event(game, 59, USSR)
    assert game.state.effects == [Effect(59, US)]
    assert game.state.where(59) == "removed"
    played(game, US, 36, "event")
    played(game, US, 11, "ops")
    played(game, US, 24, "headline")
    assert game.state.vp == -6
    played(game, US, 102, "space_race")
    played(game, USSR, 13, "event")
    played(game, US, 19, "event")
    assert game.state.vp == -6


@covers(59)
def test_flower_power_prohibited_by_an_evil_empire(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, effects=[Effect(97)]))
    assert not event(game, 59, USSR)
    assert game.state.where(59) == "discard"
    played(game, US, 36, "event")
    assert game.state.vp == 0


@covers(59)
def test_flower_power_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=ops("event_first", "uk", 4))
    for_ops(game, US, 59)
    assert inf(game, "uk") == (9, 0)
    assert game.state.has_effect(59)


@covers(60)
def test_u2_incident(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=[52, "influence", "uk", "uk"])
    assert event(game, 60, USSR)
    assert game.state.vp == -1
    assert game.state.effects == [Effect(60, USSR)]
    assert game.state.where(60) == "removed"
    hand(game, US, 52)
    event(game, 32, US)  # UN Intervention then gives the USSR 1 more VP, once
    played(game, US, 32, "event")
    assert game.state.vp == -2
    assert game.state.effects == []
    assert finished(game)


@covers(60)
def test_u2_incident_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=ops("ops_first", "uk", 3))
    for_ops(game, US, 60)
    assert inf(game, "uk") == (8, 0)
    assert game.state.vp == -1


def opec_board(rules: Ruleset) -> GameState:
    return position(
        rules,
        influence={"egypt": (0, 2), "iraq": (0, 3), "libya": (0, 2), "venezuela": (0, 2)},
    )  # and Iran, Saudi Arabia, Gulf States not USSR-controlled


@covers(61)
def test_opec(rules: Ruleset) -> None:
    game = game_at(rules, opec_board(rules))
    assert event(game, 61, USSR)
    assert game.state.vp == -4
    assert game.state.where(61) == "discard"


@covers(61)
def test_opec_prohibited_by_north_sea_oil(rules: Ruleset) -> None:
    state = opec_board(rules)
    state.effects.append(Effect(86))
    game = game_at(rules, state)
    assert not event(game, 61, USSR)
    assert game.state.vp == 0
    assert game.state.where(61) == "discard"


@covers(61)
def test_opec_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, opec_board(rules), us=ops("event_first", "uk", 3))
    for_ops(game, US, 61)
    assert game.state.vp == -4
    assert inf(game, "uk") == (8, 0)


@covers(62)
def test_lone_gunman(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=["influence", "east_germany"])
    assert event(game, 62, USSR)
    assert inf(game, "east_germany") == (0, 4)
    assert game.state.where(62) == "removed"
    assert finished(game)


@covers(62)
def test_lone_gunman_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(
        rules, position(rules), us=ops("ops_first", "uk", 1), ussr=["influence", "finland"]
    )
    for_ops(game, US, 62)
    assert inf(game, "uk") == (6, 0)
    assert inf(game, "finland") == (0, 2)
    assert finished(game)


# ---------------------------------------------------------------- #63–#68
@covers(63)
def test_colonial_rear_guards(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["nigeria", "zaire", "vietnam", "angola"])
    assert event(game, 63, US)
    for country in ("nigeria", "zaire", "vietnam", "angola"):
        assert inf(game, country) == (1, 0)
    offered = options(game, US, 1)
    assert "nigeria" not in offered  # 4 different countries
    assert "thailand" in offered
    assert "japan" not in offered
    assert game.state.where(63) == "discard"


@covers(63)
def test_colonial_rear_guards_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(
        rules,
        position(rules),
        ussr=ops("event_first", "east_germany", 2),
        us=["kenya", "somalia", "burma", "malaysia"],
    )
    for_ops(game, USSR, 63)
    assert inf(game, "east_germany") == (0, 5)
    assert inf(game, "kenya") == (1, 0)
    assert inf(game, "malaysia") == (1, 0)
    assert finished(game)


@covers(64)
def test_panama_canal_returned(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert event(game, 64, US)
    assert inf(game, "panama") == (2, 0)
    assert inf(game, "costa_rica") == (1, 0)
    assert inf(game, "venezuela") == (1, 0)
    assert game.state.where(64) == "removed"


@covers(64)
def test_panama_canal_returned_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=ops("ops_first", "east_germany", 1))
    for_ops(game, USSR, 64)
    assert inf(game, "east_germany") == (0, 4)
    assert inf(game, "panama") == (2, 0)


@covers(65)
def test_camp_david_accords(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert event(game, 65, US)
    assert game.state.vp == 1
    assert inf(game, "israel") == (2, 0)
    assert inf(game, "jordan") == (1, 0)
    assert inf(game, "egypt") == (1, 0)
    assert game.state.effects == [Effect(65)]
    assert game.state.where(65) == "removed"


@covers(65)
def test_camp_david_accords_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=ops("event_first", "east_germany", 2))
    for_ops(game, USSR, 65)
    assert inf(game, "east_germany") == (0, 5)
    assert game.state.vp == 1
    assert game.state.has_effect(65)


@covers(66)
def test_puppet_governments(rules: Ruleset) -> None:
    state = position(rules, influence={"burma": (0, 1)})
    game = game_at(rules, state, us=["haiti", "mexico", "sudan"])
    assert event(game, 66, US)
    assert "burma" not in options(game, US)
    assert "uk" not in options(game, US)
    assert "haiti" not in options(game, US, 1)
    for country in ("haiti", "mexico", "sudan"):
        assert inf(game, country) == (1, 0)
    assert game.state.where(66) == "removed"
    assert finished(game)


@covers(66)
def test_puppet_governments_stops_early_when_triggered(rules: Ruleset) -> None:
    game = game_at(
        rules, position(rules), ussr=ops("ops_first", "east_germany", 2), us=["chile", "done"]
    )
    for_ops(game, USSR, 66)
    assert inf(game, "east_germany") == (0, 5)
    assert inf(game, "chile") == (1, 0)
    assert finished(game)


@covers(67)
def test_grain_sales_plays_the_stolen_card(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["ops", "event_first", "influence", "uk", "uk"])
    hand(game, USSR, 52, 54)
    game.move_card(CHINA_CARD, hand_of(USSR))
    assert event(game, 67, US)  # chance picks the first: #52
    assert options(game, US) == ("ops", "space_race", "return")
    assert inf(game, "angola") == (0, 2)  # the USSR event triggered by the US ops play
    assert inf(game, "uk") == (7, 0)
    assert game.state.where(52) == "removed"
    assert game.state.where(54) == hand_of(USSR)
    assert game.state.where(67) == "discard"
    assert finished(game)


@covers(67)
def test_grain_sales_plays_a_us_event(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["event"])
    hand(game, USSR, 65)
    event(game, 67, US)
    assert game.state.vp == 1
    assert game.state.where(65) == "removed"


@covers(67)
def test_grain_sales_returns_the_card(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["return", "influence", "uk", "uk"])
    hand(game, USSR, 54)
    event(game, 67, US)
    assert game.state.where(54) == hand_of(USSR)
    assert inf(game, "uk") == (7, 0)
    assert inf(game, "chile") == (0, 0)
    assert finished(game)


@covers(67)
def test_grain_sales_triggered_by_ussr_ops_with_empty_hand(rules: Ruleset) -> None:
    game = game_at(
        rules,
        position(rules),
        ussr=ops("event_first", "east_germany", 2),
        us=["influence", "canada", "canada"],
    )
    game.move_card(CHINA_CARD, hand_of(USSR))
    for_ops(game, USSR, 67)
    assert inf(game, "canada") == (4, 0)
    assert inf(game, "east_germany") == (0, 5)
    assert game.state.where(CHINA_CARD) == hand_of(USSR)
    assert finished(game)


@covers(68)
def test_john_paul_ii(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"poland": (0, 3)}))
    assert event(game, 68, US)
    assert inf(game, "poland") == (1, 1)
    assert game.state.effects == [Effect(68)]
    assert game.state.where(68) == "removed"


@covers(68)
def test_john_paul_ii_triggered_by_ussr_ops(rules: Ruleset) -> None:
    state = position(rules, influence={"poland": (0, 1)})
    game = game_at(rules, state, ussr=ops("ops_first", "east_germany", 2))
    for_ops(game, USSR, 68)
    assert inf(game, "poland") == (1, 0)
    assert inf(game, "east_germany") == (0, 5)
    assert game.state.has_effect(68)


# ---------------------------------------------------------------- #69–#74
@covers(69)
@pytest.mark.parametrize("player", [US, USSR])
def test_latin_american_death_squads(rules: Ruleset, player: Side) -> None:
    game = game_at(rules, position(rules))
    assert event(game, 69, player)
    assert game.state.effects == [Effect(69, player)]
    assert game.state.where(69) == "discard"


@covers(70)
def test_oas_founded(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["mexico", "mexico"])
    assert event(game, 70, US)
    assert inf(game, "mexico") == (2, 0)
    assert "uk" not in options(game, US)
    assert game.state.where(70) == "removed"


@covers(70)
def test_oas_founded_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(
        rules, position(rules), ussr=ops("event_first", "finland", 1), us=["brazil", "haiti"]
    )
    for_ops(game, USSR, 70)
    assert inf(game, "finland") == (0, 2)
    assert inf(game, "brazil") == (1, 0)
    assert inf(game, "haiti") == (1, 0)


@covers(71)
def test_nixon_takes_the_china_card_face_down(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert event(game, 71, US)
    assert game.state.where(CHINA_CARD) == area_of(US)
    assert not game.state.china_face_up
    assert game.state.vp == 0
    assert game.state.where(71) == "removed"


@covers(71)
def test_nixon_with_the_china_card(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    game.move_card(CHINA_CARD, hand_of(US))
    event(game, 71, US)
    assert game.state.vp == 2
    assert game.state.where(CHINA_CARD) == hand_of(US)


@covers(71)
def test_nixon_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=ops("ops_first", "east_germany", 2))
    game.move_card(CHINA_CARD, hand_of(USSR))
    for_ops(game, USSR, 71)
    assert game.state.where(CHINA_CARD) == area_of(US)
    assert not game.state.china_face_up
    assert inf(game, "east_germany") == (0, 5)


@covers(72)
def test_sadat_expels_soviets(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"egypt": (1, 3)}))
    assert event(game, 72, US)
    assert inf(game, "egypt") == (2, 0)
    assert game.state.where(72) == "removed"


@covers(72)
def test_sadat_expels_soviets_triggered_by_ussr_ops(rules: Ruleset) -> None:
    state = position(rules, influence={"egypt": (0, 2)})
    game = game_at(rules, state, ussr=ops("event_first", "syria", 1))
    for_ops(game, USSR, 72)
    assert inf(game, "egypt") == (1, 0)
    assert inf(game, "syria") == (0, 2)
    assert game.state.where(72) == "removed"


@covers(73)
def test_shuttle_diplomacy_waits_for_the_next_scoring(rules: Ruleset) -> None:
    state = position(
        rules,
        empty=True,
        influence={"iraq": (0, 3), "iran": (0, 2), "israel": (4, 0), "jordan": (2, 0)},
    )
    game = game_at(rules, state)
    assert event(game, 73, US)
    assert game.state.where(73) == "in_effect"
    assert game.state.effects == [Effect(73, US)]
    score_region(game, "middle_east")
    # The USSR counts 1 battleground, not 2: presence 3 + 1 against the US's 3 + 1 (else −1).
    assert game.state.vp == 0
    assert game.state.where(73) == "discard"
    assert game.state.effects == []


@covers(73)
def test_shuttle_diplomacy_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=ops("ops_first", "east_germany", 3))
    for_ops(game, USSR, 73)
    assert inf(game, "east_germany") == (0, 6)
    assert game.state.where(73) == "in_effect"
    assert game.state.has_effect(73, US)


@covers(74)
def test_voice_of_america(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["north_korea", "north_korea", "iraq", "syria"])
    assert event(game, 74, US)
    assert "east_germany" not in options(game, US)
    assert "north_korea" not in options(game, US, 2)  # 2 at most from one country
    assert inf(game, "north_korea") == (0, 1)
    assert inf(game, "iraq") == (0, 0)
    assert inf(game, "syria") == (0, 0)
    assert inf(game, "east_germany") == (0, 3)
    assert game.state.where(74) == "discard"


@covers(74)
def test_voice_of_america_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(
        rules,
        position(rules),
        ussr=ops("event_first", "east_germany", 2),
        us=["syria", "iraq", "north_korea", "north_korea"],
    )
    for_ops(game, USSR, 74)
    assert inf(game, "syria") == (0, 0)
    assert inf(game, "iraq") == (0, 0)
    assert inf(game, "north_korea") == (0, 1)
    assert inf(game, "east_germany") == (0, 5)
    assert finished(game)


# ---------------------------------------------------------------- #75–#80
@covers(75)
def test_liberation_theology(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=["cuba", "cuba", "nicaragua"])
    assert event(game, 75, USSR)
    assert "cuba" not in options(game, USSR, 2)
    assert "chile" not in options(game, USSR)
    assert inf(game, "cuba") == (0, 2)
    assert inf(game, "nicaragua") == (0, 1)
    assert game.state.where(75) == "discard"


@covers(75)
def test_liberation_theology_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(
        rules, position(rules), us=ops("ops_first", "uk", 2), ussr=["haiti", "panama", "panama"]
    )
    for_ops(game, US, 75)
    assert inf(game, "uk") == (7, 0)
    assert inf(game, "haiti") == (0, 1)
    assert inf(game, "panama") == (1, 2)
    assert finished(game)


@covers(76)
def test_ussuri_river_skirmish_takes_the_china_card_face_up(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    game.move_card(CHINA_CARD, hand_of(USSR))
    assert event(game, 76, US)
    assert game.state.where(CHINA_CARD) == area_of(US)
    assert game.state.china_face_up
    assert game.state.where(76) == "removed"


@covers(76)
def test_ussuri_river_skirmish_with_the_china_card(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["thailand", "thailand", "india", "japan"])
    game.move_card(CHINA_CARD, area_of(US))
    event(game, 76, US)
    assert "thailand" not in options(game, US, 2)
    assert "iran" not in options(game, US)
    assert inf(game, "thailand") == (2, 0)
    assert inf(game, "india") == (1, 0)
    assert inf(game, "japan") == (2, 0)
    assert finished(game)


@covers(76)
def test_ussuri_river_skirmish_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=ops("ops_first", "east_germany", 3))
    for_ops(game, USSR, 76)
    assert game.state.where(CHINA_CARD) == area_of(US)
    assert inf(game, "east_germany") == (0, 6)


@covers(77)
def test_ask_not(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=[19, 37, "done"])
    hand(game, US, 19, 26, 37)
    game.move_card(CHINA_CARD, hand_of(US))
    draw = sorted(game.state.piles["draw"].known())
    assert event(game, 77, US)
    assert options(game, US) == (19, 26, 37, "done")
    assert game.state.where(19) == "discard"
    assert game.state.where(37) == "discard"
    assert sorted(game.state.piles[hand_of(US)].known()) == sorted([CHINA_CARD, 26, *draw[:2]])
    assert game.state.where(77) == "removed"
    assert finished(game)


@covers(77)
def test_ask_not_reshuffles_the_discard_pile(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=[26, 19])  # the deck/hand is then empty
    hand(game, US, 19, 26)
    for card in list(game.state.piles["draw"].known()):
        if card != 21:
            game.move_card(card, "removed")
    assert event(game, 77, US)
    # 21 is drawn; then the discard pile (19, 26) becomes the draw pile and 19 comes up.
    assert sorted(game.state.piles[hand_of(US)].known()) == [19, 21]
    assert game.state.where(26) == "draw"
    assert finished(game)


@covers(77)
def test_ask_not_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=ops("event_first", "east_germany", 3), us=["done"])
    hand(game, US, 19)
    for_ops(game, USSR, 77)
    assert game.state.where(19) == hand_of(US)
    assert inf(game, "east_germany") == (0, 6)
    assert game.state.where(77) == "removed"
    assert finished(game)


def progress_board(rules: Ruleset) -> GameState:
    return position(rules, influence={"mexico": (2, 0), "panama": (2, 0), "brazil": (3, 1)})


@covers(78)
def test_alliance_for_progress(rules: Ruleset) -> None:
    game = game_at(rules, progress_board(rules))
    assert event(game, 78, US)
    assert game.state.vp == 3
    assert game.state.where(78) == "removed"


@covers(78)
def test_alliance_for_progress_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, progress_board(rules), ussr=ops("ops_first", "east_germany", 3))
    for_ops(game, USSR, 78)
    assert game.state.vp == 3
    assert inf(game, "east_germany") == (0, 6)


@covers(80)
@pytest.mark.parametrize(
    ("space", "player", "after", "vp"),
    [
        ((0, 2), US, (2, 2), 0),  # box 1 (1 VP as second) is skipped; box 2 gives 0
        ((7, 5), USSR, (7, 7), -2),  # Space Shuttle, second
        ((5, 3), USSR, (5, 5), -1),  # Lunar Orbit, second
        ((6, 7), US, (8, 7), 2),  # Space Station, first
        ((7, 8), US, (8, 8), 0),  # one box left: one box
    ],
)
def test_one_small_step(
    rules: Ruleset, space: tuple[int, int], player: Side, after: tuple[int, int], vp: int
) -> None:
    state = position(rules)
    state.space = list(space)
    game = game_at(rules, state)
    assert event(game, 80, player)
    assert tuple(game.state.space) == after
    assert game.state.vp == vp
    assert game.state.where(80) == "discard"


@covers(80)
def test_one_small_step_needs_to_be_behind(rules: Ruleset) -> None:
    state = position(rules)
    state.space = [3, 3]
    game = game_at(rules, state)
    assert not event(game, 80, US)
    assert game.state.space == [3, 3]
    assert game.state.where(80) == "discard"
