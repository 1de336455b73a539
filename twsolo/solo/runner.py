"""The one entry point of a solitaire game: from setup to the Victory Rating (spec §2–§10,
§19, §20)."""

from __future__ import annotations

from collections.abc import Mapping

from twsolo.engine.calendar import FINAL_TURN
from twsolo.engine.choices import Actor, ChoiceProvider
from twsolo.engine.game import GameOver
from twsolo.engine.state import GameState
from twsolo.ruleset import Ruleset
from twsolo.solo.flow import Flow, Observer
from twsolo.solo.new_game import new_flow, setup
from twsolo.solo.options import SoloOptions
from twsolo.solo.record import GameRecord
from twsolo.solo.result import human_score, victory_rating
from twsolo.solo.turn import play_turn


def play_game(
    rules: Ruleset,
    options: SoloOptions,
    providers: Mapping[Actor, ChoiceProvider],
    *,
    observer: Observer | None = None,
    start: GameState | None = None,
    table: bool = False,
) -> GameRecord:
    """Play a whole game; with `start`, from that position at the start of its turn (no setup:
    the position is the set-up). `providers` answers the AI's side, the human's side and chance;
    `observer(game, step)` is called after every step of the flow ("setup", "defcon", "draft",
    "step_x", "headline", "regions" at each action round's start, "action" after each side's
    action, "scoring", "turn_end", and "end"). At the `table` the cards dealt face down stay
    unknown until they are seen; otherwise chance deals real cards (engine/dealer.py)."""
    flow = new_flow(rules, options, providers, observer, start, table=table)
    try:
        if start is None:
            setup(flow)
        flow.step("setup")
        for _ in range(FINAL_TURN):
            play_turn(flow)
        raise AssertionError("internal: final scoring did not end the game")  # pragma: no cover
    except GameOver:
        pass
    flow.step("end")
    return record_of(flow)


def record_of(flow: Flow) -> GameRecord:
    game = flow.game
    state = game.state
    assert state.result is not None
    counts = dict(flow.counts)
    counts.update(
        turns=state.turn,
        scorings=state.scorings,
        scoring_rounds=sum(1 for r in flow.rounds if r.scoring),
        answers=len(game.answers),
    )
    return GameRecord(
        rules_digest=game.rules.digest,
        options=flow.options,
        result=state.result,
        rating=victory_rating(game.rules, state, state.result),
        score=human_score(state),
        answers=list(game.answers),
        state=state,
        log=game.log,
        rounds=flow.rounds,
        counts=counts,
    )
