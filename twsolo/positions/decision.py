"""`twsolo decide`: the AI's whole decision for one scenario position, as the JSON of
docs/scenario.md. Pure: the CLI prints what this returns."""

from __future__ import annotations

import contextlib
from typing import Any

from twsolo.ai.bot import Bot
from twsolo.engine.card_play import play_card
from twsolo.engine.choices import CHANCE, FixedDice
from twsolo.engine.events import play_event
from twsolo.engine.game import Game, GameOver
from twsolo.engine.ops import OpsBudget
from twsolo.engine.records import (
    Answered,
    CoupDone,
    EventEnd,
    EventStart,
    InfluenceChange,
    RealignDone,
    Record,
    SpaceAttemptDone,
)
from twsolo.engine.state import GameState, hand_of
from twsolo.ids import CHINA_CARD, Side
from twsolo.positions.scenario import Scenario
from twsolo.ruleset import Ruleset
from twsolo.solo.action_rounds import china_card_waits_in, reveal_past_a_harmful_event
from twsolo.solo.headline import ai_pick
from twsolo.solo.policy import SoloPolicy
from twsolo.solo.regions import card_in, early_war, is_early_card
from twsolo.solo.scoring_rounds import scoring_round_timing


def default_scoring_round(rules: Ruleset, scenario: Scenario) -> bool:
    """Spec §8.3–§8.4 when the scenario does not say: the turn flow's own timing for the
    scenario's round and Primary Region (a scenario's Primary is never replaced: an AR6 that
    the flow would force is not a Scoring Round here)."""
    state = scenario.state
    if state.action_round == 0:
        return False
    return scoring_round_timing(rules, state, state.action_round) == "score"


def default_scored_this_turn(rules: Ruleset, scenario: Scenario) -> int:
    """Scenario.md `scored_this_turn` when the scenario does not say: 1 when the round is past
    this turn's Early War Scoring Round by spec §8.3 (an Early War Primary from AR3 on, and
    the scenario says this round does not score), else 0."""
    state = scenario.state
    primary = card_in(state, "primary")
    past = (
        early_war(state)
        and state.action_round >= rules.regions.early_first_round
        and primary is not None
        and is_early_card(rules, primary)
        and scenario.scoring_round is False
    )
    return int(past)


def decision_at(rules: Ruleset, scenario: Scenario) -> dict[str, Any]:
    state = scenario.state.copy()  # the scenario stays the position it describes
    ai = scenario.ai_side
    state.ai_side, state.phasing = ai, ai
    scored = scenario.scored_this_turn
    if scored is None:
        scored = default_scored_this_turn(rules, scenario)
    state.scoring_rounds_this_turn = scored  # spec §8.3: at most one in an Early War turn
    state.scoring_round = (
        scenario.scoring_round
        if scenario.scoring_round is not None
        else default_scoring_round(rules, scenario)
    )
    # The turn flow counts a Scoring Round from its start (solo/action_rounds.py).
    state.scoring_rounds_this_turn += state.scoring_round
    bot = Bot(ai)
    human = Bot(ai.other, dry=True)  # the human's choices by the AI's rules (scenario.md)
    game = Game(
        rules,
        state,
        {ai: bot, ai.other: human, CHANCE: FixedDice(scenario.dice)},
        policy=SoloPolicy(),
    )
    start = len(game.log)
    card, how = None, "pass"
    top = scenario.card
    budget = OpsBudget.for_card(state, rules, ai, top) if top is not None else None
    with contextlib.suppress(GameOver):
        if state.action_round == 0:
            card = ai_pick(game, ai, scenario.human_headline)
            how = "event" if card is not None else "pass"
            if card is not None:
                play_event(game, card, ai, headline=True)
        else:
            card = game.draw(hand_of(ai), "the AI reveals its top card (spec §12.1)", to="table")
            if card == CHINA_CARD and china_card_waits_in(state, rules):
                # Spec §25.2: set aside under the others, as the turn flow does.
                game.move_card(CHINA_CARD, hand_of(ai), bottom=True)
                card = game.draw(
                    hand_of(ai), "the AI reveals the next card (spec §25.2)", to="table"
                )
            if card is not None:
                card = reveal_past_a_harmful_event(game, ai, card)
                how = play_card(game, ai, card)
    records = game.log[start:]
    if card is not None and how == "pass":  # the game ended while the card was played
        plays = [r.answer for r in records if isinstance(r, Answered) and r.key == "play"]
        how = str(plays[0]) if plays else how
    actions = describe(rules, records, ai)
    ops = 0
    if card is not None and how in ("ops", "space_race"):
        if budget is None or card != top:
            budget = OpsBudget.for_card(state, rules, ai, card)
        ops = ops_used(rules, budget, actions if how == "ops" else [])
    return {
        "card": card,
        "play": how,
        "ops": ops,
        "actions": actions,
        "state_after": state_after(rules, state),
        "trace": [step.to_dict() for d in bot.decisions for step in d.steps],
    }


def ops_used(rules: Ruleset, budget: OpsBudget, actions: list[dict[str, Any]]) -> int:
    """The card's ops after modifiers (scenario.md): its budget, with an area bonus (the China
    Card's +1 in Asia, Vietnam Revolts') only if every operation went to that area."""
    budget = budget.copy()
    places = [a["country"] for a in actions if a["type"] in ("influence", "coup", "realign")]
    if not places:
        return budget.base
    for country in places:
        budget.spend(rules, rules.index[country], 0)
    return budget.total()


def describe(rules: Ruleset, records: list[Record], ai: Side) -> list[dict[str, Any]]:
    """The actions of docs/scenario.md from the log, in the order they happened."""
    actions: list[dict[str, Any]] = []
    depth = 0
    event: dict[str, Any] | None = None
    for r in records:
        if isinstance(r, EventStart):
            depth += 1
            if depth == 1:
                event = {"type": "event", "card": r.card, "choices": {}}
                if r.chooser is not ai:
                    event["assumed"] = True
                actions.append(event)
        elif isinstance(r, EventEnd):
            depth = max(0, depth - 1)
        elif depth and isinstance(r, Answered) and r.actor != CHANCE and event is not None:
            key = "countries" if r.kind == "country" else r.kind
            event["choices"].setdefault(key, []).append(r.answer)
        elif depth:
            continue
        elif isinstance(r, InfluenceChange) and r.side is ai and r.after > r.before:
            country = rules.countries[r.country].id
            last = actions[-1] if actions else None
            if last and last["type"] == "influence" and last["country"] == country:
                last["amount"] += r.after - r.before
            else:
                actions.append(
                    {"type": "influence", "country": country, "amount": r.after - r.before}
                )
        elif isinstance(r, CoupDone):
            _drop_coup_gain(actions, rules.countries[r.country].id, r.added)
            actions.append(
                {
                    "type": "coup",
                    "country": rules.countries[r.country].id,
                    "ops": r.ops,
                    "roll": r.roll,
                    "removed": r.removed,
                    "added": r.added,
                }
            )
        elif isinstance(r, RealignDone):
            removed = {s.value: n for s, n in zip(Side, r.removed, strict=True) if n}
            actions.append(
                {
                    "type": "realign",
                    "country": rules.countries[r.country].id,
                    "rolls": {"us": r.rolls[0], "ussr": r.rolls[1]},
                    "removed": removed,
                }
            )
        elif isinstance(r, SpaceAttemptDone):
            actions.append({"type": "space_race", "roll": r.roll, "success": r.success})
    return actions


def _drop_coup_gain(actions: list[dict[str, Any]], country: str, added: int) -> None:
    """A coup's own added influence is part of the coup action, not a placement."""
    last = actions[-1] if actions else None
    if added and last and last["type"] == "influence" and last["country"] == country:
        last["amount"] -= added
        if last["amount"] <= 0:
            actions.pop()


def state_after(rules: Ruleset, state: GameState) -> dict[str, Any]:
    return {
        "vp": state.vp,
        "defcon": state.defcon,
        "milops": {s.value: state.milops[s.col] for s in Side},
        "space_race": {s.value: state.space[s.col] for s in Side},
        "influence": {
            c.id: {s.value: state.inf(c.index, s) for s in Side} for c in rules.countries
        },
        **(
            {
                "result": {
                    "winner": state.result.winner.value if state.result.winner else None,
                    "reason": state.result.reason,
                }
            }
            if state.result
            else {}
        ),
    }
