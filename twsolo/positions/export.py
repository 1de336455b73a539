"""Positions before the AI's decisions in a recorded game, as scenario files: what `show NAME
--scenario`, `inspect TURN --scenario`, `replay FILE --turn T --scenario` and the in-game
`scenario` command write, so that `twsolo decide` reproduces the AI's decision there.

The recorded answers are replayed (asking no one); at each reveal of the AI's top card (spec
§9.2 headline, §12.1 action round) the position is kept, with the cards the AI revealed in that
decision and the dice it used, as chance answered them. Nothing else is taken from chance: a
card dealt face down and not seen since stays unknown (spec §4).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from twsolo.engine.choices import CHANCE, Answer, Choice, ChoiceProvider
from twsolo.engine.game import Game
from twsolo.engine.state import GameState, hand_of
from twsolo.errors import TwsoloError
from twsolo.files.output import atomic_write_text
from twsolo.ids import Side
from twsolo.persist.savefile import Entry
from twsolo.phrases import say
from twsolo.positions.scenario import Scenario
from twsolo.ruleset import Ruleset
from twsolo.session.journal_replay import End, Replay, providers_of
from twsolo.solo import SoloOptions, play_game

# The prompts of the AI's reveals that begin a decision (solo/headline.py, action_rounds.py),
# in the language in use as the game asks them.
REVEALS = ("solo.hl.ai_reveal_top", "solo.ar.ai_reveal_top")


@dataclass
class Before:
    """The position before one decision of the AI, and what chance answered in it."""

    state: GameState
    drawn: list[int] = field(default_factory=list)
    dice: list[int] = field(default_factory=list)
    human_headline: int | None = None
    headline: int | None = None  # the AI's headline card, once chosen (its event's dice)
    open: bool = True

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def action_round(self) -> int:
        return self.state.action_round

    def scenario(self, rules: Ruleset, source: str = "") -> Scenario:
        return Scenario.from_state(
            self.state,
            rules,
            drawn=self.drawn,
            dice=self.dice,
            human_headline=self.human_headline,
            source=source,
        )


class _Watch:
    """Answers from the recorded ones, noting each decision of the AI as it begins."""

    def __init__(self, source: ChoiceProvider, ai: Side) -> None:
        self.source, self.ai = source, ai
        self.found: list[Before] = []

    def choose(self, game: Game, choice: Choice) -> Answer:
        current = self.found[-1] if self.found and self.found[-1].open else None
        begins = (
            choice.actor == CHANCE
            and choice.kind == "draw"
            and choice.prompt in {say(key) for key in REVEALS}
        )
        if begins and current is None and choice.context.get("pile") == hand_of(self.ai):
            current = Before(game.state.copy())
            self.found.append(current)
        answer = self.source.choose(game, choice)
        if current is not None:
            self.note(current, choice, answer)
        return answer

    def note(self, current: Before, choice: Choice, answer: Answer) -> None:
        if choice.actor == CHANCE and choice.kind == "draw":
            if choice.context.get("pile") == hand_of(self.ai):  # a reveal (spec §9.2, §12.1)
                current.drawn.append(int(str(answer)))
        elif choice.actor is self.ai and choice.kind == "headline" and answer != "reveal":
            current.headline = int(str(answer))
            current.human_headline = choice.context.get("human_headline")
        elif choice.kind == "die" and (current.action_round or choice.event == current.headline):
            current.dice.append(int(str(answer)))  # the headline: the AI's own event's dice

    def step(self, game: Game, step: str) -> None:
        """The decision ends with the AI's action (an action round) or the headline phase."""
        if self.found and self.found[-1].open and step in ("action", "headline", "end"):
            self.found[-1].open = False


def decisions_before(
    rules: Ruleset,
    options: SoloOptions,
    entries: list[Entry],
    *,
    start: GameState | None = None,
    table: bool = False,
) -> list[Before]:
    """Every decision of the AI the entries reach, in order, asking no one."""
    watch = _Watch(Replay(entries), options.ai_side)
    # End: the recorded answers ran out (the game goes on from there).
    with contextlib.suppress(End):
        play_game(
            rules, options, providers_of(watch), observer=watch.step, start=start, table=table
        )
    return watch.found


def log_decisions(rules: Ruleset, log: Sequence[dict[str, Any]]) -> list[Before]:
    """The decisions of a simulated game's log (sim/gamelog.py: its header and answers)."""
    options = SoloOptions.from_dict(log[0].get("options", {}))
    entries = [
        Entry("answer", actor=e["actor"], kind=e["kind"], answer=e["answer"])
        for e in log
        if e.get("type") == "answer"
    ]
    return decisions_before(rules, options, entries)


def pick(found: Sequence[Before], turn: int | None, action_round: int | None) -> Before:
    """The decision at `turn` (its last, or the one of `action_round`; 0 is the headline), or
    the game's last decision when `turn` is None."""
    chosen = [
        b
        for b in found
        if (turn is None or b.turn == turn)
        and (action_round is None or b.action_round == action_round)
    ]
    if chosen:
        return chosen[-1]
    where = (
        ""
        if turn is None
        else f" in turn {turn}" + ("" if action_round is None else f", action round {action_round}")
    )
    same_turn = [b for b in found if turn is None or b.turn == turn]
    there = ", ".join(f"AR{b.action_round}" for b in same_turn)
    there = f" (in turn {turn}: {there})" if there and turn is not None else ""
    turns = f"turns {found[0].turn}–{found[-1].turn}" if found else "none yet"
    raise TwsoloError(f"the AI made no decision{where}{there or f' (its decisions: {turns})'}")


def write_scenario(path: str | os.PathLike[str], scenario: Scenario, about: str) -> Path:
    """Write the scenario file (whole or not at all), a comment saying where it comes from."""
    target = Path(path)
    comment = "".join(f"# {line}\n" for line in about.splitlines())
    text = comment + yaml.safe_dump(scenario.to_dict(), sort_keys=False)
    atomic_write_text(target, text)  # OutputNotWritten says why, the earlier file kept
    return target


def export(
    rules: Ruleset,
    found: Sequence[Before],
    path: str | os.PathLike[str],
    origin: str,
    turn: int | None = None,
    action_round: int | None = None,
) -> str:
    """Write the position before the AI's chosen decision (see `pick`); what to tell the user."""
    before = pick(found, turn, action_round)
    where = f"turn {before.turn}, " + (
        f"action round {before.action_round}" if before.action_round else "the headline"
    )
    about = f"The position before the AI's decision in {where} of {origin} (twsolo decide)."
    target = write_scenario(path, before.scenario(rules, str(path)), about)
    return f"Scenario written to {target}: the position before the AI's decision in {where}"
