"""Per-card choices from the card appendix (`choices` and `on_human_play`, appendix §3–§4).

Each function answers the questions an event asks the AI where its appendix entry says more
than the general rules of spec §17 (appendix G5). It returns None to leave a question to §17.
Registered by card number; the Bot consults the card of the event being resolved.

The functions are written for `view.side`, the side whose question it is: the AI, or the human's
side when a dry run makes the human's choices by the AI's rules (spec §1.8). Where an entry
describes solitaire procedure that the engine does not ask about (restacking a deck/hand, the
human's escape in their next action round), the turn flow carries it, not this module.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from itertools import combinations

import numpy as np

from twsolo.ai.decide import Judge
from twsolo.ai.dryrun import primary_score
from twsolo.ai.event_choices import (
    discard_for_requirement,
    remove_human,
    rerun,
)
from twsolo.ai.military import best_coup, best_realign, coup_valid
from twsolo.ai.placement import Planner
from twsolo.ai.plans import plan_operations, regions_in_order
from twsolo.ai.trace import Step
from twsolo.ai.view import View, in_region
from twsolo.engine.board import adjacent_controlled, controls
from twsolo.engine.choices import Answer, Choice, ChoiceProvider
from twsolo.engine.effects import NATO, ops_modifier
from twsolo.engine.events.mid import MISSILE_CRISIS_AI_REMOVES
from twsolo.engine.game import VP_WIN, Game
from twsolo.engine.ops import OpsBudget
from twsolo.engine.state import GameState
from twsolo.ids import SOUTHEAST_ASIA, Side

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


# ---------------------------------------------------------------------- the entries' data
# COMECON, Marshall Plan: where, and how many countries get 1 point.
SUBREGION = {14: ("east_europe", 4), 23: ("west_europe", 7)}
INDEPENDENT_REDS = ("yugoslavia", "romania", "bulgaria", "hungary", "czechoslovakia")
SUEZ_ORDER = ("france", "israel", "uk")
DESTALINIZATION_BGS = ("panama", "thailand", "venezuela", "argentina", "nigeria", "zaire")
DESTALINIZATION_MOST, DESTALINIZATION_PER_COUNTRY = 4, 2
MUSLIM_REVOLUTION = ("sudan", "iran", "iraq", "egypt", "libya", "saudi_arabia", "syria", "jordan")
DECOLONIZATION = ("africa", SOUTHEAST_ASIA)
LATIN = ("central_america", "south_america")
CHE_REGIONS = ("central_america", "south_america", "africa")
WAR_TIE = {24: "pakistan", 102: "iraq"}  # India invades Pakistan, Iran invades Iraq
WAR_VP, WAR_SUCCESS = 2, 4
OLYMPIC_VP = 2
JUNTA_OPS, TEAR_DOWN_OPS, ORTEGA_OPS = 2, 3, 2
BLOCKADE_OPS = LATIN_DEBT_OPS = 3
# The event's total points and the most in one country (Liberation Theology, Ussuri River
# Skirmish); The Reformer's total depends on the VP (6 if the USSR leads).
PLACEMENTS = {75: ("central_america", 3, 2), 76: ("asia", 4, 2)}
REFORMER_POINTS, REFORMER_POINTS_LEADING = 4, 6
DECLINE, DONE = "decline", "done"


# ---------------------------------------------------------------------- small helpers
def _countries(view: View, choice: Choice) -> list[int]:
    """The country options of a choice (other answers, "done", "decline", are left out)."""
    return [view.rules.index[str(o)] for o in choice.options if str(o) in view.rules.index]


def _cards(choice: Choice) -> list[int]:
    return [o for o in choice.options if isinstance(o, int)]


def _name(view: View, c: int) -> str:
    return view.rules.countries[c].id


def _idx(view: View, country: str) -> int:
    return view.rules.index[country]


def _adds_own(view: View, choice: Choice) -> bool:
    """A choice where the chooser adds its own influence (common.add_by_choice)."""
    ctx = choice.context
    own = ctx.get("influence_of") is view.side
    return choice.kind == "country" and ctx.get("intent") == "add" and own


def _need(view: View, c: int) -> int:
    """Points the chooser still needs to control c."""
    return view.h(c) + view.stability(c) - view.a(c)


def _is_ai(view: View) -> bool:
    """Whether view.side is the AI (a dry run also answers for the human, spec §1.8)."""
    return view.state.ai_side in (None, view.side)


def _added(game: Game, view: View) -> dict[int, int]:
    """The chooser's influence this event has added so far, by country."""
    start = game.event_frames[-1].start
    col = view.side.col
    diff = view.state.influence[:, col].astype(int) - start.influence[:, col].astype(int)
    return {int(c): int(diff[c]) for c in np.flatnonzero(diff > 0)}


def _asked(game: Game, kind: str) -> bool:
    """Whether this event has already asked a question of `kind`."""
    frame = game.event_frames[-1]
    return any(k == kind for _, k, _ in game.answers[frame.answers :])


def _g5_regions(view: View) -> list[str]:
    """Appendix G5 / spec §17.2: the Primary, the Secondary, then §18; Europe first in the HL."""
    order = regions_in_order(view)
    if view.headline:
        order = ["europe", *[r for r in order if r != "europe"]]
    return order


def _region_first(view: View, options: Sequence[int], regions: Sequence[str]) -> list[int]:
    """The options of the first region in `regions` that holds any."""
    for region in regions:
        found = [c for c in options if in_region(view.rules, c, region)]
        if found:
            return found
    return []


def _dry(side: Side) -> ChoiceProvider:
    """A dry-run provider: the AI's rules for `side` (spec §1.8)."""
    from twsolo.ai.bot import Bot  # bot.py imports this module

    return Bot(side, dry=True)


def _rerun(game: Game, answer: Answer) -> GameState:
    """The event re-run with `answer` (event_choices.rerun), the rest by the dry-run AI (whose
    choices include the entries' own)."""
    return rerun(game, answer, _dry)


def _recast(view: View, *, primary: str | None = None, scoring_round: bool = False) -> View:
    """The view on a copy of the state where `primary` is the Primary Region (an event that
    names the region the AI works in) or the round is a Scoring Round."""
    state = view.state.copy()
    if primary is not None:
        card = view.rules.scoring_card_for(primary).number
        state.piles[state.where(card)].remove(card)
        state.piles["primary"].shuffled.insert(0, card)
    state.scoring_round = state.scoring_round or scoring_round
    return View(view.rules, state, view.side, view.trace)


# ---------------------------------------------------------------------- placing (§13)
def _plan_first(view: View, options: Collection[int], points: int, regions: Sequence[str]) -> int:
    """Spec §13 with `points` to place among `options`, region after region: the first point
    (within the caps of §11.4 if any target allows it; else the first by §18)."""
    for caps in (True, False):
        sim = view.sandbox()
        placed = Planner(sim, points=points, candidates=set(options), caps=caps).run(regions)
        if placed:
            return placed[0]
    return min(options, key=view.rank)


def _control_first(
    view: View,
    options: Sequence[int],
    room: Callable[[int], int],
    *,
    started: Collection[int] = (),
    whole: bool = False,
) -> int | None:
    """A country where the points it may still take (`room`) give the chooser control: one this
    event has started first, then battlegrounds, then §18. `whole`: all `room` points land at
    once, so they must stay within the cap of §11.4."""

    def fits(c: int) -> bool:
        lands = room(c) if whole else _need(view, c)
        return (
            not view.ai_controls(c)
            and 0 < _need(view, c) <= room(c)
            and view.a(c) + lands <= view.cap(c)
        )

    found = [c for c in options if fits(c)]
    if not found:
        return None
    return min(found, key=lambda c: (c not in started, not view.bg(c), view.rank(c)))


def _place(
    game: Game,
    view: View,
    options: Sequence[int],
    *,
    total: int,
    per_country: int,
    regions: Sequence[str],
    whole: bool = False,
) -> str:
    """First where the points give control (battlegrounds first), then §13 within `regions`:
    `total` points in all, at most `per_country` in one country (COMECON, Marshall Plan,
    Liberation Theology, Ussuri River Skirmish, Junta, Special Relationship)."""
    added = _added(game, view)
    left = total - sum(added.values())

    def room(c: int) -> int:
        return min(left, per_country - added.get(c, 0))

    chosen = _control_first(view, options, room, started=set(added), whole=whole)
    if chosen is None:
        chosen = _plan_first(view, options, max(1, min(left, per_country)), regions)
    return _name(view, chosen)


# ---------------------------------------------------------------------- operations
def _first_point(
    view: View, choice: Choice, regions: Sequence[str], score_region: str | None = None
) -> Answer | None:
    """An "influence" question of an ops budget: the first point of the §13 plan over
    `regions` (option 0 for `score_region`), with the access fixed for the action."""
    budget = choice.context.get("budget")
    if not isinstance(budget, OpsBudget):
        return None
    sim = view.sandbox()
    access = choice.context.get("access")
    planner = Planner(sim, budget=budget.copy(), access=access)
    points = planner.run(regions, score_region=score_region)
    return _name(view, points[0]) if points else DONE


def _ops_as(view: View, choice: Choice, plan_view: View) -> Answer | None:
    """Operations planned by spec §12.3 (§12.4 in a Scoring Round) as `plan_view` sees the
    regions: the kind, the influence points, the coup target."""
    budget = choice.context.get("budget")
    if not isinstance(budget, OpsBudget):
        return None
    if choice.kind == "influence":
        score = plan_view.primary if plan_view.scoring_round else None
        return _first_point(view, choice, regions_in_order(plan_view), score)
    if choice.kind not in ("operation", "coup"):
        return None
    plan = plan_operations(
        plan_view,
        budget.copy(),
        allow_space=bool(choice.context.get("allow_space")),
        card_ops=int(choice.context.get("card_ops", 0)),
    )
    answer: Answer | None = plan.kind
    if choice.kind == "coup":
        answer = _name(view, plan.target) if plan.target is not None else None
    return answer if answer in choice.options else None


def _free_coup_or_realign(
    view: View, choice: Choice, members: Sequence[int], ops: int
) -> Answer | None:
    """A free coup where `custom:free_coup_target` holds, else realignment rolls by spec §15,
    else nothing (Junta, Tear Down this Wall): the operation, the coup target, each roll."""
    if choice.kind == "operation":
        if "coup" in choice.options and any(coup_valid(view, c, ops, free=True) for c in members):
            return "coup"
        if DONE not in choice.options:
            return "realign"  # the event's only other answer; its first roll may stop
        return "realign" if best_realign(view, members) is not None else DONE
    options = [c for c in _countries(view, choice) if c in members]
    if choice.kind == "realign":
        target = best_realign(view, options)
        return _name(view, target) if target is not None else DONE
    if choice.kind == "country":
        return _free_coup(view, choice, options, ops)
    return None


def _free_coup(view: View, choice: Choice, options: Sequence[int], ops: int) -> Answer | None:
    """A free coup's target by spec §14.2 (with §14.1 and §14.3); none valid: decline if the
    event allows it."""
    target = best_coup(view, options, ops, "spec §14.2 free coup", free=True)
    if target is not None:
        return _name(view, target)
    return DECLINE if DECLINE in choice.options else None


def _discard_to_escape(view: View, choice: Choice, need: int, *, escape: bool) -> Answer:
    """Spec §17.5: reveal cards until one has `need`+ Ops and discard it, when `escape`; the
    human's side in a dry run does not escape (appendix G4)."""
    cards = _cards(choice)
    if not (escape and cards and _is_ai(view)):
        return DECLINE
    return discard_for_requirement(view, cards, need)


def _by_owner(view: View, c: int) -> int:
    """0: the chooser's own event, 1: neutral, 2: the opponent's."""
    owner = view.rules.card(c).owner
    return 0 if owner is view.side else 1 if owner is None else 2


def _opponent_events(view: View, choice: Choice) -> Answer:
    """Discard every card that carries the opponent's event, then stop (Ask Not, Our Man in
    Tehran)."""
    theirs = [c for c in _cards(choice) if view.rules.card(c).owner is view.human]
    return min(theirs) if theirs else DONE


# ====================================================================== the entries
@card_choice(10)
def blockade(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #10 on_human_play: the AI reveals until a 3+ Ops card comes up and discards it;
    only without one does the event take effect."""
    if choice.kind != "card":
        return None
    return _discard_to_escape(view, choice, BLOCKADE_OPS, escape=True)


@card_choice(14, 23)
def comecon_marshall_plan(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #14 COMECON, #23 Marshall Plan: first the countries where +1 gives the AI control
    (battlegrounds first), then spec §13 within Eastern / Western Europe."""
    if not _adds_own(view, choice):
        return None
    region, points = SUBREGION[game.event_frames[-1].card]
    options = _countries(view, choice)
    return _place(game, view, options, total=points, per_country=1, regions=[region])


@card_choice(16)
def warsaw_pact(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #16: the option (remove all human influence from 4 countries, or add 5) with the
    larger Europe score gain in the dry run; on a tie, add 5. The 4 countries by spec §17.3."""
    if choice.kind == "country" and not choice.context.get("intent"):
        return _name(view, remove_human(view, _countries(view, choice)))
    if choice.kind != "yes_no":
        return None
    europe = {
        a: primary_score(view.rules, _rerun(game, a), view.side, "europe") for a in ("yes", "no")
    }
    view.note(
        Step(
            "appendix #16 Europe score after",
            figures={"remove": europe["yes"], "add": europe["no"]},
        )
    )
    return "yes" if europe["yes"] > europe["no"] else "no"


@card_choice(19)
def truman_doctrine(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #19: the uncontrolled European country with the most human influence; ties:
    battleground first, then §18."""
    options = _countries(view, choice)
    if choice.kind != "country" or not options:
        return None
    return _name(view, min(options, key=lambda c: (-view.h(c), not view.bg(c), view.rank(c))))


@card_choice(20)
def olympic_games(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #20: sponsoring, the AI places the 4 Ops of a boycott as influence in Asia by
    spec §13 (§23.9). As the other side it takes part, and boycotts only to stop the human
    winning the game, never when that would bring DEFCON to 1 (G6)."""
    if choice.kind == "yes_no":
        human_vp = view.state.vp * view.human.sign
        stop_win = human_vp + OLYMPIC_VP >= VP_WIN and view.state.defcon > 2
        return "yes" if stop_win else "no"
    if not _is_ai(view):
        return None  # the human sponsor's ops in a dry run: the general rules
    if choice.kind == "operation" and isinstance(choice.context.get("budget"), OpsBudget):
        return "influence" if "influence" in choice.options else None
    if choice.kind == "influence":
        return _ops_as(view, choice, _recast(view, primary="asia"))
    return None


@card_choice(22)
def independent_reds(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #22: the listed country where equalising adds the most AI influence; ties:
    battleground first, then printed order."""
    if choice.kind != "country":
        return None
    printed = [_idx(view, c) for c in INDEPENDENT_REDS]

    def key(c: int) -> tuple[int, bool, int]:
        return (-max(0, view.h(c) - view.a(c)), not view.bg(c), printed.index(c))

    return _name(view, min(_countries(view, choice), key=key))


@card_choice(24, 102)
def war_direction(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #24 Indo-Pakistani War, #102 Iran-Iraq War: the direction that gains the AI
    most; on a tie India invades Pakistan / Iran invades Iraq."""
    if choice.kind != "country":
        return None
    tie = _idx(view, WAR_TIE[game.event_frames[-1].card])
    return _name(view, war_target(view, _countries(view, choice), tie))


def war_target(view: View, targets: Sequence[int], tie: int) -> int:
    """The war target with the larger expected gain: the chance of winning (4+ after −1 per
    human-controlled neighbour) times 2 VP plus the Primary Region's score change when the
    human's influence there becomes the AI's; then more influence taken; then `tie`."""

    def key(c: int) -> tuple[int, int, bool]:
        odds = max(0, 7 - WAR_SUCCESS - adjacent_controlled(view.state, view.rules, view.human, c))
        after = view.state.board_copy()
        after.influence[c, view.side.col] += view.h(c)
        after.influence[c, view.human.col] = 0
        region = view.primary
        gain = primary_score(view.rules, after, view.side, region) - primary_score(
            view.rules, view.state, view.side, region
        )
        return (-odds * (WAR_VP + gain), -odds * view.h(c), c != tie)

    return min(targets, key=key)


@card_choice(26, 62)
def one_op_as_in_scoring_round(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #26 CIA Created, #62 Lone Gunman: the AI conducts the 1 Op as in a Scoring
    Round (spec §12.4). The human's restacking is turn-flow procedure."""
    return _ops_as(view, choice, _recast(view, scoring_round=True))


@card_choice(28)
def suez_crisis(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #28: 2 at a time from the first of France, Israel, UK that still has human
    influence, up to 4."""
    if choice.kind != "country":
        return None
    options = {_name(view, c) for c in _countries(view, choice)}
    return next((c for c in SUEZ_ORDER if c in options), None)


@card_choice(29)
def east_european_unrest(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #29: the 3 Eastern European countries in the order of spec §17.3."""
    options = _countries(view, choice)
    if choice.kind != "country" or not options:
        return None
    return _name(view, remove_human(view, options))


@card_choice(30, 63)
def decolonization(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #30 Decolonization, #63 Colonial Rear Guards: first battlegrounds that 1 point
    takes, not next to one taken in this event; then non-battlegrounds next to a battleground
    that 1 point takes; the most room to spread (uncontrolled neighbours) first, then §18. For
    #63 the Primary Region's countries come first when it is Africa or Southeast Asia. Else
    spec §17.2."""
    if not _adds_own(view, choice):
        return None
    rules = view.rules
    options = _countries(view, choice)
    groups = [options]
    primary = view.primary
    if game.event_frames[-1].card == 63 and primary is not None and primary in DECOLONIZATION:
        groups = [[c for c in options if in_region(rules, c, primary)], options]
    taken_bgs = [c for c in _added(game, view) if view.bg(c)]

    def takes(c: int) -> bool:
        return not view.ai_controls(c) and _need(view, c) == 1

    def key(c: int) -> tuple[int, tuple[int, int]]:
        return (-sum(1 for n in rules.neighbours[c] if view.uncontrolled(n)), view.rank(c))

    for group in groups:
        bgs = [
            c
            for c in group
            if view.bg(c) and takes(c) and not any(n in taken_bgs for n in rules.neighbours[c])
        ]
        others = [
            c
            for c in group
            if not view.bg(c) and takes(c) and any(view.bg(n) for n in rules.neighbours[c])
        ]
        pool = bgs or others
        if pool:
            return _name(view, min(pool, key=key))
    return None


@card_choice(33)
def de_stalinization(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #33: the AI moves its excess influence to take 2 battlegrounds of different
    regions (Panama, Thailand, Venezuela, Argentina, Nigeria, Zaire, in that order); failing
    that 1 of them plus 2 non-battlegrounds; failing that as many non-battlegrounds as it can.
    It moves only what the plan needs; the points leave by spec §17.4."""
    if choice.kind == "number":
        plan = destalinization_plan(view)
        moved = sum(points for _, points in plan)
        view.note(Step("appendix #33 plan", chosen=[_name(view, c) for c, _ in plan]))
        return moved if moved in choice.options else None
    if not _adds_own(view, choice):
        return None
    start = View(view.rules, game.event_frames[-1].start, view.side, [])
    added = _added(game, view)
    options = set(_countries(view, choice))
    for c, points in destalinization_plan(start):
        if added.get(c, 0) < points and c in options:
            return _name(view, c)
    return None


def destalinization_plan(view: View) -> list[tuple[int, int]]:
    """Appendix #33: the countries De-Stalinization takes, each with the points it needs."""
    rules = view.rules
    everywhere = range(len(rules.countries))
    excess = min(
        DESTALINIZATION_MOST,
        sum(-_need(view, c) for c in everywhere if view.ai_controls(c)),
    )

    def takeable(c: int) -> bool:
        return view.uncontrolled(c) and _need(view, c) <= DESTALINIZATION_PER_COUNTRY

    bgs = [c for c in (_idx(view, b) for b in DESTALINIZATION_BGS) if takeable(c)]
    others = sorted(
        (c for c in everywhere if not view.bg(c) and takeable(c)),
        key=lambda c: (_need(view, c), view.rank(c)),
    )
    for pair in combinations(bgs, 2):
        regions = {rules.countries[c].region for c in pair}
        if len(regions) == 2 and sum(_need(view, c) for c in pair) <= excess:
            return [(c, _need(view, c)) for c in pair]
    for bg in bgs:
        plan = [bg, *others[:2]]
        if len(plan) == 3 and sum(_need(view, c) for c in plan) <= excess:
            return [(c, _need(view, c)) for c in plan]
    chosen: list[tuple[int, int]] = []
    for c in others:
        if sum(n for _, n in chosen) + _need(view, c) <= excess:
            chosen.append((c, _need(view, c)))
    return chosen


@card_choice(36)
def brush_war(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #36: the Primary Region (battleground first), a Secondary battleground, then
    Europe (battleground first); within that order a modifier of 0 before −1, never worse.
    Only targets holding human influence."""
    if choice.kind != "country":
        return None
    primary, secondary = view.primary, view.secondary

    def tier(c: int) -> int | None:
        bg = view.bg(c)
        if primary and in_region(view.rules, c, primary):
            return 0 if bg else 1
        if secondary and bg and in_region(view.rules, c, secondary):
            return 2
        if in_region(view.rules, c, "europe"):
            return 3 if bg else 4
        return None

    def modifier(c: int) -> int:
        return adjacent_controlled(view.state, view.rules, view.human, c)

    targets = [
        c
        for c in _countries(view, choice)
        if view.h(c) and modifier(c) <= 1 and tier(c) is not None
    ]
    if not targets:
        return None
    return _name(view, min(targets, key=lambda c: (tier(c), modifier(c), view.rank(c))))


@card_choice(40)
def cuban_missile_crisis(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #40 (spec §23.7): the AI removes the human's 2 influence from West Germany or
    Turkey, whichever changes Europe's score more; on a tie the battleground (G5)."""
    options = _countries(view, choice)
    if choice.kind != "country" or not options:
        return None

    def europe_after(c: int) -> int:
        after = view.state.board_copy()
        after.influence[c, view.human.col] = max(0, view.h(c) - MISSILE_CRISIS_AI_REMOVES)
        return primary_score(view.rules, after, view.side, "europe")

    return _name(view, min(options, key=lambda c: (-europe_after(c), not view.bg(c), view.rank(c))))


@card_choice(43)
def salt_negotiations(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #43: the discarded non-scoring card with the highest Ops that carries the AI's
    own or a neutral event; ties: its own event first, then the lower number. None: decline
    (the draw-deck fallback of G7 is the turn flow's)."""
    if choice.kind != "card":
        return None
    rules = view.rules
    pool = [c for c in _cards(choice) if _by_owner(view, c) < 2 and not rules.card(c).scoring]
    if not pool:
        return DECLINE
    return min(pool, key=lambda c: (-rules.card(c).ops, _by_owner(view, c), c))


@card_choice(45, 46)
def defcon_level(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #45 Summit, #46 How I Learned to Stop Worrying (G6): DEFCON from 2 to 3,
    otherwise unchanged."""
    if choice.kind != "number":
        return None
    from twsolo.ai.bot import defcon_choice  # bot.py imports this module

    return defcon_choice(view, list(choice.options))


@card_choice(47)
def junta(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #47: the Primary Region if Central or South American, else the Secondary if it
    is, else the first of the two by §18. There +2 in one country where they give control
    (battleground first), else by spec §13; then a free coup there, else realignments, else
    nothing."""
    region = next((r for r in (view.primary, view.secondary) if r in LATIN), None)
    region = region or min(LATIN, key=view.rules.priorities.region_order.index)
    members = list(view.members(region))
    if choice.kind == "country" and not _asked(game, "operation"):
        options = [c for c in _countries(view, choice) if c in members]
        if not options:
            return None
        return _place(game, view, options, total=2, per_country=2, regions=[region], whole=True)
    ops = ops_modifier(view.state, view.side, JUNTA_OPS)
    return _free_coup_or_realign(view, choice, members, ops)


@card_choice(49)
def missile_envy(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #49 on_human_play: among the tied highest-Ops cards the AI gives one carrying its
    own event first, then a neutral one, then the human's; then the lower number."""
    if choice.kind != "card":
        return None
    return min(_cards(choice), key=lambda c: (_by_owner(view, c), c))


@card_choice(67)
def grain_sales(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #67: the AI keeps the card it took if it is the China Card or carries its own or
    a neutral event, and plays it as if revealed this round (spec §12.2, the general rules);
    a card carrying the human's event goes back, and Grain Sales gives its 2 Ops."""
    card = choice.context.get("card")
    if choice.kind != "play" or "return" not in choice.options or not isinstance(card, int):
        return None
    return "return" if view.rules.card(card).owner is view.human else None


@card_choice(53)
def south_african_unrest(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #53: the option giving more newly controlled countries, then more controlled
    battlegrounds; on a tie (b). Under (b) the 2 go to Angola, or to Botswana if only Botswana
    would become AI-controlled."""
    if choice.kind != "country":
        return None
    south_africa, angola, botswana = (_idx(view, c) for c in ("south_africa", "angola", "botswana"))

    def outcome(adds: dict[int, int]) -> tuple[int, int, set[int]]:
        after = view.state.board_copy()
        for c, n in adds.items():
            after.influence[c, view.side.col] += n
        gained = {
            c for c in adds if controls(after, view.rules, view.side, c) and not view.ai_controls(c)
        }
        bgs = sum(view.bg(c) and controls(after, view.rules, view.side, c) for c in adds)
        return len(gained), bgs, gained

    b = angola
    if botswana in outcome({botswana: 2})[2] and angola not in outcome({angola: 2})[2]:
        b = botswana
    option_a = outcome({south_africa: 2})[:2]
    option_b = outcome({south_africa: 1, b: 2})[:2]
    return _name(view, south_africa if option_a > option_b else b)


@card_choice(56)
def muslim_revolution(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #56: human-controlled battlegrounds, then the most human influence removed; ties
    by printed order, battlegrounds first."""
    if choice.kind != "country":
        return None
    printed = [_idx(view, c) for c in MUSLIM_REVOLUTION]

    def key(c: int) -> tuple[bool, int, bool, int]:
        held_bg = view.bg(c) and view.human_controls(c)
        return (not held_bg, -view.h(c), not view.bg(c), printed.index(c))

    return _name(view, min(_countries(view, choice), key=key))


@card_choice(57)
def abm_treaty(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #57: the 4 Ops by spec §12.3; in the HL influence goes to Europe (spec §9.3),
    Europe taking the Primary Region's place."""
    if not view.headline:
        return None
    return _ops_as(view, choice, _recast(view, primary="europe"))


@card_choice(66)
def puppet_governments(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #66: three countries without influence, regions in the order of G5; within a
    region battlegrounds first, then stability-1 countries, then spec §13 (ties §18)."""
    if choice.kind != "country":
        return None
    for region in _g5_regions(view):
        here = [c for c in _countries(view, choice) if in_region(view.rules, c, region)]
        for pool in ([c for c in here if view.bg(c)], [c for c in here if view.stability(c) == 1]):
            if pool:
                return _name(view, min(pool, key=view.rank))
        if here:
            return _name(view, _plan_first(view, here, 1, [region]))
    return None


@card_choice(74)
def voice_of_america(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #74: from the Primary Region first (unless it is Europe), then the Secondary,
    then §18; spec §17.3 within each region. The event keeps Europe out and 2 per country."""
    if choice.kind != "country":
        return None
    here = _region_first(view, _countries(view, choice), regions_in_order(view))
    return _name(view, remove_human(view, here)) if here else None


@card_choice(75, 76)
def control_first_placement(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #75 Liberation Theology (3 in Central America), #76 Ussuri River Skirmish (4 in
    Asia), at most 2 per country: first where they give control (battlegrounds first), then
    spec §13."""
    if not _adds_own(view, choice):
        return None
    region, total, per_country = PLACEMENTS[game.event_frames[-1].card]
    options = _countries(view, choice)
    return _place(game, view, options, total=total, per_country=per_country, regions=[region])


@card_choice(77, 108)
def discard_human_events(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #77 Ask Not, #108 Our Man in Tehran: discard every card that carries the human's
    event (never the China Card, which the event does not offer)."""
    if choice.kind != "card":
        return None
    return _opponent_events(view, choice)


@card_choice(85)
def star_wars(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #85: among the discarded cards with the AI's own or a neutral event whose entry
    lets the AI trigger them now, the best dry run: a win, then vp plus the Primary's score
    gain, then the influence changed; ties: higher Ops, then the lower number. None: §17.6
    (the draw-deck fallback of G7 is the turn flow's)."""
    if choice.kind != "card":
        return None
    rules = view.rules
    judge = Judge(View(rules, view.state, view.side, []), _dry, game.policy)
    scored = []
    for card in _cards(choice):
        if _by_owner(view, card) == 2 or not judge.allows_event(card):
            continue
        m = judge.dry_run(card, view.side)[1]
        scored.append((m.wins, m.vp + m.score_gain, m.infl_changed, rules.card(card).ops, -card))
    if not scored:
        return None
    best = max(scored)
    view.note(Step("appendix #85 best dry run", chosen=-best[-1], figures={"result": list(best)}))
    return -best[-1]


@card_choice(87)
def the_reformer(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #87: 4 influence in Europe (6 if the AI leads on VP), at most 2 per country, by
    spec §13 within Europe with the points still to place."""
    if not _adds_own(view, choice):
        return None
    leads = game.event_frames[-1].start.vp * view.side.sign > 0
    total = REFORMER_POINTS_LEADING if leads else REFORMER_POINTS
    left = total - sum(_added(game, view).values())
    points = max(1, min(left, 2))
    return _name(view, _plan_first(view, _countries(view, choice), points, ["europe"]))


@card_choice(89, 90)
def influence_before_realignment(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #89 KAL-007, #90 Glasnost: the 4 Ops go on influence (G5); realignment rolls
    only if no placement is possible."""
    if choice.kind == "operation" and not isinstance(choice.context.get("budget"), OpsBudget):
        return next((k for k in ("influence", "realign") if k in choice.options), None)
    if choice.kind == "influence":
        return _first_point(view, choice, _g5_regions(view))
    return None


@card_choice(91)
def ortega(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #91: the free coup on Cuba, Honduras or Costa Rica by spec §14.2, subject to
    §14.3; no valid target, no coup."""
    if choice.kind != "country":
        return None
    ops = ops_modifier(view.state, view.side, ORTEGA_OPS)
    return _free_coup(view, choice, _countries(view, choice), ops)


@card_choice(94)
def chernobyl(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #94: the AI names the current Primary Region, Asia when it is Southeast Asia."""
    if choice.kind != "region" or view.primary is None:
        return None
    return "asia" if view.primary == SOUTHEAST_ASIA else view.primary


@card_choice(95)
def latin_american_debt_crisis(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #95: the AI doubles its influence where doubling gives it control (battlegrounds
    first), failing that where it adds the most. on_human_play: as the US it discards a 3+ Ops
    card only if the human has influence in South America."""
    if choice.kind == "card":
        exposed = any(view.h(c) for c in view.members("south_america"))
        return _discard_to_escape(view, choice, LATIN_DEBT_OPS, escape=exposed)
    if choice.kind != "country":
        return None

    def key(c: int) -> tuple[bool, bool, int, tuple[int, int]]:
        gives = not view.ai_controls(c) and view.a(c) >= _need(view, c)
        return (not gives, gives and not view.bg(c), 0 if gives else -view.a(c), view.rank(c))

    return _name(view, min(_countries(view, choice), key=key))


@card_choice(96)
def tear_down_this_wall(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #96: after the 3 in East Germany, a free coup in Europe if
    `custom:free_coup_target` holds there, else realignment rolls there (spec §15)."""
    ops = ops_modifier(view.state, view.side, TEAR_DOWN_OPS)
    return _free_coup_or_realign(view, choice, list(view.members("europe")), ops)


@card_choice(98)
def aldrich_ames(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #98: the human's card with the highest Ops that carries the human's event (ties:
    the lower number); without one, the highest-Ops neutral card."""
    if choice.kind != "card":
        return None
    rules = view.rules
    pool = [c for c in _cards(choice) if _by_owner(view, c) > 0]
    if not pool:
        return None
    return min(pool, key=lambda c: (-_by_owner(view, c), -rules.card(c).ops, c))


@card_choice(104)
def cambridge_five(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #104: the AI places the 1 influence in the Primary Region by spec §13."""
    options = _countries(view, choice)
    if choice.kind != "country" or not options:
        return None
    return _name(view, _plan_first(view, options, 1, regions_in_order(view)))


@card_choice(105)
def special_relationship(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #105: 1 influence (2 with NATO) in one country where it gives control
    (battlegrounds first), else by spec §13."""
    if choice.kind != "country":
        return None
    n = 2 if view.state.has_effect(NATO) else 1
    options = _countries(view, choice)
    return _place(game, view, options, total=n, per_country=n, regions=["europe"], whole=True)


@card_choice(107)
def che(game: Game, view: View, choice: Choice) -> Answer | None:
    """appendix #107: each coup on a non-battleground of Central America, South America or
    Africa by spec §14.2, the Primary Region first, then §18; no valid target, no coup."""
    if choice.kind != "country":
        return None
    ops = ops_modifier(view.state, view.side, view.rules.card(107).ops)
    regions = [r for r in regions_in_order(view) if r in CHE_REGIONS]
    for region in regions:
        here = [c for c in _countries(view, choice) if in_region(view.rules, c, region)]
        target = best_coup(view, here, ops, f"appendix #107 coup in {region}")
        if target is not None:
            return _name(view, target)
    return DECLINE
