"""The reader of rules/appendix-<language>.yaml: one language's wording of the card appendix's
texts (`choices`, `on_human_play`, `note` of rules/appendix.yaml), by card number. Checked like
every other rules file: each key a card, no other field, no empty text, no control character.
The rulebook printed in that language uses these texts and refuses an entry whose English text
has no wording here (rulebook/book.py)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from types import MappingProxyType

import yaml

from twsolo.ruleset.nodes import INT, Located

# The entry's texts a language words (AppendixEntry's fields of the same names).
TEXTS = ("choices", "on_human_play", "note")


def read_appendix_texts(
    root: Located, cards: Collection[int]
) -> Mapping[int, Mapping[str, str]] | None:
    """The texts by card number and field; None when there was any problem (each reported). A
    wording the English no longer has (a card whose entry was taken out, a text its entry
    dropped) is kept but never printed: only the English entries' texts are looked up."""
    node = root.node
    if not isinstance(node, yaml.MappingNode):
        root.fail("expected a mapping from each card number to its entry's texts")
        return None
    out: dict[int, Mapping[str, str]] = {}
    ok = True
    for key, value in node.value:
        where = root.child(value, str(getattr(key, "value", "?")))
        number = int(key.value) if key.tag == INT and str(key.value).isdigit() else None
        if number is None or number not in cards:
            where.problems.add(key.start_mark, where.path, f"no card {key.value!r}")
            ok = False
            continue
        if number in out:
            where.problems.add(key.start_mark, where.path, "this card is worded twice")
            ok = False
            continue
        fields = where.mapping((), TEXTS)
        if fields is None:
            ok = False
            continue
        texts = {}
        for field, loc in fields.items():
            text = loc.string()
            if text is None:
                ok = False
            elif not text.strip():
                loc.fail("an empty text: leave the field out until it is worded")
                ok = False
            else:
                texts[field] = text
        out[number] = MappingProxyType(texts)
    return MappingProxyType(out) if ok else None
