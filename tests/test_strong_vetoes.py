"""The strong stand-in's vetoes in every round (issue #43, players/tail_risk.py): no play whose
own action brings DEFCON 1 (spec §20.1.2), and no play after which the AI wins by 20 VP or
Europe's control while the stand-in leads (spec §20.1.1, §20.1.5)."""

from __future__ import annotations

import contextlib
import random
from dataclasses import dataclass, field

import pytest

from twsolo.engine.choices import Answer, Choice, ChoiceProvider
from twsolo.engine.game import Game
from twsolo.engine.state import Result
from twsolo.ids import Side
from twsolo.players.knowledge import knowledge
from twsolo.players.lookahead import Look, RolloutHuman, samples, world_flow
from twsolo.players.ops_plans import coup_targets
from twsolo.players.plays import candidates
from twsolo.players.strong import Budget, rank_answers
from twsolo.players.tail_risk import own_defcon_loss, throws_lead, vetoed_last, vetoed_later
from twsolo.ruleset import Ruleset
from twsolo.sim.runs import GameSpec, providers
from twsolo.solo import SoloOptions, play_game
from twsolo.solo.action_rounds import human_ways
from twsolo.solo.regions import primary_region


class Stop(Exception):
    pass


# Base §6.3.5 (DEFCON restrictions): at DEFCON 2 coups are open only outside Europe, Asia and the
# Middle East.
OPEN_AT_DEFCON_2 = {"africa", "central_america", "south_america"}


@dataclass
class Capture:
    """The human's provider: the first action-round card decision whose Primary Region is open
    to coups at DEFCON 2 stops the game there."""

    inner: object
    found: tuple[Game, Choice] | None = None

    def choose(self, game: Game, choice: Choice) -> Answer:
        if choice.kind == "ar_card" and battleground_coup_at_defcon_2(game, choice.actor):
            self.found = (game, choice)
            raise Stop
        return self.inner.choose(game, choice)  # type: ignore[attr-defined]


def battleground_coup_at_defcon_2(game: Game, human: object) -> bool:
    rules, state = game.rules, game.state.copy()
    region = primary_region(state, rules)
    if region not in OPEN_AT_DEFCON_2 or not isinstance(human, Side):
        return False
    state.defcon = 2
    targets = coup_targets(state, rules, human, list(rules.members(region)))
    return any(rules.countries[c].battleground for c in targets)


def action_round_open_to_coups(rules: Ruleset, seed: int, ai: Side) -> tuple[Game, Choice]:
    chosen = providers(GameSpec(seed, ai.value, "greedy"), ai)
    capture = Capture(chosen[ai.other])
    chosen[ai.other] = capture
    with contextlib.suppress(Stop):
        play_game(rules, SoloOptions(ai_side=ai), chosen)
    assert capture.found is not None
    return capture.found


def test_a_battleground_coup_at_defcon_2_is_vetoed_and_ranked_last(rules: Ruleset) -> None:
    """At DEFCON 2 a battleground coup of the human's own loses the game on its action: the veto
    finds every such play (and no influence play of a card without a DEFCON event), and the
    ranking puts them after every other play."""
    game, choice = action_round_open_to_coups(rules, 0, Side.USSR)
    human = Side.US
    game.state.defcon = 2
    k = knowledge(game, human)
    world = samples(game.state, k, human.other, 1, random.Random(1))[0]
    drawn = [int(c) for c in choice.context.get("drawn", choice.options)]
    suicides, safe = [], []
    for card in drawn:
        flow = world_flow(game, world.world.copy(), RolloutHuman(human), world)
        ways = human_ways(flow, card, [c for c in drawn if c != card])
        for play in candidates(game.state, rules, human, card, ways):
            lost = own_defcon_loss(game, world, play, drawn)
            plan = play.ops
            if plan is not None and plan.kind == "coup" and plan.target is not None:
                if rules.countries[plan.target].battleground:
                    assert lost, play.describe(rules)
                    suicides.append(play.describe(rules))
            elif plan is not None and plan.kind == "influence" and not lost:
                safe.append(play.describe(rules))
    assert suicides, "the position offers no battleground coup: choose another seed"
    assert safe
    labels = [r.label for r in rank_answers(game, choice, human, 0, Budget(samples=0)).ranking]
    assert set(suicides) <= set(labels)
    assert set(safe) <= set(labels)
    assert min(labels.index(x) for x in suicides) > max(labels.index(x) for x in safe)


def test_the_lead_guard_reads_only_a_lead_thrown_to_europe_or_20_vp() -> None:
    class S:  # the state's VP is all the guard reads of it
        def __init__(self, vp: int) -> None:
            self.vp = vp

    europe = Look(-100.0, Result(Side.USSR, "europe_control"))
    vp20 = Look(-100.0, Result(Side.USSR, "vp20"))
    plain = Look(1.0, None)
    us = Side.US
    assert throws_lead(S(3), us, [plain, europe])  # type: ignore[arg-type]
    assert throws_lead(S(3), us, [vp20])  # type: ignore[arg-type]
    assert not throws_lead(S(-3), us, [europe])  # type: ignore[arg-type]  # not leading
    assert not throws_lead(S(0), us, [europe])  # type: ignore[arg-type]
    assert not throws_lead(S(3), us, [plain])  # type: ignore[arg-type]
    defcon = Look(-100.0, Result(Side.USSR, "defcon1"))
    assert not throws_lead(S(3), us, [defcon])  # type: ignore[arg-type]
    assert throws_lead(S(-3), Side.USSR, [Look(-1.0, Result(Side.US, "europe_control"))])  # type: ignore[arg-type]


def test_the_lazy_veto_orders_as_the_eager_one_and_judges_only_what_is_taken() -> None:
    """`vetoed_later` gives `vetoed_last`'s order, and judges an item only when the one before
    it has been taken: the action round's DEFCON veto (a play on a world) runs only for the
    plays the full look-ahead reaches."""
    items = [5, 2, 8, 1, 9, 4]
    judged: list[int] = []

    def vetoes(x: int) -> bool:
        judged.append(x)
        return x % 2 == 0

    assert list(vetoed_later(items, vetoes)) == vetoed_last(items, lambda x: x % 2 == 0)
    judged.clear()
    taken = vetoed_later(items, vetoes)
    assert [next(taken), next(taken)] == [5, 1]
    assert judged == [5, 2, 8, 1]


@dataclass
class LastPlay:
    """The stand-in, noting its last action-round decision: when (turn, action round), the
    cards it offered and how many ways to play the card chosen."""

    player: ChoiceProvider
    at: tuple[int, int] = (0, 0)
    options: tuple[int, ...] = ()
    ways: int = 0

    @property
    def cards(self) -> int:
        return len(self.options)

    def choose(self, game: Game, choice: Choice) -> Answer:
        if choice.kind == "ar_card":
            self.at = (game.state.turn, game.state.action_round)
            self.options = tuple(int(str(o)) for o in choice.options)
            self.ways = 1
        elif choice.kind == "play":
            self.ways = len(choice.options)
        return self.player.choose(game, choice)


# Seeds of the 1,000-game measurement (enhanced AI, normal, balanced set-up) where the vetoed
# stand-in ended the game by its own DEFCON 1: seed 4791 coups a battleground at DEFCON 2 (every
# play was vetoed, the lead guard's too, and the vetoes were not ranked), 4391 plays Missile
# Envy for its event at DEFCON 2 and is handed an event that lowers DEFCON (card-events #49);
# 4424 holds only Soviets Shoot Down KAL-007, whose event fires however it is played.
@pytest.mark.parametrize(("seed", "ai"), [(4791, "ussr"), (4391, "ussr"), (4424, "us")])
def test_the_stand_in_ends_a_game_by_its_own_defcon_1_only_when_forced(
    rules: Ruleset, seed: int, ai: str
) -> None:
    spec = GameSpec(seed, ai, "strong", enhanced=True, balanced_setup=True)
    seats = providers(spec, Side(ai))
    human = Side(ai).other
    last = LastPlay(seats[human])
    seats[human] = last
    record = play_game(rules, spec.options(), seats)
    assert record.result is not None
    own_loss = record.result.reason == "defcon1" and record.result.winner is not human
    assert not own_loss or last.cards == last.ways == 1, (seed, record.result)


@dataclass
class PlaysCard:
    """The stand-in, but at the action-round card choice of `turn`/`action_round` it plays
    `card`: an alternative to the card it chose."""

    player: ChoiceProvider
    at: tuple[int, int]
    card: int

    def choose(self, game: Game, choice: Choice) -> Answer:
        state = game.state
        if choice.kind == "ar_card" and (state.turn, state.action_round) == self.at:
            return self.card
        return self.player.choose(game, choice)


# Seed 4488 of the seed's AI's 1,000-game measurement (normal, standard set-up): the stand-in
# (USSR) holds Star Wars and Soviets Shoot Down KAL-007 at DEFCON 2 in turn 8. KAL-007's event
# fires however it is played; Star Wars hands the AI a card from the discards, and the AI takes
# Five Year Plan, whose random discard is KAL-007 (card-events #85, #5).
def test_a_defcon_1_of_its_own_is_forced_when_every_card_it_held_loses(rules: Ruleset) -> None:
    """Whenever the game ends by the stand-in's own DEFCON 1, each card it could have played
    in that round, played instead, ends the game the same way."""
    spec = GameSpec(4488, "us", "strong")
    seats = providers(spec, Side.US)
    last = LastPlay(seats[Side.USSR])
    seats[Side.USSR] = last
    result = play_game(rules, spec.options(), seats).result
    own_loss = result == Result(Side.US, "defcon1") and len(last.options) > 1
    assert own_loss, "the game no longer ends by a choice of losing cards: choose another seed"
    for card in last.options:
        seats = providers(spec, Side.US)
        seats[Side.USSR] = PlaysCard(seats[Side.USSR], last.at, card)
        assert play_game(rules, spec.options(), seats).result == result, card


# Seeds of the 1,000-game measurements where the stand-in (USSR) ended the game by its own
# DEFCON 1 before the bomb guard: it kept a card carrying the AI's event that lowers DEFCON
# (KAL-007, Duck and Cover, Star Wars) at DEFCON 3, or spent the Space Race while one lay in its
# deck/hand, until that card was all it had at DEFCON 2 (the enhanced AI: 4336, standard set-up;
# 4424, 4890, 4932, balanced; the seed's AI: 4146, standard; 4814, balanced); 4374 (the seed's
# AI, standard) then couped a battleground at DEFCON 2 with its trap card, the trap veto hiding
# the DEFCON one.
@pytest.mark.parametrize(
    ("seed", "enhanced", "balanced"),
    [
        (4336, True, False),
        (4424, True, True),
        (4890, True, True),
        (4932, True, True),
        (4146, False, False),
        (4814, False, True),
        (4374, False, False),
    ],
)
def test_the_bomb_guard_ends_no_game_by_the_stand_ins_own_defcon_1(
    rules: Ruleset, seed: int, enhanced: bool, balanced: bool
) -> None:
    spec = GameSpec(seed, "us", "strong", enhanced=enhanced, balanced_setup=balanced)
    result = play_game(rules, spec.options(), providers(spec, Side.US)).result
    assert result is not None
    assert result != Result(Side.US, "defcon1")


@dataclass
class Decisions:
    """The stand-in, noting each action-round card choice: (turn, round, DEFCON, offered,
    chosen)."""

    player: ChoiceProvider
    seen: list[tuple[int, int, int, tuple[int, ...], int]] = field(default_factory=list)

    def choose(self, game: Game, choice: Choice) -> Answer:
        answer = self.player.choose(game, choice)
        if choice.kind == "ar_card":
            s = game.state
            offered = tuple(int(str(o)) for o in choice.options)
            self.seen.append((s.turn, s.action_round, s.defcon, offered, int(str(answer))))
        return answer


def test_the_bomb_is_played_at_defcon_3_when_it_must_come_back(rules: Ruleset) -> None:
    """Seed 4424 (enhanced AI, balanced set-up), turn 9 AR3 at DEFCON 3: the stand-in draws
    Soviets Shoot Down KAL-007 with 4 cards left in its deck/hand for 4 rounds; kept, it came
    back as its only card at DEFCON 2. It plays it now: the event costs DEFCON 2, not the game."""
    spec = GameSpec(4424, "us", "strong", enhanced=True, balanced_setup=True)
    seats = providers(spec, Side.US)
    noted = Decisions(seats[Side.USSR])
    seats[Side.USSR] = noted
    play_game(rules, spec.options(), seats)
    at = [d for d in noted.seen if d[:2] == (9, 3)]
    assert at, "turn 9 AR3 never came: choose another seed"
    assert at[0][2:4] == (3, (50, 89)), "another position: choose another seed"
    assert at[0][4] == 89
