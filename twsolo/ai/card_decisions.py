"""The AI's card decisions: how to play a revealed card in an action round (spec §12.1–§12.2)
and which card to headline (spec §9.2)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from twsolo.ai.condition_vocabulary.predicates import Predicates
from twsolo.ai.criteria import CRITERIA, criterion
from twsolo.ai.dryrun import Metrics, dry_run_event, primary_score
from twsolo.ai.plans import (
    influence_stage,
    military_ops_coup,
    military_ops_due,
    milops_shortfall,
    ops_score_gain,
    plan_operations,
)
from twsolo.ai.procedures import PLAY_RULES
from twsolo.ai.trace import Step, g2
from twsolo.ai.view import View, in_region
from twsolo.ai.windows import evaluate, event_window, open_windows
from twsolo.engine.choices import ChoiceProvider
from twsolo.engine.game import Policy
from twsolo.engine.ops import OpsBudget, card_ops
from twsolo.engine.space import has_ability, space_refusal
from twsolo.engine.state import GameState
from twsolo.ids import CHINA_CARD, CardId, Side
from twsolo.phrases.book import say
from twsolo.ruleset.model import BEST_HEADLINE_WITH_BOX4, CAREFUL_CUBAN_MISSILE_CRISIS

ProviderFactory = Callable[[Side], ChoiceProvider]


class Judge:
    """Dry-runs events for one decision and reads the appendix (spec §21)."""

    def __init__(self, view: View, providers: ProviderFactory, policy: Policy) -> None:
        self.view, self.providers, self.policy = view, providers, policy
        # One dry run per card, player and way: the board does not change while a decision
        # judges.
        self.runs: dict[tuple[int, Side, bool], tuple[GameState, Metrics]] = {}

    def dry_run(
        self, card: int, player: Side, *, as_ops: bool = False
    ) -> tuple[GameState, Metrics]:
        """The dry run of `card`'s event played by `player` (for ops: `dryrun.dry_run_event`)."""
        key = (card, player, as_ops)
        if key not in self.runs:
            self.runs[key] = dry_run_event(
                self.view,
                card,
                player,
                self.providers,
                self.policy,
                headline=self.view.headline,
                as_ops=as_ops,
            )
            face_down = self.runs[key][1].face_down
            if face_down:
                self.view.note(
                    Step(
                        say("why.rule.face_down_dry_run"),
                        chosen=f"#{card}",
                        why=say("why.face_down.lowest"),
                        figures={"reveals": list(face_down)},
                    )
                )
        return self.runs[key]

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
        if not event_window(self.view, card, windows, metrics, predicates):
            return False
        return careful_crisis(self.view, card, predicates)

    def human_event(self, card: int) -> tuple[GameState, Metrics]:
        """Spec §12.2.3a [r2]: exactly what would happen if the AI played the human's card for
        ops: the event fires with the AI as the card's player, the human's choices by the AI's
        rules, VP scheduled for later and those lasting effects add included."""
        return self.dry_run(card, self.view.side, as_ops=True)

    def hurts(self, card: int) -> bool:
        """Spec §12.2.3a [r2]: the human's event would hurt the AI (`human_event`): the human
        gains VP; the AI loses a country's control or 2+ influence; the human gains control of a
        BG, or of a country of the Primary Region or of a region that scores at the end of this
        round or the next; the score of the Primary Region, or of the region that scores next,
        moves toward the human (thresholds: rules/priorities.yaml space_dump). [r3]: the trap
        card of the AI's side (Quagmire for the US, Bear Trap for the USSR: `trap_cards`)
        always hurts."""
        if card == self.view.rules.priorities.trap_cards[self.view.side]:
            self.view.note(Step(say("why.rule.hurts"), chosen="yes", why=say("why.hurts.the_trap")))
            return True
        after, m = self.human_event(card)
        harm = Harm(self.view, m, after)
        thresholds = self.view.rules.priorities.space_dump
        measured = {name: CRITERIA.get("space_dump", name)(harm) for name in thresholds}
        hurt = any(measured[name] >= t for name, t in thresholds.items())
        self.view.note(
            Step(
                say("why.rule.hurts"),
                chosen="yes" if hurt else "no",
                figures=measured,
            )
        )
        return hurt


@dataclass(slots=True, unsafe_hash=True)  # a value: not frozen, for speed (docs/decisions.md §10)
class Harm:
    """What the space-dump measures read: the decision's view, the human event's dry run
    (`Judge.human_event`) and the state it ends in."""

    view: View
    metrics: Metrics
    after: GameState

    def scoring_soon(self) -> list[str]:
        """The Primary Region and the region that scores at the end of the next round."""
        return [r for r in (self.view.primary, self.view.next_scoring) if r]


@criterion("space_dump", "human_vp")
def _human_vp(h: Harm) -> int:
    """VP the human gains (now, later by a lasting effect, or by one that answers the card)."""
    return -h.metrics.vp


@criterion("space_dump", "ai_controls_lost")
def _ai_controls_lost(h: Harm) -> int:
    """Countries whose control the AI loses."""
    return h.metrics.ai_controls_lost


@criterion("space_dump", "ai_influence_lost")
def _ai_influence_lost(h: Harm) -> int:
    """AI influence removed."""
    return h.metrics.ai_influence_lost


@criterion("space_dump", "human_gains_bg")
def _human_gains_bg(h: Harm) -> int:
    """Battlegrounds whose control the human gains."""
    return sum(1 for c in h.metrics.human_gained if h.view.bg(c))


@criterion("space_dump", "human_gains_where_it_scores")
def _human_gains_where_it_scores(h: Harm) -> int:
    """Countries whose control the human gains in the Primary Region or in a region that scores
    at the end of this round or the next."""
    regions = h.scoring_soon()
    rules = h.view.rules
    return sum(1 for c in h.metrics.human_gained if any(in_region(rules, c, r) for r in regions))


@criterion("space_dump", "primary_score_to_human")
def _primary_score_to_human(h: Harm) -> int:
    """How far the Primary Region's score moves toward the human."""
    return -h.metrics.score_gain


@criterion("space_dump", "next_score_to_human")
def _next_score_to_human(h: Harm) -> int:
    """How far the score of the region that scores next moves toward the human, when that is
    not the Primary (the Secondary, when the next round scores it)."""
    v = h.view
    region = v.next_scoring
    if region is None or region == v.primary:
        return 0
    gain = primary_score(v.rules, h.after, v.side, region)
    return primary_score(v.rules, v.state, v.side, region) - gain


def careful_crisis(view: View, card: int, predicates: Predicates) -> bool:
    """Spec §25.4 (the enhanced AI's careful_cuban_missile_crisis): Cuban Missile Crisis is
    headlined only when rules/enhanced.yaml's `headline_if` also holds (DEFCON 3 or lower, 2+
    of the human's influence removed)."""
    if card != CardId.CUBAN_MISSILE_CRISIS or not view.headline:
        return True
    if not view.uses(CAREFUL_CUBAN_MISSILE_CRISIS):
        return True
    if evaluate(view.rules.enhanced.cmc_headline_if, predicates):
        return True
    rule = say("why.rule.careful_cmc")
    view.note(Step(rule, chosen="no", why=say("why.careful_cmc.not_in_hl")))
    return False


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
        view.note(Step(say("why.rule.china_card"), chosen="ops"))
    elif owner is view.human:
        can_dump = "space_race" in ways and space_refusal(state, rules, side, ops) is None
        if (
            can_dump
            and judge.hurts(card)
            and not military_ops_first(judge, card)
            and not score_before_dump(judge, card)
        ):
            view.note(Step(say("why.rule.space_race_dump"), chosen="space_race"))
            return "space_race"
        why = say("why.human_event.event_first")
        view.note(Step(say("why.rule.human_event"), chosen="ops", why=why))
    elif "event" not in ways:
        # Appendix G2: an event that cannot happen now is not offered (engine/card_play.py).
        why = say("why.event.cannot_happen")
        view.note(Step(g2(card), chosen="ops", why=why))
    elif judge.allows_event(card):
        return "event"
    # Spec §12.3.3/§16.2: the Space Race when nothing is to be done in the two regions. The
    # plan is probed on its own trace; the "operation" question plans again on the board as the
    # event (if any) leaves it.
    probe = view.probe()
    budget = OpsBudget.for_card(state, rules, side, card)
    plan = plan_operations(probe, budget, allow_space="space_race" in ways, card_ops=ops)
    if plan.kind == "space_race":
        view.trace.extend(probe.trace)
        return "space_race"
    return "ops"


def defer_harmful_event(judge: Judge, card: int) -> str:
    """Spec §25.5 (the enhanced AI's defer_harmful_event): "defer" a human event that hurts the
    AI (§12.2.3a) when the Space Race dump is not open (this turn's attempt used, or the card's
    ops below the next box); else "play"."""
    view = judge.view
    ops = card_ops(view.state, view.rules, view.side, card)
    refusal = space_refusal(view.state, view.rules, view.side, ops)
    defer = refusal is not None and judge.hurts(card)
    view.note(
        Step(
            say("why.rule.defer"),
            chosen="defer" if defer else "play",
            why=refusal or say("why.defer.dump_open"),
        )
    )
    return "defer" if defer else "play"


def military_ops_first(judge: Judge, card: int) -> bool:
    """Spec §14.4: in an AR where the military ops catch-up is due, the AI does not dump a card
    whose event would cost it fewer VP (dry run) than the penalty its shortfall would cost, when
    a §14.4 coup can cut that shortfall."""
    view = judge.view
    if not military_ops_due(view):
        return False
    shortfall = milops_shortfall(view)
    cost = max(0, -judge.human_event(card)[1].vp)
    budget = OpsBudget.for_card(view.state, view.rules, view.side, card)
    probe = view.probe()
    if shortfall <= cost or military_ops_coup(probe, budget) is None:
        return False
    view.note(
        Step(
            say("why.rule.no_dump"),
            chosen="ops",
            why=say("why.no_dump.shortfall", shortfall=shortfall, cost=cost),
            figures={"shortfall": shortfall, "event_vp": cost},
        )
    )
    return True


def score_before_dump(judge: Judge, card: int) -> bool:
    """Spec §12.2.3a [r3] score before dumping: in a Scoring Round the AI keeps the human's card
    for ops when G, what option 0 gains with its ops in the Primary on the board the event
    leaves, reaches `min_gain` and is no less than H, the VP the event gives the human plus
    the Primary's score it moves toward the human (one dry run: the event, then option 0)."""
    view = judge.view
    p = view.rules.priorities
    primary = view.primary
    if not p.score_before_dump or not view.scoring_round or primary is None:
        return False
    after, m = judge.human_event(card)
    later = View(view.rules, after, view.side, [])
    budget = OpsBudget.for_card(after, view.rules, view.side, card)
    stage = influence_stage(later, budget, primary, option0=True)
    gain = primary_score(view.rules, stage.view.state, view.side, primary) - primary_score(
        view.rules, after, view.side, primary
    )
    harm = -m.vp - m.score_gain
    keep = gain >= p.score_before_dump_min_gain and gain >= harm
    view.note(
        Step(
            say("why.rule.score_before_dump"),
            chosen="ops" if keep else "dump",
            why=say("why.score_before_dump.gain", gain=gain, harm=harm),
            figures={"option0_gain": gain, "event_harm": harm},
        )
    )
    return keep


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
    if box4 and view.uses(BEST_HEADLINE_WITH_BOX4):
        best = best_headline(judge, qualifying, can_reveal, need)
        if best is not None:
            return best
    strong = [c for c in qualifying if rules.card(c).ops >= need]
    if strong:
        rule = say("why.rule.ai_headline")
        view.note(Step(rule, chosen=strong[0], candidates=tuple(revealed)))
        return strong[0]
    if can_reveal:
        view.note(Step(say("why.rule.reveal_another"), candidates=tuple(revealed)))
        return "reveal"
    pool = qualifying or [c for c in revealed if rules.card(c).owner is not view.human] or revealed
    chosen = min(pool, key=lambda c: (rules.card(c).ops, c))
    view.note(Step(say("why.rule.none_qualifies"), chosen=chosen, candidates=tuple(revealed)))
    return chosen


def best_headline(
    judge: Judge, qualifying: list[int], can_reveal: bool, need: int
) -> int | str | None:
    """Spec §25.3 (the enhanced AI's best_headline_with_box4): with the box-4 ability, reveal
    until `headline_cards` (rules/enhanced.yaml) qualifying cards are held or the deck/hand
    runs out, then headline the one whose event gains the most: a won game, dry-run VP, then
    influence changed; Ops >= the human's headline, then higher Ops break ties. None: nothing
    qualifies (§9.2's fallback)."""
    view = judge.view
    rules = view.rules
    if len(qualifying) < rules.enhanced.headline_cards and can_reveal:
        view.note(Step(say("why.rule.reveal_another_best"), candidates=tuple(qualifying)))
        return "reveal"
    if not qualifying:
        return None

    def gain(c: int) -> tuple[int, ...]:
        m = judge.dry_run(c, view.side)[1]
        ops = rules.card(c).ops
        return (int(m.wins), m.vp, m.infl_changed, int(ops >= need), ops)

    ranked = sorted(qualifying, key=gain, reverse=True)
    view.note(
        Step(
            say("why.rule.best_headline"),
            chosen=ranked[0],
            candidates=tuple(ranked),
            figures={str(c): list(gain(c)) for c in ranked},
        )
    )
    return ranked[0]


def _qualifies(judge: Judge, card: int) -> bool:
    view = judge.view
    if card == CHINA_CARD or view.rules.card(card).owner is view.human:
        return False
    return judge.allows_event(card)
