"""Lasting effects (card-events Part D) as data the engine consults.

An `Effect(card, side, data)` in `state.effects` means the card's lasting effect is in force;
the tables below say what each one does, so no flag is scattered through the rules code.
`side` is the side the effect applies to (the table's comment says which).
"""

from __future__ import annotations

from twsolo.engine.board import controls
from twsolo.engine.state import Effect, GameState
from twsolo.ids import Side
from twsolo.ruleset import Ruleset

# How long each lasting effect stays (card-events Part D). "turn": removed at the end of the
# turn (spec §19). "game": until a card ends it. "trigger": until its own condition ends it.
DURATION: dict[int | tuple[int, str], str] = {
    9: "turn",  # Vietnam Revolts: USSR +1 op, all ops in Southeast Asia
    (10, "escape"): "trigger",  # Blockade waiting for the human's next action round (solitaire)
    16: "game",  # Warsaw Pact Formed: allows NATO
    17: "game",  # De Gaulle Leads France: France loses NATO protection
    21: "game",  # NATO
    23: "game",  # Marshall Plan: allows NATO
    25: "turn",  # Containment: US +1 ops (max 4)
    27: "game",  # US/Japan Mutual Defense Pact
    31: "turn",  # Red Scare/Purge: side = the side whose cards get −1 (min 1)
    35: "trigger",  # Formosan Resolution, until the US plays the China Card
    40: "turn",  # Cuban Missile Crisis: side = the side for whom a coup loses the game
    41: "turn",  # Nuclear Subs: US battleground coups do not lower DEFCON
    (41, "double_coup"): "turn",  # Nuclear Subs, the solitaire AI's: its first coup is doubled
    42: "trigger",  # Quagmire, until the US rolls 1–4
    43: "turn",  # SALT Negotiations: all coup rolls −1
    44: "trigger",  # Bear Trap, until the USSR rolls 1–4
    49: "trigger",  # Missile Envy: side = the holder, until it plays the card for ops
    50: "trigger",  # We Will Bury You: 3 VP to the USSR unless the US plays UN Intervention
    51: "turn",  # Brezhnev Doctrine: USSR +1 ops (max 4)
    55: "game",  # Willy Brandt: West Germany loses NATO protection (until Tear Down This Wall)
    59: "game",  # Flower Power: 2 VP to the USSR per US war card (until An Evil Empire)
    60: "turn",  # U2 Incident: +1 VP to the USSR if UN Intervention is played
    65: "game",  # Camp David Accords: Arab-Israeli War prohibited
    68: "game",  # John Paul II Elected Pope: allows Solidarity
    69: "turn",  # Latin American Death Squads: side = the side whose coups get +1 there
    73: "trigger",  # Shuttle Diplomacy, until the next Asia or Middle East scoring
    82: "game",  # Iranian Hostage Crisis: Terrorism doubled against the US
    83: "game",  # The Iron Lady: Socialist Governments prohibited
    86: "game",  # North Sea Oil: OPEC prohibited
    (86, "round"): "turn",  # North Sea Oil: the US's 8th action round this turn
    87: "game",  # The Reformer: no USSR coups in Europe; Glasnost bonus
    93: "turn",  # Iran-Contra Scandal: US realignment rolls −1
    94: "turn",  # Chernobyl: data = the region where the USSR may not place influence by ops
    (95, "escape"): "trigger",  # Latin American Debt Crisis waiting for the human (solitaire)
    96: "game",  # Tear Down This Wall: Willy Brandt cancelled and prohibited
    97: "game",  # An Evil Empire: Flower Power cancelled and prohibited
    98: "turn",  # Aldrich Ames Remix: US deck/hand revealed
    106: "game",  # NORAD, until Quagmire
    109: "turn",  # Yuri and Samantha: +1 VP to the USSR per US coup
    110: "game",  # AWACS Sale to Saudis: Muslim Revolution prohibited
}

OPS_PLUS_ONE = {25: Side.US, 51: Side.USSR}  # base §7.4: +1 op, not above 4
RED_SCARE = 31  # −1 op, not below 1, for the effect's side
OPS_MAX_WITH_BONUS = 4
# Conditional +1 when every op of a card is spent in an area (base §7.4, §9.7).
VIETNAM_REVOLTS = 9  # USSR, all ops in Southeast Asia
SALT = 43  # all coup rolls −1
DEATH_SQUADS = 69  # the effect's side +1, the other −1, coups in Central/South America
DEATH_SQUADS_REGIONS = ("central_america", "south_america")
IRAN_CONTRA = 93  # US realignment rolls −1
NUCLEAR_SUBS = 41
# Appendix #41, spec §14.5: the side's next coup attempt with a card's ops is made twice.
NUCLEAR_SUBS_DOUBLE = Effect(NUCLEAR_SUBS, Side.US, "double_coup")
CUBAN_MISSILE_CRISIS = 40
YURI_AND_SAMANTHA = 109
CHERNOBYL = 94
NATO = 21
NATO_EXCEPTIONS = {17: "france", 55: "west_germany"}  # De Gaulle, Willy Brandt
US_JAPAN_PACT = 27
THE_REFORMER = 87


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
    if state.has_effect(RED_SCARE, side):
        value = max(1, value - 1)
    return value


def area_bonuses(state: GameState, side: Side, card: int) -> list[str]:
    """Areas where spending all of a card's ops earns +1 each (China Card: Asia; Vietnam Revolts:
    Southeast Asia for the USSR). Both can apply at once (A13's worked example)."""
    areas = []
    if card == 6:
        areas.append("asia")
    if side is Side.USSR and state.has_effect(VIETNAM_REVOLTS):
        areas.append("southeast_asia")
    return areas


def coup_roll_modifier(state: GameState, rules: Ruleset, side: Side, country: int) -> int:
    mod = -1 if state.has_effect(SALT) else 0
    squads = state.effect(DEATH_SQUADS)
    if squads and rules.countries[country].region in DEATH_SQUADS_REGIONS:
        mod += 1 if squads.side is side else -1
    return mod


def realign_roll_modifier(state: GameState, side: Side) -> int:
    return -1 if side is Side.US and state.has_effect(IRAN_CONTRA) else 0


def protection(
    state: GameState, rules: Ruleset, attacker: Side, country: int, *, coup: bool
) -> str | None:
    """Why `attacker` may not coup (or realign) `country` because of a card, or None."""
    c = rules.countries[country]
    if attacker is Side.USSR:
        if c.id == "japan" and state.has_effect(US_JAPAN_PACT):
            return "US/Japan Mutual Defense Pact protects Japan"
        if (
            c.region == "europe"
            and state.has_effect(NATO)
            and controls(state, rules, Side.US, country)
            and not any(state.has_effect(k) and v == c.id for k, v in NATO_EXCEPTIONS.items())
        ):
            return "NATO protects US-controlled countries in Europe"
        if coup and c.region == "europe" and state.has_effect(THE_REFORMER):
            return "The Reformer: no USSR coups in Europe"
    return None


def chernobyl_region(state: GameState) -> str | None:
    effect = state.effect(CHERNOBYL)
    return effect.data if effect else None
