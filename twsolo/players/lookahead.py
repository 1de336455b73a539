"""The strong stand-in's look-ahead: a candidate decision played on sampled worlds through the
real turn flow, the AI answering with its own code (`Bot`), until the human's next card
decision (or the end of the turn), then the position judged by `evaluate.value`.

The AI is deterministic given the card it reveals, so the look-ahead samples what the AI may
reveal next (stratified over the chances `Knowledge.reveal_weights` gives) and lets the real
AI answer. Every candidate is judged on the same samples (the same worlds, the same card for the
AI, the same dice streams), so their differences are not noise of the sampling.
"""

from __future__ import annotations

import contextlib
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from twsolo.ai.bot import Bot
from twsolo.engine import calendar
from twsolo.engine.choices import CHANCE, Actor, Answer, Choice, ChoiceProvider, FixedDice
from twsolo.engine.coup import coup
from twsolo.engine.events import play_event
from twsolo.engine.game import Game, GameOver
from twsolo.engine.ops import OpsBudget
from twsolo.engine.space import has_ability
from twsolo.engine.state import GameState, Result, hand_of
from twsolo.ids import CardId, Side
from twsolo.players.evaluate import DEFAULT, Weights, value
from twsolo.players.knowledge import Knowledge, World, sample_world
from twsolo.players.plays import Play, PlayScript
from twsolo.solo.action_rounds import (
    action_rounds,
    ai_action,
    extra_rounds,
    penalty,
    play_drawn,
)
from twsolo.solo.flow import Flow, RoundInfo
from twsolo.solo.headline import BOX_4, ai_pick, put_bottom, resolve
from twsolo.solo.options import SoloOptions
from twsolo.solo.regions import primary_region, region_countries, secondary_region
from twsolo.solo.scoring_rounds import score_primary
from twsolo.solo.seat import HumanSeat, RoundArea
from twsolo.solo.turn import end_of_turn

# The human's card decisions: the look-ahead stops when the next one is asked.
CARD_DECISIONS = ("ar_card", "headline", "draft")
DICE = range(1, 7)


class Horizon(Exception):
    """The look-ahead reached the human's next card decision."""


@dataclass(frozen=True)
class Sample:
    """One world and the chance that goes with it: `first`, the card the AI reveals next;
    `human_die`, the human's first die (stratified over the samples); `seed`, the rest."""

    world: World
    first: int | None
    human_die: int
    seed: int


def samples(
    state: GameState, k: Knowledge, ai: Side, count: int, rng: random.Random
) -> list[Sample]:
    """`count` worlds, the AI's next card stratified over its chances (systematic sampling:
    a card with chance p is the AI's next card in about p × count of them)."""
    hand = hand_of(ai)
    weights = k.reveal_weights(state, hand)
    shift, die_shift = rng.random(), rng.random()
    out = []
    for i in range(count):
        first: int | None = None
        if weights:
            x, acc = (i + shift) / count, 0.0
            pick = weights[-1][0]
            for card, w in weights:
                acc += w
                if x < acc:
                    pick = card
                    break
            first = pick if pick is not None else rng.choice(k.pool)
        forced = {hand: first} if first is not None else None
        world = sample_world(state, random.Random(rng.random()), first=forced)
        die = int((i + die_shift) * 6 / count) % 6 + 1
        out.append(Sample(world, first, die, rng.getrandbits(32)))
    return out


class WorldChance:
    """Chance in a world: the sample's first AI card and first human die, then seeded streams
    (one per roller, so one side's extra die does not shift the other's)."""

    def __init__(self, sample: Sample, human: Side) -> None:
        self.first = sample.first
        self.hand = hand_of(human.other)
        self.human = human
        self.human_die: int | None = sample.human_die
        self.seed = sample.seed
        self.streams: dict[object, random.Random] = {}

    def stream(self, key: Side | str | None) -> random.Random:
        if key not in self.streams:
            self.streams[key] = random.Random(f"{self.seed}:{key}")
        return self.streams[key]

    def choose(self, game: Game, choice: Choice) -> Answer:
        if choice.kind == "die":
            roller = choice.context.get("roller")
            if roller is self.human and self.human_die is not None:
                die, self.human_die = self.human_die, None
                return die
            return self.stream(roller).choice(choice.options)
        if choice.kind == "draw" and choice.context.get("pile") == self.hand:
            first, self.first = self.first, None
            if first in choice.options:
                return first
        return self.stream("other").choice(choice.options)


class RolloutHuman:
    """The human in a world: the candidate's script, then the AI's own rules applied to the
    human's side (spec §1.8, as a dry run does); the next card decision ends the look-ahead."""

    def __init__(self, side: Side, script: PlayScript | None = None) -> None:
        self.script = script
        self.rules = Bot(side, dry=True)

    def choose(self, game: Game, choice: Choice) -> Answer:
        if choice.kind in CARD_DECISIONS:
            raise Horizon
        if self.script is not None:
            answer = self.script.answer(game, choice)
            if answer is not None:
                return answer
        if choice.kind == "bottom":
            return choice.options[0]
        return self.rules.choose(game, safe(game, choice))


def lowers_defcon(game: Game, side: Side, option: Answer) -> bool:
    """A coup by `side` in the country `option` lowers DEFCON (base §6.3.4: a battleground;
    not the US's under Nuclear Subs)."""
    c = game.rules.index.get(str(option))
    if c is None or not game.rules.countries[c].battleground:
        return False
    return not (side is Side.US and game.state.has_effect(CardId.NUCLEAR_SUBS))


def safe(game: Game, choice: Choice) -> Choice:
    """The question without the coups that would bring DEFCON to 1 on the human's own turn
    (spec §20.1.2: the human loses), when another answer is left: the AI's rules, applied to
    the human's side, do not know that rule (the AI can never lose so, spec §11.1)."""
    is_coup = choice.kind == "coup" or choice.context.get("intent") == "coup"
    side = choice.actor
    if not is_coup or game.state.defcon > 2 or not isinstance(side, Side):
        return choice
    kept = tuple(o for o in choice.options if not lowers_defcon(game, side, o))
    return replace(choice, options=kept) if kept and kept != choice.options else choice


def world_flow(game: Game, world: World, human: RolloutHuman, sample: Sample) -> Flow:
    """A turn flow on `world` (its state and its dealer: never the game's) with the real AI,
    the rollout human and the sample's chance."""
    ai = world.state.ai_side
    assert ai is not None
    seat = HumanSeat(human)
    providers: dict[Actor, ChoiceProvider] = {
        ai: Bot(ai, keep=False),
        ai.other: seat,
        CHANCE: WorldChance(sample, ai.other),
    }
    trial = Game(game.rules, world.state, providers, policy=game.policy, dealer=world.dealer)
    return Flow(trial, SoloOptions(ai_side=ai), seat)


def ai_acts_after(flow: Flow, info: RoundInfo) -> bool:
    """Whether the AI acts after the human in the current round (spec §8.2: the human first in
    a Scoring Round; otherwise the USSR first, base A4.D; an extra round only for its holder)."""
    if info.scoring:
        return True
    if flow.human is not Side.USSR:
        return False
    if info.extra:
        k = info.round - calendar.action_rounds(flow.game.state.turn)
        return extra_rounds(flow, flow.ai) >= k
    return True


def current_round(flow: Flow) -> RoundInfo:
    """The account of the round the look-ahead resumes, its off-region area set on the seat
    (spec §10.2: the Primary and Secondary Regions; the world's log begins here)."""
    state, rules = flow.game.state, flow.game.rules
    vp = rules.regions.human_offregion_penalty_vp
    flow.seat.area = RoundArea(region_countries(state, rules), 0, vp)
    n = state.action_round
    return RoundInfo(
        state.turn,
        n,
        primary_region(state, rules),
        secondary_region(state, rules),
        state.scoring_round,
        extra=n > calendar.action_rounds(state.turn),
    )


@dataclass(frozen=True, slots=True)
class Look:
    """Where a look-ahead stopped: its value for the human and how the game ended there (None:
    it goes on)."""

    value: float
    result: Result | None


def play_out(flow: Flow, act: Callable[[Flow], RoundInfo | None], w: Weights) -> Look:
    """Run `act` (the candidate: the human's part of the current round, returning the round's
    account, or None for the headline), then the turn on until the human's next card
    decision or the turn's end; the value of where it stopped, and the game's end if it came."""
    game = flow.game
    human = flow.human
    pending: frozenset[Side] = frozenset()
    try:
        info = act(flow)
        if info is not None:
            assert flow.seat.area is not None
            penalty(flow, info, flow.seat.area)
            flow.seat.area = None
            if ai_acts_after(flow, info):
                ai_action(flow)
            if info.scoring:
                score_primary(flow)
            first = info.round + 1
        else:
            first = 1
        if info is None or not info.extra:
            action_rounds(flow, first)
            end_of_turn(flow)
            game.state.action_round = 0  # judged as before the next turn
    except Horizon:
        state = game.state
        first_in_round = state.scoring_round or human is Side.USSR
        pending = frozenset({human, human.other} if first_in_round else {human})
    except GameOver:
        pass
    return Look(value(game.state, game.rules, human, w, pending), game.state.result)


def ar_value(
    game: Game, sample: Sample, play: Play, drawn: Sequence[int], w: Weights = DEFAULT
) -> Look:
    """The look-ahead of `play` among the `drawn` cards on one sample (spec §10.1)."""
    world = sample.world.copy()
    ai = world.state.ai_side
    assert ai is not None
    flow = world_flow(game, world, RolloutHuman(ai.other, script_for(play, world.state)), sample)

    def act(flow: Flow) -> RoundInfo:
        info = current_round(flow)
        play_drawn(flow, play.card, list(drawn))
        return info

    return play_out(flow, act, w)


def headline_value(
    game: Game,
    sample: Sample,
    card: int,
    drawn: Sequence[int],
    ai_card: int | None,
    w: Weights = DEFAULT,
) -> float:
    """The value of headlining `card` (spec §9.1) on one sample: the others to the bottom, the
    AI's pick (unless it picked first, `ai_card`), both resolved (§9.3), then the action
    rounds up to the human's first."""
    world = sample.world.copy()
    ai = world.state.ai_side
    assert ai is not None
    flow = world_flow(game, world, RolloutHuman(ai.other), sample)

    def act(flow: Flow) -> None:
        put_bottom(flow, [c for c in drawn if c != card], "headline")
        picked = ai_card
        if picked is None and not has_ability(flow.game.state, flow.game.rules, ai.other, BOX_4):
            knows = has_ability(flow.game.state, flow.game.rules, ai, BOX_4)
            picked = ai_pick(flow.game, ai, card if knows else None)
        cards = {ai.other: card}
        if picked is not None:
            cards[ai] = picked
        resolve(flow, cards)

    return play_out(flow, act, w).value


def first_pending(game: Game, sample: Sample) -> frozenset[Side]:
    """The sides still to act in the current round after the human's play (the AI, when it
    acts after the human), for the first look's values on `sample`'s world."""
    ai = sample.world.state.ai_side
    assert ai is not None
    flow = world_flow(game, sample.world.copy(), RolloutHuman(ai.other), sample)
    return frozenset({ai} if ai_acts_after(flow, current_round(flow)) else ())


def first_look(
    game: Game,
    sample: Sample,
    play: Play,
    drawn: Sequence[int],
    side_effect: float,
    w: Weights,
    pending: frozenset[Side],
) -> float:
    """The value right after the human's play alone, before the AI answers: the cheap first
    look that keeps the candidates worth a full look-ahead. Influence and coups are applied to
    the board directly (a coup averaged over the die's six faces) and `side_effect` (what the
    AI's event the card carries does, `event_effect`) is added; events and the Space Race go
    through the engine. `pending`: the sides still to act in the round (`first_pending`)."""
    world, rules = sample.world.state, game.rules
    ai = world.ai_side
    assert ai is not None
    human = ai.other
    plan = play.ops
    if plan is not None and plan.kind == "influence":
        board = world.board_copy()
        for c in plan.points:
            board.influence[c, human.col] += 1
        allowed = region_countries(world, rules)
        outside = any(c not in allowed for c in plan.points)  # spec §10.2: the penalty
        penalty_vp = rules.regions.human_offregion_penalty_vp if outside else 0
        return value(board, rules, human, w, pending) + side_effect - penalty_vp
    if plan is not None and plan.kind == "coup" and plan.target is not None:
        budget = OpsBudget.for_card(world, rules, human, play.card)
        ops = budget.base + sum(1 for a in budget.areas if rules.in_region(plan.target, a))
        looks = []
        for die in DICE:
            board = world.copy()
            trial = Game(rules, board, {CHANCE: FixedDice([die])}, policy=game.policy)
            with contextlib.suppress(GameOver):
                coup(trial, human, plan.target, ops)
            looks.append(value(board, rules, human, w, pending))
        return statistics.fmean(looks) + side_effect
    looks = []
    for die in DICE if play.how == "space_race" else (sample.human_die,):
        once = Sample(sample.world, None, die, sample.seed)
        human_play = RolloutHuman(human, script_for(play, world))
        flow = world_flow(game, sample.world.copy(), human_play, once)
        with contextlib.suppress(GameOver, Horizon):
            play_drawn(flow, play.card, list(drawn))
        looks.append(value(flow.game.state, rules, human, w, pending))
    return statistics.fmean(looks)


def event_effect(
    game: Game,
    sample: Sample,
    card: int,
    w: Weights,
    *,
    player: Side | None = None,
    triggered: bool = True,
    aside: Sequence[int] = (),
) -> float:
    """What `card`'s event does to the human's position, in value, played on the world by
    `player` (default the human); `triggered`: the card was played for ops and the event is
    the opponent's (base §5.2). By default: the AI's event of a card the human plays for ops.
    `aside`: the other cards the human drew, put at the bottom of the human's deck/hand first
    (as the action round does, spec §10.1.1)."""
    world = sample.world.copy()
    state = world.state
    ai = state.ai_side
    assert ai is not None
    flow = world_flow(game, world, RolloutHuman(ai.other), sample)
    before = value(state, game.rules, ai.other, w)
    with contextlib.suppress(GameOver, Horizon):
        to_table(flow.game, card, aside)
        play_event(flow.game, card, player or ai.other, triggered=triggered)
    return value(state, game.rules, ai.other, w) - before


def to_table(game: Game, card: int, aside: Sequence[int]) -> None:
    """`card` alone on the table, as when it is played: the `aside` cards (the others the
    human drew) go to the bottom of the human's deck/hand first (spec §10.1.1)."""
    human = game.state.ai_side.other if game.state.ai_side else Side.US
    for other in aside:
        game.move_card(other, hand_of(human), bottom=True)
    if game.state.where(card) != "table":
        game.move_card(card, "table")


def drops_defcon(game: Game, sample: Sample, card: int, aside: Sequence[int] = ()) -> bool:
    """Whether the AI's event that `card` carries, set off by the human's ops, lowers DEFCON
    (probed on the world at DEFCON 3, the `aside` cards put away as in `event_effect`): held
    at DEFCON 2 as the human's last card, it loses the game (spec §20.1.2)."""
    world = sample.world.copy()
    state = world.state
    ai = state.ai_side
    assert ai is not None
    state.defcon = 3
    flow = world_flow(game, world, RolloutHuman(ai.other), sample)
    with contextlib.suppress(GameOver, Horizon):
        to_table(flow.game, card, aside)
        play_event(flow.game, card, ai.other, triggered=True)
    return state.defcon < 3


def script_for(play: Play, world: GameState) -> PlayScript:
    ai = world.ai_side
    assert ai is not None
    return PlayScript(play, ai.other, world.influence.tobytes())
