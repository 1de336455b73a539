"""The AI's answers to an event's questions from the card's appendix entry (appendix.yaml
`resolve`, spec §17.1, appendix G5): the interpreter of the choice vocabulary, and the criteria
it names, each registered by name (ai/criteria.py) so the rules loader can check the data.

A question is found by (card, key) — `Choice.event` and `Choice.key` — never by its prompt. Its
spec is read in this order (docs/ai.md, "Editing the appendix"):
1. `side`, `when`: where the spec applies at all; otherwise the general rules (spec §17).
2. `procedure`: a registered procedure answers.
3. `plan`: operations the event grants, planned by spec §12.3 as the plan says.
4. `answer`: the first listed answer that is legal and whose condition holds.
5. The candidates (the question's countries or cards, or its other answers), kept by `where`;
   `regions` orders regions (`select: first` keeps the first region, `cascade` tries region
   after region until one answers); the first `tiers` entry that keeps any candidate, ordered by
   its keys (or `keys`); else the `then` rule over all of them; else `otherwise`.
The functions are written for `view.side`, the side whose question it is: the AI, or the human's
side when a dry run makes the human's choices by the AI's rules (spec §1.8).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from twsolo.ai.criteria import CRITERIA, F, criterion
from twsolo.ai.decide import Judge, ProviderFactory
from twsolo.ai.dryrun import measure, primary_score
from twsolo.ai.event_choices import (
    best_by_rerun,
    discard_for_requirement,
    place_own,
    remove_human,
    remove_own,
    rerun,
)
from twsolo.ai.military import best_coup, best_realign, coup_valid, realign_in_regions
from twsolo.ai.narrow import narrow
from twsolo.ai.placement import Planner
from twsolo.ai.plans import plan_operations, regions_in_order
from twsolo.ai.trace import Step
from twsolo.ai.view import View, in_region
from twsolo.ai.windows import evaluate, window_matches
from twsolo.engine.board import adjacent_controlled, controls
from twsolo.engine.choices import Answer, Choice
from twsolo.engine.game import VP_WIN, Game
from twsolo.engine.ops import OpsBudget
from twsolo.ids import SOUTHEAST_ASIA, Side
from twsolo.ruleset.model import ChoiceSpec, Named, Plan, Rerun

COUNTRY_KINDS = ("country", "influence", "coup", "realign")


@dataclass
class Question:
    """One event question as the vocabulary reads it: the game, the chooser's view, the Choice,
    the card whose event asks and the spec of its entry."""

    game: Game
    view: View
    choice: Choice
    spec: ChoiceSpec
    providers: ProviderFactory  # the dry-run players (the asking Bot's: spec §1.8)
    _judge: Judge | None = field(default=None, repr=False)

    @property
    def card(self) -> int:
        assert self.choice.event is not None
        return self.choice.event

    def figure(self, name: str, default: int) -> int:
        """A figure the engine put on the question (total, left, per_country, ops, amount,
        need, vp); `default` when the question has none."""
        value = self.choice.context.get(name)
        return int(value) if isinstance(value, int) else default

    @property
    def placed(self) -> tuple[int, ...]:
        """The countries this event's earlier points went to (the question's `placed`)."""
        placed = self.choice.context.get("placed") or ()
        return tuple(self.view.rules.index[str(c)] if isinstance(c, str) else c for c in placed)

    def need(self, c: int) -> int:
        """Points the chooser still needs to control c."""
        v = self.view
        return v.human_influence(c) + v.stability(c) - v.ai_influence(c)

    def is_ai(self) -> bool:
        """Whether the chooser is the AI (a dry run also answers for the human, spec §1.8)."""
        return self.view.state.ai_side in (None, self.view.side)

    def ops(self) -> int:
        """The ops of the event's coup: the question's figure, else the card's printed ops."""
        return self.figure("ops", self.view.rules.card(self.card).ops)

    def judge(self) -> Judge:
        """A Judge for the appendix windows and dry runs of other cards (Star Wars)."""
        if self._judge is None:
            view = self.view
            self._judge = Judge(view.probe(), self.providers, self.game.policy)
        return self._judge

    def name(self, candidate: object) -> Answer:
        """The answer for a candidate: a country's id, a card's number, an option itself."""
        if self.choice.kind in COUNTRY_KINDS and isinstance(candidate, int):
            return self.view.rules.countries[candidate].id
        assert isinstance(candidate, (str, int, tuple))
        return candidate


# ====================================================================== the interpreter
def resolve(
    game: Game, view: View, choice: Choice, spec: ChoiceSpec, providers: ProviderFactory
) -> Answer | None:
    """The answer the card's entry gives to `choice`, or None: the general rules decide.
    `providers` play the dry runs and re-runs it needs (the asking Bot's, spec §1.8)."""
    q = Question(game, view, choice, spec, providers)
    if spec.side == "ai" and not q.is_ai():
        return None
    if spec.when and not any(window_matches(view, w) for w in spec.when):
        return None
    if spec.procedure is not None:
        fn = CRITERIA.get("procedures", spec.procedure.name)
        args = () if spec.procedure.arg is None else (spec.procedure.arg,)
        answer: Answer | None = fn(game, view, choice, *args)
        if answer is not None:
            view.note(
                Step(f"appendix #{q.card} {choice.key}: {spec.procedure.name}", chosen=answer)
            )
        return answer
    if spec.plan is not None:
        return planned(q, spec.plan)
    candidates = candidates_of(q)
    if spec.answer:
        countries = candidates if choice.kind in COUNTRY_KINDS else []
        answer = by_answers(q, region_area(q, countries))
        if answer is not None:
            return answer
    if candidates:
        where = compiled(spec).where
        candidates = [c for c in candidates if passes(q, c, where)]
        chosen = by_regions(q, candidates)
        if chosen is not None:
            return q.name(chosen)
    if spec.otherwise and spec.otherwise in choice.options:
        return spec.otherwise
    return None


def candidates_of(q: Question) -> list[Any]:
    """The question's countries (kinds that name countries), cards, or other answers."""
    rules, options = q.view.rules, q.choice.options
    if q.choice.kind in COUNTRY_KINDS:
        return [rules.index[str(o)] for o in options if str(o) in rules.index]
    if q.choice.kind == "card":
        return [o for o in options if isinstance(o, int)]
    return list(options)


def region_order(q: Question) -> list[str]:
    """The spec's region order, kept to the event's regions when `within_event`."""
    regions = q.spec.regions
    order = list(regions) if isinstance(regions, tuple) else []
    if isinstance(regions, str) and regions:
        order = list(CRITERIA.get("region_orders", regions)(q))
    if q.spec.within_event:
        event = q.view.rules.card(q.card).event_regions
        order = [r for r in order if r in event]
    return order


def region_area(q: Question, countries: list[int]) -> list[int]:
    """The countries an answer's conditions look at: the question's countries or, for a
    question that names none, the countries of the event's regions (all without), narrowed to
    the first region when `select: first`."""
    rules = q.view.rules
    if not countries:
        regions = rules.card(q.card).event_regions
        countries = [
            c
            for c in range(len(rules.countries))
            if not regions or any(rules.in_region(c, r) for r in regions)
        ]
    if q.spec.select == "first":
        order = region_order(q)
        if order:
            return [c for c in countries if in_region(rules, c, order[0])]
    return countries


def by_answers(q: Question, area: list[int]) -> Answer | None:
    """Spec `answer`: the first legal answer whose condition holds."""
    terms = QuestionTerms(q, area)
    for rule in q.spec.answer:
        legal = next((o for o in q.choice.options if str(o) == rule.answer), None)
        if legal is None:
            continue
        if rule.condition is None or evaluate(rule.condition, terms):
            q.view.note(Step(f"appendix #{q.card} {q.choice.key}", chosen=legal, why=rule.text))
            return legal
    return None


def by_regions(q: Question, candidates: list[Any]) -> Any:
    """The candidates region by region as `regions` and `select` say, then `pick`."""
    spec, rules = q.spec, q.view.rules
    order = region_order(q)
    if not spec.select or not order:
        return pick(q, candidates, order or regions_in_order(q.view))
    regions = order[:1] if spec.select == "first" else order
    for region in regions:
        here = [c for c in candidates if in_region(rules, c, region)]
        chosen = pick(q, here, [region]) if here else None
        if chosen is not None or spec.select == "first":
            return chosen
    return None


def pick(q: Question, candidates: list[Any], regions: list[str]) -> Any:
    """The first tier that keeps a candidate, by its keys; without tiers the keys alone; else
    the `then` rule over all the candidates."""
    spec, bound = q.spec, compiled(q.spec)
    rule = f"appendix #{q.card} {q.choice.key}"
    for n, (where, keys, label) in enumerate(bound.tiers, start=1):
        pool = [c for c in candidates if passes(q, c, where)]
        if pool:
            return narrow(
                q.view, f"{rule} tier {n} ({label})", pool, keys=_keys(q, keys), name=q.name
            )
    if not spec.tiers and spec.keys and candidates:
        return narrow(q.view, rule, candidates, keys=_keys(q, bound.keys), name=q.name)
    if spec.then is None or not candidates:
        return None
    if isinstance(spec.then, Rerun):
        return rerun_best(q, candidates, spec.then)
    return CRITERIA.get("choice_orders", spec.then.name)(q, candidates, regions, spec.then.arg)


# ---------------------------------------------------------------------- compiled specs
Criterion = Callable[[Question, Any, Any], Any]
Filter = tuple[Criterion, Any]  # a filter's function and its argument
BoundKey = tuple[str, Criterion, Any]  # a key's name (for the trace), function and argument


@dataclass(frozen=True)
class Compiled:
    """A spec's filters, tiers and keys with their functions looked up once (a spec is read
    at every pick of every dry run): `tiers` holds each tier's filters, keys and label."""

    where: tuple[Filter, ...]
    tiers: tuple[tuple[tuple[Filter, ...], tuple[BoundKey, ...], str], ...]
    keys: tuple[BoundKey, ...]


_COMPILED: dict[int, tuple[ChoiceSpec, Compiled]] = {}


def compiled(spec: ChoiceSpec) -> Compiled:
    """`spec` compiled, once per spec of a loaded Ruleset (kept by identity, with the spec)."""
    hit = _COMPILED.get(id(spec))
    if hit is not None and hit[0] is spec:
        return hit[1]

    def filters(names: Sequence[Named]) -> tuple[Filter, ...]:
        return tuple((CRITERIA.get("choice_filters", f.name), f.arg) for f in names)

    def keys(names: Sequence[Named]) -> tuple[BoundKey, ...]:
        return tuple((k.text(), CRITERIA.get("choice_keys", k.name), k.arg) for k in names)

    tiers = tuple(
        (
            filters(t.where),
            keys(t.keys if t.keys is not None else spec.keys),
            ", ".join(f.text() for f in t.where),
        )
        for t in spec.tiers
    )
    result = Compiled(filters(spec.where), tiers, keys(spec.keys))
    _COMPILED[id(spec)] = (spec, result)
    return result


def passes(q: Question, c: Any, where: tuple[Filter, ...]) -> bool:
    """Whether candidate `c` passes every filter (a plain loop: it runs for every candidate)."""
    for fn, arg in where:  # noqa: SIM110 (speed, above)
        if not fn(q, c, arg):
            return False
    return True


def _keys(q: Question, keys: tuple[BoundKey, ...]) -> list[tuple[str, Callable[[Any], Any]]]:
    return [(text, _bound(fn, q, arg)) for text, fn, arg in keys]


def _bound(fn: Callable[..., Any], q: Question, arg: Any) -> Callable[[Any], Any]:
    """A key of one candidate, the question and the argument bound."""
    return lambda c: fn(q, c, arg)


# ---------------------------------------------------------------------- plans for granted ops
def planned(q: Question, plan: Plan) -> Answer | None:
    """Operations the event grants, by spec §12.3 (§12.4 in a Scoring Round) as `plan` recasts
    the position: the kind, the influence points, the coup target."""
    choice, view = q.choice, q.view
    budget = choice.context.get("budget")
    if not isinstance(budget, OpsBudget):
        return None
    # The plan's region is the Primary; a plan "as in a Scoring Round" makes the round one.
    plan_view = view.recast(primary=plan.primary, scoring_round=plan.scoring_round or None)
    if choice.kind == "influence":
        if plan.regions:
            regions = list(
                plan.regions
                if isinstance(plan.regions, tuple)
                else CRITERIA.get("region_orders", plan.regions)(q)
            )
        else:
            regions = regions_in_order(plan_view)
        # Option 0 in a Scoring Round; a plan over its own regions places by options 1–8.
        score = plan_view.primary if plan_view.scoring_round and not plan.regions else None
        sim = view.sandbox()
        planner = Planner(sim, budget=budget.copy(), access=choice.context.get("access"))
        points = planner.run(regions, score_region=score)
        return view.rules.countries[points[0]].id if points else "done"
    if choice.kind not in ("operation", "coup", "realign"):
        return None
    ops_plan = plan_operations(
        plan_view,
        budget.copy(),
        allow_space=bool(choice.context.get("allow_space")),
        card_ops=int(choice.context.get("card_ops", 0)),
    )
    answer: Answer | None = ops_plan.kind
    if choice.kind == "realign":
        # Spec §15 in the region of the plan (§11.2), re-evaluated after each roll.
        if ops_plan.kind == "realign" and ops_plan.region is not None:
            regions = [ops_plan.region]
        else:
            regions = [r for r in (plan_view.primary, plan_view.secondary) if r]
        candidates = [view.rules.index[str(o)] for o in choice.options if o != "done"]
        target = realign_in_regions(plan_view, candidates, regions)
        return view.rules.countries[target].id if target is not None else "done"
    if choice.kind == "coup":
        target = ops_plan.target
        answer = view.rules.countries[target].id if target is not None else None
    return answer if answer in choice.options else None


# ---------------------------------------------------------------------- §17.6 with measures
def rerun_best(q: Question, candidates: list[Any], how: Rerun) -> Any:
    """Spec §17.6: re-run the event with each candidate; the best by the measures in turn
    (none: §17.6's own result); ties go to `prefer`'s order, then the question's order."""
    if how.measure is None:
        answer = best_by_rerun(q.game, q.view, q.choice, q.providers)
        return next((c for c in candidates if q.name(c) == answer), None)
    frame = q.game.event_frame(q.card)
    if frame is None:
        return None
    scored = []
    for i, c in enumerate(candidates):
        after = rerun(q.game, frame, q.name(c), q.providers)
        values = tuple(
            CRITERIA.get("rerun_measures", m.name)(q, frame.start, after, m.arg)
            for m in how.measure
        )
        answer = str(q.name(c))
        preference = how.prefer.index(answer) if answer in how.prefer else len(how.prefer)
        scored.append((values, -preference, -i, c))
    best = max(scored, key=lambda s: s[:3])
    q.view.note(
        Step(
            f"appendix #{q.card} {q.choice.key} re-run",
            chosen=q.name(best[3]),
            candidates=tuple(q.name(s[3]) for s in sorted(scored, key=lambda s: s[:3])[::-1]),
            figures={str(q.name(s[3])): list(s[0]) for s in scored},
        )
    )
    return best[3]


@criterion("rerun_measures", "score", arg="region")
def _score(q: Question, before: Any, after: Any, region: str) -> int:
    """The AI's score of the region after the re-run (as if scored now)."""
    return primary_score(q.view.rules, after, q.view.side, region)


@criterion("rerun_measures", "controls")
def _controls(q: Question, before: Any, after: Any, arg: None) -> int:
    """Countries the AI newly controls."""
    return measure(q.view.rules, before, after, q.view.side, q.view.primary).controls


@criterion("rerun_measures", "controlled_bgs_touched")
def _controlled_bgs_touched(q: Question, before: Any, after: Any, arg: None) -> int:
    """Battlegrounds the AI controls among the countries whose AI influence the answer
    changed."""
    rules, col = q.view.rules, q.view.side.col
    changed = [
        c
        for c in range(len(rules.countries))
        if after.influence[c, col] != before.influence[c, col]
    ]
    return sum(
        1
        for c in changed
        if rules.countries[c].battleground and controls(after, rules, q.view.side, c)
    )


# ---------------------------------------------------------------------- an answer's conditions
class QuestionTerms:
    """The terms of an `answer` condition: the question's figures and its area's position."""

    def __init__(self, q: Question, area: list[int]) -> None:
        self.q, self.area = q, area

    def number(self, name: str) -> int:
        value: int = CRITERIA.get("choice_numbers", name)(self.q)
        return value

    def flag(self, name: str) -> bool:
        return bool(CRITERIA.get("choice_tests", name)(self.q, self.area))


@criterion("choice_numbers", "defcon")
def _defcon(q: Question) -> int:
    """The DEFCON level now."""
    return q.view.state.defcon


@criterion("choice_tests", "coup_target")
def _coup_target(q: Question, area: list[int]) -> bool:
    """A free coup with the question's ops has a valid target there (spec §14.1, §14.3)."""
    return any(coup_valid(q.view, c, q.ops(), free=True) for c in area)


@criterion("choice_tests", "realign_target")
def _realign_target(q: Question, area: list[int]) -> bool:
    """A realignment has a valid target there (spec §15)."""
    view = q.view.probe()
    return best_realign(view, area) is not None


@criterion("choice_tests", "stops_human_win")
def _stops_human_win(q: Question, area: list[int]) -> bool:
    """The question's VP (`vp`) would bring the human to victory."""
    view = q.view
    return view.state.vp * view.human.sign + q.figure("vp", 0) >= VP_WIN


@criterion("choice_tests", "human_in_event_regions")
def _human_in_event_regions(q: Question, area: list[int]) -> bool:
    """The human has influence in a region the event acts in."""
    v = q.view
    return any(
        v.human_influence(c) for r in v.rules.card(q.card).event_regions for c in v.members(r)
    )


@criterion("choice_tests", "card_carries_human_event")
def _card_carries_human_event(q: Question, area: list[int]) -> bool:
    """The card the question is about (`card`) carries the human's event."""
    card = q.choice.context.get("card")
    return isinstance(card, int) and q.view.rules.card(card).owner is q.view.human


# ---------------------------------------------------------------------- region orders
@criterion("region_orders", "main")
def _main(q: Question) -> list[str]:
    """The Primary Region, the Secondary, then the rest by spec §18."""
    return regions_in_order(q.view)


@criterion("region_orders", "g5")
def _g5(q: Question) -> list[str]:
    """Appendix G5 / spec §17.2: as `main`, with Europe first in the Headline (§9.3)."""
    order = regions_in_order(q.view)
    return ["europe", *[r for r in order if r != "europe"]] if q.view.headline else order


@criterion("region_orders", "event")
def _event(q: Question) -> list[str]:
    """The regions the event acts in (rules/cards.yaml `event_regions`)."""
    return list(q.view.rules.card(q.card).event_regions)


# ---------------------------------------------------------------------- filters: countries
def _filter(name: str, arg: str = "") -> Callable[[F], F]:
    return CRITERIA.register("choice_filters", name, arg=arg)


@_filter("battleground")
def _battleground(q: Question, c: int, arg: None) -> bool:
    """A battleground."""
    return q.view.bg(c)


@_filter("non_battleground")
def _non_battleground(q: Question, c: int, arg: None) -> bool:
    """Not a battleground."""
    return not q.view.bg(c)


@_filter("human_controlled")
def _human_controlled(q: Question, c: int, arg: None) -> bool:
    """The human controls it."""
    return q.view.human_controls(c)


@_filter("has_human_influence")
def _has_human_influence(q: Question, c: int, arg: None) -> bool:
    """The human has influence there."""
    return q.view.human_influence(c) > 0


@_filter("in_primary")
def _in_primary(q: Question, c: int, arg: None) -> bool:
    """In the Primary Region."""
    primary = q.view.primary
    return primary is not None and in_region(q.view.rules, c, primary)


@_filter("in_secondary")
def _in_secondary(q: Question, c: int, arg: None) -> bool:
    """In the Secondary Region."""
    secondary = q.view.secondary
    return secondary is not None and in_region(q.view.rules, c, secondary)


@_filter("in_primary_event_region")
def _in_primary_event_region(q: Question, c: int, arg: None) -> bool:
    """In the Primary Region, when it is one of the event's regions."""
    primary = q.view.primary
    event = q.view.rules.card(q.card).event_regions
    return primary is not None and primary in event and in_region(q.view.rules, c, primary)


@_filter("in_region", arg="region")
def _in_region(q: Question, c: int, region: str) -> bool:
    """In the region named."""
    return in_region(q.view.rules, c, region)


@_filter("stability", arg="int")
def _stability(q: Question, c: int, value: int) -> bool:
    """Its stability is the number named."""
    return q.view.stability(c) == value


@_filter("takes_with", arg="int")
def _takes_with(q: Question, c: int, points: int) -> bool:
    """Exactly this many points give the chooser control."""
    return not q.view.ai_controls(c) and q.need(c) == points


@_filter("takes_with_room")
def _takes_with_room(q: Question, c: int, arg: None) -> bool:
    """The points it may still take (the event's points left, its per-country limit) give the
    chooser control, within the cap of spec §11.4 (all of them at once when the question says
    `whole`)."""
    v = q.view
    left = q.figure("left", 1)
    room = min(left, q.figure("per_country", left) - q.placed.count(c))
    lands = room if q.choice.context.get("whole") else q.need(c)
    return not v.ai_controls(c) and 0 < q.need(c) <= room and v.ai_influence(c) + lands <= v.cap(c)


@_filter("not_next_to_placed_battleground")
def _not_next_to_placed_battleground(q: Question, c: int, arg: None) -> bool:
    """Not next to a battleground this event has already placed in."""
    placed = {p for p in q.placed if q.view.bg(p)}
    return not any(n in placed for n in q.view.rules.neighbours[c])


@_filter("next_to_battleground")
def _next_to_battleground(q: Question, c: int, arg: None) -> bool:
    """Next to a battleground."""
    return any(q.view.bg(n) for n in q.view.rules.neighbours[c])


@_filter("doubling_takes")
def _doubling_takes(q: Question, c: int, arg: None) -> bool:
    """Doubling the chooser's influence there gives it control."""
    return not q.view.ai_controls(c) and q.view.ai_influence(c) >= q.need(c)


@_filter("war_modifier_at_most", arg="int")
def _war_modifier_at_most(q: Question, c: int, most: int) -> bool:
    """A war there has at most this many human-controlled neighbours (its −1 modifiers)."""
    return _war_modifier(q, c, None) <= most


# ---------------------------------------------------------------------- filters: cards
def _by_owner(q: Question, card: int) -> int:
    """0: the chooser's own event, 1: neutral, 2: the opponent's."""
    owner = q.view.rules.card(card).owner
    return 0 if owner is q.view.side else 1 if owner is None else 2


@_filter("own_or_neutral")
def _own_or_neutral(q: Question, card: int, arg: None) -> bool:
    """The card carries the chooser's own or a neutral event."""
    return _by_owner(q, card) < 2


@_filter("not_own_event")
def _not_own_event(q: Question, card: int, arg: None) -> bool:
    """The card carries a neutral event or the opponent's."""
    return _by_owner(q, card) > 0


@_filter("human_event")
def _human_event(q: Question, card: int, arg: None) -> bool:
    """The card carries the human's event (the chooser's opponent's)."""
    return q.view.rules.card(card).owner is q.view.human


@_filter("not_scoring")
def _not_scoring(q: Question, card: int, arg: None) -> bool:
    """Not a scoring card."""
    return not q.view.rules.card(card).scoring


@_filter("window_open")
def _window_open(q: Question, card: int, arg: None) -> bool:
    """The card's own entry lets the AI trigger its event now (window and condition)."""
    allowed: bool = q.judge().allows_event(card)
    return allowed


# ---------------------------------------------------------------------- keys
def _key(name: str, arg: str = "") -> Callable[[F], F]:
    return CRITERIA.register("choice_keys", name, arg=arg)


@_key("most_human_influence")
def _most_human_influence(q: Question, c: int, arg: None) -> object:
    """More human influence first."""
    return -q.view.human_influence(c)


@_key("most_own_influence")
def _most_own_influence(q: Question, c: int, arg: None) -> object:
    """More of the chooser's influence first."""
    return -q.view.ai_influence(c)


@_key("human_lead")
def _human_lead(q: Question, c: int, arg: None) -> object:
    """The human's lead in influence there, the largest first."""
    return -max(0, q.view.human_influence(c) - q.view.ai_influence(c))


@_key("battleground")
def _battleground_first(q: Question, c: int, arg: None) -> object:
    """Battlegrounds first."""
    return not q.view.bg(c)


@_key("human_controlled_battleground")
def _human_controlled_battleground(q: Question, c: int, arg: None) -> object:
    """Human-controlled battlegrounds first."""
    return not (q.view.bg(c) and q.view.human_controls(c))


@_key("next_to_own_superpower")
def _next_to_own_superpower(q: Question, c: int, arg: None) -> object:
    """Countries next to the chooser's own superpower first."""
    return q.view.rules.countries[c].superpower is not q.view.side


@_key("placed_in_event")
def _placed_in_event(q: Question, c: int, arg: None) -> object:
    """Countries this event has already placed in first."""
    return c not in q.placed


@_key("room_to_spread")
def _room_to_spread(q: Question, c: int, arg: None) -> object:
    """More uncontrolled neighbours first."""
    return -sum(1 for n in q.view.rules.neighbours[c] if q.view.uncontrolled(n))


@_key("table")
def _table(q: Question, c: int, arg: None) -> object:
    """The Region/Country Priority Table (spec §18)."""
    return q.view.rank(c)


@_key("printed")
def _printed(q: Question, c: Any, arg: None) -> object:
    """The order the card prints them in (the question's order)."""
    return next(i for i, o in enumerate(q.choice.options) if o == q.name(c))


@_key("listed", arg="countries")
def _listed(q: Question, c: int, countries: tuple[str, ...]) -> object:
    """The countries named, in that order, before the others."""
    name = q.view.rules.countries[c].id
    return countries.index(name) if name in countries else len(countries)


@_key("score_after", arg="region")
def _score_after(q: Question, c: int, region: str) -> object:
    """The AI's score of the region after the question's effect there (its `intent`, whose
    influence, `amount`), the best first."""
    view, ctx = q.view, q.choice.context
    side = ctx.get("influence_of") or view.human
    assert isinstance(side, Side)
    after = view.state.board_copy()
    change = q.figure("amount", 1) * (1 if ctx.get("intent") == "add" else -1)
    after.influence[c, side.col] = max(0, after.influence[c, side.col] + change)
    return -primary_score(view.rules, after, view.side, region)


@_key("war_modifier")
def _war_modifier(q: Question, c: int, arg: None) -> int:
    """Fewer human-controlled neighbours (the war's −1 modifiers) first."""
    return adjacent_controlled(q.view.state, q.view.rules, q.view.human, c)


def _war_odds(q: Question, c: int) -> tuple[int, int]:
    """Die results (of 6) that win the card's war on c, and the Primary Region's score change
    when the human's influence there becomes the chooser's."""
    view = q.view
    war = view.rules.card(q.card).war
    assert war is not None
    odds = max(0, 7 - war.success - _war_modifier(q, c, None))
    after = view.state.board_copy()
    after.influence[c, view.side.col] += view.human_influence(c)
    after.influence[c, view.human.col] = 0
    region = view.primary
    gain = primary_score(view.rules, after, view.side, region) - primary_score(
        view.rules, view.state, view.side, region
    )
    return odds, gain


@_key("war_expected_vp")
def _war_expected_vp(q: Question, c: int, arg: None) -> object:
    """The larger expected gain first: the chance of winning times the war's VP plus the
    Primary Region's score change."""
    odds, gain = _war_odds(q, c)
    war = q.view.rules.card(q.card).war
    assert war is not None
    return -odds * (war.vp + gain)


@_key("war_expected_influence")
def _war_expected_influence(q: Question, c: int, arg: None) -> object:
    """More human influence expected to change hands first."""
    return -_war_odds(q, c)[0] * q.view.human_influence(c)


@_key("highest_ops")
def _highest_ops(q: Question, card: int, arg: None) -> object:
    """Higher printed Ops first."""
    return -q.view.rules.card(card).ops


@_key("lower_number")
def _lower_number(q: Question, card: int, arg: None) -> object:
    """The lower card number first."""
    return card


@_key("own_first")
def _own_first(q: Question, card: int, arg: None) -> object:
    """The chooser's own event first, then neutral, then the opponent's."""
    return _by_owner(q, card)


@_key("human_event_first")
def _human_event_first(q: Question, card: int, arg: None) -> object:
    """The opponent's event first, then neutral, then the chooser's own."""
    return -_by_owner(q, card)


@_key("event_result")
def _event_result(q: Question, card: int, arg: None) -> object:
    """The best dry run of the card's event first: a win, then VP plus the Primary Region's
    score gain, then the influence changed."""
    m = q.judge().dry_run(card, q.view.side)[1]
    return (-int(m.wins), -(m.vp + m.score_gain), -m.infl_changed)


# ---------------------------------------------------------------------- orders (`then`)
def _order(name: str) -> Callable[[F], F]:
    return CRITERIA.register("choice_orders", name)


@_order("place")
def _place(q: Question, candidates: list[int], regions: list[str], arg: None) -> int:
    """Spec §17.2 [r2] among the candidates, region after region: the event's points left as
    one budget, within its per-country limit (`event_choices.place_own`)."""
    per_country = q.choice.context.get("per_country")
    return place_own(
        q.view,
        candidates,
        left=q.figure("left", 1),
        per_country=per_country if isinstance(per_country, int) else None,
        placed=q.placed,
        regions=regions,
    )


@_order("remove_human")
def _remove_human(q: Question, candidates: list[int], regions: list[str], arg: None) -> int:
    """Spec §17.3."""
    chosen = remove_human(q.view, candidates)
    q.view.note(Step("spec §17.3", chosen=q.name(chosen)))
    return chosen


@_order("remove_own")
def _remove_own(q: Question, candidates: list[int], regions: list[str], arg: None) -> int:
    """Spec §17.4."""
    chosen = remove_own(q.view, candidates)
    q.view.note(Step("spec §17.4", chosen=q.name(chosen)))
    return chosen


@_order("coup")
def _coup(q: Question, candidates: list[int], regions: list[str], arg: None) -> int | None:
    """Spec §14.2 (with §14.1 and §14.3) with the question's ops; none valid: none."""
    region = regions[0] if len(regions) == 1 else "the event's countries"
    return best_coup(q.view, candidates, q.ops(), f"appendix #{q.card} coup in {region}")


@_order("free_coup")
def _free_coup(q: Question, candidates: list[int], regions: list[str], arg: None) -> int | None:
    """Spec §14.2 for a free coup (the DEFCON region ban aside, card-events A9)."""
    return best_coup(q.view, candidates, q.ops(), "spec §14.2 free coup", free=True)


@_order("realign")
def _realign(q: Question, candidates: list[int], regions: list[str], arg: None) -> int | None:
    """Spec §15; none valid: none."""
    return best_realign(q.view, candidates)


@_order("discard_for_ops")
def _discard_for_ops(q: Question, candidates: list[int], regions: list[str], arg: None) -> int:
    """Spec §17.5 for the question's Ops requirement (`need`)."""
    return discard_for_requirement(q.view, candidates, q.figure("need", 0))


@_order("defcon_g6")
def _defcon_g6(q: Question, candidates: list[Any], regions: list[str], arg: None) -> int:
    """Appendix G6: DEFCON from 2 to 3, otherwise where it is (or as close as the card allows,
    never lower if it can)."""
    current = q.view.state.defcon
    wanted = 3 if current == 2 else current
    numbers = [int(str(o)) for o in candidates]
    chosen = min(numbers, key=lambda n: (abs(n - wanted), -n))
    q.view.note(Step("appendix G6 DEFCON", chosen=chosen))
    return chosen


@_order("primary_region")
def _primary_region(q: Question, candidates: list[Any], regions: list[str], arg: None) -> Any:
    """The current Primary Region (Asia when it is Southeast Asia, which is part of Asia)."""
    primary = q.view.primary
    named = "asia" if primary == SOUTHEAST_ASIA else primary
    return named if named in candidates else None
