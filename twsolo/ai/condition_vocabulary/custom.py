"""The custom predicates (card-appendix §5), written `custom:<name>` in a condition."""

from __future__ import annotations

from collections.abc import Callable

from twsolo.ai.condition_vocabulary.predicates import Predicates
from twsolo.ai.criteria import CRITERIA
from twsolo.ai.dryrun import primary_score
from twsolo.ai.military import coup_valid
from twsolo.ai.plans import ops_score_gain
from twsolo.engine.board import adjacent_controlled, controls
from twsolo.engine.effects import protection
from twsolo.engine.scoring import region_score
from twsolo.engine.state import hand_of
from twsolo.ids import MAP_REGIONS, CardId, Side

SUMMIT_REGIONS = MAP_REGIONS


# ---------------------------------------------------------------- appendix §5: custom predicates
def custom(
    name: str, card: int | None = None
) -> Callable[[Callable[[Predicates], bool]], Callable[[Predicates], bool]]:
    """Register an appendix §5 predicate; `card`: it embodies that one card's logic, and the
    card's entry lists it among its procedures."""
    return CRITERIA.register("custom_predicates", name, card=card)


@custom("ai_controls_canada", card=CardId.NORAD)
def _ai_controls_canada(p: Predicates) -> bool:
    """The AI is the US and controls Canada."""
    v = p.view
    return v.side is Side.US and v.ai_controls(v.rules.index["canada"])


@custom("ai_holds_human_events")
def _ai_holds_human_events(p: Predicates) -> bool:
    """The AI's deck/hand holds at least 2 cards that carry the human's event."""
    v = p.view
    # Only the cards known to be there: the AI does not know its face-down cards (spec §4).
    hand = v.state.piles[hand_of(v.side)].known()
    return sum(1 for c in hand if v.rules.card(c).owner is v.human) >= 2


@custom("ai_milops_ahead")
def _ai_milops_ahead(p: Predicates) -> bool:
    """The AI's military ops this turn are greater than the human's."""
    s, v = p.view.state, p.view
    return s.milops[v.side.col] > s.milops[v.human.col]


@custom("brush_war_target", card=CardId.BRUSH_WAR)
def _brush_war_target(p: Predicates) -> bool:
    """Brush War has a legal target with a modifier of 0 or −1."""
    v = p.view
    return any(
        v.human_influence(c) > 0
        and v.stability(c) <= 2
        and adjacent_controlled(v.state, v.rules, v.human, c) <= 1
        and protection(v.state, v.rules, v.side, c, coup=False) is None
        for c in range(len(v.rules.countries))
    )


@custom("destalinization_spread", card=CardId.DE_STALINIZATION)
def _destalinization_spread(p: Predicates) -> bool:
    """The AI has 2+ influence above control it could move into 2+ battlegrounds of 2+ regions."""
    v = p.view
    excess = sum(
        v.ai_influence(c) - (v.human_influence(c) + v.stability(c))
        for c in range(len(v.rules.countries))
        if v.ai_controls(c)
    )
    targets = {
        v.rules.countries[c].region
        for c in range(len(v.rules.countries))
        if v.bg(c) and not v.human_controls(c) and not v.ai_controls(c)
    }
    return excess >= 2 and len(targets) >= 2


@custom("event_region_score_gain")
def _event_region_score_gain(p: Predicates) -> bool:
    """The event improves the AI's score, as if scored now, in a region where the event acts."""
    v = p.view
    regions = {v.rules.scoring_region(r) for r in v.rules.card(p.card).event_regions}
    return any(
        primary_score(v.rules, p.after, v.side, region)
        > primary_score(v.rules, v.state, v.side, region)
        for region in sorted(regions)
    )


@custom("flower_power_active", card=CardId.AN_EVIL_EMPIRE)
def _flower_power_active(p: Predicates) -> bool:
    """Flower Power is in effect against the AI."""
    return p.view.state.has_effect(CardId.FLOWER_POWER)


@custom("free_coup_target")
def _free_coup_target(p: Predicates) -> bool:
    """The event's coup has a valid target (spec §14.1, §14.3)."""
    v = p.view
    areas = v.rules.card(p.card).event_regions or MAP_REGIONS
    ops = v.rules.card(p.card).ops
    return any(coup_valid(v, c, ops, free=True) for region in areas for c in v.members(region))


@custom("human_bg_in_event_area")
def _human_bg_in_event_area(p: Predicates) -> bool:
    """The human controls a battleground in a region the event names."""
    v = p.view
    return any(
        v.bg(c) and v.human_controls(c)
        for region in v.rules.card(p.card).event_regions
        for c in v.members(region)
    )


@custom("human_gains_control")
def _human_gains_control(p: Predicates) -> bool:
    """The event's dry run gives the human control of a country."""
    return p.metrics.human_gains_control


@custom("human_has_china")
def _human_has_china(p: Predicates) -> bool:
    """The human holds the China Card."""
    return p.view.state.china_holder is p.view.human


@custom("human_headline_hurts_ai")
def _human_headline_hurts_ai(p: Predicates) -> bool:
    """The human's headline card carries the human's own or a neutral event."""
    v = p.view
    table = [c for c in v.state.piles["table"].known() if c != p.card]
    return any(v.rules.card(c).owner in (None, v.human) for c in table)


@custom("ops_change_score")
def _ops_change_score(p: Predicates) -> bool:
    """Placing this card's Ops by spec §13 would change the AI's Primary Region score."""
    return ops_score_gain(p.view, p.card) != 0


@custom("primary_in_event_area")
def _primary_in_event_area(p: Predicates) -> bool:
    """The Primary Region is one of the regions the event names."""
    return p.view.primary in p.view.rules.card(p.card).event_regions


@custom("summit_favoured", card=CardId.SUMMIT)
def _summit_favoured(p: Predicates) -> bool:
    """The AI dominates or controls more of the six Summit regions than the human."""
    v = p.view
    mine = theirs = 0
    for region in SUMMIT_REGIONS:
        score = region_score(v.state, v.rules, region)
        mine += score.sides[v.side].level in ("domination", "control")
        theirs += score.sides[v.human].level in ("domination", "control")
    return mine > theirs


@custom("war_cards_live")
def _war_cards_live(p: Predicates) -> bool:
    """At least 2 war cards are still in the game."""
    s, rules = p.view.state, p.view.rules
    wars = [c.number for c in rules.cards.values() if c.war is not None]
    return sum(1 for c in wars if s.where(c) not in ("removed", "unused")) >= 2


def war_modifier(p: Predicates) -> int:
    """The AI's die modifier in the war's best direction: −1 per human-controlled neighbour of
    the target (and the target itself for Arab-Israeli War)."""
    v = p.view
    war = v.rules.card(p.card).war
    best = None
    for cid in war.targets if war else ():
        c = v.rules.index[cid]
        mod = adjacent_controlled(v.state, v.rules, v.human, c)
        if war and war.target_counts and controls(v.state, v.rules, v.human, c):
            mod += 1
        best = mod if best is None else min(best, mod)
    return -(best or 0)


@custom("war_modifier_zero")
def _war_modifier_zero(p: Predicates) -> bool:
    """In the direction the entry would choose, the AI's war die modifier is 0."""
    return war_modifier(p) == 0


@custom("war_modifier_at_least_minus1")
def _war_modifier_at_least_minus1(p: Predicates) -> bool:
    """In the direction the entry would choose, the AI's war die modifier is 0 or −1."""
    return war_modifier(p) >= -1
