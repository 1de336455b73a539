"""The strong stand-in's answers to the questions asked while a play is under way: ops being
spent (a card's, or an event's grant), a point an event moves, and any other question inside
an event (a target, a coup, an option) — each answer judged on a world, never the true state."""

from __future__ import annotations

import contextlib
import random
import statistics

from twsolo.ai.bot import Bot
from twsolo.engine.choices import CHANCE, Actor, Answer, Choice, ChoiceProvider
from twsolo.engine.coup import coup
from twsolo.engine.events import play_event
from twsolo.engine.game import Game, GameOver
from twsolo.engine.influence import place_point
from twsolo.engine.operations import conduct_operations
from twsolo.engine.ops import OpsBudget
from twsolo.errors import IllegalActionError
from twsolo.ids import Side
from twsolo.phrases import answer_word, say
from twsolo.players.evaluate import Weights, value
from twsolo.players.knowledge import Knowledge, World, sample_world, seen_since
from twsolo.players.lookahead import (
    DICE,
    Horizon,
    RolloutHuman,
    Sample,
    WorldChance,
    samples,
    world_flow,
)
from twsolo.players.ops_plans import OpsPlan, coup_targets, influence_plan
from twsolo.players.plays import Play, PlayScript, describe_plan, regions_now
from twsolo.players.ranking import Decision, Ranked
from twsolo.ruleset import Ruleset

RERUNS = 3  # worlds per answer when an event is re-run


# ---------------------------------------------------------------------- operations
def rank_operations(
    game: Game, choice: Choice, k: Knowledge, rng: random.Random, w: Weights
) -> Decision:
    """Ops being spent (a card's, or an event's grant): each way to spend what is left, played
    on one world through the engine (a die averaged over its six faces), judged right away."""
    rules, side = game.rules, k.side
    budget = choice.context["budget"]
    assert isinstance(budget, OpsBudget)
    access = choice.context.get("access")  # an influence action under way keeps its access
    world = sample_world(game.state, rng)
    board = world.state
    regions = regions_now(board, rules) or ["europe"]
    plans: list[tuple[OpsPlan, tuple[str, ...]]] = []
    kinds = [str(o) for o in choice.options] if choice.kind == "operation" else [choice.kind]
    if "influence" in kinds:
        for focus in dict.fromkeys([*((r,) for r in regions), tuple(regions)]):
            points = influence_plan(board, rules, side, budget, list(focus), access)
            if points:
                plans.append((OpsPlan("influence", points), focus))
    if "coup" in kinds:
        allowed = {c for r in regions for c in rules.members(r)}
        targets = coup_targets(board, rules, side, allowed)
        if choice.kind == "coup":
            targets = [rules.index[str(o)] for o in choice.options if str(o) in rules.index]
        plans += [(OpsPlan("coup", target=t), ()) for t in targets]
    if "space_race" in kinds:
        plans.append((OpsPlan("space_race"), ()))
    ranking: list[Ranked] = []
    scripts: dict[str, PlayScript] = {}
    for plan, focus in plans:
        first = ops_first_answer(rules, choice, plan)
        if first is None:
            continue
        play = Play(0, "ops", plan, focus)
        label = describe_plan(rules, plan)
        dice = DICE if plan.kind in ("coup", "space_race") else (3,)
        v = statistics.fmean(
            operations_value(game, world, play, budget, choice, d, w) for d in dice
        )
        ranking.append(Ranked(first, v, label))
        scripts.setdefault(label, PlayScript(play, side, board.influence.tobytes(), 0))
    if not ranking:
        return by_rules(game, choice, k, rng)
    ranking.sort(key=lambda r: -(r.value or 0.0))
    script = scripts[ranking[0].label]
    script.depth = len(game.event_frames)
    script.answer(game, choice)  # consume the first answer the ranking gives
    return Decision(ranking, script)


def ops_first_answer(rules: Ruleset, choice: Choice, plan: OpsPlan) -> Answer | None:
    """The answer `plan` gives to `choice` (its kind, its first legal point, its target)."""
    if choice.kind == "operation":
        return plan.kind if plan.kind in choice.options else None
    if choice.kind == "influence":
        return next(
            (p for c in plan.points if (p := rules.countries[c].id) in choice.options), None
        )
    if plan.target is not None and rules.countries[plan.target].id in choice.options:
        return rules.countries[plan.target].id
    return None


def operations_value(
    game: Game,
    world: World,
    play: Play,
    budget: OpsBudget,
    choice: Choice,
    die: int,
    w: Weights,
) -> float:
    """The value after spending `budget` by `play`'s plan on a copy of `world`: a whole
    operation, or (asked for a point or a target) what is left of one."""
    trial_world = world.copy()
    state = trial_world.state
    side = state.ai_side.other if state.ai_side else Side.US
    sample = Sample(trial_world, None, die, die)
    human = RolloutHuman(side, PlayScript(play, side, state.influence.tobytes()))
    trial = world_flow(game, trial_world, human, sample).game
    plan, spend = play.ops, budget.copy()
    with contextlib.suppress(GameOver, IllegalActionError):
        if choice.kind == "operation":
            conduct_operations(
                trial,
                side,
                spend,
                allow_space=bool(choice.context.get("allow_space")),
                card_ops=int(choice.context.get("card_ops", 0)),
            )
        elif plan is not None and plan.kind == "influence":
            access = choice.context.get("access")
            assert isinstance(access, frozenset)
            for c in plan.points:
                place_point(trial, side, c, spend, access)
        elif plan is not None and plan.target is not None:
            ops = spend.base + sum(1 for a in spend.areas if game.rules.in_region(plan.target, a))
            coup(trial, side, plan.target, ops)
    return value(state, game.rules, side, w, frozenset({side.other}))


# ---------------------------------------------------------------------- event choices
def rank_points(
    game: Game, choice: Choice, k: Knowledge, rng: random.Random, w: Weights
) -> Decision:
    """An event's point of influence added or removed (spec §10.2.4: events resolve as
    printed): each country judged by the position with that point moved."""
    rules, side = game.rules, k.side
    whose = choice.context.get("influence_of") or side
    assert isinstance(whose, Side)
    step = 1 if choice.context.get("intent") == "add" else -1
    ranking = []
    for option in choice.options:
        c = rules.index.get(str(option))
        if c is None:
            continue
        board = game.state.board_copy()  # the board: all public
        board.influence[c, whose.col] = max(0, board.inf(c, whose) + step)
        v = value(board, rules, side, w) - outside_cost(choice, option)
        ranking.append(Ranked(option, v, rules.countries[c].name))
    if not ranking:
        return by_rules(game, choice, k, rng)
    ranking.sort(key=lambda r: -(r.value or 0.0))
    return Decision(ranking)


def outside_cost(choice: Choice, option: Answer) -> int:
    """Spec §10.2.2, §10.2.4: the penalty this answer would cost, as the human's seat marks it
    (the options outside the Primary and Secondary Regions while the round's penalty is still
    avoidable)."""
    costly = choice.context.get("off_region", ())
    return int(choice.context.get("penalty_vp", 0)) if option in costly else 0


def rank_by_rerun(
    game: Game, choice: Choice, k: Knowledge, rng: random.Random, w: Weights
) -> Decision:
    """A question inside an event (a target, a die direction, an option): the event re-run
    from its start on a few worlds with each answer, judged where it ends."""
    worlds = samples(game.state, k, k.side.other, RERUNS, rng)
    ranking = []
    for option in choice.options:
        values = [rerun_value(game, k, choice, option, s, w) for s in worlds]
        if any(v is None for v in values):
            return by_rules(game, choice, k, rng)
        v = statistics.fmean(x for x in values if x is not None)
        ranking.append(Ranked(option, v, option_name(game.rules, option)))
    ranking.sort(key=lambda r: -(r.value or 0.0))
    return Decision(ranking)


def option_name(rules: Ruleset, option: Answer) -> str:
    """An answer as the hint says it: a country by its name, a card by its number and name,
    a word of the play grammar as its label."""
    c = rules.index.get(str(option))
    if c is not None:
        return rules.countries[c].name
    if isinstance(option, int) and option in rules.cards:
        return str(rules.card(option))
    return answer_word(str(option))


def by_rules(game: Game, choice: Choice, k: Knowledge, rng: random.Random) -> Decision:
    """Any other question: the AI's own rules applied to the human's side (spec §1.8), asked
    on a world so that they see no face-down card."""
    world = sample_world(game.state, rng)
    chance = WorldChance(Sample(world, None, 3, 0), k.side)
    trial = Game(game.rules, world.state, {CHANCE: chance}, dealer=world.dealer)
    trial.event_frames = list(game.event_frames)  # their starts are states: what the table knew
    answer = Bot(k.side, dry=True).choose(trial, choice)
    label = say("hint.label.by_rules", answer=option_name(game.rules, answer))
    return Decision([Ranked(answer, None, label)])


class Diverged(Exception):
    """A re-run asked something else than the answers recorded in the event."""


class Rerun:
    """Answers an event re-run from its start: the answers given in it so far, then the option
    under test (to the same question), then the world's players."""

    def __init__(
        self,
        prefix: list[tuple[str, str, Answer]],
        question: Choice,
        option: Answer,
        players: dict[Actor, ChoiceProvider],
    ) -> None:
        self.prefix = prefix
        self.question: Choice | None = question
        self.option = option
        self.players = players

    def choose(self, game: Game, choice: Choice) -> Answer:
        if self.prefix:
            actor, kind, answer = self.prefix.pop(0)
            if actor != str(choice.actor) or kind != choice.kind:
                raise Diverged
            if kind == "deal":  # which card went face down: hidden, the world's dealer says
                return self.players[CHANCE].choose(game, choice)
            if answer not in choice.options:
                raise Diverged
            return answer
        if self.question is not None:
            asked, self.question = self.question, None
            if (asked.actor, asked.kind) != (choice.actor, choice.kind):
                raise Diverged
            if self.option not in choice.options:
                raise Diverged
            return self.option
        return self.players[choice.actor].choose(game, choice)


def rerun_value(
    game: Game, k: Knowledge, choice: Choice, option: Answer, sample: Sample, w: Weights
) -> float | None:
    """The value after the event being resolved, re-run from its start on a world (its
    face-down cards resampled: `sample.seed`) with `option` as the answer to `choice`, the rest
    by the rollout human and the AI. None when the re-run cannot follow the event's course."""
    frame = game.event_frames[-1]
    human = k.side
    seen = seen_since(game, frame.start, frame.answers)
    start = sample_world(frame.start, random.Random(sample.seed), placed=seen)
    players: dict[Actor, ChoiceProvider] = {
        human: RolloutHuman(human),
        human.other: Bot(human.other, keep=False),
        CHANCE: WorldChance(sample, human),
    }
    rerun = Rerun(list(game.answers[frame.answers :]), choice, option, players)
    answers: dict[Actor, ChoiceProvider] = {Side.US: rerun, Side.USSR: rerun, CHANCE: rerun}
    trial = Game(game.rules, start.state, answers, policy=game.policy, dealer=start.dealer)
    try:
        play_event(trial, frame.card, frame.player, headline=frame.headline)
    except GameOver:
        pass
    except (Diverged, Horizon):
        return None
    return value(start.state, game.rules, human, w)
