"""The headline phase (spec §9): the human's pick of three, the AI's pick of the cards it
reveals, the box-4 exceptions, resolution in the base game's order, Defectors."""

from __future__ import annotations

from twsolo.engine.events import play_event, run_hooks
from twsolo.engine.events.common import to_bottom
from twsolo.engine.game import Game
from twsolo.engine.space import has_ability
from twsolo.engine.state import hand_of
from twsolo.ids import CHINA_CARD, CardId, Side
from twsolo.phrases.book import say
from twsolo.solo.flow import Flow
from twsolo.solo.piles import draw_cards
from twsolo.solo.regions import region_countries

HUMAN_DRAW = 3  # spec §4.3, §9.1
BOX_4 = "headline_second"  # space box 4: the opponent headlines first (rules/space.yaml)


def put_bottom(flow: Flow, cards: list[int], purpose: str) -> None:
    """The human puts `cards` at the bottom of the deck/hand in the order the human chooses
    (spec §4.3)."""
    to_bottom(flow.game, flow.human, cards, purpose)


def human_pick(flow: Flow, ai_card: int | None) -> int | None:
    """Spec §9.1: draw 3 from the deck/hand, headline 1 (never the China Card, and not UN
    Intervention while another card can be headlined: A5.1), the others to the bottom in the
    order the human chooses. None if no card can be headlined."""
    game, rules = flow.game, flow.game.rules
    drawn = draw_cards(game, hand_of(flow.human), HUMAN_DRAW, say("solo.hl.draw"))
    options = [c for c in sorted(drawn) if c != CHINA_CARD]
    if len(options) > 1 and CardId.UN_INTERVENTION in options:
        options.remove(CardId.UN_INTERVENTION)
    card = None
    if options:
        answer = game.ask(
            "headline",
            flow.human,
            options,
            say("solo.hl.choose") + "".join(f" ({left_out(c)})" for c in drawn if c not in options),
            key="headline",
            drawn=tuple(sorted(drawn)),
            ai_headline=ai_card,
        )
        card = int(str(answer))
        game.note(say("solo.hl.human_headlines", side=flow.human.label, card=rules.card(card)))
    put_bottom(flow, [c for c in drawn if c != card], say("solo.purpose.headline"))
    return card


def left_out(card: int) -> str:
    """Why a card drawn for the headline is not among the answers (said with the question)."""
    if card == CHINA_CARD:
        return say("solo.hl.left_out.china_card")
    return say("solo.hl.left_out.un_intervention")


def ai_pick(game: Game, ai: Side, human_card: int | None) -> int | None:
    """Spec §9.2: reveal the AI's cards one by one (chance), asking the AI after each reveal
    which revealed card it headlines, or "reveal" for another while its deck/hand has cards.
    The China Card is never an option: it goes back at once, under the other cards (the same
    as shuffling it back and revealing again, and it cannot come up twice). The cards not
    headlined are shuffled back into the AI's deck/hand. `human_card` is the human's headline
    when the AI knows it (the AI holds space box 4, §9.2 exception, §23.1)."""
    hand = hand_of(ai)
    revealed: list[int] = []
    chosen: int | None = None

    def more() -> bool:
        # The China Card, once seen, is at the bottom of the deck/hand: it does not count.
        pile = game.state.piles[hand]
        return len(pile) > (CHINA_CARD in pile)

    while chosen is None:
        if not more() and not revealed:
            break
        if more():
            card = game.draw(hand, say("solo.hl.ai_reveal_top"), to="table")
            assert card is not None
            if card == CHINA_CARD:
                game.move_card(card, hand, bottom=True)  # stays the AI's: §9.2 reveal again
                game.note(say("solo.hl.china_card_back"))
                continue
            revealed.append(card)
        options: list[int | str] = [*sorted(revealed), *(["reveal"] if more() else [])]
        answer = game.ask(
            "headline",
            ai,
            options,
            say("solo.hl.ai_prompt"),
            key="headline",
            human_headline=human_card,
            revealed=tuple(revealed),
        )
        if answer != "reveal":
            chosen = int(str(answer))
        elif revealed and revealed[-1] == CardId.UN_INTERVENTION:  # said (issue #41)
            game.note(say("solo.hl.ai_un_intervention", card=game.rules.card(revealed[-1])))
        elif revealed and game.rules.card(revealed[-1]).owner is ai.other:
            game.note(say("solo.hl.ai_your_event", card=game.rules.card(revealed[-1])))
    for card in sorted(revealed):
        if card != chosen:
            game.move_card(card, hand)
    game.shuffle(hand)
    if chosen is not None:
        game.note(say("solo.hl.ai_headlines", side=ai.label, card=game.rules.card(chosen)))
    return chosen


def resolution_order(flow: Flow, cards: dict[Side, int]) -> list[Side]:
    """Spec §9.3 (base §4.5C): higher printed Ops first, the US first on a tie; Defectors as the
    US headline goes first whatever the order, so that it cancels the USSR headline (A5.8)."""
    rules = flow.game.rules
    order = sorted(cards, key=lambda s: (-rules.card(cards[s]).ops, s is not Side.US))
    if cards.get(Side.US) == CardId.DEFECTORS:
        order = [Side.US, *[s for s in order if s is not Side.US]]
    return order


def resolve(flow: Flow, cards: dict[Side, int]) -> None:
    """Spec §9.3–§9.4: each headline is an event, played by the side that headlined it (the
    phasing side for DEFCON, A5.5); a USSR headline cancelled by Defectors is discarded.
    While they resolve, influence the human places with an event's ops or "anywhere" goes only
    into the Primary and Secondary Regions (the HumanSeat applies it, §9.3)."""
    game = flow.game
    flow.seat.headline_countries = region_countries(game.state, game.rules)
    try:
        for side in resolution_order(flow, cards):
            card = cards[side]
            cancel = next(
                (e for e in game.state.effects if e.card == CardId.DEFECTORS and e.side is Side.US),
                None,
            )
            if side is Side.USSR and cancel is not None:
                game.note(say("solo.hl.defectors_cancel", card=game.rules.card(card)))
                game.move_card(card, "discard")
                continue
            game.set_marker("phasing", side)
            play_event(game, card, side, headline=True)
            run_hooks(game, "card_played", side=side, card=card, how="headline")
    finally:
        flow.seat.headline_countries = None
        game.remove_effect(CardId.DEFECTORS)


def headline_phase(flow: Flow) -> None:
    """Spec §9: the human picks first, unless the human holds space box 4 (the AI then picks
    first and the human knows its card, §9.1 exception); the AI knows the human's card only
    when the AI holds box 4 (§9.2 exception)."""
    game = flow.game
    human, ai = flow.human, flow.ai
    game.set_marker("action_round", 0)
    game.set_marker("scoring_round", False)
    picks: dict[Side, int | None] = {}
    if has_ability(game.state, game.rules, human, BOX_4):
        picks[ai] = ai_pick(flow.game, ai, None)
        picks[human] = human_pick(flow, picks[ai])
    else:
        picks[human] = human_pick(flow, None)
        known = picks[human] if has_ability(game.state, game.rules, ai, BOX_4) else None
        picks[ai] = ai_pick(flow.game, ai, known)
    cards = {side: card for side, card in picks.items() if card is not None}
    flow.counts["headlines"] += len(cards)
    resolve(flow, cards)
