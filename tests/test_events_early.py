"""Early War card events (#1–#35, #103): each played as an event from a prepared position, each
sided card also triggered by its opponent's ops play, dice outcomes, prerequisites and
prohibitions (card-events Part C)."""

from __future__ import annotations

from typing import Any

import pytest

from twsolo.engine.card_play import play_card, ways_to_play
from twsolo.engine.choices import CHANCE, Answer
from twsolo.engine.coup import coup_refusal, realign_refusal
from twsolo.engine.effects import protection
from twsolo.engine.events import event_refusal, play_event
from twsolo.engine.game import Game, GameOver, Policy
from twsolo.engine.ops import OpsBudget, card_ops
from twsolo.engine.records import HandShown, Shuffled
from twsolo.engine.scoring import region_score
from twsolo.engine.state import Effect, Result, hand_of
from twsolo.ids import Side
from twsolo.ruleset import Ruleset

from .support import covers, game_at, inf, position, to_table

US, USSR = Side.US, Side.USSR


# ---------------------------------------------------------------- helpers
def hand(game: Game, side: Side, *cards: int) -> None:
    for card in cards:
        game.move_card(card, hand_of(side))


def ops(order: str, country: str, points: int) -> list[Answer]:
    """The phasing player's answers for an opponent's card played for ops: the order, then
    influence placed point by point in one country."""
    return [order, "influence", *[country] * points]


def finished(game: Game) -> bool:
    """Every scripted answer and die was used."""
    providers: Any = game.providers
    return not providers[US].answers and not providers[USSR].answers and not providers[CHANCE].dice


def asked(game: Game, side: Side) -> list[Any]:
    providers: Any = game.providers
    return list(providers[side].asked)


def event(game: Game, card: int, player: Side, **kwargs: bool) -> bool:
    to_table(game, card)
    return play_event(game, card, player, **kwargs)


def for_ops(game: Game, side: Side, card: int) -> None:
    to_table(game, card)
    play_card(game, side, card, "ops")


# ---------------------------------------------------------------- scoring cards
@covers(1)
def test_asia_scoring(rules: Ruleset) -> None:
    state = position(
        rules,
        empty=True,
        influence={"japan": (4, 0), "taiwan": (3, 0), "south_korea": (3, 0), "north_korea": (0, 3)},
    )
    game = game_at(rules, state)
    assert event(game, 1, USSR)
    # US domination 7 + 2 battlegrounds; USSR presence 3 + 1 battleground.
    assert game.state.vp == 5
    assert game.state.where(1) == "discard"


@covers(2)
def test_europe_scoring_domination(rules: Ruleset) -> None:
    state = position(
        rules,
        empty=True,
        influence={
            "west_germany": (4, 0),
            "france": (3, 0),
            "uk": (5, 0),
            "finland": (4, 0),
            "east_germany": (0, 3),
        },
    )
    game = game_at(rules, state)
    assert event(game, 2, US)
    # US domination 7 + 2 battlegrounds + Finland next to the USSR; USSR presence 3 + 1.
    assert game.state.vp == 6
    assert game.state.where(2) == "discard"


@covers(2)
def test_europe_scoring_control_wins(rules: Ruleset) -> None:
    influence = dict.fromkeys(("west_germany", "france", "italy", "east_germany", "poland"), (5, 0))
    game = game_at(rules, position(rules, empty=True, influence=influence))
    with pytest.raises(GameOver):
        event(game, 2, USSR)
    assert game.state.result == Result(US, "europe_control")


@covers(3)
def test_middle_east_scoring(rules: Ruleset) -> None:
    state = position(
        rules,
        empty=True,
        influence={"syria": (0, 2), "iraq": (0, 3), "libya": (0, 2), "israel": (4, 0)},
    )
    game = game_at(rules, state)
    assert event(game, 3, US)
    # USSR domination 5 + 2 battlegrounds; US presence 3 + 1.
    assert game.state.vp == -3
    assert game.state.where(3) == "discard"


# ---------------------------------------------------------------- 4 Duck and Cover
@covers(4)
def test_duck_and_cover(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, defcon=4))
    event(game, 4, US)
    assert (game.state.defcon, game.state.vp) == (3, 2)
    assert game.state.where(4) == "discard"


@covers(4)
def test_duck_and_cover_at_defcon_2_loses_for_the_phasing_player(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, defcon=2, phasing=US))
    with pytest.raises(GameOver):
        event(game, 4, US)
    assert game.state.result == Result(USSR, "defcon1")
    assert game.state.vp == 0


@covers(4)
def test_duck_and_cover_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=ops("ops_first", "syria", 3))
    for_ops(game, USSR, 4)
    assert inf(game, "syria") == (0, 4)
    assert (game.state.defcon, game.state.vp) == (4, 1)
    assert finished(game)


# ---------------------------------------------------------------- 5 Five Year Plan
@covers(5)
def test_five_year_plan_discards_us_event_which_happens(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    hand(game, USSR, 7, 4)
    event(game, 5, US)
    # chance picks the first card offered: Duck and Cover, a US event, which happens.
    assert (game.state.defcon, game.state.vp) == (4, 1)
    assert game.state.where(4) == "discard"
    assert list(game.state.piles["hand_ussr"].known()) == [7]
    assert game.state.where(5) == "discard"


@covers(5)
def test_five_year_plan_starred_us_event_is_removed(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    hand(game, USSR, 30, 25)
    event(game, 5, US)
    assert game.state.has_effect(25, US)
    assert game.state.where(25) == "removed"


@covers(5)
def test_five_year_plan_us_event_without_prerequisite_is_discarded(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    hand(game, USSR, 21)
    event(game, 5, US)
    assert not game.state.has_effect(21)
    assert game.state.where(21) == "discard"


@covers(5)
def test_five_year_plan_ussr_card_is_just_discarded(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    hand(game, USSR, 8, 12)
    event(game, 5, US)
    assert game.state.where(8) == "discard"
    assert inf(game, "cuba") == (0, 0)
    assert list(game.state.piles["hand_ussr"].known()) == [12]


@covers(5)
def test_five_year_plan_never_takes_the_china_card(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    hand(game, USSR, 6)
    event(game, 5, US)
    assert game.state.where(6) == "hand_ussr"
    assert game.state.where(5) == "discard"


@covers(5)
def test_five_year_plan_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=ops("event_first", "syria", 3))
    hand(game, USSR, 9, 11)
    for_ops(game, USSR, 5)
    assert game.state.where(9) == "discard"
    assert inf(game, "vietnam") == (0, 0)
    assert list(game.state.piles["hand_ussr"].known()) == [11]
    assert inf(game, "syria") == (0, 4)
    assert finished(game)


# ---------------------------------------------------------------- 7 Socialist Governments
@covers(7)
def test_socialist_governments(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=["uk", "uk", "canada"])
    event(game, 7, USSR)
    assert (inf(game, "uk"), inf(game, "canada")) == ((3, 0), (1, 0))
    assert "uk" not in asked(game, USSR)[2].options  # at most 2 from one country
    assert game.state.where(7) == "discard"
    assert finished(game)


@covers(7)
def test_socialist_governments_prohibited_by_iron_lady(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, effects=[Effect(83)]))
    assert not event(game, 7, USSR)
    assert (inf(game, "uk"), inf(game, "canada")) == ((5, 0), (2, 0))
    assert game.state.where(7) == "discard"


@covers(7)
def test_socialist_governments_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(
        rules, position(rules), us=ops("ops_first", "uk", 3), ussr=["uk", "uk", "canada"]
    )
    for_ops(game, US, 7)
    assert (inf(game, "uk"), inf(game, "canada")) == ((6, 0), (1, 0))
    assert finished(game)


# ---------------------------------------------------------------- 8 Fidel, 12 Romanian Abdication
@covers(8)
def test_fidel(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"cuba": (2, 1)}))
    event(game, 8, USSR)
    assert inf(game, "cuba") == (0, 3)
    assert game.state.where(8) == "removed"


@covers(8)
def test_fidel_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(
        rules, position(rules, influence={"cuba": (2, 4)}), us=ops("event_first", "uk", 2)
    )
    for_ops(game, US, 8)
    assert inf(game, "cuba") == (0, 4)  # already controlled: nothing added
    assert inf(game, "uk") == (7, 0)
    assert game.state.where(8) == "removed"
    assert finished(game)


@covers(12)
def test_romanian_abdication(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"romania": (2, 1)}))
    event(game, 12, USSR)
    assert inf(game, "romania") == (0, 3)
    assert game.state.where(12) == "removed"


@covers(12)
def test_romanian_abdication_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(
        rules, position(rules, influence={"romania": (1, 0)}), us=ops("ops_first", "uk", 1)
    )
    for_ops(game, US, 12)
    assert inf(game, "romania") == (0, 3)
    assert inf(game, "uk") == (6, 0)
    assert finished(game)


# ---------------------------------------------------------------- 9 Vietnam Revolts
@covers(9)
def test_vietnam_revolts(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    event(game, 9, USSR)
    assert inf(game, "vietnam") == (0, 2)
    assert game.state.has_effect(9, USSR)
    # A USSR 2-op card spent all in Southeast Asia is worth 3 this turn; a US card is not.
    assert OpsBudget.for_card(game.state, rules, USSR, 11).total() == 3
    assert OpsBudget.for_card(game.state, rules, US, 19).total() == 1
    assert game.state.where(9) == "removed"


@covers(9)
def test_vietnam_revolts_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=ops("ops_first", "uk", 2))
    for_ops(game, US, 9)
    assert inf(game, "vietnam") == (0, 2)
    assert game.state.has_effect(9, USSR)
    assert inf(game, "uk") == (7, 0)
    assert finished(game)


# ---------------------------------------------------------------- 10 Blockade
@covers(10)
def test_blockade_us_discards_a_3_ops_card(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"west_germany": (3, 0)}), us=[4])
    hand(game, US, 4, 19, 6)
    event(game, 10, USSR)
    assert asked(game, US)[0].options == (4, "decline")  # not the 1-op card, not the China Card
    assert game.state.where(4) == "discard"
    assert inf(game, "west_germany") == (3, 0)
    assert game.state.where(10) == "removed"


@covers(10)
def test_blockade_us_declines_and_loses_west_germany(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"west_germany": (3, 1)}), us=["decline"])
    hand(game, US, 4)
    event(game, 10, USSR)
    assert game.state.where(4) == "hand_us"
    assert inf(game, "west_germany") == (0, 1)


@covers(10)
def test_blockade_without_a_card_the_loss_is_compulsory(rules: Ruleset) -> None:
    # Red Scare on the US makes Duck and Cover a 2-op card.
    state = position(rules, influence={"west_germany": (3, 0)}, effects=[Effect(31, US)])
    game = game_at(rules, state)
    hand(game, US, 4, 19)
    event(game, 10, USSR)
    assert inf(game, "west_germany") == (0, 0)
    assert game.state.where(4) == "hand_us"


@covers(10)
def test_blockade_counts_modified_ops(rules: Ruleset) -> None:
    # Containment makes Independent Reds (2 ops) a 3-op card for the US.
    state = position(rules, influence={"west_germany": (3, 0)}, effects=[Effect(25, US)])
    game = game_at(rules, state, us=[22])
    hand(game, US, 22)
    event(game, 10, USSR)
    assert game.state.where(22) == "discard"
    assert inf(game, "west_germany") == (3, 0)


@covers(10)
def test_blockade_triggered_by_us_ops(rules: Ruleset) -> None:
    state = position(rules, influence={"west_germany": (2, 0)})
    game = game_at(rules, state, us=[*ops("ops_first", "uk", 1), "decline"])
    hand(game, US, 4)
    for_ops(game, US, 10)
    assert inf(game, "uk") == (6, 0)
    assert inf(game, "west_germany") == (0, 0)
    assert game.state.where(10) == "removed"
    assert finished(game)


# ---------------------------------------------------------------- 11 Korean War
@covers(11)
def test_korean_war_won(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"south_korea": (2, 1)}), dice=[4])
    event(game, 11, USSR)
    assert inf(game, "south_korea") == (0, 3)
    assert game.state.vp == -2
    assert game.state.milops == [0, 2]
    assert game.state.where(11) == "removed"
    assert finished(game)


@covers(11)
def test_korean_war_lost(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"south_korea": (2, 1)}), dice=[3])
    event(game, 11, USSR)
    assert inf(game, "south_korea") == (2, 1)
    assert game.state.vp == 0
    assert game.state.milops == [0, 2]


@covers(11)
def test_korean_war_minus_one_per_us_controlled_neighbour(rules: Ruleset) -> None:
    state = position(rules, influence={"japan": (4, 0), "taiwan": (3, 0)})
    game = game_at(rules, state, dice=[5])
    event(game, 11, USSR)  # 5 − 2 = 3: lost
    assert inf(game, "south_korea") == (1, 0)
    assert game.state.vp == 0
    game = game_at(rules, position(rules, influence={"japan": (4, 0), "taiwan": (3, 0)}), dice=[6])
    event(game, 11, USSR)  # 6 − 2 = 4: won
    assert inf(game, "south_korea") == (0, 1)
    assert game.state.vp == -2


@covers(11)
def test_korean_war_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=ops("event_first", "uk", 2), dice=[6])
    for_ops(game, US, 11)
    assert inf(game, "south_korea") == (0, 1)
    assert game.state.vp == -2
    assert game.state.milops == [0, 2]  # the war's credit goes to its owner (A11)
    assert inf(game, "uk") == (7, 0)
    assert finished(game)


# ---------------------------------------------------------------- 13 Arab-Israeli War
@covers(13)
def test_arab_israeli_war_counts_the_target_and_neighbours(rules: Ruleset) -> None:
    # Israel and Jordan US-controlled: −2.
    influence = {"israel": (4, 0), "jordan": (2, 0)}
    game = game_at(rules, position(rules, influence=influence), dice=[6])
    event(game, 13, USSR)
    assert inf(game, "israel") == (0, 4)
    assert game.state.vp == -2
    assert game.state.milops == [0, 2]
    assert game.state.where(13) == "discard"
    game = game_at(rules, position(rules, influence=influence), dice=[5])
    event(game, 13, USSR)  # 5 − 2 = 3: lost
    assert inf(game, "israel") == (4, 0)
    assert game.state.vp == 0
    assert game.state.milops == [0, 2]


@covers(13)
def test_arab_israeli_war_prohibited_by_camp_david(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, effects=[Effect(65)]))
    assert not event(game, 13, USSR)
    assert inf(game, "israel") == (1, 0)
    assert game.state.milops == [0, 0]
    assert game.state.where(13) == "discard"


@covers(13)
def test_arab_israeli_war_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=ops("ops_first", "uk", 2), dice=[4])
    for_ops(game, US, 13)
    assert inf(game, "israel") == (0, 1)
    assert game.state.vp == -2
    assert game.state.milops == [0, 2]
    assert finished(game)


# ---------------------------------------------------------------- 14 COMECON
@covers(14)
def test_comecon(rules: Ruleset) -> None:
    answers = ["hungary", "romania", "poland", "bulgaria"]
    game = game_at(rules, position(rules, influence={"czechoslovakia": (3, 0)}), ussr=answers)
    event(game, 14, USSR)
    for country in ("hungary", "romania", "poland", "bulgaria"):
        assert inf(game, country) == (0, 1)
    questions = asked(game, USSR)
    assert "czechoslovakia" not in questions[0].options  # US-controlled
    assert "hungary" not in questions[1].options  # different countries
    assert game.state.where(14) == "removed"
    assert finished(game)


@covers(14)
def test_comecon_fewer_countries_qualify(rules: Ruleset) -> None:
    us_controlled = ("austria", "bulgaria", "czechoslovakia", "finland", "hungary", "poland")
    influence = dict.fromkeys((*us_controlled, "romania"), (5, 0))
    game = game_at(rules, position(rules, influence=influence), ussr=["yugoslavia", "east_germany"])
    event(game, 14, USSR)
    assert (inf(game, "yugoslavia"), inf(game, "east_germany")) == ((0, 1), (0, 4))
    assert finished(game)


@covers(14)
def test_comecon_triggered_by_us_ops(rules: Ruleset) -> None:
    answers = ["hungary", "romania", "poland", "bulgaria"]
    game = game_at(rules, position(rules), us=ops("event_first", "uk", 3), ussr=answers)
    for_ops(game, US, 14)
    assert [inf(game, c) for c in answers] == [(0, 1)] * 4
    assert inf(game, "uk") == (8, 0)
    assert finished(game)


# ---------------------------------------------------------------- 15 Nasser
@covers(15)
def test_nasser(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"egypt": (3, 0)}))
    event(game, 15, USSR)
    assert inf(game, "egypt") == (1, 2)  # half of 3, rounded up, removed
    assert game.state.where(15) == "removed"


@covers(15)
def test_nasser_triggered_by_us_ops(rules: Ruleset) -> None:
    state = position(rules, influence={"egypt": (4, 1)})
    game = game_at(rules, state, us=ops("ops_first", "uk", 1))
    for_ops(game, US, 15)
    assert inf(game, "egypt") == (2, 3)
    assert inf(game, "uk") == (6, 0)
    assert finished(game)


# ---------------------------------------------------------------- 16 Warsaw Pact Formed
EE_US = {"poland": (2, 0), "hungary": (1, 1), "romania": (1, 0), "bulgaria": (1, 0)}


@covers(16)
def test_warsaw_pact_removes_us_influence(rules: Ruleset) -> None:
    influence = {**EE_US, "czechoslovakia": (1, 0)}
    answers = ["yes", "poland", "hungary", "romania", "bulgaria"]
    game = game_at(rules, position(rules, influence=influence), ussr=answers)
    event(game, 16, USSR)
    assert [inf(game, c) for c in EE_US] == [(0, 0), (0, 1), (0, 0), (0, 0)]
    assert inf(game, "czechoslovakia") == (1, 0)  # only 4 countries
    assert game.state.has_effect(16)
    assert game.state.where(16) == "removed"
    assert finished(game)


@covers(16)
def test_warsaw_pact_removal_with_fewer_countries(rules: Ruleset) -> None:
    state = position(rules, influence={"poland": (2, 0)})
    game = game_at(rules, state, ussr=["yes", "poland"])
    event(game, 16, USSR)
    assert inf(game, "poland") == (0, 0)
    assert finished(game)


@covers(16)
def test_warsaw_pact_adds_five_at_most_two_per_country(rules: Ruleset) -> None:
    answers = ["no", "poland", "poland", "hungary", "hungary", "romania"]
    game = game_at(rules, position(rules), ussr=answers)
    event(game, 16, USSR)
    assert (inf(game, "poland"), inf(game, "hungary"), inf(game, "romania")) == (
        (0, 2),
        (0, 2),
        (0, 1),
    )
    assert "poland" not in asked(game, USSR)[3].options
    assert game.state.has_effect(16)
    assert finished(game)


@covers(16)
def test_warsaw_pact_triggered_by_us_ops(rules: Ruleset) -> None:
    answers = ["yes", "poland"]
    state = position(rules, influence={"poland": (2, 0)})
    game = game_at(rules, state, us=ops("event_first", "uk", 3), ussr=answers)
    for_ops(game, US, 16)
    assert inf(game, "poland") == (0, 0)
    assert game.state.has_effect(16)
    assert inf(game, "uk") == (8, 0)
    assert finished(game)


# ---------------------------------------------------------------- 17 De Gaulle Leads France
@covers(17)
def test_de_gaulle_leads_france_lifts_nato_protection(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"france": (6, 0)}, effects=[Effect(21)]))
    france = rules.index["france"]
    assert protection(game.state, rules, USSR, france, coup=True) is not None
    event(game, 17, USSR)
    assert inf(game, "france") == (4, 1)  # still US-controlled
    assert game.state.has_effect(17)
    assert protection(game.state, rules, USSR, france, coup=True) is None
    assert game.state.where(17) == "removed"


@covers(17)
def test_de_gaulle_removes_all_if_fewer(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"france": (1, 0)}))
    event(game, 17, USSR)
    assert inf(game, "france") == (0, 1)


@covers(17)
def test_de_gaulle_triggered_by_us_ops(rules: Ruleset) -> None:
    state = position(rules, influence={"france": (3, 0)})
    game = game_at(rules, state, us=ops("ops_first", "uk", 3))
    for_ops(game, US, 17)
    assert inf(game, "france") == (1, 1)
    assert game.state.has_effect(17)
    assert inf(game, "uk") == (8, 0)
    assert finished(game)


# ---------------------------------------------------------------- 18 Captured Nazi Scientist
@covers(18)
def test_captured_nazi_scientist(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    event(game, 18, USSR)
    assert game.state.space == [0, 1]
    assert game.state.vp == -2  # first to Earth Satellite
    assert game.state.space_attempts == [0, 0]
    assert game.state.where(18) == "removed"


@covers(18)
def test_captured_nazi_scientist_second_to_the_box(rules: Ruleset) -> None:
    state = position(rules)
    state.space = [0, 1]
    game = game_at(rules, state)
    event(game, 18, US)
    assert game.state.space == [1, 1]
    assert game.state.vp == 1


# ---------------------------------------------------------------- 19 Truman Doctrine
@covers(19)
def test_truman_doctrine(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"poland": (1, 2)}), us=["poland"])
    event(game, 19, US)
    # East Germany is USSR-controlled: not offered.
    assert asked(game, US)[0].options == ("finland", "poland")
    assert inf(game, "poland") == (1, 0)
    assert game.state.where(19) == "removed"
    assert finished(game)


@covers(19)
def test_truman_doctrine_without_a_target_changes_nothing(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"finland": (0, 4)}))
    assert event(game, 19, US)
    assert inf(game, "finland") == (0, 4)
    assert game.state.where(19) == "removed"


@covers(19)
def test_truman_doctrine_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["finland"], ussr=ops("ops_first", "syria", 1))
    for_ops(game, USSR, 19)
    assert inf(game, "finland") == (0, 0)
    assert inf(game, "syria") == (0, 2)
    assert finished(game)


# ---------------------------------------------------------------- 20 Olympic Games
@covers(20)
def test_olympic_games_sponsor_wins_after_a_tie(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=["no"], dice=[3, 5, 4, 2])
    event(game, 20, US)
    assert game.state.vp == 2
    assert game.state.where(20) == "discard"
    assert finished(game)


@covers(20)
def test_olympic_games_rival_wins(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["no"], dice=[1, 6])
    event(game, 20, USSR)
    assert game.state.vp == 2  # USSR sponsor 1 + 2 = 3 < US 6
    assert finished(game)


@covers(20)
def test_olympic_games_boycott(rules: Ruleset) -> None:
    state = position(rules, defcon=3)
    game = game_at(rules, state, us=["influence", "uk", "uk", "uk", "uk"], ussr=["yes"])
    event(game, 20, US)
    assert game.state.defcon == 2
    assert inf(game, "uk") == (9, 0)
    assert game.state.vp == 0
    assert finished(game)


@covers(20)
def test_olympic_games_boycott_at_defcon_2_loses_for_the_sponsor(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, defcon=2, phasing=USSR), us=["yes"])
    with pytest.raises(GameOver):
        event(game, 20, USSR)
    assert game.state.result == Result(US, "defcon1")


# ---------------------------------------------------------------- 21 NATO
@covers(21)
def test_nato_after_marshall_plan(rules: Ruleset) -> None:
    state = position(rules, influence={"west_germany": (4, 0)}, effects=[Effect(23)])
    game = game_at(rules, state)
    assert event(game, 21, US)
    assert game.state.has_effect(21)
    wg = rules.index["west_germany"]
    assert coup_refusal(game.state, rules, USSR, wg) is not None
    assert realign_refusal(game.state, rules, USSR, wg) is not None
    assert game.state.where(21) == "removed"


@covers(21)
def test_nato_without_prerequisite_is_discarded(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert not event(game, 21, US)
    assert not game.state.has_effect(21)
    assert game.state.where(21) == "discard"


@covers(21)
def test_nato_triggered_by_ussr_ops_after_warsaw_pact(rules: Ruleset) -> None:
    state = position(rules, effects=[Effect(16)])
    game = game_at(rules, state, ussr=ops("event_first", "syria", 4))
    for_ops(game, USSR, 21)
    assert game.state.has_effect(21)
    assert inf(game, "syria") == (0, 5)
    assert game.state.where(21) == "removed"
    assert finished(game)


@covers(21)
def test_nato_triggered_without_prerequisite(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=ops("ops_first", "syria", 4))
    for_ops(game, USSR, 21)
    assert not game.state.has_effect(21)
    assert inf(game, "syria") == (0, 5)
    assert game.state.where(21) == "discard"
    assert finished(game)


# ---------------------------------------------------------------- 22 Independent Reds
@covers(22)
def test_independent_reds(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"romania": (1, 3)}), us=["romania"])
    event(game, 22, US)
    assert inf(game, "romania") == (3, 3)
    assert set(asked(game, US)[0].options) == {
        "yugoslavia",
        "romania",
        "bulgaria",
        "hungary",
        "czechoslovakia",
    }
    assert game.state.where(22) == "removed"


@covers(22)
def test_independent_reds_never_removes(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"hungary": (3, 1)}), us=["hungary"])
    event(game, 22, US)
    assert inf(game, "hungary") == (3, 1)


@covers(22)
def test_independent_reds_triggered_by_ussr_ops(rules: Ruleset) -> None:
    state = position(rules, influence={"bulgaria": (0, 2)})
    game = game_at(rules, state, us=["bulgaria"], ussr=ops("ops_first", "syria", 2))
    for_ops(game, USSR, 22)
    assert inf(game, "bulgaria") == (2, 2)
    assert inf(game, "syria") == (0, 3)
    assert finished(game)


# ---------------------------------------------------------------- 23 Marshall Plan
MARSHALL = ["benelux", "denmark", "france", "greece", "italy", "norway", "west_germany"]


@covers(23)
def test_marshall_plan(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"austria": (0, 4)}), us=MARSHALL)
    event(game, 23, US)
    assert [inf(game, c) for c in MARSHALL] == [(1, 0)] * 7
    questions = asked(game, US)
    assert "austria" not in questions[0].options  # USSR-controlled
    assert "benelux" not in questions[1].options  # different countries
    assert game.state.has_effect(23)
    assert game.state.where(23) == "removed"
    assert finished(game)


@covers(23)
def test_marshall_plan_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=MARSHALL, ussr=ops("event_first", "syria", 4))
    for_ops(game, USSR, 23)
    assert [inf(game, c) for c in MARSHALL] == [(1, 0)] * 7
    assert game.state.has_effect(23)
    assert inf(game, "syria") == (0, 5)
    assert finished(game)


# ---------------------------------------------------------------- 24 Indo-Pakistani War
@covers(24)
def test_indo_pakistani_war_won(rules: Ruleset) -> None:
    # USSR invades Pakistan: Iran is US-controlled, −1.
    state = position(rules, influence={"pakistan": (2, 0), "iran": (2, 0)})
    game = game_at(rules, state, ussr=["pakistan"], dice=[5])
    event(game, 24, USSR)
    assert inf(game, "pakistan") == (0, 2)
    assert game.state.vp == -2
    assert game.state.milops == [0, 2]
    assert game.state.where(24) == "discard"
    assert finished(game)


@covers(24)
def test_indo_pakistani_war_lost(rules: Ruleset) -> None:
    state = position(rules, influence={"pakistan": (2, 0), "iran": (2, 0)})
    game = game_at(rules, state, ussr=["pakistan"], dice=[4])
    event(game, 24, USSR)
    assert inf(game, "pakistan") == (2, 0)
    assert game.state.vp == 0
    assert game.state.milops == [0, 2]


@covers(24)
def test_indo_pakistani_war_played_by_the_us(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"india": (0, 1)}), us=["india"], dice=[4])
    event(game, 24, US)
    assert inf(game, "india") == (1, 0)
    assert game.state.vp == 2
    assert game.state.milops == [2, 0]


# ---------------------------------------------------------------- 25 Containment
@covers(25)
def test_containment(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    event(game, 25, US)
    assert game.state.has_effect(25, US)
    assert card_ops(game.state, rules, US, 19) == 2
    assert card_ops(game.state, rules, US, 21) == 4  # not above 4
    assert card_ops(game.state, rules, USSR, 19) == 1
    assert game.state.where(25) == "removed"


@covers(25)
def test_containment_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=ops("event_first", "syria", 3))
    for_ops(game, USSR, 25)
    assert game.state.has_effect(25, US)
    assert inf(game, "syria") == (0, 4)  # the USSR's ops are not raised
    assert finished(game)


# ---------------------------------------------------------------- 26 CIA Created
@covers(26)
def test_cia_created(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["influence", "uk"])
    hand(game, USSR, 7, 8)
    event(game, 26, US)
    assert inf(game, "uk") == (6, 0)
    # The USSR shows its hand to the US (`Game.show`), then shuffles it (appendix G7).
    shown = [r for r in game.log if isinstance(r, HandShown)]
    assert [(r.pile, r.looker) for r in shown] == [(hand_of(USSR), US)]
    assert shown[0].cards == (7, 8)  # known cards, so named (no dealer here)
    at = game.log.index(shown[0])
    assert Shuffled(hand_of(USSR)) in game.log[at:]
    assert game.state.where(26) == "removed"
    assert finished(game)


@covers(26)
def test_cia_created_ops_are_modified(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, effects=[Effect(25, US)]), us=["influence", "uk", "uk"])
    event(game, 26, US)
    assert inf(game, "uk") == (7, 0)
    assert finished(game)


@covers(26)
def test_cia_created_triggered_by_ussr_ops(rules: Ruleset) -> None:
    answers = ops("ops_first", "syria", 1)
    game = game_at(rules, position(rules), us=["influence", "canada"], ussr=answers)
    for_ops(game, USSR, 26)
    assert inf(game, "canada") == (3, 0)
    assert inf(game, "syria") == (0, 2)
    assert finished(game)


# ---------------------------------------------------------------- 27 US/Japan Pact
@covers(27)
def test_us_japan_pact(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"japan": (1, 2)}))
    event(game, 27, US)
    assert inf(game, "japan") == (6, 2)
    assert game.state.has_effect(27)
    japan = rules.index["japan"]
    assert coup_refusal(game.state, rules, USSR, japan) is not None
    assert realign_refusal(game.state, rules, USSR, japan) is not None
    assert game.state.where(27) == "removed"


@covers(27)
def test_us_japan_pact_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=ops("ops_first", "syria", 4))
    for_ops(game, USSR, 27)
    assert inf(game, "japan") == (4, 0)
    assert game.state.has_effect(27)
    assert inf(game, "syria") == (0, 5)
    assert finished(game)


# ---------------------------------------------------------------- 28 Suez Crisis
@covers(28)
def test_suez_crisis(rules: Ruleset) -> None:
    state = position(rules, influence={"france": (3, 0)})
    game = game_at(rules, state, ussr=["uk", "uk", "israel", "france"])
    event(game, 28, USSR)
    assert (inf(game, "uk"), inf(game, "israel"), inf(game, "france")) == ((3, 0), (0, 0), (2, 0))
    assert asked(game, USSR)[3].options == ("france",)  # UK capped, Israel empty
    assert game.state.where(28) == "removed"
    assert finished(game)


@covers(28)
def test_suez_crisis_triggered_by_us_ops(rules: Ruleset) -> None:
    answers = ["uk", "israel", "uk"]
    game = game_at(rules, position(rules), us=ops("event_first", "canada", 3), ussr=answers)
    for_ops(game, US, 28)
    # Only 3 US influence is left in the three countries: the removal stops there.
    assert (inf(game, "uk"), inf(game, "israel")) == ((3, 0), (0, 0))
    assert inf(game, "canada") == (5, 0)
    assert finished(game)


# ---------------------------------------------------------------- 29 East European Unrest
@covers(29)
def test_east_european_unrest(rules: Ruleset) -> None:
    state = position(rules, influence={"poland": (0, 2), "hungary": (0, 1)})
    game = game_at(rules, state, us=["east_germany", "poland", "hungary"])
    event(game, 29, US)
    assert [inf(game, c) for c in ("east_germany", "poland", "hungary")] == [(0, 2), (0, 1), (0, 0)]
    assert "east_germany" not in asked(game, US)[1].options
    assert game.state.where(29) == "discard"
    assert finished(game)


@covers(29)
def test_east_european_unrest_late_war(rules: Ruleset) -> None:
    state = position(rules, turn=8, influence={"poland": (0, 2), "hungary": (0, 1)})
    game = game_at(rules, state, us=["east_germany", "poland", "hungary"])
    event(game, 29, US)
    assert [inf(game, c) for c in ("east_germany", "poland", "hungary")] == [(0, 1), (0, 0), (0, 0)]


@covers(29)
def test_east_european_unrest_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(
        rules, position(rules), us=["finland", "east_germany"], ussr=ops("ops_first", "syria", 3)
    )
    for_ops(game, USSR, 29)
    # Only two Eastern European countries hold USSR influence.
    assert (inf(game, "finland"), inf(game, "east_germany")) == ((0, 0), (0, 2))
    assert inf(game, "syria") == (0, 4)
    assert finished(game)


# ---------------------------------------------------------------- 30 Decolonization
DECOLONIZATION = ["angola", "zaire", "vietnam", "thailand"]


@covers(30)
def test_decolonization(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=DECOLONIZATION)
    event(game, 30, USSR)
    assert [inf(game, c) for c in DECOLONIZATION] == [(0, 1)] * 4
    questions = asked(game, USSR)
    assert "angola" not in questions[1].options
    assert "iraq" not in questions[0].options  # Africa and Southeast Asia only
    assert game.state.where(30) == "discard"
    assert finished(game)


@covers(30)
def test_decolonization_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=ops("ops_first", "uk", 2), ussr=DECOLONIZATION)
    for_ops(game, US, 30)
    assert [inf(game, c) for c in DECOLONIZATION] == [(0, 1)] * 4
    assert inf(game, "uk") == (7, 0)
    assert finished(game)


# ---------------------------------------------------------------- 31 Red Scare/Purge
@covers(31)
def test_red_scare_purge(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    event(game, 31, US)
    assert game.state.effects == [Effect(31, USSR)]
    assert card_ops(game.state, rules, USSR, 7) == 2
    assert card_ops(game.state, rules, USSR, 10) == 1  # not below 1
    assert card_ops(game.state, rules, US, 7) == 3
    assert game.state.where(31) == "discard"


@covers(31)
def test_red_scare_purge_by_the_ussr(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    event(game, 31, USSR)
    assert game.state.effects == [Effect(31, US)]
    assert card_ops(game.state, rules, US, 21) == 3


# ---------------------------------------------------------------- 32 UN Intervention
@covers(32)
def test_un_intervention(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=[7, "influence", "uk", "uk", "uk"])
    hand(game, US, 7, 4)
    assert event(game, 32, US)
    assert asked(game, US)[0].options == (7,)
    assert inf(game, "uk") == (8, 0)  # Socialist Governments did not happen
    assert inf(game, "canada") == (2, 0)
    assert game.state.where(7) == "discard"
    assert game.state.where(32) == "discard"
    assert list(game.state.piles["hand_us"].known()) == [4]
    assert game.state.milops == [0, 0]
    assert finished(game)


@covers(32)
def test_un_intervention_starred_card_is_discarded_and_ops_modified(rules: Ruleset) -> None:
    state = position(rules, effects=[Effect(25, US)])
    game = game_at(rules, state, us=[14, "influence", "uk", "uk", "uk", "uk"])
    hand(game, US, 14)
    event(game, 32, US)
    assert inf(game, "uk") == (9, 0)  # COMECON 3 ops + Containment
    assert game.state.where(14) == "discard"


@covers(32)
def test_un_intervention_ussr_with_vietnam_revolts(rules: Ruleset) -> None:
    state = position(rules, influence={"vietnam": (0, 1)}, effects=[Effect(9, USSR)])
    game = game_at(rules, state, ussr=[19, "influence", "vietnam", "vietnam"])
    hand(game, USSR, 19)
    event(game, 32, USSR)
    assert inf(game, "vietnam") == (0, 3)  # 1 op + 1 for all in Southeast Asia
    assert game.state.where(19) == "discard"
    assert finished(game)


@covers(32)
def test_un_intervention_coup_credits_military_ops(rules: Ruleset) -> None:
    state = position(rules, influence={"angola": (0, 1)})
    game = game_at(rules, state, us=[11, "coup", "angola"], dice=[2])
    hand(game, US, 11)
    event(game, 32, US)
    assert inf(game, "angola") == (1, 0)  # 2 + 2 ops − 2 × 1 = 2: 1 removed, 1 added
    assert game.state.milops == [2, 0]
    assert game.state.defcon == 4  # Angola is a battleground
    assert finished(game)


@covers(32)
def test_un_intervention_u2_incident_and_we_will_bury_you(rules: Ruleset) -> None:
    state = position(rules, effects=[Effect(60, USSR), Effect(50, USSR)])
    game = game_at(rules, state, us=[15, "influence", "uk"])
    hand(game, US, 15)
    event(game, 32, US)
    assert game.state.vp == -1
    assert game.state.effects == []


@covers(32)
def test_un_intervention_by_the_ussr_keeps_we_will_bury_you(rules: Ruleset) -> None:
    state = position(rules, effects=[Effect(50, USSR)])
    game = game_at(rules, state, ussr=[19, "influence", "syria"])
    hand(game, USSR, 19)
    event(game, 32, USSR)
    assert game.state.effects == [Effect(50, USSR)]
    assert game.state.vp == 0


@covers(32)
def test_un_intervention_not_in_the_headline(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    hand(game, US, 7)
    assert not event(game, 32, US, headline=True)
    assert game.state.where(7) == "hand_us"
    assert game.state.where(32) == "discard"


@covers(32)
def test_un_intervention_needs_an_opponent_card(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    hand(game, US, 4, 6)
    assert not event(game, 32, US)
    assert game.state.where(32) == "discard"
    assert inf(game, "uk") == (5, 0)


# ---------------------------------------------------------------- 33 De-Stalinization
@covers(33)
def test_de_stalinization(rules: Ruleset) -> None:
    answers = [4, "east_germany", "east_germany", "finland", "iraq"]
    answers += ["panama", "panama", "thailand", "angola"]
    game = game_at(rules, position(rules), ussr=answers)
    event(game, 33, USSR)
    assert [inf(game, c) for c in ("east_germany", "finland", "iraq")] == [(0, 1), (0, 0), (0, 0)]
    assert [inf(game, c) for c in ("panama", "thailand", "angola")] == [(1, 2), (0, 1), (0, 1)]
    questions = asked(game, USSR)
    assert questions[0].options == (0, 1, 2, 3, 4)
    assert "uk" not in questions[5].options  # US-controlled
    assert "panama" not in questions[7].options  # at most 2 per country
    assert game.state.where(33) == "removed"
    assert finished(game)


@covers(33)
def test_de_stalinization_moving_nothing(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=[0])
    event(game, 33, USSR)
    assert inf(game, "east_germany") == (0, 3)
    assert game.state.where(33) == "removed"


@covers(33)
def test_de_stalinization_triggered_by_us_ops(rules: Ruleset) -> None:
    answers = [1, "syria", "mexico"]
    game = game_at(rules, position(rules), us=ops("event_first", "uk", 3), ussr=answers)
    for_ops(game, US, 33)
    assert (inf(game, "syria"), inf(game, "mexico")) == ((0, 0), (0, 1))
    assert inf(game, "uk") == (8, 0)
    assert finished(game)


# ---------------------------------------------------------------- 34 Nuclear Test Ban
@covers(34)
def test_nuclear_test_ban(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, defcon=3))
    event(game, 34, US)
    assert (game.state.vp, game.state.defcon) == (1, 5)
    assert game.state.where(34) == "discard"


@covers(34)
def test_nuclear_test_ban_by_the_ussr_at_defcon_4(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, defcon=4))
    event(game, 34, USSR)
    assert (game.state.vp, game.state.defcon) == (-2, 5)


# ---------------------------------------------------------------- 35 Formosan Resolution
ASIA = {
    "japan": (4, 0),
    "taiwan": (3, 0),
    "australia": (4, 0),
    "south_korea": (3, 0),
    "north_korea": (0, 3),
}


@covers(35)
def test_formosan_resolution(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, empty=True, influence=ASIA))
    assert region_score(game.state, rules, "asia").vp == 5
    event(game, 35, US)
    assert game.state.has_effect(35)
    assert region_score(game.state, rules, "asia").vp == 6  # Taiwan counts as a battleground
    assert game.state.where(35) == "removed"


@covers(35)
def test_formosan_resolution_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=ops("ops_first", "syria", 2))
    for_ops(game, USSR, 35)
    assert game.state.has_effect(35)
    assert inf(game, "syria") == (0, 3)
    assert finished(game)


# ---------------------------------------------------------------- 103 Defectors
@covers(103)
def test_defectors_us_headline_cancels_the_ussr_headline(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    event(game, 103, US, headline=True)
    assert game.state.effects == [Effect(103, US, "cancel_ussr_headline")]
    assert game.state.vp == 0
    assert game.state.where(103) == "discard"


@covers(103)
def test_defectors_without_effect(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    event(game, 103, USSR, headline=True)
    event(game, 103, US)
    assert game.state.effects == []
    assert game.state.vp == 0


@covers(103)
def test_defectors_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=ops("ops_first", "syria", 2))
    for_ops(game, USSR, 103)
    assert game.state.vp == 1
    assert game.state.effects == []
    assert inf(game, "syria") == (0, 3)
    assert game.state.where(103) == "discard"
    assert finished(game)


class _Reveals(Policy):
    """The base game, except that the US searches its face-down deck/hand by revealing (as
    the solitaire AI does: solo/policy.py)."""

    def reveals_for(self, game: Game, side: Side) -> bool:
        return side is US


@covers(32)
def test_un_intervention_is_not_offered_without_a_card_to_go_with_it(rules: Ruleset) -> None:
    """Card-events #32 (issue #14 defect 6): "It cannot be played without such a card". A
    player who chooses from its hand needs a card it knows to carry the opponent's event: with
    only cards nobody has seen (dealt face down), UN Intervention is not offered as an event.
    A player who reveals to find one (the solitaire AI, appendix #32) may count on them."""
    game = game_at(rules, position(rules))
    to_table(game, 32)
    game.move_card(7, "discard")  # kept out of the deal
    game.deal("draw", hand_of(US), "deal a card face down")
    assert "event" not in ways_to_play(game, US, 32)
    assert event_refusal(game.state, rules, 32, US) is not None
    game.policy = _Reveals()
    assert "event" in ways_to_play(game, US, 32)
    game.policy = Policy()
    hand(game, US, 7)  # Socialist Governments: the USSR's event, a card the US knows
    assert "event" in ways_to_play(game, US, 32)
