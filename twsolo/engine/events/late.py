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
    discard_search,
    each_of,
    escape_by_revealing,
    event_area,
    free_coup,
    hand_cards,
    ids,
    ops_discards,
    random_card,
    realign_rolls,
    remove_all,
    remove_by_choice,
    spend_card,
    war,
    war_facts,
    yes_no,
)
from twsolo.engine.events.happen import play_event
from twsolo.engine.events.registry import EventContext, event, on
from twsolo.engine.influence import conduct_influence
from twsolo.engine.operations import operation_options
from twsolo.engine.ops import OpsBudget
from twsolo.engine.space import has_ability
from twsolo.engine.state import Effect, GameState, Result
from twsolo.ids import CHINA_CARD, MAP_REGIONS, CardId, Side, card_key
from twsolo.phrases import say
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game

NORTH_SEA_OIL_ROUND = Effect(CardId.NORTH_SEA_OIL, Side.US, "round")  # this turn's 8th US round
DECLINE = "decline"


# ---------------------------------------------------------------- private building blocks
def country_or_decline(
    game: Game, chooser: Side, candidates: Sequence[int], prompt: str, *, key: str, ops: int
) -> int | None:
    """A country among `candidates`, or None when `chooser` answers "decline" or there is no
    candidate (an event's optional coup with `ops`: Ortega, Che). Used by optional.py too."""
    if not candidates:
        game.note(say("event.country_or_decline.note", prompt=prompt))
        return None
    options = [*ids(game, candidates), DECLINE]
    answer = game.ask("country", chooser, options, prompt, key=key, intent="coup", ops=ops)
    return None if answer == DECLINE else game.rules.index[str(answer)]


def _influence_or_realign(game: Game, ctx: EventContext, printed: int, prompt: str) -> None:
    """An event's "place influence or make realignment rolls (not a coup) with N ops" (KAL-007,
    Glasnost): the player's ops modifiers apply (card-events D7), never the Space Race (D6)."""
    side = ctx.chooser
    budget = OpsBudget(ops_modifier(game.state, side, printed))
    kinds = [
        kind
        for kind in operation_options(game, side, budget, allow_space=False, card_ops=0)
        if kind != "coup"
    ]
    if not kinds:
        game.note(say("event.influence_or_realign.note", prompt=prompt, side=side.label))
        return
    if game.ask("operation", side, kinds, prompt, key=ctx.key("operation")) == "influence":
        conduct_influence(game, side, budget)
    else:
        everywhere = range(len(game.rules.countries))
        realign_rolls(game, side, budget.total(), everywhere, prompt, key=ctx.key("realign"))


def _take_card(game: Game, chooser: Side, cards: Sequence[int], prompt: str, *, key: str) -> int:
    """One card among `cards`, chosen by `chooser`."""
    return int(str(game.ask("card", chooser, sorted(cards), prompt, key=key)))


# ---------------------------------------------------------------- requirements
def _us_ahead_in_space(state: GameState, rules: Ruleset, ctx: EventContext) -> str | None:
    if state.space[Side.US.col] > state.space[Side.USSR.col]:
        return None
    return say("event.requires.us_ahead_in_space")


def _defcon_two(state: GameState, rules: Ruleset, ctx: EventContext) -> str | None:
    return None if state.defcon == 2 else say("event.requires.defcon_two", defcon=state.defcon)


def _john_paul_ii(state: GameState, rules: Ruleset, ctx: EventContext) -> str | None:
    return (
        None
        if state.has_effect(CardId.JOHN_PAUL_II_ELECTED_POPE)
        else say("event.requires.in_effect", card=rules.card(CardId.JOHN_PAUL_II_ELECTED_POPE).name)
    )


# ---------------------------------------------------------------- the cards
@event(CardId.IRANIAN_HOSTAGE_CRISIS)
def iranian_hostage_crisis(game: Game, ctx: EventContext) -> None:
    """card-events #82: all US influence out of Iran, +2 USSR there; for the rest of the game
    the USSR's Terrorism makes the US discard 2. No choices."""
    iran = game.rules.index["iran"]
    remove_all(game, Side.US, iran)
    game.add_influence(iran, Side.USSR, 2)
    game.add_effect(Effect(CardId.IRANIAN_HOSTAGE_CRISIS, Side.US))


@event(CardId.THE_IRON_LADY)
def the_iron_lady(game: Game, ctx: EventContext) -> None:
    """card-events #83: +1 USSR in Argentina, all USSR influence out of the UK, US +1 VP;
    Socialist Governments (#7) prohibited from now on. No choices."""
    rules = game.rules
    game.add_influence(rules.index["argentina"], Side.USSR, 1)
    remove_all(game, Side.USSR, rules.index["uk"])
    game.gain_vp(Side.US, 1, game.rules.card(CardId.THE_IRON_LADY).name)
    game.add_effect(Effect(CardId.THE_IRON_LADY))


@event(CardId.REAGAN_BOMBS_LIBYA)
def reagan_bombs_libya(game: Game, ctx: EventContext) -> None:
    """card-events #84: US +1 VP per 2 USSR influence in Libya. No choices."""
    libya = game.rules.index["libya"]
    game.gain_vp(
        Side.US,
        game.state.inf(libya, Side.USSR) // 2,
        game.rules.card(CardId.REAGAN_BOMBS_LIBYA).name,
    )


@event(CardId.STAR_WARS, requires=_us_ahead_in_space, asks=("card",))
def star_wars(game: Game, ctx: EventContext) -> None:
    """card-events #85: only if the US is strictly ahead on the Space Race. The US picks a
    non-scoring card of the discard pile (not UN Intervention in the headline); its event happens
    as if the US had played it (a USSR event's owner makes its choices), then the card is
    removed if starred, else discarded. Nothing happens with no such card."""
    rules = game.rules
    search = game.policy.procedure("discard_search", discard_search)
    card = search(
        game,
        ctx.chooser,
        lambda c: not rules.card(c).scoring and not (ctx.headline and c == CardId.UN_INTERVENTION),
        say("event.star_wars.card", card=rules.card(CardId.STAR_WARS).name),
        key=ctx.key("card"),
        none=None,
    )
    if card is None:
        game.note(say("event.star_wars.note", card=game.rules.card(CardId.STAR_WARS).name))
        return
    game.move_card(card, "table")
    play_event(game, card, ctx.chooser, headline=ctx.headline)


@event(CardId.NORTH_SEA_OIL)
def north_sea_oil(game: Game, ctx: EventContext) -> None:
    """card-events #86: OPEC (#61) prohibited for the rest of the game; the US may take 8 action
    rounds this turn (`NORTH_SEA_OIL_ROUND`, read by the extra_rounds hook). No choices."""
    game.add_effect(Effect(CardId.NORTH_SEA_OIL))
    game.add_effect(NORTH_SEA_OIL_ROUND)


@on("extra_rounds", card=CardId.NORTH_SEA_OIL)
def north_sea_oil_rounds(game: Game, side: Side) -> int:
    """North Sea Oil's 8th US round this turn: one extra round, unless the US already takes an
    8th round with the Space Station ability (8 rounds either way, not 9: card-events A4)."""
    if side is not Side.US or NORTH_SEA_OIL_ROUND not in game.state.effects:
        return 0
    return 0 if has_ability(game.state, game.rules, Side.US, "eighth_round") else 1


@event(
    CardId.THE_REFORMER,
    asks=("place",),
    figures=("influence", "influence_leading", "per_country"),
    reads=("event_regions",),
)
def the_reformer(game: Game, ctx: EventContext) -> None:
    """card-events #87: the USSR places 4 influence in Europe, at most 2 per country (6 if it
    leads on VP as the event resolves); for the rest of the game no USSR coups in Europe and
    Glasnost's extra ops. The USSR chooses."""
    card = game.rules.card(ctx.card)
    amount = card.figure("influence_leading" if game.state.vp < 0 else "influence")
    add_by_choice(
        game,
        ctx.chooser,
        Side.USSR,
        amount,
        event_area(game, ctx.card),
        say("event.the_reformer.place", card=game.rules.card(CardId.THE_REFORMER).name),
        key=ctx.key("place"),
        per_country=card.figure("per_country"),
    )
    game.add_effect(Effect(CardId.THE_REFORMER, Side.USSR))


@event(CardId.MARINE_BARRACKS_BOMBING, asks=("remove",), reads=("event_regions",))
def marine_barracks_bombing(game: Game, ctx: EventContext) -> None:
    """card-events #88: all US influence out of Lebanon, then 2 more US influence out of the
    Middle East in any split. The USSR chooses."""
    remove_all(game, Side.US, game.rules.index["lebanon"])
    remove_by_choice(
        game,
        ctx.chooser,
        Side.US,
        2,
        event_area(game, ctx.card),
        say(
            "event.marine_barracks_bombing.remove",
            card=game.rules.card(CardId.MARINE_BARRACKS_BOMBING).name,
        ),
        key=ctx.key("remove"),
    )


@event(CardId.SOVIETS_SHOOT_DOWN_KAL_007, asks=("operation", "realign"), ops=True)
def soviets_shoot_down_kal_007(game: Game, ctx: EventContext) -> None:
    """card-events #89: DEFCON −1, US +2 VP; then, if the US controls South Korea, the US may
    place influence or make realignment rolls (not a coup) with 4 ops. The US chooses."""
    game.change_defcon(-1, game.rules.card(CardId.SOVIETS_SHOOT_DOWN_KAL_007).name)
    game.gain_vp(Side.US, 2, game.rules.card(CardId.SOVIETS_SHOOT_DOWN_KAL_007).name)
    if controls(game.state, game.rules, Side.US, game.rules.index["south_korea"]):
        _influence_or_realign(game, ctx, 4, say("event.soviets_shoot_down_kal_007.ops"))


@event(CardId.GLASNOST, asks=("operation", "realign"), ops=True)
def glasnost(game: Game, ctx: EventContext) -> None:
    """card-events #90: DEFCON +1, USSR +2 VP; then, with The Reformer in effect, the USSR may
    place influence or make realignment rolls (not a coup) with 4 ops. The USSR chooses."""
    game.change_defcon(1, game.rules.card(CardId.GLASNOST).name)
    game.gain_vp(Side.USSR, 2, game.rules.card(CardId.GLASNOST).name)
    if game.state.has_effect(CardId.THE_REFORMER):
        _influence_or_realign(
            game, ctx, 4, say("event.glasnost.ops", card=game.rules.card(CardId.GLASNOST).name)
        )


@event(CardId.ORTEGA_ELECTED_IN_NICARAGUA, asks=("coup",), figures=("ops",))
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
    printed = rules.card(ctx.card).figure("ops")
    ops = ops_modifier(state, Side.USSR, printed)
    prompt = say("event.ortega_elected_in_nicaragua.prompt", printed=printed)
    target = country_or_decline(game, ctx.chooser, targets, prompt, key=ctx.key("coup"), ops=ops)
    if target is not None:
        coup(game, Side.USSR, target, ops, free=True)


@event(CardId.TERRORISM)
def terrorism(game: Game, ctx: EventContext) -> None:
    """card-events #92: the player's opponent discards a card at random (never the China Card),
    without its event; 2 cards when the USSR plays it with Iranian Hostage Crisis in effect.
    No choices: chance picks."""
    victim = ctx.chooser.other
    doubled = ctx.chooser is Side.USSR and game.state.has_effect(CardId.IRANIAN_HOSTAGE_CRISIS)
    for _ in range(2 if doubled else 1):
        card = random_card(
            game,
            victim,
            say(
                "event.terrorism.discard",
                card=game.rules.card(CardId.TERRORISM).name,
                victim=victim.label,
            ),
        )
        if card is None:
            game.note(
                say(
                    "event.terrorism.note",
                    card=game.rules.card(CardId.TERRORISM).name,
                    victim=victim.label,
                )
            )
            return
        game.move_card(card, "discard")


@event(CardId.IRAN_CONTRA_SCANDAL)
def iran_contra_scandal(game: Game, ctx: EventContext) -> None:
    """card-events #93: this turn, US realignment rolls −1 (effects.IRAN_CONTRA). No choices."""
    game.add_effect(Effect(CardId.IRAN_CONTRA_SCANDAL, Side.US))


@event(CardId.CHERNOBYL, asks=("region",))
def chernobyl(game: Game, ctx: EventContext) -> None:
    """card-events #94: the US names a region (Europe and Asia with their sub-regions); this turn
    the USSR may not place influence there with operations (effects.CHERNOBYL, data = region).
    The US chooses."""
    prompt = say("event.chernobyl.prompt", card=game.rules.card(CardId.CHERNOBYL).name)
    region = game.ask("region", ctx.chooser, list(MAP_REGIONS), prompt, key=ctx.key("region"))
    game.add_effect(Effect(CardId.CHERNOBYL, Side.USSR, str(region)))


@event(
    CardId.LATIN_AMERICAN_DEBT_CRISIS,
    asks=("discard", "double", "escape"),
    figures=("discard_ops",),
    reads=("event_regions",),
)
def latin_american_debt_crisis(game: Game, ctx: EventContext) -> None:
    """card-events #95: the US discards a card of modified value ≥3 (the China Card only in the
    solitaire game, where it passes face down to the USSR: spec §3.4, appendix G7), or the USSR
    doubles its influence in 2 South American countries; with no such card the doubling is
    compulsory. The US chooses which; the USSR chooses the countries. A US that searches its
    deck/hand by revealing (the solitaire AI, appendix #95 on_human_play, spec §17.5) says
    whether it tries, then reveals for the card. (The solitaire human answers the AI's Debt
    Crisis in the next action round: solo/overrides.py.)"""
    need = game.rules.card(ctx.card).figure("discard_ops")
    if game.policy.reveals_for(game, Side.US):
        if not escape_by_revealing(
            game, ctx, Side.US, say("event.latin_american_debt_crisis.otherwise")
        ):
            double_in_south_america(game, ctx.chooser)
        return
    cards = ops_discards(game, Side.US, need, say("event.latin_american_debt_crisis.look"))
    if cards:
        card = choose_card(
            game,
            Side.US,
            cards,
            say(
                "event.latin_american_debt_crisis.discard",
                card=game.rules.card(CardId.LATIN_AMERICAN_DEBT_CRISIS).name,
            ),
            key=ctx.key("discard"),
            none=DECLINE,
            need=need,
        )
        if card is not None:
            spend_card(game, Side.US, card)
            return
    double_in_south_america(game, ctx.chooser)


def double_in_south_america(game: Game, ussr: Side) -> None:
    """Card-events #95 when no card is discarded: the USSR doubles its influence in 2 countries
    of the event's region (South America)."""
    each_of(
        game,
        ussr,
        [
            c
            for c in event_area(game, CardId.LATIN_AMERICAN_DEBT_CRISIS)
            if game.state.inf(c, Side.USSR) > 0
        ],
        2,
        say(
            "event.double_in_south_america.prompt",
            card=game.rules.card(CardId.LATIN_AMERICAN_DEBT_CRISIS).name,
        ),
        lambda c: game.add_influence(c, Side.USSR, game.state.inf(c, Side.USSR)),
        key=card_key(CardId.LATIN_AMERICAN_DEBT_CRISIS, "double"),
        intent="add",
        influence_of=Side.USSR,
        event=CardId.LATIN_AMERICAN_DEBT_CRISIS,
    )


@event(
    CardId.TEAR_DOWN_THIS_WALL,
    asks=("operation", "coup", "realign"),
    figures=("influence", "ops"),
    reads=("event_regions",),
)
def tear_down_this_wall(game: Game, ctx: EventContext) -> None:
    """card-events #96: cancels Willy Brandt and prohibits it; +3 US in East Germany; then the US
    may use 3 ops for one free coup or realignment rolls in Europe, both ignoring the DEFCON ban
    (base §6.3.5; D3 default for the realignments). The US chooses; "realign" then "done"
    declines."""
    state, rules = game.state, game.rules
    card = rules.card(ctx.card)
    game.remove_effect(CardId.WILLY_BRANDT)
    game.add_effect(Effect(CardId.TEAR_DOWN_THIS_WALL))
    game.add_influence(rules.index["east_germany"], Side.US, card.figure("influence"))
    europe, ops = event_area(game, ctx.card), card.figure("ops")

    def targets() -> list[int]:
        return [c for c in europe if state.inf(c, Side.USSR) > 0]

    if not targets():
        game.note(say("event.tear_down_this_wall.note"))
        return
    prompt = say("event.tear_down_this_wall.prompt", ops=ops)
    modified = ops_modifier(state, ctx.chooser, ops)
    kind = game.ask(
        "operation",
        ctx.chooser,
        ["coup", "realign"],
        prompt,
        key=ctx.key("operation"),
        ops=modified,
    )
    if kind == "coup":
        prompt = say("event.tear_down_this_wall.prompt_2")
        free_coup(game, ctx.chooser, europe, ops, prompt, key=ctx.key("coup"))
    else:
        rolls = ops_modifier(state, ctx.chooser, ops)
        prompt = say("event.tear_down_this_wall.prompt_3")
        realign_rolls(game, ctx.chooser, rolls, europe, prompt, key=ctx.key("realign"), free=True)


@event(CardId.AN_EVIL_EMPIRE)
def an_evil_empire(game: Game, ctx: EventContext) -> None:
    """card-events #97: cancels Flower Power (#59) and prohibits it; US +1 VP. No choices."""
    game.remove_effect(CardId.FLOWER_POWER)
    game.add_effect(Effect(CardId.AN_EVIL_EMPIRE))
    game.gain_vp(Side.US, 1, game.rules.card(CardId.AN_EVIL_EMPIRE).name)


@event(CardId.ALDRICH_AMES_REMIX, asks=("discard",))
def aldrich_ames_remix(game: Game, ctx: EventContext) -> None:
    """card-events #98: this turn the US deck/hand is open to the USSR; the USSR picks one of its
    cards (not the China Card), which the US discards without its event. The USSR chooses."""
    game.add_effect(Effect(CardId.ALDRICH_AMES_REMIX, Side.US))
    shown = hand_cards(
        game,
        Side.US,
        say("event.aldrich_ames_remix.look", card=game.rules.card(CardId.ALDRICH_AMES_REMIX).name),
    )
    cards = [c for c in shown if c != CHINA_CARD]  # never the China Card (A13)
    names = ", ".join(str(game.rules.card(c)) for c in shown)
    card = game.rules.card(CardId.ALDRICH_AMES_REMIX).name
    if names:
        game.note(say("event.aldrich_ames_remix.revealed", card=card, names=names))
    else:
        game.note(say("event.aldrich_ames_remix.revealed_empty", card=card))
    if cards:
        prompt = say("event.aldrich_ames_remix.prompt")
        taken = _take_card(game, ctx.chooser, cards, prompt, key=ctx.key("discard"))
        game.move_card(taken, "discard")


@event(CardId.PERSHING_II_DEPLOYED, asks=("remove",), reads=("event_regions",))
def pershing_ii_deployed(game: Game, ctx: EventContext) -> None:
    """card-events #99: USSR +1 VP; 1 US influence out of each of up to 3 different Western
    European countries. The USSR chooses."""
    game.gain_vp(Side.USSR, 1, game.rules.card(CardId.PERSHING_II_DEPLOYED).name)
    remove_by_choice(
        game,
        ctx.chooser,
        Side.US,
        3,
        event_area(game, ctx.card),
        say("event.pershing_ii_deployed.remove"),
        key=ctx.key("remove"),
        per_country=1,
    )


@event(CardId.WARGAMES, requires=_defcon_two, asks=("end",))
def wargames(game: Game, ctx: EventContext) -> None:
    """card-events #100: only at DEFCON 2. The player may end the game: the opponent gains 6 VP,
    no final scoring, the side ahead wins, a tie is a draw (D4 default). Declined, the card is
    discarded (D4 default). The player chooses."""
    prompt = say("event.wargames.prompt", card=game.rules.card(CardId.WARGAMES).name)
    if not yes_no(game, ctx.chooser, prompt, key=ctx.key("end")):
        ctx.destination = "discard"
        return
    game.gain_vp(ctx.chooser.other, 6, game.rules.card(CardId.WARGAMES).name)
    vp = game.state.vp
    winner = Side.US if vp > 0 else Side.USSR if vp < 0 else None
    game.end(Result(winner, "wargames"))


@event(CardId.SOLIDARITY, requires=_john_paul_ii)
def solidarity(game: Game, ctx: EventContext) -> None:
    """card-events #101: only with John Paul II (#68) in effect: +3 US influence in Poland."""
    game.add_influence(game.rules.index["poland"], Side.US, 3)


@event(CardId.IRAN_IRAQ_WAR, asks=("target",), reads=("war",))
def iran_iraq_war(game: Game, ctx: EventContext) -> None:
    """card-events #102: the player picks Iran or Iraq as the target; roll −1 per neighbour of
    the target the opponent controls; on 4+ the player gains 2 VP and replaces the opponent's
    influence there; +2 military ops either way. The player chooses."""
    rules = game.rules
    facts = war_facts(game, ctx.card)
    target = choose_country(
        game,
        ctx.chooser,
        [rules.index[c] for c in facts.targets],
        say("event.iran_iraq_war.target", card=game.rules.card(CardId.IRAN_IRAQ_WAR).name),
        key=ctx.key("target"),
    )
    war(game, ctx.chooser, target, facts)
