"""The testing kit for rule testers (docs/testing.md): hypothesis strategies over twsolo's games
and positions, and the conformance run they share with `twsolo simulate --check`.

- `games()`: whole solitaire games, the Bot against a human whose every answer is drawn, each
  labelled by its question's key, so a failing game shrinks to a short story of answers.
- `DrawnPlayer(data)`: the same human inside a test given `st.data()`: hypothesis prints each
  answer as `Draw n (KEY): i`.
- `positions()`: states reached by play; `scenarios()`: legal positions as scenario dicts.
- `check_game`, `invariants` (twsolo/checks.py): the checks every game must pass.

Needs the `testing` extra: `pip install 'twsolo[testing]'`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from twsolo.checks import CheckedGame, Invariants, Problem, check_game, invariants
from twsolo.compose import load_ruleset, standard_providers
from twsolo.engine.choices import (
    Answer,
    Choice,
)
from twsolo.engine.game import Game
from twsolo.engine.initial_state import standard_state
from twsolo.engine.state import GameState, Result
from twsolo.ids import SCORING_REGIONS, Side
from twsolo.positions.scenario import Scenario
from twsolo.positions.scripted import Script, game_at, position, random_game, reachable
from twsolo.ruleset import Ruleset
from twsolo.solo import GameRecord, SoloOptions, play_game

__all__ = [
    "CheckedGame",
    "DrawnPlayer",
    "Invariants",
    "Played",
    "Problem",
    "Script",
    "check_game",
    "game_at",
    "games",
    "invariants",
    "position",
    "positions",
    "random_game",
    "reachable",
    "read_scenario",
    "scenarios",
]

DrawIndex = Callable[[int, str], int]  # (number of options, the question's key) -> an index


class DrawnPlayer:
    """A human whose every answer is drawn by hypothesis: the index of an option, labelled by
    the question's key (Choice.key, else its kind). `story` keeps (key, index) in order; the
    first option is the simplest, so a failure shrinks towards first options and fewer
    questions. Built from `st.data()`'s object or from any `draw(n, key)`."""

    def __init__(self, data: Any = None, *, draw: DrawIndex | None = None) -> None:
        if draw is None:
            draw = lambda n, key: data.draw(st.integers(0, n - 1), label=key)  # noqa: E731
        self.draw = draw
        self.story: list[tuple[str, int]] = []

    def choose(self, game: Game, choice: Choice) -> Answer:
        key = choice.key or choice.kind
        index = self.draw(len(choice.options), key) if len(choice.options) > 1 else 0
        self.story.append((key, index))
        return choice.options[index]


class Stop(Exception):
    """Raised by `games(until=...)`'s observer to end a game where the test asked."""


@dataclass
class Played:
    """A game from `games()`: the state it reached (its end, or where `until` stopped it), the
    game itself, its record when it finished, and the human's story of drawn answers."""

    options: SoloOptions
    seed: int
    game: Game
    story: list[tuple[str, int]]
    record: GameRecord | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def ai(self) -> Side:
        return self.options.ai_side

    @property
    def result(self) -> Result | None:
        """How the game ended (None: `until` stopped it first)."""
        return self.state.result

    def __repr__(self) -> str:
        told = ", ".join(f"{key} {i}" for key, i in self.story)
        finished = "finished" if self.record is not None else "stopped"
        return f"Played({self.options.ai_side.value} AI, seed {self.seed}, {finished}: {told})"


def _rules(rules: Ruleset | None) -> Ruleset:
    return rules if rules is not None else load_ruleset()


def games(
    rules: Ruleset | None = None,
    *,
    ai_side: Side | None = None,
    until: Callable[[Game], bool] | None = None,
    check: bool = False,
    options: st.SearchStrategy[SoloOptions] | None = None,
    seeds: st.SearchStrategy[int] | None = None,
) -> st.SearchStrategy[Played]:
    """Whole games: the AI (the Bot) against a `DrawnPlayer`, chance seeded by a drawn seed.
    `until(game)`, asked after every step of the turn flow, stops the game the first time it
    holds (the story then ends there); `check` runs `check_game`'s checks (problems in
    `Played.problems`); `options` draws the game's options (by default: the AI's side,
    `ai_side` unless given, and the standard settings), `seeds` chance's seed (by default any
    of 0–65536; `st.just(0)` fixes the deal and the dice, so only the human's answers vary)."""
    ruleset = _rules(rules)
    sides = st.just(ai_side) if ai_side is not None else st.sampled_from(list(Side))
    chosen = options if options is not None else sides.map(lambda s: SoloOptions(ai_side=s))

    @st.composite
    def draw_game(draw: st.DrawFn) -> Played:
        opts = draw(chosen)
        seed = draw(seeds if seeds is not None else st.integers(0, 2**16))
        human = DrawnPlayer(draw=lambda n, key: draw(st.integers(0, n - 1)))
        providers = standard_providers(opts.ai_side, seed, human=human)
        last: list[Game] = []
        steps = Invariants(opts.ai_side)

        def watch(game: Game, step: str) -> None:
            last[:] = [game]
            if check:
                steps(game, step)
            if until is not None and until(game):
                raise Stop

        played = Played(opts, seed, Game(ruleset, standard_state(ruleset), {}), human.story)
        try:
            if check:
                checked = check_game(ruleset, opts, providers, observer=watch)
                played.record, played.problems = checked.record, checked.problems
            else:
                played.record = play_game(ruleset, opts, providers, observer=watch)
        except Stop:
            played.problems = steps.problems
        if last:
            played.game = last[0]
        return played

    return draw_game()


def positions(
    rules: Ruleset | None = None, *, ai_side: Side | None = None, max_steps: int = 80
) -> st.SearchStrategy[GameState]:
    """States reached by play: a game of `games()` stopped after a drawn number of steps of the
    turn flow (at most `max_steps`; a game that ends sooner gives its final state). Each is a
    copy, free to change."""

    @st.composite
    def draw_position(draw: st.DrawFn) -> GameState:
        stop_after = draw(st.integers(1, max_steps))
        seen = [0]

        def until(game: Game) -> bool:
            seen[0] += 1
            return seen[0] >= stop_after

        played = draw(games(rules, ai_side=ai_side, until=until))
        return played.state.copy()

    return draw_position()


def scenarios(rules: Ruleset | None = None) -> st.SearchStrategy[dict[str, Any]]:
    """Legal positions as scenario dicts (docs/scenario.md's YAML, as a dict): the AI's side,
    turn and action round, DEFCON, VP, influence, military ops, the Primary Region, the AI's top
    card and the dice. `read_scenario` reads one; `twsolo decide` takes one written as YAML."""
    ruleset = _rules(rules)
    countries = [c.id for c in ruleset.countries]
    early = [
        c.number
        for c in ruleset.cards.values()
        if c.era == "early" and not c.scoring and c.number != 6  # the China Card: its own key
    ]
    regions = [r for r in SCORING_REGIONS if ruleset.scoring_card_for(r).era == "early"]
    amount = st.integers(0, 4)
    influence = st.dictionaries(
        st.sampled_from(countries),
        st.fixed_dictionaries({"us": amount, "ussr": amount}),
        max_size=12,
    )
    return st.fixed_dictionaries(
        {
            "ai_side": st.sampled_from([s.value for s in Side]),
            "turn": st.integers(1, 3),
            "action_round": st.integers(1, 6),
            "defcon": st.integers(2, 5),
            "vp": st.integers(-10, 10),
            "influence": influence,
            "milops": st.fixed_dictionaries({"us": st.integers(0, 5), "ussr": st.integers(0, 5)}),
            "primary": st.sampled_from(regions),
            "scoring_round": st.booleans(),
            "card": st.sampled_from(early),
            # Chance's dice, in order (enough for four realignments' pairs and an event's die)
            "dice": st.lists(st.integers(1, 6), min_size=10, max_size=10),
        }
    )


def read_scenario(data: dict[str, Any], rules: Ruleset | None = None) -> Scenario:
    """A scenario dict (`scenarios()`, or one written by hand) read by the scenario reader, with
    its checks and messages."""
    return Scenario.from_dict(data, _rules(rules))
