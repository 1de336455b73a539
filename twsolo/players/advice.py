"""`hint`: what the strong stand-in would answer to the person's pending question, and the
expected value of each answer it weighed, computed from what the person may know only (the
look-ahead plays on sampled worlds, never on the face-down cards). It is advice: the person
decides, and nothing here changes the game."""

from __future__ import annotations

from dataclasses import dataclass

from twsolo.engine.choices import Choice
from twsolo.engine.game import Game
from twsolo.ids import Side
from twsolo.phrases import say
from twsolo.players.plays import NEW_PLAY, PlayScript
from twsolo.players.ranking import Ranked
from twsolo.players.strong import Budget, StrongPlayer, rank_answers

# A hint may think longer than a simulated game's stand-in; still well under a second.
HINT_BUDGET = Budget(samples=6, keep=5)
SHOWN = 5  # alternatives listed


@dataclass(frozen=True)
class Advice:
    """The best answer first, then the alternatives weighed, each with its expected value in
    VP for you (None: answered by a rule, not valued)."""

    ranking: list[Ranked]
    script: PlayScript | None = None  # answers the questions of the best play after this one

    @property
    def best(self) -> Ranked:
        return self.ranking[0]

    def lines(self) -> list[str]:
        """The best answer with its expected value (the VP in your favour and what the board
        promises at the coming scorings), then each alternative by how much less it expects."""
        best = self.best
        if best.value is None:
            out = [say("hint.best", answer=best.label)]
        else:
            out = [say("hint.best_valued", answer=best.label, value=f"{best.value:+.1f}")]
        for alt in self.ranking[1:SHOWN]:
            if alt.value is not None and best.value is not None:
                less = f"{best.value - alt.value:.1f}"
                out.append("  " + say("hint.or_valued", answer=alt.label, less=less))
            else:
                out.append("  " + say("hint.or", answer=alt.label))
        out.append(say("hint.note"))
        return out


def hint(game: Game, choice: Choice, *, seed: int = 0, budget: Budget = HINT_BUDGET) -> Advice:
    """The strong stand-in's ranking of `choice`, a question put to the person's side."""
    side = choice.actor
    if not isinstance(side, Side):
        raise ValueError("no advice on chance: the cards and dice decide")
    decision = rank_answers(game, choice, side, seed, budget)
    return Advice(decision.ranking, decision.script)


def advisor(game: Game, choice: Choice, advice: Advice, seed: int = 0) -> StrongPlayer:
    """The strong stand-in that gave `advice` at `choice`, to answer the questions of the same
    play after it as the hint at each of them would (the hint's whole play, cli/ahead.py)."""
    side = choice.actor
    assert isinstance(side, Side)
    script = advice.script if advice.script is not None or choice.kind in NEW_PLAY else None
    return StrongPlayer(side, seed, HINT_BUDGET, script=script)


def hint_text(game: Game, choice: Choice) -> str:
    """The hint as printed at a prompt (chance's questions get a short answer)."""
    if not isinstance(choice.actor, Side):
        return say("hint.chance")
    return "\n".join(hint(game, choice).lines())
