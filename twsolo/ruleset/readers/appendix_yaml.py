"""The reader of rules/appendix.yaml: each card's appendix entry (its windows, the answers to
its questions, its procedures)."""

from __future__ import annotations

from collections.abc import Collection
from types import MappingProxyType

from twsolo.ruleset.appendix_answers import read_procedures, read_resolve
from twsolo.ruleset.conditions import ConditionError, Window, parse_window
from twsolo.ruleset.model import (
    AppendixEntry,
    Card,
)
from twsolo.ruleset.nodes import Located, iter_entries
from twsolo.ruleset.readers.facts import CARD_COUNT
from twsolo.ruleset.vocabulary import Vocabulary
from twsolo.ruleset.window_checks import check_windows

SOURCES = ("seed", "designed", "designed_optional")


def read_appendix(
    root: Located, cards: dict[int, Card], vocabulary: Vocabulary, country_ids: Collection[str]
) -> dict[int, AppendixEntry]:
    """Spec §21: one entry per card, its windows and conditions parsed (appendix §1) with the
    AI's condition terms; how it resolves its event's questions (`resolve`) and the code it
    needs (`procedures`), checked against the vocabulary."""
    top = root.mapping(["entries"])
    if top is None or "entries" not in top:
        return {}
    entries: dict[int, AppendixEntry] = {}
    optional = ["choices", "on_human_play", "note", "resolve", "procedures"]
    for loc in iter_entries(top["entries"]):
        m = loc.mapping(["card", "name", "source", "ai_play"], optional)
        if m is None or any(k not in m for k in ("card", "name", "source", "ai_play")):
            continue
        number = m["card"].integer(1, CARD_COUNT)
        name = m["name"].string()
        source = m["source"].string(SOURCES)
        texts = {k: m[k].string() if k in m else "" for k in ("choices", "on_human_play", "note")}
        placed: list[tuple[Located, Window]] = []
        for w in iter_entries(m["ai_play"]):
            text = w.string()
            if text is None:
                continue
            try:
                placed.append((w, parse_window(text, vocabulary)))
            except ConditionError as exc:
                w.fail_at(exc.column, str(exc))
        check_windows(placed)
        windows = [window for _, window in placed]
        if number is None or name is None or source is None or None in texts.values():
            continue
        resolve = (
            read_resolve(m["resolve"], number, vocabulary, country_ids) if "resolve" in m else {}
        )
        procedures = read_procedures(loc, m.get("procedures"), number, vocabulary)
        if number in entries:
            m["card"].fail(f"card {number} has two entries")
        elif cards and number in cards and cards[number].name != name:
            m["name"].fail(f"card {number} is {cards[number].name!r} in cards.yaml")
        else:
            entries[number] = AppendixEntry(
                card=number,
                source=source,
                windows=tuple(windows),
                choices=texts["choices"] or "",
                on_human_play=texts["on_human_play"] or "",
                note=texts["note"] or "",
                resolve=MappingProxyType(resolve),
                procedures=procedures,
            )
    return entries
