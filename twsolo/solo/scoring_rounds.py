"""Scoring Rounds (spec §8): which action rounds score, and the scoring of the Primary Region."""

from __future__ import annotations

from typing import Literal

from twsolo.engine.calendar import action_rounds
from twsolo.engine.scoring import score_region
from twsolo.engine.state import GameState
from twsolo.ids import SOUTHEAST_ASIA
from twsolo.phrases.book import say
from twsolo.ruleset import Ruleset
from twsolo.solo.flow import Flow
from twsolo.solo.regions import card_in, early_war, force_early_primary, is_early_card

Timing = Literal["score", "force", "none"]


def scoring_round_timing(
    rules: Ruleset, state: GameState, action_round: int, *, next_round: bool = False
) -> Timing:
    """Whether an action round (its region shift done) is a Scoring Round. Spec §8.3 (turns
    1–3): exactly one per turn, the first round from AR3 whose Primary is an Early War region;
    AR6 without one yet must become one ("force": its Primary is replaced by an Early War card).
    Spec §8.4 (turns 4–10): AR3 and AR6. Never more than the game's maximum of scorings (spec
    §8.5). Numbers in `rules/regions.yaml`. `next_round`: asked during the round before, whose
    Secondary the shift (§7.3) will make the Primary and whose own scoring is counted."""
    timing = rules.regions
    scorings = state.scorings + (next_round and state.scoring_round)
    if scorings >= timing.max_scorings:
        return "none"
    if not early_war(state):
        return "score" if action_round in timing.midlate_rounds else "none"
    if state.scoring_rounds_this_turn or action_round < timing.early_first_round:
        return "none"
    primary = card_in(state, "secondary" if next_round else "primary")
    if primary is not None and is_early_card(rules, primary):
        return "score"
    return "force" if action_round >= timing.early_last_round else "none"


def next_round_scores(rules: Ruleset, state: GameState) -> str | None:
    """The region the next action round will score, when that is known now: the Secondary
    Region, which the shift makes the next round's Primary (spec §7.3), if that round is a
    Scoring Round (§8.3–§8.4; a forced AR6 reveals its region only then). None in the headline
    (AR1 never scores) and in the turn's last round."""
    following = state.action_round + 1
    if not state.action_round or following > action_rounds(state.turn):
        return None
    secondary = card_in(state, "secondary")
    if secondary is None:
        return None
    if scoring_round_timing(rules, state, following, next_round=True) != "score":
        return None
    return rules.card(secondary).scoring


def is_scoring_round(flow: Flow, action_round: int) -> bool:
    """Decide at the start of an action round whether it is a Scoring Round
    (`scoring_round_timing`), forcing AR6's Early War Primary when the timing says so."""
    timing = scoring_round_timing(flow.game.rules, flow.game.state, action_round)
    if timing == "force":
        force_early_primary(flow)
    return timing != "none"


def score_primary(flow: Flow) -> str | None:
    """Spec §8.1, §8.5: after both players acted, the Primary Region is scored as its card
    would score it (control of Europe ends the game by the SoloPolicy, §20.1.4–5); Southeast
    Asia's card is then removed from the game. Returns the region scored."""
    game, rules = flow.game, flow.game.rules
    card = card_in(game.state, "primary")
    if card is None:
        game.note(say("solo.scoring.no_primary"))
        return None
    region = rules.card(card).scoring
    assert region is not None
    game.note(say("solo.scoring.scores", card=rules.card(card)))
    game.set_marker("scorings", game.state.scorings + 1)
    game.set_marker("primary_scored", True)
    score_region(game, region)
    game.check_vp_victory()
    if region == SOUTHEAST_ASIA:
        game.move_card(card, "removed")
    return region
