"""The immutable Ruleset and its parts, built once from rules/*.yaml by load.py."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from twsolo.ids import SCORING_REGIONS, Side
from twsolo.phrases import language
from twsolo.ruleset.conditions import Condition, Window

_A = TypeVar("_A", bound=npt.NDArray[Any])


@dataclass(frozen=True, slots=True, kw_only=True)
class Country:
    index: int
    id: str
    english: str  # the name in rules/map.yaml; `name` is the one in the language in use
    region: str
    subregions: frozenset[str]
    stability: int
    battleground: bool
    superpower: Side | None  # the superpower box this country touches, if any
    neighbours: tuple[str, ...]
    start: Mapping[Side, int]
    names: Mapping[str, str] = field(default_factory=dict)  # by language (names-LANG.yaml)

    @property
    def name(self) -> str:
        """The country's name in the language in use (English where it has none)."""
        return self.names.get(language(), self.english) if self.names else self.english


@dataclass(frozen=True, slots=True, kw_only=True)
class War:
    """A war event's facts (card-events: Korean War, Arab-Israeli War, Indo-Pakistani War,
    Brush War, Iran-Iraq War): the roll needs `success` after −1 per adjacent country the
    defender controls (and −1 more for the target itself when `target_counts`); a win gives `vp`
    and the defender's influence there; `milops` either way."""

    targets: tuple[str, ...]  # the countries it may attack; empty: any the event allows
    vp: int
    milops: int
    success: int
    target_counts: bool


# A card's `side` as the side whose event it is: a look-up, not an Enum call (read in every
# decision about a card).
_OWNERS: Mapping[str, Side | None] = {"us": Side.US, "ussr": Side.USSR, "neutral": None}


@dataclass(frozen=True, slots=True, kw_only=True)
class Card:
    number: int
    english: str  # the name in rules/cards.yaml; `name` is the one in the language in use
    ops: int
    side: str  # us | ussr | neutral
    era: str
    removed: bool
    scoring: str | None  # the region a scoring card scores
    optional: bool
    china_card: bool
    # The event's own facts, read by the engine and the AI alike (rules/cards.yaml): the regions
    # it acts in, a war's figures, and the numbers its text prints (`figure`).
    event_regions: tuple[str, ...] = ()
    war: War | None = None
    figures: Mapping[str, int] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)  # by language (names-LANG.yaml)

    @property
    def name(self) -> str:
        """The card's name in the language in use (English where it has none)."""
        return self.names.get(language(), self.english) if self.names else self.english

    def figure(self, name: str) -> int:
        """A number the card's event text prints (rules/cards.yaml `figures`)."""
        return self.figures[name]

    @property
    def owner(self) -> Side | None:
        """The side whose event this is; None for neutral cards."""
        return _OWNERS[self.side]

    def __str__(self) -> str:
        return f"#{self.number} {self.name}"


@dataclass(frozen=True, slots=True, kw_only=True)
class RegionScoring:
    region: str
    card: int
    presence: int
    domination: int
    control: int | None  # None: control wins the game (Europe)


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoringRules:
    regions: Mapping[str, RegionScoring]
    per_battleground: int
    per_adjacent_superpower: int
    sea_card: int
    sea_per_country: int
    sea_exceptions: Mapping[str, int]
    final_regions: tuple[str, ...]
    china_card_vp: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ExtraInfluence:
    """spec §2.4: per side, for each die result, the countries and amounts placed."""

    dice: int
    by_roll: Mapping[Side, Mapping[int, Mapping[str, int]]]


@dataclass(frozen=True, slots=True, kw_only=True)
class SetupRules:
    extra_influence: ExtraInfluence
    difficulty: Mapping[str, int]  # spec §2.5: VP the AI starts ahead
    draft_cap_human_events: int  # spec §24.5 [r3]: the human's events the AI may be given
    # spec §24.6 [r4]: the balanced set-up's influence, per side, added to every §2.4 column
    balanced_extra: Mapping[Side, Mapping[str, int]]


@dataclass(frozen=True, slots=True, kw_only=True)
class SpaceBox:
    box: int
    english: str  # the name in rules/space.yaml; `name` is the one in the language in use
    ops: int
    success: int  # highest die result that succeeds
    vp_first: int
    vp_second: int
    ability: str  # none | two_attempts | headline_second | discard_held | eighth_round
    names: Mapping[str, str] = field(default_factory=dict)  # by language (names-LANG.yaml)

    @property
    def name(self) -> str:
        """The box's name in the language in use (English where it has none)."""
        return self.names.get(language(), self.english) if self.names else self.english


@dataclass(frozen=True, slots=True, kw_only=True)
class RegionRules:
    """Spec §7.3, §8.3–§8.5, §10.2, §20.2, §23.10 ([designed]; rules/regions.yaml)."""

    shift_first_round: int
    scored_to: str  # bottom | spent
    unscored_to: str
    early_first_round: int
    early_last_round: int
    midlate_rounds: tuple[int, ...]
    max_scorings: int
    human_offregion_penalty_vp: int
    # Spec §23.10: in a Scoring Round the Secondary keeps its role (the human's penalty-free
    # area, the AI's fall-back region); false: the literal reading, the Primary alone.
    secondary_in_scoring_round: bool
    victory_rating: tuple[tuple[int, str], ...]  # (minimum score, rating), best first


@dataclass(frozen=True, slots=True, kw_only=True)
class Priorities:
    """The AI's priority tables (spec §11.4, §12.2.3a, §12.4, §13–§15, §18; priorities.yaml)."""

    cap_battleground_extra: int
    cap_other_extra: int
    influence_options: tuple[str, ...]
    influence_tiebreak: tuple[str, ...]
    coup_order: tuple[str, ...]
    coup_likely: float
    coup_tiebreak: tuple[str, ...]
    coup_bg_min_defcon_nsr: int
    coup_bg_min_defcon_sr: int
    milops_per_round_left: int
    decisive_coup_min_control_chance: float
    decisive_coup_min_swing: int
    decisive_coup_min_swing_to_defcon2: int
    realign_order: tuple[str, ...]
    realign_tiebreak: tuple[str, ...]
    space_dump: Mapping[str, int]
    score_before_dump: bool  # §12.2.3a [r3]: in a Scoring Round, weigh option 0 first
    score_before_dump_min_gain: int  # ... and keep the card for ops when it gains this many VP
    trap_cards: Mapping[Side, int]  # §12.2.3a [r3]: the card that always hurts the AI of a side
    milops_battlegrounds: bool  # §14.4 [r3]: a BG is a military-ops target within §14.3
    region_order: tuple[str, ...]
    country_rank: Mapping[str, int]  # country id -> position in the §18 table (0 first)


# Spec §25: the enhanced AI's switches, as rules/enhanced.yaml names them (the code implements
# these and no others).
PREPARE_NEXT_SCORING = "prepare_next_scoring"  # §25.1
CHINA_CARD_ALWAYS_ENTERS = "china_card_always_enters"  # §25.2
BEST_HEADLINE_WITH_BOX4 = "best_headline_with_box4"  # §25.3
CAREFUL_CUBAN_MISSILE_CRISIS = "careful_cuban_missile_crisis"  # §25.4
DEFER_HARMFUL_EVENT = "defer_harmful_event"  # §25.5 [r3]
GUARD_PREPARED = "guard_prepared"  # §25.6 [r3]
FINAL_SWEEP = "final_sweep"  # §25.7 [r3]
# §25.7's rounds: every Non-Scoring Round of the turn [r4], or those after its last SR [r3]
FINAL_SWEEP_ROUNDS = ("every", "after_last_scoring")
ENHANCED_SWITCHES = (
    PREPARE_NEXT_SCORING,
    CHINA_CARD_ALWAYS_ENTERS,
    BEST_HEADLINE_WITH_BOX4,
    CAREFUL_CUBAN_MISSILE_CRISIS,
    DEFER_HARMFUL_EVENT,
    GUARD_PREPARED,
    FINAL_SWEEP,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class EnhancedRules:
    """Spec §25, the enhanced AI (rules/enhanced.yaml): the switches it uses (`on`: those whose
    `use` is true) and their figures."""

    on: tuple[str, ...]
    headline_cards: int  # §25.3: qualifying cards revealed with the box-4 ability
    cmc_headline_if: Condition  # §25.4: Cuban Missile Crisis headlined only if this holds
    guard_points: int  # §25.6: the points added to a country §25.1 brings to exactly control
    final_sweep_turn: int  # §25.7: the turn whose Non-Scoring Rounds sweep
    # §25.7: "every" Non-Scoring Round of that turn [r4], or only those "after_last_scoring" [r3]
    final_sweep_rounds: str


@dataclass(frozen=True, slots=True)
class Named:
    """A criterion of the appendix's choice vocabulary, with its argument if it takes one."""

    name: str
    arg: Any = None

    def text(self) -> str:
        if self.arg is None:
            return self.name
        arg = ", ".join(self.arg) if isinstance(self.arg, tuple) else self.arg
        return f"{self.name}: {arg}"


@dataclass(frozen=True, slots=True)
class Tier:
    """One tier of a choice: the candidates passing every filter, ordered by its own keys (the
    spec's keys when None)."""

    where: tuple[Named, ...]
    keys: tuple[Named, ...] | None = None


@dataclass(frozen=True, slots=True)
class AnswerRule:
    """`<answer>` or `<answer> if: <condition>`: the answer, when legal and the condition holds."""

    answer: str
    condition: Condition | None
    text: str


@dataclass(frozen=True, slots=True)
class Rerun:
    """Spec §17.6 with named measures: re-run the event with each candidate, the best by
    `measure` in turn (None: the general result of §17.6); ties go to `prefer`'s order."""

    measure: tuple[Named, ...] | None
    prefer: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Plan:
    """Operations an event grants, planned by spec §12.3 as if `primary` were the Primary Region
    (and a Scoring Round when `scoring_round`), with influence over `regions`."""

    primary: str | None = None
    scoring_round: bool = False
    regions: str | tuple[str, ...] = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ChoiceSpec:
    """How the AI answers one question of a card's event, by its key (appendix.yaml `resolve`;
    the order of evaluation in docs/ai.md): where it applies (`when`, `side`), the answers it
    gives outright (`answer`), and otherwise which candidates (`regions`, `where`), in what order
    (`tiers`, `keys`, `then`), and what to answer when none is left (`otherwise`). `plan`: the
    operations an event grants; `procedure`: the code of a registered procedure instead."""

    key: str
    when: tuple[Window, ...] = ()
    side: str = ""  # "ai": only when the AI answers (not the human's side in a dry run)
    answer: tuple[AnswerRule, ...] = ()
    regions: str | tuple[str, ...] = ""
    within_event: bool = False
    select: str = ""  # first: the first region of the order; cascade: the first that answers
    where: tuple[Named, ...] = ()
    tiers: tuple[Tier, ...] = ()
    keys: tuple[Named, ...] = ()
    then: Named | Rerun | None = None
    otherwise: str = ""
    plan: Plan | None = None
    procedure: Named | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class AppendixEntry:
    """How the AI handles one card (spec §21, card-appendix.md): its windows; how it resolves the
    event's questions (`resolve`, by key; `choices` is the editor's note beside it); the code
    the entry needs (`procedures`, registered by name)."""

    card: int
    source: str  # seed | designed | designed_optional
    windows: tuple[Window, ...]
    choices: str
    on_human_play: str
    note: str
    resolve: Mapping[str, ChoiceSpec] = field(default_factory=dict)
    procedures: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class MapLayout:
    """Where the board picture (twsolo/cli/board_picture.py) draws the map: rules/map.yaml's
    `layout`, in the picture's units. Corners are top-left; no two boxes overlap (checked)."""

    size: tuple[int, int]  # the map's width and height
    box: tuple[int, int]  # a country box's width and height
    superpower_box: tuple[int, int]
    at: Mapping[str, tuple[int, int]]  # each country's box, by id
    # Each superpower's boxes: the USA has two, beside the Americas and across the Pacific from
    # Japan, as on the printed board; a link is drawn to the nearest.
    superpowers: Mapping[Side, tuple[tuple[int, int], ...]]
    labels: Mapping[str, tuple[int, int]]  # where each region's name is written


@dataclass(frozen=True, slots=True, kw_only=True)
class Names:
    """One language's names of what the person names (rules/names-<language>.yaml), by the ids
    the rest of the rules use: every card (by number) and country, the regions and subregions,
    the tracks (ids.TRACKS), the piles (ids.PILES), the Space Race's boxes and the Victory
    Ratings."""

    language: str
    cards: Mapping[int, str]
    countries: Mapping[str, str]
    regions: Mapping[str, str]
    tracks: Mapping[str, str]
    piles: Mapping[str, str]
    space: Mapping[int, str]  # the Space Race's boxes, by number
    ratings: Mapping[str, str]  # the Victory Ratings, by their English names


@dataclass(frozen=True, eq=False, repr=False, kw_only=True)
class Ruleset:
    """Every fact and table the engine, the AI and the turn flow read. Never mutated."""

    source: Path
    digest: str
    countries: tuple[Country, ...]
    cards: Mapping[int, Card]
    scoring: ScoringRules
    setup: SetupRules
    space: tuple[SpaceBox, ...]  # index 0 is box 1
    appendix: Mapping[int, AppendixEntry]
    regions: RegionRules
    priorities: Priorities
    enhanced: EnhancedRules
    layout: MapLayout
    names: Mapping[str, Names]  # by language: the names besides the English ones
    # By language, card number and field: the appendix's texts worded in that language
    # (rules/appendix-LANG.yaml; the English ones are the entries' own).
    appendix_texts: Mapping[str, Mapping[int, Mapping[str, str]]] = field(default_factory=dict)

    def __repr__(self) -> str:
        return f"Ruleset({str(self.source)!r}, digest={self.digest[:12]})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Hypothesis and IPython print this short form too, not every country and card."""
        printer.text(repr(self))

    # --- derived lookups (computed once) ---
    @cached_property
    def index(self) -> Mapping[str, int]:
        return {c.id: c.index for c in self.countries}

    def country(self, country_id: str) -> Country:
        return self.countries[self.index[country_id]]

    def rating_name(self, rating: str) -> str:
        """A Victory Rating (kept in English in saves and reports) in the language in use."""
        names = self.names.get(language())
        return names.ratings.get(rating, rating) if names is not None else rating

    def card_names(self, number: int) -> tuple[str, ...]:
        """Every name of a card an answer may use: the English one, then each language's."""
        return (self.cards[number].english, *(n.cards[number] for n in self.names.values()))

    def country_names(self, country_id: str) -> tuple[str, ...]:
        """Every name of a country an answer may use: the English one, then each language's."""
        own = self.country(country_id).english
        return (own, *(n.countries[country_id] for n in self.names.values()))

    @cached_property
    def card_called(self) -> Mapping[str, int]:
        """Each card's number by every name it has (card_names); the loader checks that no
        name belongs to two cards."""
        return {name: n for n in self.cards for name in self.card_names(n)}

    @cached_property
    def country_called(self) -> Mapping[str, str]:
        """Each country's id by every name it has (country_names)."""
        return {name: c.id for c in self.countries for name in self.country_names(c.id)}

    @cached_property
    def stability(self) -> npt.NDArray[np.int16]:
        return _frozen(np.array([c.stability for c in self.countries], dtype=np.int16))

    @cached_property
    def stabilities(self) -> tuple[int, ...]:
        """Stability as plain ints, for scalar lookups in hot loops."""
        return tuple(c.stability for c in self.countries)

    @cached_property
    def battleground(self) -> npt.NDArray[np.bool_]:
        return _frozen(np.array([c.battleground for c in self.countries], dtype=np.bool_))

    @cached_property
    def battlegrounds(self) -> tuple[bool, ...]:
        """Battleground or not as plain bools, for scalar lookups in hot loops."""
        return tuple(c.battleground for c in self.countries)

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(self.index[n] for n in c.neighbours) for c in self.countries)

    @cached_property
    def _members(self) -> Mapping[str, tuple[int, ...]]:
        out: dict[str, list[int]] = {}
        for c in self.countries:
            out.setdefault(c.region, []).append(c.index)
            for sub in c.subregions:
                out.setdefault(sub, []).append(c.index)
        return {k: tuple(v) for k, v in out.items()}

    def members(self, region: str) -> tuple[int, ...]:
        """Country indices of a region or subregion (`southeast_asia`, `east_europe`, ...)."""
        return self._members.get(region, ())

    @cached_property
    def _superpower_adjacent(self) -> Mapping[Side, npt.NDArray[np.bool_]]:
        return {
            side: _frozen(np.array([c.superpower is side for c in self.countries], dtype=np.bool_))
            for side in Side
        }

    def superpower_adjacent(self, side: Side) -> npt.NDArray[np.bool_]:
        """Countries adjacent to `side`'s superpower box."""
        return self._superpower_adjacent[side]

    @cached_property
    def _superpower_neighbours(self) -> Mapping[Side, frozenset[int]]:
        return {
            side: frozenset(np.flatnonzero(self.superpower_adjacent(side)).tolist())
            for side in Side
        }

    def superpower_neighbours(self, side: Side) -> frozenset[int]:
        """The indices of the countries adjacent to `side`'s superpower box."""
        return self._superpower_neighbours[side]

    @cached_property
    def sea_weights(self) -> npt.NDArray[np.int16]:
        """Southeast Asia scoring's VP per country (card-events B4)."""
        s = self.scoring
        return _frozen(
            np.array(
                [s.sea_exceptions.get(c.id, s.sea_per_country) for c in self.countries],
                dtype=np.int16,
            )
        )

    @cached_property
    def _scoring_facts(self) -> Mapping[str, tuple[tuple[int, int, bool, bool, bool, int], ...]]:
        us, ussr = self.superpower_adjacent(Side.US), self.superpower_adjacent(Side.USSR)
        return {
            region: tuple(
                (
                    i,
                    self.stabilities[i],
                    bool(self.battleground[i]),
                    bool(us[i]),
                    bool(ussr[i]),
                    int(self.sea_weights[i]),
                )
                for i in members
            )
            for region, members in self._members.items()
        }

    def scoring_facts(self, region: str) -> tuple[tuple[int, int, bool, bool, bool, int], ...]:
        """Per country of the region: index, stability, battleground, next to the US box, next
        to the USSR box, Southeast Asia VP (region scoring's inner loop)."""
        return self._scoring_facts[region]

    def scoring_region(self, region: str) -> str:
        """The region that scores `region`'s countries: itself, or for Eastern and Western
        Europe, Europe (Southeast Asia scores on its own card)."""
        return region if region in SCORING_REGIONS else "europe"

    def in_region(self, index: int, region: str) -> bool:
        country = self.countries[index]
        return country.region == region or region in country.subregions

    def card(self, number: int) -> Card:
        return self.cards[number]

    @cached_property
    def china_card(self) -> Card:
        return next(c for c in self.cards.values() if c.china_card)

    def scoring_card_for(self, region: str) -> Card:
        return next(c for c in self.cards.values() if c.scoring == region)


def _frozen(array: _A) -> _A:
    array.flags.writeable = False
    return array
