"""The AI's choices inside events (spec §17; appendix G5).

Adding its own influence follows §13 among the countries the event allows (§17.2), removing the
human's follows §17.3, removing its own §17.4, a discard with an Ops requirement §17.5. Any other
choice (a target, a die direction, an option) takes the answer with the best dry-run result for
the AI (§17.6): the event is re-run from its start with that answer.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from twsolo.ai.dryrun import DryRunChance, Metrics, measure
from twsolo.ai.placement import Planner
from twsolo.ai.trace import Step
from twsolo.ai.view import View, in_region
from twsolo.engine.choices import CHANCE, Answer, Choice
from twsolo.engine.events import play_event
from twsolo.engine.game import EventFrame, Game, GameOver
from twsolo.engine.ops import card_ops
from twsolo.engine.state import GameState
from twsolo.ids import Side
from twsolo.phrases.book import say

if TYPE_CHECKING:
    from twsolo.ai.card_decisions import ProviderFactory


def event_regions(view: View) -> list[str]:
    """Spec §17.2: the Primary Region, then the Secondary, then §18 (in the headline, Europe
    takes the Primary's place, §9.3)."""
    regions = [r for r in (view.primary, view.secondary) if r]
    if view.headline:
        regions = ["europe"]
    return regions + [r for r in view.regions_by_table() if r not in regions]


def place_own(
    view: View,
    options: Sequence[int],
    *,
    left: int = 1,
    per_country: int | None = None,
    placed: Sequence[int] = (),
    regions: Sequence[str] | None = None,
) -> int:
    """Spec §17.2 [r2]: the event's points left (`left`) are one budget, planned together by §13
    among the countries the event allows (`options`), region after region (`regions`, by
    default `event_regions`), each point costing 1 even where the human has control; a target
    is affordable only if the points left and the event's per-country limit (`per_country`,
    counting the points it `placed` already) both reach its goal. Option 0 aims at the Primary
    Region when it scores at the end of this round (§13.2). The caps of §11.4 apply if any
    target allows them. The first point of that plan."""
    order = tuple(regions) if regions is not None else tuple(event_regions(view))
    score = view.primary if view.scoring_round and not view.headline else None
    state = view.state
    moment = (state.turn, state.action_round, tuple(state.effects), state.enhanced)
    asked = (view.side, moment, order, score, per_country, left, tuple(placed))
    planned = _planned.next_point(view, asked, options)
    if planned is not None:
        rule = say("why.rule.event_plan")
        view.note(Step(rule, chosen=view.rules.countries[planned].id))
        return planned
    for caps in (True, False):
        planner = Planner(
            view.sandbox(),
            points=left,
            candidates=set(options),
            caps=caps,
            per_country=per_country,
            placed=placed,
        )
        points = planner.run(order, score_region=score)
        if points:
            if caps:
                _planned.keep(view, asked, options, points)
            return points[0]
    return min(options, key=view.rank)


class _PlannedEvent:
    """Spec §17.2 [r2]: the plan of an event's whole budget, made at its first point and handed
    out point by point. It is kept for the one question it predicts: the same event asking
    for the next point (one point fewer left, the first point among those placed), on the board
    the first point left, the countries allowed among the planned ones — anything else (another
    event, a dry run's board, a change in between) plans again."""

    def __init__(self) -> None:
        self.expected: tuple[object, ...] | None = None
        self.board = b""
        self.allowed: frozenset[int] = frozenset()
        self.rest: list[int] = []

    def keep(
        self, view: View, asked: tuple[object, ...], options: Sequence[int], points: list[int]
    ) -> None:
        *same, left, placed = asked
        assert isinstance(left, int)
        assert isinstance(placed, tuple)
        if len(points) < 2:
            self.expected = None
            return
        first = points[0]
        board = view.state.influence.copy()
        board[first, view.side.col] += 1
        self.expected = (*same, left - 1, (*placed, first))
        self.board = board.tobytes()
        self.allowed = frozenset(options)
        self.rest = points[1:]

    def next_point(
        self, view: View, asked: tuple[object, ...], options: Sequence[int]
    ) -> int | None:
        if self.expected != asked or view.state.influence.tobytes() != self.board:
            return None
        point = self.rest[0]
        if point not in options or not self.allowed.issuperset(options):
            self.expected = None
            return None
        self.keep(view, asked, options, self.rest)
        return point


_planned = _PlannedEvent()


def remove_human(view: View, options: Sequence[int]) -> int:
    """Spec §17.3: a human-controlled BG in the Primary Region where removal breaks control;
    then where removal comes closest to breaking; then BGs elsewhere; then non-BGs; ties §18."""
    primary = view.primary

    def key(c: int) -> tuple[object, ...]:
        in_primary = primary is not None and in_region(view.rules, c, primary)
        to_break = (
            view.human_influence(c) - view.ai_influence(c) - view.stability(c) + 1
            if view.human_controls(c)
            else 99
        )
        breaks_now = in_primary and view.bg(c) and to_break == 1
        return (
            not breaks_now,
            not in_primary,
            to_break,
            not view.bg(c),
            view.rank(c),
        )

    return min(options, key=key)


def remove_own(view: View, options: Sequence[int]) -> int:
    """Spec §17.4: from countries where the AI has influence above control, outside the Primary
    Region first; ties §18."""
    primary = view.primary

    def key(c: int) -> tuple[object, ...]:
        excess = (
            view.ai_influence(c) - (view.human_influence(c) + view.stability(c))
            if view.ai_controls(c)
            else -99
        )
        in_primary = primary is not None and in_region(view.rules, c, primary)
        return (excess <= 0, in_primary, -excess, view.rank(c))

    return min(options, key=key)


def discard_for_requirement(view: View, options: Sequence[int], need: int) -> int:
    """Spec §17.5: reveal from the top of the deck/hand until a card meets the requirement (a
    higher value meets it too); here: the lowest-value card that meets it, ties §18 by number."""
    rules = view.rules
    meeting = [c for c in options if card_ops(view.state, rules, view.side, c) >= need]
    pool = meeting or list(options)
    return min(pool, key=lambda c: (card_ops(view.state, rules, view.side, c), c))


def utility(m: Metrics) -> tuple[int, ...]:
    """Spec §17.6 "best dry-run result for the AI", in order: winning, VP plus the Primary's
    score, control gained and broken, influence moved for and against."""
    return (
        int(m.wins),
        m.vp + m.score_gain,
        m.controls + m.breaks - m.ai_controls_lost,
        m.infl_added + m.infl_removed - m.ai_influence_lost,
    )


def best_by_rerun(game: Game, view: View, choice: Choice, providers: ProviderFactory) -> Answer:
    """Spec §17.6: re-run the event being resolved from its start, replaying the answers given
    so far in it, with each option in turn; the option with the best result for the AI wins."""
    frame = game.event_frame(choice.event)
    if frame is None:
        return choice.options[0]
    scored: list[tuple[tuple[int, ...], int, Answer]] = []
    for i, option in enumerate(choice.options):
        state = rerun(game, frame, option, providers)
        m = measure(game.rules, frame.start, state, view.side, view.primary, frame.card)
        scored.append((utility(m), -i, option))
    best = max(scored)
    view.note(
        Step(
            say("why.rule.best_dry_run", kind=choice.kind),
            chosen=best[2],
            candidates=tuple(o for _, _, o in sorted(scored, reverse=True)),
            figures={"result": list(best[0])},
        )
    )
    return best[2]


def rerun(game: Game, frame: EventFrame, answer: Answer, providers: ProviderFactory) -> GameState:
    """Appendix G4: the event being resolved (`frame`), re-run on a copy from its start with the
    answers given so far in it and `answer` to the current question, the rest by `providers`
    (the AI's rules) and dice as in a dry run. Returns the state it ends in."""
    state = frame.start.copy()
    replay = _Prefix(game.answers[frame.answers :], answer, providers)
    trial = Game(
        game.rules,
        state,
        {Side.US: replay, Side.USSR: replay, CHANCE: replay.chance(frame.player)},
        policy=game.policy,
    )
    with contextlib.suppress(GameOver, _Diverged):
        play_event(trial, frame.card, frame.player, headline=frame.headline)
    return state


class _Diverged(Exception):
    """The re-run asked something else than the recorded answers: stop it there."""


class _Prefix:
    """Answers a re-run: the answers already given in the event, then the option under test,
    then the AI's own rules (dry-run providers) for everything after."""

    def __init__(
        self, prefix: list[tuple[str, str, Answer]], option: Answer, providers: ProviderFactory
    ) -> None:
        self.queue = list(prefix)
        self.option: Answer | None = option
        self.providers = providers
        self._chance: DryRunChance | None = None

    def chance(self, player: Side) -> _Prefix:
        self._chance = DryRunChance(player)
        return self

    def choose(self, game: Game, choice: Choice) -> Answer:
        if self.queue:
            actor, kind, answer = self.queue.pop(0)
            if actor != str(choice.actor) or kind != choice.kind or answer not in choice.options:
                raise _Diverged
            return answer
        if self.option is not None and choice.actor != CHANCE:
            option, self.option = self.option, None
            if option in choice.options:
                return option
            raise _Diverged
        if choice.actor == CHANCE:
            assert self._chance is not None
            return self._chance.choose(game, choice)
        side = choice.actor
        assert isinstance(side, Side)
        return self.providers(side).choose(game, choice)
