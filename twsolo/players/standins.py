"""The human stand-ins by name, for `twsolo simulate --human` and the scripts: `random`,
`greedy`, and `strong` or `strong:N` (N worlds per candidate: the budget knob)."""

from __future__ import annotations

from twsolo.engine.choices import ChoiceProvider, RandomPlayer
from twsolo.errors import TwsoloError
from twsolo.ids import Side
from twsolo.players.greedy import GreedyPlayer
from twsolo.players.strong import Budget, StrongPlayer

HUMANS = ("random", "greedy", "strong")


def check_human(name: str) -> str:
    """`name` if it names a stand-in, else a clear error naming the choices."""
    base, _, _ = name.partition(":")
    if base not in HUMANS or (base != "strong" and name != base):
        raise TwsoloError(f"unknown stand-in {name!r}: random, greedy, strong or strong:N")
    if base == "strong":
        try:
            Budget.parse(name)
        except ValueError as exc:
            raise TwsoloError(str(exc)) from None
    return name


def make_human(name: str, side: Side, seed: int) -> ChoiceProvider:
    """The stand-in `name` playing `side`; `seed` makes a random or strong one reproducible."""
    base = check_human(name).partition(":")[0]
    if base == "greedy":
        return GreedyPlayer(side)
    if base == "strong":
        return StrongPlayer(side, seed=seed, budget=Budget.parse(name))
    return RandomPlayer(seed)
