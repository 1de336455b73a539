"""twsolo's public Python interface (docs/api.md): the rules, scenarios and the AI's decision,
whole games with named players, the checks every position and game must pass, and the engine's
actions as check / explain / do trios that take country ids.

Everything here is stable for rule testers; the modules behind it may move. The hypothesis
strategies are in twsolo/testing.py (the `testing` extra)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from twsolo.checks import CheckedGame, Problem, check_game, invariants
from twsolo.compose import load_ruleset, standard_providers, standard_vocabulary
from twsolo.engine.board import placement_access
from twsolo.engine.card_play import play_card as _play_card
from twsolo.engine.choices import CHANCE, Actor, Answer, ChoiceProvider, FixedDice
from twsolo.engine.coup import coup as _coup
from twsolo.engine.coup import coup_refusal, realign_refusal
from twsolo.engine.coup import realign as _realign
from twsolo.engine.events.registry import run_hooks
from twsolo.engine.game import Game
from twsolo.engine.influence import place_point
from twsolo.engine.legal import influence_targets
from twsolo.engine.ops import OpsBudget
from twsolo.engine.records import Record
from twsolo.engine.scores import RegionScore
from twsolo.engine.scoring import region_score, score_region
from twsolo.engine.space import attempt, space_refusal
from twsolo.engine.state import Effect, GameState
from twsolo.errors import IllegalActionError, TwsoloError
from twsolo.ids import Side
from twsolo.players.registry import check_stand_in, names
from twsolo.positions.decision import decision_at as decide
from twsolo.positions.scenario import Scenario, load_scenario
from twsolo.positions.scripted import Script, position
from twsolo.positions.scripted import game_at as _game_at
from twsolo.ruleset import Ruleset
from twsolo.sim.backends import make_pool
from twsolo.sim.batch import Settings, run_batch
from twsolo.sim.batch import report as _report
from twsolo.sim.batch import simulate as _simulate
from twsolo.solo import GameRecord, SoloOptions
from twsolo.solo import play_game as _play_game
from twsolo.solo.flow import Observer

__all__ = [
    "AIS",
    "CHANCE",
    "HUMANS",
    "CheckedGame",
    "Effect",
    "FixedDice",
    "Game",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "Problem",
    "RegionScore",
    "Ruleset",
    "Scenario",
    "Script",
    "Side",
    "SoloOptions",
    "can_coup",
    "can_place",
    "can_realign",
    "can_space",
    "check_game",
    "compare",
    "coup",
    "decide",
    "game_at",
    "invariants",
    "load_ruleset",
    "load_scenario",
    "place",
    "play_card",
    "play_game",
    "position",
    "providers",
    "realign",
    "region_score",
    "score_region",
    "simulate",
    "space",
    "standard_providers",
    "standard_vocabulary",
    "why_not_coup",
    "why_not_place",
    "why_not_realign",
    "why_not_space",
]

# The AI's two sets of rules: the seed's (spec §9–§21) and the enhanced AI (spec §25, the
# switches rules/enhanced.yaml uses).
AIS = ("seed", "enhanced")
# The human stand-ins (players/registry.py): a uniform random legal player, a one-ply greedy
# one, the strong one that looks ahead (`strong:N`: N worlds per candidate).
HUMANS = names()


def options_for(
    rules: Ruleset, ai_side: Side | str, ai: str = "seed", **settings: Any
) -> SoloOptions:
    """The options of a game against the AI named `ai` (AIS); `settings` are SoloOptions'
    (difficulty, fast_deal, optional_cards, extra_influence_dice)."""
    if ai not in AIS:
        raise TwsoloError(f"unknown AI {ai!r}: {', '.join(AIS)}")
    enhanced = rules.enhanced.on if ai == "enhanced" else ()
    return SoloOptions(ai_side=Side(ai_side), enhanced=enhanced, **settings)


def providers(
    ai_side: Side | str, human: str = "greedy", seed: int = 0
) -> dict[Actor, ChoiceProvider]:
    """The AI, the human stand-in named `human` (HUMANS, or strong:N) and chance seeded by
    `seed`: the one seating (compose.standard_providers)."""
    return standard_providers(Side(ai_side), seed, human=human)


def play_game(
    rules: Ruleset,
    ai_side: Side | str = Side.USSR,
    *,
    ai: str = "seed",
    human: str = "greedy",
    seed: int = 0,
    observer: Observer | None = None,
    **settings: Any,
) -> GameRecord:
    """A whole solitaire game: the AI named `ai` (AIS) on `ai_side` against the stand-in named
    `human` (HUMANS), chance seeded by `seed`; `observer(game, step)` watches every step of the
    turn flow; `settings` are SoloOptions' (difficulty, fast_deal, ...). The same arguments give
    the same game (`twsolo simulate` plays these)."""
    options = options_for(rules, ai_side, ai, **settings)
    return _play_game(rules, options, providers(ai_side, human, seed), observer=observer)


def simulate(
    games: int = 100,
    *,
    rules: str | None = None,
    workers: int = 1,
    ai: str = "seed",
    **settings: Any,
) -> dict[str, Any]:
    """Many games of the AI named `ai` (AIS) against a stand-in, as `twsolo simulate --json`
    reports them (the summary, how the run went, its settings): `rules`, a rules directory (None:
    the default rules); `settings` are sim/batch.py Settings' (seed, ai_side="both",
    human="greedy", difficulties=("normal",), check, draft_cap, balanced_setup, baseline).
    Game i has seed `seed + i`, the same game `play_game` plays; `workers` processes."""
    if ai not in AIS:
        raise TwsoloError(f"unknown AI {ai!r}: {', '.join(AIS)}")
    check_stand_in(settings.get("human", "greedy"))
    for directory in (rules, settings.get("baseline")):
        load_ruleset(directory)  # bad rules said before any game
    chosen = Settings(games=games, rules=rules, enhanced=ai == "enhanced", **settings)
    with make_pool(workers) as pool:
        run = _simulate(chosen, lambda batch, _label, logs: run_batch(pool, batch, logs))
    return _report(run, pool, workers=workers, cluster=None)


def compare(
    baseline: str, candidate: str | None = None, games: int = 100, **settings: Any
) -> dict[str, Any]:
    """The paired comparison of two rules directories on the same seeds (`twsolo simulate
    --baseline B --candidate C`): `simulate`'s report with `comparison`, per side of the AI,
    baseline → candidate. `candidate` None: the default rules."""
    return simulate(games, rules=candidate, baseline=baseline, **settings)


# ---------------------------------------------------------------------- check / explain / do
# Each engine action a tester uses, three ways alike: `can_X` (bool), `why_not_X` (the rule's
# reason, None when legal) and `X` (does it; refused with the same reason as IllegalActionError;
# returns the records it appended to game.log). Countries are named by id ("france").


def _country(game: Game, country: str) -> int:
    if country not in game.rules.index:
        raise TwsoloError(f"unknown country id {country!r}")
    return game.rules.index[country]


def _done(game: Game, act: Callable[[], object]) -> list[Record]:
    start = len(game.log)
    act()
    return game.log[start:]


def why_not_place(game: Game, side: Side, country: str, ops: int = 1) -> str | None:
    """Why `side` may not place one influence point in `country` with `ops` available (base
    §6.1: access, Chernobyl, the cost of a controlled country), or None."""
    _country(game, country)
    targets = influence_targets(game.state, game.rules, side, ops)
    return next(t.refusal for t in targets if t.country == country)


def can_place(game: Game, side: Side, country: str, ops: int = 1) -> bool:
    return why_not_place(game, side, country, ops) is None


def place(game: Game, side: Side, country: str, ops: int = 1) -> list[Record]:
    """Place one influence point in `country`, paid from `ops`."""
    c = _country(game, country)
    access = placement_access(game.state, game.rules, side)
    return _done(game, lambda: place_point(game, side, c, OpsBudget(ops), access))


def why_not_coup(game: Game, side: Side, country: str, *, free: bool = False) -> str | None:
    """Why `side` may not coup `country` (base §6.3: opponent influence, the DEFCON region ban
    unless `free`, protecting cards), or None."""
    return coup_refusal(game.state, game.rules, side, _country(game, country), free=free)


def can_coup(game: Game, side: Side, country: str, *, free: bool = False) -> bool:
    return why_not_coup(game, side, country, free=free) is None


def coup(game: Game, side: Side, country: str, ops: int, *, free: bool = False) -> list[Record]:
    """A coup in `country` with `ops` (its die is chance's question)."""
    c = _country(game, country)
    return _done(game, lambda: _coup(game, side, c, ops, free=free))


def why_not_realign(game: Game, side: Side, country: str, *, free: bool = False) -> str | None:
    """Why `side` may not roll a realignment in `country` (base §6.2), or None."""
    return realign_refusal(game.state, game.rules, side, _country(game, country), free=free)


def can_realign(game: Game, side: Side, country: str, *, free: bool = False) -> bool:
    return why_not_realign(game, side, country, free=free) is None


def realign(game: Game, side: Side, country: str, *, free: bool = False) -> list[Record]:
    """One realignment roll in `country` (both dice are chance's questions)."""
    c = _country(game, country)
    return _done(game, lambda: _realign(game, side, c, free=free))


def why_not_space(game: Game, side: Side, ops: int) -> str | None:
    """Why `side` may not attempt the Space Race with a card of `ops` (base §6.4: the last box,
    attempts this turn, the box's ops), or None."""
    return space_refusal(game.state, game.rules, side, ops)


def can_space(game: Game, side: Side, ops: int) -> bool:
    return why_not_space(game, side, ops) is None


def space(game: Game, side: Side, ops: int) -> list[Record]:
    """One Space Race attempt with a card of `ops` (its die is chance's question)."""
    return _done(game, lambda: attempt(game, side, ops))


def play_card(game: Game, side: Side, card: int, how: str | None = None) -> list[Record]:
    """Play `card` for `side` as an action round does: `how` ("event", "ops", "space_race"; asked
    of the side when None), then the moments after a card is resolved (the `card_played`
    hooks: Flower Power's and Missile Envy's, NORAD's fire at DEFCON 2). The engine's own
    play_card leaves those to the turn flow. Returns the records it appended."""

    def act() -> None:
        done = _play_card(game, side, card, how)
        run_hooks(game, "card_played", side=side, card=card, how=done)

    return _done(game, act)


def game_at(
    rules: Ruleset,
    state: GameState,
    *,
    us: Iterable[Answer] | ChoiceProvider = (),
    ussr: Iterable[Answer] | ChoiceProvider = (),
    dice: Iterable[int] = (),
    strict: bool = True,
) -> Game:
    """A game at `state` whose sides answer from scripts (lists of answers, `Script`) or are
    players themselves (anything with `choose(game, choice)`: testing's `DrawnPlayer`, a stand-in)
    and whose dice come from `dice` (running out of dice is an error; other chance questions
    take the first option)."""
    lists = {
        side: () if hasattr(p, "choose") else p for side, p in ((Side.US, us), (Side.USSR, ussr))
    }
    game = _game_at(
        rules, state, us=lists[Side.US], ussr=lists[Side.USSR], dice=dice, strict=strict
    )
    for side, player in ((Side.US, us), (Side.USSR, ussr)):
        if hasattr(player, "choose"):
            game.providers[side] = player  # type: ignore[assignment]
    return game
