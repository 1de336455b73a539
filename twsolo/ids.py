"""Identifiers shared by every layer: sides, regions, eras."""

from __future__ import annotations

from enum import StrEnum


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
# The difficulty levels (spec §2.5); their VP are in rules/setup.yaml.
DIFFICULTY_LEVELS: tuple[str, ...] = ("normal", "experienced", "hard", "expert")
CHINA_CARD = 6  # card ids are the Deluxe numbers (design.md)
