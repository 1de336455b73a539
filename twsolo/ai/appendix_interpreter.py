"""The AI's answers to an event's questions from the card's appendix entry (appendix.yaml
`resolve`, spec §17.1, appendix G5): the interpreter of the choice vocabulary. The criteria it
names live in ai/choice_vocabulary/, one module per family, each registered by name
(ai/criteria.py) so the rules loader can check the data; it finds them by name.

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

from twsolo.ai.card_decisions import Judge, ProviderFactory
from twsolo.ai.criteria import CRITERIA
from twsolo.ai.event_choices import (
    best_by_rerun,
    rerun,
)
from twsolo.ai.military import realign_in_regions
from twsolo.ai.narrow import narrow
from twsolo.ai.placement import Planner
from twsolo.ai.plans import plan_operations, regions_in_order
from twsolo.ai.trace import Step
from twsolo.ai.view import View, in_region
from twsolo.ai.windows import evaluate, window_matches
from twsolo.engine.choices import Answer, Choice
from twsolo.engine.game import Game
from twsolo.engine.ops import OpsBudget
from twsolo.phrases.book import say
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
                Step(
                    say(
                        "why.rule.appendix_procedure",
                        number=q.card,
                        key=choice.key,
                        procedure=spec.procedure.name,
                    ),
                    chosen=answer,
                )
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
            rule_said = say("why.rule.appendix_choice", number=q.card, key=q.choice.key)
            why = say("why.answer_rule", text=rule.text)
            q.view.note(Step(rule_said, chosen=legal, why=why))
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
    rule = say("why.rule.appendix_choice", number=q.card, key=q.choice.key)
    for n, (where, keys, label) in enumerate(bound.tiers, start=1):
        pool = [c for c in candidates if passes(q, c, where)]
        if pool:
            return narrow(
                q.view,
                say("why.rule.tier", rule=rule, n=n, where=label),
                pool,
                keys=_keys(q, keys),
                name=q.name,
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
            say("why.rule.rerun", number=q.card, key=q.choice.key),
            chosen=q.name(best[3]),
            candidates=tuple(q.name(s[3]) for s in sorted(scored, key=lambda s: s[:3])[::-1]),
            figures={str(q.name(s[3])): list(s[0]) for s in scored},
        )
    )
    return best[3]


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
