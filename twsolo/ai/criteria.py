"""The one registry of the AI's named criteria: spec §13 placement options and tie-breaks, §14
and §15 orders and tie-breaks, the space-dump measures of §12.2.3a and the appendix's condition
terms (appendix §1.2, §5).

Each criterion is registered by the module that implements it, under its family and name; the
rules data names them (rules/priorities.yaml, rules/appendix.yaml), the loader receives the
names (`vocabulary`) and refuses any other, and the AI looks the implementation up by the name
the data gives. Adding a criterion is registering it; no list of names is kept anywhere else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from twsolo.ruleset.vocabulary import FAMILIES, described

F = TypeVar("F", bound=Callable[..., Any])


class Criteria:
    """Named implementations by family (ruleset.vocabulary.FAMILIES)."""

    def __init__(self) -> None:
        self._fns: dict[str, dict[str, Callable[..., Any]]] = {f: {} for f in FAMILIES}
        self._docs: dict[str, dict[str, str]] = {f: {} for f in FAMILIES}  # given, else the fn's
        self.arguments: dict[str, dict[str, str]] = {f: {} for f in FAMILIES}
        self.bound: dict[str, dict[str, tuple[int, ...]]] = {f: {} for f in FAMILIES}

    def register(
        self, family: str, name: str, doc: str = "", *, arg: str = "", card: int | None = None
    ) -> Callable[[F], F]:
        """Decorator: `fn` is the criterion `name` of `family`; `doc` says what it means, `arg`
        the kind of its argument (ruleset.vocabulary.ARGUMENT_KINDS), `card` the card it belongs
        to when only that card's entry may use it."""

        def add(fn: F) -> F:
            if name in self._fns[family]:
                raise ValueError(f"internal: {family} {name!r} is registered twice")
            self._fns[family][name] = fn
            if doc:
                self._docs[family][name] = doc
            if arg:
                self.arguments[family][name] = arg
            if card is not None:
                self.bound[family][name] = (card,)
            return fn

        return add

    def get(self, family: str, name: str) -> Callable[..., Any]:
        return self._fns[family][name]

    def names(self, family: str) -> tuple[str, ...]:
        return tuple(self._fns[family])

    def docs(self) -> dict[str, dict[str, str]]:
        """Each criterion's description: the one registered, else its docstring's first
        sentence (read only here: a compiled build finds it in the source, `described`)."""
        return {
            family: {
                name: self._docs[family].get(name) or described(fn) for name, fn in fns.items()
            }
            for family, fns in self._fns.items()
        }


CRITERIA = Criteria()
criterion = CRITERIA.register
