"""The few appendix procedures that need code, each registered by name with its card (family
`procedures`): the card's entry names it (appendix.yaml `procedures`, and `procedure:` on the
question it answers) and `twsolo validate` lists it.

- appendix #33 De-Stalinization: a plan over the whole board (which battlegrounds and
  non-battlegrounds the excess influence can take);
- appendix #50, #59, #60: how the AI (the US) plays a revealed card while the human's event is in
  force (UN Intervention against We Will Bury You and under U2 Incident, war cards under Flower
  Power): read by spec §12.2 (`decide.answering_human_events`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from twsolo.ai.criteria import CRITERIA
from twsolo.ai.trace import Step
from twsolo.ai.view import View
from twsolo.engine.choices import Answer, Choice
from twsolo.engine.events import event_refusal
from twsolo.engine.game import Game
from twsolo.ids import CardId, Side
from twsolo.phrases.book import say


# ---------------------------------------------------------------------- #33 De-Stalinization
def _need(view: View, c: int) -> int:
    return view.human_influence(c) + view.stability(c) - view.ai_influence(c)


def destalinization_plan(
    view: View, battlegrounds: Sequence[str], most: int, per_country: int
) -> list[tuple[int, int]]:
    """Appendix #33: the countries De-Stalinization takes, each with the points it needs: 2
    `battlegrounds` (in the entry's order) of different regions; failing that 1 of them plus 2
    non-battlegrounds; failing that as many non-battlegrounds as the excess reaches."""
    rules = view.rules
    everywhere = range(len(rules.countries))
    excess = min(most, sum(-_need(view, c) for c in everywhere if view.ai_controls(c)))

    def takeable(c: int) -> bool:
        return view.uncontrolled(c) and _need(view, c) <= per_country

    bgs = [c for c in (rules.index[b] for b in battlegrounds) if takeable(c)]
    others = sorted(
        (c for c in everywhere if not view.bg(c) and takeable(c)),
        key=lambda c: (_need(view, c), view.rank(c)),
    )
    for pair in combinations(bgs, 2):
        regions = {rules.countries[c].region for c in pair}
        if len(regions) == 2 and sum(_need(view, c) for c in pair) <= excess:
            return [(c, _need(view, c)) for c in pair]
    for bg in bgs:
        plan = [bg, *others[:2]]
        if len(plan) == 3 and sum(_need(view, c) for c in plan) <= excess:
            return [(c, _need(view, c)) for c in plan]
    chosen: list[tuple[int, int]] = []
    for c in others:
        if sum(n for _, n in chosen) + _need(view, c) <= excess:
            chosen.append((c, _need(view, c)))
    return chosen


@CRITERIA.register("procedures", "destalinization", arg="countries", card=CardId.DE_STALINIZATION)
def destalinization(
    game: Game, view: View, choice: Choice, battlegrounds: tuple[str, ...]
) -> Answer | None:
    """Appendix #33: how many points move (the plan's needs), and where each goes (the plan,
    made on the board as the event began); the points leave by spec §17.4."""
    card = view.rules.card(CardId.DE_STALINIZATION)
    most, per_country = card.figure("influence"), card.figure("per_country")
    if choice.kind == "number":
        plan = destalinization_plan(view, battlegrounds, most, per_country)
        moved = sum(points for _, points in plan)
        names = [view.rules.countries[c].id for c, _ in plan]
        view.note(Step(say("why.rule.destalinization_plan"), chosen=names))
        return moved if moved in choice.options else None
    start = game.event_start(CardId.DE_STALINIZATION)
    placed = list(choice.context.get("placed", ()))
    options = {str(o) for o in choice.options}
    plan = destalinization_plan(
        View(view.rules, start, view.side, [], view.keep), battlegrounds, most, per_country
    )
    for c, points in plan:
        name = view.rules.countries[c].id
        if placed.count(c) < points and name in options:
            return name
    return None


# ---------------------------------------------------------------------- #50, #59, #60
PlayRule = tuple[str, list[str]]


@CRITERIA.register("procedures", "un_against_we_will_bury_you", card=CardId.WE_WILL_BURY_YOU)
def un_against_we_will_bury_you(view: View, card: int, ways: list[str]) -> PlayRule | None:
    """Appendix #50 on_human_play: while We Will Bury You's 3 VP wait, UN Intervention is played
    as its event if it can be (entry 32); otherwise for its Op, which cancels the VP as well
    (the solitaire override of #50)."""
    state = view.state
    if card != CardId.UN_INTERVENTION or not state.has_effect(CardId.WE_WILL_BURY_YOU, Side.US):
        return None
    if "event" in ways and event_refusal(state, view.rules, card, view.side, reveals=True) is None:
        return say("why.rule.un_cancels_bury_you"), ["event"]
    return None


@CRITERIA.register("procedures", "un_for_its_op_under_u2", card=CardId.U2_INCIDENT)
def un_for_its_op_under_u2(view: View, card: int, ways: list[str]) -> PlayRule | None:
    """Appendix #60 on_human_play: under U2 Incident this turn, UN Intervention for its Op,
    never its event (#50's exception comes first)."""
    u2 = view.state.has_effect(CardId.U2_INCIDENT)
    if card == CardId.UN_INTERVENTION and u2 and "event" in ways:
        return say("why.rule.un_under_u2"), [w for w in ways if w != "event"]
    return None


@CRITERIA.register("procedures", "war_cards_to_the_space_race", card=CardId.FLOWER_POWER)
def war_cards_to_the_space_race(view: View, card: int, ways: list[str]) -> PlayRule | None:
    """Appendix #59 on_human_play: while Flower Power is in force, a war card goes on the Space
    Race when that is legal."""
    war = view.rules.card(card).war is not None
    if war and view.state.has_effect(CardId.FLOWER_POWER) and "space_race" in ways:
        return say("why.rule.flower_power"), ["space_race"]
    return None


PLAY_RULES = (
    "un_against_we_will_bury_you",
    "un_for_its_op_under_u2",
    "war_cards_to_the_space_race",
)
