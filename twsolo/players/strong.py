"""The strong human stand-in (issue #15): plays the human's side as a good player would,
knowing only what the human knows (twsolo/players/knowledge.py), and exploiting that the AI
is deterministic given the card it reveals (docs/strong.md).

Every question is answered by `decide`, which ranks the legal answers by their value in VP
(evaluate.py) and returns the best; `twsolo play`'s `hint` shows the same ranking. The card
decisions look ahead (lookahead.py): each candidate play is played on sampled worlds through
the real turn flow, the AI answering with its own code, until the human's next card decision.
The questions that follow a chosen play (how, order, operation, each point, the coup's
target) are answered from the play's script.
"""

from __future__ import annotations

import contextlib
import random
import statistics
from dataclasses import dataclass, field, replace

from twsolo.ai.bot import Bot
from twsolo.engine.choices import CHANCE, Answer, Choice
from twsolo.engine.events import EVENTS
from twsolo.engine.game import Game, GameOver
from twsolo.engine.operations import conduct_operations
from twsolo.engine.ops import OpsBudget
from twsolo.engine.records import InfluenceChange, MarkerChange
from twsolo.engine.state import GameState
from twsolo.ids import Side
from twsolo.players.draft import rank_splits
from twsolo.players.evaluate import DEFAULT, Weights, value
from twsolo.players.knowledge import HIDDEN, Knowledge, knowledge, sample_world
from twsolo.players.lookahead import (
    RolloutHuman,
    Sample,
    WorldChance,
    ar_value,
    event_effect,
    first_look,
    headline_value,
    rerun_value,
    samples,
    world_flow,
)
from twsolo.players.ops_plans import OpsPlan, coup_targets, influence_plan
from twsolo.players.plays import Play, PlayScript, candidates, describe_plan, regions_now
from twsolo.ruleset import Ruleset
from twsolo.solo.action_rounds import human_ways
from twsolo.solo.regions import region_countries
from twsolo.solo.seat import CHOSEN_REGIONS, option_regions

# What a card in hand is worth for later, per op (a card played now is not played later).
HOLD_PER_OP = 0.35
# A card carrying the AI's event is a liability in hand: played for ops, the event fires.
AI_EVENT_LIABILITY = 1.0
DICE = range(1, 7)


def opponent_event(rules: Ruleset, side: Side, card: int) -> bool:
    """The card carries the AI's event (base §5.2: played for ops, the event happens)."""
    return rules.card(card).owner is side.other and card in EVENTS


@dataclass(frozen=True)
class Budget:
    """How hard the stand-in thinks: `samples` worlds per candidate in the full look-ahead
    (the knob: `--human strong:N`), `keep` candidates kept after the first look."""

    samples: int = 4
    keep: int = 4

    @classmethod
    def parse(cls, spec: str) -> Budget:
        """ "strong" or "strong:N" (N ≥ 1 samples)."""
        _, _, n = spec.partition(":")
        if not n:
            return cls()
        if not n.isdigit() or int(n) < 1:
            raise ValueError(f"strong:N needs a whole number of samples ≥ 1, not {n!r}")
        return cls(samples=int(n))


@dataclass(frozen=True)
class Ranked:
    """One legal answer, its expected value in VP for the human (None: chosen by a rule, not
    valued) and what it means."""

    answer: Answer
    value: float | None
    label: str


@dataclass
class Decision:
    """The ranking of a question's answers, best first; `script` answers what follows."""

    ranking: list[Ranked]
    script: PlayScript | None = None

    @property
    def answer(self) -> Answer:
        return self.ranking[0].answer


@dataclass
class StrongPlayer:
    """A ChoiceProvider for the human's side (see the module docstring). Deterministic given
    `seed`: every decision's sampling is seeded by the seed and the decision's place."""

    side: Side
    seed: int = 0
    budget: Budget = field(default_factory=Budget)
    weights: Weights = DEFAULT
    script: PlayScript | None = None

    def choose(self, game: Game, choice: Choice) -> Answer:
        if self.script is not None and choice.kind not in ("ar_card", "headline", "draft"):
            answer = self.script.answer(game, choice)
            if answer is not None:
                return answer
        decision = decide(game, choice, self.side, self.seed, self.budget, self.weights)
        if decision.script is not None or choice.kind in ("ar_card", "headline", "draft"):
            self.script = decision.script
        return decision.answer


def decision_rng(seed: int, game: Game, choice: Choice) -> random.Random:
    """The sampling of one decision: from the seed and where the decision stands (all public)."""
    s = game.state
    return random.Random(f"{seed}:{s.turn}:{s.action_round}:{choice.kind}:{len(game.answers)}")


def decide(
    game: Game,
    choice: Choice,
    side: Side,
    seed: int = 0,
    budget: Budget | None = None,
    weights: Weights = DEFAULT,
) -> Decision:
    """The strong player's ranking of `choice`'s answers, from what `side` knows."""
    budget = budget or Budget()
    k = knowledge(game, side)
    rng = decision_rng(seed, game, choice)
    kind = choice.kind
    if kind == "ar_card":
        return rank_action(game, choice, k, rng, budget, weights)
    if kind == "play" and "card" in choice.context and not game.event_frames:
        return rank_action(game, choice, k, rng, budget, weights)
    if kind == "headline":
        return rank_headline(game, choice, k, rng, budget, weights)
    if kind == "draft":
        return rank_draft(game, choice, k, rng, weights)
    if kind == "bottom":
        return rank_bottom(game, choice, side)
    if kind in ("operation", "influence", "coup") and isinstance(
        choice.context.get("budget"), OpsBudget
    ):
        return rank_operations(game, choice, k, rng, weights)
    if kind == "country" and choice.context.get("intent") in ("add", "remove"):
        return rank_points(game, choice, k, rng, weights)
    if game.event_frames and len(choice.options) > 1:
        return rank_by_rerun(game, choice, k, rng, weights)
    return by_rules(game, choice, k, rng)


# ---------------------------------------------------------------------- card values
def hold_value(rules: Ruleset, side: Side, card: int) -> float:
    """What keeping `card` for later is worth: its ops, less the AI's event it carries."""
    c = rules.card(card)
    worth = HOLD_PER_OP * c.ops
    if c.owner is side.other:
        worth -= AI_EVENT_LIABILITY
    return worth


# ---------------------------------------------------------------------- action rounds
def rank_action(
    game: Game,
    choice: Choice,
    k: Knowledge,
    rng: random.Random,
    budget: Budget,
    w: Weights,
) -> Decision:
    """Spec §10.1: every candidate play of the cards offered, a first look at the position
    right after it, then the best `budget.keep` looked at through the AI's answer on
    `budget.samples` worlds; the value less what the card would be worth kept."""
    rules, side = game.rules, k.side
    ai = side.other
    if choice.kind == "play":
        card = int(choice.context["card"])
        cards, drawn = [card], [card]  # the other card is at the bottom already
    else:
        cards = [int(str(o)) for o in choice.options]
        drawn = [int(c) for c in choice.context.get("drawn", cards)]
    worlds = samples(game.state, k, ai, budget.samples, rng)
    base = worlds[0].world
    plays: list[Play] = []
    for card in cards:
        flow = world_flow(game, base.copy(), RolloutHuman(side), worlds[0])
        ways = human_ways(flow, card, [c for c in drawn if c != card])
        if choice.kind == "play":
            ways = [w_ for w_ in ways if w_ in choice.options]
        plays += candidates(base, rules, side, card, ways)
    effects = {
        card: event_effect(game, worlds[0], card, w, aside=[c for c in drawn if c != card])
        for card in cards
        if opponent_event(game.rules, side, card)
    }
    first: list[tuple[float, Play]] = []
    for play in plays:
        effect = effects.get(play.card, 0.0) if play.how == "ops" else 0.0
        look = first_look(game, worlds[0], play, drawn, effect, w)
        first.append((look - hold_value(rules, side, play.card), play))
    first.sort(key=lambda x: -x[0])
    shortlist = [p for _, p in first[: budget.keep]]
    ranking: list[Ranked] = []
    for play in shortlist:
        v = statistics.fmean(ar_value(game, s, play, drawn, w) for s in worlds)
        ranking.append(
            Ranked(play.card, v - hold_value(rules, side, play.card), play.describe(rules))
        )
    ranking.sort(key=lambda r: -(r.value or 0.0))
    best = next(p for p in shortlist if p.describe(rules) == ranking[0].label)
    answer: Answer = best.card if choice.kind == "ar_card" else best.how
    ranking[0] = Ranked(answer, ranking[0].value, ranking[0].label)
    script = PlayScript(best, side, game.state.influence.tobytes())
    return Decision(ranking, script)


# ---------------------------------------------------------------------- headline
def rank_headline(
    game: Game,
    choice: Choice,
    k: Knowledge,
    rng: random.Random,
    budget: Budget,
    w: Weights,
) -> Decision:
    """Spec §9.1: each card headlined on the same worlds, through the AI's pick and both
    events, to the human's first action round."""
    rules, side = game.rules, k.side
    drawn = [int(c) for c in choice.context.get("drawn", choice.options)]
    ai_card = choice.context.get("ai_headline")
    worlds = samples(game.state, k, side.other, budget.samples, rng)
    ranking = []
    for option in choice.options:
        card = int(str(option))
        v = statistics.fmean(
            headline_value(game, s, card, drawn, ai_card if isinstance(ai_card, int) else None, w)
            for s in worlds
        )
        ranking.append(
            Ranked(card, v - hold_value(rules, side, card), f"headline {rules.card(card)}")
        )
    ranking.sort(key=lambda r: -(r.value or 0.0))
    return Decision(ranking)


# ---------------------------------------------------------------------- draft, bottom
def rank_draft(
    game: Game, choice: Choice, k: Knowledge, rng: random.Random, w: Weights
) -> Decision:
    """Spec §6: the splits by what each card is worth kept and given (draft.py)."""
    rules = game.rules
    ranking = [
        Ranked(kept, v, "keep " + ", ".join(str(rules.card(int(c))) for c in kept))
        for v, kept in rank_splits(game, choice, k, rng, w)
        if isinstance(kept, tuple)
    ]
    return Decision(ranking)


def rank_bottom(game: Game, choice: Choice, side: Side) -> Decision:
    """Spec §4.3: the card worth most for later goes first, to come back first (the first
    card put at the bottom is drawn before the others)."""
    rules = game.rules

    def key(order: Answer) -> list[float]:
        cards = order if isinstance(order, tuple) else ()
        return [-hold_value(rules, side, int(c)) for c in cards]

    ranking = [
        Ranked(
            o,
            None,
            "to the bottom, first to last: " + ", ".join(str(rules.card(int(c))) for c in o),
        )
        for o in sorted(choice.options, key=key)
        if isinstance(o, tuple)
    ]
    return Decision(ranking)


# ---------------------------------------------------------------------- operations
def rank_operations(
    game: Game, choice: Choice, k: Knowledge, rng: random.Random, w: Weights
) -> Decision:
    """Ops being spent (a card's, or an event's grant): each way to spend what is left, played
    on one world through the engine (a die averaged over its six faces), judged right away."""
    rules, side = game.rules, k.side
    budget = choice.context["budget"]
    assert isinstance(budget, OpsBudget)
    world = sample_world(game.state, k, rng)
    regions = regions_now(world, rules) or ["europe"]
    plans: list[tuple[OpsPlan, tuple[str, ...]]] = []
    kinds = [str(o) for o in choice.options] if choice.kind == "operation" else [choice.kind]
    if "influence" in kinds:
        for focus in dict.fromkeys([*((r,) for r in regions), tuple(regions)]):
            points = influence_plan(world, rules, side, budget, list(focus))
            if points:
                plans.append((OpsPlan("influence", points), focus))
    if "coup" in kinds:
        allowed = {c for r in regions for c in rules.members(r)}
        targets = coup_targets(world, rules, side, allowed) or [
            rules.index[str(o)] for o in choice.options if str(o) in rules.index
        ]
        plans += [(OpsPlan("coup", target=t), ()) for t in targets]
    if "space_race" in kinds:
        plans.append((OpsPlan("space_race"), ()))
    ranking: list[Ranked] = []
    scripts: dict[str, PlayScript] = {}
    for plan, focus in plans:
        play = Play(0, "ops", plan, focus)
        label = describe_plan(rules, plan)
        dice = DICE if plan.kind in ("coup", "space_race") else (3,)
        v = statistics.fmean(
            operations_value(game, world, play, budget, choice, d, w) for d in dice
        )
        first = ops_first_answer(rules, choice, plan)
        if first is None:
            continue
        ranking.append(Ranked(first, v, label))
        scripts.setdefault(label, PlayScript(play, side, world.influence.tobytes(), 0))
    if not ranking:
        return by_rules(game, choice, k, rng)
    ranking.sort(key=lambda r: -(r.value or 0.0))
    script = scripts[ranking[0].label]
    script.depth = len(game.event_frames)
    script.answer(game, choice)  # consume the first answer the ranking gives
    return Decision(ranking, script)


def ops_first_answer(rules: Ruleset, choice: Choice, plan: OpsPlan) -> Answer | None:
    """The answer `plan` gives to `choice` (its kind, its first point, its target)."""
    if choice.kind == "operation":
        return plan.kind if plan.kind in choice.options else None
    if choice.kind == "influence":
        return next((rules.countries[c].id for c in plan.points), "done")
    if plan.target is not None and rules.countries[plan.target].id in choice.options:
        return rules.countries[plan.target].id
    return None


def operations_value(
    game: Game,
    world: GameState,
    play: Play,
    budget: OpsBudget,
    choice: Choice,
    die: int,
    w: Weights,
) -> float:
    """The value after spending `budget` by `play`'s plan on a copy of `world`."""
    state = world.copy()
    side = state.ai_side.other if state.ai_side else Side.US
    sample = Sample(state, None, die, die)
    human = RolloutHuman(side, PlayScript(play, side, state.influence.tobytes()))
    flow = world_flow(game, state, human, sample)
    with contextlib.suppress(GameOver):
        if choice.kind == "influence" or choice.kind == "coup":
            conduct_operations(flow.game, side, budget.copy(), allow_space=False)
        else:
            conduct_operations(
                flow.game,
                side,
                budget.copy(),
                allow_space=bool(choice.context.get("allow_space")),
                card_ops=int(choice.context.get("card_ops", 0)),
            )
    return value(state, game.rules, side, w, frozenset({side.other}))


# ---------------------------------------------------------------------- event choices
def rank_points(
    game: Game, choice: Choice, k: Knowledge, rng: random.Random, w: Weights
) -> Decision:
    """An event's point of influence added or removed (spec §10.2.4: events resolve as
    printed): each country judged by the position with that point moved."""
    rules, side = game.rules, k.side
    world = sample_world(game.state, k, rng)
    whose = choice.context.get("influence_of") or side
    assert isinstance(whose, Side)
    step = 1 if choice.context.get("intent") == "add" else -1
    ranking = []
    for option in choice.options:
        c = rules.index.get(str(option))
        if c is None:
            continue
        board = world.board_copy()
        board.influence[c, whose.col] = max(0, board.inf(c, whose) + step)
        v = value(board, rules, side, w) - (outside_cost(game, choice, c) if whose is side else 0)
        ranking.append(Ranked(option, v, rules.countries[c].name))
    if not ranking:
        return by_rules(game, choice, k, rng)
    ranking.sort(key=lambda r: -(r.value or 0.0))
    return Decision(ranking)


def outside_cost(game: Game, choice: Choice, c: int) -> int:
    """Spec §10.2.2, §10.2.4: a point an event lets the human place in a region of the human's
    choice, outside the Primary and Secondary Regions, costs the penalty (once a round: not
    again when the human already went outside this round)."""
    state, rules = game.state, game.rules
    allowed = region_countries(state, rules)
    if state.action_round == 0 or c in allowed:
        return 0
    if option_regions(game, choice.options) < CHOSEN_REGIONS:
        return 0
    human = choice.actor
    for record in reversed(game.log):
        if isinstance(record, MarkerChange) and record.name == "action_round":
            break
        if (
            isinstance(record, InfluenceChange)
            and record.side is human
            and record.after > record.before
            and record.country not in allowed
        ):
            return 0
    return rules.regions.human_offregion_penalty_vp


RERUNS = 3  # worlds per answer when an event is re-run


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
        name = (
            game.rules.countries[game.rules.index[str(option)]].name
            if str(option) in game.rules.index
            else str(option)
        )
        ranking.append(Ranked(option, v, name))
    ranking.sort(key=lambda r: -(r.value or 0.0))
    return Decision(ranking)


def option_name(rules: Ruleset, option: Answer) -> str:
    c = rules.index.get(str(option))
    return rules.countries[c].name if c is not None else str(option).replace("_", " ")


def by_rules(game: Game, choice: Choice, k: Knowledge, rng: random.Random) -> Decision:
    """Any other question: the AI's own rules applied to the human's side (spec §1.8), asked
    on a world so that they see no face-down card."""
    world = sample_world(game.state, k, rng)
    trial = Game(game.rules, world, {CHANCE: WorldChance(Sample(world, None, 3, 0), k.side)})
    # The events being resolved, their start seen on the world's piles (the board, tracks and
    # face-up piles are the start's own: all public).
    for frame in game.event_frames:
        start = frame.start.copy()
        start.piles.update({p: world.piles[p].copy() for p in HIDDEN})
        trial.event_frames.append(replace(frame, start=start))
    answer = Bot(k.side, dry=True).choose(trial, choice)
    return Decision([Ranked(answer, None, f"{answer} (the AI's own rules for your side)")])
