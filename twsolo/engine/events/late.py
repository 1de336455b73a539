"""Late War card events, #82–#102 (card-events Part C, "Late War").

One function per card. The side that owns an event makes its choices, even when the opponent
triggered it by playing the card for ops; on a neutral card the player does (base §5.2).
Lasting effects are `Effect`s that the engine consults (engine/effects.py); the hooks below act at
the turn-flow moments of registry.MOMENTS.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from twsolo.engine.board import controls
from twsolo.engine.coup import coup, coup_refusal
from twsolo.engine.effects import ops_modifier
from twsolo.engine.events.common import (
    add_by_choice,
    choose_card,
    choose_country,
    defer_to_next_round,
    each_of,
    escape_with_drawn,
    free_coup,
    hand_cards,
    ids,
    in_region,
    meets_ops,
    ops_discards,
    random_card,
    realign_rolls,
    remove_all,
    remove_by_choice,
    reveal_until,
    spend_card,
    war,
    yes_no,
)
from twsolo.engine.events.play import play_event
from twsolo.engine.events.registry import EventContext, event, on
from twsolo.engine.influence import conduct_influence
from twsolo.engine.operations import operation_options
from twsolo.engine.ops import OpsBudget
from twsolo.engine.space import has_ability
from twsolo.engine.state import Effect, GameState, Result
from twsolo.ids import CHINA_CARD, MAP_REGIONS, Side
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game

UN_INTERVENTION = 32
WILLY_BRANDT = 55
FLOWER_POWER = 59
JOHN_PAUL_II = 68
IRANIAN_HOSTAGE_CRISIS = 82
NORTH_SEA_OIL = 86
THE_REFORMER = 87
NORTH_SEA_OIL_ROUND = Effect(NORTH_SEA_OIL, Side.US, "round")  # this turn's 8th US round
DECLINE = "decline"
LATIN_DEBT_OPS = 3  # the discard that stops the doubling (card-events #95)


# ---------------------------------------------------------------- private building blocks
def country_or_decline(
    game: Game, chooser: Side, candidates: Sequence[int], prompt: str
) -> int | None:
    """A country among `candidates`, or None when `chooser` answers "decline" or there is no
    candidate (an event's optional coup: Ortega, Che). Used by optional.py too."""
    if not candidates:
        game.note(f"{prompt}: no legal target")
        return None
    answer = game.ask("country", chooser, [*ids(game, candidates), DECLINE], prompt, intent="coup")
    return None if answer == DECLINE else game.rules.index[str(answer)]


def _influence_or_realign(game: Game, side: Side, printed: int, prompt: str) -> None:
    """An event's "place influence or make realignment rolls (not a coup) with N ops" (KAL-007,
    Glasnost): the player's ops modifiers apply (card-events D7), never the Space Race (D6)."""
    budget = OpsBudget(ops_modifier(game.state, side, printed))
    kinds = [
        kind
        for kind in operation_options(game, side, budget, allow_space=False, card_ops=0)
        if kind != "coup"
    ]
    if not kinds:
        game.note(f"{prompt}: {side.label} has no legal placement or realignment")
        return
    if game.ask("operation", side, kinds, prompt) == "influence":
        conduct_influence(game, side, budget)
    else:
        realign_rolls(game, side, budget.total(), range(len(game.rules.countries)), prompt)


def _take_card(game: Game, chooser: Side, cards: Sequence[int], prompt: str) -> int:
    """One card among `cards`, chosen by `chooser`."""
    return int(str(game.ask("card", chooser, sorted(cards), prompt)))


# ---------------------------------------------------------------- requirements
def _us_ahead_in_space(state: GameState, rules: Ruleset, ctx: EventContext) -> str | None:
    if state.space[Side.US.col] > state.space[Side.USSR.col]:
        return None
    return "the US is not ahead on the Space Race"


def _defcon_two(state: GameState, rules: Ruleset, ctx: EventContext) -> str | None:
    return None if state.defcon == 2 else f"DEFCON is {state.defcon}, not 2"


def _john_paul_ii(state: GameState, rules: Ruleset, ctx: EventContext) -> str | None:
    return None if state.has_effect(JOHN_PAUL_II) else "John Paul II Elected Pope is not in effect"


# ---------------------------------------------------------------- the cards
@event(82)
def iranian_hostage_crisis(game: Game, ctx: EventContext) -> None:
    """card-events #82: all US influence out of Iran, +2 USSR there; for the rest of the game
    the USSR's Terrorism makes the US discard 2. No choices."""
    iran = game.rules.index["iran"]
    remove_all(game, Side.US, iran)
    game.add_influence(iran, Side.USSR, 2)
    game.add_effect(Effect(IRANIAN_HOSTAGE_CRISIS, Side.US))


@event(83)
def the_iron_lady(game: Game, ctx: EventContext) -> None:
    """card-events #83: +1 USSR in Argentina, all USSR influence out of the UK, US +1 VP;
    Socialist Governments (#7) prohibited from now on. No choices."""
    rules = game.rules
    game.add_influence(rules.index["argentina"], Side.USSR, 1)
    remove_all(game, Side.USSR, rules.index["uk"])
    game.gain_vp(Side.US, 1, "The Iron Lady")
    game.add_effect(Effect(83))


@event(84)
def reagan_bombs_libya(game: Game, ctx: EventContext) -> None:
    """card-events #84: US +1 VP per 2 USSR influence in Libya. No choices."""
    libya = game.rules.index["libya"]
    game.gain_vp(Side.US, game.state.inf(libya, Side.USSR) // 2, "Reagan Bombs Libya")


@event(85, requires=_us_ahead_in_space)
def star_wars(game: Game, ctx: EventContext) -> None:
    """card-events #85: only if the US is strictly ahead on the Space Race. The US picks a
    non-scoring card of the discard pile (not UN Intervention in the headline); its event happens
    as if the US had played it (a USSR event's owner makes its choices), then the card is
    removed if starred, else discarded. Nothing happens with no such card."""
    cards = [
        c
        for c in game.state.piles["discard"].known()
        if not game.rules.card(c).scoring and not (ctx.headline and c == UN_INTERVENTION)
    ]
    if not cards:
        game.note("Star Wars: no card in the discard pile to take")
        return
    card = _take_card(game, ctx.chooser, cards, "Star Wars: which discarded event?")
    game.move_card(card, "table")
    play_event(game, card, ctx.chooser, headline=ctx.headline)


@event(86)
def north_sea_oil(game: Game, ctx: EventContext) -> None:
    """card-events #86: OPEC (#61) prohibited for the rest of the game; the US may take 8 action
    rounds this turn (`NORTH_SEA_OIL_ROUND`, read by the extra_rounds hook). No choices."""
    game.add_effect(Effect(NORTH_SEA_OIL))
    game.add_effect(NORTH_SEA_OIL_ROUND)


@on("extra_rounds", card=NORTH_SEA_OIL)
def north_sea_oil_rounds(game: Game, side: Side) -> int:
    """North Sea Oil's 8th US round this turn: one extra round, unless the US already takes an
    8th round with the Space Station ability (8 rounds either way, not 9: card-events A4)."""
    if side is not Side.US or NORTH_SEA_OIL_ROUND not in game.state.effects:
        return 0
    return 0 if has_ability(game.state, game.rules, Side.US, "eighth_round") else 1


@event(87)
def the_reformer(game: Game, ctx: EventContext) -> None:
    """card-events #87: the USSR places 4 influence in Europe, at most 2 per country (6 if it
    leads on VP as the event resolves); for the rest of the game no USSR coups in Europe and
    Glasnost's extra ops. The USSR chooses."""
    amount = 6 if game.state.vp < 0 else 4
    add_by_choice(
        game,
        ctx.chooser,
        Side.USSR,
        amount,
        in_region(game, "europe"),
        "The Reformer: USSR influence in Europe",
        per_country=2,
    )
    game.add_effect(Effect(THE_REFORMER, Side.USSR))


@event(88)
def marine_barracks_bombing(game: Game, ctx: EventContext) -> None:
    """card-events #88: all US influence out of Lebanon, then 2 more US influence out of the
    Middle East in any split. The USSR chooses."""
    remove_all(game, Side.US, game.rules.index["lebanon"])
    remove_by_choice(
        game,
        ctx.chooser,
        Side.US,
        2,
        in_region(game, "middle_east"),
        "Marine Barracks Bombing: remove US influence in the Middle East",
    )


@event(89)
def soviets_shoot_down_kal_007(game: Game, ctx: EventContext) -> None:
    """card-events #89: DEFCON −1, US +2 VP; then, if the US controls South Korea, the US may
    place influence or make realignment rolls (not a coup) with 4 ops. The US chooses."""
    game.change_defcon(-1, "Soviets Shoot Down KAL-007")
    game.gain_vp(Side.US, 2, "Soviets Shoot Down KAL-007")
    if controls(game.state, game.rules, Side.US, game.rules.index["south_korea"]):
        _influence_or_realign(game, ctx.chooser, 4, "KAL-007: influence or realignment")


@event(90)
def glasnost(game: Game, ctx: EventContext) -> None:
    """card-events #90: DEFCON +1, USSR +2 VP; then, with The Reformer in effect, the USSR may
    place influence or make realignment rolls (not a coup) with 4 ops. The USSR chooses."""
    game.change_defcon(1, "Glasnost")
    game.gain_vp(Side.USSR, 2, "Glasnost")
    if game.state.has_effect(THE_REFORMER):
        _influence_or_realign(game, ctx.chooser, 4, "Glasnost: influence or realignment")


@event(91)
def ortega_elected_in_nicaragua(game: Game, ctx: EventContext) -> None:
    """card-events #91: all US influence out of Nicaragua; then the USSR may make one free coup
    (base §6.3.5: no military ops, a battleground still lowers DEFCON) with 2 ops in a neighbour
    of Nicaragua with US influence. The USSR chooses, and may decline (Cuban Missile Crisis)."""
    state, rules = game.state, game.rules
    nicaragua = rules.index["nicaragua"]
    remove_all(game, Side.US, nicaragua)
    targets = [
        c
        for c in rules.neighbours[nicaragua]
        if coup_refusal(state, rules, Side.USSR, c, free=True) is None
    ]
    target = country_or_decline(game, ctx.chooser, targets, "Ortega: free coup with 2 ops")
    if target is not None:
        coup(game, Side.USSR, target, ops_modifier(state, Side.USSR, 2), free=True)


@event(92)
def terrorism(game: Game, ctx: EventContext) -> None:
    """card-events #92: the player's opponent discards a card at random (never the China Card),
    without its event; 2 cards when the USSR plays it with Iranian Hostage Crisis in effect.
    No choices: chance picks."""
    victim = ctx.chooser.other
    doubled = ctx.chooser is Side.USSR and game.state.has_effect(IRANIAN_HOSTAGE_CRISIS)
    for _ in range(2 if doubled else 1):
        card = random_card(game, victim, f"Terrorism: the {victim.label} discards at random")
        if card is None:
            game.note(f"Terrorism: the {victim.label} has no card to discard")
            return
        game.move_card(card, "discard")


@event(93)
def iran_contra_scandal(game: Game, ctx: EventContext) -> None:
    """card-events #93: this turn, US realignment rolls −1 (effects.IRAN_CONTRA). No choices."""
    game.add_effect(Effect(93, Side.US))


@event(94)
def chernobyl(game: Game, ctx: EventContext) -> None:
    """card-events #94: the US names a region (Europe and Asia with their sub-regions); this turn
    the USSR may not place influence there with operations (effects.CHERNOBYL, data = region).
    The US chooses."""
    region = game.ask("region", ctx.chooser, list(MAP_REGIONS), "Chernobyl: which region?")
    game.add_effect(Effect(94, Side.USSR, str(region)))


@event(95)
def latin_american_debt_crisis(game: Game, ctx: EventContext) -> None:
    """card-events #95: the US discards a card of modified value ≥3 (the China Card only in the
    solitaire game, where it passes face down to the USSR: spec §3.4, appendix G7), or the USSR
    doubles its influence in 2 South American countries; with no such card the doubling is
    compulsory. The US chooses which; the USSR chooses the countries."""
    if defer_to_next_round(game, 95, Side.US):
        return
    if game.state.ai_side is Side.US:
        # Appendix #95 on_human_play: the AI escapes only when the human is in South America.
        exposed = any(game.state.inf(c, Side.USSR) for c in in_region(game, "south_america"))
        card = (
            reveal_until(
                game,
                Side.US,
                lambda c: meets_ops(game, Side.US, c, LATIN_DEBT_OPS),
                "Debt Crisis: the AI reveals",
            )
            if exposed
            else None
        )
        if card is not None:
            spend_card(game, Side.US, card)
            return
        _double_in_south_america(game, ctx.chooser)
        return
    cards = ops_discards(
        game, Side.US, LATIN_DEBT_OPS, "Debt Crisis: the US looks through its hand"
    )
    if cards:
        card = choose_card(
            game, Side.US, cards, "Latin American Debt Crisis: discard a 3+ ops card", none=DECLINE
        )
        if card is not None:
            spend_card(game, Side.US, card)
            return
    _double_in_south_america(game, ctx.chooser)


def _double_in_south_america(game: Game, ussr: Side) -> None:
    each_of(
        game,
        ussr,
        [c for c in in_region(game, "south_america") if game.state.inf(c, Side.USSR) > 0],
        2,
        "Latin American Debt Crisis: double USSR influence",
        lambda c: game.add_influence(c, Side.USSR, game.state.inf(c, Side.USSR)),
        intent="add",
        influence_of=Side.USSR,
        event_card=95,
    )


@on("drawn", card=95)
def latin_american_debt_due(game: Game, side: Side, drawn: list[int]) -> list[int]:
    """Appendix #95 (as Blockade, #10): the human discards a drawn card of 3+ ops in this
    action round, or the USSR (the AI) doubles its influence in 2 South American countries."""
    prompt = "Latin American Debt Crisis: discard a drawn card of 3+ ops, or decline"
    used = escape_with_drawn(game, side, 95, drawn, LATIN_DEBT_OPS, prompt)
    if used == 0:
        _double_in_south_america(game, Side.USSR)
    return [used] if used else []


@event(96)
def tear_down_this_wall(game: Game, ctx: EventContext) -> None:
    """card-events #96: cancels Willy Brandt and prohibits it; +3 US in East Germany; then the US
    may use 3 ops for one free coup or realignment rolls in Europe, both ignoring the DEFCON ban
    (base §6.3.5; D3 default for the realignments). The US chooses; "realign" then "done"
    declines."""
    state, rules = game.state, game.rules
    game.remove_effect(WILLY_BRANDT)
    game.add_effect(Effect(96))
    game.add_influence(rules.index["east_germany"], Side.US, 3)
    europe = in_region(game, "europe")

    def targets() -> list[int]:
        return [c for c in europe if state.inf(c, Side.USSR) > 0]

    if not targets():
        game.note("Tear Down This Wall: no USSR influence in Europe to coup or realign")
        return
    prompt = "Tear Down This Wall: 3 ops for a free coup or realignments in Europe"
    if game.ask("operation", ctx.chooser, ["coup", "realign"], prompt) == "coup":
        free_coup(game, ctx.chooser, europe, 3, "Tear Down This Wall: free coup where?")
    else:
        rolls = ops_modifier(state, ctx.chooser, 3)
        realign_rolls(game, ctx.chooser, rolls, europe, "Tear Down This Wall: realign", free=True)


@event(97)
def an_evil_empire(game: Game, ctx: EventContext) -> None:
    """card-events #97: cancels Flower Power (#59) and prohibits it; US +1 VP. No choices."""
    game.remove_effect(FLOWER_POWER)
    game.add_effect(Effect(97))
    game.gain_vp(Side.US, 1, "An Evil Empire")


@event(98)
def aldrich_ames_remix(game: Game, ctx: EventContext) -> None:
    """card-events #98: this turn the US deck/hand is open to the USSR; the USSR picks one of its
    cards (not the China Card), which the US discards without its event. The USSR chooses."""
    game.add_effect(Effect(98, Side.US))
    shown = hand_cards(game, Side.US, "Aldrich Ames Remix: the US deck/hand is revealed")
    cards = [c for c in shown if c != CHINA_CARD]  # never the China Card (A13)
    names = ", ".join(str(game.rules.card(c)) for c in shown)
    game.note(f"Aldrich Ames Remix: the US deck/hand is revealed: {names or 'empty'}")
    if cards:
        game.move_card(_take_card(game, ctx.chooser, cards, "Aldrich Ames: discard"), "discard")


@event(99)
def pershing_ii_deployed(game: Game, ctx: EventContext) -> None:
    """card-events #99: USSR +1 VP; 1 US influence out of each of up to 3 different Western
    European countries. The USSR chooses."""
    game.gain_vp(Side.USSR, 1, "Pershing II Deployed")
    remove_by_choice(
        game,
        ctx.chooser,
        Side.US,
        3,
        in_region(game, "west_europe"),
        "Pershing II: remove US influence in Western Europe",
        per_country=1,
    )


@event(100, requires=_defcon_two)
def wargames(game: Game, ctx: EventContext) -> None:
    """card-events #100: only at DEFCON 2. The player may end the game: the opponent gains 6 VP,
    no final scoring, the side ahead wins, a tie is a draw (D4 default). Declined, the card is
    discarded (D4 default). The player chooses."""
    if not yes_no(game, ctx.chooser, "Wargames: end the game now (the opponent gains 6 VP)?"):
        ctx.destination = "discard"
        return
    game.gain_vp(ctx.chooser.other, 6, "Wargames")
    vp = game.state.vp
    winner = Side.US if vp > 0 else Side.USSR if vp < 0 else None
    game.end(Result(winner, "wargames"))


@event(101, requires=_john_paul_ii)
def solidarity(game: Game, ctx: EventContext) -> None:
    """card-events #101: only with John Paul II (#68) in effect: +3 US influence in Poland."""
    game.add_influence(game.rules.index["poland"], Side.US, 3)


@event(102)
def iran_iraq_war(game: Game, ctx: EventContext) -> None:
    """card-events #102: the player picks Iran or Iraq as the target; roll −1 per neighbour of
    the target the opponent controls; on 4+ the player gains 2 VP and replaces the opponent's
    influence there; +2 military ops either way. The player chooses."""
    rules = game.rules
    target = choose_country(
        game,
        ctx.chooser,
        [rules.index["iran"], rules.index["iraq"]],
        "Iran-Iraq War: which country is invaded?",
    )
    war(game, ctx.chooser, target, vp=2, milops=2)
