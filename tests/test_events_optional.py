"""Optional card events #104–#110 (card-events Part C): each played from a prepared position,
and each also triggered by the opponent's ops play (base §5.2)."""

from __future__ import annotations

from twsolo.engine.card_play import play_card
from twsolo.engine.events import HOOKS, play_event
from twsolo.engine.events.optional import norad_end_of_round
from twsolo.engine.game import Game
from twsolo.engine.state import Effect
from twsolo.ids import Side
from twsolo.ruleset import Ruleset

from .support import Script, asked, covers, finished, game_at, inf, position, to_table

US, USSR = Side.US, Side.USSR


def event(game: Game, card: int, player: Side) -> bool:
    to_table(game, card)
    return play_event(game, card, player)


def ops(game: Game, player: Side, card: int) -> None:
    to_table(game, card)
    play_card(game, player, card, "ops")


def ids(rules: Ruleset, region: str) -> set[str]:
    return {rules.countries[i].id for i in rules.members(region)}


# ---------------------------------------------------------------- 104 The Cambridge Five
@covers(104)
def test_104_cambridge_five_scoring_card_in_the_us_hand(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, turn=5), ussr=["lebanon"])
    game.move_card(3, "hand_us")  # Middle East Scoring
    assert event(game, 104, USSR)
    assert set(asked(game, USSR, 0)) == ids(rules, "middle_east")
    assert inf(game, "lebanon") == (0, 1)
    assert game.state.where(104) == "discard"
    assert game.state.where(3) == "hand_us"
    finished(game)


@covers(104)
def test_104_cambridge_five_solitaire_region_cards(rules: Ruleset) -> None:
    # appendix #104: the face-up Primary and Secondary scoring cards stand in for a hand
    game = game_at(rules, position(rules, turn=3), ussr=["thailand"])
    game.move_card(38, "primary")  # Southeast Asia: its 7 countries only
    game.move_card(37, "secondary")
    assert event(game, 104, USSR)
    assert set(asked(game, USSR, 0)) == ids(rules, "southeast_asia") | ids(rules, "central_america")
    assert inf(game, "thailand") == (0, 1)
    finished(game)


@covers(104)
def test_104_cambridge_five_without_scoring_cards(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, turn=2))
    game.move_card(84, "hand_us")
    assert event(game, 104, USSR)
    assert int(game.state.influence[:, USSR.col].sum()) == 9  # the setup's USSR influence
    finished(game)


@covers(104)
def test_104_cambridge_five_prohibited_in_the_late_war(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, turn=8))
    game.move_card(3, "hand_us")
    assert not event(game, 104, USSR)
    assert game.state.where(104) == "discard"
    assert int(game.state.influence[:, USSR.col].sum()) == 9
    finished(game)


@covers(104)
def test_104_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(
        rules,
        position(rules, turn=4),
        us=["ops_first", "influence", "uk", "uk"],
        ussr=["syria"],
    )
    game.move_card(3, "primary")
    ops(game, US, 104)
    assert inf(game, "uk") == (7, 0)
    assert inf(game, "syria") == (0, 2)
    finished(game)


# ---------------------------------------------------------------- 105 Special Relationship
@covers(105)
def test_105_without_nato(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["france"])
    assert event(game, 105, US)
    assert asked(game, US, 0) == ("benelux", "canada", "france", "norway")
    assert inf(game, "france") == (1, 0)
    assert game.state.vp == 0
    assert game.state.where(105) == "discard"
    finished(game)


@covers(105)
def test_105_with_nato(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, effects=[Effect(21)]), us=["west_germany"])
    assert event(game, 105, US)
    assert set(asked(game, US, 0)) == ids(rules, "west_europe")
    assert inf(game, "west_germany") == (2, 0)
    assert game.state.vp == 2
    finished(game)


@covers(105)
def test_105_without_uk_control(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"uk": (5, 1)}, effects=[Effect(21)]))
    assert event(game, 105, US)
    assert game.state.vp == 0
    assert int(game.state.influence[:, US.col].sum()) == 18  # the setup's US influence
    finished(game)


@covers(105)
def test_105_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(
        rules,
        position(rules),
        ussr=["event_first", "influence", "east_germany", "east_germany"],
        us=["norway"],
    )
    ops(game, USSR, 105)
    assert inf(game, "norway") == (1, 0)
    assert inf(game, "east_germany") == (0, 5)
    finished(game)


# ---------------------------------------------------------------- 106 NORAD
def norad_game(rules: Ruleset, *, canada: int = 4, us: list[str] | None = None) -> Game:
    state = position(rules, defcon=3, influence={"canada": (canada, 0)}, effects=[Effect(106, US)])
    return game_at(rules, state, us=us or [], ussr=["coup", "iran"], dice=[1])


def coup_to_defcon_2(game: Game) -> None:
    """The USSR's action round: a coup in Iran (a battleground) moves DEFCON from 3 to 2."""
    ops(game, USSR, 93)
    assert game.state.defcon == 2


@covers(106)
def test_106_norad(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert event(game, 106, US)
    assert game.state.effects == [Effect(106, US)]
    assert game.state.where(106) == "removed"
    assert (106, norad_end_of_round) in HOOKS["card_played"]


@covers(106)
def test_106_norad_adds_influence_when_defcon_moved_to_2(rules: Ruleset) -> None:
    game = norad_game(rules, us=["uk"])
    coup_to_defcon_2(game)
    norad_end_of_round(game, USSR, 93, "ops")
    assert set(asked(game, US, 0)) == {
        "canada",
        "uk",
        "iran",
        "israel",
        "australia",
        "japan",
        "philippines",
        "south_korea",
        "south_africa",
        "panama",
    }
    assert inf(game, "uk") == (6, 0)
    finished(game)


@covers(106)
def test_106_norad_needs_canada(rules: Ruleset) -> None:
    game = norad_game(rules, canada=3)
    coup_to_defcon_2(game)
    norad_end_of_round(game, USSR, 93, "ops")
    assert inf(game, "uk") == (5, 0)
    finished(game)


@covers(106)
def test_106_norad_not_when_defcon_moved_in_an_earlier_round(rules: Ruleset) -> None:
    game = norad_game(rules)
    coup_to_defcon_2(game)
    game.providers[US] = Script(["influence", "uk", "uk"])
    ops(game, US, 84)  # the next round: DEFCON stays at 2
    norad_end_of_round(game, US, 84, "ops")
    assert inf(game, "uk") == (7, 0)  # the 2 ops only
    finished(game)


@covers(106)
def test_106_norad_not_in_the_headline(rules: Ruleset) -> None:
    game = norad_game(rules)
    coup_to_defcon_2(game)
    norad_end_of_round(game, USSR, 93, "headline")
    assert inf(game, "uk") == (5, 0)
    finished(game)


@covers(106)
def test_106_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=["ops_first", "influence", *["east_germany"] * 3])
    ops(game, USSR, 106)
    assert game.state.effects == [Effect(106, US)]
    assert inf(game, "east_germany") == (0, 6)
    assert game.state.where(106) == "removed"
    finished(game)


# ---------------------------------------------------------------- 107 Che
CHE = {"honduras": (1, 0), "bolivia": (1, 0), "panama": (1, 0)}


@covers(107)
def test_107_che_two_coups(rules: Ruleset) -> None:
    state = position(rules, empty=True, influence=CHE)
    game = game_at(rules, state, ussr=["honduras", "bolivia"], dice=[6, 1])
    assert event(game, 107, USSR)
    assert set(asked(game, USSR, 0)) == {"honduras", "bolivia", "decline"}  # no battleground
    assert asked(game, USSR, 1) == ("bolivia", "decline")  # a different country
    assert inf(game, "honduras") == (0, 4)  # 6 + 3 − 2×2 = 5
    assert inf(game, "bolivia") == (1, 0)  # 1 + 3 − 4 = 0
    assert game.state.milops == [0, 5]  # 3 + 3, not above 5 (D5)
    assert game.state.defcon == 5
    assert game.state.where(107) == "discard"
    finished(game)


@covers(107)
def test_107_che_no_second_coup_after_a_failure(rules: Ruleset) -> None:
    state = position(rules, empty=True, influence=CHE)
    game = game_at(rules, state, ussr=["bolivia"], dice=[1])
    assert event(game, 107, USSR)
    assert inf(game, "bolivia") == (1, 0)
    assert game.state.milops == [0, 3]
    finished(game)


@covers(107)
def test_107_che_declined_under_the_cuban_missile_crisis(rules: Ruleset) -> None:
    state = position(rules, empty=True, influence=CHE, effects=[Effect(40, USSR)])
    game = game_at(rules, state, ussr=["decline"])
    assert event(game, 107, USSR)
    assert game.state.result is None
    assert game.state.milops == [0, 0]
    finished(game)


@covers(107)
def test_107_che_ops_are_the_ussr_modified_ops(rules: Ruleset) -> None:
    state = position(rules, empty=True, influence=CHE, effects=[Effect(51, USSR)])
    game = game_at(rules, state, ussr=["bolivia", "decline"], dice=[1])
    assert event(game, 107, USSR)
    assert inf(game, "bolivia") == (0, 0)  # 1 + 4 − 4 = 1
    assert game.state.milops == [0, 4]
    finished(game)


@covers(107)
def test_107_triggered_by_us_ops(rules: Ruleset) -> None:
    state = position(rules, influence=CHE)
    game = game_at(
        rules,
        state,
        us=["event_first", "influence", "uk", "uk", "uk"],
        ussr=["honduras", "decline"],
        dice=[6],
    )
    ops(game, US, 107)
    assert inf(game, "honduras") == (0, 4)
    assert inf(game, "uk") == (8, 0)
    assert game.state.milops == [0, 3]
    assert game.state.where(107) == "discard"
    finished(game)


# ---------------------------------------------------------------- 108 Our Man in Tehran
@covers(108)
def test_108_needs_a_us_controlled_middle_east_country(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert not event(game, 108, US)
    assert game.state.where(108) == "discard"
    assert len(game.state.piles["draw"]) == len(position(rules).piles["draw"])
    finished(game)


@covers(108)
def test_108_our_man_in_tehran(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"israel": (4, 0)}), us=[5, 8, "done"])
    draw_before = len(game.state.piles["draw"])
    assert event(game, 108, US)
    assert asked(game, US, 0) == (4, 5, 7, 8, 9, "done")  # chance draws the first candidates
    assert [game.state.where(c) for c in (4, 5, 7, 8, 9)] == [
        "draw",
        "discard",
        "draw",
        "discard",
        "draw",
    ]
    assert len(game.state.piles["draw"]) == draw_before - 2
    assert len(game.state.piles["aside"]) == 0
    assert game.state.where(108) == "removed"
    finished(game)


@covers(108)
def test_108_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(
        rules,
        position(rules, influence={"israel": (4, 0)}),
        ussr=["event_first", "influence", "east_germany", "east_germany"],
        us=[9, "done"],
    )
    ops(game, USSR, 108)
    assert game.state.where(9) == "discard"
    assert inf(game, "east_germany") == (0, 5)
    assert game.state.where(108) == "removed"
    finished(game)


# ---------------------------------------------------------------- 109 Yuri and Samantha
@covers(109)
def test_109_yuri_and_samantha(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert event(game, 109, USSR)
    assert game.state.effects == [Effect(109, US)]
    assert game.state.where(109) == "removed"


@covers(109)
def test_109_triggered_by_us_ops_then_a_us_coup(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["event_first", "coup", "iraq"], dice=[6])
    ops(game, US, 109)
    assert inf(game, "iraq") == (1, 0)  # 6 + 2 − 2×3 = 2
    assert game.state.vp == -1  # the USSR gains 1 VP for the US coup
    assert game.state.milops == [2, 0]
    assert game.state.defcon == 4
    finished(game)


# ---------------------------------------------------------------- 110 AWACS Sale to Saudis
@covers(110)
def test_110_awacs_sale_to_saudis(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"saudi_arabia": (1, 2)}))
    assert event(game, 110, US)
    assert inf(game, "saudi_arabia") == (3, 2)
    assert game.state.effects == [Effect(110)]
    assert game.state.where(110) == "removed"


@covers(110)
def test_110_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=["ops_first", "influence", *["iraq"] * 3])
    ops(game, USSR, 110)
    assert inf(game, "iraq") == (0, 4)
    assert inf(game, "saudi_arabia") == (2, 0)
    assert game.state.has_effect(110)
    finished(game)
