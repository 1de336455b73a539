"""Identifiers shared by every layer: sides, regions, eras."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Side(StrEnum):
    US = "us"
    USSR = "ussr"

    # Plain attributes set below, not properties: the engine reads them millions of times in
    # a simulation run.
    other: Side  # the opponent
    col: int  # column in influence arrays: 0 = US, 1 = USSR
    sign: int  # VP track direction: positive VP means the US is ahead (spec §1.7)
    label: str


for _side, _other, _col, _label in ((Side.US, Side.USSR, 0, "US"), (Side.USSR, Side.US, 1, "USSR")):
    _side.other, _side.col, _side.sign, _side.label = _other, _col, 1 - 2 * _col, _label


# Both sides as a plain tuple: iterating the enum itself is several times slower, and scoring and
# control loops over the sides run in every AI look-ahead.
SIDES: tuple[Side, Side] = (Side.US, Side.USSR)


class Era(StrEnum):
    EARLY = "early"
    MID = "mid"
    LATE = "late"


# The six map regions in the order of the Region Priority Table (spec §18.1).
MAP_REGIONS: tuple[str, ...] = (
    "europe",
    "asia",
    "middle_east",
    "central_america",
    "south_america",
    "africa",
)
SOUTHEAST_ASIA = "southeast_asia"
# Scoring regions: the six map regions plus Southeast Asia (spec §1.3).
SCORING_REGIONS: tuple[str, ...] = (*MAP_REGIONS, SOUTHEAST_ASIA)
CARD_SIDES: tuple[str, ...] = ("us", "ussr", "neutral")
# The tracks of the board, by the ids the rules data names them with (rules/names-*.yaml).
TRACKS: tuple[str, ...] = ("turn", "action_round", "defcon", "vp", "milops", "space")
# Every place a card can be: the engine's piles (rules/names-*.yaml names each). Piles with an
# order use `Pile.bottom` (spec §4.3, §7.3) and `Pile.top` (appendix #49).
PILES: tuple[str, ...] = (
    "draw",  # the draw deck
    "discard",
    "removed",  # out of the game (starred events, Southeast Asia after scoring)
    "hand_us",  # each side's deck/hand (spec §4)
    "hand_ussr",
    "area_us",  # a play area: where the China Card lies when not in a deck/hand (spec §3.1)
    "area_ussr",
    "mid_war",  # era decks waiting for turn 4 / turn 8 (spec §5.B)
    "late_war",
    "unused",  # optional cards not chosen (spec §24.2)
    "table",  # cards being played right now (headlines, the card of this action round)
    "in_effect",  # face-up cards whose lasting effect waits for a trigger (Shuttle Diplomacy)
    "scoring_deck",  # the Scoring Card Deck (spec §2.2, §7)
    "primary",
    "secondary",
    "spent",  # the spent row of scoring cards (spec §7.3)
    "aside",  # cards set aside while revealing (spec §7.2.4, §17.5)
)
# The difficulty levels (spec §2.5); their VP are in rules/setup.yaml.
DIFFICULTY_LEVELS: tuple[str, ...] = ("normal", "experienced", "hard", "expert")


class CardId:
    """Every card's number, named once (cards.yaml's names as identifiers; a test checks they
    agree). Plain ints, not an Enum: they go into piles, effects and recorded answers, whose
    values and reprs must stay plain numbers, and they are read in hot loops."""

    ASIA_SCORING: Final = 1
    EUROPE_SCORING: Final = 2
    MIDDLE_EAST_SCORING: Final = 3
    DUCK_AND_COVER: Final = 4
    FIVE_YEAR_PLAN: Final = 5
    THE_CHINA_CARD: Final = 6
    SOCIALIST_GOVERNMENTS: Final = 7
    FIDEL: Final = 8
    VIETNAM_REVOLTS: Final = 9
    BLOCKADE: Final = 10
    KOREAN_WAR: Final = 11
    ROMANIAN_ABDICATION: Final = 12
    ARAB_ISRAELI_WAR: Final = 13
    COMECON: Final = 14
    NASSER: Final = 15
    WARSAW_PACT_FORMED: Final = 16
    DE_GAULLE_LEADS_FRANCE: Final = 17
    CAPTURED_NAZI_SCIENTIST: Final = 18
    TRUMAN_DOCTRINE: Final = 19
    OLYMPIC_GAMES: Final = 20
    NATO: Final = 21
    INDEPENDENT_REDS: Final = 22
    MARSHALL_PLAN: Final = 23
    INDO_PAKISTANI_WAR: Final = 24
    CONTAINMENT: Final = 25
    CIA_CREATED: Final = 26
    US_JAPAN_MUTUAL_DEFENSE_PACT: Final = 27
    SUEZ_CRISIS: Final = 28
    EAST_EUROPEAN_UNREST: Final = 29
    DECOLONIZATION: Final = 30
    RED_SCARE_PURGE: Final = 31
    UN_INTERVENTION: Final = 32
    DE_STALINIZATION: Final = 33
    NUCLEAR_TEST_BAN: Final = 34
    FORMOSAN_RESOLUTION: Final = 35
    BRUSH_WAR: Final = 36
    CENTRAL_AMERICA_SCORING: Final = 37
    SOUTHEAST_ASIA_SCORING: Final = 38
    ARMS_RACE: Final = 39
    CUBAN_MISSILE_CRISIS: Final = 40
    NUCLEAR_SUBS: Final = 41
    QUAGMIRE: Final = 42
    SALT_NEGOTIATIONS: Final = 43
    BEAR_TRAP: Final = 44
    SUMMIT: Final = 45
    HOW_I_LEARNED_TO_STOP_WORRYING: Final = 46
    JUNTA: Final = 47
    KITCHEN_DEBATES: Final = 48
    MISSILE_ENVY: Final = 49
    WE_WILL_BURY_YOU: Final = 50
    BREZHNEV_DOCTRINE: Final = 51
    PORTUGUESE_EMPIRE_CRUMBLES: Final = 52
    SOUTH_AFRICAN_UNREST: Final = 53
    ALLENDE: Final = 54
    WILLY_BRANDT: Final = 55
    MUSLIM_REVOLUTION: Final = 56
    ABM_TREATY: Final = 57
    CULTURAL_REVOLUTION: Final = 58
    FLOWER_POWER: Final = 59
    U2_INCIDENT: Final = 60
    OPEC: Final = 61
    LONE_GUNMAN: Final = 62
    COLONIAL_REAR_GUARDS: Final = 63
    PANAMA_CANAL_RETURNED: Final = 64
    CAMP_DAVID_ACCORDS: Final = 65
    PUPPET_GOVERNMENTS: Final = 66
    GRAIN_SALES_TO_SOVIETS: Final = 67
    JOHN_PAUL_II_ELECTED_POPE: Final = 68
    LATIN_AMERICAN_DEATH_SQUADS: Final = 69
    OAS_FOUNDED: Final = 70
    NIXON_PLAYS_THE_CHINA_CARD: Final = 71
    SADAT_EXPELS_SOVIETS: Final = 72
    SHUTTLE_DIPLOMACY: Final = 73
    THE_VOICE_OF_AMERICA: Final = 74
    LIBERATION_THEOLOGY: Final = 75
    USSURI_RIVER_SKIRMISH: Final = 76
    ASK_NOT_WHAT_YOUR_COUNTRY_CAN_DO_FOR_YOU: Final = 77
    ALLIANCE_FOR_PROGRESS: Final = 78
    AFRICA_SCORING: Final = 79
    ONE_SMALL_STEP: Final = 80
    SOUTH_AMERICA_SCORING: Final = 81
    IRANIAN_HOSTAGE_CRISIS: Final = 82
    THE_IRON_LADY: Final = 83
    REAGAN_BOMBS_LIBYA: Final = 84
    STAR_WARS: Final = 85
    NORTH_SEA_OIL: Final = 86
    THE_REFORMER: Final = 87
    MARINE_BARRACKS_BOMBING: Final = 88
    SOVIETS_SHOOT_DOWN_KAL_007: Final = 89
    GLASNOST: Final = 90
    ORTEGA_ELECTED_IN_NICARAGUA: Final = 91
    TERRORISM: Final = 92
    IRAN_CONTRA_SCANDAL: Final = 93
    CHERNOBYL: Final = 94
    LATIN_AMERICAN_DEBT_CRISIS: Final = 95
    TEAR_DOWN_THIS_WALL: Final = 96
    AN_EVIL_EMPIRE: Final = 97
    ALDRICH_AMES_REMIX: Final = 98
    PERSHING_II_DEPLOYED: Final = 99
    WARGAMES: Final = 100
    SOLIDARITY: Final = 101
    IRAN_IRAQ_WAR: Final = 102
    DEFECTORS: Final = 103
    THE_CAMBRIDGE_FIVE: Final = 104
    SPECIAL_RELATIONSHIP: Final = 105
    NORAD: Final = 106
    CHE: Final = 107
    OUR_MAN_IN_TEHRAN: Final = 108
    YURI_AND_SAMANTHA: Final = 109
    AWACS_SALE_TO_SAUDIS: Final = 110


CHINA_CARD: Final = CardId.THE_CHINA_CARD  # card ids are the Deluxe numbers (docs/architecture.md)


_CARD_NAMES = {number: name.lower() for name, number in vars(CardId).items() if name.isupper()}


def card_key(card: int, step: str) -> str:
    """The stable name of a question card `card`'s event asks: `junta.place` (Choice.key)."""
    return f"{_CARD_NAMES[card]}.{step}"


# The Victory Ratings an end decides (spec §20.2); the others come from rules/regions.yaml.
MASTER_VICTORY = "Master victory"  # the human reaches 20 VP
DECISIVE_VICTORY = "Decisive victory"  # the human controls Europe in a Scoring Round, score > 0
DECISIVE_DEFEAT = "Decisive defeat"  # AI 20 VP, AI controls Europe, DEFCON 1 on your turn
END_RATINGS = (MASTER_VICTORY, DECISIVE_VICTORY, DECISIVE_DEFEAT)
