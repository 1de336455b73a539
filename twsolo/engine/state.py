"""GameState: the whole position as plain data. No rules logic and no I/O live here.

Influence is a small int16 array (country × side), tracks are ints, card zones are `Pile`s, so a
copy for a dry run costs microseconds. Every card of the game sits in exactly one pile.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np
import numpy.typing as npt

from twsolo.ids import CHINA_CARD, PILES, Side
from twsolo.phrases import say

SCHEMA_VERSION = 1

# `GameState.where` of a card dealt face down and not seen since: no pile is known to hold it.
UNSEEN = "unseen"

# `where` looks first where the card asked about most often lies (a card is in exactly one
# pile): the card being played, the hands; then the rest in PILES order.
LOOKUP_FIRST = ("table", "hand_us", "hand_ussr")
LOOKUP_ORDER = (*LOOKUP_FIRST, *(p for p in PILES if p not in LOOKUP_FIRST))


def hand_of(side: Side) -> str:
    return f"hand_{side.value}"


def area_of(side: Side) -> str:
    return f"area_{side.value}"


@dataclass(slots=True)
class Pile:
    """A face-down pile as the table knows it (spec §4): a known top part, a shuffled part of
    known cards whose order nobody knows, `unseen` cards nobody has seen (their identities are
    among `GameState.unseen`), and a known bottom part.

    Drawing from the top takes the first card of `top`; when that is empty, a card of the
    shuffled part, seen or unseen (chance decides which: `GameState.candidates`); when that is
    empty too, the first of the bottom part. Putting a card "at the bottom" appends to `bottom`;
    "on top" puts it first in `top` (Missile Envy, appendix #49). Shuffling merges the known
    parts into the shuffled part; `keep_top` shuffles only the cards under the known top (a
    shuffle that an event does before it puts its card on top), `keep_bottom` only the cards
    above the known bottom. No order is hidden anywhere,
    and no identity the table does not know is kept here (docs/decisions.md §3).
    """

    shuffled: list[int] = field(default_factory=list)
    bottom: list[int] = field(default_factory=list)
    top: list[int] = field(default_factory=list)
    unseen: int = 0

    def __len__(self) -> int:
        return len(self.top) + len(self.shuffled) + self.unseen + len(self.bottom)

    def known(self) -> Iterator[int]:
        """The cards whose place here is known, from the top down (the shuffled part in no
        particular order). The `unseen` cards are not among them."""
        yield from self.top
        yield from self.shuffled
        yield from self.bottom

    def __contains__(self, card: object) -> bool:
        return card in self.top or card in self.shuffled or card in self.bottom

    def copy(self) -> Pile:
        # Slot by slot past __init__: a state copy copies all 17 piles.
        clone = Pile.__new__(Pile)
        clone.shuffled = self.shuffled.copy()
        clone.bottom = self.bottom.copy()
        clone.top = self.top.copy()
        clone.unseen = self.unseen
        return clone

    def remove(self, card: int) -> None:
        for part in (self.top, self.shuffled, self.bottom):
            if card in part:
                part.remove(card)
                return
        raise ValueError(f"card {card} is not known to be in the pile")

    def shuffle(self, *, keep_top: bool = False, keep_bottom: bool = False) -> None:
        if not keep_top:
            self.shuffled.extend(self.top)
            self.top.clear()
        if not keep_bottom:
            self.shuffled.extend(self.bottom)
            self.bottom.clear()

    @property
    def middle(self) -> int:
        """How many cards lie between the known top and the known bottom."""
        return len(self.shuffled) + self.unseen

    def to_dict(self) -> dict[str, Any]:
        """`top` and `unseen` are written only when they hold a card: a pile without them
        reads and writes as before they existed."""
        out: dict[str, Any] = {"shuffled": sorted(self.shuffled), "bottom": list(self.bottom)}
        if self.top:
            out["top"] = list(self.top)
        if self.unseen:
            out["unseen"] = self.unseen
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Pile:
        return cls(
            list(data["shuffled"]),
            list(data["bottom"]),
            list(data.get("top", [])),
            int(data.get("unseen", 0)),
        )

    def canonical(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
        return tuple(self.top), tuple(sorted(self.shuffled)), tuple(self.bottom), self.unseen


@dataclass(frozen=True, slots=True)
class Effect:
    """A lasting effect in force (card-events Part D). `side` is the side the effect applies to,
    as the card's entry in engine/effects.py defines it; `data` holds a card's extra detail
    (Chernobyl's region, Red Scare's target)."""

    card: int
    side: Side | None = None
    data: str = ""

    def to_list(self) -> list[Any]:
        return [self.card, self.side.value if self.side else None, self.data]

    def sort_key(self) -> tuple[int, str, str]:
        return self.card, self.side.value if self.side else "", self.data

    @classmethod
    def from_list(cls, raw: list[Any]) -> Effect:
        return cls(int(raw[0]), Side(raw[1]) if raw[1] else None, str(raw[2]))


@dataclass(frozen=True, slots=True)
class Result:
    winner: Side | None  # None = draw
    reason: str  # "vp20", "defcon1", "europe_control", "final_scoring", "wargames", ...


@dataclass(slots=True, eq=False)
class GameState:
    influence: npt.NDArray[np.int16]  # shape (countries, 2): column 0 US, column 1 USSR
    vp: int = 0  # positive = US ahead (spec §1.7)
    defcon: int = 5
    turn: int = 1
    action_round: int = 0  # 0 = headline
    phasing: Side = Side.USSR
    milops: list[int] = field(default_factory=lambda: [0, 0])  # indexed by Side.col
    space: list[int] = field(default_factory=lambda: [0, 0])
    space_attempts: list[int] = field(default_factory=lambda: [0, 0])
    china_face_up: bool = True
    piles: dict[str, Pile] = field(default_factory=lambda: {name: Pile() for name in PILES})
    # Spec §4: the cards dealt face down that nobody has seen since, sorted. Each lies in the
    # `unseen` part of some pile; which one, the table does not know (docs/decisions.md §3).
    unseen: list[int] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    result: Result | None = None
    # The solitaire layer's bookkeeping (spec §7, §8); unused in a plain engine game.
    ai_side: Side | None = None
    scoring_round: bool = False  # the current action round is a Scoring Round
    scoring_rounds_this_turn: int = 0
    scorings: int = 0  # regions scored in Scoring Rounds this game (spec §8.5: at most 17)
    primary_scored: bool = False  # the current Primary was scored (spec §7.3.1)
    # The enhanced AI's switches in force (spec §25; the game's options): the AI's rules read
    # them here, so every copy a dry run makes carries them.
    enhanced: tuple[str, ...] = ()
    # `influence` for scalar reads (`cells[country, col]`), several times faster than
    # ndarray.item in the AI's inner loops. It shares the array's memory, so `influence` is
    # changed in place and never rebound; a copy makes its own. A memoryview, typed Any:
    # mypyc has no memoryview type (the compiled build, docs/decisions.md §14).
    cells: Any = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.cells = self.influence.data

    # ---- reading
    def inf(self, country: int, side: Side) -> int:
        value: int = self.cells[country, side.col]
        return value

    def pile(self, name: str) -> Pile:
        return self.piles[name]

    def where(self, card: int) -> str:
        """The name of the pile known to hold `card`; `UNSEEN` for a card dealt face down and
        not seen since (its pile is not known)."""
        for name in LOOKUP_ORDER:
            if card in self.piles[name]:
                return name
        if card in self.unseen:
            return UNSEEN
        raise KeyError(f"card {card} is in no pile")

    def candidates(self, pile: str) -> list[int]:
        """The cards that may come off the top of `pile` next, as far as the table knows: the
        known top card; else any card of the shuffled part, or of the unseen cards when the
        pile holds some of them; else the first of the bottom part. Sorted; empty when the
        pile is."""
        p = self.piles[pile]
        if p.top:
            return p.top[:1]
        if p.unseen:
            return sorted([*p.shuffled, *self.unseen])
        if p.shuffled:
            return sorted(p.shuffled)
        return p.bottom[:1]

    # ---- setting up a position
    def put(self, card: int, pile: str) -> None:
        """Move `card` into `pile`'s shuffled part, unrecorded: for building a position
        (scenario files, tests, benchmarks). A game's own moves go through Game.move_card."""
        self.piles[self.where(card)].remove(card)
        self.piles[pile].shuffled.append(card)

    def card_problems(self, cards: int = 110) -> list[str]:
        """What breaks the conservation of cards: each of the game's cards lies in exactly one
        pile's known parts or among the unseen cards, and the piles' unseen slots add up to the
        unseen cards."""
        problems = []
        found = sorted([*(c for p in self.piles.values() for c in p.known()), *self.unseen])
        if found != list(range(1, cards + 1)):
            problems.append("cards not conserved (each in exactly one place, or face down unseen)")
        if sum(p.unseen for p in self.piles.values()) != len(self.unseen):
            problems.append("the piles' unseen cards do not add up to the unseen cards")
        return problems

    @property
    def china_holder(self) -> Side:
        """The side that has the China Card, in its play area or inside its deck/hand."""
        for side in Side:
            if CHINA_CARD in self.piles[area_of(side)] or CHINA_CARD in self.piles[hand_of(side)]:
                return side
        raise KeyError("the China Card is in no player's area or deck/hand")

    # Plain loops, not any()/next() over a generator: these run on every rule check.
    def has_effect(self, card: int, side: Side | None = None) -> bool:
        for e in self.effects:  # noqa: SIM110 (speed, above)
            if e.card == card and (side is None or e.side is side):
                return True
        return False

    def effect(self, card: int) -> Effect | None:
        for e in self.effects:
            if e.card == card:
                return e
        return None

    @property
    def over(self) -> bool:
        return self.result is not None

    # ---- copying and comparing
    def copy(self) -> GameState:
        """A copy sharing nothing mutable (the other fields hold immutable values)."""
        clone = self._clone(self.influence.copy())
        clone.milops = self.milops.copy()
        clone.space = self.space.copy()
        clone.space_attempts = self.space_attempts.copy()
        clone.piles = {name: pile.copy() for name, pile in self.piles.items()}
        clone.unseen = self.unseen.copy()
        clone.effects = self.effects.copy()
        return clone

    def board_copy(self) -> GameState:
        """A copy whose influence may change, sharing everything else: for planners that try
        placements (the AI's §13 search) and must not touch piles, tracks or effects."""
        return self._clone(self.influence.copy())

    def _clone(self, influence: npt.NDArray[np.int16]) -> GameState:
        # Field by field past __init__, each named: the AI's look-aheads copy states thousands
        # of times, and a compiled build (docs/decisions.md §14) sets a named field directly
        # where a setattr by name takes the slow path. Every field of STATE_FIELDS is here
        # (tests/test_engine_state.py checks a copy field by field).
        clone = GameState.__new__(GameState)
        clone.influence = influence
        clone.cells = influence.data
        clone.vp = self.vp
        clone.defcon = self.defcon
        clone.turn = self.turn
        clone.action_round = self.action_round
        clone.phasing = self.phasing
        clone.milops = self.milops
        clone.space = self.space
        clone.space_attempts = self.space_attempts
        clone.china_face_up = self.china_face_up
        clone.piles = self.piles
        clone.unseen = self.unseen
        clone.effects = self.effects
        clone.result = self.result
        clone.ai_side = self.ai_side
        clone.scoring_round = self.scoring_round
        clone.scoring_rounds_this_turn = self.scoring_rounds_this_turn
        clone.scorings = self.scorings
        clone.primary_scored = self.primary_scored
        clone.enhanced = self.enhanced
        return clone

    # Pickling and copy.copy: `cells` is a view of `influence`, rebuilt on arrival (a memoryview
    # cannot be pickled, and a copy's view must be of its own array).
    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in STATE_FIELDS}

    def __setstate__(self, fields: dict[str, Any]) -> None:
        for name, value in fields.items():
            setattr(self, name, value)
        self.cells = self.influence.data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    # Unhashable (mutable): defining __eq__ sets __hash__ to None. Not said again in the body: a
    # compiled build would take the line for a field (docs/decisions.md §14).

    # ---- JSON
    def to_dict(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "influence": self.influence.tolist(),
            "vp": self.vp,
            "defcon": self.defcon,
            "turn": self.turn,
            "action_round": self.action_round,
            "phasing": self.phasing.value,
            "milops": list(self.milops),
            "space": list(self.space),
            "space_attempts": list(self.space_attempts),
            "china_face_up": self.china_face_up,
            "piles": {name: pile.to_dict() for name, pile in self.piles.items()},
            "unseen": list(self.unseen),
            "effects": [e.to_list() for e in sorted(self.effects, key=Effect.sort_key)],
            "result": None
            if self.result is None
            else {
                "winner": self.result.winner.value if self.result.winner else None,
                "reason": self.result.reason,
            },
            "ai_side": self.ai_side.value if self.ai_side else None,
            "scoring_round": self.scoring_round,
            "scoring_rounds_this_turn": self.scoring_rounds_this_turn,
            "scorings": self.scorings,
            "primary_scored": self.primary_scored,
            # Written only for the enhanced AI: other positions read and write as before.
            **({"enhanced": list(self.enhanced)} if self.enhanced else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        version = data.get("schema_version")
        if version != SCHEMA_VERSION:
            raise ValueError(
                say("engine.state.schema_version", version=repr(version), reads=SCHEMA_VERSION)
            )
        result = data["result"]
        return cls(
            influence=np.array(data["influence"], dtype=np.int16).reshape(-1, 2),
            vp=int(data["vp"]),
            defcon=int(data["defcon"]),
            turn=int(data["turn"]),
            action_round=int(data["action_round"]),
            phasing=Side(data["phasing"]),
            milops=[int(x) for x in data["milops"]],
            space=[int(x) for x in data["space"]],
            space_attempts=[int(x) for x in data["space_attempts"]],
            china_face_up=bool(data["china_face_up"]),
            piles={name: Pile.from_dict(data["piles"][name]) for name in PILES},
            unseen=[int(c) for c in data.get("unseen", [])],
            effects=[Effect.from_list(e) for e in data["effects"]],
            result=None
            if result is None
            else Result(Side(result["winner"]) if result["winner"] else None, result["reason"]),
            ai_side=Side(data["ai_side"]) if data["ai_side"] else None,
            scoring_round=bool(data["scoring_round"]),
            scoring_rounds_this_turn=int(data["scoring_rounds_this_turn"]),
            scorings=int(data["scorings"]),
            primary_scored=bool(data["primary_scored"]),
            enhanced=tuple(str(name) for name in data.get("enhanced", ())),
        )


# The fields a pickle or a copy carries: all but `cells` (see GameState.__getstate__).
STATE_FIELDS = tuple(f.name for f in fields(GameState) if f.name != "cells")
