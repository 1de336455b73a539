"""Region scoring (base §10.1; card-events Part B; spec §8.6) and final scoring (spec §19.I).

`region_score` is pure: it says what scoring a region now would move. `score_region` applies it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from twsolo.engine.board import controlled
from twsolo.engine.state import GameState, Result
from twsolo.ids import SOUTHEAST_ASIA, Side
from twsolo.ruleset import Ruleset

if TYPE_CHECKING:
    from twsolo.engine.game import Game

FORMOSAN_RESOLUTION = 35  # a US-controlled Taiwan counts as a battleground for scoring (B6)
SHUTTLE_DIPLOMACY = 73  # the USSR counts one battleground fewer in the next Asia/ME scoring
SHUTTLE_REGIONS = ("asia", "middle_east")


@dataclass(frozen=True, slots=True)
class SideScore:
    level: str  # none | presence | domination | control
    countries: int
    battlegrounds: int
    adjacent: int  # controlled countries adjacent to the enemy superpower
    vp: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "countries": self.countries,
            "battlegrounds": self.battlegrounds,
            "adjacent": self.adjacent,
        }


@dataclass(frozen=True, slots=True)
class RegionScore:
    region: str
    sides: dict[Side, SideScore]
    vp: int  # net, positive = US (board convention)
    auto_win: Side | None = None  # control of a region whose control wins (Europe)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {s.value: self.sides[s].to_dict() for s in Side}
        out["vp"] = self.vp
        if self.auto_win:
            out["control_wins"] = self.auto_win.value
        return out


def region_score(
    state: GameState, rules: Ruleset, region: str, *, final: bool = False
) -> RegionScore:
    """What scoring `region` now would give. Shuttle Diplomacy does not apply at final scoring
    (card-events D2); Formosan Resolution does (D9)."""
    if region == SOUTHEAST_ASIA:
        return _southeast_asia(state, rules)
    table = rules.scoring.regions[region]
    members = rules.members(region)
    ctrl = {s: controlled(state, rules, s) for s in Side}
    bg = rules.battleground.copy()
    taiwan = rules.index.get("taiwan")
    if state.has_effect(FORMOSAN_RESOLUTION) and taiwan is not None and ctrl[Side.US][taiwan]:
        bg[taiwan] = True
    all_bgs = [i for i in members if bg[i]]
    counts: dict[Side, tuple[int, int, int]] = {}
    for side in Side:
        mine = [i for i in members if ctrl[side][i]]
        bgs = sum(1 for i in mine if bg[i])
        if (
            side is Side.USSR
            and not final
            and region in SHUTTLE_REGIONS
            and state.has_effect(SHUTTLE_DIPLOMACY)
        ):
            bgs = max(0, bgs - 1)
        adjacent = sum(1 for i in mine if rules.countries[i].superpower is side.other)
        counts[side] = (len(mine), bgs, adjacent)
    sides: dict[Side, SideScore] = {}
    auto_win = None
    for side in Side:
        n, bgs, adjacent = counts[side]
        on, obgs, _ = counts[side.other]
        non_bg = n - bgs
        if n > on and all_bgs and bgs == len(all_bgs):
            level = "control"
        elif n > on and bgs > obgs and bgs >= 1 and non_bg >= 1:
            level = "domination"
        elif n >= 1:
            level = "presence"
        else:
            level = "none"
        base = {
            "none": 0,
            "presence": table.presence,
            "domination": table.domination,
            "control": table.control or 0,
        }[level]
        if level == "control" and table.control is None:
            auto_win = side
        bonus = bgs * rules.scoring.per_battleground
        bonus += adjacent * rules.scoring.per_adjacent_superpower
        sides[side] = SideScore(level, n, bgs, adjacent, base + bonus)
    vp = sides[Side.US].vp - sides[Side.USSR].vp
    return RegionScore(region, sides, vp, auto_win)


def _southeast_asia(state: GameState, rules: Ruleset) -> RegionScore:
    """Card-events B4: VP per controlled country, Thailand 2; no levels, no bonuses."""
    sides: dict[Side, SideScore] = {}
    for side in Side:
        ctrl = controlled(state, rules, side)
        mine = [i for i in rules.members(SOUTHEAST_ASIA) if ctrl[i]]
        vp = sum(
            rules.scoring.sea_exceptions.get(rules.countries[i].id, rules.scoring.sea_per_country)
            for i in mine
        )
        bgs = sum(1 for i in mine if rules.countries[i].battleground)
        sides[side] = SideScore("presence" if mine else "none", len(mine), bgs, 0, vp)
    return RegionScore(SOUTHEAST_ASIA, sides, sides[Side.US].vp - sides[Side.USSR].vp)


def score_region(game: Game, region: str) -> RegionScore:
    """Apply a region's scoring. Control of Europe ends the game by `game.policy`'s rule."""
    score = region_score(game.state, game.rules, region)
    name = region.replace("_", " ").title()
    if score.vp:
        game.gain_vp(Side.US, score.vp, f"{name} scoring")
    if region in SHUTTLE_REGIONS and game.state.has_effect(SHUTTLE_DIPLOMACY):
        game.remove_effect(SHUTTLE_DIPLOMACY)
        if 73 in game.state.piles["in_effect"]:
            game.move_card(73, "discard")
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
        if score.vp:
            game.gain_vp(Side.US, score.vp, f"final scoring: {region.replace('_', ' ')}")
        if score.auto_win is not None:
            game.region_control_win(score.auto_win, region)
    game.gain_vp(game.state.china_holder, game.rules.scoring.china_card_vp, "the China Card")
    vp = game.state.vp
    winner = Side.US if vp > 0 else Side.USSR if vp < 0 else None
    game.end(Result(winner, "final_scoring"))
    return scores
