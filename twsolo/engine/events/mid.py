"""Mid War card events, #36–#81 (card-events Part C), and the hooks of their lasting effects.

Each handler makes its choices through the Choice seam with `ctx.chooser`: the side the card
belongs to, or the player of a neutral card (base §5.2). Lasting effects are `Effect`s the
engine consults (engine/effects.py, scoring.py); those that act later in the turn register a
hook here (`@on`): Quagmire and Bear Trap replace action rounds; Missile Envy, We Will Bury You
and Flower Power watch the cards played. UN Intervention's own handler (early.py) gives U2
Incident's VP and ends We Will Bury You.

The solitaire card appendix's procedures live in twsolo/solo/overrides.py and reach these
handlers through the game's Policy: `event_handler` (the Cuban Missile Crisis played by the AI,
Nuclear Subs' double coup), `reveals_for` (the AI reveals for a trap's discard), `procedure`
("trap_discard": the trapped human draws 2). Missile Envy goes on top of a deck/hand (#49). The
China Card in a deck/hand (spec §3.4) is the policy's switch (`Policy.china_card_in_hands`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from twsolo.engine.board import controls
from twsolo.engine.coup import coup_refusal, realign_refusal
from twsolo.engine.effects import (
    ops_modifier,
    protection,
)
from twsolo.engine.events.common import (
    add_by_choice,
    china_card_came_up,
    choose_card,
    choose_country,
    discard_search,
    each_of,
    event_area,
    free_coup,
    grant_operations,
    hand_cards,
    ids,
    may_take,
    meets_ops,
    ops_discards,
    place_figures,
    prohibited_by,
    random_card,
    realign_rolls,
    remove_all,
    remove_by_choice,
    reveal_until,
    show_hand,
    spend_card,
    war,
    war_facts,
)
from twsolo.engine.events.happen import play_event
from twsolo.engine.events.registry import EventContext, card_player, event, on
from twsolo.engine.operations import conduct_operations
from twsolo.engine.ops import OpsBudget
from twsolo.engine.scoring import region_score, score_region
from twsolo.engine.space import advance
from twsolo.engine.state import Effect, GameState, area_of, hand_of
from twsolo.errors import IllegalActionError
from twsolo.ids import CHINA_CARD, MAP_REGIONS, SOUTHEAST_ASIA, CardId, Side, card_key
from twsolo.phrases import say
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game

# Who may cancel the Cuban Missile Crisis, and from where (card-events #40).
MISSILE_CRISIS_CANCEL = {Side.USSR: ("cuba",), Side.US: ("west_germany", "turkey")}
OPEC_COUNTRIES = ("egypt", "iran", "libya", "saudi_arabia", "iraq", "gulf_states", "venezuela")
MUSLIM_REVOLUTION = ("sudan", "iran", "iraq", "egypt", "libya", "saudi_arabia", "syria", "jordan")


# ---------------------------------------------------------------------------- private helpers
def _idx(game: Game, country: str) -> int:
    return game.rules.index[country]


def _members(game: Game, *regions: str) -> list[int]:
    """The countries of the regions (or subregions), each once, in map order."""
    rules = game.rules
    return [c.index for c in rules.countries if any(rules.in_region(c.index, r) for r in regions)]


def _add(game: Game, side: Side, country: str, amount: int) -> None:
    game.add_influence(_idx(game, country), side, amount)


def round_mark(state: GameState, side: Side) -> str:
    """Names an action round: turn, round number and phasing side."""
    return f"{state.turn}:{state.action_round}:{side.value}"


def _pass_china_card(game: Game, to: Side, *, face_up: bool) -> None:
    """An event passes the China Card to `to`'s play area (base §9.4 unless the card says)."""
    game.move_card(CHINA_CARD, area_of(to))
    game.set_china_face_up(face_up)


# ---------------------------------------------------------------------------- the events
@event(CardId.BRUSH_WAR, asks=("target",), reads=("war",))
def brush_war(game: Game, ctx: EventContext) -> None:
    """card-events #36: the player attacks a country of stability 1–2 (not one NATO protects);
    3+ after −1 per adjacent opponent-controlled country wins 1 VP and the opponent's influence;
    +3 military ops either way. The player chooses the target."""
    state, rules = game.state, game.rules
    attacker = ctx.player
    targets = [
        c.index
        for c in rules.countries
        if c.stability <= 2 and protection(state, rules, attacker, c.index, coup=False) is None
    ]
    prompt = say("event.brush_war.prompt", card=game.rules.card(CardId.BRUSH_WAR).name)
    target = choose_country(game, ctx.chooser, targets, prompt, key=ctx.key("target"))
    war(game, attacker, target, war_facts(game, ctx.card))


@event(CardId.CENTRAL_AMERICA_SCORING)
def central_america_scoring(game: Game, ctx: EventContext) -> None:
    """card-events #37 (B3): score Central America, 1 / 3 / 5. No choice."""
    score_region(game, "central_america")


@event(CardId.SOUTHEAST_ASIA_SCORING)
def southeast_asia_scoring(game: Game, ctx: EventContext) -> None:
    """card-events #38 (B4): score Southeast Asia; the card is then removed. No choice."""
    score_region(game, SOUTHEAST_ASIA)


@event(CardId.ARMS_RACE)
def arms_race(game: Game, ctx: EventContext) -> None:
    """card-events #39: if the player has more military ops than the opponent, +1 VP, or +3 if
    they also reach the DEFCON level. No choice."""
    s, me = game.state, ctx.player
    mine, theirs = s.milops[me.col], s.milops[me.other.col]
    if mine <= theirs:
        game.note(
            say(
                "event.arms_race.note",
                card=game.rules.card(CardId.ARMS_RACE).name,
                me=me.label,
                mine=mine,
                theirs=theirs,
            )
        )
        return
    game.gain_vp(me, 3 if mine >= s.defcon else 1, game.rules.card(CardId.ARMS_RACE).name)


@event(CardId.CUBAN_MISSILE_CRISIS, figures=("remove",))
def cuban_missile_crisis(game: Game, ctx: EventContext) -> None:
    """card-events #40: DEFCON to 2; this turn a coup by the player's opponent loses the game
    (coup.py), unless that side cancels it (`cancel_cuban_missile_crisis`). No choice. (The
    solitaire AI plays it otherwise: solo/overrides.py, spec §23.7.)"""
    game.set_defcon(2, game.rules.card(CardId.CUBAN_MISSILE_CRISIS).name)
    game.add_effect(Effect(CardId.CUBAN_MISSILE_CRISIS, ctx.player.other))


def cuban_missile_crisis_refusal(
    state: GameState, rules: Ruleset, side: Side, country: int
) -> str | None:
    """Why `side` may not cancel the Cuban Missile Crisis by removing 2 of its influence (the
    card's figure) from `country` now (card-events #40), or None."""
    effect = state.effect(CardId.CUBAN_MISSILE_CRISIS)
    if effect is None or effect.side is not side:
        return say("event.cuban_missile_crisis_refusal.refused", side=side.label)
    allowed = MISSILE_CRISIS_CANCEL[side]
    c = rules.countries[country]
    if c.id not in allowed:
        names = " or ".join(rules.country(a).name for a in allowed)
        return say(
            "event.cuban_missile_crisis_refusal.refused_2",
            side=side.label,
            names=names,
            country=c.name,
        )
    amount = rules.card(CardId.CUBAN_MISSILE_CRISIS).figure("remove")
    if state.inf(country, side) < amount:
        return say(
            "event.cuban_missile_crisis_refusal.refused_3",
            side=side.label,
            amount=amount,
            country=c.name,
        )
    return None


def cancel_cuban_missile_crisis(game: Game, side: Side, country: int) -> None:
    """The restricted side removes 2 of its influence from Cuba (USSR) or from West Germany or
    Turkey (US), and the Cuban Missile Crisis ends (card-events #40)."""
    if reason := cuban_missile_crisis_refusal(game.state, game.rules, side, country):
        raise IllegalActionError(reason)
    game.remove_influence(
        country, side, game.rules.card(CardId.CUBAN_MISSILE_CRISIS).figure("remove")
    )
    game.remove_effect(CardId.CUBAN_MISSILE_CRISIS)
    game.note(say("event.cancel_cuban_missile_crisis.note", side=side.label))


@event(CardId.NUCLEAR_SUBS)
def nuclear_subs(game: Game, ctx: EventContext) -> None:
    """card-events #41: this turn US battleground coups do not lower DEFCON. No choice. (The
    solitaire AI as the US also makes its first coup twice: solo/overrides.py, appendix #41.)"""
    game.add_effect(Effect(CardId.NUCLEAR_SUBS, Side.US))


@event(CardId.QUAGMIRE, asks=("discard", "scoring"), figures=("discard_ops", "escape"))
def quagmire(game: Game, ctx: EventContext) -> None:
    """card-events #42: cancels NORAD; the US is trapped until it rolls 1–4 (hook below).
    No choice."""
    if game.state.has_effect(CardId.NORAD):
        game.remove_effect(CardId.NORAD)
    game.add_effect(Effect(CardId.QUAGMIRE, Side.US))


@event(CardId.SALT_NEGOTIATIONS, asks=("take",))
def salt_negotiations(game: Game, ctx: EventContext) -> None:
    """card-events #43: DEFCON +2; all coup rolls −1 this turn; the player may take one
    non-scoring card from the discard pile into its deck/hand. The player chooses."""
    game.change_defcon(2, game.rules.card(CardId.SALT_NEGOTIATIONS).name)
    game.add_effect(Effect(CardId.SALT_NEGOTIATIONS))
    rules = game.rules
    search = game.policy.procedure("discard_search", discard_search)
    taken = search(
        game,
        ctx.chooser,
        lambda c: not rules.card(c).scoring,
        say("event.salt_negotiations.take"),
        key=ctx.key("take"),
        none="decline",
    )
    if taken is not None:
        game.move_card(taken, hand_of(ctx.chooser))
        game.note(
            say("event.salt_negotiations.note", side=ctx.chooser.label, card=rules.card(taken))
        )
        game.shuffle(hand_of(ctx.chooser))  # appendix #43: shuffled into the deck/hand


@event(CardId.BEAR_TRAP, asks=("discard", "scoring"), figures=("discard_ops", "escape"))
def bear_trap(game: Game, ctx: EventContext) -> None:
    """card-events #44: the USSR is trapped until it rolls 1–4 (hook below). No choice."""
    game.add_effect(Effect(CardId.BEAR_TRAP, Side.USSR))


def _trap_round(game: Game, side: Side, card: int) -> bool:
    """Quagmire / Bear Trap at the start of `side`'s action round (card-events #42, #44): a card
    of 2+ modified ops is discarded without its event, then a roll of 1–4 frees `side`. Which
    card: base (D11) `trap_pick`; a side that searches its deck/hand by revealing (the solitaire
    AI, appendix #42, #44, spec §17.5) `reveal_until`; the variant's own "trap_discard" (the
    solitaire human draws 2: solo/overrides.py). True: the round is replaced."""
    state = game.state
    if not state.has_effect(card, side):
        return False
    facts = game.rules.card(card)
    name, need, escape = facts.name, facts.figure("discard_ops"), facts.figure("escape")
    if game.policy.reveals_for(game, side):
        discard = reveal_until(
            game,
            side,
            lambda c: meets_ops(game, side, c, need),
            say("event.trap_round.reveal", name=name, need=need),
        )
    else:
        discard = game.policy.procedure("trap_discard", trap_pick)(game, side, card)
    if discard is None:
        game.note(say("event.trap_round.note", name=name, side=side.label))
        return True
    game.note(
        say("event.trap_round.note_2", name=name, side=side.label, card=game.rules.card(discard))
    )
    spend_card(game, side, discard)
    roll = game.roll(side, say("event.trap_round.roll", name=name, escape=escape), high=False)
    escaped = roll <= escape
    if escaped:
        game.remove_effect(card)
    key = "event.trap_round.escapes" if escaped else "event.trap_round.stays"
    game.note(say(key, name=name, side=side.label, roll=roll))
    return True


def trap_pick(game: Game, side: Side, card: int) -> int | None:
    """The base game (card-events #42, D11): `side` picks a card of 2+ modified ops from its hand
    (never the China Card, A13). Without one it plays a scoring card (`side` picks which) or sits
    the round out: None."""
    name = game.rules.card(card).name
    need = game.rules.card(card).figure("discard_ops")
    eligible = ops_discards(game, side, need, say("event.trap_pick.look", name=name))
    if eligible:
        prompt = say("event.trap_pick.prompt", name=name, need=need)
        key = card_key(card, "discard")
        return choose_card(game, side, eligible, prompt, key=key, event=card, need=need)
    scoring = [c for c in game.state.piles[hand_of(side)].known() if game.rules.card(c).scoring]
    if scoring:
        prompt = say("event.trap_pick.prompt_2", name=name)
        chosen = choose_card(game, side, scoring, prompt, key=card_key(card, "scoring"), event=card)
        assert chosen is not None
        game.move_card(chosen, "table")
        play_event(game, chosen, side)
    return None


@on("round_start", card=CardId.QUAGMIRE)
def quagmire_round(game: Game, side: Side) -> bool:
    """Replaces the trapped US's action round (card-events #42)."""
    return _trap_round(game, side, CardId.QUAGMIRE)


@on("round_start", card=CardId.BEAR_TRAP)
def bear_trap_round(game: Game, side: Side) -> bool:
    """Replaces the trapped USSR's action round (card-events #44)."""
    return _trap_round(game, side, CardId.BEAR_TRAP)


def _summit_bonus(state: GameState, rules: Ruleset, side: Side) -> int:
    """+1 per region where `side` has Domination or Control (B1), without the scoring-only
    modifiers of Formosan Resolution and Shuttle Diplomacy (they apply to scoring only)."""
    plain = state.copy()
    plain.effects = []
    return sum(
        region_score(plain, rules, r).sides[side].level in ("domination", "control")
        for r in MAP_REGIONS
    )


@event(CardId.SUMMIT, asks=("defcon",))
def summit(game: Game, ctx: EventContext) -> None:
    """card-events #45: both roll, +1 per region dominated or controlled; the higher gains 2 VP
    and may move DEFCON one level either way (the winner chooses). A tie does nothing."""
    state, rules = game.state, game.rules
    totals = {}
    for side in (ctx.player, ctx.player.other):
        bonus = _summit_bonus(state, rules, side)
        totals[side] = (
            game.roll(
                side, say("event.summit.roll", card=rules.card(CardId.SUMMIT).name, bonus=bonus)
            )
            + bonus
        )
    if totals[Side.US] == totals[Side.USSR]:
        game.note(
            say("event.summit.note", card=game.rules.card(CardId.SUMMIT).name, what=totals[Side.US])
        )
        return
    winner = Side.US if totals[Side.US] > totals[Side.USSR] else Side.USSR
    game.gain_vp(winner, 2, game.rules.card(CardId.SUMMIT).name)
    d = state.defcon
    levels = sorted({max(1, d - 1), d, min(5, d + 1)})
    prompt = say("event.summit.prompt", card=game.rules.card(CardId.SUMMIT).name)
    level = game.ask("number", winner, levels, prompt, key=ctx.key("defcon"))
    game.set_defcon(int(str(level)), game.rules.card(CardId.SUMMIT).name)


@event(CardId.HOW_I_LEARNED_TO_STOP_WORRYING, asks=("defcon",))
def how_i_learned(game: Game, ctx: EventContext) -> None:
    """card-events #46: the player sets DEFCON to any level (1 loses for the phasing player)
    and gains 5 military ops. The player chooses the level."""
    prompt = say("event.how_i_learned.prompt")
    level = game.ask("number", ctx.chooser, [1, 2, 3, 4, 5], prompt, key=ctx.key("defcon"))
    game.set_defcon(int(str(level)), game.rules.card(CardId.HOW_I_LEARNED_TO_STOP_WORRYING).name)
    game.add_milops(ctx.player, 5)


@event(
    CardId.JUNTA,
    asks=("place", "operation", "coup", "realign"),
    figures=("influence", "ops"),
    reads=("event_regions",),
)
def junta(game: Game, ctx: EventContext) -> None:
    """card-events #47 (D10): +2 influence in one Central or South American country, then one
    free coup or realignment rolls there with 2 ops (the player's ops modifiers apply, D7). The
    player chooses the country, the operation and its targets."""
    state, rules = game.state, game.rules
    side, card = ctx.chooser, rules.card(ctx.card)
    latin = event_area(game, ctx.card)
    amount, ops = card.figure("influence"), card.figure("ops")
    country = choose_country(
        game,
        side,
        latin,
        say("event.junta.place", card=game.rules.card(CardId.JUNTA).name, amount=amount),
        key=ctx.key("place"),
        intent="add",
        influence_of=side,
        total=amount,
        left=amount,
        per_country=amount,
        placed=(),
        whole=True,
    )
    game.add_influence(country, side, amount)
    options = []
    if any(coup_refusal(state, rules, side, c, free=True) is None for c in latin):
        options.append("coup")
    if any(realign_refusal(state, rules, side, c) is None for c in latin):
        options.append("realign")
    if not options:
        return
    prompt = say("event.junta.prompt", card=game.rules.card(CardId.JUNTA).name)
    modified = ops_modifier(state, side, ops)
    kind = game.ask(
        "operation", side, [*options, "done"], prompt, key=ctx.key("operation"), ops=modified
    )
    if kind == "coup":
        free_coup(
            game,
            side,
            latin,
            ops,
            say("event.junta.coup", card=game.rules.card(CardId.JUNTA).name),
            key=ctx.key("coup"),
        )
    elif kind == "realign":
        rolls = ops_modifier(state, side, ops)
        realign_rolls(
            game,
            side,
            rolls,
            latin,
            say("event.junta.realign", card=game.rules.card(CardId.JUNTA).name),
            key=ctx.key("realign"),
        )


def _battleground_lead(state: GameState, rules: Ruleset, ctx: EventContext) -> str | None:
    """Kitchen Debates needs the US ahead on battlegrounds controlled worldwide."""
    count = {
        s: sum(controls(state, rules, s, c.index) for c in rules.countries if c.battleground)
        for s in Side
    }
    if count[Side.US] <= count[Side.USSR]:
        return say("event.requires.us_battlegrounds", us=count[Side.US], ussr=count[Side.USSR])
    return None


@event(CardId.KITCHEN_DEBATES, requires=_battleground_lead)
def kitchen_debates(game: Game, ctx: EventContext) -> None:
    """card-events #48: if the US controls more battlegrounds than the USSR, US +2 VP.
    No choice."""
    game.gain_vp(Side.US, 2, game.rules.card(CardId.KITCHEN_DEBATES).name)


@event(CardId.MISSILE_ENVY, asks=("give",), ops=True)
def missile_envy(game: Game, ctx: EventContext) -> None:
    """card-events #49 (D7: printed ops): the opponent gives the player its highest-ops card
    (never a scoring card; the China Card only in the solitaire game, spec §3.4; the opponent
    chooses among ties). The player plays its event if it is the player's or neutral, else
    conducts operations with it (the player chooses); the China Card gives its ops and then
    passes face down to the opponent (appendix G7). Missile Envy then goes on top of the
    opponent's deck/hand (appendix #49), who must play it for ops next round
    (`missile_envy_due`)."""
    rules, me = game.rules, ctx.player
    giver = me.other
    held = hand_cards(
        game,
        giver,
        say(
            "event.missile_envy.look",
            card=game.rules.card(CardId.MISSILE_ENVY).name,
            giver=giver.label,
        ),
    )
    game.shuffle(hand_of(giver))  # appendix G7: after looking through it
    cards = [c for c in held if may_take(game, c) and not rules.card(c).scoring]
    if not cards:
        game.note(
            say(
                "event.missile_envy.note",
                card=game.rules.card(CardId.MISSILE_ENVY).name,
                giver=giver.label,
            )
        )
        return
    top = max(rules.card(c).ops for c in cards)
    tied = [c for c in cards if rules.card(c).ops == top]
    given = tied[0] if len(tied) == 1 else None
    if given is None:
        given = choose_card(
            game,
            giver,
            tied,
            say("event.missile_envy.give", card=game.rules.card(CardId.MISSILE_ENVY).name),
            key=ctx.key("give"),
        )
    assert given is not None
    taken = given
    game.move_card(taken, "table")
    game.note(
        say(
            "event.missile_envy.note_2",
            event_card=game.rules.card(CardId.MISSILE_ENVY).name,
            giver=giver.label,
            card=rules.card(taken),
        )
    )
    china_card_came_up(game, taken)
    if taken != CHINA_CARD and rules.card(taken).owner in (None, me):
        play_event(game, taken, me, headline=ctx.headline)
    else:
        budget = OpsBudget.for_card(game.state, rules, me, taken)
        conduct_operations(game, me, budget, allow_space=False)
        spend_card(game, me, taken)
    ctx.destination = hand_of(giver)
    game.move_card(ctx.card, hand_of(giver), top=True)
    game.add_effect(Effect(CardId.MISSILE_ENVY, giver, round_mark(game.state, game.state.phasing)))


def missile_envy_due(state: GameState, side: Side, card: int) -> bool:
    """Card-events #49, appendix #49: `card` is Missile Envy and `side` holds it in an action
    round after the one that gave it: it may be played for ops only."""
    effect = state.effect(CardId.MISSILE_ENVY)
    return (
        card == CardId.MISSILE_ENVY
        and effect is not None
        and effect.side is side
        and state.action_round > 0
        and effect.data != round_mark(state, side)
    )


@on("card_played", card=CardId.MISSILE_ENVY)
def missile_envy_round(game: Game, side: Side, card: int, how: str) -> None:
    """Missile Envy's obligation lasts the holder's next action round only (card-events #49)."""
    effect = game.state.effect(CardId.MISSILE_ENVY)
    if effect is None or effect.side is not side or how == "headline":
        return
    if effect.data != round_mark(game.state, side):
        game.remove_effect(CardId.MISSILE_ENVY)


@event(CardId.WE_WILL_BURY_YOU, figures=("vp",))
def we_will_bury_you(game: Game, ctx: EventContext) -> None:
    """card-events #50: DEFCON −1; at the US's next action round the USSR gains 3 VP (the
    `vp` figure) unless the US plays UN Intervention as its event, whose handler ends this
    effect (hook below). No choice."""
    game.change_defcon(-1, game.rules.card(CardId.WE_WILL_BURY_YOU).name)
    game.add_effect(
        Effect(CardId.WE_WILL_BURY_YOU, Side.US, round_mark(game.state, game.state.phasing))
    )


@on("card_chosen", card=CardId.WE_WILL_BURY_YOU)
def we_will_bury_you_round(game: Game, side: Side, card: int, how: str) -> None:
    """At the US's next action round (not the round that set it), once the US has chosen how to
    play its card and before the card resolves: USSR +3 VP and the effect ends (card-events
    #50: the VP come before any VP the US earns in that round, so the USSR at 17 wins). Not
    when the US plays UN Intervention as its event: its handler ends the effect (and in the
    solitaire game the AI's UN Intervention for its Op does: solo/overrides.py)."""
    effect = game.state.effect(CardId.WE_WILL_BURY_YOU)
    if effect is None or side is not Side.US or effect.data == round_mark(game.state, side):
        return
    if card == CardId.UN_INTERVENTION and how == "event":
        return
    game.remove_effect(CardId.WE_WILL_BURY_YOU)
    vp = game.rules.card(CardId.WE_WILL_BURY_YOU).figure("vp")
    game.gain_vp(Side.USSR, vp, game.rules.card(CardId.WE_WILL_BURY_YOU).name)
    game.check_vp_victory()


@event(CardId.BREZHNEV_DOCTRINE)
def brezhnev_doctrine(game: Game, ctx: EventContext) -> None:
    """card-events #51: this turn USSR cards played for ops get +1 (max 4). No choice."""
    game.add_effect(Effect(CardId.BREZHNEV_DOCTRINE, Side.USSR))


@event(CardId.PORTUGUESE_EMPIRE_CRUMBLES)
def portuguese_empire_crumbles(game: Game, ctx: EventContext) -> None:
    """card-events #52: +2 USSR influence in SE African States and in Angola. No choice."""
    _add(game, Side.USSR, "se_african_states", 2)
    _add(game, Side.USSR, "angola", 2)


@event(CardId.SOUTH_AFRICAN_UNREST, asks=("place",))
def south_african_unrest(game: Game, ctx: EventContext) -> None:
    """card-events #53 (D1, Deluxe text): +2 USSR in South Africa, or +1 there and +2 in one
    adjacent country. The USSR chooses where the 2 go: South Africa, Angola or Botswana."""
    south_africa = _idx(game, "south_africa")
    options = [south_africa, *game.rules.neighbours[south_africa]]
    where = choose_country(
        game,
        ctx.chooser,
        options,
        say(
            "event.south_african_unrest.place",
            card=game.rules.card(CardId.SOUTH_AFRICAN_UNREST).name,
        ),
        key=ctx.key("place"),
        intent="add",
        influence_of=Side.USSR,
    )
    if where != south_africa:
        game.add_influence(south_africa, Side.USSR, 1)
    game.add_influence(where, Side.USSR, 2)


@event(CardId.ALLENDE)
def allende(game: Game, ctx: EventContext) -> None:
    """card-events #54: +2 USSR influence in Chile. No choice."""
    _add(game, Side.USSR, "chile", 2)


@event(CardId.WILLY_BRANDT, requires=prohibited_by(CardId.TEAR_DOWN_THIS_WALL))
def willy_brandt(game: Game, ctx: EventContext) -> None:
    """card-events #55: USSR +1 VP, +1 USSR influence in West Germany; West Germany loses NATO
    protection until Tear Down This Wall. No choice."""
    game.gain_vp(Side.USSR, 1, game.rules.card(CardId.WILLY_BRANDT).name)
    _add(game, Side.USSR, "west_germany", 1)
    game.add_effect(Effect(CardId.WILLY_BRANDT))


@event(
    CardId.MUSLIM_REVOLUTION, requires=prohibited_by(CardId.AWACS_SALE_TO_SAUDIS), asks=("remove",)
)
def muslim_revolution(game: Game, ctx: EventContext) -> None:
    """card-events #56: remove all US influence from 2 of the listed Middle East/African
    countries. The USSR chooses (among those with US influence)."""
    each_of(
        game,
        ctx.chooser,
        [i for i in (_idx(game, c) for c in MUSLIM_REVOLUTION) if game.state.inf(i, Side.US) > 0],
        2,
        say("event.muslim_revolution.remove", card=game.rules.card(CardId.MUSLIM_REVOLUTION).name),
        lambda c: remove_all(game, Side.US, c),
        key=ctx.key("remove"),
        intent="remove",
        influence_of=Side.US,
    )


@event(CardId.ABM_TREATY, ops=True)
def abm_treaty(game: Game, ctx: EventContext) -> None:
    """card-events #57: DEFCON +1, then the player conducts operations with 4 ops (modifiers
    apply). The player chooses."""
    game.change_defcon(1, game.rules.card(CardId.ABM_TREATY).name)
    grant_operations(game, ctx.chooser, 4)


@event(CardId.CULTURAL_REVOLUTION)
def cultural_revolution(game: Game, ctx: EventContext) -> None:
    """card-events #58: the China Card passes from the US to the USSR face up; if the USSR
    already holds it, USSR +1 VP. No choice."""
    if game.state.china_holder is Side.US:
        _pass_china_card(game, Side.USSR, face_up=True)
    else:
        game.gain_vp(Side.USSR, 1, game.rules.card(CardId.CULTURAL_REVOLUTION).name)


@event(CardId.FLOWER_POWER, requires=prohibited_by(CardId.AN_EVIL_EMPIRE))
def flower_power(game: Game, ctx: EventContext) -> None:
    """card-events #59: until An Evil Empire, each war card the US plays (not on the Space
    Race) gives the USSR 2 VP (hook below). No choice."""
    game.add_effect(Effect(CardId.FLOWER_POWER, Side.US))


@on("card_played", card=CardId.FLOWER_POWER)
def flower_power_war(game: Game, side: Side, card: int, how: str) -> None:
    """USSR +2 VP when the US plays a war card as an event (headline included) or for ops."""
    if (
        side is Side.US
        and how in ("event", "ops", "headline")
        and game.rules.card(card).war is not None
        and game.state.has_effect(CardId.FLOWER_POWER)  # An Evil Empire (#97) removes it
    ):
        game.gain_vp(Side.USSR, 2, game.rules.card(CardId.FLOWER_POWER).name)
        game.check_vp_victory()


@event(CardId.U2_INCIDENT)
def u2_incident(game: Game, ctx: EventContext) -> None:
    """card-events #60: USSR +1 VP; this turn, if UN Intervention is played as an event, the
    USSR gains 1 more VP, once (UN Intervention's handler gives it). No choice."""
    game.gain_vp(Side.USSR, 1, game.rules.card(CardId.U2_INCIDENT).name)
    game.add_effect(Effect(CardId.U2_INCIDENT, Side.USSR))


@event(CardId.OPEC, requires=prohibited_by(CardId.NORTH_SEA_OIL))
def opec(game: Game, ctx: EventContext) -> None:
    """card-events #61: USSR +1 VP per listed country it controls. No choice."""
    s, rules = game.state, game.rules
    vp = sum(controls(s, rules, Side.USSR, _idx(game, c)) for c in OPEC_COUNTRIES)
    game.gain_vp(Side.USSR, vp, game.rules.card(CardId.OPEC).name)


@event(CardId.LONE_GUNMAN, ops=True)
def lone_gunman(game: Game, ctx: EventContext) -> None:
    """card-events #62: the US reveals its hand; the USSR conducts operations with 1 op
    (modified). The USSR chooses."""
    show_hand(game, Side.US, game.rules.card(CardId.LONE_GUNMAN).name)
    grant_operations(game, Side.USSR, 1)


@event(CardId.COLONIAL_REAR_GUARDS, asks=("place",), reads=("event_regions",))
def colonial_rear_guards(game: Game, ctx: EventContext) -> None:
    """card-events #63: +1 US influence in each of 4 different countries in Africa and/or
    Southeast Asia. The US chooses."""
    places = event_area(game, ctx.card)
    prompt = say(
        "event.colonial_rear_guards.prompt", card=game.rules.card(CardId.COLONIAL_REAR_GUARDS).name
    )
    add_by_choice(
        game, ctx.chooser, Side.US, 4, places, prompt, key=ctx.key("place"), distinct=True
    )


@event(CardId.PANAMA_CANAL_RETURNED)
def panama_canal_returned(game: Game, ctx: EventContext) -> None:
    """card-events #64: +1 US influence in Panama, Costa Rica and Venezuela. No choice."""
    for country in ("panama", "costa_rica", "venezuela"):
        _add(game, Side.US, country, 1)


@event(CardId.CAMP_DAVID_ACCORDS)
def camp_david_accords(game: Game, ctx: EventContext) -> None:
    """card-events #65: US +1 VP; +1 US influence in Israel, Jordan and Egypt; Arab-Israeli War
    is prohibited from now on. No choice."""
    game.gain_vp(Side.US, 1, game.rules.card(CardId.CAMP_DAVID_ACCORDS).name)
    for country in ("israel", "jordan", "egypt"):
        _add(game, Side.US, country, 1)
    game.add_effect(Effect(CardId.CAMP_DAVID_ACCORDS))


@event(CardId.PUPPET_GOVERNMENTS, asks=("place",))
def puppet_governments(game: Game, ctx: EventContext) -> None:
    """card-events #66: the US may add 1 influence to each of up to 3 countries without any
    influence. The US chooses (or stops)."""
    s = game.state
    for n in (1, 2, 3):
        empty = [
            c.index
            for c in game.rules.countries
            if s.inf(c.index, Side.US) == 0 and s.inf(c.index, Side.USSR) == 0
        ]
        if not empty:
            return
        prompt = say(
            "event.puppet_governments.prompt",
            card=game.rules.card(CardId.PUPPET_GOVERNMENTS).name,
            n=n,
        )
        answer = game.ask(
            "country",
            ctx.chooser,
            [*ids(game, empty), "done"],
            prompt,
            key=ctx.key("place"),
            intent="add",
            influence_of=Side.US,
            total=3,
            left=4 - n,
            per_country=1,
        )
        if answer == "done":
            return
        _add(game, Side.US, str(answer), 1)


@event(CardId.GRAIN_SALES_TO_SOVIETS, asks=("play",), ops=True)
def grain_sales(game: Game, ctx: EventContext) -> None:
    """card-events #67 (D6: the card may go to the Space Race): the US takes a random card from
    the USSR (the China Card only in the solitaire game, spec §3.4; played, it passes face down
    to the USSR, appendix G7) and plays it as this round's action, or returns it and conducts
    operations with 2 ops. The US chooses."""
    plays = card_player()
    us, hand = ctx.chooser, hand_of(Side.USSR)
    taken = random_card(
        game, Side.USSR, say("event.grain_sales.discard"), china=may_take(game, CHINA_CARD)
    )
    if taken is not None:
        game.note(say("event.grain_sales.note", card=game.rules.card(taken)))
        china_card_came_up(game, taken)
        ways = [*plays.ways(game, us, taken), "return"]
        prompt = say("event.grain_sales.prompt", card=game.rules.card(taken))
        how = str(game.ask("play", us, ways, prompt, key=ctx.key("play"), card=taken))
        if how != "return":
            plays.play(game, us, taken, how)
            return
        game.move_card(taken, hand)
        game.shuffle(hand)  # appendix #67: returned into the deck/hand, shuffled
    grant_operations(game, us, 2)


@event(CardId.JOHN_PAUL_II_ELECTED_POPE)
def john_paul_ii(game: Game, ctx: EventContext) -> None:
    """card-events #68: remove 2 USSR influence from Poland, +1 US there; Solidarity may now be
    played as an event. No choice."""
    poland = _idx(game, "poland")
    game.remove_influence(poland, Side.USSR, 2)
    game.add_influence(poland, Side.US, 1)
    game.add_effect(Effect(CardId.JOHN_PAUL_II_ELECTED_POPE))


@event(CardId.LATIN_AMERICAN_DEATH_SQUADS, reads=("event_regions",))
def latin_american_death_squads(game: Game, ctx: EventContext) -> None:
    """card-events #69: this turn the player's coups in Central/South America get +1, the
    opponent's −1. No choice."""
    game.add_effect(Effect(CardId.LATIN_AMERICAN_DEATH_SQUADS, ctx.player))


@event(CardId.OAS_FOUNDED, asks=("place",), reads=("event_regions",))
def oas_founded(game: Game, ctx: EventContext) -> None:
    """card-events #70: +2 US influence in Central and/or South America. The US chooses."""
    places = event_area(game, ctx.card)
    prompt = say("event.oas_founded.prompt", card=game.rules.card(CardId.OAS_FOUNDED).name)
    add_by_choice(game, ctx.chooser, Side.US, 2, places, prompt, key=ctx.key("place"))


@event(CardId.NIXON_PLAYS_THE_CHINA_CARD)
def nixon_plays_the_china_card(game: Game, ctx: EventContext) -> None:
    """card-events #71: the China Card passes from the USSR to the US face down; if the US
    already holds it, US +2 VP. No choice."""
    if game.state.china_holder is Side.USSR:
        _pass_china_card(game, Side.US, face_up=False)
    else:
        game.gain_vp(Side.US, 2, game.rules.card(CardId.NIXON_PLAYS_THE_CHINA_CARD).name)


@event(CardId.SADAT_EXPELS_SOVIETS)
def sadat_expels_soviets(game: Game, ctx: EventContext) -> None:
    """card-events #72: remove all USSR influence from Egypt, +1 US there. No choice."""
    egypt = _idx(game, "egypt")
    remove_all(game, Side.USSR, egypt)
    game.add_influence(egypt, Side.US, 1)


@event(CardId.SHUTTLE_DIPLOMACY, asks=("ignore",), reads=("event_regions",))
def shuttle_diplomacy(game: Game, ctx: EventContext) -> None:
    """card-events #73 (D2): the card lies in front of the US until the next Asia or Middle East
    scoring card, where the USSR counts one battleground fewer, with its adjacency VP; the US
    picks which when that matters (scoring.py `shuttle_ignored` asks `ignore`)."""
    game.add_effect(Effect(CardId.SHUTTLE_DIPLOMACY, Side.US))
    ctx.destination = "in_effect"


@event(CardId.THE_VOICE_OF_AMERICA, asks=("remove",))
def voice_of_america(game: Game, ctx: EventContext) -> None:
    """card-events #74: remove 4 USSR influence from countries outside Europe, at most 2 from
    one country. The US chooses."""
    outside = [c.index for c in game.rules.countries if c.region != "europe"]
    prompt = say("event.voice_of_america.prompt")
    remove_by_choice(
        game, ctx.chooser, Side.USSR, 4, outside, prompt, key=ctx.key("remove"), per_country=2
    )


@event(
    CardId.LIBERATION_THEOLOGY,
    asks=("place",),
    figures=("influence", "per_country"),
    reads=("event_regions",),
)
def liberation_theology(game: Game, ctx: EventContext) -> None:
    """card-events #75: +3 USSR influence in Central America, at most 2 per country. The USSR
    chooses."""
    place_figures(
        game,
        ctx,
        Side.USSR,
        say(
            "event.liberation_theology.prompt",
            card=game.rules.card(CardId.LIBERATION_THEOLOGY).name,
        ),
    )


@event(
    CardId.USSURI_RIVER_SKIRMISH,
    asks=("place",),
    figures=("influence", "per_country"),
    reads=("event_regions",),
)
def ussuri_river_skirmish(game: Game, ctx: EventContext) -> None:
    """card-events #76: the China Card passes from the USSR to the US face up; if the US
    already holds it, +4 US influence in Asia, at most 2 per country. The US chooses."""
    if game.state.china_holder is Side.USSR:
        game.policy.procedure("china_card_taken", _pass_china_card)(game, Side.US, face_up=True)
        return
    place_figures(
        game,
        ctx,
        Side.US,
        say(
            "event.ussuri_river_skirmish.prompt",
            card=game.rules.card(CardId.USSURI_RIVER_SKIRMISH).name,
        ),
    )


def _draw_with_reshuffle(game: Game, purpose: str) -> int | None:
    """The top card of the draw pile; an empty draw pile is first refilled from the discard
    pile (base §4.3). None if both are empty."""
    if not len(game.state.piles["draw"]):
        for card in sorted(game.state.piles["discard"].known()):
            game.move_card(card, "draw")
        game.shuffle("draw")
    return game.draw("draw", purpose, to="table")


@event(CardId.ASK_NOT_WHAT_YOUR_COUNTRY_CAN_DO_FOR_YOU, asks=("discard",))
def ask_not(game: Game, ctx: EventContext) -> None:
    """card-events #77: the US discards any number of cards from its deck/hand (not the China
    Card; no events), then draws as many. The US chooses the cards, one at a time."""
    us, hand = ctx.chooser, hand_of(ctx.chooser)
    hand_cards(game, us, say("event.ask_not.look"))
    count = 0
    while cards := [c for c in game.state.piles[hand].known() if c != CHINA_CARD]:
        prompt = say("event.ask_not.prompt")
        card = choose_card(game, us, cards, prompt, key=ctx.key("discard"), none="done")
        if card is None:
            break
        game.move_card(card, "discard")
        count += 1
    for n in range(count):
        drawn = _draw_with_reshuffle(game, say("event.ask_not.draw", number=n + 1, count=count))
        if drawn is None:
            game.note(say("event.ask_not.note"))
            break
        game.move_card(drawn, hand)
    game.shuffle(hand)  # appendix G7: after looking through it


@event(CardId.ALLIANCE_FOR_PROGRESS)
def alliance_for_progress(game: Game, ctx: EventContext) -> None:
    """card-events #78: US +1 VP per battleground it controls in Central and South America.
    No choice."""
    s, rules = game.state, game.rules
    latin = _members(game, "central_america", "south_america")
    vp = sum(controls(s, rules, Side.US, c) for c in latin if rules.countries[c].battleground)
    game.gain_vp(Side.US, vp, game.rules.card(CardId.ALLIANCE_FOR_PROGRESS).name)


@event(CardId.AFRICA_SCORING)
def africa_scoring(game: Game, ctx: EventContext) -> None:
    """card-events #79 (B3): score Africa, 1 / 4 / 6. No choice."""
    score_region(game, "africa")


def _behind_in_space(state: GameState, rules: Ruleset, ctx: EventContext) -> str | None:
    me = ctx.player
    if state.space[me.col] >= state.space[me.other.col]:
        return say("event.requires.behind_in_space", side=me.label)
    return None


@event(CardId.ONE_SMALL_STEP, requires=_behind_in_space)
def one_small_step(game: Game, ctx: EventContext) -> None:
    """card-events #80: only if the player is behind on the Space Race: it moves two boxes and
    scores the second box's VP only (one box, scored, when only one is left). No choice."""
    side = ctx.player
    position = game.state.space[side.col]
    if position + 2 <= len(game.rules.space):
        game.set_space(side, position + 1)
    advance(game, side)


@event(CardId.SOUTH_AMERICA_SCORING)
def south_america_scoring(game: Game, ctx: EventContext) -> None:
    """card-events #81 (B3): score South America, 2 / 5 / 6. No choice."""
    score_region(game, "south_america")
