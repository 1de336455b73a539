"""Dry runs (spec §1.8, appendix G4): an event or an ops plan applied to a copy of the state,
and the appendix vocabulary's metrics measured on the result.

In a dry run every choice is made by the AI's own rules (the human's too, for the human's side),
a die roll is a success for the side whose event it is, and a draw takes the first candidate.
VP that lasting effects will award later without another choice (We Will Bury You's) count as
won (appendix G4).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from twsolo.ai.value import scoring_value
from twsolo.ai.view import View
from twsolo.engine.board import controls
from twsolo.engine.choices import CHANCE, Answer, Choice
from twsolo.engine.effects import pending_vp
from twsolo.engine.events import play_event, run_hooks
from twsolo.engine.game import VP_WIN, Game, GameOver, Policy
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


@dataclass(slots=True, unsafe_hash=True)  # a value: not frozen, for speed (docs/decisions.md §10)
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
    human_gained: tuple[int, ...] = ()  # the countries the human newly controls
    # What the dry run had to guess: the moments a face-down card was seen (DryRunChance).
    face_down: tuple[str, ...] = ()

    @property
    def infl_changed(self) -> int:
        return self.infl_added + self.infl_removed

    @property
    def human_gains_control(self) -> bool:
        return bool(self.human_gained)

    @property
    def human_loses_vp(self) -> int:
        return self.vp


def primary_score(rules: Ruleset, state: GameState, side: Side, region: str | None) -> int:
    """The side's value of scoring `region` now (0 without a region): its net VP, a won or lost
    game above any VP (`value.scoring_value`)."""
    if region is None:
        return 0
    return scoring_value(state, side, region_score(state, rules, region))


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
    changed = (after.influence != before.influence).any(axis=1).nonzero()[0].tolist()
    added = removed = lost = gained = broken = given_up = 0
    human_gained = []
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
        if hu1 and not hu0:
            human_gained.append(c)
    result = after.result
    # Appendix G4: VP the event schedules for later count (the human does not cancel them).
    track = after.vp + pending_vp(after, rules)
    vp = track - before.vp - pending_vp(before, rules)
    return Metrics(
        vp=vp * ai.sign,
        wins=(result.winner is ai) if result is not None else track * ai.sign >= VP_WIN,
        infl_added=added,
        infl_removed=removed,
        controls=gained,
        breaks=broken,
        score_gain=_score_gain(rules, before, after, ai, region, changed),
        has_effect=bool(changed) or _changed_off_board(before, after, card),
        ai_influence_lost=lost,
        ai_controls_lost=given_up,
        human_gained=tuple(human_gained),
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
    as_ops: bool = False,
) -> tuple[GameState, Metrics]:
    """Resolve `card`'s event played by `player` on a copy; the metrics for `view.side`.
    `as_ops`: the player plays the card for ops (spec §12.2.3a [r2]: the opponent's event fires
    with the player as the card's player, base §5.2), and the lasting effects that answer a
    card played act (the "card_played" moment: Flower Power's VP); the ops themselves are not
    part of the dry run."""
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
    moved = state.where(card) != "table"
    if moved:
        game.move_card(card, "table")
    with contextlib.suppress(GameOver):
        # Unmoved, the copy is still `before`, which nothing changes during the dry run: the
        # event's start (for re-runs) need not be copied again.
        start = None if moved else before
        play_event(game, card, player, headline=headline, triggered=as_ops, start=start)
        if as_ops:
            run_hooks(game, "card_played", side=player, card=card, how="ops")
    metrics = measure(rules, before, state, view.side, view.primary, card)
    if chance.face_down:
        metrics = replace(metrics, face_down=tuple(chance.face_down))
    return state, metrics
