"""The AI player: a ChoiceProvider that answers every question put to the AI side by the
solitaire rules (spec §9.2, §11–§18, §21), and keeps the trace of each decision."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from twsolo.ai import choice_vocabulary  # noqa: F401 (imported for its registrations)
from twsolo.ai.appendix_interpreter import resolve
from twsolo.ai.card_decisions import Judge, choose_headline, defer_harmful_event, how_to_play
from twsolo.ai.event_choices import best_by_rerun, place_own, remove_human, remove_own
from twsolo.ai.military import best_coup, best_realign, realign_in_regions
from twsolo.ai.plans import OpsPlan, plan_influence, plan_operations, regions_in_order
from twsolo.ai.trace import Step, spec
from twsolo.ai.view import View, in_region
from twsolo.engine.choices import Answer, Choice
from twsolo.engine.game import Game
from twsolo.engine.ops import OpsBudget
from twsolo.ids import Side
from twsolo.phrases.book import say

# spec §12.3.2: the order in which the AI tries the kinds of operation when it must pick.
OPERATION_ORDER = ("influence", "coup", "realign", "space_race")


@dataclass
class Decision:
    """One answer and the steps that produced it."""

    kind: str
    answer: Answer
    steps: list[Step] = field(default_factory=list)
    turn: int = 0
    action_round: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "answer": self.answer,
            "turn": self.turn,
            "action_round": self.action_round,
            "trace": [s.to_dict() for s in self.steps],
        }


class Bot:
    """Plays `side` by the AI's rules. With `dry=True` it serves dry runs: the same rules, but
    no nested dry runs (spec §1.8: the human's choices in a dry run follow the AI's rules)."""

    def __init__(self, side: Side, *, dry: bool = False, keep: bool = True) -> None:
        self.side = side
        self.dry = dry
        self.keep = keep and not dry  # keep each decision's trace (for `why`)
        self.decisions: list[Decision] = []
        self.plan: OpsPlan | None = None
        self.points: list[int] = []

    def providers(self, side: Side) -> Bot:
        return Bot(side, dry=True)

    def choose(self, game: Game, choice: Choice) -> Answer:
        view = View(game.rules, game.state, self.side, [], self.keep)
        answer = self.answer(game, view, choice)
        if answer not in choice.options:  # never answer illegally: fall back and say so
            why = say("why.fallback.not_legal", answer=repr(answer))
            view.note(Step(say("why.fallback"), chosen=choice.options[0], why=why))
            answer = choice.options[0]
        if self.keep:
            self.decisions.append(
                Decision(choice.kind, answer, view.trace, game.state.turn, game.state.action_round)
            )
        return answer

    @property
    def last(self) -> Decision | None:
        return self.decisions[-1] if self.decisions else None

    # ------------------------------------------------------------------ dispatch by kind
    def answer(self, game: Game, view: View, choice: Choice) -> Answer:
        kind, options = choice.kind, list(choice.options)
        judge = Judge(view, self.providers, game.policy)
        if kind == "headline":
            revealed = [o for o in options if isinstance(o, int)]
            human = choice.context.get("human_headline")
            return choose_headline(judge, revealed, "reveal" in options, human)
        answer = self.by_appendix(game, view, choice)
        if answer is not None:
            return answer
        if kind == "play":
            self.plan, self.points = None, []  # a new card: no plan carries over
            card = choice.context.get("card")
            if self.dry or card is None:
                return "ops" if "ops" in options else options[0]
            return how_to_play(judge, int(card), [str(o) for o in options])
        if kind == "defer":
            return defer_harmful_event(judge, int(choice.context["card"]))
        if kind == "order":
            why = say("why.order.ops_repair")
            view.note(Step(spec("12.2.3b"), chosen="event_first", why=why))
            return "event_first"
        if kind == "operation":
            return self.operation(game, view, choice)
        if kind == "influence":
            return self.influence(view, choice)
        if kind == "coup":
            return self.coup(view, choice)
        if kind == "realign":
            return self.realign(view, choice)
        if kind == "country":
            return self.country(game, view, choice)
        return self.by_rerun(game, view, choice)

    def by_appendix(self, game: Game, view: View, choice: Choice) -> Answer | None:
        """Spec §17.1: the answer the entry of the card whose event asks gives to this question
        (found by the card and the question's key), if it gives one."""
        card = choice.event
        entry = game.rules.appendix.get(card) if card is not None else None
        spec = entry.resolve.get(choice.key) if entry is not None else None
        if spec is None:
            return None
        answer = resolve(game, view, choice, spec, self.providers)
        if answer is not None:
            rule = say("why.rule.appendix_choices", number=card, key=choice.key)
            view.note(Step(rule, chosen=answer))
        return answer

    def by_rerun(self, game: Game, view: View, choice: Choice) -> Answer:
        if self.dry:
            return choice.options[0]
        return best_by_rerun(game, view, choice, self.providers)

    # ------------------------------------------------------------------ operations
    def operation(self, game: Game, view: View, choice: Choice) -> Answer:
        budget = choice.context.get("budget")
        self.plan, self.points = None, []
        if not isinstance(budget, OpsBudget):
            return self.by_rerun(game, view, choice)  # an event's own menu (Junta, Glasnost, ...)
        plan = plan_operations(
            view,
            budget.copy(),
            allow_space=bool(choice.context.get("allow_space")),
            card_ops=int(choice.context.get("card_ops", 0)),
        )
        self.plan, self.points = plan, list(plan.points)
        if plan.kind in choice.options:
            return plan.kind
        return next(k for k in OPERATION_ORDER if k in choice.options)

    def influence(self, view: View, choice: Choice) -> Answer:
        rules = view.rules
        while self.points:
            point = rules.countries[self.points.pop(0)].id
            if point in choice.options:
                return point
        budget = choice.context.get("budget")
        if not isinstance(budget, OpsBudget):
            return "done"
        self.points = plan_influence(
            view,
            budget.copy(),
            regions_in_order(view),
            option0=False,
            access=choice.context.get("access"),
        )
        if self.points:
            return rules.countries[self.points.pop(0)].id
        view.note(Step(spec("13"), chosen="done", why=say("why.influence.no_target")))
        return "done"

    def regions(self, view: View, kind: str) -> list[str]:
        """Spec §11.2 with §12.3.2–3: where the AI makes a coup or realignment — the region its
        plan chose, else the Primary, then the Secondary."""
        plan = self.plan
        if plan is not None and plan.kind == kind and plan.region is not None:
            return [plan.region]
        return [r for r in (view.primary, view.secondary) if r]

    def realign(self, view: View, choice: Choice) -> Answer:
        """Spec §15 in the region of §11.2, re-evaluated after each roll; an event's rolls go
        to the countries the card allows when none is there (card text wins, appendix G5)."""
        rules = view.rules
        candidates = [rules.index[str(o)] for o in choice.options if o != "done"]
        chosen = realign_in_regions(view, candidates, self.regions(view, "realign"))
        if chosen is None and choice.event is not None and choice.key != "ops.realign":
            chosen = best_realign(view, candidates)
        return rules.countries[chosen].id if chosen is not None else "done"

    def coup(self, view: View, choice: Choice) -> Answer:
        rules = view.rules
        if self.plan and self.plan.target is not None:
            target = rules.countries[self.plan.target].id
            self.plan.target = None  # a second attempt (appendix #41) keeps to the plan's region
            if target in choice.options:
                return target
        budget = choice.context.get("budget")
        candidates = [rules.index[str(o)] for o in choice.options if str(o) in rules.index]
        areas = [
            [c for c in candidates if in_region(rules, c, r)] for r in self.regions(view, "coup")
        ]
        if "done" not in choice.options or (choice.event is not None and choice.key != "ops.coup"):
            # A coup the AI must make, or an event's: where the card allows (appendix G5).
            areas.append(candidates)
        for area in filter(None, areas):
            ops = budget.remaining_if(rules, area[0]) if isinstance(budget, OpsBudget) else 1
            chosen = best_coup(view, area, ops, spec("14"))
            if chosen is not None:
                return rules.countries[chosen].id
        # No valid target by spec §14.1: decline where the question allows it (the second coup
        # of Nuclear Subs, appendix #41), else the first target.
        return "done" if "done" in choice.options else choice.options[0]

    # ------------------------------------------------------------------ spec §17
    def country(self, game: Game, view: View, choice: Choice) -> Answer:
        rules = view.rules
        ids = [o for o in choice.options if str(o) in rules.index]
        countries = [rules.index[str(o)] for o in ids]
        intent = choice.context.get("intent", "")
        whose = choice.context.get("influence_of")
        if countries and intent == "add" and whose is view.side:
            per_country = choice.context.get("per_country")
            placed = choice.context.get("placed") or ()
            chosen = place_own(
                view,
                countries,
                left=int(choice.context.get("left", 1)),
                per_country=per_country if isinstance(per_country, int) else None,
                placed=[c for c in placed if isinstance(c, int)],
            )
            rule = spec("17.2")
        elif countries and intent == "remove" and whose is view.human:
            chosen = remove_human(view, countries)
            rule = spec("17.3")
        elif countries and intent == "remove" and whose is view.side:
            chosen = remove_own(view, countries)
            rule = spec("17.4")
        elif countries and intent == "coup":
            # An event's coup (appendix G5: §14, free coups may ignore the DEFCON ban).
            ops = game.rules.card(choice.event).ops if choice.event is not None else 1
            target = best_coup(view, countries, ops, say("why.rule.event_coup"), free=True)
            if target is None:
                return (
                    "decline" if "decline" in choice.options else self.by_rerun(game, view, choice)
                )
            chosen, rule = target, spec("14.2")
        else:
            return self.by_rerun(game, view, choice)
        view.note(Step(rule, chosen=rules.countries[chosen].id, candidates=tuple(ids)))
        return rules.countries[chosen].id
