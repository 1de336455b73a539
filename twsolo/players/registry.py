"""The human stand-ins by name (`simulate --human`, the API's `human=`, scripts/winrates.py's
columns, the compiled-build check). A stand-in is one module of this package that sets
`STAND_IN = StandIn(...)`: the registry finds it there, so adding one is adding its file. The
uniform random player is the engine's (engine/choices.py), registered here."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from twsolo.engine.choices import ChoiceProvider, RandomPlayer
from twsolo.errors import TwsoloError
from twsolo.ids import Side


@dataclass(frozen=True)
class StandIn:
    """A stand-in: `make(side, seed, arg)` builds it for the human's `side` in the game of
    `seed` (its own randomness is seeded from that seed, never chance's stream); `arg` is what
    follows `NAME:` (empty without it), which `check` refuses with a message when wrong.
    `order`: its place in listings (weakest first)."""

    name: str
    about: str
    make: Callable[[Side, int, str], ChoiceProvider]
    order: int
    check: Callable[[str], None] | None = None


def _uniform(side: Side, seed: int, arg: str) -> ChoiceProvider:
    return RandomPlayer(seed + 1)


RANDOM = StandIn("random", "a uniform random legal player", _uniform, order=0)


@cache
def stand_ins() -> dict[str, StandIn]:
    """Every stand-in: the random one and each `STAND_IN` of this package's modules."""
    from twsolo import players

    found = {RANDOM.name: RANDOM}
    for info in pkgutil.iter_modules(players.__path__):
        module = importlib.import_module(f"{players.__name__}.{info.name}")
        entry = getattr(module, "STAND_IN", None)
        if isinstance(entry, StandIn):
            found[entry.name] = entry
    return dict(sorted(found.items(), key=lambda item: item[1].order))


def names() -> tuple[str, ...]:
    return tuple(stand_ins())


def check_stand_in(spec: str) -> str:
    """`spec` (`NAME` or `NAME:ARG`) if it names a stand-in, else an error naming the choices."""
    name, colon, arg = spec.partition(":")
    entry = stand_ins().get(name)
    if entry is None or (colon and entry.check is None):
        raise TwsoloError(f"unknown stand-in {spec!r}: {', '.join(names())} or strong:N")
    if colon and entry.check is not None:
        entry.check(arg)
    return spec


def stand_in(spec: str, side: Side, seed: int) -> ChoiceProvider:
    """The stand-in `spec` names, for the human's `side` in the game of `seed`."""
    name, _, arg = check_stand_in(spec).partition(":")
    return stand_ins()[name].make(side, seed, arg)
