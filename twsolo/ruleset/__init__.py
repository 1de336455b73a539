"""Loading and validating the rules/ data into an immutable Ruleset."""

from twsolo.ruleset.load import load_ruleset
from twsolo.ruleset.model import Card, Country, Ruleset
from twsolo.ruleset.schema import DIFFICULTY_LEVELS

__all__ = ["DIFFICULTY_LEVELS", "Card", "Country", "Ruleset", "load_ruleset"]
