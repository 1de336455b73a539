"""Positions and scripted games for tests and the Python API (twsolo/api.py, twsolo/testing.py):
a state from the standard setup with the influence a test names (`position`), a game at a state
whose sides answer from scripts (`game_at`, `Script`), and engine-level games of random legal
players (`random_game`, `reachable`). No hypothesis here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from twsolo.engine.choices import (
    CHANCE,
    Actor,
    Answer,
    Choice,
    ChoiceProvider,
    FixedDice,
    RandomPlayer,
    SeededChance,
)
from twsolo.engine.game import Game
from twsolo.engine.initial_state import standard_state
from twsolo.engine.operations import conduct_operations
from twsolo.engine.ops import OpsBudget
from twsolo.engine.state import Effect, GameState, hand_of
from twsolo.errors import ChoiceError
from twsolo.ids import Side
from twsolo.ruleset import Ruleset


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
    influence: dict[str, tuple[int, int]] | None = None,
    empty: bool = False,
    defcon: int = 5,
    vp: int = 0,
    turn: int = 1,
    effects: Sequence[Effect] = (),
    phasing: Side = Side.USSR,
) -> GameState:
    """A state from the standard setup (or an empty board with `empty`) with influence given
    as country id -> (US, USSR)."""
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
    dice: Iterable[int] = (),
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
            CHANCE: FixedDice(list(dice)),
        },
    )


def random_game(rules: Ruleset, seed: int) -> Game:
    """An engine-level game from the standard setup (optional cards in) whose sides are random
    legal players and whose chance is seeded: for operations and events played directly."""
    state = standard_state(rules, optional_cards=True)
    providers: dict[Actor, ChoiceProvider] = {
        Side.US: RandomPlayer(seed),
        Side.USSR: RandomPlayer(seed + 1),
        CHANCE: SeededChance(seed + 2),
    }
    return Game(rules, state, providers)


def reachable(rules: Ruleset, seed: int, steps: int) -> Game:
    """A position reached from the standard setup by `steps` random operations (1–4 ops, the
    sides in turn), each side holding a random deck/hand of 8 cards (events that take or
    discard cards need some). May raise GameOver (a coup at DEFCON 2)."""
    game = random_game(rules, seed)
    state = game.state
    for pile in ("mid_war", "late_war", "unused"):
        state.piles["draw"].shuffled.extend(state.piles[pile].shuffled)
        state.piles[pile].shuffled.clear()
    for side in Side:
        for _ in range(8):
            game.draw("draw", "deal", to=hand_of(side))
    for i in range(steps):
        side = Side.USSR if i % 2 == 0 else Side.US
        state.phasing = side
        conduct_operations(game, side, OpsBudget(1 + i % 4), card_ops=1 + i % 4)
        state.space_attempts = [0, 0]
    return game
