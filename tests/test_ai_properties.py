"""Hypothesis properties of the AI's decisions over random reachable positions (issue: AI).

A checking wrapper sits between the engine and the Bot and tests every answer as it is given:
caps (spec §11.4), the Primary Region first (§11.2, §12.5), no op left while a target exists,
no DEFCON-1 risk from the AI's own coups (§11.1, §14.3)."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_events_coverage import reachable
from twsolo.ai.bot import Bot
from twsolo.ai.placement import Planner
from twsolo.ai.view import View, in_region
from twsolo.engine.choices import Answer, Choice
from twsolo.engine.game import Game, GameOver
from twsolo.engine.ops import OpsBudget
from twsolo.engine.play import play_card
from twsolo.engine.records import CoupDone, DefconChange
from twsolo.engine.state import hand_of
from twsolo.ids import CHINA_CARD, SCORING_REGIONS, Side
from twsolo.ruleset import Ruleset
from twsolo.solo.policy import SoloPolicy


class Checked:
    """Wraps the AI's Bot; asserts the spec on each influence answer."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def choose(self, game: Game, choice: Choice) -> Answer:
        answer = self.bot.choose(game, choice)
        if choice.kind == "influence" and isinstance(choice.context.get("budget"), OpsBudget):
            self.check_influence(game, choice, answer)
        return answer

    def check_influence(self, game: Game, choice: Choice, answer: Answer) -> None:
        view = View(game.rules, game.state, self.bot.side, [])
        budget = choice.context["budget"]
        access = choice.context["access"]
        planner = Planner(
            View(game.rules, game.state.copy(), view.side, []), budget=budget.copy(), access=access
        )
        if answer == "done":
            # No op left unspent while a target within the caps exists.
            legal = [o for o in choice.options if o != "done"]
            within = [
                c
                for c in legal
                if view.a(game.rules.index[str(c)]) < view.cap(game.rules.index[str(c)])
            ]
            assert not within, f"ops left ({budget.left}) with targets {within}"
            return
        c = game.rules.index[str(answer)]
        assert view.a(c) < view.cap(c), f"{answer} is at its cap (spec §11.4)"
        primary = view.primary
        if primary and not in_region(game.rules, c, primary):
            # Spec §12.5: outside the Primary only for ops it cannot spend there, or for
            # option 8, which gives access to the Primary from outside it (spec §13.2).
            goals = planner.next_goals(primary, option0=game.state.scoring_round)
            assert all(g.option == "access" and g.country == c for g in goals), (
                f"{answer} outside {primary} while a target there remains: {goals}"
            )


@settings(max_examples=max(10, settings().max_examples))
@given(
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 10),
    ai=st.sampled_from(list(Side)),
    regions=st.permutations(list(SCORING_REGIONS)),
    scoring_round=st.booleans(),
    action_round=st.integers(1, 7),
    defcon=st.integers(2, 5),
    turn=st.integers(1, 10),
)
def test_ai_action_round_obeys_the_spec(
    rules: Ruleset,
    seed: int,
    steps: int,
    ai: Side,
    regions: list[str],
    scoring_round: bool,
    action_round: int,
    defcon: int,
    turn: int,
) -> None:
    try:
        game = reachable(rules, seed, steps)
    except GameOver:
        return
    state = game.state
    for pile, region in (("primary", regions[0]), ("secondary", regions[1])):
        state.put(rules.scoring_card_for(region).number, pile)
    state.ai_side, state.phasing = ai, ai
    state.turn, state.action_round, state.defcon = turn, action_round, defcon
    state.scoring_round = scoring_round
    state.milops = [0, 0]
    hand = [c for c in state.piles[hand_of(ai)].known() if c != CHINA_CARD]
    if not hand:
        return
    card = hand[seed % len(hand)]
    game.move_card(card, "table")
    bot = Bot(ai)
    game.providers[ai] = Checked(bot)
    game.providers[ai.other] = Bot(ai.other, dry=True)
    game.policy = SoloPolicy()
    start = len(game.log)
    defcon_before = state.defcon
    with contextlib.suppress(GameOver):
        play_card(game, ai, card)
    assert state.result is None or state.result.reason != "defcon1"
    level = defcon_before
    for record in game.log[start:]:
        if isinstance(record, DefconChange):
            level = record.after
        if isinstance(record, CoupDone) and record.side is ai and not record.free:
            country = rules.countries[record.country]
            if country.battleground:
                # spec §14.3/§11.1: the AI's battleground coups keep a DEFCON margin.
                margin = 3 if scoring_round else 4
                assert level + 1 >= margin, (country.id, level)
