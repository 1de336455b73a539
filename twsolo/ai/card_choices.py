"""Per-card choices from the card appendix (`choices` and `on_human_play`, appendix §3–§4).

Each function answers the questions an event asks the AI where its appendix entry says more
than the general rules of spec §17 (appendix G5). It returns None to leave a question to §17.
Registered by card number; the Bot consults the card of the event being resolved.
"""

from __future__ import annotations

from collections.abc import Callable

from twsolo.ai.view import View
from twsolo.engine.choices import Answer, Choice
from twsolo.engine.game import Game

CardChoice = Callable[[Game, View, Choice], Answer | None]
CARD_CHOICES: dict[int, CardChoice] = {}


def card_choice(*cards: int) -> Callable[[CardChoice], CardChoice]:
    def register(fn: CardChoice) -> CardChoice:
        for card in cards:
            if card in CARD_CHOICES:
                raise ValueError(f"card {card} has two choice functions")
            CARD_CHOICES[card] = fn
        return fn

    return register
