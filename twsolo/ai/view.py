"""What an AI decision looks at: the side it plays for, the regions in force, and the small
board facts the priority rules use (caps, costs, the Region/Country Priority Table)."""

from __future__ import annotations

from dataclasses import dataclass

from twsolo.ai.trace import Step
from twsolo.engine.board import holds
from twsolo.engine.scoring import acting_secondary, pile_region
from twsolo.engine.state import GameState
from twsolo.ids import SOUTHEAST_ASIA, Side
from twsolo.ruleset import Ruleset
from twsolo.solo.scoring_rounds import next_round_scores


@dataclass(init=False)
class View:
    """One decision's context. `side` is the side the rules play for: the AI, or the human's side
    when a dry run needs the human's choices made by the AI's own rules (spec §1.8)."""

    rules: Ruleset
    state: GameState
    side: Side
    trace: list[Step]
    # Whether anyone reads the trace (`why`, a game log): without, the narrowing steps are not
    # written (a dry run's or a simulation's decisions, issue #26).
    keep: bool

    # __init__ by hand: a compiled build runs it natively, where the dataclass's would be
    # interpreted (docs/decisions.md §14); every decision and dry run builds several views.
    def __init__(
        self,
        rules: Ruleset,
        state: GameState,
        side: Side,
        trace: list[Step] | None = None,
        keep: bool = True,
    ) -> None:
        self.rules = rules
        self.state = state
        self.side = side
        self.trace = [] if trace is None else trace
        self.keep = keep
        # Read in every cost, cap and control test of the §13 search: kept as attributes, not
        # looked up through the side and the rules at each call (issue #26).
        self.human: Side = side.other
        self.col: int = side.col
        self.human_col: int = self.human.col
        self.stabilities: tuple[int, ...] = rules.stabilities
        self.battlegrounds: tuple[bool, ...] = rules.battlegrounds

    @property
    def primary(self) -> str | None:
        return pile_region(self.state, self.rules, "primary")

    @property
    def secondary(self) -> str | None:
        return acting_secondary(self.state, self.rules)

    @property
    def scoring_round(self) -> bool:
        return self.state.scoring_round

    @property
    def headline(self) -> bool:
        return self.state.action_round == 0

    @property
    def next_scoring(self) -> str | None:
        """The region the next action round will score, when that is known now (the Secondary
        when the next round is a Scoring Round: spec §7.3, §8)."""
        return next_round_scores(self.rules, self.state)

    def uses(self, switch: str) -> bool:
        """Whether the enhanced AI's `switch` (spec §25) is in force for this decision: the game
        uses it and the rules play for the AI (not the human's side of a dry run)."""
        state = self.state
        return switch in state.enhanced and state.ai_side is self.side

    def sandbox(self, trace: list[Step] | None = None) -> View:
        """The same decision on a board copy the planners may place influence on."""
        trace = self.trace if trace is None else trace
        return View(self.rules, self.state.board_copy(), self.side, trace, self.keep)

    def recast(self, *, primary: str | None = None, scoring_round: bool | None = None) -> View:
        """The view on a copy of the state where `primary` is the Primary Region (an event, or
        a rule, that names the region the AI works in) and the round is (True) or is not
        (False) a Scoring Round; None keeps what is."""
        if primary is None and scoring_round is None:
            return self
        state = self.state.copy()
        if primary is not None:
            for card in list(state.piles["primary"].known()):
                state.put(card, "spent")
            state.put(self.rules.scoring_card_for(primary).number, "primary")
        if scoring_round is not None:
            state.scoring_round = scoring_round
        return View(self.rules, state, self.side, self.trace, self.keep)

    def note(self, step: Step) -> None:
        if self.keep:
            self.trace.append(step)

    def probe(self, trace: list[Step] | None = None) -> View:
        """The same decision on the same board with its own trace (`trace`, else a new one)."""
        return View(self.rules, self.state, self.side, [] if trace is None else trace, self.keep)

    # ---- board facts (spec §13.1)
    def ai_influence(self, c: int) -> int:
        value: int = self.state.cells[c, self.col]
        return value

    def human_influence(self, c: int) -> int:
        value: int = self.state.cells[c, self.human_col]
        return value

    def stability(self, c: int) -> int:
        return self.stabilities[c]

    def bg(self, c: int) -> bool:
        return self.battlegrounds[c]

    def ai_controls(self, c: int) -> bool:
        return holds(self.state.cells, self.stabilities, self.col, c)

    def human_controls(self, c: int) -> bool:
        return holds(self.state.cells, self.stabilities, self.human_col, c)

    def uncontrolled(self, c: int) -> bool:
        return not self.ai_controls(c) and not self.human_controls(c)

    def cap(self, c: int) -> int:
        """Spec §11.4: at most control (+1 in a battleground): h + s (+ 1)."""
        p = self.rules.priorities
        extra = p.cap_battleground_extra if self.bg(c) else p.cap_other_extra
        return self.human_influence(c) + self.stability(c) + extra

    def adjacent_to_human_superpower(self, c: int) -> bool:
        return self.rules.countries[c].superpower is self.human

    def rank(self, c: int) -> tuple[int, int]:
        """Spec §18: region first, then the country's place in its region's list."""
        country = self.rules.countries[c]
        p = self.rules.priorities
        return p.region_order.index(country.region), p.country_rank[country.id]

    def members(self, region: str) -> tuple[int, ...]:
        """A region's countries; Southeast Asia is its 7 countries (spec §1.3)."""
        return self.rules.members(region)

    def regions_by_table(self) -> list[str]:
        return list(self.rules.priorities.region_order)


def in_region(rules: Ruleset, c: int, region: str) -> bool:
    if region == SOUTHEAST_ASIA:
        return SOUTHEAST_ASIA in rules.countries[c].subregions
    return rules.countries[c].region == region
