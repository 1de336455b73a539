"""The turn sequence (spec §5) and the end of the turn (spec §19 E–I)."""

from __future__ import annotations

from twsolo.engine.calendar import FINAL_TURN
from twsolo.engine.defcon import military_ops_check
from twsolo.engine.effects import expire_turn_effects
from twsolo.engine.events import run_hooks
from twsolo.engine.scoring import final_scoring
from twsolo.phrases.book import say
from twsolo.solo.action_rounds import action_rounds
from twsolo.solo.draft import deal_phase
from twsolo.solo.flow import Flow
from twsolo.solo.headline import headline_phase
from twsolo.solo.regions import step_x


def start_of_turn(flow: Flow) -> None:
    """Spec §5.A: DEFCON improves by 1 (at most 5). The turn's Scoring Round count restarts."""
    game = flow.game
    game.set_marker("action_round", 0)
    game.set_marker("scoring_round", False)
    game.set_marker("scoring_rounds_this_turn", 0)
    game.change_defcon(1, say("solo.turn.defcon_improves", turn=game.state.turn))


def end_of_turn(flow: Flow) -> None:
    """Spec §19: E. the military operations check (then both tracks at 0); F. deck/hands carry
    over, nothing is revealed; the "turn_end" hooks, then the effects that last this turn end;
    G. the China Card turns face up; the Space Race attempts of the turn are spent; H. the turn
    marker advances (the era decks join at the next turn's phase B, §5.B); I. after turn 10,
    final scoring (it ends the game)."""
    game = flow.game
    game.set_marker("scoring_round", False)
    military_ops_check(game)
    game.check_vp_victory()
    run_hooks(game, "turn_end")
    for effect in expire_turn_effects(game.state):
        game.remove_effect(effect)
    game.set_china_face_up(True)
    game.reset_space_attempts()
    if game.state.turn >= FINAL_TURN:
        final_scoring(game)
    game.set_marker("turn", game.state.turn + 1)


def play_turn(flow: Flow) -> None:
    """Spec §5: A, B, X, C, D, E–I."""
    start_of_turn(flow)
    flow.step("defcon")
    deal_phase(flow)
    flow.step("draft")
    step_x(flow)
    flow.step("step_x")
    headline_phase(flow)
    flow.step("headline")
    action_rounds(flow)
    end_of_turn(flow)
    flow.step("turn_end")
