"""Hypothesis properties of the AI's decisions over random reachable positions (issue: AI).

A checking wrapper sits between the engine and the Bot and tests every answer as it is given:
caps (spec §11.4), the Primary Region first (§11.2, §12.5) for influence, coups and
realignments, no op left while a target exists, no DEFCON-1 risk from the AI's own coups (§11.1,
§14.3)."""

from __future__ import annotations

import contextlib
from typing import Literal

from hypothesis import given, settings
from hypothesis import strategies as st

from twsolo.ai.bot import Bot
from twsolo.ai.military import best_coup, best_realign
from twsolo.ai.placement import Planner
from twsolo.ai.view import View, in_region
from twsolo.engine.card_play import play_card
from twsolo.engine.choices import CHANCE, Answer, Choice, ChoiceProvider, SeededChance
from twsolo.engine.game import Game, GameOver
from twsolo.engine.initial_state import empty_state
from twsolo.engine.operations import conduct_operations
from twsolo.engine.ops import OpsBudget
from twsolo.engine.records import CoupDone, DefconChange
from twsolo.engine.state import Effect, hand_of
from twsolo.ids import CHINA_CARD, SCORING_REGIONS, CardId, Side
from twsolo.positions.scripted import reachable
from twsolo.ruleset import Ruleset
from twsolo.solo.policy import SoloPolicy


class Checked:
    """Wraps the AI's Bot; asserts the spec on each influence, coup and realignment answer."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        # Where the card's coup or realignments may go (§11.2): set by the first of them.
        self.allowed: set[str] | None = None
        self.military = False  # the operation is a coup for military ops (§14.4)

    def choose(self, game: Game, choice: Choice) -> Answer:
        answer = self.bot.choose(game, choice)
        if choice.kind == "operation" and choice.event is None:
            last = self.bot.last
            self.allowed = None
            self.military = last is not None and any("§14.4" in s.rule for s in last.steps)
        own = isinstance(choice.context.get("budget"), OpsBudget) and choice.event is None
        if choice.kind == "influence" and isinstance(choice.context.get("budget"), OpsBudget):
            self.check_influence(game, choice, answer)
        elif choice.kind in ("coup", "realign") and own and answer != "done":
            self.check_region(game, choice, str(answer))
        return answer

    def check_region(self, game: Game, choice: Choice, answer: str) -> None:
        """Spec §11.2 with §12.3.2–3: a coup or realignment of the AI's own ops is made in the
        Primary Region, or in the Secondary when the Primary had no valid target of that kind
        when the operation began; every later roll or attempt of the card stays in that region
        (§15 re-evaluates there). §14.4's military-ops coups may go to any allowed region."""
        if choice.kind == "coup" and self.military:
            return
        view = View(game.rules, game.state, self.bot.side, [])
        rules, c = game.rules, game.rules.index[answer]
        if self.allowed is None:
            primary, secondary = view.primary, view.secondary
            targets = [rules.index[str(o)] for o in choice.options if str(o) in rules.index]
            there = [t for t in targets if primary and in_region(rules, t, primary)]
            if not there:
                found = None
            elif choice.kind == "coup":
                ops = choice.context["budget"].remaining_if(rules, there[0])
                found = best_coup(view, there, ops, "check")
            else:
                found = best_realign(view, there)
            regions = [primary] if found is not None else [primary, secondary]
            self.allowed = {r for r in regions if r and in_region(rules, c, r)}
            assert self.allowed, f"{choice.kind} in {answer} outside {regions} (spec §11.2)"
        else:
            assert any(in_region(rules, c, r) for r in self.allowed), (
                f"a later {choice.kind} in {answer} left {self.allowed} (spec §11.2)"
            )

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
                if view.ai_influence(game.rules.index[str(c)]) < view.cap(game.rules.index[str(c)])
            ]
            assert not within, f"ops left ({budget.left}) with targets {within}"
            return
        c = game.rules.index[str(answer)]
        assert view.ai_influence(c) < view.cap(c), f"{answer} is at its cap (spec §11.4)"
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


@settings(max_examples=max(60, settings().max_examples))  # 40 of ci miss issue #19 defect 1
@given(
    human=st.lists(st.integers(0, 4), min_size=84, max_size=84),
    extra=st.lists(st.integers(0, 1), min_size=84, max_size=84),
    ai=st.sampled_from([Side.USSR, Side.USSR, Side.US]),
    closed=st.booleans(),
    regions=st.permutations(list(SCORING_REGIONS)),
    scoring_round=st.booleans(),
    ops=st.sampled_from([1, 1, 2, 3]),
    defcon=st.sampled_from([2, 3, 3, 4, 5]),
    action_round=st.integers(1, 7),
)
def test_ai_coups_and_realignments_keep_to_the_region(
    rules: Ruleset,
    human: list[int],
    extra: list[int],
    ai: Side,
    closed: bool,
    regions: list[str],
    scoring_round: bool,
    ops: int,
    defcon: int,
    action_round: int,
) -> None:
    """Spec §11.2 for the AI's ops on boards where coups and realignments come up: each coup
    and every realignment roll lies in the Primary Region, or in the Secondary when the Primary
    had no target of its kind, and all of a card's rolls in one region (the checks of
    `Checked`). The human holds battlegrounds (which §14.3 may close to coups; every one of the
    Primary's) and the AI controls the other countries (realignment modifiers), so targets
    outside the Primary tempt. With `closed`, Chernobyl closes the Primary to the
    USSR's influence (card-events #94): its ops go to a coup or realignments there."""
    state = empty_state(rules)
    primary = rules.members(regions[0])
    for c, country in enumerate(rules.countries):
        if country.battleground:
            state.influence[c, ai.other.col] = max(human[c], c in primary)
        else:
            state.influence[c, ai.col] = country.stability + extra[c]
    for pile, region in (("primary", regions[0]), ("secondary", regions[1])):
        state.put(rules.scoring_card_for(region).number, pile)
    state.ai_side, state.phasing = ai, ai
    state.turn, state.action_round, state.defcon = 5, action_round, defcon
    state.scoring_round = scoring_round
    if closed and ai is Side.USSR:
        state.effects.append(Effect(CardId.CHERNOBYL, Side.USSR, regions[0]))
    providers: dict[Side | Literal["chance"], ChoiceProvider] = {
        ai: Checked(Bot(ai)),
        ai.other: Bot(ai.other, dry=True),
        CHANCE: SeededChance(ops),
    }
    game = Game(rules, state, providers)
    game.policy = SoloPolicy()
    with contextlib.suppress(GameOver):
        conduct_operations(game, ai, OpsBudget(ops), allow_space=False, card_ops=ops)
