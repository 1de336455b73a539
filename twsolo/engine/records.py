"""What changed: every mutation of the game appends one of these to `Game.log`.

The journal, the game log and the "do this on the board" instructions are built from records,
so each can describe itself in words a person at the table follows.

Records are values: written once, never changed. They are not `frozen` dataclasses only because
a frozen dataclass costs three times as much to build, and a simulated game builds thousands
(docs/decisions.md §10).
"""

from __future__ import annotations

from dataclasses import dataclass

from twsolo.engine.adjust import Adjustment, describe
from twsolo.engine.state import Effect, Result
from twsolo.ids import Side
from twsolo.ruleset import Ruleset


@dataclass(slots=True)
class Record:
    def text(self, rules: Ruleset) -> str:
        raise NotImplementedError


@dataclass(slots=True)
class InfluenceChange(Record):
    country: int
    side: Side
    before: int
    after: int

    def text(self, rules: Ruleset) -> str:
        name = rules.countries[self.country].name
        delta = self.after - self.before
        verb = f"add {delta}" if delta > 0 else f"remove {-delta}"
        prep = "to" if delta > 0 else "from"
        return f"{verb} {self.side.label} influence {prep} {name} (now {self.after})"


@dataclass(slots=True)
class VPChange(Record):
    before: int
    after: int
    reason: str

    def text(self, rules: Ruleset) -> str:
        delta = self.after - self.before
        side = Side.US if delta > 0 else Side.USSR
        return f"{side.label} gains {abs(delta)} VP ({self.reason}); VP track at {_vp(self.after)}"


@dataclass(slots=True)
class DefconChange(Record):
    before: int
    after: int
    reason: str

    def text(self, rules: Ruleset) -> str:
        return f"DEFCON {self.before} → {self.after} ({self.reason})"


@dataclass(slots=True)
class MilopsChange(Record):
    side: Side
    before: int
    after: int

    def text(self, rules: Ruleset) -> str:
        return f"{self.side.label} military operations {self.before} → {self.after}"


@dataclass(slots=True)
class SpaceChange(Record):
    side: Side
    before: int
    after: int

    def text(self, rules: Ruleset) -> str:
        return f"{self.side.label} space race marker to box {self.after}"


@dataclass(slots=True)
class SpaceAttempt(Record):
    side: Side
    count: int  # attempts made this turn after the change

    def text(self, rules: Ruleset) -> str:
        return f"{self.side.label} space race attempts this turn: {self.count}"


@dataclass(slots=True)
class CardMove(Record):
    card: int
    source: str
    target: str
    bottom: bool = False
    top: bool = False

    def text(self, rules: Ruleset) -> str:
        where = pile_name(self.target)
        if self.bottom or self.top:
            where = f"the {'bottom' if self.bottom else 'top'} of {where}"
        return f"{rules.card(self.card)} goes from {pile_name(self.source)} to {where}"


@dataclass(slots=True)
class Dealt(Record):
    """A card dealt face down: which card, nobody at the table knows (spec §4)."""

    source: str
    target: str

    def text(self, rules: Ruleset) -> str:
        return f"deal a card face down from {pile_name(self.source)} to {pile_name(self.target)}"


@dataclass(slots=True)
class Revealed(Record):
    """A face-down card seen where it lies, while someone looks through a pile."""

    card: int
    pile: str

    def text(self, rules: Ruleset) -> str:
        return f"{rules.card(self.card)} is seen in {pile_name(self.pile)}"


@dataclass(slots=True)
class Shuffled(Record):
    pile: str
    keep_top: bool = False
    keep_bottom: bool = False

    def text(self, rules: Ruleset) -> str:
        return self.phrase(pile_name(self.pile))

    def phrase(self, where: str) -> str:
        """The instruction with the pile called `where`."""
        kept = [
            *(["the card on top stays on top"] if self.keep_top else []),
            *(["the cards at the bottom stay there"] if self.keep_bottom else []),
        ]
        return f"shuffle {where}" + (f" ({'; '.join(kept)})" if kept else "")


@dataclass(slots=True)
class EffectChange(Record):
    effect: Effect
    added: bool

    def text(self, rules: Ruleset) -> str:
        """Appendix G9: while a lasting effect is in force its card, or a marker, lies face up
        beside the board."""
        card = rules.card(self.effect.card)
        detail = f" ({self.effect.data})" if self.effect.data else ""
        if self.added:
            return f"{card}{detail}: its effect lasts; keep the card or a marker beside the board"
        return f"{card}{detail}: its effect ends; take its card or marker from beside the board"


@dataclass(slots=True)
class DieRoll(Record):
    roller: str
    purpose: str
    value: int

    def text(self, rules: Ruleset) -> str:
        return f"{self.roller} rolls {self.value} ({self.purpose})"


@dataclass(slots=True)
class CoupDone(Record):
    side: Side
    country: int
    ops: int
    roll: int
    modified: int
    removed: int
    added: int
    free: bool

    def text(self, rules: Ruleset) -> str:
        c = rules.countries[self.country]
        kind = "free coup" if self.free else "coup"
        return (
            f"{self.side.label} {kind} in {c.name}: roll {self.roll} + {self.ops} ops"
            f" − 2×{c.stability} = {self.modified}: {self.removed} removed, {self.added} added"
        )


@dataclass(slots=True)
class RealignDone(Record):
    side: Side
    country: int
    rolls: tuple[int, int]  # (US, USSR) dice
    totals: tuple[int, int]  # with modifiers
    removed: tuple[int, int]  # (US, USSR) influence removed

    def text(self, rules: Ruleset) -> str:
        return (
            f"{self.side.label} realignment in {rules.countries[self.country].name}: "
            f"US {self.totals[0]} (roll {self.rolls[0]}), USSR {self.totals[1]} "
            f"(roll {self.rolls[1]})"
        )


@dataclass(slots=True)
class SpaceAttemptDone(Record):
    side: Side
    roll: int
    success: bool

    def text(self, rules: Ruleset) -> str:
        outcome = "succeeds" if self.success else "fails"
        return f"{self.side.label} space race attempt: roll {self.roll}, {outcome}"


@dataclass(slots=True)
class EventStart(Record):
    card: int
    player: Side
    chooser: Side

    def text(self, rules: Ruleset) -> str:
        return f"{self.player.label} plays {rules.card(self.card)} as an event"


@dataclass(slots=True)
class EventEnd(Record):
    card: int
    happened: bool

    def text(self, rules: Ruleset) -> str:
        return f"{rules.card(self.card)}: {'resolved' if self.happened else 'no effect'}"


@dataclass(slots=True)
class Answered(Record):
    """A question and its answer, in the log's order (the journal's backbone)."""

    actor: str
    kind: str
    answer: object
    key: str = ""  # the question's stable name (Choice.key)

    def text(self, rules: Ruleset) -> str:
        return f"{self.actor}: {self.key or self.kind} → {self.answer}"


@dataclass(slots=True)
class Note(Record):
    """A fact worth telling that changes nothing by itself (a coup's arithmetic, a refusal)."""

    message: str

    def text(self, rules: Ruleset) -> str:
        return self.message


@dataclass(slots=True)
class MarkerChange(Record):
    """The turn sequence's markers and the solitaire bookkeeping (turn, action round, phasing
    side, Scoring Round flags)."""

    name: str
    value: object

    def text(self, rules: Ruleset) -> str:
        shown = self.value.label if isinstance(self.value, Side) else self.value
        return f"{self.name.replace('_', ' ')}: {shown}"


@dataclass(slots=True)
class Adjusted(Record):
    """A correction the player made (`adjust`, engine/adjust.py): a value set as the board
    shows it."""

    change: Adjustment
    before: int

    def text(self, rules: Ruleset) -> str:
        return describe(rules, self.change, self.before)


@dataclass(slots=True)
class GameEnd(Record):
    result: Result

    def text(self, rules: Ruleset) -> str:
        who = self.result.winner.label + " wins" if self.result.winner else "draw"
        return f"game over: {who} ({self.result.reason})"


PILE_NAMES = {
    "unseen": "face down, unseen",
    "draw": "the draw deck",
    "discard": "the discard pile",
    "removed": "out of the game",
    "hand_us": "the US deck/hand",
    "hand_ussr": "the USSR deck/hand",
    "area_us": "the US play area",
    "area_ussr": "the USSR play area",
    "table": "the table",
    "in_effect": "face up beside the board",
    "scoring_deck": "the Scoring Card Deck",
    "primary": "the Primary Region space",
    "secondary": "the Secondary Region space",
    "spent": "the spent row",
}


def pile_name(name: str) -> str:
    return PILE_NAMES.get(name, name.replace("_", " "))


def _vp(vp: int) -> str:
    return "0" if vp == 0 else (f"US +{vp}" if vp > 0 else f"USSR +{-vp}")
