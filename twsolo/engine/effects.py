"""Lasting effects (card-events Part D) as data the engine consults.

An `Effect(card, side, data)` in `state.effects` means the card's lasting effect is in force;
the tables below say what each one does, so no flag is scattered through the rules code.
`side` is the side the effect applies to (the table's comment says which).
"""

from __future__ import annotations

from twsolo.engine.board import controls
from twsolo.engine.state import Effect, GameState
from twsolo.ids import CardId, Side
from twsolo.phrases import say
from twsolo.ruleset import Ruleset

# How long each lasting effect stays (card-events Part D). "turn": removed at the end of the
# turn (spec §19). "game": until a card ends it. "trigger": until its own condition ends it.
DURATION: dict[int | tuple[int, str], str] = {
    CardId.VIETNAM_REVOLTS: "turn",  # USSR +1 op, all ops in Southeast Asia
    (CardId.BLOCKADE, "escape"): "trigger",  # waiting for the human's next action round (solitaire)
    CardId.WARSAW_PACT_FORMED: "game",  # allows NATO
    CardId.DE_GAULLE_LEADS_FRANCE: "game",  # France loses NATO protection
    CardId.NATO: "game",
    CardId.MARSHALL_PLAN: "game",  # allows NATO
    CardId.CONTAINMENT: "turn",  # US +1 ops (max 4)
    CardId.US_JAPAN_MUTUAL_DEFENSE_PACT: "game",
    CardId.RED_SCARE_PURGE: "turn",  # side = the side whose cards get −1 (min 1)
    CardId.FORMOSAN_RESOLUTION: "trigger",  # until the US plays the China Card
    CardId.CUBAN_MISSILE_CRISIS: "turn",  # side = the side for whom a coup loses the game
    CardId.NUCLEAR_SUBS: "turn",  # US battleground coups do not lower DEFCON
    (CardId.NUCLEAR_SUBS, "double_coup"): "turn",  # the solitaire AI's: its first coup is doubled
    CardId.QUAGMIRE: "trigger",  # until the US rolls 1–4
    CardId.SALT_NEGOTIATIONS: "turn",  # all coup rolls −1
    CardId.BEAR_TRAP: "trigger",  # until the USSR rolls 1–4
    CardId.MISSILE_ENVY: "trigger",  # side = the holder, until it plays the card for ops
    CardId.WE_WILL_BURY_YOU: "trigger",  # 3 VP to the USSR unless the US plays UN Intervention
    CardId.BREZHNEV_DOCTRINE: "turn",  # USSR +1 ops (max 4)
    CardId.WILLY_BRANDT: "game",  # West Germany loses NATO protection (until Tear Down This Wall)
    CardId.FLOWER_POWER: "game",  # 2 VP to the USSR per US war card (until An Evil Empire)
    CardId.U2_INCIDENT: "turn",  # +1 VP to the USSR if UN Intervention is played
    CardId.CAMP_DAVID_ACCORDS: "game",  # Arab-Israeli War prohibited
    CardId.JOHN_PAUL_II_ELECTED_POPE: "game",  # allows Solidarity
    CardId.LATIN_AMERICAN_DEATH_SQUADS: "turn",  # side = the side whose coups get +1 there
    CardId.SHUTTLE_DIPLOMACY: "trigger",  # until the next Asia or Middle East scoring
    CardId.IRANIAN_HOSTAGE_CRISIS: "game",  # Terrorism doubled against the US
    CardId.THE_IRON_LADY: "game",  # Socialist Governments prohibited
    CardId.NORTH_SEA_OIL: "game",  # OPEC prohibited
    (CardId.NORTH_SEA_OIL, "round"): "turn",  # the US's 8th action round this turn
    CardId.THE_REFORMER: "game",  # no USSR coups in Europe; Glasnost bonus
    CardId.IRAN_CONTRA_SCANDAL: "turn",  # US realignment rolls −1
    CardId.CHERNOBYL: "turn",  # data = the region where the USSR may not place influence by ops
    (CardId.LATIN_AMERICAN_DEBT_CRISIS, "escape"): "trigger",  # waiting for the human (solitaire)
    CardId.TEAR_DOWN_THIS_WALL: "game",  # Willy Brandt cancelled and prohibited
    CardId.AN_EVIL_EMPIRE: "game",  # Flower Power cancelled and prohibited
    CardId.ALDRICH_AMES_REMIX: "turn",  # US deck/hand revealed
    CardId.NORAD: "game",  # until Quagmire
    CardId.YURI_AND_SAMANTHA: "turn",  # +1 VP to the USSR per US coup
    CardId.AWACS_SALE_TO_SAUDIS: "game",  # Muslim Revolution prohibited
}

# Effects that will award VP later with no choice left to make, unless cancelled (appendix G4:
# a dry run counts them): the side that gains, the card's VP figure (rules/cards.yaml).
PENDING_VP = {CardId.WE_WILL_BURY_YOU: Side.USSR}  # at the US's next action round


def pending_vp(state: GameState, rules: Ruleset) -> int:
    """The VP (positive = US) that the lasting effects in force will award later (PENDING_VP)."""
    total = 0
    for card, side in PENDING_VP.items():
        if state.has_effect(card):
            total += rules.card(card).figure("vp") * side.sign
    return total


# Base §7.4: +1 op, not above 4 (Red Scare/Purge: −1, not below 1, for the effect's side).
OPS_PLUS_ONE = {CardId.CONTAINMENT: Side.US, CardId.BREZHNEV_DOCTRINE: Side.USSR}
OPS_MAX_WITH_BONUS = 4
# Appendix #41, spec §14.5: the side's next coup attempt with a card's ops is made twice.
NUCLEAR_SUBS_DOUBLE = Effect(CardId.NUCLEAR_SUBS, Side.US, "double_coup")
NATO_EXCEPTIONS = {CardId.DE_GAULLE_LEADS_FRANCE: "france", CardId.WILLY_BRANDT: "west_germany"}


def duration(effect: Effect) -> str | None:
    """How long an effect lasts: its (card, data) entry if any, else its card's."""
    return DURATION.get((effect.card, effect.data), DURATION.get(effect.card))


def expire_turn_effects(state: GameState) -> list[Effect]:
    """The effects that end with the turn (spec §19); the runner removes them."""
    return [e for e in state.effects if duration(e) == "turn"]


def ops_modifier(state: GameState, side: Side, printed: int) -> int:
    """A card's ops for `side` after the unconditional modifiers (base §7.4; A14 order)."""
    value = printed
    if any(state.has_effect(card) for card, s in OPS_PLUS_ONE.items() if s is side):
        value = min(OPS_MAX_WITH_BONUS, value + 1) if value < OPS_MAX_WITH_BONUS else value
    if state.has_effect(CardId.RED_SCARE_PURGE, side):
        value = max(1, value - 1)
    return value


def area_bonuses(state: GameState, side: Side, card: int) -> list[str]:
    """Areas where spending all of a card's ops earns +1 each (China Card: Asia; Vietnam Revolts:
    Southeast Asia for the USSR). Both can apply at once (A13's worked example)."""
    areas = []
    if card == CardId.THE_CHINA_CARD:
        areas.append("asia")
    if side is Side.USSR and state.has_effect(CardId.VIETNAM_REVOLTS):
        areas.append("southeast_asia")
    return areas


def coup_roll_modifier(state: GameState, rules: Ruleset, side: Side, country: int) -> int:
    mod = -1 if state.has_effect(CardId.SALT_NEGOTIATIONS) else 0
    squads = state.effect(CardId.LATIN_AMERICAN_DEATH_SQUADS)
    # Latin American Death Squads: coups in its regions +1 for the effect's side, −1 for the other.
    regions = rules.card(CardId.LATIN_AMERICAN_DEATH_SQUADS).event_regions if squads else ()
    if squads and any(rules.in_region(country, r) for r in regions):
        mod += 1 if squads.side is side else -1
    return mod


def realign_roll_modifier(state: GameState, side: Side) -> int:
    return -1 if side is Side.US and state.has_effect(CardId.IRAN_CONTRA_SCANDAL) else 0


def protection(
    state: GameState, rules: Ruleset, attacker: Side, country: int, *, coup: bool
) -> str | None:
    """Why `attacker` may not coup (or realign) `country` because of a card, or None."""
    c = rules.countries[country]
    if attacker is Side.USSR:
        if c.id == "japan" and state.has_effect(CardId.US_JAPAN_MUTUAL_DEFENSE_PACT):
            pact = rules.card(CardId.US_JAPAN_MUTUAL_DEFENSE_PACT).name
            return say("engine.effects.protects_japan", card=pact, country=c.name)
        if (
            c.region == "europe"
            and state.has_effect(CardId.NATO)
            and controls(state, rules, Side.US, country)
            and not any(state.has_effect(k) and v == c.id for k, v in NATO_EXCEPTIONS.items())
        ):
            return say("engine.effects.nato", card=rules.card(CardId.NATO).name)
        if coup and c.region == "europe" and state.has_effect(CardId.THE_REFORMER):
            return say("engine.effects.the_reformer", card=rules.card(CardId.THE_REFORMER).name)
    return None


def chernobyl_region(state: GameState) -> str | None:
    effect = state.effect(CardId.CHERNOBYL)
    return effect.data if effect else None
