"""Loading and validating the rules/ data into an immutable Ruleset."""

from twsolo.ruleset.load import load_ruleset
from twsolo.ruleset.model import Card, Country, Ruleset

__all__ = ["Card", "Country", "Ruleset", "load_ruleset"]
