"""Loading and validating the rules/ data into an immutable Ruleset, checked against the names the
code implements (a `Vocabulary` it is handed: twsolo/compose.py builds this twsolo's own). The
lowest floor above ids and errors: it imports nothing of the engine, the flow or the AI."""

from twsolo.ids import DIFFICULTY_LEVELS
from twsolo.ruleset.load import load_ruleset
from twsolo.ruleset.model import Card, Country, Ruleset

__all__ = ["DIFFICULTY_LEVELS", "Card", "Country", "Ruleset", "load_ruleset"]
