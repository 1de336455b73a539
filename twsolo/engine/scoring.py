"""Region scoring (base §10.1; card-events Part B; spec §8.6) and final scoring (spec §19.I).

`region_score` is pure: it says what scoring a region now would move. `score_region` applies it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from twsolo.engine.board import controller
from twsolo.engine.records import RegionScored, region_name
from twsolo.engine.scores import RegionScore, SideScore
from twsolo.engine.state import GameState, Result
from twsolo.ids import SIDES, SOUTHEAST_ASIA, CardId, Side, card_key
from twsolo.phrases import say
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game


@dataclass(slots=True, init=False, eq=False)  # a value: not frozen, for speed (decisions §10)
class Counts:
    """What a side controls in a region: what scoring reads (base §10.1). Its __init__,
    __eq__ and __hash__ are written out: a compiled build runs them natively, where the
    dataclass's own would be interpreted (docs/decisions.md §14); the score search hashes
    thousands of them per game."""

    countries: int
    battlegrounds: int
    adjacent: int  # adjacent to the enemy superpower
    weighted: int  # Southeast Asia: VP of the controlled countries (Thailand 2)
    adjacent_bgs: int  # battlegrounds adjacent to the enemy superpower (Shuttle Diplomacy)

    def __init__(
        self,
        countries: int = 0,
        battlegrounds: int = 0,
        adjacent: int = 0,
        weighted: int = 0,
        adjacent_bgs: int = 0,
    ) -> None:
        self.countries = countries
        self.battlegrounds = battlegrounds
        self.adjacent = adjacent
        self.weighted = weighted
        self.adjacent_bgs = adjacent_bgs

    def _fields(self) -> tuple[int, int, int, int, int]:
        return (
            self.countries,
            self.battlegrounds,
            self.adjacent,
            self.weighted,
            self.adjacent_bgs,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Counts):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __add__(self, other: Counts) -> Counts:
        return Counts(
            self.countries + other.countries,
            self.battlegrounds + other.battlegrounds,
            self.adjacent + other.adjacent,
            self.weighted + other.weighted,
            self.adjacent_bgs + other.adjacent_bgs,
        )

    def __sub__(self, other: Counts) -> Counts:
        return Counts(
            self.countries - other.countries,
            self.battlegrounds - other.battlegrounds,
            self.adjacent - other.adjacent,
            self.weighted - other.weighted,
            self.adjacent_bgs - other.adjacent_bgs,
        )


def pile_region(state: GameState, rules: Ruleset, pile: str) -> str | None:
    """The region of the scoring card lying in `pile` ("primary", "secondary"), or None."""
    cards = rules.cards  # read at every look at the Primary: no method call per card
    for card in state.piles[pile].known():
        region = cards[card].scoring
        if region:
            return region
    return None


def acting_secondary(state: GameState, rules: Ruleset) -> str | None:
    """The Secondary Region as a place to act (the human's penalty-free area, spec §10.2; the
    AI's fall-back, §12.3.3, §12.5, §17.2): none in a Scoring Round under the literal reading
    of spec §23.10 (rules/regions.yaml `secondary_in_scoring_round: false`)."""
    if state.scoring_round and not rules.regions.secondary_in_scoring_round:
        return None
    return pile_region(state, rules, "secondary")


def is_battleground(state: GameState, rules: Ruleset, country: int, us_controls: bool) -> bool:
    """A battleground for scoring: Taiwan counts while Formosan Resolution holds and the US
    controls it (B6)."""
    if rules.countries[country].battleground:
        return True
    return (
        rules.countries[country].id == "taiwan"
        and us_controls
        and state.has_effect(CardId.FORMOSAN_RESOLUTION)
    )


def country_counts(
    state: GameState, rules: Ruleset, region: str, country: int, side: Side, us_controls: bool
) -> Counts:
    """What controlling `country` adds to `side`'s counts in `region`."""
    bg = is_battleground(state, rules, country, us_controls)
    adjacent = rules.countries[country].superpower is side.other
    weight = rules.scoring.sea_exceptions.get(
        rules.countries[country].id, rules.scoring.sea_per_country
    )
    weighted = weight if region == SOUTHEAST_ASIA else 0
    return Counts(1, int(bg), int(adjacent), weighted, int(bg and adjacent))


def region_counts(state: GameState, rules: Ruleset, region: str) -> tuple[dict[Side, Counts], int]:
    """Each side's counts in `region`, and how many battlegrounds the region has for scoring.
    Plain integer arithmetic over the region's countries: this runs in every dry run."""
    cells = state.cells
    taiwan = rules.index.get("taiwan") if state.has_effect(CardId.FORMOSAN_RESOLUTION) else None
    sea = region == SOUTHEAST_ASIA
    # Per side: countries, BGs, adjacent, weighted, adjacent BGs (one branch per country: a
    # country is controlled by one side at most).
    us = [0, 0, 0, 0, 0]
    ussr = [0, 0, 0, 0, 0]
    total_bgs = 0
    for i, stability, bg, next_to_us, next_to_ussr, weight in rules.scoring_facts(region):
        margin = cells[i, 0] - cells[i, 1]
        if margin >= stability:
            t, adjacent = us, next_to_ussr
            bg = bg or i == taiwan
        elif -margin >= stability:
            t, adjacent = ussr, next_to_us
        else:
            total_bgs += bg
            continue
        total_bgs += bg
        t[0] += 1
        if bg:
            t[1] += 1
            if adjacent:
                t[4] += 1
        if adjacent:
            t[2] += 1
        if sea:
            t[3] += weight
    counts = {Side.US: Counts(*us), Side.USSR: Counts(*ussr)}
    return counts, total_bgs


def control_change(
    state: GameState, rules: Ruleset, region: str, country: int, holder: Side | None
) -> tuple[Side | None, Counts, Counts, int]:
    """If `holder` (None: nobody) controlled `country` of `region`: its present controller, what
    that side's counts lose, what the holder's gain, and the change in the region's number of
    battlegrounds (Taiwan under Formosan Resolution, B6)."""
    now = controller(state, rules, country)
    us_now, us_then = now is Side.US, holder is Side.US
    lost = country_counts(state, rules, region, country, now, us_now) if now else Counts()
    gained = country_counts(state, rules, region, country, holder, us_then) if holder else Counts()
    bgs = int(is_battleground(state, rules, country, us_then)) - int(
        is_battleground(state, rules, country, us_now)
    )
    return now, lost, gained, bgs


def counts_if_held(
    state: GameState,
    rules: Ruleset,
    region: str,
    base: tuple[dict[Side, Counts], int],
    country: int,
    holder: Side | None,
) -> tuple[dict[Side, Counts], int]:
    """`region_counts` (given as `base`) as they would be if `holder` (None: nobody) controlled
    `country` of the region, every other country as now, without re-reading the region."""
    now, lost, gained, bgs = control_change(state, rules, region, country, holder)
    counts = dict(base[0])
    if now is not None:
        counts[now] = counts[now] - lost
    if holder is not None:
        counts[holder] = counts[holder] + gained
    return counts, base[1] + bgs


def shuttle_applies(state: GameState, rules: Ruleset, region: str, final: bool) -> bool:
    """Shuttle Diplomacy: the USSR counts one battleground fewer in the next scoring of one of
    its regions (Asia, the Middle East: rules/cards.yaml), not at final scoring (card-events
    D2)."""
    return (
        not final
        and state.has_effect(CardId.SHUTTLE_DIPLOMACY)
        and region in rules.card(CardId.SHUTTLE_DIPLOMACY).event_regions
    )


def shuttle_drop(ussr: Counts) -> Counts:
    """What Shuttle Diplomacy takes from the USSR's counts when the US picks the battleground
    that costs the USSR most: one next to the US if it controls one (its adjacency VP go too)."""
    adjacent = int(ussr.adjacent_bgs > 0)
    return Counts(1, 1, adjacent, 0, adjacent)


def score_counts(
    rules: Ruleset, region: str, counts: dict[Side, Counts], total_bgs: int, *, shuttle: bool
) -> RegionScore:
    """Base §10.1 (B1–B4) from the counts: levels, bonuses, the net VP."""
    if region == SOUTHEAST_ASIA:
        sides = {
            s: SideScore(
                "presence" if c.countries else "none", c.countries, c.battlegrounds, 0, c.weighted
            )
            for s, c in counts.items()
        }
        return RegionScore(region, sides, sides[Side.US].vp - sides[Side.USSR].vp)
    table = rules.scoring.regions[region]
    if shuttle and counts[Side.USSR].battlegrounds:
        # One USSR-controlled battleground is treated as not controlled (card-events #73), with
        # its adjacency VP; the US picks it, and one next to the US (Japan) is the better pick.
        counts = {**counts, Side.USSR: counts[Side.USSR] - shuttle_drop(counts[Side.USSR])}
    bgs = {s: counts[s].battlegrounds for s in SIDES}
    sides = {}
    auto_win = None
    for side in SIDES:
        n, mine, other = counts[side].countries, bgs[side], side.other
        more = n > counts[other].countries
        if more and total_bgs and mine == total_bgs:
            level, base = "control", table.control or 0
            auto_win = side if table.control is None else None
        elif more and mine > bgs[other] and mine >= 1 and n - mine >= 1:
            level, base = "domination", table.domination
        elif n >= 1:
            level, base = "presence", table.presence
        else:
            level, base = "none", 0
        bonus = mine * rules.scoring.per_battleground
        bonus += counts[side].adjacent * rules.scoring.per_adjacent_superpower
        sides[side] = SideScore(level, n, mine, counts[side].adjacent, base + bonus)
    return RegionScore(region, sides, sides[Side.US].vp - sides[Side.USSR].vp, auto_win)


def region_score(
    state: GameState, rules: Ruleset, region: str, *, final: bool = False
) -> RegionScore:
    """What scoring `region` now would give. Shuttle Diplomacy does not apply at final scoring
    (card-events D2); Formosan Resolution does (D9)."""
    counts, total_bgs = region_counts(state, rules, region)
    return score_counts(
        rules, region, counts, total_bgs, shuttle=shuttle_applies(state, rules, region, final)
    )


def shuttle_ignored(game: Game, region: str) -> int | None:
    """Card-events #73: the USSR-controlled battleground of `region` that Shuttle Diplomacy
    takes out of this scoring, chosen by the US when the choice matters (some of them are next
    to the US, some not: the adjacency VP go with the country); None when the USSR controls
    none."""
    state, rules = game.state, game.rules
    held = [
        c
        for c in rules.members(region)
        if controller(state, rules, c) is Side.USSR and is_battleground(state, rules, c, False)
    ]
    if not held:
        return None
    adjacent = {c for c in held if rules.countries[c].superpower is Side.US}
    if not adjacent or len(adjacent) == len(held):
        return held[0]  # every choice scores the same
    answer = game.ask(
        "country",
        Side.US,
        [rules.countries[c].id for c in held],
        say(
            "engine.scoring.shuttle_ignored.prompt",
            card=game.rules.card(CardId.SHUTTLE_DIPLOMACY).name,
        ),
        key=card_key(CardId.SHUTTLE_DIPLOMACY, "ignore"),
        event=CardId.SHUTTLE_DIPLOMACY,
        intent="ignore",
    )
    return rules.index[str(answer)]


def score_region(game: Game, region: str) -> RegionScore:
    """Apply a region's scoring. Control of Europe ends the game by `game.policy`'s rule.
    Shuttle Diplomacy's battleground is the one the US picks (`shuttle_ignored`)."""
    score = region_score(game.state, game.rules, region)
    if shuttle_applies(game.state, game.rules, region, False):
        ignored = shuttle_ignored(game, region)
        if ignored is not None:
            counts, total_bgs = region_counts(game.state, game.rules, region)
            lost = country_counts(game.state, game.rules, region, ignored, Side.USSR, False)
            counts[Side.USSR] = counts[Side.USSR] - lost
            score = score_counts(game.rules, region, counts, total_bgs, shuttle=False)
    name = region_name(region)
    game.record(RegionScored(score))
    if score.vp:
        game.gain_vp(Side.US, score.vp, say("engine.scoring.score_region.vp", name=name))
    if shuttle_applies(game.state, game.rules, region, False):
        game.remove_effect(CardId.SHUTTLE_DIPLOMACY)
        if CardId.SHUTTLE_DIPLOMACY in game.state.piles["in_effect"]:
            game.move_card(CardId.SHUTTLE_DIPLOMACY, "discard")
    if score.auto_win is not None:
        game.region_control_win(score.auto_win, region)
    return score


def final_scoring(game: Game) -> list[RegionScore]:
    """Spec §19.I (base B5): every map region as its card would (no Southeast Asia), Europe
    control still wins, the China Card's holder gains 1 VP; no 20-VP win at this step."""
    scores = []
    for region in game.rules.scoring.final_regions:
        score = region_score(game.state, game.rules, region, final=True)
        scores.append(score)
        game.record(RegionScored(score, final=True))
        if score.vp:
            game.gain_vp(
                Side.US,
                score.vp,
                say("engine.scoring.final_scoring.vp", region=region_name(region)),
            )
        if score.auto_win is not None:
            game.region_control_win(score.auto_win, region)
    game.gain_vp(
        game.state.china_holder,
        game.rules.scoring.china_card_vp,
        say("engine.scoring.final_scoring.vp_2"),
    )
    vp = game.state.vp
    winner = Side.US if vp > 0 else Side.USSR if vp < 0 else None
    game.end(Result(winner, "final_scoring"))
    return scores
