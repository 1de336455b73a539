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
from twsolo.engine.effects import NATO, RED_SCARE, US_JAPAN_PACT, VIETNAM_REVOLTS
from twsolo.engine.events.common import (
    add_by_choice,
    add_until_control,
    choose_card,
    choose_country,
    defer_to_next_round,
    each_of,
    escape_with_drawn,
    grant_operations,
    hand_cards,
    meets_ops,
    ops_discards,
    prohibited_by,
    random_card,
    remove_all,
    remove_by_choice,
    reveal_until,
    spend_card,
    war,
    yes_no,
)
from twsolo.engine.events.play import play_event
from twsolo.engine.events.registry import EventContext, event, on
from twsolo.engine.operations import conduct_operations
from twsolo.engine.ops import OpsBudget
from twsolo.engine.scoring import FORMOSAN_RESOLUTION, score_region
from twsolo.engine.space import advance
from twsolo.engine.state import Effect, GameState, hand_of
from twsolo.ids import Side
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game

BLOCKADE_OPS = 3  # the discard that saves West Germany (card-events #10)
WARSAW_PACT = 16  # allows NATO (card-events #21)
MARSHALL_PLAN = 23  # allows NATO
CONTAINMENT = 25
DE_GAULLE = 17
WE_WILL_BURY_YOU = 50  # ended when the US plays UN Intervention (#50)
CAMP_DAVID = 65  # prohibits Arab-Israeli War
U2_INCIDENT = 60  # +1 VP to the USSR when UN Intervention is played (#60)
IRON_LADY = 83  # prohibits Socialist Governments
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
@event(1)
def asia_scoring(game: Game, ctx: EventContext) -> None:
    """Card-events #1 (B1–B3, B6): score Asia, Southeast Asia included. No choice."""
    score_region(game, "asia")


@event(2)
def europe_scoring(game: Game, ctx: EventContext) -> None:
    """Card-events #2: score Europe; control of Europe wins the game (A15). No choice."""
    score_region(game, "europe")


@event(3)
def middle_east_scoring(game: Game, ctx: EventContext) -> None:
    """Card-events #3: score the Middle East. No choice."""
    score_region(game, "middle_east")


# ---------------------------------------------------------------- #4–#35
@event(4)
def duck_and_cover(game: Game, ctx: EventContext) -> None:
    """Card-events #4: DEFCON −1, then the US gains 5 − the new DEFCON VP. No choice."""
    game.change_defcon(-1, "Duck and Cover")
    game.gain_vp(Side.US, 5 - game.state.defcon, "Duck and Cover")


@event(5)
def five_year_plan(game: Game, ctx: EventContext) -> None:
    """Card-events #5: the USSR discards a random card of its hand (never the China Card, A13:
    appendix G7 `random_card`); a US event on it happens for the US (the US decides its
    choices), otherwise it is just discarded (a scoring card is not scored)."""
    card = random_card(game, Side.USSR, "Five Year Plan: the USSR's random discard")
    if card is None:
        game.note("Five Year Plan: the USSR has no card to discard")
        return
    game.note(f"Five Year Plan: the USSR discards {game.rules.card(card)}")
    if game.rules.card(card).owner is Side.US:
        play_event(game, card, Side.US)
    else:
        game.move_card(card, "discard")


@event(7, requires=prohibited_by(IRON_LADY))
def socialist_governments(game: Game, ctx: EventContext) -> None:
    """Card-events #7: the USSR removes 3 US influence from Western Europe, at most 2 from one
    country. Prohibited by The Iron Lady (#83). The USSR chooses."""
    remove_by_choice(
        game,
        ctx.chooser,
        Side.US,
        3,
        game.rules.members("west_europe"),
        "Socialist Governments: remove 1 US influence from",
        per_country=2,
    )


@event(8)
def fidel(game: Game, ctx: EventContext) -> None:
    """Card-events #8: all US influence out of Cuba, USSR influence until it controls Cuba."""
    _abdication(game, ctx.chooser, "cuba")


@event(9)
def vietnam_revolts(game: Game, ctx: EventContext) -> None:
    """Card-events #9: +2 USSR influence in Vietnam; this turn a USSR card whose ops all go to
    Southeast Asia gets +1 (effects.py, A14). No choice."""
    game.add_influence(_country(game, "vietnam"), ctx.chooser, 2)
    game.add_effect(Effect(VIETNAM_REVOLTS, Side.USSR))


@event(10)
def blockade(game: Game, ctx: EventContext) -> None:
    """Card-events #10: the US (who decides, by the card text) discards a card of modified ops
    3+ from its hand, its event not happening (A6); or loses all its influence in West Germany.
    Without such a card the loss is compulsory. The China Card may be discarded only in the
    solitaire game, and then passes face down to the USSR (spec §3.4, appendix G7). In the
    solitaire game the human answers it in the next action round (appendix #10: `blockade_due`)
    and the AI reveals from its deck/hand for a 3+ ops card (appendix #10 on_human_play)."""
    if defer_to_next_round(game, 10, Side.US):
        return
    if game.state.ai_side is Side.US:
        card = reveal_until(
            game,
            Side.US,
            lambda c: meets_ops(game, Side.US, c, BLOCKADE_OPS),
            "Blockade: the AI reveals for 3+ ops",
        )
        if card is not None:
            spend_card(game, Side.US, card)
            return
        remove_all(game, Side.US, _country(game, "west_germany"))
        return
    cards = ops_discards(game, Side.US, BLOCKADE_OPS, "Blockade: the US looks through its hand")
    if cards:
        card = choose_card(
            game,
            Side.US,
            cards,
            "Blockade: discard a card of 3+ ops, or decline and lose US influence in West Germany",
            none="decline",
        )
        if card is not None:
            spend_card(game, Side.US, card)
            return
    remove_all(game, Side.US, _country(game, "west_germany"))


@on("drawn", card=10)
def blockade_due(game: Game, side: Side, drawn: list[int]) -> list[int]:
    """Appendix #10: the human hit by the AI's Blockade discards one of the cards drawn this
    round with 3+ ops, and must then play the other; otherwise all US influence leaves West
    Germany now."""
    prompt = "Blockade: discard a drawn card of 3+ ops, or decline and lose West Germany"
    used = escape_with_drawn(game, side, 10, drawn, BLOCKADE_OPS, prompt)
    if used == 0:
        remove_all(game, Side.US, _country(game, "west_germany"))
    return [used] if used else []


@event(11)
def korean_war(game: Game, ctx: EventContext) -> None:
    """Card-events #11: war on South Korea (−1 per US-controlled neighbour: Japan, Taiwan, North
    Korea); on 4+ USSR +2 VP and South Korea's US influence becomes USSR; USSR +2 military ops
    (A11: to the war's owner, even when the US triggered it). No choice."""
    war(game, ctx.chooser, _country(game, "south_korea"), vp=2, milops=2)


@event(12)
def romanian_abdication(game: Game, ctx: EventContext) -> None:
    """Card-events #12: all US influence out of Romania, USSR influence until it controls it."""
    _abdication(game, ctx.chooser, "romania")


@event(13, requires=prohibited_by(CAMP_DAVID))
def arab_israeli_war(game: Game, ctx: EventContext) -> None:
    """Card-events #13: war on Israel, −1 if the US controls Israel and −1 per US-controlled
    neighbour; on 4+ USSR +2 VP and Israel's US influence becomes USSR; USSR +2 military ops.
    Prohibited by Camp David Accords (#65). No choice."""
    war(game, ctx.chooser, _country(game, "israel"), vp=2, milops=2, include_target=True)


@event(14)
def comecon(game: Game, ctx: EventContext) -> None:
    """Card-events #14: +1 USSR influence in each of 4 different Eastern European countries not
    controlled by the US (fewer if fewer qualify). The USSR chooses."""
    s, rules = game.state, game.rules
    add_by_choice(
        game,
        ctx.chooser,
        ctx.chooser,
        4,
        _members(game, "east_europe", lambda c: not controls(s, rules, Side.US, c)),
        "COMECON: +1 USSR influence in",
        distinct=True,
    )


@event(15)
def nasser(game: Game, ctx: EventContext) -> None:
    """Card-events #15: +2 USSR influence in Egypt, then half the US influence there (rounded
    up) is removed. No choice."""
    egypt = _country(game, "egypt")
    game.add_influence(egypt, ctx.chooser, 2)
    game.remove_influence(egypt, Side.US, (game.state.inf(egypt, Side.US) + 1) // 2)


@event(16)
def warsaw_pact_formed(game: Game, ctx: EventContext) -> None:
    """Card-events #16: the USSR chooses (a) remove all US influence from up to 4 Eastern
    European countries, or (b) add 5 USSR influence there, at most 2 per country. Either way
    NATO may be played from now on (Effect 16)."""
    ussr, s = ctx.chooser, game.state
    if yes_no(game, ussr, "Warsaw Pact: remove all US influence from 4 countries (no: add 5)?"):
        each_of(
            game,
            ussr,
            _members(game, "east_europe", lambda c: s.inf(c, Side.US) > 0),
            4,
            "Warsaw Pact: remove all US influence from",
            lambda c: remove_all(game, Side.US, c),
            intent="remove",
            influence_of=Side.US,
        )
    else:
        add_by_choice(
            game,
            ussr,
            ussr,
            5,
            game.rules.members("east_europe"),
            "Warsaw Pact: +1 USSR influence in",
            per_country=2,
        )
    game.add_effect(Effect(WARSAW_PACT))


@event(17)
def de_gaulle_leads_france(game: Game, ctx: EventContext) -> None:
    """Card-events #17: remove 2 US influence from France (all if fewer), +1 USSR there; France
    loses NATO's protection for the rest of the game (effects.NATO_EXCEPTIONS). No choice."""
    france = _country(game, "france")
    game.remove_influence(france, Side.US, 2)
    game.add_influence(france, ctx.chooser, 1)
    game.add_effect(Effect(DE_GAULLE))


@event(18)
def captured_nazi_scientist(game: Game, ctx: EventContext) -> None:
    """Card-events #18: the player's Space Race marker advances one box with its VP, without a
    roll or an attempt used (A12). No choice."""
    advance(game, ctx.chooser)


@event(19)
def truman_doctrine(game: Game, ctx: EventContext) -> None:
    """Card-events #19: the US picks a European country controlled by neither side (aasmith
    RULINGS #1) and removes all USSR influence there. Only countries holding USSR influence are
    offered (any other pick changes nothing); with none, the event changes nothing."""
    s, rules = game.state, game.rules
    targets = _members(
        game, "europe", lambda c: controller(s, rules, c) is None and s.inf(c, Side.USSR) > 0
    )
    if not targets:
        game.note("Truman Doctrine: no uncontrolled European country holds USSR influence")
        return
    country = choose_country(
        game,
        ctx.chooser,
        targets,
        "Truman Doctrine: remove USSR from",
        intent="remove",
        influence_of=Side.USSR,
    )
    remove_all(game, Side.USSR, country)


@event(20)
def olympic_games(game: Game, ctx: EventContext) -> None:
    """Card-events #20: the opponent of the sponsor (the player) chooses to boycott: DEFCON −1,
    then the sponsor conducts operations with 4 ops (modifiers apply, D7); or to take part: both
    roll, the sponsor +2, the higher gains 2 VP, ties rolled again."""
    sponsor = ctx.chooser
    rival = sponsor.other
    if yes_no(game, rival, f"Olympic Games: does the {rival.label} boycott?"):
        game.change_defcon(-1, "Olympic Games boycott")
        grant_operations(game, sponsor, 4)
        return
    mine = theirs = 0
    while mine == theirs:
        mine = game.roll(sponsor, "Olympic Games (sponsor +2)") + 2
        theirs = game.roll(rival, "Olympic Games")
    winner = sponsor if mine > theirs else rival
    game.gain_vp(winner, 2, "Olympic Games")


def _nato_allowed(state: GameState, rules: Ruleset, ctx: EventContext) -> str | None:
    if state.has_effect(MARSHALL_PLAN) or state.has_effect(WARSAW_PACT):
        return None
    return f"needs {rules.card(MARSHALL_PLAN)} or {rules.card(WARSAW_PACT)} played first"


@event(21, requires=_nato_allowed)
def nato(game: Game, ctx: EventContext) -> None:
    """Card-events #21: needs Marshall Plan or Warsaw Pact Formed played as an event first.
    NATO protects US-controlled European countries from USSR coups and realignments for the
    rest of the game (effects.protection). No choice."""
    game.add_effect(Effect(NATO))


@event(22)
def independent_reds(game: Game, ctx: EventContext) -> None:
    """Card-events #22: the US picks Yugoslavia, Romania, Bulgaria, Hungary or Czechoslovakia
    and adds influence there up to the USSR's."""
    s = game.state
    options = [_country(game, c) for c in INDEPENDENT_REDS]
    country = choose_country(
        game,
        ctx.chooser,
        options,
        "Independent Reds: equal USSR influence in",
        intent="add",
        influence_of=Side.US,
    )
    game.add_influence(
        country, Side.US, max(0, s.inf(country, Side.USSR) - s.inf(country, Side.US))
    )


@event(23)
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
        _members(game, "west_europe", lambda c: not controls(s, rules, Side.USSR, c)),
        "Marshall Plan: +1 US influence in",
        distinct=True,
    )
    game.add_effect(Effect(MARSHALL_PLAN))


@event(24)
def indo_pakistani_war(game: Game, ctx: EventContext) -> None:
    """Card-events #24: the player picks India or Pakistan as the target of a war (−1 per
    neighbour of the target the opponent controls); on 4+ the player gains 2 VP and takes the
    opponent's influence there; the player gains 2 military ops either way."""
    target = choose_country(
        game,
        ctx.chooser,
        [_country(game, "india"), _country(game, "pakistan")],
        "Indo-Pakistani War: which country is invaded?",
    )
    war(game, ctx.chooser, target, vp=2, milops=2)


@event(25)
def containment(game: Game, ctx: EventContext) -> None:
    """Card-events #25: this turn US cards played for ops get +1, not above 4 (A14)."""
    game.add_effect(Effect(CONTAINMENT, Side.US))


@event(26)
def cia_created(game: Game, ctx: EventContext) -> None:
    """Card-events #26: the USSR shows its hand to the US, then the US conducts operations with
    1 op, modifiers applying (A14). The US chooses. Nothing in the game depends on what the US
    sees, so nothing is named here (a face-down deck/hand stays unknown to the program, spec §4);
    whoever looked shuffles it afterwards (appendix G7)."""
    game.note("CIA Created: the USSR shows its deck/hand to the US")
    game.shuffle(hand_of(Side.USSR))
    grant_operations(game, ctx.chooser, 1)


@event(27)
def us_japan_pact(game: Game, ctx: EventContext) -> None:
    """Card-events #27: US influence in Japan until the US controls it; for the rest of the game
    the USSR may not coup or realign Japan (effects.protection). No choice."""
    add_until_control(game, ctx.chooser, _country(game, "japan"))
    game.add_effect(Effect(US_JAPAN_PACT))


@event(28)
def suez_crisis(game: Game, ctx: EventContext) -> None:
    """Card-events #28: the USSR removes 4 US influence from France, the UK and Israel, at most 2
    from each."""
    remove_by_choice(
        game,
        ctx.chooser,
        Side.US,
        4,
        [_country(game, c) for c in SUEZ],
        "Suez Crisis: remove 1 US influence from",
        per_country=2,
    )


@event(29)
def east_european_unrest(game: Game, ctx: EventContext) -> None:
    """Card-events #29: the US removes 1 USSR influence (2 in the Late War, turns 8–10) from each
    of 3 different Eastern European countries. Countries without USSR influence are not
    offered."""
    amount = 2 if game.state.turn >= 8 else 1
    each_of(
        game,
        ctx.chooser,
        _members(game, "east_europe", lambda c: game.state.inf(c, Side.USSR) > 0),
        3,
        f"East European Unrest: remove {amount} USSR influence from",
        lambda c: game.remove_influence(c, Side.USSR, amount),
        intent="remove",
        influence_of=Side.USSR,
    )


@event(30)
def decolonization(game: Game, ctx: EventContext) -> None:
    """Card-events #30: +1 USSR influence in each of 4 different countries of Africa and/or
    Southeast Asia. The USSR chooses."""
    rules = game.rules
    add_by_choice(
        game,
        ctx.chooser,
        ctx.chooser,
        4,
        [*rules.members("africa"), *rules.members("southeast_asia")],
        "Decolonization: +1 USSR influence in",
        distinct=True,
    )


@event(31)
def red_scare_purge(game: Game, ctx: EventContext) -> None:
    """Card-events #31: this turn the opponent's cards played for ops get −1, not below 1 (A14).
    The effect's side is the side penalised (effects.RED_SCARE). No choice."""
    game.add_effect(Effect(RED_SCARE, ctx.chooser.other))


def _opponent_cards(state: GameState, rules: Ruleset, side: Side) -> list[int]:
    """The cards known to be in `side`'s deck/hand that carry the opponent's event."""
    hand = state.piles[hand_of(side)].known()
    return sorted(c for c in hand if rules.card(c).owner is side.other)


def _un_refusal(state: GameState, rules: Ruleset, ctx: EventContext) -> str | None:
    if ctx.headline:
        return "UN Intervention cannot be played in the headline (A5)"
    if (
        not _opponent_cards(state, rules, ctx.player)
        and not state.piles[hand_of(ctx.player)].unseen
    ):
        return f"no card with the {ctx.player.other.label} event in the {ctx.player.label} hand"
    return None


@event(32, requires=_un_refusal)
def un_intervention(game: Game, ctx: EventContext) -> None:
    """Card-events #32: the player picks a card of its deck/hand carrying the opponent's event;
    that event does not happen, the player conducts operations with the card's ops (modifiers
    and area bonuses apply, never the Space Race: D6) and the card is discarded, never removed.
    Not in the headline, nor without such a card. U2 Incident (#60) gives the USSR 1 VP, once;
    played by the US, it ends We Will Bury You (#50). A player who searches its face-down
    deck/hand by revealing (the solitaire AI, appendix #32) reveals until such a card comes up;
    if none does, UN Intervention is played for its own ops."""
    s, rules = game.state, game.rules
    player = ctx.chooser
    wanted = f"a card with the {player.other.label} event"
    card: int | None = None
    if game.policy.reveals_for(game, player):
        card = reveal_until(
            game,
            player,
            lambda c: rules.card(c).owner is player.other,
            f"UN Intervention: reveal for {wanted}",
        )
    else:
        cards = _opponent_cards(s, rules, player)
        if not cards:  # only cards nobody has seen: the player looks through them
            hand_cards(game, player, f"UN Intervention: look for {wanted}")
            game.shuffle(hand_of(player))  # appendix G7: after looking through it
            cards = _opponent_cards(s, rules, player)
        if cards:
            card = int(str(game.ask("card", player, cards, "UN Intervention: cancel the event of")))
            game.move_card(card, "table")
    if card is None:
        game.note(f"UN Intervention: no {wanted}; played for its own ops (appendix #32)")
        budget = OpsBudget.for_card(s, rules, player, ctx.card)
        conduct_operations(game, player, budget, allow_space=False)
        return
    game.note(f"UN Intervention cancels the event of {rules.card(card)}")
    conduct_operations(game, player, OpsBudget.for_card(s, rules, player, card), allow_space=False)
    game.move_card(card, "discard")
    if s.has_effect(U2_INCIDENT):
        game.gain_vp(Side.USSR, 1, "U2 Incident")
        game.remove_effect(U2_INCIDENT)
    if player is Side.US:
        game.remove_effect(WE_WILL_BURY_YOU)


@event(33)
def de_stalinization(game: Game, ctx: EventContext) -> None:
    """Card-events #33: the USSR says how many (up to 4) of its influence points it moves, takes
    them from any countries, then adds as many to countries not controlled by the US, at most 2
    per country, no access needed."""
    ussr, s, rules = ctx.chooser, game.state, game.rules
    own = [c.index for c in rules.countries if s.inf(c.index, ussr) > 0]
    most = min(4, sum(s.inf(c, ussr) for c in own))
    answer = game.ask("number", ussr, list(range(most + 1)), "De-Stalinization: move how many?")
    taken = remove_by_choice(
        game, ussr, ussr, int(str(answer)), own, "De-Stalinization: take 1 USSR influence from"
    )
    free = [c.index for c in rules.countries if not controls(s, rules, Side.US, c.index)]
    add_by_choice(
        game, ussr, ussr, len(taken), free, "De-Stalinization: +1 USSR influence in", per_country=2
    )


@event(34)
def nuclear_test_ban(game: Game, ctx: EventContext) -> None:
    """Card-events #34: the player gains DEFCON − 2 VP, then DEFCON +2 (at most 5). No choice."""
    game.gain_vp(ctx.chooser, game.state.defcon - 2, "Nuclear Test Ban")
    game.change_defcon(2, "Nuclear Test Ban")


@event(35)
def formosan_resolution(game: Game, ctx: EventContext) -> None:
    """Card-events #35: a US-controlled Taiwan counts as an Asia battleground for scoring until
    the US plays the China Card (scoring.py, engine/play.py). No choice."""
    game.add_effect(Effect(FORMOSAN_RESOLUTION))


@event(103)
def defectors(game: Game, ctx: EventContext) -> None:
    """Card-events #103, A5.8: as the US headline it cancels the USSR headline: Effect 103
    ("cancel_ussr_headline") tells the turn flow. Played by the USSR in an action round (for
    ops, which triggers it), the US gains 1 VP. Otherwise nothing. No choice."""
    if ctx.headline and ctx.player is Side.US:
        game.add_effect(Effect(103, Side.US, "cancel_ussr_headline"))
    elif not ctx.headline and ctx.player is Side.USSR:
        game.gain_vp(Side.US, 1, "Defectors")
    else:
        game.note(f"Defectors played by the {ctx.player.label} has no effect")
