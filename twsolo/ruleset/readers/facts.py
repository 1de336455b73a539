"""Facts of the printed game more than one reader checks against: the deck's size (cards,
scoring, appendix) and the subregions with their regions (map, cards)."""

SUBREGIONS = {"east_europe": "europe", "west_europe": "europe", "southeast_asia": "asia"}
# A deck that differs from the printed one is an error (docs/rules/base-facts.md).
CARD_COUNT = 110
