"""Matching what a user types against names: by unique word prefixes, in any script.

`w ger` matches "West Germany" and `зап гер` "Западная Германия" (each typed word starts the
corresponding word of the name); an exact name always wins over prefix matches. Case, ё/е and
punctuation do not count (files/name_words.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from twsolo.files.name_words import name_words


def matches(query: str, names: Iterable[str]) -> list[str]:
    """Every name the query may mean, from the strictest tier that finds any: the exact name;
    typed words starting the name's first words; typed words starting any words in order;
    the typed letters starting the name with spaces and punctuation ignored."""
    candidates = [(n, name_words(n)) for n in names]
    wanted = name_words(query)
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


def _word_prefixes(wanted: tuple[str, ...], words: tuple[str, ...]) -> bool:
    """Each typed word starts a word of the name, in order (words may be skipped)."""
    i = 0
    for w in words:
        if i < len(wanted) and w.startswith(wanted[i]):
            i += 1
    return i == len(wanted)
