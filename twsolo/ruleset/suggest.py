"""The nearest known name to a mistyped one, for messages (rules files, conditions). Apart from
ruleset/nodes.py so that reading a cached Ruleset, whose conditions import it, never imports
PyYAML (docs/decisions.md §14)."""

from __future__ import annotations

import difflib
from collections.abc import Collection


def did_you_mean(name: str, known: Collection[str]) -> str:
    """' (did you mean 'x'?)' for the nearest known name, or nothing."""
    found = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f" (did you mean {found[0]!r}?)" if found else ""
