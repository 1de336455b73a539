"""Action rounds (spec §5.D, §10, §12.1): the human draws two and plays one, the AI reveals
and plays; region shifts, Scoring Rounds, the human's off-region penalty, extra rounds."""

from __future__ import annotations

from twsolo.engine import calendar
from twsolo.engine.card_play import play_card, ways_to_play
from twsolo.engine.events import EVENTS, run_hooks
from twsolo.engine.events.mid import missile_envy_due
from twsolo.engine.game import Game
from twsolo.engine.space import EIGHTH_ROUND, has_ability
from twsolo.engine.state import GameState, hand_of
from twsolo.ids import CHINA_CARD, SOUTHEAST_ASIA, CardId, Side
from twsolo.phrases.book import say
from twsolo.ruleset import Ruleset
from twsolo.ruleset.model import CHINA_CARD_ALWAYS_ENTERS, DEFER_HARMFUL_EVENT
from twsolo.solo.flow import Flow, RoundInfo
from twsolo.solo.headline import put_bottom
from twsolo.solo.piles import draw_cards
from twsolo.solo.regions import primary_region, region_countries, secondary_region, shift
from twsolo.solo.scoring_rounds import is_scoring_round, score_primary
from twsolo.solo.seat import RoundArea

HUMAN_DRAW = 2  # spec §10.1.1
PHASE_ORDER = (Side.USSR, Side.US)  # base A4.D: the USSR acts first


def extra_rounds(flow: Flow, side: Side) -> int:
    """Extra action rounds `side` takes after the others (base A4.D): one with the Space
    Station ability (box 8), plus what the "extra_rounds" hooks give (North Sea Oil)."""
    game = flow.game
    n = 1 if has_ability(game.state, game.rules, side, EIGHTH_ROUND) else 0
    return n + sum(int(x) for x in run_hooks(game, "extra_rounds", side=side))


def human_ways(flow: Flow, card: int, others: list[int]) -> list[str]:
    """The ways the human may play `card` (base A6), with spec §10.1.4: UN Intervention's event
    only when the other card drawn this round carries the AI's event."""
    game = flow.game
    ways = ways_to_play(game, flow.human, card)
    if card == CardId.UN_INTERVENTION and "event" in ways:
        pair = others[0] if others else None
        if pair is None or game.rules.card(pair).owner is not flow.ai or pair not in EVENTS:
            ways.remove("event")
    return ways


def human_action(flow: Flow) -> None:
    """Spec §10.1: draw 2 (1 or 0 when the deck/hand runs low; 0: pass), play one through the
    engine (event, ops, space race; the AI's event then happens, §10.1.3), the other to the
    bottom of the deck/hand. Missile Envy due this round must be the card played, for ops
    (appendix #49; the engine offers only "ops"). A "round_start" hook returning True replaced
    the round (Quagmire, Bear Trap: appendix #42 and #44 say what is shuffled)."""
    game, human = flow.game, flow.human
    if any(run_hooks(game, "round_start", side=human)):
        round_replaced(flow, human)
        return
    drawn = draw_cards(game, hand_of(human), HUMAN_DRAW, say("solo.ar.draw"))
    if not drawn:
        game.note(say("solo.ar.human_passes", side=human.label))
        flow.counts["human_passes"] += 1
        return
    used = [c for out in run_hooks(game, "drawn", side=human, drawn=list(drawn)) for c in out]
    drawn = [c for c in drawn if c not in used]  # a discard to escape (appendix #10, #95)
    if not drawn:
        return
    due = [c for c in drawn if missile_envy_due(game.state, human, c)]
    answer = game.ask(
        "ar_card",
        human,
        due or sorted(drawn),
        say("solo.ar.play_which"),
        key="ar_card",
        drawn=tuple(sorted(drawn)),
    )
    play_drawn(flow, int(str(answer)), drawn)


def play_drawn(flow: Flow, card: int, drawn: list[int]) -> None:
    """Spec §10.1 once the human chose `card` among the `drawn` ones: the others to the
    bottom, the card played through the engine. UN Intervention is asked how first: played as
    its event, the other card stays on the table for it (§10.1.4; SoloPolicy.held) instead of
    going to the bottom and being taken out again. (A look-ahead resumes the round here.)"""
    game, rules, human = flow.game, flow.game.rules, flow.human
    others = [c for c in drawn if c != card]
    if card != CardId.UN_INTERVENTION:
        put_bottom(flow, others, say("solo.purpose.action_round"))
    ways = human_ways(flow, card, others)
    prompt = say("solo.ar.play_how", card=rules.card(card))
    how = str(game.ask("play", human, ways, prompt, key="play", card=card))
    if card == CardId.UN_INTERVENTION:
        paired = how == "event"
        put_bottom(flow, [] if paired else others, say("solo.purpose.action_round"))
        if paired:
            flow.seat.un_card = others[0]
    try:
        play_card(game, human, card, how)
    finally:
        flow.seat.un_card = None
    run_hooks(game, "card_played", side=human, card=card, how=how)


def round_replaced(flow: Flow, side: Side) -> None:
    """A trap (Quagmire, Bear Trap) used the round: it still was the side's action round, so
    the effects waiting for it act (We Will Bury You's VP, the end of Missile Envy's
    obligation); no card was played (`card=0`, `how="replaced"`)."""
    flow.counts["rounds_replaced"] += 1
    for moment in ("card_chosen", "card_played"):
        run_hooks(flow.game, moment, side=side, card=0, how="replaced")


def ai_action(flow: Flow) -> None:
    """Spec §12.1: reveal the top card of the AI's deck/hand (an empty one passes) and play it
    through the engine; the AI answers the engine's questions (§12.2–§12.3). A "round_start"
    hook may replace the round (Quagmire, Bear Trap) or put a card on top (We Will Bury You)."""
    game, ai = flow.game, flow.ai
    if any(run_hooks(game, "round_start", side=ai)):
        round_replaced(flow, ai)
        return
    card = game.draw(hand_of(ai), say("solo.ar.ai_reveal_top"), to="table")
    if card is None:
        game.note(say("solo.ar.ai_passes", side=ai.label))
        flow.counts["ai_passes"] += 1
        return
    waited = card == CHINA_CARD and china_card_waits(flow)
    if waited:
        card = reveal_past_the_china_card(flow)
    card = reveal_past_a_harmful_event(game, ai, card)
    how = play_card(game, ai, card)
    run_hooks(game, "card_played", side=ai, card=card, how=how)
    if waited and card != CHINA_CARD:
        game.shuffle(hand_of(ai))  # the China Card back among the others


def china_card_waits(flow: Flow) -> bool:
    """Spec §25.2 (the enhanced AI's china_card_always_enters): the AI keeps the China Card
    for a round in which the Primary or the Secondary Region is Asia or Southeast Asia."""
    return china_card_waits_in(flow.game.state, flow.game.rules)


def china_card_waits_in(state: GameState, rules: Ruleset) -> bool:
    """`china_card_waits` on a state (`twsolo decide` asks it without a turn flow)."""
    asian = ("asia", SOUTHEAST_ASIA)
    regions = (primary_region(state, rules), secondary_region(state, rules))
    return CHINA_CARD_ALWAYS_ENTERS in state.enhanced and not any(r in asian for r in regions)


def reveal_past_the_china_card(flow: Flow) -> int:
    """Spec §25.2: the China Card is set aside and the next card revealed and played instead
    (the China Card is shuffled back afterwards); with no other card, the China Card after
    all. Set aside under the other cards, it stays the AI's (as in the headline, §9.2) and
    comes up again only when nothing else is left."""
    game, hand = flow.game, hand_of(flow.ai)
    game.move_card(CHINA_CARD, hand, bottom=True)
    game.note(say("solo.ar.china_card_aside"))
    card = game.draw(hand, say("solo.ar.ai_reveal_next"), to="table")
    assert card is not None  # the China Card at least
    return card


def reveal_past_a_harmful_event(game: Game, ai: Side, card: int) -> int:
    """Spec §25.5 (the enhanced AI's defer_harmful_event): once per round, the AI may put a
    revealed card carrying the human's event at the bottom of its deck/hand and reveal the
    next, which it plays whatever it is; the AI answers the "defer" question (it defers a card
    that hurts it when the Space Race dump is not open). With nothing else in the deck/hand it
    plays the first card: no question."""
    state, rules, hand = game.state, game.rules, hand_of(ai)
    if DEFER_HARMFUL_EVENT not in state.enhanced or rules.card(card).owner is not ai.other:
        return card
    if not len(state.piles[hand]):
        return card
    answer = game.ask(
        "defer",
        ai,
        ("defer", "play"),
        say("solo.ar.defer_prompt", card=rules.card(card).name),
        key="defer",
        card=card,
    )
    if answer != "defer":
        return card
    game.move_card(card, hand, bottom=True)
    game.note(say("solo.ar.deferred", card=rules.card(card).name))
    following = game.draw(hand, say("solo.ar.ai_reveal_next"), to="table")
    assert following is not None  # the deferred card at least
    return following


def penalty(flow: Flow, info: RoundInfo, area: RoundArea) -> None:
    """Spec §10.2: once per action round in which the human spent any op outside the Primary
    and Secondary Regions, the AI gains `human_offregion_penalty_vp` (rules/regions.yaml)."""
    game, rules = flow.game, flow.game.rules
    if info.penalty:
        return
    outside = flow.seat.spent_outside(game, area.since, area.countries)
    if not outside:
        return
    names = ", ".join(sorted({rules.countries[c].name for c in outside}))
    game.gain_vp(
        flow.ai,
        area.vp,
        say("solo.ar.penalty", side=flow.human.label, countries=names),
    )
    info.penalty = True
    flow.counts["penalties"] += 1
    game.check_vp_victory()


def action_round(flow: Flow, number: int, only: tuple[Side, ...] | None = None) -> None:
    """One action round: the region shift (spec §7.3, from AR2), whether it is a Scoring Round
    (§8.3–§8.4; extra rounds never are), the two actions — the USSR first, or the human first
    in a Scoring Round (§8.2) — the penalty (§10.2), the scoring of the Primary (§8.1)."""
    game, rules = flow.game, flow.game.rules
    game.set_marker("action_round", number)
    game.set_marker("scoring_round", False)
    if number >= rules.regions.shift_first_round:
        shift(flow)
    scoring = only is None and is_scoring_round(flow, number)
    if scoring:
        game.set_marker("scoring_round", True)
        game.set_marker("scoring_rounds_this_turn", game.state.scoring_rounds_this_turn + 1)
    info = RoundInfo(
        game.state.turn,
        number,
        primary_region(game.state, rules),
        secondary_region(game.state, rules),
        scoring,
        extra=only is not None,
    )
    flow.rounds.append(info)
    flow.step("regions")
    order = (flow.human, flow.ai) if scoring else PHASE_ORDER
    vp = rules.regions.human_offregion_penalty_vp
    area = flow.seat.area = RoundArea(region_countries(game.state, rules), len(game.log), vp)
    for side in order:
        if only is not None and side not in only:
            continue
        game.set_marker("phasing", side)
        if side is flow.ai:
            # Said every time: the phasing marker does not move when the AI phased last (the
            # AI's headline resolved last, a Scoring Round before, an extra round; issue #41).
            game.note(say("solo.ar.ai_action", round=number, side=side.label))
            ai_action(flow)
        else:
            human_action(flow)
        info.order.append(side)
        penalty(flow, info, area)
        flow.step("action")
    flow.seat.area = None
    if scoring:
        info.scored = primary_region(game.state, rules)  # noted first: scoring may end the game
        score_primary(flow)
        flow.step("scoring")


def action_rounds(flow: Flow, first: int = 1) -> None:
    """Spec §5.D: 6 or 7 action rounds, then the extra rounds of the sides that have them,
    each an action round of its own (the region shift applies; never a Scoring Round).
    `first`: the round to begin with (a look-ahead goes on from the middle of a turn)."""
    game = flow.game
    regular = calendar.action_rounds(game.state.turn)
    for number in range(first, regular + 1):
        action_round(flow, number)
    extras = {side: extra_rounds(flow, side) for side in PHASE_ORDER}
    for k in range(1, max(extras.values()) + 1):
        sides = tuple(s for s in PHASE_ORDER if extras[s] >= k)
        action_round(flow, regular + k, only=sides)
