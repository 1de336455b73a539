"""Loading and validating the rules/ data into an immutable Ruleset."""

from twsolo.ids import DIFFICULTY_LEVELS
from twsolo.ruleset.load import load_ruleset
from twsolo.ruleset.model import Card, Country, Ruleset

__all__ = ["DIFFICULTY_LEVELS", "Card", "Country", "Ruleset", "load_ruleset"]
