"""Deck/hands and the draft (spec §4, §5.B, §6): OP balance and the bonus, step 0 and the China
Card, filling to 8 or 9, the fast deal, the era decks joining the draw deck."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from twsolo.engine.calendar import ERA_FIRST_TURN, early_war
from twsolo.engine.initial_state import ERA_PILE
from twsolo.engine.state import area_of, hand_of
from twsolo.ids import CHINA_CARD, Era, Side
from twsolo.phrases.book import say
from twsolo.ruleset import Ruleset
from twsolo.ruleset.model import CHINA_CARD_ALWAYS_ENTERS
from twsolo.solo.flow import Flow
from twsolo.solo.piles import deal_one, draw_cards, ensure_draw, gather, hand_size

HAND_EARLY = 8  # spec §6.1–§6.2: deck/hands hold 8 in turns 1–3
HAND_LATER = 9  # spec §6.3: and 9 in turns 4–10
BONUS_MARGIN = 3  # spec §6.2.1: the AI's cards total at least 3 Ops more than the human's
BONUS_VP = 1
# Spec §5.B: the era decks and the turn at whose start each joins the draw deck.
ERA_DECKS = tuple((ERA_PILE[era], ERA_FIRST_TURN[era]) for era in (Era.MID, Era.LATE))


@dataclass(frozen=True, slots=True)
class DraftStep:
    """Draw `draw`, keep `keep`, give the rest; `bonus`: the 1 VP bonus may be earned."""

    draw: int
    keep: int
    bonus: bool


def draft_steps(turn: int) -> tuple[DraftStep, ...]:
    """Spec §6.1 (turn 1), §6.2 (turns 2–3), §6.3 (turns 4–10)."""
    if turn == 1:
        return (DraftStep(6, 3, False), DraftStep(6, 3, False))
    if early_war(turn):
        return (DraftStep(6, 3, True), DraftStep(4, 2, False))
    return (DraftStep(6, 3, True), DraftStep(6, 3, True))


def hand_target(turn: int) -> int:
    return HAND_EARLY if early_war(turn) else HAND_LATER


def printed_ops(rules: Ruleset, cards: Sequence[int]) -> int:
    """Spec §6: OP balance counts printed Ops (the China Card 4)."""
    cards_by_number = rules.cards  # read for every split of every draft step: no method call
    return sum(cards_by_number[c].ops for c in cards)


def split_refusal(rules: Ruleset, kept: Sequence[int], given: Sequence[int]) -> str | None:
    """Why a split breaks the OP balance (spec §6), with the totals; None if it keeps it."""
    mine, theirs = printed_ops(rules, kept), printed_ops(rules, given)
    if mine > theirs:
        return say("solo.draft.op_balance", kept=mine, given=theirs)
    return None


def legal_splits(rules: Ruleset, drawn: Sequence[int], keep: int) -> list[tuple[int, ...]]:
    """Every set of `keep` cards the human may keep (sorted tuples), OP balance enforced.
    Keeping the lowest cards always balances, so there is at least one."""
    cards = sorted(drawn)
    return [
        kept
        for kept in combinations(cards, keep)
        if split_refusal(rules, kept, [c for c in cards if c not in kept]) is None
    ]


def capped_splits(
    rules: Ruleset, drawn: Sequence[int], splits: list[tuple[int, ...]], human: Side
) -> list[tuple[int, ...]]:
    """Spec §24.5 [r3], the draft cap: the splits whose cards given to the AI hold at most
    `draft_cap_human_events` (rules/setup.yaml) cards carrying the human's event, when any
    split that keeps the OP balance does so; else all of them."""
    cap = rules.setup.draft_cap_human_events

    def human_events(kept: tuple[int, ...]) -> int:
        return sum(1 for c in drawn if c not in kept and rules.card(c).owner is human)

    capped = [kept for kept in splits if human_events(kept) <= cap]
    return capped or splits


def era_additions(flow: Flow) -> None:
    """Spec §5.B (base §4.4): at the start of turn 4 the Mid War cards, at turn 8 the Late War
    cards, are shuffled into the remaining draw deck (not the discards)."""
    game = flow.game
    for pile, turn in ERA_DECKS:
        if game.state.turn >= turn and len(game.state.piles[pile]):
            game.note(say("solo.draft.era_joins", era=say(f"era.{pile}")))
            gather(game, [pile], "draw")


def step_zero(flow: Flow) -> None:
    """Spec §6.2 step 0 (§23.2): only a player whose deck/hand is empty: the China Card moves
    into it from the player's play area, or else one unseen card is dealt. With the enhanced
    AI's china_card_always_enters (§25.2 [r3]: the AI only) the AI, holding the face-up China
    Card, moves it in whatever its deck/hand holds."""
    game = flow.game
    state = game.state
    for side in (Side.USSR, Side.US):
        china = CHINA_CARD in state.piles[area_of(side)] and state.china_face_up
        if china and side is flow.ai and CHINA_CARD_ALWAYS_ENTERS in state.enhanced:
            game.move_card(CHINA_CARD, hand_of(side))
            game.note(say("solo.draft.china_card_enters"))
            continue
        if len(game.state.piles[hand_of(side)]):
            continue
        if CHINA_CARD in game.state.piles[area_of(side)]:
            game.move_card(CHINA_CARD, hand_of(side))
        else:
            deal_one(game, side, say("solo.draft.step_zero", side=side.label))


def draft_step(flow: Flow, step: DraftStep, label: str) -> None:
    """Spec §6.1.1 / §6.2.1: draw, the human keeps a set (OP balance), the AI gets the rest;
    the bonus VP when the AI's cards total at least 3 Ops more. With too few cards even after
    the reshuffle, the step uses what there is and the human keeps half, rounded down."""
    game, rules, human = flow.game, flow.game.rules, flow.human
    ensure_draw(game, step.draw)
    drawn = draw_cards(game, "draw", step.draw, say("solo.draft.draw", step=label))
    if not drawn:
        return
    keep = step.keep if len(drawn) == step.draw else len(drawn) // 2
    ops = {c: rules.card(c).ops for c in drawn}
    splits = legal_splits(rules, drawn, keep)
    if flow.options.draft_cap:
        splits = capped_splits(rules, drawn, splits, human)
    answer = game.ask(
        "draft",
        human,
        splits,
        say("solo.draft.prompt", step=label, keep=keep, drawn=len(drawn), give=len(drawn) - keep),
        key="draft",
        drawn=tuple(sorted(drawn)),
        ops=ops,
        keep=keep,
        give=len(drawn) - keep,
        bonus=step.bonus,
    )
    kept = [int(c) for c in answer] if isinstance(answer, tuple) else []
    given = [c for c in sorted(drawn) if c not in kept]
    for card in kept:
        game.move_card(card, hand_of(human))
    for card in given:
        game.move_card(card, hand_of(flow.ai))
    margin = printed_ops(rules, given) - printed_ops(rules, kept)
    if step.bonus and margin >= BONUS_MARGIN:
        game.gain_vp(human, BONUS_VP, say("solo.draft.bonus", margin=margin))
        flow.counts["draft_bonuses"] += 1
        game.check_vp_victory()


def fill(flow: Flow, target: int) -> None:
    """Deal unseen cards until each deck/hand holds `target` (the China Card not counted),
    one at a time, the USSR first (base A3.6); stop when no card is left."""
    game = flow.game
    while True:
        short = [s for s in (Side.USSR, Side.US) if hand_size(game.state, s) < target]
        if not short:
            return
        for side in short:
            if not deal_one(game, side, say("solo.draft.deal", side=side.label)):
                return


def shuffle_hands(flow: Flow) -> None:
    for side in (Side.USSR, Side.US):
        flow.game.shuffle(hand_of(side))


def draft(flow: Flow) -> None:
    """Spec §6.1–§6.3."""
    turn = flow.game.state.turn
    if turn > 1:
        step_zero(flow)
    for n, step in enumerate(draft_steps(turn), start=1):
        draft_step(flow, step, say("solo.draft.step", n=n))
    fill(flow, hand_target(turn))
    shuffle_hands(flow)


def fast_deal(flow: Flow) -> None:
    """Spec §6.4: a player with the China Card in its play area and an empty deck/hand moves it
    in; then unseen cards fill each deck/hand to 8 or 9; no OP balance."""
    game = flow.game
    for side in (Side.USSR, Side.US):
        if (
            not len(game.state.piles[hand_of(side)])
            and CHINA_CARD in game.state.piles[area_of(side)]
        ):
            game.move_card(CHINA_CARD, hand_of(side))
    fill(flow, hand_target(game.state.turn))
    shuffle_hands(flow)


def deal_phase(flow: Flow) -> None:
    """Spec §5.B: the era decks, then the draft or the fast deal."""
    era_additions(flow)
    if flow.options.fast_deal:
        fast_deal(flow)
    else:
        draft(flow)
