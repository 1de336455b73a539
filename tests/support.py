"""Helpers for engine and event tests: card coverage bookkeeping and checks of scripted games.
Positions and scripted games come from the testing kit (twsolo/testing.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from twsolo.engine.choices import CHANCE, FixedDice
from twsolo.engine.game import Game
from twsolo.engine.state import GameState
from twsolo.ids import Side
from twsolo.positions.scripted import Script, game_at, position

__all__ = [
    "COVERED",
    "Script",
    "all_cards_placed_once",
    "asked",
    "covers",
    "finished",
    "game_at",
    "inf",
    "position",
    "to_table",
]

F = TypeVar("F", bound=Callable[..., Any])

# Cards that a test plays and checks: filled by @covers at import, read by the coverage test.
COVERED: dict[int, list[str]] = {}


def covers(*cards: int) -> Callable[[F], F]:
    """Mark a test as one that plays each of `cards` from a prepared position and asserts the
    effect on the state. The coverage test fails unless every card 1–110 has one."""

    def mark(fn: F) -> F:
        for card in cards:
            COVERED.setdefault(card, []).append(fn.__name__)
        return fn

    return mark


def inf(game: Game, country: str) -> tuple[int, int]:
    """(US, USSR) influence in a country."""
    i = game.rules.index[country]
    return game.state.inf(i, Side.US), game.state.inf(i, Side.USSR)


def to_table(game: Game, card: int) -> None:
    """Put a card on the table, as the turn flow does before it is played."""
    if game.state.where(card) != "table":
        game.move_card(card, "table")


def all_cards_placed_once(state: GameState) -> bool:
    return not state.card_problems()


def finished(game: Game) -> None:
    """Every scripted answer and die was used: the test asked exactly what it scripted."""
    for side in Side:
        script = game.providers[side]
        assert isinstance(script, Script)
        assert script.answers == []
    dice = game.providers[CHANCE]
    assert isinstance(dice, FixedDice)
    assert dice.dice == []


def asked(game: Game, side: Side, n: int) -> tuple[object, ...]:
    """The options of the n-th question put to `side`."""
    script = game.providers[side]
    assert isinstance(script, Script)
    return script.asked[n].options
