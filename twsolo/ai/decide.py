"""The AI's card decisions: how to play a revealed card in an action round (spec §12.1–§12.2)
and which card to headline (spec §9.2)."""

from __future__ import annotations

from collections.abc import Callable

from twsolo.ai.appendix import Predicates, event_window, open_windows
from twsolo.ai.criteria import CRITERIA, criterion
from twsolo.ai.dryrun import Metrics, dry_run_event
from twsolo.ai.plans import ops_score_gain, plan_operations
from twsolo.ai.procedures import PLAY_RULES
from twsolo.ai.trace import Step
from twsolo.ai.view import View
from twsolo.engine.choices import ChoiceProvider
from twsolo.engine.game import Policy
from twsolo.engine.ops import OpsBudget, card_ops
from twsolo.engine.space import has_ability, space_refusal
from twsolo.engine.state import GameState
from twsolo.ids import CHINA_CARD, Side

ProviderFactory = Callable[[Side], ChoiceProvider]


class Judge:
    """Dry-runs events for one decision and reads the appendix (spec §21)."""

    def __init__(self, view: View, providers: ProviderFactory, policy: Policy) -> None:
        self.view, self.providers, self.policy = view, providers, policy
        # One dry run per card and player: the board does not change while a decision judges.
        self.runs: dict[tuple[int, Side], tuple[GameState, Metrics]] = {}

    def dry_run(self, card: int, player: Side) -> tuple[GameState, Metrics]:
        if (card, player) not in self.runs:
            self.runs[card, player] = dry_run_event(
                self.view, card, player, self.providers, self.policy, headline=self.view.headline
            )
            face_down = self.runs[card, player][1].face_down
            if face_down:
                self.view.note(
                    Step(
                        "spec §4, §1.8 (a face-down card in the dry run)",
                        chosen=f"#{card}",
                        why="nobody knows a face-down card: the dry run takes the lowest card"
                        " that can be there",
                        figures={"reveals": list(face_down)},
                    )
                )
        return self.runs[card, player]

    def allows_event(self, card: int) -> bool:
        """Appendix windows and conditions for the AI's own or a neutral event (spec §12.2.2);
        no dry run when no window can open."""
        windows = open_windows(self.view, card)
        if not windows:
            return False
        after, metrics = self.dry_run(card, self.view.side)

        def beats_ops() -> bool:
            return metrics.vp + metrics.score_gain > ops_score_gain(self.view, card)

        predicates = Predicates(self.view, card, metrics, after, beats_ops)
        return event_window(self.view, card, windows, metrics, predicates)

    def hurts(self, card: int) -> bool:
        """Spec §12.2.3a: the human's event would hurt the AI (dry run, human's choices by the
        AI's rules): the human gains VP, the AI loses a country's control or 2+ influence, or the
        Primary Region's score moves toward the human."""
        _, m = self.dry_run(card, self.view.human)
        thresholds = self.view.rules.priorities.space_dump
        measured = {name: CRITERIA.get("space_dump", name)(m) for name in thresholds}
        hurt = any(measured[name] >= t for name, t in thresholds.items())
        self.view.note(
            Step(
                "spec §12.2.3a (does the human's event hurt?)",
                chosen="yes" if hurt else "no",
                figures=measured,
            )
        )
        return hurt


@criterion("space_dump", "human_vp")
def _human_vp(m: Metrics) -> int:
    """VP the human gains."""
    return -m.vp


@criterion("space_dump", "ai_controls_lost")
def _ai_controls_lost(m: Metrics) -> int:
    """Countries whose control the AI loses."""
    return m.ai_controls_lost


@criterion("space_dump", "ai_influence_lost")
def _ai_influence_lost(m: Metrics) -> int:
    """AI influence removed."""
    return m.ai_influence_lost


@criterion("space_dump", "primary_score_to_human")
def _primary_score_to_human(m: Metrics) -> int:
    """How far the Primary Region's score moves toward the human."""
    return -m.score_gain


def how_to_play(judge: Judge, card: int, ways: list[str]) -> str:
    """Spec §12.2: event, ops or the Space Race for the revealed card."""
    view = judge.view
    rules, state, side = view.rules, view.state, view.side
    owner = rules.card(card).owner
    ops = card_ops(state, rules, side, card)
    narrowed = answering_human_events(view, card, ways)
    if narrowed != ways and len(narrowed) == 1:
        return narrowed[0]
    ways = narrowed
    if card == CHINA_CARD:
        view.note(Step("spec §12.2.1 China Card", chosen="ops"))
    elif owner is view.human:
        can_dump = "space_race" in ways and space_refusal(state, rules, side, ops) is None
        if can_dump and judge.hurts(card):
            view.note(Step("spec §12.2.3a space race dump", chosen="space_race"))
            return "space_race"
        view.note(Step("spec §12.2.3b human event", chosen="ops", why="event first, then ops"))
    elif "event" in ways and judge.allows_event(card):
        return "event"
    # Spec §12.3.3/§16.2: the Space Race when nothing is to be done in the two regions. The
    # plan is probed on its own trace; the "operation" question plans again on the board as the
    # event (if any) leaves it.
    probe = View(rules, state, side, [])
    budget = OpsBudget.for_card(state, rules, side, card)
    plan = plan_operations(probe, budget, allow_space="space_race" in ways, card_ops=ops)
    if plan.kind == "space_race":
        view.trace.extend(probe.trace)
        return "space_race"
    return "ops"


def answering_human_events(view: View, card: int, ways: list[str]) -> list[str]:
    """The ways the AI (the US) may play a revealed card while a human's event is in force, by
    the entries' on_human_play:
    - appendix #50: We Will Bury You's 3 VP wait: UN Intervention is played as its event if it
      can be (entry 32); otherwise for its Op, which cancels the VP as well (engine hook);
    - appendix #60: U2 Incident this turn: UN Intervention for its Op, never its event (the
      exception above comes first);
    - appendix #59: Flower Power: a war card goes on the Space Race when that is legal."""
    if view.side is not Side.US:
        return ways
    for name in PLAY_RULES:
        found = CRITERIA.get("procedures", name)(view, card, ways)
        if found is not None:
            rule, kept = found
            view.note(Step(rule, chosen=kept[0] if len(kept) == 1 else None))
            return list(kept)
    return ways


def choose_headline(
    judge: Judge, revealed: list[int], can_reveal: bool, human: int | None
) -> int | str:
    """Spec §9.2 (with §23.1): headline the first revealed card that qualifies (not the human's
    event, allowed in the HL by its appendix entry and with an effect); with the box-4 ability,
    it must also have Ops ≥ the human's headline. Otherwise reveal another; with none left, the
    lowest-Ops card among the candidates."""
    view = judge.view
    rules, state = view.rules, view.state
    box4 = has_ability(state, rules, view.side, "headline_second") and human is not None
    need = rules.card(human).ops if box4 and human is not None else 0
    qualifying = [c for c in revealed if _qualifies(judge, c)]
    strong = [c for c in qualifying if rules.card(c).ops >= need]
    if strong:
        view.note(Step("spec §9.2 AI headline", chosen=strong[0], candidates=tuple(revealed)))
        return strong[0]
    if can_reveal:
        view.note(Step("spec §9.2 reveal another", candidates=tuple(revealed)))
        return "reveal"
    pool = qualifying or [c for c in revealed if rules.card(c).owner is not view.human] or revealed
    chosen = min(pool, key=lambda c: (rules.card(c).ops, c))
    view.note(
        Step("spec §9.2 none qualifies: lowest Ops", chosen=chosen, candidates=tuple(revealed))
    )
    return chosen


def _qualifies(judge: Judge, card: int) -> bool:
    view = judge.view
    if card == CHINA_CARD or view.rules.card(card).owner is view.human:
        return False
    return judge.allows_event(card)
