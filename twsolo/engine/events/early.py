"""Early War card events: card-events Part C, #1–#35 and #103 Defectors.

Every choice goes through the Choice seam. The side that decides is the event's owner
(`ctx.chooser`; on a neutral card, the side that played it: base §5.2) unless the card text gives
the choice to the other side (Blockade, Olympic Games). The China Card (#6) has no event (A13) and
is not registered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from twsolo.engine.board import controller, controls
from twsolo.engine.calendar import late_war
from twsolo.engine.events.common import (
    add_by_choice,
    add_until_control,
    choose_card,
    choose_country,
    each_of,
    escape_by_revealing,
    event_area,
    grant_operations,
    ops_discards,
    prohibited_by,
    random_card,
    remove_all,
    remove_by_choice,
    reveal_until,
    show_hand,
    spend_card,
    war,
    war_facts,
    yes_no,
)
from twsolo.engine.events.happen import play_event
from twsolo.engine.events.registry import EventContext, event
from twsolo.engine.operations import conduct_operations
from twsolo.engine.ops import OpsBudget
from twsolo.engine.scoring import score_region
from twsolo.engine.space import advance
from twsolo.engine.state import Effect, GameState, hand_of
from twsolo.ids import CardId, Side
from twsolo.phrases import say
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game

INDEPENDENT_REDS = ("yugoslavia", "romania", "bulgaria", "hungary", "czechoslovakia")
SUEZ = ("france", "uk", "israel")


# ---------------------------------------------------------------- private building blocks
def _country(game: Game, country_id: str) -> int:
    return game.rules.index[country_id]


def _members(game: Game, region: str, keep: Callable[[int], bool]) -> list[int]:
    return [c for c in game.rules.members(region) if keep(c)]


def _abdication(game: Game, ussr: Side, country_id: str) -> None:
    """Remove all US influence, then add USSR influence until the USSR controls the country."""
    country = _country(game, country_id)
    remove_all(game, ussr.other, country)
    add_until_control(game, ussr, country)


# ---------------------------------------------------------------- scoring cards
@event(CardId.ASIA_SCORING)
def asia_scoring(game: Game, ctx: EventContext) -> None:
    """Card-events #1 (B1–B3, B6): score Asia, Southeast Asia included. No choice."""
    score_region(game, "asia")


@event(CardId.EUROPE_SCORING)
def europe_scoring(game: Game, ctx: EventContext) -> None:
    """Card-events #2: score Europe; control of Europe wins the game (A15). No choice."""
    score_region(game, "europe")


@event(CardId.MIDDLE_EAST_SCORING)
def middle_east_scoring(game: Game, ctx: EventContext) -> None:
    """Card-events #3: score the Middle East. No choice."""
    score_region(game, "middle_east")


# ---------------------------------------------------------------- #4–#35
@event(CardId.DUCK_AND_COVER)
def duck_and_cover(game: Game, ctx: EventContext) -> None:
    """Card-events #4: DEFCON −1, then the US gains 5 − the new DEFCON VP. No choice."""
    game.change_defcon(-1, game.rules.card(CardId.DUCK_AND_COVER).name)
    game.gain_vp(Side.US, 5 - game.state.defcon, game.rules.card(CardId.DUCK_AND_COVER).name)


@event(CardId.FIVE_YEAR_PLAN)
def five_year_plan(game: Game, ctx: EventContext) -> None:
    """Card-events #5: the USSR discards a random card of its hand (never the China Card, A13:
    appendix G7 `random_card`); a US event on it happens for the US (the US decides its
    choices), otherwise it is just discarded (a scoring card is not scored)."""
    card = random_card(
        game,
        Side.USSR,
        say("event.five_year_plan.discard", card=game.rules.card(CardId.FIVE_YEAR_PLAN).name),
    )
    if card is None:
        game.note(
            say("event.five_year_plan.note", card=game.rules.card(CardId.FIVE_YEAR_PLAN).name)
        )
        return
    game.note(
        say(
            "event.five_year_plan.note_2",
            event_card=game.rules.card(CardId.FIVE_YEAR_PLAN).name,
            card=game.rules.card(card),
        )
    )
    if game.rules.card(card).owner is Side.US:
        play_event(game, card, Side.US)
    else:
        game.move_card(card, "discard")


@event(
    CardId.SOCIALIST_GOVERNMENTS,
    requires=prohibited_by(CardId.THE_IRON_LADY),
    asks=("remove",),
    reads=("event_regions",),
)
def socialist_governments(game: Game, ctx: EventContext) -> None:
    """Card-events #7: the USSR removes 3 US influence from Western Europe, at most 2 from one
    country. Prohibited by The Iron Lady (#83). The USSR chooses."""
    remove_by_choice(
        game,
        ctx.chooser,
        Side.US,
        3,
        event_area(game, ctx.card),
        say(
            "event.socialist_governments.remove",
            card=game.rules.card(CardId.SOCIALIST_GOVERNMENTS).name,
        ),
        key=ctx.key("remove"),
        per_country=2,
    )


@event(CardId.FIDEL)
def fidel(game: Game, ctx: EventContext) -> None:
    """Card-events #8: all US influence out of Cuba, USSR influence until it controls Cuba."""
    _abdication(game, ctx.chooser, "cuba")


@event(CardId.VIETNAM_REVOLTS)
def vietnam_revolts(game: Game, ctx: EventContext) -> None:
    """Card-events #9: +2 USSR influence in Vietnam; this turn a USSR card whose ops all go to
    Southeast Asia gets +1 (effects.py, A14). No choice."""
    game.add_influence(_country(game, "vietnam"), ctx.chooser, 2)
    game.add_effect(Effect(CardId.VIETNAM_REVOLTS, Side.USSR))


@event(CardId.BLOCKADE, asks=("discard", "escape"), figures=("discard_ops",))
def blockade(game: Game, ctx: EventContext) -> None:
    """Card-events #10: the US (who decides, by the card text) discards a card of modified ops
    3+ from its hand, its event not happening (A6); or loses all its influence in West Germany
    (`blockade_effect`). Without such a card the loss is compulsory. The China Card may be
    discarded only in the solitaire game, and then passes face down to the USSR (spec §3.4,
    appendix G7). A US that searches its deck/hand by revealing (the solitaire AI, appendix #10
    on_human_play, spec §17.5) says whether it tries, then reveals for the card. (The solitaire
    human answers the AI's Blockade in the next action round: solo/overrides.py.)"""
    need = game.rules.card(ctx.card).figure("discard_ops")
    if game.policy.reveals_for(game, Side.US):
        if not escape_by_revealing(game, ctx, Side.US, say("event.blockade.otherwise")):
            blockade_effect(game)
        return
    cards = ops_discards(
        game, Side.US, need, say("event.blockade.look", card=game.rules.card(CardId.BLOCKADE).name)
    )
    if cards:
        card = choose_card(
            game,
            Side.US,
            cards,
            say("event.blockade.discard", card=game.rules.card(CardId.BLOCKADE).name),
            key=ctx.key("discard"),
            none="decline",
            need=need,
        )
        if card is not None:
            spend_card(game, Side.US, card)
            return
    blockade_effect(game)


def blockade_effect(game: Game) -> None:
    """Card-events #10 when no card is discarded: all US influence leaves West Germany."""
    remove_all(game, Side.US, _country(game, "west_germany"))


@event(CardId.KOREAN_WAR, reads=("war",))
def korean_war(game: Game, ctx: EventContext) -> None:
    """Card-events #11: war on South Korea (−1 per US-controlled neighbour: Japan, Taiwan, North
    Korea); on 4+ USSR +2 VP and South Korea's US influence becomes USSR; USSR +2 military ops
    (A11: to the war's owner, even when the US triggered it). No choice."""
    facts = war_facts(game, ctx.card)
    war(game, ctx.chooser, _country(game, facts.targets[0]), facts)


@event(CardId.ROMANIAN_ABDICATION)
def romanian_abdication(game: Game, ctx: EventContext) -> None:
    """Card-events #12: all US influence out of Romania, USSR influence until it controls it."""
    _abdication(game, ctx.chooser, "romania")


@event(CardId.ARAB_ISRAELI_WAR, requires=prohibited_by(CardId.CAMP_DAVID_ACCORDS), reads=("war",))
def arab_israeli_war(game: Game, ctx: EventContext) -> None:
    """Card-events #13: war on Israel, −1 if the US controls Israel and −1 per US-controlled
    neighbour; on 4+ USSR +2 VP and Israel's US influence becomes USSR; USSR +2 military ops.
    Prohibited by Camp David Accords (#65). No choice."""
    facts = war_facts(game, ctx.card)
    war(game, ctx.chooser, _country(game, facts.targets[0]), facts)


@event(CardId.COMECON, asks=("place",), reads=("event_regions",))
def comecon(game: Game, ctx: EventContext) -> None:
    """Card-events #14: +1 USSR influence in each of 4 different Eastern European countries not
    controlled by the US (fewer if fewer qualify). The USSR chooses."""
    s, rules = game.state, game.rules
    add_by_choice(
        game,
        ctx.chooser,
        ctx.chooser,
        4,
        [c for c in event_area(game, ctx.card) if not controls(s, rules, Side.US, c)],
        say("event.comecon.place", card=game.rules.card(CardId.COMECON).name),
        key=ctx.key("place"),
        distinct=True,
    )


@event(CardId.NASSER)
def nasser(game: Game, ctx: EventContext) -> None:
    """Card-events #15: +2 USSR influence in Egypt, then half the US influence there (rounded
    up) is removed. No choice."""
    egypt = _country(game, "egypt")
    game.add_influence(egypt, ctx.chooser, 2)
    game.remove_influence(egypt, Side.US, (game.state.inf(egypt, Side.US) + 1) // 2)


@event(CardId.WARSAW_PACT_FORMED, asks=("remove_all", "remove", "place"), reads=("event_regions",))
def warsaw_pact_formed(game: Game, ctx: EventContext) -> None:
    """Card-events #16: the USSR chooses (a) remove all US influence from up to 4 Eastern
    European countries, or (b) add 5 USSR influence there, at most 2 per country. Either way
    NATO may be played from now on (Effect 16)."""
    ussr, s = ctx.chooser, game.state
    prompt = say("event.warsaw_pact_formed.prompt")
    if yes_no(game, ussr, prompt, key=ctx.key("remove_all")):
        each_of(
            game,
            ussr,
            [c for c in event_area(game, ctx.card) if s.inf(c, Side.US) > 0],
            4,
            say("event.warsaw_pact_formed.remove"),
            lambda c: remove_all(game, Side.US, c),
            key=ctx.key("remove"),
            intent="remove",
            influence_of=Side.US,
        )
    else:
        add_by_choice(
            game,
            ussr,
            ussr,
            5,
            event_area(game, ctx.card),
            say("event.warsaw_pact_formed.place"),
            key=ctx.key("place"),
            per_country=2,
        )
    game.add_effect(Effect(CardId.WARSAW_PACT_FORMED))


@event(CardId.DE_GAULLE_LEADS_FRANCE)
def de_gaulle_leads_france(game: Game, ctx: EventContext) -> None:
    """Card-events #17: remove 2 US influence from France (all if fewer), +1 USSR there; France
    loses NATO's protection for the rest of the game (effects.NATO_EXCEPTIONS). No choice."""
    france = _country(game, "france")
    game.remove_influence(france, Side.US, 2)
    game.add_influence(france, ctx.chooser, 1)
    game.add_effect(Effect(CardId.DE_GAULLE_LEADS_FRANCE))


@event(CardId.CAPTURED_NAZI_SCIENTIST)
def captured_nazi_scientist(game: Game, ctx: EventContext) -> None:
    """Card-events #18: the player's Space Race marker advances one box with its VP, without a
    roll or an attempt used (A12). No choice."""
    advance(game, ctx.chooser)


@event(CardId.TRUMAN_DOCTRINE, asks=("remove",))
def truman_doctrine(game: Game, ctx: EventContext) -> None:
    """Card-events #19: the US picks a European country controlled by neither side (aasmith
    RULINGS #1) and removes all USSR influence there. Only countries holding USSR influence are
    offered (any other pick changes nothing); with none, the event changes nothing."""
    s, rules = game.state, game.rules
    targets = _members(
        game, "europe", lambda c: controller(s, rules, c) is None and s.inf(c, Side.USSR) > 0
    )
    if not targets:
        game.note(
            say("event.truman_doctrine.note", card=game.rules.card(CardId.TRUMAN_DOCTRINE).name)
        )
        return
    country = choose_country(
        game,
        ctx.chooser,
        targets,
        say("event.truman_doctrine.remove", card=game.rules.card(CardId.TRUMAN_DOCTRINE).name),
        key=ctx.key("remove"),
        intent="remove",
        influence_of=Side.USSR,
    )
    remove_all(game, Side.USSR, country)


@event(CardId.OLYMPIC_GAMES, asks=("boycott",), ops=True, figures=("vp", "sponsor_bonus", "ops"))
def olympic_games(game: Game, ctx: EventContext) -> None:
    """Card-events #20: the opponent of the sponsor (the player) chooses to boycott: DEFCON −1,
    then the sponsor conducts operations with 4 ops (modifiers apply, D7); or to take part: both
    roll, the sponsor +2, the higher gains 2 VP, ties rolled again."""
    sponsor = ctx.chooser
    rival = sponsor.other
    card = game.rules.card(ctx.card)
    vp, bonus = card.figure("vp"), card.figure("sponsor_bonus")
    prompt = say(
        "event.olympic_games.prompt",
        card=game.rules.card(CardId.OLYMPIC_GAMES).name,
        rival=rival.label,
    )
    if yes_no(game, rival, prompt, key=ctx.key("boycott"), vp=vp):
        game.change_defcon(
            -1, say("event.olympic_games.defcon", card=game.rules.card(CardId.OLYMPIC_GAMES).name)
        )
        grant_operations(game, sponsor, card.figure("ops"))
        return
    mine = theirs = 0
    while mine == theirs:
        mine = (
            game.roll(
                sponsor,
                say(
                    "event.olympic_games.roll",
                    card=game.rules.card(CardId.OLYMPIC_GAMES).name,
                    bonus=bonus,
                ),
            )
            + bonus
        )
        theirs = game.roll(rival, game.rules.card(CardId.OLYMPIC_GAMES).name)
    winner = sponsor if mine > theirs else rival
    game.gain_vp(winner, vp, game.rules.card(CardId.OLYMPIC_GAMES).name)


def _nato_allowed(state: GameState, rules: Ruleset, ctx: EventContext) -> str | None:
    if state.has_effect(CardId.MARSHALL_PLAN) or state.has_effect(CardId.WARSAW_PACT_FORMED):
        return None
    marshall, warsaw = rules.card(CardId.MARSHALL_PLAN), rules.card(CardId.WARSAW_PACT_FORMED)
    return say("event.requires.nato", marshall=marshall, warsaw=warsaw)


@event(CardId.NATO, requires=_nato_allowed)
def nato(game: Game, ctx: EventContext) -> None:
    """Card-events #21: needs Marshall Plan or Warsaw Pact Formed played as an event first.
    NATO protects US-controlled European countries from USSR coups and realignments for the
    rest of the game (effects.protection). No choice."""
    game.add_effect(Effect(CardId.NATO))


@event(CardId.INDEPENDENT_REDS, asks=("country",))
def independent_reds(game: Game, ctx: EventContext) -> None:
    """Card-events #22: the US picks Yugoslavia, Romania, Bulgaria, Hungary or Czechoslovakia
    and adds influence there up to the USSR's."""
    s = game.state
    options = [_country(game, c) for c in INDEPENDENT_REDS]
    country = choose_country(
        game,
        ctx.chooser,
        options,
        say("event.independent_reds.country", card=game.rules.card(CardId.INDEPENDENT_REDS).name),
        key=ctx.key("country"),
        intent="add",
        influence_of=Side.US,
    )
    game.add_influence(
        country, Side.US, max(0, s.inf(country, Side.USSR) - s.inf(country, Side.US))
    )


@event(CardId.MARSHALL_PLAN, asks=("place",), reads=("event_regions",))
def marshall_plan(game: Game, ctx: EventContext) -> None:
    """Card-events #23: +1 US influence in each of 7 different Western European countries not
    controlled by the USSR (fewer if fewer qualify); NATO may be played from now on (Effect 23).
    The US chooses."""
    s, rules = game.state, game.rules
    add_by_choice(
        game,
        ctx.chooser,
        ctx.chooser,
        7,
        [c for c in event_area(game, ctx.card) if not controls(s, rules, Side.USSR, c)],
        say("event.marshall_plan.place", card=game.rules.card(CardId.MARSHALL_PLAN).name),
        key=ctx.key("place"),
        distinct=True,
    )
    game.add_effect(Effect(CardId.MARSHALL_PLAN))


@event(CardId.INDO_PAKISTANI_WAR, asks=("target",), reads=("war",))
def indo_pakistani_war(game: Game, ctx: EventContext) -> None:
    """Card-events #24: the player picks India or Pakistan as the target of a war (−1 per
    neighbour of the target the opponent controls); on 4+ the player gains 2 VP and takes the
    opponent's influence there; the player gains 2 military ops either way."""
    facts = war_facts(game, ctx.card)
    target = choose_country(
        game,
        ctx.chooser,
        [_country(game, c) for c in facts.targets],
        say(
            "event.indo_pakistani_war.target", card=game.rules.card(CardId.INDO_PAKISTANI_WAR).name
        ),
        key=ctx.key("target"),
    )
    war(game, ctx.chooser, target, facts)


@event(CardId.CONTAINMENT)
def containment(game: Game, ctx: EventContext) -> None:
    """Card-events #25: this turn US cards played for ops get +1, not above 4 (A14)."""
    game.add_effect(Effect(CardId.CONTAINMENT, Side.US))


@event(CardId.CIA_CREATED, ops=True)
def cia_created(game: Game, ctx: EventContext) -> None:
    """Card-events #26: the USSR shows its hand to the US (`show_hand`), then the US conducts
    operations with 1 op, modifiers applying (A14). The US chooses."""
    show_hand(game, Side.USSR, game.rules.card(CardId.CIA_CREATED).name)
    grant_operations(game, ctx.chooser, 1)


@event(CardId.US_JAPAN_MUTUAL_DEFENSE_PACT)
def us_japan_pact(game: Game, ctx: EventContext) -> None:
    """Card-events #27: US influence in Japan until the US controls it; for the rest of the game
    the USSR may not coup or realign Japan (effects.protection). No choice."""
    add_until_control(game, ctx.chooser, _country(game, "japan"))
    game.add_effect(Effect(CardId.US_JAPAN_MUTUAL_DEFENSE_PACT))


@event(CardId.SUEZ_CRISIS, asks=("remove",))
def suez_crisis(game: Game, ctx: EventContext) -> None:
    """Card-events #28: the USSR removes 4 US influence from France, the UK and Israel, at most 2
    from each."""
    remove_by_choice(
        game,
        ctx.chooser,
        Side.US,
        4,
        [_country(game, c) for c in SUEZ],
        say("event.suez_crisis.remove", card=game.rules.card(CardId.SUEZ_CRISIS).name),
        key=ctx.key("remove"),
        per_country=2,
    )


@event(CardId.EAST_EUROPEAN_UNREST, asks=("remove",), reads=("event_regions",))
def east_european_unrest(game: Game, ctx: EventContext) -> None:
    """Card-events #29: the US removes 1 USSR influence (2 in the Late War, turns 8–10) from each
    of 3 different Eastern European countries. Countries without USSR influence are not
    offered."""
    amount = 2 if late_war(game.state.turn) else 1
    each_of(
        game,
        ctx.chooser,
        [c for c in event_area(game, ctx.card) if game.state.inf(c, Side.USSR) > 0],
        3,
        say(
            "event.east_european_unrest.remove",
            card=game.rules.card(CardId.EAST_EUROPEAN_UNREST).name,
            amount=amount,
        ),
        lambda c: game.remove_influence(c, Side.USSR, amount),
        key=ctx.key("remove"),
        intent="remove",
        influence_of=Side.USSR,
    )


@event(CardId.DECOLONIZATION, asks=("place",), reads=("event_regions",))
def decolonization(game: Game, ctx: EventContext) -> None:
    """Card-events #30: +1 USSR influence in each of 4 different countries of Africa and/or
    Southeast Asia. The USSR chooses."""
    add_by_choice(
        game,
        ctx.chooser,
        ctx.chooser,
        4,
        event_area(game, ctx.card),
        say("event.decolonization.place", card=game.rules.card(CardId.DECOLONIZATION).name),
        key=ctx.key("place"),
        distinct=True,
    )


@event(CardId.RED_SCARE_PURGE)
def red_scare_purge(game: Game, ctx: EventContext) -> None:
    """Card-events #31: this turn the opponent's cards played for ops get −1, not below 1 (A14).
    The effect's side is the side penalised (effects.RED_SCARE). No choice."""
    game.add_effect(Effect(CardId.RED_SCARE_PURGE, ctx.chooser.other))


def _opponent_cards(
    state: GameState, rules: Ruleset, side: Side, held: tuple[int, ...] = ()
) -> list[int]:
    """The cards known to be in `side`'s deck/hand, or held outside it (Policy.held), that
    carry the opponent's event."""
    hand = [*state.piles[hand_of(side)].known(), *held]
    return sorted(c for c in hand if rules.card(c).owner is side.other)


def _un_refusal(state: GameState, rules: Ruleset, ctx: EventContext) -> str | None:
    """Card-events #32: never in the headline, never without a card of the player's deck/hand
    carrying the opponent's event. A player who reveals to find it (the solitaire AI, appendix
    #32) may count on its cards nobody has seen; any other needs one it knows."""
    if ctx.headline:
        return say("event.un_refusal.refused", card=rules.card(CardId.UN_INTERVENTION).name)
    if _opponent_cards(state, rules, ctx.player, ctx.held):
        return None
    if ctx.reveals and state.piles[hand_of(ctx.player)].unseen:
        return None
    return say("event.un_refusal.refused_2", side=ctx.player.other.label, side2=ctx.player.label)


@event(CardId.UN_INTERVENTION, requires=_un_refusal, asks=("card",), ops=True)
def un_intervention(game: Game, ctx: EventContext) -> None:
    """Card-events #32: the player picks a card of its deck/hand carrying the opponent's event;
    that event does not happen, the player conducts operations with the card's ops (modifiers
    and area bonuses apply, never the Space Race: D6) and the card is discarded, never removed.
    Not in the headline, nor without such a card (`_un_refusal`). U2 Incident (#60) gives the
    USSR 1 VP, once; played by the US, it ends We Will Bury You (#50). A player who searches its
    face-down deck/hand by revealing (the solitaire AI, appendix #32) reveals until such a card
    comes up; if none does, UN Intervention is played for its own ops."""
    s, rules = game.state, game.rules
    player = ctx.chooser
    wanted = say("event.un_intervention.wanted", side=player.other.label)
    card: int | None = None
    if game.policy.reveals_for(game, player):
        card = reveal_until(
            game,
            player,
            lambda c: rules.card(c).owner is player.other,
            say(
                "event.un_intervention.reveal",
                card=game.rules.card(CardId.UN_INTERVENTION).name,
                wanted=wanted,
            ),
        )
    else:
        cards = _opponent_cards(s, rules, player, ctx.held)  # one at least (`_un_refusal`)
        prompt = say(
            "event.un_intervention.prompt", card=game.rules.card(CardId.UN_INTERVENTION).name
        )
        card = int(str(game.ask("card", player, cards, prompt, key=ctx.key("card"))))
        if card not in ctx.held:  # a held card is on the table already
            game.move_card(card, "table")
    if card is None:
        game.note(
            say(
                "event.un_intervention.note",
                card=game.rules.card(CardId.UN_INTERVENTION).name,
                wanted=wanted,
            )
        )
        budget = OpsBudget.for_card(s, rules, player, ctx.card)
        conduct_operations(game, player, budget, allow_space=False)
        return
    un = rules.card(CardId.UN_INTERVENTION).name
    game.note(say("event.un_intervention.note_2", event_card=un, card=rules.card(card)))
    conduct_operations(game, player, OpsBudget.for_card(s, rules, player, card), allow_space=False)
    game.move_card(card, "discard")
    if s.has_effect(CardId.U2_INCIDENT):
        game.gain_vp(Side.USSR, 1, game.rules.card(CardId.U2_INCIDENT).name)
        game.remove_effect(CardId.U2_INCIDENT)
    if player is Side.US:
        game.remove_effect(CardId.WE_WILL_BURY_YOU)


@event(
    CardId.DE_STALINIZATION, asks=("move", "take", "place"), figures=("influence", "per_country")
)
def de_stalinization(game: Game, ctx: EventContext) -> None:
    """Card-events #33: the USSR says how many (up to 4) of its influence points it moves, takes
    them from any countries, then adds as many to countries not controlled by the US, at most 2
    per country, no access needed."""
    ussr, s, rules = ctx.chooser, game.state, game.rules
    card = rules.card(ctx.card)
    own = [c.index for c in rules.countries if s.inf(c.index, ussr) > 0]
    most = min(card.figure("influence"), sum(s.inf(c, ussr) for c in own))
    prompt = say(
        "event.de_stalinization.prompt", card=game.rules.card(CardId.DE_STALINIZATION).name
    )
    answer = game.ask("number", ussr, list(range(most + 1)), prompt, key=ctx.key("move"))
    taken = remove_by_choice(
        game,
        ussr,
        ussr,
        int(str(answer)),
        own,
        say("event.de_stalinization.take", card=game.rules.card(CardId.DE_STALINIZATION).name),
        key=ctx.key("take"),
    )
    free = [c.index for c in rules.countries if not controls(s, rules, Side.US, c.index)]
    add_by_choice(
        game,
        ussr,
        ussr,
        len(taken),
        free,
        say("event.de_stalinization.place", card=game.rules.card(CardId.DE_STALINIZATION).name),
        key=ctx.key("place"),
        per_country=card.figure("per_country"),
    )


@event(CardId.NUCLEAR_TEST_BAN)
def nuclear_test_ban(game: Game, ctx: EventContext) -> None:
    """Card-events #34: the player gains DEFCON − 2 VP, then DEFCON +2 (at most 5). No choice."""
    game.gain_vp(ctx.chooser, game.state.defcon - 2, game.rules.card(CardId.NUCLEAR_TEST_BAN).name)
    game.change_defcon(2, game.rules.card(CardId.NUCLEAR_TEST_BAN).name)


@event(CardId.FORMOSAN_RESOLUTION)
def formosan_resolution(game: Game, ctx: EventContext) -> None:
    """Card-events #35: a US-controlled Taiwan counts as an Asia battleground for scoring until
    the US plays the China Card (scoring.py, engine/card_play.py). No choice."""
    game.add_effect(Effect(CardId.FORMOSAN_RESOLUTION))


@event(CardId.DEFECTORS)
def defectors(game: Game, ctx: EventContext) -> None:
    """Card-events #103, A5.8: as the US headline it cancels the USSR headline: Effect 103
    ("cancel_ussr_headline") tells the turn flow. Played by the USSR in an action round (for
    ops, which triggers it), the US gains 1 VP. Otherwise nothing. No choice."""
    if ctx.headline and ctx.player is Side.US:
        game.add_effect(Effect(CardId.DEFECTORS, Side.US, "cancel_ussr_headline"))
    elif not ctx.headline and ctx.player is Side.USSR:
        game.gain_vp(Side.US, 1, game.rules.card(CardId.DEFECTORS).name)
    else:
        game.note(say("event.defectors.note", side=ctx.player.label))
