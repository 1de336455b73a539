"""The phrases that head a question at a prompt: one title for every kind of question the
engine asks (engine/choices.py KINDS), and what a card question at the table tells the person
to do with its pile (spec §4)."""

from __future__ import annotations

PHRASES: dict[str, str | tuple[str, str]] = {
    "question.draft": "Draft",
    "question.headline": "Headline",
    "question.ar_card": "Your action round",
    "question.bottom": "Bottom of your deck/hand",
    "question.play": "How do you play it",
    "question.order": "Event or operations first",
    "question.operation": "Which operation",
    "question.influence": "Place influence",
    "question.coup": "Coup",
    "question.realign": "Realign",
    "question.country": "Choose a country",
    "question.card": "Choose a card",
    "question.yes_no": "Yes or no",
    "question.number": "Choose a number",
    "question.region": "Choose a region",
    "question.die": "Roll a die",
    "question.draw": "Which card is it",
    "question.draw_row": "Which cards are they",
    "question.pick": "Which card came up",
    "question.deal": "deal",
    "question.reveal": "reveal",
    "question.holds": "holds",
    "question.defer": "defer",
    "question.pile.draw": "turn over the top card of {pile}",
    "question.pile.reveal": "look through {pile} and name a card of it not named yet",
    "question.pile.holds": "look through {pile}",
}
