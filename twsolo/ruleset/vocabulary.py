"""The names the rules data may use, and what checks them.

The AI implements the criteria (spec §13 options, §14/§15 orders, the appendix's condition terms
and choice vocabulary) and the engine the questions its events ask; the loader receives their
names as a `Vocabulary` and refuses any other name with its file, line and column. The rules
sit below the AI and the engine, so they are handed it: this twsolo's own is built by the
composition root (twsolo/compose.py `standard_vocabulary`) from the code that will run each name,
not from a copy of the list.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from twsolo.phrases import translated

# The families of names, and where the rules data uses each.
FAMILIES = {
    "influence_options": "priorities.yaml influence_options (spec §13.2)",
    "influence_tiebreak": "priorities.yaml influence_tiebreak (spec §13.3)",
    "coup_order": "priorities.yaml coup.order (spec §14.2)",
    "coup_tiebreak": "priorities.yaml coup.tiebreak (spec §14.2)",
    "realign_order": "priorities.yaml realign.order (spec §15)",
    "realign_tiebreak": "priorities.yaml realign.tiebreak (spec §15)",
    "space_dump": "priorities.yaml space_dump (spec §12.2.3a)",
    "condition_numbers": "appendix.yaml conditions: metrics compared with a number (§1.2)",
    "condition_flags": "appendix.yaml conditions: flags (§1.2)",
    "custom_predicates": "appendix.yaml conditions: custom:<name> (appendix §5)",
    # The appendix's choice vocabulary (appendix.yaml `resolve`): how the AI answers an event's
    # question, by (card, key).
    "region_orders": "resolve.*.regions: an order of regions",
    "choice_filters": "resolve.*.where and tiers: which candidates qualify",
    "choice_keys": "resolve.*.keys: how qualifying candidates are ordered",
    "choice_orders": "resolve.*.then: a rule of the spec that picks among them",
    "choice_tests": "resolve.*.answer conditions: flags",
    "choice_numbers": "resolve.*.answer conditions: numbers",
    "rerun_measures": "resolve.*.then rerun measure: what a re-run of the event measures",
    "procedures": "appendix.yaml procedures: the code a card's entry needs",
}
# The families whose names take an argument, and its kind (`{name: argument}` in the YAML).
ARGUMENT_KINDS = ("int", "region", "countries")


@dataclass(frozen=True)
class Vocabulary:
    """Per family (FAMILIES), the names in the order they were registered, each with a line of
    description; per card, the keys of the questions its event asks (Choice.key), the figures
    its event reads from rules/cards.yaml and the other facts it needs there (`event_regions`,
    `war`)."""

    names: Mapping[str, Mapping[str, str]]
    event_keys: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    event_figures: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    event_reads: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    # Per family, the names that take an argument and its kind (ARGUMENT_KINDS).
    arguments: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    # Per family, the names that belong to cards: their procedures, and the custom predicates
    # that embody one card's logic. Each such card's appendix entry lists them (`procedures`).
    bound: Mapping[str, Mapping[str, tuple[int, ...]]] = field(default_factory=dict)

    def argument(self, family: str, name: str) -> str:
        return self.arguments.get(family, {}).get(name, "")

    def bound_to(self, card: int) -> tuple[str, ...]:
        """The procedures and custom predicates that belong to `card`."""
        return tuple(
            name for names in self.bound.values() for name, cards in names.items() if card in cards
        )

    def of(self, family: str) -> tuple[str, ...]:
        return tuple(self.names.get(family, {}))

    def has(self, family: str, name: str) -> bool:
        return name in self.names.get(family, {})

    def describe(self, family: str, name: str) -> str:
        return self.names.get(family, {}).get(name, "")

    def said(self, family: str, name: str) -> str:
        """The description in the language in use (the catalog's context `vocabulary`)."""
        english = self.describe(family, name)
        return translated("vocabulary", english) if english else english

    def descriptions(self) -> list[str]:
        """Every description, and what each family holds, once: what a language's catalog
        translates."""
        described = (d for names in self.names.values() for d in names.values() if d)
        return list(dict.fromkeys([*FAMILIES.values(), *described]))

    @staticmethod
    def family_said(family: str) -> str:
        """What a family holds (FAMILIES), in the language in use."""
        return translated("vocabulary", FAMILIES[family])

    def written(self, family: str, name: str) -> str:
        """The name as the rules data writes it: `{name: <kind>}` when it takes an argument."""
        arg = self.argument(family, name)
        return f"{{{name}: <{arg}>}}" if arg else name


def frozen_vocabulary(
    names: Mapping[str, Mapping[str, str]],
    event_keys: Mapping[int, tuple[str, ...]],
    event_figures: Mapping[int, tuple[str, ...]] | None = None,
    event_reads: Mapping[int, tuple[str, ...]] | None = None,
    arguments: Mapping[str, Mapping[str, str]] | None = None,
    bound: Mapping[str, Mapping[str, tuple[int, ...]]] | None = None,
) -> Vocabulary:
    unknown = sorted(set(names) - set(FAMILIES))
    if unknown:
        raise ValueError(f"internal: unknown vocabulary families {unknown}")

    def frozen(m: Mapping[str, Mapping[str, object]] | None) -> Mapping[str, Mapping[str, Any]]:
        return MappingProxyType({f: MappingProxyType(dict(n)) for f, n in (m or {}).items()})

    return Vocabulary(
        frozen(names),
        MappingProxyType(dict(event_keys)),
        MappingProxyType(dict(event_figures or {})),
        MappingProxyType(dict(event_reads or {})),
        frozen(arguments),
        frozen(bound),
    )


def first_sentence(doc: str) -> str:
    """A docstring's first sentence on one line: a criterion's or a procedure's description."""
    text = " ".join(doc.split())
    end = text.find(". ")
    return text if end < 0 else text[: end + 1]


def described(fn: Callable[..., Any]) -> str:
    """The first sentence of `fn`'s docstring. A compiled build (mypyc, docs/decisions.md §14)
    keeps no docstrings: there it is read from the module's source, which lies beside it."""
    doc = fn.__doc__
    if doc is None:
        doc = _source_docstrings(fn.__module__).get(fn.__name__, "")
    return first_sentence(doc)


@cache
def _source_docstrings(module: str) -> dict[str, str]:
    """The docstrings of a module's top-level functions, from its source file."""
    built = getattr(sys.modules.get(module), "__file__", None)
    if built is None:
        return {}
    source = Path(built).with_name(Path(built).name.split(".")[0] + ".py")
    if not source.is_file():
        return {}
    tree = ast.parse(source.read_text(encoding="utf-8"))
    return {
        node.name: ast.get_docstring(node) or ""
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }
