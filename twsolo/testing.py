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

import contextlib
import io
import json
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest.mock import patch

from hypothesis import strategies as st

from twsolo.api import (
    CHANCE,
    Effect,
    FixedDice,
    RegionScore,
    game_at,
    play_card,
    region_score,
    score_region,
)
from twsolo.checks import (
    EFFECT_SIDES,
    CheckedGame,
    Invariants,
    Problem,
    check_game,
    effect_problems,
    invariants,
)
from twsolo.compose import load_ruleset, standard_providers
from twsolo.engine.choices import Answer, Choice
from twsolo.engine.game import Game
from twsolo.engine.initial_state import standard_state
from twsolo.engine.state import GameState, Result
from twsolo.ids import DIFFICULTY_LEVELS, SCORING_REGIONS, Side
from twsolo.persist.savefile import Entry, SaveDir
from twsolo.players.greedy import GreedyPlayer
from twsolo.positions.scenario import Scenario
from twsolo.positions.scripted import Script, random_game, reachable
from twsolo.positions.scripted import position as _position
from twsolo.ruleset import Ruleset
from twsolo.session.live import DigitalChance, GameSession
from twsolo.solo import GameRecord, SoloOptions, play_game

__all__ = [
    "CHANCE",
    "EFFECT_SIDES",
    "CheckedGame",
    "DrawnPlayer",
    "Effect",
    "FixedDice",
    "Game",
    "Invariants",
    "Killed",
    "Person",
    "Played",
    "Problem",
    "RegionScore",
    "Script",
    "SessionGame",
    "Setup",
    "StandIn",
    "check_game",
    "dying_after",
    "effect_problems",
    "game_at",
    "games",
    "invariants",
    "new_save",
    "play_card",
    "play_session",
    "position",
    "positions",
    "random_game",
    "reachable",
    "read_scenario",
    "region_score",
    "scenarios",
    "score_region",
    "setups",
]


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
    as country id -> (US, USSR) and the lasting `effects` in force; an impossible set of
    effects (`effect_problems`: a side its card never gives, one twice, one that ends another)
    is refused with ValueError."""
    problems = effect_problems(list(effects))
    if problems:
        raise ValueError("impossible effects: " + "; ".join(map(str, problems)))
    return _position(
        rules,
        influence=influence,
        empty=empty,
        defcon=defcon,
        vp=vp,
        turn=turn,
        effects=effects,
        phasing=phasing,
    )


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


class StandIn:
    """A human who plays by the greedy stand-in's preferences (players/greedy.py), except at the
    questions `deviations` names: {n: k} takes, at the human's n-th question with more than one
    legal answer, the k-th (modulo) of the answers the stand-in did not choose. `story` keeps
    each deviation taken as (KEY@n, index of the option taken). With no deviation it is the
    stand-in; a failure shrinks towards fewer deviations, each earlier and simpler."""

    def __init__(self, side: Side, deviations: dict[int, int]) -> None:
        self.greedy = GreedyPlayer(side)
        self.deviations = deviations
        self.asked = 0
        self.story: list[tuple[str, int]] = []

    def choose(self, game: Game, choice: Choice) -> Answer:
        preferred = self.greedy.choose(game, choice)
        if len(choice.options) == 1:
            return preferred
        n, self.asked = self.asked, self.asked + 1
        if n not in self.deviations:
            return preferred
        others = [o for o in choice.options if o != preferred]
        answer = others[self.deviations[n] % len(others)]
        self.story.append((f"{choice.key or choice.kind}@{n}", choice.options.index(answer)))
        return answer


class Stop(Exception):
    """Raised by `games(until=...)`'s observer to end a game where the test asked."""


@dataclass(repr=False)
class Played:
    """A game from `games()`: the state it reached (its end, or where `until` stopped it), the
    game itself, its record when it finished (None when `until` stopped it), the chance seed
    its deal and dice came from, and the human's story: every drawn answer (`human="drawn"`)
    or every deviation from the stand-in (the default)."""

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
        told = ", ".join(f"{key} {i}" for key, i in self.story) or "no deviation"
        state = self.state
        where = f"turn {state.turn} AR{state.action_round}"
        end = f"{self.result.reason} in {where}" if self.result else f"stopped in {where}"
        return f"Played({self.options.ai_side.value} AI, seed {self.seed}, {end}: {told})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """hypothesis prints a falsifying example with this: the short story, not the game."""
        printer.text(repr(self))


def _rules(rules: Ruleset | None) -> Ruleset:
    return rules if rules is not None else load_ruleset()


HUMANS = ("greedy", "drawn")


def games(
    rules: Ruleset | None = None,
    *,
    ai_side: Side | None = None,
    until: Callable[[Game], bool] | None = None,
    check: bool = False,
    options: st.SearchStrategy[SoloOptions] | None = None,
    seeds: st.SearchStrategy[int] | None = None,
    human: str = "greedy",
    max_deviations: int = 8,
) -> st.SearchStrategy[Played]:
    """Whole games: the AI (the Bot) against a drawn human, chance seeded by a drawn seed.
    `human="greedy"` (the default): the greedy stand-in's preferences with up to
    `max_deviations` drawn deviations (`StandIn`), games that reach the Mid and Late War and
    the final scoring; `human="drawn"`: every answer drawn (`DrawnPlayer`), games that mostly
    end in the Early War. `until(game)`, asked after every step of the turn flow, stops the
    game the first time it holds (`record` is then None); `check` runs `check_game`'s checks
    (problems in `Played.problems`); `options` draws the game's options (by default: the AI's
    side, `ai_side` unless given, and the standard settings), `seeds` chance's seed (by
    default any of 0–65536; `st.just(0)` fixes the deal and the dice)."""
    if human not in HUMANS:
        raise ValueError(f"human: one of {', '.join(HUMANS)}, not {human!r}")
    ruleset = _rules(rules)
    sides = st.just(ai_side) if ai_side is not None else st.sampled_from(list(Side))
    chosen = options if options is not None else sides.map(lambda s: SoloOptions(ai_side=s))
    # A deviation (the human's n-th question with a choice, a game asks a few hundred; the k-th
    # other answer) is one integer n * 8 + k, and they come as a count, then that many integers:
    # st.lists, st.dictionaries and even st.tuples make hypothesis reject some of its own
    # draws (4-20 % of examples), a count of single integers under 1 %.
    deviation = st.integers(0, 301 * 8 - 1).map(lambda x: divmod(x, 8))

    @st.composite
    def draw_game(draw: st.DrawFn) -> Played:
        opts = draw(chosen)
        seed = draw(seeds if seeds is not None else st.integers(0, 2**16))
        player: StandIn | DrawnPlayer
        if human == "greedy":
            count = draw(st.integers(0, max_deviations))
            player = StandIn(opts.ai_side.other, dict(draw(deviation) for _ in range(count)))
        else:
            player = DrawnPlayer(draw=lambda n, key: draw(st.integers(0, n - 1)))
        providers = standard_providers(opts.ai_side, seed, human=player)
        last: list[Game] = []
        steps = Invariants(opts.ai_side)

        def watch(game: Game, step: str) -> None:
            last[:] = [game]
            if check:
                steps(game, step)
            if until is not None and until(game):
                raise Stop

        played = Played(opts, seed, Game(ruleset, standard_state(ruleset), {}), player.story)
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
    rules: Ruleset | None = None, *, ai_side: Side | None = None, max_steps: int = 250
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


# ------------------------------------------------------------------ the product, as played
# The conformance suite (tests/test_conformance.py) plays games the way a person does: `twsolo
# new`'s own set-up, the real GameSession with its save in a home folder, killed and resumed.


@dataclass(frozen=True)
class Setup:
    """The options of `twsolo new` (README, `twsolo new --help`): one combination a player can
    choose. `scenario`: a scenario file to start from (`--from`); `seed`: `--seed`."""

    side: str = "us"
    table: bool = False
    dice: str = "auto"
    difficulty: str = "normal"
    enhanced: bool = False
    draft_cap: bool = False
    optional_cards: bool = False
    fast_deal: bool = False
    balanced_setup: bool = False
    scenario: str | None = None
    seed: int = 0

    def args(self) -> list[str]:
        """The same set-up as `twsolo new`'s command-line arguments."""
        args = ["--side", self.side, "--table" if self.table else "--digital"]
        args += ["--dice", self.dice, "--difficulty", self.difficulty, "--seed", str(self.seed)]
        flags = {
            "--enhanced": self.enhanced,
            "--draft-cap": self.draft_cap,
            "--optional-cards": self.optional_cards,
            "--fast-deal": self.fast_deal,
            "--balanced-setup": self.balanced_setup,
        }
        args += [flag for flag, on in flags.items() if on]
        return args + (["--from", self.scenario] if self.scenario else [])


def setups(scenario_files: Sequence[str] = ()) -> st.SearchStrategy[Setup]:
    """Every combination of `twsolo new`'s options (with `--from` one of `scenario_files`, or
    none), the seed drawn. The balanced set-up (spec §24.6) changes the set-up a scenario starts
    past, so it is drawn only for a game without one (`new` refuses the pair)."""

    @st.composite
    def setup(draw: st.DrawFn) -> Setup:
        scenario = draw(st.sampled_from([None, *scenario_files]))
        return Setup(
            side=draw(st.sampled_from(["us", "ussr"])),
            table=draw(st.booleans()),
            dice=draw(st.sampled_from(["auto", "manual"])),
            difficulty=draw(st.sampled_from(list(DIFFICULTY_LEVELS))),
            enhanced=draw(st.booleans()),
            draft_cap=draw(st.booleans()),
            optional_cards=draw(st.booleans()),
            fast_deal=draw(st.booleans()),
            balanced_setup=scenario is None and draw(st.booleans()),
            scenario=scenario,
            seed=draw(st.integers(0, 2**16)),
        )

    return setup()


def new_save(home: Path, name: str, setup: Setup, rules_path: str | None = None) -> SaveDir:
    """A new game's save in `home`, made by `twsolo new`'s own code (its header, its start)."""
    from twsolo.cli.saved_games import create

    with contextlib.redirect_stdout(io.StringIO()):  # `new`'s greeting
        return create(
            home_dir=str(home),
            name=name,
            side=setup.side,
            difficulty=setup.difficulty,
            table=setup.table,
            dice=setup.dice,
            fast_deal=setup.fast_deal,
            optional_cards=setup.optional_cards,
            seed=setup.seed,
            rules_path=rules_path,
            from_path=setup.scenario,
            enhanced=setup.enhanced,
            draft_cap=setup.draft_cap,
            balanced_setup=setup.balanced_setup,
        )


def _pick(seed: int, game: Game, what: str, n: int) -> int:
    """A person's pick among `n`, a function of the game's position only (the number of answers
    given): the same after a resume as in the uninterrupted game."""
    return random.Random(f"{seed}:{what}:{len(game.answers)}").randrange(n)


class Person:
    """A player at the keyboard (or the table): answers as the greedy stand-in would
    (players/greedy.py), except one answer in `deviate` taken at random; at the table also
    what the cards show and, with manual dice, the dice. Every answer is a function of the
    position, never of what this object saw before: a resumed game gets the same answers."""

    def __init__(self, side: Side, seed: int = 0, deviate: int = 12) -> None:
        self.side, self.seed, self.deviate = side, seed, deviate

    def choose(self, game: Game, choice: Choice) -> Answer:
        options = choice.options
        if len(options) == 1:
            return options[0]
        if choice.actor == CHANCE or _pick(self.seed, game, "deviate", self.deviate) == 0:
            return options[_pick(self.seed, game, "any", len(options))]
        return GreedyPlayer(self.side).choose(game, choice)  # a new one: no memory


class TableChance:
    """Chance as the terminal asks it (cli/prompts.py TableChance, ScreenChance): with `dice
    manual` the person rolls and types the dice, with `dice auto` the program rolls them; the
    cards are told by the person at the table, dealt by the program on screen."""

    def __init__(self, session: GameSession, person: Person) -> None:
        self.session, self.person = session, person
        self.cards = DigitalChance(session.chance_rng)

    def choose(self, game: Game, choice: Choice) -> Answer:
        if choice.kind == "die" and self.session.header.dice == "manual":
            return self.person.choose(game, choice)
        if choice.kind == "die" or not self.session.header.table:
            return self.cards.choose(game, choice)
        return self.person.choose(game, choice)


class Killed(Exception):
    """The process died (a `kill -9`, a power cut) before it wrote the next journal line."""


@contextlib.contextmanager
def dying_after(lives: int) -> Iterator[None]:
    """The process dies (`Killed`) before it writes journal line `lives` + 1 from now, whichever
    save writes it (`twsolo new` and `play` open their own): every line before it is on disk,
    whole. `lives` -1: it does not die."""
    append = SaveDir.append
    left = lives

    def dying(save: SaveDir, entry: Entry, seq: int, rules: Ruleset) -> None:
        nonlocal left
        if left <= 0:
            raise Killed
        left -= 1
        append(save, entry, seq, rules)

    with patch.object(SaveDir, "append", dying) if lives >= 0 else contextlib.nullcontext():
        yield


@dataclass
class SessionGame:
    """A game played through GameSession to its end: its journal (each line as JSON), the final
    state and result, and how many times it was killed and resumed."""

    journal: list[dict[str, Any]]
    state: GameState
    result: Result | None
    resumed: int


def play_session(
    rules: Ruleset,
    save: SaveDir,
    *,
    person_seed: int = 0,
    kills: Sequence[int] = (),
    rules_path: str | None = None,
) -> SessionGame:
    """Play the game saved in `save` to its end through the real GameSession (as `twsolo play`
    does: the terminal's chance at the table, digital chance on screen) with a `Person`; killed
    after each of `kills` journal lines in turn (counted from each resume), then resumed."""
    record = None
    resumed = 0
    for lives in [*kills, -1]:
        try:
            with dying_after(lives), GameSession.open(rules, SaveDir(save.path)) as session:
                person = Person(session.human, person_seed)
                asked = session.header.table or session.header.dice == "manual"
                chance = TableChance(session, person) if asked else None
                record = session.play(person, chance)
        except Killed:
            resumed += 1
            continue
        break
    assert record is not None
    lines = (save.path / "journal.jsonl").read_text().splitlines()
    return SessionGame([json.loads(line) for line in lines], record.state, record.result, resumed)
