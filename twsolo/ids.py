"""Identifiers shared by every layer: sides, regions, eras."""

from __future__ import annotations

from enum import StrEnum


class Side(StrEnum):
    US = "us"
    USSR = "ussr"

    @property
    def other(self) -> Side:
        return Side.USSR if self is Side.US else Side.US

    @property
    def col(self) -> int:
        """Column of this side in influence arrays: 0 = US, 1 = USSR."""
        return 0 if self is Side.US else 1

    @property
    def sign(self) -> int:
        """VP track direction: positive VP means the US is ahead (spec §1.7)."""
        return 1 if self is Side.US else -1

    @property
    def label(self) -> str:
        return "US" if self is Side.US else "USSR"


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
CHINA_CARD = 6  # card ids are the Deluxe numbers (design.md)
