"""The solitaire procedures of the card appendix that replace or extend a base-game event
(appendix #10, #40, #41, #42, #44, #50, #95: the human's deferred escape, the AI revealing for an
Ops requirement, the AI's own Cuban Missile Crisis, its double coup, its cancelling and its
fetching of UN Intervention). Each is registered by card, as a chess variant overrides a rule of
the board: `SoloPolicy.event_handler` runs the override in place of the engine's handler, and the
override may call that handler for the base game's part. The AI's decisions among them are
Choices the Bot answers by the card's appendix entry."""

from __future__ import annotations
