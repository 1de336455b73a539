"""Late War card events #82–#102 (card-events Part C): each played from a prepared position,
and each sided card also triggered by the opponent's ops play (base §5.2)."""

from __future__ import annotations

import pytest

from twsolo.engine.card_play import play_card
from twsolo.engine.effects import chernobyl_region, expire_turn_effects, realign_roll_modifier
from twsolo.engine.events import HOOKS, play_event
from twsolo.engine.events.late import north_sea_oil_rounds
from twsolo.engine.game import Game, GameOver
from twsolo.engine.state import Effect, Result
from twsolo.ids import CHINA_CARD, Side
from twsolo.ruleset import Ruleset

from .support import Script, asked, covers, finished, game_at, inf, position, to_table

US, USSR = Side.US, Side.USSR


def hand(game: Game, side: Side, *cards: int) -> None:
    for card in cards:
        game.move_card(card, f"hand_{side.value}")


def event(game: Game, card: int, player: Side, *, headline: bool = False) -> bool:
    to_table(game, card)
    return play_event(game, card, player, headline=headline)


def ops(game: Game, player: Side, card: int) -> None:
    to_table(game, card)
    play_card(game, player, card, "ops")


US_3_UK = ["influence", "uk", "uk", "uk"]  # a 3-ops US play in the UK
USSR_3_EG = ["influence", "east_germany", "east_germany", "east_germany"]


# ---------------------------------------------------------------- 82 Iranian Hostage Crisis
@covers(82)
def test_82_iranian_hostage_crisis(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"iran": (3, 1)}))
    assert event(game, 82, USSR)
    assert inf(game, "iran") == (0, 3)
    assert game.state.effects == [Effect(82, US)]
    assert game.state.where(82) == "removed"
    finished(game)


@covers(82)
def test_82_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["event_first", *US_3_UK])
    ops(game, US, 82)
    assert inf(game, "iran") == (0, 2)
    assert inf(game, "uk") == (8, 0)
    assert game.state.has_effect(82)
    assert game.state.where(82) == "removed"
    finished(game)


# ---------------------------------------------------------------- 83 The Iron Lady
@covers(83)
def test_83_the_iron_lady(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"uk": (5, 2), "argentina": (1, 0)}))
    assert event(game, 83, US)
    assert inf(game, "uk") == (5, 0)
    assert inf(game, "argentina") == (1, 1)
    assert game.state.vp == 1
    assert game.state.effects == [Effect(83)]
    assert game.state.where(83) == "removed"
    finished(game)


@covers(83)
def test_83_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"uk": (5, 1)}), ussr=["ops_first", *USSR_3_EG])
    ops(game, USSR, 83)
    assert inf(game, "east_germany") == (0, 6)
    assert inf(game, "uk") == (5, 0)
    assert inf(game, "argentina") == (0, 1)
    assert game.state.vp == 1
    finished(game)


# ---------------------------------------------------------------- 84 Reagan Bombs Libya
@covers(84)
def test_84_reagan_bombs_libya(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence={"libya": (0, 5)}))
    assert event(game, 84, US)
    assert game.state.vp == 2
    assert inf(game, "libya") == (0, 5)
    assert game.state.where(84) == "removed"


@covers(84)
def test_84_triggered_by_ussr_ops(rules: Ruleset) -> None:
    state = position(rules, influence={"libya": (0, 1)})
    game = game_at(rules, state, ussr=["event_first", "influence", "libya", "libya"])
    ops(game, USSR, 84)
    assert game.state.vp == 0  # event first: 1 USSR influence gives nothing
    assert inf(game, "libya") == (0, 3)
    assert game.state.where(84) == "removed"
    finished(game)


# ---------------------------------------------------------------- 85 Star Wars
def star_wars_position(rules: Ruleset, us_box: int, ussr_box: int, *discards: int) -> Game:
    game = game_at(rules, position(rules), us=[], ussr=[])
    game.state.space = [us_box, ussr_box]
    for card in discards:
        game.move_card(card, "discard")
    return game


@covers(85)
def test_85_star_wars_needs_a_space_lead(rules: Ruleset) -> None:
    game = star_wars_position(rules, 2, 2, 97)
    assert not event(game, 85, US)
    assert game.state.where(85) == "discard"  # starred, but the event did not happen
    assert game.state.vp == 0
    finished(game)


@covers(85)
def test_85_star_wars_plays_a_discarded_us_event(rules: Ruleset) -> None:
    game = star_wars_position(rules, 3, 2, 97, 93, 1)
    game.providers[US] = Script([97])
    assert event(game, 85, US)
    assert asked(game, US, 0) == (93, 97)  # no scoring card
    assert game.state.vp == 1  # An Evil Empire
    assert game.state.where(97) == "removed"
    assert game.state.where(85) == "removed"
    finished(game)


@covers(85)
def test_85_star_wars_ussr_event_made_by_the_ussr(rules: Ruleset) -> None:
    game = star_wars_position(rules, 1, 0, 88)
    game.providers[US] = Script([88])
    game.providers[USSR] = Script(["israel", "iran"])
    game.state.influence[rules.index["lebanon"]] = (2, 0)
    assert event(game, 85, US)
    assert inf(game, "lebanon") == (0, 0)
    assert inf(game, "israel") == (0, 0)
    assert inf(game, "iran") == (0, 0)
    assert game.state.where(88) == "removed"
    finished(game)


@covers(85)
def test_85_star_wars_headline_excludes_un_intervention(rules: Ruleset) -> None:
    game = star_wars_position(rules, 1, 0, 32, 84)
    game.providers[US] = Script([84])
    game.state.influence[rules.index["libya"]] = (0, 4)
    assert event(game, 85, US, headline=True)
    assert asked(game, US, 0) == (84,)
    assert game.state.vp == 2
    finished(game)


@covers(85)
def test_85_star_wars_with_nothing_to_take(rules: Ruleset) -> None:
    game = star_wars_position(rules, 1, 0, 2)  # only a scoring card
    assert event(game, 85, US)
    assert game.state.where(85) == "removed"
    assert game.state.where(2) == "discard"
    finished(game)


@covers(85)
def test_85_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = star_wars_position(rules, 2, 1, 97)
    game.providers[USSR] = Script(["event_first", "influence", "east_germany", "east_germany"])
    game.providers[US] = Script([97])
    ops(game, USSR, 85)
    assert game.state.vp == 1
    assert inf(game, "east_germany") == (0, 5)
    assert game.state.where(97) == "removed"
    assert game.state.where(85) == "removed"
    finished(game)


# ---------------------------------------------------------------- 86 North Sea Oil
@covers(86)
def test_86_north_sea_oil(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert event(game, 86, US)
    assert set(game.state.effects) == {Effect(86), Effect(86, US, "round")}
    assert north_sea_oil_rounds(game, US) == 1
    assert north_sea_oil_rounds(game, USSR) == 0
    for effect in expire_turn_effects(game.state):  # spec §19: what ends with the turn
        game.remove_effect(effect)
    assert game.state.effects == [Effect(86)]  # the OPEC ban stays, the 8th round ends
    assert north_sea_oil_rounds(game, US) == 0
    assert game.state.where(86) == "removed"


def test_86_hooks_are_registered() -> None:
    assert (86, north_sea_oil_rounds) in HOOKS["extra_rounds"]


@covers(86)
def test_86_no_ninth_round_with_the_space_station(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    game.state.space = [8, 3]
    assert event(game, 86, US)
    assert north_sea_oil_rounds(game, US) == 0


@covers(86)
def test_86_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=["ops_first", *USSR_3_EG])
    ops(game, USSR, 86)
    assert inf(game, "east_germany") == (0, 6)
    assert set(game.state.effects) == {Effect(86), Effect(86, US, "round")}
    finished(game)


# ---------------------------------------------------------------- 87 The Reformer
@covers(87)
def test_87_the_reformer_places_4(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=["poland", "poland", "hungary", "france"])
    assert event(game, 87, USSR)
    assert "poland" not in asked(game, USSR, 2)  # at most 2 per country
    assert inf(game, "poland") == (0, 2)
    assert inf(game, "hungary") == (0, 1)
    assert inf(game, "france") == (0, 1)
    assert game.state.effects == [Effect(87, USSR)]
    assert game.state.where(87) == "removed"
    finished(game)


@covers(87)
def test_87_the_reformer_places_6_when_the_ussr_leads(rules: Ruleset) -> None:
    answers = ["poland", "poland", "hungary", "hungary", "romania", "romania"]
    game = game_at(rules, position(rules, vp=-1), ussr=answers)
    assert event(game, 87, USSR)
    assert (inf(game, "poland"), inf(game, "hungary"), inf(game, "romania")) == (
        (0, 2),
        (0, 2),
        (0, 2),
    )
    finished(game)


@covers(87)
def test_87_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(
        rules,
        position(rules),
        us=["event_first", *US_3_UK],
        ussr=["italy", "italy", "greece", "greece"],
    )
    ops(game, US, 87)
    assert inf(game, "italy") == (0, 2)
    assert inf(game, "greece") == (0, 2)
    assert inf(game, "uk") == (8, 0)
    assert game.state.has_effect(87, USSR)
    finished(game)


# ---------------------------------------------------------------- 88 Marine Barracks Bombing
@covers(88)
def test_88_marine_barracks_bombing(rules: Ruleset) -> None:
    state = position(rules, influence={"lebanon": (2, 1), "israel": (3, 0)})
    game = game_at(rules, state, ussr=["israel", "israel"])
    assert event(game, 88, USSR)
    assert inf(game, "lebanon") == (0, 1)
    assert inf(game, "israel") == (1, 0)
    assert inf(game, "iran") == (1, 0)
    assert game.state.where(88) == "removed"
    finished(game)


@covers(88)
def test_88_triggered_by_us_ops(rules: Ruleset) -> None:
    state = position(rules, influence={"lebanon": (1, 0)})
    game = game_at(rules, state, us=["ops_first", "influence", "uk", "uk"], ussr=["israel", "iran"])
    ops(game, US, 88)
    assert inf(game, "uk") == (7, 0)
    assert (inf(game, "lebanon"), inf(game, "israel"), inf(game, "iran")) == (
        (0, 0),
        (0, 0),
        (0, 0),
    )
    finished(game)


# ---------------------------------------------------------------- 89 KAL-007
@covers(89)
def test_89_kal_007_without_south_korea(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert event(game, 89, US)
    assert game.state.defcon == 4
    assert game.state.vp == 2
    assert game.state.where(89) == "removed"
    finished(game)


@covers(89)
def test_89_kal_007_influence_with_south_korea(rules: Ruleset) -> None:
    state = position(rules, influence={"south_korea": (3, 0)})
    game = game_at(rules, state, us=["influence", "japan", "japan", "japan", "taiwan"])
    assert event(game, 89, US)
    assert asked(game, US, 0) == ("influence", "realign")  # never a coup
    assert inf(game, "japan") == (4, 0)
    assert inf(game, "taiwan") == (1, 0)
    assert (game.state.defcon, game.state.vp) == (4, 2)
    finished(game)


@covers(89)
def test_89_kal_007_realignment(rules: Ruleset) -> None:
    state = position(rules, influence={"south_korea": (3, 0)})
    game = game_at(rules, state, us=["realign", "north_korea", "done"], dice=[6, 1])
    assert event(game, 89, US)
    # DEFCON 4 after the event: Europe is closed, so East Germany and Finland are not offered
    assert asked(game, US, 1) == ("iraq", "syria", "north_korea", "done")
    # US 6 + 1 (South Korea) = 7 against USSR 1 + 1 (its box) + 1 (more influence) = 3
    assert inf(game, "north_korea") == (0, 0)
    finished(game)


@covers(89)
def test_89_kal_007_at_defcon_2_loses_for_the_phasing_player(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, defcon=2, phasing=US))
    with pytest.raises(GameOver):
        event(game, 89, US)
    assert game.state.result == Result(USSR, "defcon1")


@covers(89)
def test_89_triggered_by_ussr_ops(rules: Ruleset) -> None:
    state = position(rules, influence={"south_korea": (3, 0)})
    game = game_at(
        rules,
        state,
        ussr=["event_first", "influence", *["east_germany"] * 4],
        us=["influence", "japan", "japan", "japan", "japan"],
    )
    ops(game, USSR, 89)
    assert inf(game, "japan") == (5, 0)
    assert inf(game, "east_germany") == (0, 7)
    assert (game.state.defcon, game.state.vp) == (4, 2)
    finished(game)


# ---------------------------------------------------------------- 90 Glasnost
@covers(90)
def test_90_glasnost_without_the_reformer(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, defcon=3))
    assert event(game, 90, USSR)
    assert (game.state.defcon, game.state.vp) == (4, -2)
    assert game.state.where(90) == "removed"
    finished(game)


@covers(90)
def test_90_glasnost_with_the_reformer(rules: Ruleset) -> None:
    state = position(rules, defcon=5, effects=[Effect(87, USSR)])
    game = game_at(rules, state, ussr=["influence", "poland", "poland", "poland", "done"])
    assert event(game, 90, USSR)
    assert asked(game, USSR, 0) == ("influence", "realign")
    assert inf(game, "poland") == (0, 3)
    assert (game.state.defcon, game.state.vp) == (5, -2)
    finished(game)


@covers(90)
def test_90_triggered_by_us_ops(rules: Ruleset) -> None:
    state = position(rules, defcon=2, effects=[Effect(87, USSR)])
    game = game_at(
        rules,
        state,
        us=["ops_first", "influence", *["uk"] * 4],
        ussr=["realign", "iran", "done"],
        dice=[6, 1],
    )
    ops(game, US, 90)
    # DEFCON 3 after the event: the Middle East is open again
    assert inf(game, "uk") == (9, 0)
    assert inf(game, "iran") == (0, 0)  # USSR 6 against US 1 + 1 (more influence)
    assert (game.state.defcon, game.state.vp) == (3, -2)
    finished(game)


# ---------------------------------------------------------------- 91 Ortega
def ortega_position(rules: Ruleset) -> dict[str, tuple[int, int]]:
    return {"nicaragua": (2, 0), "cuba": (1, 0), "costa_rica": (1, 0), "honduras": (0, 1)}


@covers(91)
def test_91_ortega_free_coup_succeeds(rules: Ruleset) -> None:
    state = position(rules, influence=ortega_position(rules))
    game = game_at(rules, state, ussr=["cuba"], dice=[6])
    assert event(game, 91, USSR)
    assert asked(game, USSR, 0) == ("costa_rica", "cuba", "decline")
    assert inf(game, "nicaragua") == (0, 0)
    assert inf(game, "cuba") == (0, 1)  # 6 + 2 − 2×3 = 2
    assert game.state.defcon == 4  # battleground
    assert game.state.milops == [0, 0]  # free coup
    assert game.state.where(91) == "removed"
    finished(game)


@covers(91)
def test_91_ortega_free_coup_fails(rules: Ruleset) -> None:
    state = position(rules, influence=ortega_position(rules))
    game = game_at(rules, state, ussr=["costa_rica"], dice=[4])
    assert event(game, 91, USSR)
    assert inf(game, "costa_rica") == (1, 0)  # 4 + 2 − 6 = 0
    assert game.state.defcon == 5
    finished(game)


@covers(91)
def test_91_ortega_coup_declined(rules: Ruleset) -> None:
    state = position(rules, influence=ortega_position(rules))
    game = game_at(rules, state, ussr=["decline"])
    assert event(game, 91, USSR)
    assert inf(game, "nicaragua") == (0, 0)
    assert inf(game, "cuba") == (1, 0)
    finished(game)


@covers(91)
def test_91_brezhnev_adds_an_op_to_the_free_coup(rules: Ruleset) -> None:
    # Brezhnev Doctrine adds 1 op to the USSR's free coup (card-events A14)
    state = position(rules, influence=ortega_position(rules), effects=[Effect(51, USSR)])
    game = game_at(rules, state, ussr=["costa_rica"], dice=[4])
    assert event(game, 91, USSR)
    assert inf(game, "costa_rica") == (0, 0)  # 4 + 3 − 6 = 1
    finished(game)


@covers(91)
def test_91_triggered_by_us_ops(rules: Ruleset) -> None:
    state = position(rules, influence=ortega_position(rules))
    game = game_at(
        rules, state, us=["ops_first", "influence", "uk", "uk"], ussr=["costa_rica"], dice=[6]
    )
    ops(game, US, 91)
    assert inf(game, "uk") == (7, 0)
    assert inf(game, "nicaragua") == (0, 0)
    assert inf(game, "costa_rica") == (0, 1)
    assert game.state.defcon == 5
    finished(game)


# ---------------------------------------------------------------- 92 Terrorism
@covers(92)
def test_92_terrorism_ussr_player(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    hand(game, US, 84, 97, CHINA_CARD)
    assert event(game, 92, USSR)
    assert game.state.where(84) == "discard"  # chance takes the first candidate
    assert game.state.where(97) == "hand_us"
    assert game.state.where(CHINA_CARD) == "hand_us"
    assert game.state.where(92) == "discard"  # not starred


@covers(92)
def test_92_terrorism_doubled_by_iranian_hostage_crisis(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, effects=[Effect(82, US)]))
    hand(game, US, CHINA_CARD, 84, 97, 99)
    assert event(game, 92, USSR)
    assert [game.state.where(c) for c in (84, 97, 99, CHINA_CARD)] == [
        "discard",
        "discard",
        "hand_us",
        "hand_us",
    ]


@covers(92)
def test_92_terrorism_us_player_is_not_doubled(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, effects=[Effect(82, US)]))
    hand(game, USSR, 88, 93)
    assert event(game, 92, US)
    assert [game.state.where(c) for c in (88, 93)] == ["discard", "hand_ussr"]


@covers(92)
def test_92_terrorism_never_takes_the_china_card(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    hand(game, US, CHINA_CARD)
    assert event(game, 92, USSR)
    assert game.state.where(CHINA_CARD) == "hand_us"


# ---------------------------------------------------------------- 93 Iran-Contra Scandal
@covers(93)
def test_93_iran_contra_scandal(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert event(game, 93, USSR)
    assert game.state.effects == [Effect(93, US)]
    assert realign_roll_modifier(game.state, US) == -1
    assert game.state.where(93) == "removed"


@covers(93)
def test_93_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["event_first", "influence", "uk", "uk"])
    ops(game, US, 93)
    assert inf(game, "uk") == (7, 0)
    assert game.state.has_effect(93, US)
    finished(game)


# ---------------------------------------------------------------- 94 Chernobyl
@covers(94)
def test_94_chernobyl(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["asia"])
    assert event(game, 94, US)
    assert game.state.effects == [Effect(94, USSR, "asia")]
    assert chernobyl_region(game.state) == "asia"
    assert game.state.where(94) == "removed"
    finished(game)


@covers(94)
def test_94_triggered_by_ussr_ops_closes_the_region(rules: Ruleset) -> None:
    game = game_at(
        rules,
        position(rules),
        us=["europe"],
        ussr=["event_first", "influence", "north_korea", "north_korea", "north_korea"],
    )
    ops(game, USSR, 94)
    options = asked(game, USSR, 2)
    assert "north_korea" in options
    assert "east_germany" not in options  # Europe is closed to USSR placement by ops
    assert inf(game, "north_korea") == (0, 6)
    assert chernobyl_region(game.state) == "europe"
    finished(game)


# ---------------------------------------------------------------- 95 Latin American Debt Crisis
SOUTH_AMERICA = {"argentina": (0, 2), "brazil": (1, 1), "chile": (0, 3)}


@covers(95)
def test_95_debt_crisis_us_discards(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, influence=SOUTH_AMERICA), us=[97])
    hand(game, US, 84, 97, CHINA_CARD)
    assert event(game, 95, USSR)
    assert asked(game, US, 0) == (97, "decline")  # 3+ ops, never the China Card
    assert game.state.where(97) == "discard"
    assert inf(game, "argentina") == (0, 2)
    assert game.state.where(95) == "discard"  # not starred
    finished(game)


@covers(95)
def test_95_debt_crisis_us_declines(rules: Ruleset) -> None:
    state = position(rules, influence=SOUTH_AMERICA)
    game = game_at(rules, state, us=["decline"], ussr=["argentina", "chile"])
    hand(game, US, 97)
    assert event(game, 95, USSR)
    assert asked(game, USSR, 0) == ("argentina", "brazil", "chile")
    assert "argentina" not in asked(game, USSR, 1)
    assert (inf(game, "argentina"), inf(game, "chile"), inf(game, "brazil")) == (
        (0, 4),
        (0, 6),
        (1, 1),
    )
    assert game.state.where(97) == "hand_us"
    finished(game)


@covers(95)
def test_95_debt_crisis_compulsory_without_a_3_ops_card(rules: Ruleset) -> None:
    state = position(rules, influence=SOUTH_AMERICA, effects=[Effect(31, US)])
    game = game_at(rules, state, ussr=["brazil", "chile"])
    hand(game, US, 84, 97)  # Red Scare: 97 is worth 2 for the US now
    assert event(game, 95, USSR)
    assert inf(game, "brazil") == (1, 2)
    assert inf(game, "chile") == (0, 6)
    finished(game)


@covers(95)
def test_95_containment_makes_a_2_ops_card_enough(rules: Ruleset) -> None:
    state = position(rules, influence=SOUTH_AMERICA, effects=[Effect(25, US)])
    game = game_at(rules, state, us=[84])
    hand(game, US, 84)
    assert event(game, 95, USSR)
    assert game.state.where(84) == "discard"
    finished(game)


@covers(95)
def test_95_triggered_by_us_ops(rules: Ruleset) -> None:
    state = position(rules, influence=SOUTH_AMERICA)
    game = game_at(
        rules,
        state,
        us=["ops_first", "influence", "uk", "uk", "decline"],
        ussr=["chile", "brazil"],
    )
    hand(game, US, 99)
    ops(game, US, 95)
    assert inf(game, "uk") == (7, 0)
    assert inf(game, "chile") == (0, 6)
    assert inf(game, "brazil") == (1, 2)
    assert game.state.where(95) == "discard"
    finished(game)


# ---------------------------------------------------------------- 96 Tear Down This Wall
@covers(96)
def test_96_free_coup_ignores_the_defcon_ban(rules: Ruleset) -> None:
    state = position(rules, defcon=3, effects=[Effect(55, USSR)])
    game = game_at(rules, state, us=["coup", "east_germany"], dice=[6])
    assert event(game, 96, US)
    assert game.state.effects == [Effect(96)]  # Willy Brandt cancelled
    assert inf(game, "east_germany") == (3, 0)  # +3, then 6 + 3 − 2×3 = 3 removed
    assert game.state.defcon == 2  # battleground
    assert game.state.milops == [0, 0]  # free coup
    assert game.state.where(96) == "removed"
    finished(game)


@covers(96)
def test_96_realignments_ignore_the_defcon_ban(rules: Ruleset) -> None:
    state = position(rules, defcon=2, influence={"poland": (0, 1)})
    game = game_at(
        rules, state, us=["realign", "east_germany", "poland", "done"], dice=[4, 2, 1, 5]
    )
    assert event(game, 96, US)
    # East Germany (3, 3): US 4 + 0, USSR 2 + 0 → 2 USSR removed
    assert inf(game, "east_germany") == (3, 1)
    # Poland (0, 1): US 1 + 0, USSR 5 + 1 (its box) + 1 (more influence) → the US has none
    assert inf(game, "poland") == (0, 1)
    assert game.state.defcon == 2
    finished(game)


@covers(96)
def test_96_nothing_to_coup_or_realign(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, empty=True))
    assert event(game, 96, US)
    assert inf(game, "east_germany") == (3, 0)
    finished(game)


@covers(96)
def test_96_triggered_by_ussr_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=["ops_first", *USSR_3_EG], us=["realign", "done"])
    ops(game, USSR, 96)
    assert inf(game, "east_germany") == (3, 6)
    assert game.state.has_effect(96)
    finished(game)


# ---------------------------------------------------------------- 97 An Evil Empire
@covers(97)
def test_97_an_evil_empire(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, effects=[Effect(59, USSR)]))
    assert event(game, 97, US)
    assert game.state.effects == [Effect(97)]
    assert game.state.vp == 1
    assert game.state.where(97) == "removed"


@covers(97)
def test_97_triggered_by_ussr_ops(rules: Ruleset) -> None:
    state = position(rules, effects=[Effect(59, USSR)])
    game = game_at(rules, state, ussr=["event_first", *USSR_3_EG])
    ops(game, USSR, 97)
    assert game.state.effects == [Effect(97)]
    assert game.state.vp == 1
    assert inf(game, "east_germany") == (0, 6)
    finished(game)


# ---------------------------------------------------------------- 98 Aldrich Ames Remix
@covers(98)
def test_98_aldrich_ames_remix(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=[97])
    hand(game, US, 84, 97, CHINA_CARD)
    assert event(game, 98, USSR)
    assert asked(game, USSR, 0) == (84, 97)
    assert game.state.where(97) == "discard"
    assert game.state.where(84) == "hand_us"
    assert game.state.effects == [Effect(98, US)]
    assert game.state.where(98) == "removed"
    finished(game)


@covers(98)
def test_98_empty_us_hand(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    hand(game, US, CHINA_CARD)
    assert event(game, 98, USSR)
    assert game.state.where(CHINA_CARD) == "hand_us"
    assert game.state.has_effect(98, US)


@covers(98)
def test_98_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["event_first", *US_3_UK], ussr=[84])
    hand(game, US, 84)
    ops(game, US, 98)
    assert game.state.where(84) == "discard"
    assert inf(game, "uk") == (8, 0)
    finished(game)


# ---------------------------------------------------------------- 99 Pershing II Deployed
@covers(99)
def test_99_pershing_ii_deployed(rules: Ruleset) -> None:
    state = position(rules, influence={"france": (2, 0)})
    game = game_at(rules, state, ussr=["uk", "canada", "france"])
    assert event(game, 99, USSR)
    assert "uk" not in asked(game, USSR, 1)  # each from a different country
    assert (inf(game, "uk"), inf(game, "canada"), inf(game, "france")) == ((4, 0), (1, 0), (1, 0))
    assert game.state.vp == -1
    assert game.state.where(99) == "removed"
    finished(game)


@covers(99)
def test_99_triggered_by_us_ops(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["ops_first", *US_3_UK], ussr=["uk", "canada"])
    ops(game, US, 99)
    assert inf(game, "uk") == (7, 0)  # 5 + 3 − 1
    assert inf(game, "canada") == (1, 0)
    assert game.state.vp == -1
    finished(game)


# ---------------------------------------------------------------- 100 Wargames
@covers(100)
def test_100_wargames_needs_defcon_2(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, defcon=3))
    assert not event(game, 100, USSR)
    assert game.state.where(100) == "discard"
    assert game.state.result is None


@pytest.mark.parametrize(
    ("player", "vp", "result"),
    [
        (USSR, 3, Result(US, "wargames")),  # the US gains 6: 9
        (USSR, -10, Result(USSR, "wargames")),  # -4: the USSR is still ahead
        (USSR, -6, Result(None, "wargames")),  # 0: a draw (card-events D4)
        (US, 8, Result(US, "wargames")),  # the USSR gains 6: the US still leads
    ],
)
@covers(100)
def test_100_wargames_ends_the_game(rules: Ruleset, player: Side, vp: int, result: Result) -> None:
    state = position(rules, defcon=2, vp=vp)
    game = game_at(rules, state, **{player.value: ["yes"]})
    with pytest.raises(GameOver):
        event(game, 100, player)
    assert game.state.result == result
    assert game.state.vp == vp - player.sign * 6
    finished(game)


@covers(100)
def test_100_wargames_declined(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, defcon=2, vp=3), us=["no"])
    assert event(game, 100, US)
    assert game.state.result is None
    assert game.state.vp == 3
    assert game.state.where(100) == "discard"  # card-events D4
    finished(game)


# ---------------------------------------------------------------- 101 Solidarity
@covers(101)
def test_101_solidarity_needs_john_paul_ii(rules: Ruleset) -> None:
    game = game_at(rules, position(rules))
    assert not event(game, 101, US)
    assert inf(game, "poland") == (0, 0)
    assert game.state.where(101) == "discard"


@covers(101)
def test_101_solidarity(rules: Ruleset) -> None:
    game = game_at(rules, position(rules, effects=[Effect(68, US)]))
    assert event(game, 101, US)
    assert inf(game, "poland") == (3, 0)
    assert game.state.where(101) == "removed"


@covers(101)
def test_101_triggered_by_ussr_ops(rules: Ruleset) -> None:
    state = position(rules, effects=[Effect(68, US)])
    game = game_at(rules, state, ussr=["ops_first", "influence", "poland", "poland"])
    ops(game, USSR, 101)
    assert inf(game, "poland") == (3, 2)
    assert game.state.where(101) == "removed"
    finished(game)


@covers(101)
def test_101_triggered_without_john_paul_ii(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), ussr=["event_first", "influence", "poland", "poland"])
    ops(game, USSR, 101)
    assert inf(game, "poland") == (0, 2)
    assert game.state.where(101) == "discard"
    finished(game)


# ---------------------------------------------------------------- 102 Iran-Iraq War
@covers(102)
def test_102_iran_iraq_war_won(rules: Ruleset) -> None:
    game = game_at(rules, position(rules), us=["iraq"], dice=[4])
    assert event(game, 102, US)
    assert inf(game, "iraq") == (1, 0)
    assert game.state.vp == 2
    assert game.state.milops == [2, 0]
    assert game.state.where(102) == "removed"
    finished(game)


@covers(102)
def test_102_iran_iraq_war_lost_to_a_controlled_neighbour(rules: Ruleset) -> None:
    state = position(rules, influence={"saudi_arabia": (0, 3)})
    game = game_at(rules, state, us=["iraq"], dice=[4])
    assert event(game, 102, US)
    assert inf(game, "iraq") == (0, 1)  # 4 − 1 = 3
    assert game.state.vp == 0
    assert game.state.milops == [2, 0]
    finished(game)


@covers(102)
def test_102_iran_iraq_war_ussr_player(rules: Ruleset) -> None:
    state = position(rules, influence={"iran": (2, 0)})
    game = game_at(rules, state, ussr=["iran"], dice=[6])
    assert event(game, 102, USSR)
    assert inf(game, "iran") == (0, 2)
    assert game.state.vp == -2
    assert game.state.milops == [0, 2]
    finished(game)
