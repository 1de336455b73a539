"""Starting positions: the printed setup (spec §2.3) and an empty board for scenarios."""

from __future__ import annotations

import numpy as np

from twsolo.engine.state import GameState, area_of
from twsolo.ids import CHINA_CARD, Side
from twsolo.ruleset import Ruleset

ERA_PILE = {"early": "draw", "mid": "mid_war", "late": "late_war"}


def empty_state(rules: Ruleset, *, optional_cards: bool = False) -> GameState:
    """No influence; every card where it starts (spec §2.2–§2.3): Early War cards in the draw
    deck, Mid and Late War decks waiting, scoring cards in the Scoring Card Deck, the China Card
    face up in the USSR's play area, optional cards unused unless chosen (spec §24.2)."""
    state = GameState(influence=np.zeros((len(rules.countries), 2), dtype=np.int16))
    for card in rules.cards.values():
        if card.number == CHINA_CARD:
            pile = area_of(Side.USSR)
        elif card.scoring:
            pile = "scoring_deck"
        elif card.optional and not optional_cards:
            pile = "unused"
        else:
            pile = ERA_PILE[card.era]
        state.piles[pile].shuffled.append(card.number)
    return state


def standard_state(rules: Ruleset, *, optional_cards: bool = False) -> GameState:
    """The empty board plus the fixed printed starting influence (US 18, USSR 9)."""
    state = empty_state(rules, optional_cards=optional_cards)
    for c in rules.countries:
        for side in Side:
            state.influence[c.index, side.col] = c.start[side]
    return state
