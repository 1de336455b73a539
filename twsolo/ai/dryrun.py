"""Dry runs (spec §1.8, appendix G4): an event or an ops plan applied to a copy of the state,
and the appendix vocabulary's metrics measured on the result.

In a dry run every choice is made by the AI's own rules (the human's too, for the human's side),
a die roll is a success for the side whose event it is, and a draw takes the first candidate.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from twsolo.ai.view import View
from twsolo.engine.board import controls
from twsolo.engine.choices import CHANCE, Answer, Choice
from twsolo.engine.events import play_event
from twsolo.engine.game import Game, GameOver, Policy
from twsolo.engine.scoring import region_score
from twsolo.engine.state import GameState, Pile
from twsolo.ids import Side
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.choices import ChoiceProvider


class DryRunChance:
    """Chance in a dry run: each die is the best result for `beneficiary` (the worst for the
    other side); draws and picks take the first option. A dry run has no dealer (spec §4: the AI
    does not know a face-down card, not even its own), so a card seen from among the unseen
    ones is the lowest that can be there, a stand-in: `face_down` lists each such moment."""

    def __init__(self, beneficiary: Side) -> None:
        self.beneficiary = beneficiary
        self.face_down: list[str] = []

    def choose(self, game: Game, choice: Choice) -> Answer:
        if choice.kind != "die":
            if _face_down(game, choice):
                self.face_down.append(choice.prompt)
            return choice.options[0]
        roller = choice.context.get("roller")
        high = bool(choice.context.get("high", True))
        good = roller is None or roller is self.beneficiary
        return 6 if good == high else 1


def _face_down(game: Game, choice: Choice) -> bool:
    """Whether a chance question names a card nobody has seen."""
    if choice.kind in ("reveal", "holds"):
        return True
    pile = game.state.piles.get(str(choice.context.get("pile", "")))
    return choice.kind == "draw" and pile is not None and bool(pile.unseen) and not pile.top


@dataclass(frozen=True, slots=True)
class Metrics:
    """The appendix §1.2 vocabulary measured from the AI's point of view."""

    vp: int = 0
    wins: bool = False
    infl_added: int = 0
    infl_removed: int = 0
    controls: int = 0
    breaks: int = 0
    score_gain: int = 0
    has_effect: bool = False
    ai_influence_lost: int = 0
    ai_controls_lost: int = 0
    human_gains_control: bool = False
    # What the dry run had to guess: the moments a face-down card was seen (DryRunChance).
    face_down: tuple[str, ...] = ()

    @property
    def infl_changed(self) -> int:
        return self.infl_added + self.infl_removed

    @property
    def human_loses_vp(self) -> int:
        return self.vp


def primary_score(rules: Ruleset, state: GameState, side: Side, region: str | None) -> int:
    """The side's net VP if `region` were scored now (0 without a region)."""
    if region is None:
        return 0
    return region_score(state, rules, region).vp * side.sign


def measure(
    rules: Ruleset,
    before: GameState,
    after: GameState,
    ai: Side,
    region: str | None,
    card: int | None = None,
) -> Metrics:
    """The metrics from the countries whose influence changed: control depends on nothing else
    (stability is fixed), so the others add nothing. This runs after every dry run."""
    human = ai.other
    changed = np.flatnonzero((after.influence != before.influence).any(axis=1)).tolist()
    added = removed = lost = gained = broken = given_up = 0
    human_gains = False
    for c in changed:
        a0, a1 = before.inf(c, ai), after.inf(c, ai)
        h0, h1 = before.inf(c, human), after.inf(c, human)
        added += max(0, a1 - a0)
        lost += max(0, a0 - a1)
        removed += max(0, h0 - h1)
        ai0, ai1 = controls(before, rules, ai, c), controls(after, rules, ai, c)
        hu0, hu1 = controls(before, rules, human, c), controls(after, rules, human, c)
        gained += ai1 and not ai0
        given_up += ai0 and not ai1
        broken += hu0 and not hu1
        human_gains = human_gains or (hu1 and not hu0)
    result = after.result
    return Metrics(
        vp=(after.vp - before.vp) * ai.sign,
        wins=result is not None and result.winner is ai,
        infl_added=added,
        infl_removed=removed,
        controls=gained,
        breaks=broken,
        score_gain=_score_gain(rules, before, after, ai, region, changed),
        has_effect=bool(changed) or _changed_off_board(before, after, card),
        ai_influence_lost=lost,
        ai_controls_lost=given_up,
        human_gains_control=human_gains,
    )


def _score_gain(
    rules: Ruleset,
    before: GameState,
    after: GameState,
    ai: Side,
    region: str | None,
    changed: list[int],
) -> int:
    """The change of `region`'s score for `ai`. A score reads the region's influence and two
    effects (Formosan Resolution, Shuttle Diplomacy): with neither changed it is 0."""
    if region is None:
        return 0
    members = rules.members(region)
    if before.effects == after.effects and not any(c in members for c in changed):
        return 0
    return primary_score(rules, after, ai, region) - primary_score(rules, before, ai, region)


def _changed_off_board(before: GameState, after: GameState, card: int | None) -> bool:
    """Whether anything but influence changed, the played card's own place aside."""
    tracks = ("vp", "defcon", "milops", "space", "space_attempts", "china_face_up", "result")
    if any(getattr(before, t) != getattr(after, t) for t in tracks):
        return True
    if sorted(e.sort_key() for e in before.effects) != sorted(e.sort_key() for e in after.effects):
        return True
    return any(
        _without(pile, card) != _without(after.piles[name], card)
        for name, pile in before.piles.items()
    )


def _without(pile: Pile, card: int | None) -> tuple[tuple[int, ...], ...]:
    top, shuffled, bottom, unseen = pile.canonical()
    return (*(tuple(c for c in part if c != card) for part in (top, shuffled, bottom)), (unseen,))


ProviderFactory = Callable[[Side], "ChoiceProvider"]


def dry_run_event(
    view: View,
    card: int,
    player: Side,
    providers: ProviderFactory,
    policy: Policy,
    *,
    headline: bool = False,
) -> tuple[GameState, Metrics]:
    """Resolve `card`'s event played by `player` on a copy; the metrics for `view.side`."""
    rules = view.rules
    before = view.state
    state = before.copy()
    owner = rules.card(card).owner or player
    chance = DryRunChance(owner)
    game = Game(
        rules,
        state,
        {Side.US: providers(Side.US), Side.USSR: providers(Side.USSR), CHANCE: chance},
        policy=policy,
    )
    if state.where(card) != "table":
        game.move_card(card, "table")
    with contextlib.suppress(GameOver):
        play_event(game, card, player, headline=headline)
    metrics = measure(rules, before, state, view.side, view.primary, card)
    if chance.face_down:
        metrics = replace(metrics, face_down=tuple(chance.face_down))
    return state, metrics
