"""The solitaire rules plugged into the engine (spec §3.4, §11.1, §20.1)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from twsolo.engine.game import Game, Policy
from twsolo.engine.records import region_name
from twsolo.engine.state import Result
from twsolo.ids import Side
from twsolo.phrases.book import say
from twsolo.solo.overrides import event_override, replaced_step

F = TypeVar("F", bound=Callable[..., Any])
AI_DEFCON_FLOOR = 2  # spec §11.1: the AI never lowers DEFCON to 1


def ai_side(game: Game) -> Side:
    side = game.state.ai_side
    if side is None:
        raise ValueError("internal: a solitaire game without an AI side")
    return side


def human_favoured(game: Game) -> bool:
    """The VP track is in the human's favour (spec §1.7: positive VP = US ahead)."""
    return game.state.vp * ai_side(game).other.sign > 0


class SoloPolicy(Policy):
    """Spec §3.4, §11.1 and §20.1 for `Game(..., policy=SoloPolicy())`; reads `state.ai_side`.
    The card appendix's solitaire procedures replace the engine's where they are registered
    (solo/overrides.py)."""

    def event_handler(self, card: int, base: Callable[[Game, Any], None]) -> Callable[..., None]:
        return event_override(card, base)

    def procedure(self, name: str, base: F) -> F:
        return replaced_step(name, base)

    def china_card_in_hands(self) -> bool:
        """Spec §3.4, §22.4, appendix G7: the China Card inside a deck/hand may be taken by an
        event (Grain Sales, Missile Envy) or discarded for an Ops requirement (Blockade,
        Quagmire, Bear Trap, Latin American Debt Crisis); it then passes face down to the
        other side. Random and chosen discards still skip it (the events never offer it)."""
        return True

    def held(self, game: Game, side: Side) -> tuple[int, ...]:
        """Spec §10.1: the human plays one of the cards it drew, face up on the table, in its
        action round; the other one is its hand for UN Intervention (§10.1.4) while it is
        there (it goes to the bottom of the deck/hand only if UN Intervention does not use it)."""
        state = game.state
        if side is ai_side(game) or state.phasing is not side:
            return ()
        return tuple(state.piles["table"].known())

    def reveals_for(self, game: Game, side: Side) -> bool:
        """Spec §4.1, §17.5, appendix #32: the AI's deck/hand is face down and nobody knows it;
        the AI finds a card an event needs by revealing from the top."""
        return side is ai_side(game)

    def defcon_floor(self, game: Game) -> int:
        """Spec §11.1: while the AI is the phasing side, the part of anything that would bring
        DEFCON to 1 is ignored: DEFCON stops at 2."""
        return AI_DEFCON_FLOOR if game.state.phasing is ai_side(game) else 1

    def defcon_loser(self, game: Game) -> Side:
        """Spec §20.1.2: DEFCON 1 (reachable only while the human is phasing) loses the game for
        the human; the AI can never lose this way."""
        return ai_side(game).other

    def region_control(self, game: Game, side: Side, region: str) -> None:
        """Spec §20.1.4–5 (control of Europe when it is scored: in a Scoring Round, and at final
        scoring, which scores "as in a Scoring Round", §19.I): the AI wins outright; the human
        wins only with the VP in the human's favour, otherwise play goes on."""
        ai = ai_side(game)
        if side is ai:
            game.end(Result(ai, f"{region}_control"))
        if human_favoured(game):
            game.end(Result(side, f"{region}_control"))
        game.note(
            say(
                "solo.policy.control_goes_on",
                side=side.label,
                region=region_name(region),
            )
        )
