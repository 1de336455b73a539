"""How good a position is for the human, in VP: what the strong stand-in's look-ahead ends on.

The value is the VP in the human's favour plus what the position promises: each region's score
weighted by how soon and how often it will be scored (the solitaire schedule is public: spec
§7, §8), the military operations check to come (spec §19.E), the danger of DEFCON 2 on the
human's own turn (spec §20.1.2) and, above any VP, how the game ends: a win (20 VP, Europe
control in a Scoring Round with the VP in the human's favour, spec §20.1.1, §20.1.5) or a loss
(the AI's 20 VP or its control of Europe in a Scoring Round, spec §20.1.4, DEFCON 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from twsolo.engine import calendar
from twsolo.engine.scores import RegionScore
from twsolo.engine.scoring import pile_region, region_score
from twsolo.engine.state import GameState
from twsolo.ids import SCORING_REGIONS, SOUTHEAST_ASIA, CardId, Era, Side
from twsolo.ruleset import Card, Ruleset

EUROPE = "europe"
UNDECIDED = 0.9  # a position short of the end is worth at most this share of a won game


@dataclass(frozen=True)
class Weights:
    """The stand-in's judgement (not rules of the game; tuned by measuring games)."""

    win: float = 100.0  # a won or lost game, above any VP
    decay: float = 0.93  # a region's present score counts this much less per round to its scoring
    later: float = 0.12  # per further scoring expected of a region after the next one
    europe_danger: float = 12.0  # the AI controls Europe, scoring or not this turn
    # The human's shortfall of military ops, by the human's action rounds left in the turn.
    milops_human: tuple[float, ...] = (1.0, 0.75, 0.5, 0.35, 0.25)
    # The AI's shortfall (VP for the human), by the AI's action rounds left in the turn.
    milops_ai: tuple[float, ...] = (1.0, 0.7, 0.55, 0.45)
    defcon2: float = 1.0  # DEFCON 2 while the human still has action rounds this turn


DEFAULT = Weights()


def eligible(rules: Ruleset, region: str, turn: int) -> bool:
    """Spec §8.3: only an Early War region scores in turns 1–3."""
    if not calendar.early_war(turn):
        return True
    return scoring_card(rules, region).era == "early"


# Each region's scoring card (a search of the cards; the rules are in the key, by identity).
_scoring_cards: dict[tuple[Ruleset, str], Card] = {}


def scoring_card(rules: Ruleset, region: str) -> Card:
    card = _scoring_cards.get((rules, region))
    if card is None:
        card = _scoring_cards[rules, region] = rules.scoring_card_for(region)
    return card


def deck_regions(state: GameState, rules: Ruleset, turn: int) -> dict[str, float]:
    """The region of the next card off the Scoring Card Deck, each equally likely among the
    eligible ones in its shuffled part (its order is unknown to everyone), else the spent row."""
    for pile in ("scoring_deck", "spent"):
        cards = state.piles[pile].shuffled if pile == "scoring_deck" else state.piles[pile].known()
        regions = [
            r
            for c in cards
            if (r := rules.card(c).scoring) is not None and eligible(rules, r, turn)
        ]
        if regions:
            return {r: regions.count(r) / len(regions) for r in set(regions)}
    return {}


def next_scoring(state: GameState, rules: Ruleset) -> tuple[int, dict[str, float]]:
    """Rounds until the next Scoring Round's scoring (0: at the end of this round) and the
    chance of each region being the one scored (spec §7.3, §8.3, §8.4)."""
    timing = rules.regions
    if state.scorings >= timing.max_scorings:
        return 99, {}
    n, turn = state.action_round, state.turn
    primary = pile_region(state, rules, "primary")
    secondary = pile_region(state, rules, "secondary")
    if state.scoring_round and not state.primary_scored and primary:
        return 0, {primary: 1.0}
    if not calendar.early_war(turn):
        coming = [m for m in timing.midlate_rounds if m > n]
        if coming and coming[0] == n + 1 and secondary:
            return 1, {secondary: 1.0}
        if coming:
            return coming[0] - n, deck_regions(state, rules, turn)
    elif not state.scoring_rounds_this_turn:
        if secondary and n + 1 >= timing.early_first_round and eligible(rules, secondary, turn):
            return 1, {secondary: 1.0}
        return max(n + 2, timing.early_first_round) - n, deck_regions(state, rules, turn)
    # The next turn's first Scoring Round: the regions are reshuffled at its step X.
    if turn >= calendar.FINAL_TURN:
        return 99, {}
    first = (
        timing.midlate_rounds[0] if not calendar.early_war(turn + 1) else timing.early_first_round
    )
    regions = [
        r for r in SCORING_REGIONS if eligible(rules, r, turn + 1) and in_game(state, rules, r)
    ]
    return calendar.action_rounds(turn) - n + first, {r: 1 / len(regions) for r in regions}


def in_game(state: GameState, rules: Ruleset, region: str) -> bool:
    """Southeast Asia's card leaves the game after it scores (spec §8.5)."""
    return scoring_card(rules, region).number not in state.piles["removed"]


# By turn: the headline and action rounds of the turns after it, to the end of turn 10.
ROUNDS_AFTER = [
    sum(calendar.action_rounds(t) + 1 for t in range(turn + 1, calendar.FINAL_TURN + 1))
    for turn in range(calendar.FINAL_TURN + 1)
]


def rounds_to_end(state: GameState) -> int:
    """Rounds until the final scoring (spec §19.I): those left in this turn, then each later
    turn's headline and action rounds."""
    left = calendar.action_rounds(state.turn) - state.action_round
    return left + ROUNDS_AFTER[min(state.turn, calendar.FINAL_TURN)]


def later_scorings(state: GameState, rules: Ruleset) -> float:
    """How many more Scoring Round scorings a region can expect after the next one (the same
    for each region, spread over all seven)."""
    turn, n = state.turn, state.action_round
    if not calendar.early_war(turn):
        this_turn = sum(1 for m in rules.regions.midlate_rounds if m > n) - 1
        rest = max(0, this_turn) + len(rules.regions.midlate_rounds) * (calendar.FINAL_TURN - turn)
        return rest / len(SCORING_REGIONS)
    mid = calendar.ERA_FIRST_TURN[Era.MID]
    early = mid - 1 - turn  # one per later Early War turn, over the three Early War regions
    midlate = len(rules.regions.midlate_rounds) * (calendar.FINAL_TURN - mid + 1)
    return early / 3 + midlate / len(SCORING_REGIONS)


def rounds_left(state: GameState, side: Side, pending: frozenset[Side]) -> int:
    """`side`'s action rounds still to come this turn: those after the current one, and the
    current one if `side` is among the sides still `pending` in it."""
    return calendar.action_rounds(state.turn) - state.action_round + (side in pending)


def value(
    state: GameState,
    rules: Ruleset,
    human: Side,
    w: Weights = DEFAULT,
    pending: frozenset[Side] = frozenset(),
) -> float:
    """The position's worth to `human`, in VP (see the module docstring). `pending`: the sides
    that have still to act in the current action round."""
    vp = state.vp * human.sign
    result = state.result
    if result is not None:
        if result.winner is human:
            return w.win + vp
        if result.winner is human.other:
            return -w.win + vp
        return float(vp)
    rounds, chances = next_scoring(state, rules)
    near = w.decay**rounds
    later = w.later * later_scorings(state, rules)
    final = w.decay ** rounds_to_end(state)
    total = float(vp)
    board = state.influence.tobytes()
    effects = (
        state.has_effect(CardId.FORMOSAN_RESOLUTION),
        state.has_effect(CardId.SHUTTLE_DIPLOMACY),
    )
    for region in SCORING_REGIONS:
        score = cached_score(state, rules, region, board, effects)
        weight = chances.get(region, 0.0) * near + later
        if region != SOUTHEAST_ASIA:
            weight += final
        total += weight * score.vp * human.sign
        if score.auto_win is not None and region == EUROPE:
            stake = w.win * chances.get(region, 0.0) * near
            if score.auto_win is human:
                total += stake if vp > 0 else 0.0
            else:
                total -= stake + w.europe_danger
    total += milops(state, human, w, pending)
    if state.defcon <= 2 and rounds_left(state, human, pending) > 0:
        total -= w.defcon2
    # A position is never worth a game already won or lost: both sides still have moves.
    return max(-UNDECIDED * w.win, min(UNDECIDED * w.win, total))


# Region scores by the region's influence (and the two effects scoring reads): a look-ahead
# judges many positions that differ in one country, so the other regions are scored once. The
# rules are in the key (a Ruleset hashes by identity): `simulate --compare-rules` judges under
# two rulesets in one process.
_scores: dict[tuple[Ruleset, str, bytes, tuple[bool, bool]], RegionScore] = {}
_MAX_SCORES = 50_000
# Each region's rows of the influence array: the countries from its first to its last (a region's
# countries are listed together; a subregion's span holds others too, which only costs hits).
_spans: dict[tuple[Ruleset, str], tuple[int, int]] = {}


def cached_score(
    state: GameState, rules: Ruleset, region: str, board: bytes, effects: tuple[bool, bool]
) -> RegionScore:
    """`region_score`, remembered; `board` is `state.influence.tobytes()`, `effects` whether
    Formosan Resolution and Shuttle Diplomacy are in force."""
    span = _spans.get((rules, region))
    if span is None:
        members = rules.members(region)
        row = state.influence[0].nbytes
        span = _spans[rules, region] = (min(members) * row, (max(members) + 1) * row)
    key = (rules, region, board[span[0] : span[1]], effects)
    score = _scores.get(key)
    if score is None:
        if len(_scores) >= _MAX_SCORES:
            _scores.clear()
        score = _scores[key] = region_score(state, rules, region)
    return score


def milops(state: GameState, human: Side, w: Weights, pending: frozenset[Side]) -> float:
    """Spec §19.E: each side's shortfall at the end of the turn gives the other VP; the rounds
    left to make it up lower what it is expected to cost."""
    ai = human.other
    short_h = max(0, state.defcon - state.milops[human.col])
    short_a = max(0, state.defcon - state.milops[ai.col])
    k_h = min(rounds_left(state, human, pending), len(w.milops_human) - 1)
    k_a = min(rounds_left(state, ai, pending), len(w.milops_ai) - 1)
    return short_a * w.milops_ai[k_a] - short_h * w.milops_human[k_h]
