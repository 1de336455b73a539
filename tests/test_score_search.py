"""The search over a region's scoring counts (ai/score_search.py, spec §13.2 option 0): the
position it reaches by a country's take or break is the one the board shows once the influence
is placed, Taiwan's battleground status under Formosan Resolution included (card-events #35)."""

from __future__ import annotations

import pytest

from tests.support import position
from twsolo.ai.score_search import ScoreStep, cheapest_positions
from twsolo.engine.board import controller
from twsolo.engine.scoring import Counts, control_change, region_counts
from twsolo.engine.state import Effect, GameState
from twsolo.ids import CardId, Side
from twsolo.ruleset import Ruleset

ASIA = "asia"


def step_to(state: GameState, rules: Ruleset, country: str, target: int, side: Side) -> ScoreStep:
    """`side` placing influence in `country` up to `target`: its step as the search sees it."""
    c = rules.index[country]
    now = state.influence[c]
    placed = state.copy()
    placed.influence[c, side.col] = target
    holder = controller(placed, rules, c)
    _, lost, gained, bgs = control_change(state, rules, ASIA, c, holder)
    assert int(now[side.col]) < target
    return ScoreStep(c, target, target - int(now[side.col]), gained, lost, bgs)


@pytest.mark.parametrize("formosan", [False, True])
def test_the_counts_searched_are_the_counts_on_the_board(rules: Ruleset, formosan: bool) -> None:
    """The USSR breaks the US's control of Taiwan (stability 3: US 3, USSR 0 → USSR 1 leaves it
    uncontrolled): with Formosan Resolution in force Taiwan stops being a battleground, so the
    region's battlegrounds fall by one, as region_counts reads them after the placement."""
    effects = [Effect(CardId.FORMOSAN_RESOLUTION, Side.US)] if formosan else []
    state = position(rules, empty=True, influence={"taiwan": (3, 0)}, effects=effects)
    counts, bgs = region_counts(state, rules, ASIA)
    start = (counts[Side.USSR], counts[Side.US], bgs)
    step = step_to(state, rules, "taiwan", 1, Side.USSR)
    reached = cheapest_positions(start, [[step]], limit=1)
    after = state.copy()
    after.influence[rules.index["taiwan"], Side.USSR.col] = 1
    counts_after, bgs_after = region_counts(after, rules, ASIA)
    assert reached[counts_after[Side.USSR], counts_after[Side.US], bgs_after] == (1, (step,))
    assert bgs_after == bgs - int(formosan)


def test_a_step_beyond_the_ops_is_not_taken(rules: Ruleset) -> None:
    """Only the start is reachable when the one step costs more than the ops."""
    state = position(rules, empty=True, influence={"taiwan": (3, 0)})
    counts, bgs = region_counts(state, rules, ASIA)
    start = (counts[Side.USSR], counts[Side.US], bgs)
    step = step_to(state, rules, "taiwan", 1, Side.USSR)
    assert cheapest_positions(start, [[step]], limit=0) == {start: (0, ())}


def test_a_country_s_cheaper_step_is_tried_after_a_dear_one(rules: Ruleset) -> None:
    """A country's take may not fit the ops left while its break does: both are tried, in any
    order, from every position reached before (here: taking Japan costs 2, then South Korea's
    take is too dear but its break fits the 3 ops)."""
    japan, korea = rules.index["japan"], rules.index["south_korea"]
    bg = Counts(countries=1, battlegrounds=1)
    take_japan = ScoreStep(japan, 4, 2, Counts(countries=1), Counts(), 0)
    take_korea = ScoreStep(korea, 6, 3, bg, bg, 0)
    break_korea = ScoreStep(korea, 2, 1, Counts(), bg, 0)
    start = (Counts(), Counts(countries=1, battlegrounds=1), 6)
    reached = cheapest_positions(start, [[take_japan], [take_korea, break_korea]], limit=3)
    assert reached[Counts(countries=1), Counts(), 6] == (3, (take_japan, break_korea))
