"""Helpers for engine and event tests: positions, scripted games, card coverage bookkeeping."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from twsolo.engine.choices import CHANCE, Answer, Choice, FixedDice
from twsolo.engine.game import Game
from twsolo.engine.setup import standard_state
from twsolo.engine.state import Effect, GameState
from twsolo.errors import ChoiceError
from twsolo.ids import Side
from twsolo.ruleset import Ruleset

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


class Script:
    """Answers from a list in order, each checked against the legal options; when the list is
    empty, an error (strict) or the first legal option (lenient). Records what was asked."""

    def __init__(self, answers: Iterable[Answer] = (), *, strict: bool = True) -> None:
        self.answers = list(answers)
        self.strict = strict
        self.asked: list[Choice] = []

    def choose(self, game: Game, choice: Choice) -> Answer:
        self.asked.append(choice)
        if not self.answers:
            if self.strict:
                raise ChoiceError(f"script ran out at {choice.kind}: {choice.prompt}")
            return choice.options[0]
        answer = self.answers.pop(0)
        if answer not in choice.options:
            raise ChoiceError(
                f"scripted {answer!r} is not legal for {choice.kind} ({choice.prompt}); "
                f"options: {choice.options}"
            )
        return answer


def position(
    rules: Ruleset,
    *,
    influence: Mapping[str, tuple[int, int]] | None = None,
    empty: bool = False,
    defcon: int = 5,
    vp: int = 0,
    turn: int = 1,
    effects: Sequence[Effect] = (),
    phasing: Side = Side.USSR,
) -> GameState:
    """A state from the standard setup (or an empty board) with influence overrides given as
    country id -> (US, USSR)."""
    state = standard_state(rules)
    if empty:
        state.influence[:] = 0
    for cid, (us, ussr) in (influence or {}).items():
        state.influence[rules.index[cid]] = (us, ussr)
    state.defcon, state.vp, state.turn, state.phasing = defcon, vp, turn, phasing
    state.effects.extend(effects)
    return state


def game_at(
    rules: Ruleset,
    state: GameState,
    *,
    us: Iterable[Answer] = (),
    ussr: Iterable[Answer] = (),
    dice: Sequence[int] = (),
    strict: bool = True,
) -> Game:
    """A game at `state` whose sides answer from scripts and whose dice come from `dice`
    (running out of dice is an error; other chance questions take the first option)."""
    return Game(
        rules,
        state,
        {
            Side.US: Script(us, strict=strict),
            Side.USSR: Script(ussr, strict=strict),
            CHANCE: FixedDice(dice),
        },
    )


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
