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

import random
import statistics
from dataclasses import dataclass, field

from twsolo.engine.choices import Answer, Choice
from twsolo.engine.game import Game
from twsolo.engine.ops import OpsBudget
from twsolo.errors import TwsoloError
from twsolo.ids import Side
from twsolo.phrases import say
from twsolo.players.card_values import dangers, hold_value, opponent_event, rank_splits
from twsolo.players.evaluate import DEFAULT, Weights
from twsolo.players.in_play_answers import by_rules, rank_by_rerun, rank_operations, rank_points
from twsolo.players.knowledge import Knowledge, knowledge
from twsolo.players.lookahead import (
    RolloutHuman,
    ar_value,
    event_effect,
    first_look,
    first_pending,
    headline_value,
    samples,
    world_flow,
)
from twsolo.players.plays import NEW_PLAY, Plans, Play, PlayScript, candidates
from twsolo.players.ranking import Decision, Ranked
from twsolo.players.registry import StandIn
from twsolo.players.tail_risk import (
    given_defcon_loss,
    headline_vetoes,
    keeps_a_bomb,
    own_defcon_loss,
    spends_the_space_race,
    throws_lead,
    trap_play,
    vetoed_last,
    vetoed_later,
)
from twsolo.solo.action_rounds import human_ways


@dataclass(frozen=True)
class Budget:
    """How hard the stand-in thinks: `samples` worlds per candidate in the full look-ahead
    (the knob: `--human strong:N`; 0: the first look alone, no look through the AI's
    answer), `keep` candidates kept after the first look."""

    samples: int = 4
    keep: int = 4

    @classmethod
    def parse(cls, spec: str) -> Budget:
        """`strong` or `strong:N` (N ≥ 0 worlds)."""
        _, _, n = spec.partition(":")
        if not n:
            return cls()
        if not n.isdigit():
            raise ValueError(f"strong:N needs a whole number of worlds (0 or more), not {n!r}")
        return cls(samples=int(n))


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
        if self.script is not None and choice.kind not in NEW_PLAY:
            answer = self.script.answer(game, choice)
            if answer is not None:
                return answer
        decision = rank_answers(game, choice, self.side, self.seed, self.budget, self.weights)
        if decision.script is not None or choice.kind in NEW_PLAY:
            self.script = decision.script
        return decision.answer


def decision_rng(seed: int, game: Game, choice: Choice) -> random.Random:
    """The sampling of one decision: from the seed and where the decision stands (all public)."""
    s = game.state
    return random.Random(f"{seed}:{s.turn}:{s.action_round}:{choice.kind}:{len(game.answers)}")


def rank_answers(
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
    worlds = samples(game.state, k, ai, max(1, budget.samples), rng)
    base = worlds[0].world.state
    plays: list[Play] = []
    plans: Plans = {}
    for card in cards:
        flow = world_flow(game, worlds[0].world.copy(), RolloutHuman(side), worlds[0])
        ways = human_ways(flow, card, [c for c in drawn if c != card])
        if choice.kind == "play":
            ways = [way for way in ways if way in choice.options]
        plays += candidates(base, rules, side, card, ways, plans)
    risky = dangers(game, worlds[0], side, drawn)
    effects = {
        card: event_effect(game, worlds[0], card, w, aside=[c for c in drawn if c != card])
        for card in cards
        if opponent_event(game.rules, side, card)
    }
    looked: list[tuple[float, Play]] = []
    pending = first_pending(game, worlds[0])
    for play in plays:
        effect = effects.get(play.card, 0.0) if play.how == "ops" else 0.0
        look = first_look(game, worlds[0], play, drawn, effect, w, pending)
        looked.append((look - hold_value(rules, side, play.card, risky), play))
    looked.sort(key=lambda x: -x[0])
    # The vetoes (tail_risk.py), each play judged once, when the look-ahead first reaches it:
    # put last, whatever its value. Lazily: the full look-ahead stops at the kept few, and the
    # plays past them are neither ranked nor judged (the DEFCON veto plays each on a world).
    # When every play is vetoed the lesser risk goes first: a lead the AI may take on some
    # world or a DEFCON-lowering card kept to come back this turn (1), the trap set off on
    # oneself (2), DEFCON 1 on one's own action (3: certain).
    vetoed: dict[int, int] = {}

    def vetoes(item: tuple[float, Play]) -> bool:
        play = item[1]
        # The gravest first: a trap play that also brings DEFCON 1 is a certain loss (seed 4374).
        if own_defcon_loss(game, worlds[0], play, drawn) or given_defcon_loss(
            game, k, worlds[0], play
        ):
            vetoed[id(play)] = 3
        elif trap_play(rules, side, play):
            vetoed[id(play)] = 2
        elif keeps_a_bomb(game, side, play, risky) or spends_the_space_race(
            game, worlds[0], side, play
        ):
            vetoed[id(play)] = 1
        return id(play) in vetoed

    order = vetoed_later(looked, vetoes)
    if not budget.samples:
        looked = sorted(order, key=lambda x: vetoed.get(id(x[1]), 0))
    else:
        full: list[tuple[float, Play]] = []
        for _, play in order:
            if len(full) >= budget.keep and any(id(p) not in vetoed for _, p in full):
                break  # past the kept few only while every one looked at is vetoed
            looks = [ar_value(game, s, play, drawn, w) for s in worlds]
            if id(play) not in vetoed and throws_lead(game.state, side, looks):
                vetoed[id(play)] = 1
            hold = hold_value(rules, side, play.card, risky)
            full.append((statistics.fmean(look.value for look in looks) - hold, play))
        full.sort(key=lambda x: (vetoed.get(id(x[1]), 0), -x[0]))
        looked = full
    best = looked[0][1]
    ranking = [
        Ranked(play.card if choice.kind == "ar_card" else play.how, v, play.describe(rules))
        for v, play in looked
    ]
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
    worlds = samples(game.state, k, side.other, max(1, budget.samples), rng)
    risky = dangers(game, worlds[0], side, drawn)
    ranking = []
    for option in choice.options:
        card = int(str(option))
        v = statistics.fmean(
            headline_value(game, s, card, drawn, ai_card if isinstance(ai_card, int) else None, w)
            for s in worlds
        )
        ranking.append(
            Ranked(
                card,
                v - hold_value(rules, side, card, risky),
                say("hint.label.headline", card=rules.card(card)),
            )
        )
    ranking.sort(key=lambda r: -(r.value or 0.0))
    options = [int(str(o)) for o in choice.options]
    vetoed = headline_vetoes(game, k, side, drawn, options, rng.getrandbits(32))
    ranking = vetoed_last(ranking, lambda r: int(str(r.answer)) in vetoed)
    return Decision(ranking)


# ---------------------------------------------------------------------- draft, bottom
def rank_draft(
    game: Game, choice: Choice, k: Knowledge, rng: random.Random, w: Weights
) -> Decision:
    """Spec §6: the splits by what each card is worth kept and given (card_values.py)."""
    rules = game.rules
    ranking = [
        Ranked(
            kept, v, say("hint.label.keep", cards=", ".join(str(rules.card(int(c))) for c in kept))
        )
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
            say("hint.label.bottom", cards=", ".join(str(rules.card(int(c))) for c in o)),
        )
        for o in sorted(choice.options, key=key)
        if isinstance(o, tuple)
    ]
    return Decision(ranking)


def _check_budget(arg: str) -> None:
    try:
        Budget.parse(f"strong:{arg}")
    except ValueError as exc:
        raise TwsoloError(str(exc)) from None


STAND_IN = StandIn(
    "strong",
    "a look-ahead on sampled worlds through the real turn flow (strong:N: N worlds a candidate)",
    lambda side, seed, arg: StrongPlayer(side, seed=seed + 1, budget=Budget.parse(f"strong:{arg}")),
    order=2,
    check=_check_budget,
)
