"""A name as the prompts compare it: its words, case-folded, ё read as е, punctuation dropped.

One definition for the matcher (twsolo/cli/match.py) and the loader's check that no two names
are the same to it (readers/names_yaml.py): two names with the same words could not be told
apart by any answer.
"""

from __future__ import annotations

import re

_WORDS = re.compile(r"[^\W_]+")  # letters and digits of any script


def name_words(text: str) -> tuple[str, ...]:
    """`Kot-d'Ivoire` is (kot, d, ivoire); `Подсчёт` is `подсчет`; `ёж` typed matches `Еж`."""
    return tuple(_WORDS.findall(text.casefold().replace("ё", "е")))
