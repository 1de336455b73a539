"""Matching what a user types against names: case-insensitive, by unique word prefixes.

`w ger` matches "West Germany" (each typed word starts the corresponding word of the name);
an exact name always wins over prefix matches.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_WORDS = re.compile(r"[a-z0-9]+")


def _words(text: str) -> list[str]:
    return _WORDS.findall(text.lower())


def matches(query: str, names: Iterable[str]) -> list[str]:
    """Every name the query may mean, from the strictest tier that finds any: the exact name;
    typed words starting the name's first words; typed words starting any words in order;
    the typed letters starting the name with spaces and punctuation ignored."""
    candidates = [(n, _words(n)) for n in names]
    wanted = _words(query)
    if not wanted:
        return []
    joined = "".join(wanted)
    tiers = (
        lambda words: words == wanted,
        lambda words: (
            len(words) >= len(wanted)
            and all(w.startswith(q) for q, w in zip(wanted, words, strict=False))
        ),
        lambda words: _word_prefixes(wanted, words),
        lambda words: "".join(words).startswith(joined),
    )
    for accept in tiers:
        found = [name for name, words in candidates if accept(words)]
        if found:
            return found
    return []


def _word_prefixes(wanted: list[str], words: list[str]) -> bool:
    """Each typed word starts a word of the name, in order (words may be skipped)."""
    i = 0
    for w in words:
        if i < len(wanted) and w.startswith(wanted[i]):
            i += 1
    return i == len(wanted)
