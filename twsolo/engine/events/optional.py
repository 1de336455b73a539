"""Optional card events, #104–#110 (card-events Part C; in play only when chosen at setup,
spec §24.2). #103 Defectors is an Early War card of the base deck (early.py).

The side that owns an event makes its choices, even when the opponent triggered it (base §5.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from twsolo.engine.board import controls
from twsolo.engine.calendar import late_war
from twsolo.engine.coup import coup, coup_refusal
from twsolo.engine.effects import ops_modifier
from twsolo.engine.events.common import choose_card, choose_country, in_region
from twsolo.engine.events.late import country_or_decline
from twsolo.engine.events.registry import EventContext, event, on
from twsolo.engine.records import CardMove, DefconChange
from twsolo.engine.state import Effect, GameState, hand_of
from twsolo.ids import CardId, Side, card_key
from twsolo.phrases import say
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game

OUR_MAN_IN_TEHRAN_CARDS = 5
DONE = "done"


def _not_in_late_war(state: GameState, rules: Ruleset, ctx: EventContext) -> str | None:
    if late_war(state.turn):
        return say("event.requires.not_late_war", card=rules.card(CardId.THE_CAMBRIDGE_FIVE).name)
    return None


def _us_controls_middle_east(state: GameState, rules: Ruleset, ctx: EventContext) -> str | None:
    if any(controls(state, rules, Side.US, c) for c in rules.members("middle_east")):
        return None
    return say("event.requires.us_in_middle_east")


@event(CardId.THE_CAMBRIDGE_FIVE, requires=_not_in_late_war, asks=("place",))
def the_cambridge_five(game: Game, ctx: EventContext) -> None:
    """card-events #104 (prohibited in turns 8–10): the US reveals the scoring cards in its
    deck/hand; the USSR adds 1 influence to a country of a region they name (Southeast Asia: its
    7 countries). Solitaire reading (appendix #104): nobody holds scoring cards, so the face-up
    Primary and Secondary scoring cards count as well. The USSR chooses."""
    state, rules = game.state, game.rules
    piles = (state.piles[hand_of(Side.US)], state.piles["primary"], state.piles["secondary"])
    cards = sorted(c for pile in piles for c in pile.known() if rules.card(c).scoring)
    if not cards:
        game.note(
            say(
                "event.the_cambridge_five.note",
                card=game.rules.card(CardId.THE_CAMBRIDGE_FIVE).name,
            )
        )
        return
    names = ", ".join(str(rules.card(c)) for c in cards)
    game.note(
        say(
            "event.the_cambridge_five.revealed",
            card=rules.card(CardId.THE_CAMBRIDGE_FIVE).name,
            cards=names,
        )
    )
    regions = {str(rules.card(c).scoring) for c in cards}
    candidates = sorted({i for region in regions for i in rules.members(region)})
    country = choose_country(
        game,
        ctx.chooser,
        candidates,
        say("event.the_cambridge_five.place"),
        key=ctx.key("place"),
        intent="add",
        influence_of=Side.USSR,
    )
    game.add_influence(country, Side.USSR, 1)


@event(CardId.SPECIAL_RELATIONSHIP, asks=("place",))
def special_relationship(game: Game, ctx: EventContext) -> None:
    """card-events #105: if the US controls the UK: without NATO, +1 US influence in one
    neighbour of the UK; with NATO, +2 US influence in one Western European country and US +2 VP.
    Nothing otherwise. The US chooses."""
    state, rules = game.state, game.rules
    uk = rules.index["uk"]
    if not controls(state, rules, Side.US, uk):
        game.note(
            say(
                "event.special_relationship.note",
                card=game.rules.card(CardId.SPECIAL_RELATIONSHIP).name,
            )
        )
        return
    nato = state.has_effect(CardId.NATO)
    amount = 2 if nato else 1
    country = choose_country(
        game,
        ctx.chooser,
        in_region(game, "west_europe") if nato else rules.neighbours[uk],
        say(
            "event.special_relationship.place",
            card=game.rules.card(CardId.SPECIAL_RELATIONSHIP).name,
            amount=amount,
        ),
        key=ctx.key("place"),
        intent="add",
        influence_of=Side.US,
        total=amount,
        left=amount,
        per_country=amount,
        placed=(),
        whole=True,
    )
    game.add_influence(country, Side.US, amount)
    if nato:
        game.gain_vp(Side.US, 2, game.rules.card(CardId.SPECIAL_RELATIONSHIP).name)


@event(CardId.NORAD, asks=("place",))
def norad(game: Game, ctx: EventContext) -> None:
    """card-events #106: for the rest of the game (until Quagmire), the `card_played` hook below
    may add 1 US influence at the end of an action round. No choices now."""
    game.add_effect(Effect(CardId.NORAD, Side.US))


def _defcon_moved_to_2_this_round(game: Game, card: int) -> bool:
    """Whether DEFCON moved to 2 since `card`, the card of this action round, reached the table
    (the turn flow puts the round's card there first; earlier records belong to earlier rounds).
    False when the log shows no such move."""
    moved = False
    for record in reversed(game.log):
        if isinstance(record, CardMove) and record.card == card and record.target == "table":
            return moved
        if isinstance(record, DefconChange) and record.after == 2:
            moved = True
    return False


@on("card_played", card=CardId.NORAD)
def norad_end_of_round(game: Game, side: Side, card: int, how: str) -> None:
    """NORAD's trigger (card-events #106) at the end of each action round, of either side, once
    the round's card is resolved: if the US controls Canada and DEFCON moved to 2 during the round,
    the US adds 1 influence to a country that already has US influence. Not in the headline."""
    state, rules = game.state, game.rules
    if how == "headline" or not state.has_effect(CardId.NORAD):
        return
    if not controls(state, rules, Side.US, rules.index["canada"]):
        return
    if not _defcon_moved_to_2_this_round(game, card):
        return
    candidates = [c.index for c in rules.countries if state.inf(c.index, Side.US) > 0]
    country = choose_country(
        game,
        Side.US,
        candidates,
        say("event.norad_end_of_round.prompt", card=game.rules.card(CardId.NORAD).name),
        key=card_key(CardId.NORAD, "place"),
        intent="add",
        influence_of=Side.US,
        event=CardId.NORAD,
    )
    game.add_influence(country, Side.US, 1)


@event(CardId.CHE, asks=("coup",), reads=("event_regions",))
def che(game: Game, ctx: EventContext) -> None:
    """card-events #107: the USSR may coup, with this card's ops (USSR modifiers), a
    non-battleground with US influence in Central America, South America or Africa; if that coup
    removed US influence, it may coup a different such country. Ordinary coups: military ops,
    Cuban Missile Crisis, Yuri and Samantha and coup modifiers apply (D5). The USSR chooses, and
    may decline each coup."""
    state, rules = game.state, game.rules
    ops = ops_modifier(state, Side.USSR, rules.card(ctx.card).ops)
    area = [c for region in rules.card(ctx.card).event_regions for c in rules.members(region)]
    couped: list[int] = []
    for _ in range(2):
        targets = [
            c
            for c in area
            if c not in couped
            and not rules.countries[c].battleground
            and coup_refusal(state, rules, Side.USSR, c) is None
        ]
        prompt = say("event.che.prompt", card=game.rules.card(CardId.CHE).name, ops=ops)
        key = ctx.key("coup")
        target = country_or_decline(game, ctx.chooser, sorted(targets), prompt, key=key, ops=ops)
        if target is None:
            return
        couped.append(target)
        if coup(game, Side.USSR, target, ops).removed == 0:
            return


@event(CardId.OUR_MAN_IN_TEHRAN, requires=_us_controls_middle_east, asks=("discard",))
def our_man_in_tehran(game: Game, ctx: EventContext) -> None:
    """card-events #108: only if the US controls a Middle East country. The US draws the top 5
    cards of the draw deck, discards any of them face up without their events, and returns the
    rest into the draw deck, which is shuffled (returned cards go into its shuffled part). The US
    chooses."""
    drawn: list[int] = []
    for _ in range(OUR_MAN_IN_TEHRAN_CARDS):
        card = game.draw(
            "draw",
            say(
                "event.our_man_in_tehran.draw", card=game.rules.card(CardId.OUR_MAN_IN_TEHRAN).name
            ),
            to="aside",
        )
        if card is None:
            break
        drawn.append(card)
    while drawn:
        prompt = say(
            "event.our_man_in_tehran.prompt", card=game.rules.card(CardId.OUR_MAN_IN_TEHRAN).name
        )
        card = choose_card(game, ctx.chooser, drawn, prompt, key=ctx.key("discard"), none=DONE)
        if card is None:
            break
        game.move_card(card, "discard")
        drawn.remove(card)
    for card in drawn:
        game.move_card(card, "draw")
    game.shuffle("draw")


@event(CardId.YURI_AND_SAMANTHA)
def yuri_and_samantha(game: Game, ctx: EventContext) -> None:
    """card-events #109: this turn the USSR gains 1 VP per US coup attempt, free coups included
    (effects.YURI_AND_SAMANTHA, read by coup.coup). No choices."""
    game.add_effect(Effect(CardId.YURI_AND_SAMANTHA, Side.US))


@event(CardId.AWACS_SALE_TO_SAUDIS)
def awacs_sale_to_saudis(game: Game, ctx: EventContext) -> None:
    """card-events #110: +2 US influence in Saudi Arabia; Muslim Revolution (#56) prohibited
    from now on. No choices."""
    game.add_influence(game.rules.index["saudi_arabia"], Side.US, 2)
    game.add_effect(Effect(CardId.AWACS_SALE_TO_SAUDIS))
