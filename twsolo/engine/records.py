"""What changed: every mutation of the game appends one of these to `Game.log`.

The journal, the game log and the "do this on the board" instructions are built from records,
so each can describe itself in words a person at the table follows.

Records are values: written once, never changed. They are not `frozen` dataclasses only because
a frozen dataclass costs three times as much to build, and a simulated game builds thousands
(docs/decisions.md §10).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from twsolo.engine.adjust import Adjustment, describe
from twsolo.engine.scores import RegionScore, SideScore
from twsolo.engine.state import Effect, Result
from twsolo.ids import SCORING_REGIONS, SOUTHEAST_ASIA, Side
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


@dataclass(slots=True, init=False)  # __init__ by hand: see Answered
class CardMove(Record):
    card: int
    source: str
    target: str
    bottom: bool
    top: bool

    def __init__(
        self, card: int, source: str, target: str, bottom: bool = False, top: bool = False
    ) -> None:
        self.card = card
        self.source = source
        self.target = target
        self.bottom = bottom
        self.top = top

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
class HandShown(Record):
    """A deck/hand shown to the other side by an event (CIA Created, Lone Gunman). `cards` are
    what the looker sees where a dealer holds the pile's unseen cards (digital play); at the
    table they are empty: the person looks through the real pile. The state learns nothing,
    since nothing in the game depends on what is seen (spec §4)."""

    pile: str
    looker: Side
    cards: tuple[int, ...]
    purpose: str

    def text(self, rules: Ruleset) -> str:
        if not self.cards:
            return f"{self.purpose}: the {self.looker.label} looks through {pile_name(self.pile)}"
        cards = ", ".join(f"#{c} {rules.card(c).name}" for c in self.cards)
        return f"{self.purpose}: {pile_name(self.pile)} holds {cards}"


@dataclass(slots=True)
class Restacked(Record):
    """A pile put in a known order by a rule, top first (appendix #26, #62)."""

    pile: str
    order: tuple[int, ...]

    def text(self, rules: Ruleset) -> str:
        return self.phrase(pile_name(self.pile), rules)

    def phrase(self, where: str, rules: Ruleset) -> str:
        """The instruction with the pile called `where`."""
        cards = ", ".join(f"#{c} {rules.card(c).name}" for c in self.order)
        return f"restack {where}, top to bottom: {cards}"


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
        # The data is the engine's bookkeeping; only a region (Chernobyl's) means something at
        # the table.
        data = self.effect.data
        detail = f" ({region_name(data)})" if data in SCORING_REGIONS else ""
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
class RegionScored(Record):
    """A region scored (a Scoring Round, a scoring card, final scoring): what each side counts
    and earns (base §10.1; spec §8.6), then the net VP (a VPChange follows when it is not 0)."""

    score: RegionScore
    final: bool = False

    def text(self, rules: Ruleset) -> str:
        score = self.score
        when = "final scoring: " if self.final else ""
        net = "no VP" if score.vp == 0 else f"net {_vp(score.vp)}"
        lines = [f"{when}{region_name(score.region)} scores: {net}"]
        for side in Side:
            lines.append(f"    {side.label + ':':<6}{_side_score(rules, score, side)}")
        if score.auto_win is not None:
            lines.append(f"    the {score.auto_win.label} controls {region_name(score.region)}")
        return "\n".join(lines)


def _side_score(rules: Ruleset, score: RegionScore, side: Side) -> str:
    """One side's part of a region's score: level, battlegrounds, countries adjacent to the
    enemy superpower (Southeast Asia: the countries, Thailand counting double)."""
    s: SideScore = score.sides[side]
    countries = _count(s.countries, "country", "countries")
    if score.region == SOUTHEAST_ASIA:
        extra = s.vp - s.countries * rules.scoring.sea_per_country
        named = " (Thailand counts 2)" if extra else ""
        return f"controls {countries}{named} = {s.vp} VP"
    if s.level == "none":
        return "no presence = 0 VP"
    bgs = s.battlegrounds * rules.scoring.per_battleground
    adjacent = s.adjacent * rules.scoring.per_adjacent_superpower
    parts = [f"{s.level} {s.vp - bgs - adjacent}"]
    if s.battlegrounds:
        parts.append(f"{bgs} for {_count(s.battlegrounds, 'battleground', 'battlegrounds')}")
    if s.adjacent:
        parts.append(f"{adjacent} next to the {side.other.label}")
    return f"{' + '.join(parts)} = {s.vp} VP ({countries} controlled)"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


@dataclass(slots=True)
class MilopsCheck(Record):
    """Spec §19.E: each side's military operations against DEFCON, and the net VP."""

    defcon: int
    milops: tuple[int, int]  # US, USSR

    def text(self, rules: Ruleset) -> str:
        short = {s: max(0, self.defcon - self.milops[s.col]) for s in Side}
        sides = "; ".join(
            f"{s.label} {self.milops[s.col]}" + (f" (short {short[s]})" if short[s] else " (met)")
            for s in Side
        )
        net = short[Side.USSR] - short[Side.US]
        outcome = "no VP" if net == 0 else f"net {_vp(net)}"
        return f"military operations check, DEFCON {self.defcon}: {sides}: {outcome}"


@dataclass(slots=True)
class CardPlayed(Record):
    """A card played in an action round (base §5–§6): as its event, for ops (with the ops it
    gives after modifiers, and the areas where every op earns one more), or on the Space Race.
    `event_first` is set when the card carries the opponent's event, played for ops (base §5.2:
    the player chose the order)."""

    side: Side
    card: int
    how: str  # event | ops | space_race
    ops: int
    areas: tuple[str, ...] = ()
    event_first: bool | None = None

    def text(self, rules: Ruleset) -> str:
        return self.phrase(rules, None)

    def phrase(self, rules: Ruleset, human: Side | None) -> str:
        c = rules.card(self.card)
        name = f"#{c.number} {c.name}"
        if self.how == "event":
            return f"{self.side.label} plays {name} as an event"
        ops = f"{self.ops} Op" if self.ops == 1 else f"{self.ops} Ops"
        if self.areas:
            ops += "".join(f" (+1 if every op goes to {region_name(a)})" for a in self.areas)
        if self.how == "space_race":
            return f"{self.side.label} plays {name} on the Space Race ({ops})"
        if self.event_first is None:
            return f"{self.side.label} plays {name} for {ops}"
        owner = self.side.other
        whose = _whose(owner, human)
        order = f"{whose} event happens first" if self.event_first else f"then {whose} event"
        return f"{self.side.label} plays {name} ({owner.label} event) for {ops} — {order}"


@dataclass(slots=True)
class EventStart(Record):
    card: int
    player: Side
    chooser: Side

    def text(self, rules: Ruleset) -> str:
        return self.phrase(rules, None)

    def phrase(self, rules: Ruleset, human: Side | None) -> str:
        """Whose event happens, and who played the card when that is someone else (base §5.2:
        the event of a card played for ops happens for its owner). `human`: say "your"."""
        card = rules.card(self.card)
        owner = rules.card(self.card).owner
        if owner is None:
            return f"{card}: the event happens for {_whom(self.player, human)}"
        whose = _whose(owner, human)
        by = "" if owner is self.player else f" (the {self.player.label} played the card)"
        return f"{card}: {whose} event happens{by}"


@dataclass(slots=True)
class EventEnd(Record):
    card: int
    happened: bool

    def text(self, rules: Ruleset) -> str:
        return f"{rules.card(self.card)}: {'resolved' if self.happened else 'no effect'}"


@dataclass(slots=True, init=False)
class Answered(Record):
    """A question and its answer, in the log's order (the journal's backbone). Its __init__
    (and CardMove's) is written out: every question builds one, and a compiled build runs a
    written __init__ natively, the dataclass's interpreted (docs/decisions.md §14)."""

    actor: str
    kind: str
    # Any, not object, in a record's fields: mypyc cannot build a dataclass field typed
    # `object` (the compiled build, docs/decisions.md §14).
    answer: Any
    key: str  # the question's stable name (Choice.key)

    def __init__(self, actor: str, kind: str, answer: Any, key: str = "") -> None:
        self.actor = actor
        self.kind = kind
        self.answer = answer
        self.key = key

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
    value: Any  # not object: see Answered

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
        return f"game over: {result_text(self.result)}"


def result_text(result: Result) -> str:
    """How a game ended, in words (spec §20.1, §19.I)."""
    winner, reason = result.winner, result.reason
    if winner is None:
        return "a draw (final scoring: the VP track at 0)"
    loser = winner.other.label
    if reason == "vp20":
        return f"the {winner.label} reached 20 VP and wins"
    if reason == "defcon1":
        return f"DEFCON 1: the {loser} started a nuclear war; the {winner.label} wins"
    if reason == "cuban_missile_crisis":
        return f"the {loser} made a coup during the Cuban Missile Crisis; the {winner.label} wins"
    if reason == "wargames":
        return f"Wargames ended the game; the {winner.label} wins on VP"
    if reason == "final_scoring":
        return f"the {winner.label} wins at the final scoring"
    if reason.endswith("_control"):
        region = region_name(reason.removesuffix("_control"))
        return f"the {winner.label} controls {region} when it scores and wins"
    return f"the {winner.label} wins"


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
    "aside": "the cards set aside",
}


def region_name(region: str) -> str:
    return region.replace("_", " ").title()


def _whom(side: Side, human: Side | None) -> str:
    if human is None:
        return f"the {side.label}"
    return "you" if side is human else f"the AI ({side.label})"


def _whose(owner: Side, human: Side | None) -> str:
    """An event's owner as the person at the table hears it."""
    if human is None:
        return f"the {owner.label}"
    return "your" if owner is human else "the AI's"


def pile_name(name: str) -> str:
    return PILE_NAMES.get(name, name.replace("_", " "))


def _vp(vp: int) -> str:
    return "0" if vp == 0 else (f"US +{vp}" if vp > 0 else f"USSR +{-vp}")
