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
from twsolo.phrases import PHRASES, say
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
        key = "record.influence.add" if delta > 0 else "record.influence.remove"
        return say(key, n=abs(delta), side=self.side.label, country=name, now=self.after)


@dataclass(slots=True)
class VPChange(Record):
    before: int
    after: int
    reason: str

    def text(self, rules: Ruleset) -> str:
        delta = self.after - self.before
        side = Side.US if delta > 0 else Side.USSR
        return say(
            "record.vp",
            side=side.label,
            n=abs(delta),
            reason=self.reason,
            track=vp_on_track(self.after),
        )


@dataclass(slots=True)
class DefconChange(Record):
    before: int
    after: int
    reason: str

    def text(self, rules: Ruleset) -> str:
        return say("record.defcon", before=self.before, after=self.after, reason=self.reason)


@dataclass(slots=True)
class MilopsChange(Record):
    side: Side
    before: int
    after: int

    def text(self, rules: Ruleset) -> str:
        return say("record.milops", side=self.side.label, before=self.before, after=self.after)


@dataclass(slots=True)
class SpaceChange(Record):
    side: Side
    before: int
    after: int

    def text(self, rules: Ruleset) -> str:
        return say("record.space", side=self.side.label, box=self.after)


@dataclass(slots=True)
class SpaceAttempt(Record):
    side: Side
    count: int  # attempts made this turn after the change

    def text(self, rules: Ruleset) -> str:
        return say("record.space_attempts", side=self.side.label, n=self.count)


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
            where = say("record.pile_bottom" if self.bottom else "record.pile_top", pile=where)
        source = pile_name(self.source)
        return say("record.card_move", card=rules.card(self.card), source=source, target=where)


@dataclass(slots=True)
class Dealt(Record):
    """A card dealt face down: which card, nobody at the table knows (spec §4)."""

    source: str
    target: str

    def text(self, rules: Ruleset) -> str:
        return say("record.dealt", source=pile_name(self.source), target=pile_name(self.target))


@dataclass(slots=True)
class Revealed(Record):
    """A face-down card seen where it lies, while someone looks through a pile."""

    card: int
    pile: str

    def text(self, rules: Ruleset) -> str:
        return say("record.revealed", card=rules.card(self.card), pile=pile_name(self.pile))


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
        pile = pile_name(self.pile)
        if not self.cards:
            return say(
                "record.hand_looked", purpose=self.purpose, side=self.looker.label, pile=pile
            )
        cards = ", ".join(f"#{c} {rules.card(c).name}" for c in self.cards)
        return say("record.hand_shown", purpose=self.purpose, pile=pile, cards=cards)


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
        return say("record.restacked", pile=where, cards=cards)


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
            *([say("record.shuffle_keeps_top")] if self.keep_top else []),
            *([say("record.shuffle_keeps_bottom")] if self.keep_bottom else []),
        ]
        if kept:
            return say("record.shuffled_keeping", pile=where, kept="; ".join(kept))
        return say("record.shuffled", pile=where)


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
        key = "record.effect_lasts" if self.added else "record.effect_ends"
        return say(key, card=card, detail=detail)


@dataclass(slots=True)
class DieRoll(Record):
    roller: str
    purpose: str
    value: int

    def text(self, rules: Ruleset) -> str:
        return say("record.die", roller=self.roller, value=self.value, purpose=self.purpose)


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
        return say(
            "record.free_coup" if self.free else "record.coup",
            side=self.side.label,
            country=c.name,
            roll=self.roll,
            ops=self.ops,
            stability=c.stability,
            modified=self.modified,
            removed=self.removed,
            added=self.added,
        )


@dataclass(slots=True)
class RealignDone(Record):
    side: Side
    country: int
    rolls: tuple[int, int]  # (US, USSR) dice
    totals: tuple[int, int]  # with modifiers
    removed: tuple[int, int]  # (US, USSR) influence removed

    def text(self, rules: Ruleset) -> str:
        return say(
            "record.realign",
            side=self.side.label,
            country=rules.countries[self.country].name,
            us=self.totals[0],
            us_roll=self.rolls[0],
            ussr=self.totals[1],
            ussr_roll=self.rolls[1],
        )


@dataclass(slots=True)
class SpaceAttemptDone(Record):
    side: Side
    roll: int
    success: bool

    def text(self, rules: Ruleset) -> str:
        key = "record.space_attempt_succeeds" if self.success else "record.space_attempt_fails"
        return say(key, side=self.side.label, roll=self.roll)


@dataclass(slots=True)
class RegionScored(Record):
    """A region scored (a Scoring Round, a scoring card, final scoring): what each side counts
    and earns (base §10.1; spec §8.6), then the net VP (a VPChange follows when it is not 0)."""

    score: RegionScore
    final: bool = False

    def text(self, rules: Ruleset) -> str:
        score = self.score
        net = (
            say("record.no_vp") if score.vp == 0 else say("record.net_vp", vp=vp_on_track(score.vp))
        )
        region = region_name(score.region)
        key = "record.scored_final" if self.final else "record.scored"
        lines = [say(key, region=region, net=net)]
        for side in Side:
            lines.append(f"    {side.label + ':':<6}{_side_score(rules, score, side)}")
        if score.auto_win is not None:
            won = say("record.region_controlled", side=score.auto_win.label, region=region)
            lines.append(f"    {won}")
        return "\n".join(lines)


def _side_score(rules: Ruleset, score: RegionScore, side: Side) -> str:
    """One side's part of a region's score: level, battlegrounds, countries adjacent to the
    enemy superpower (Southeast Asia: the countries, Thailand counting double)."""
    s: SideScore = score.sides[side]
    countries = say("record.score.countries", n=s.countries)
    if score.region == SOUTHEAST_ASIA:
        extra = s.vp - s.countries * rules.scoring.sea_per_country
        named = say("record.score.thailand") if extra else ""
        return say("record.score.sea", countries=countries, thailand=named, vp=s.vp)
    if s.level == "none":
        return say("record.score.none")
    bgs = s.battlegrounds * rules.scoring.per_battleground
    adjacent = s.adjacent * rules.scoring.per_adjacent_superpower
    level = say(f"level.{s.level}")
    parts = [say("record.score.level", level=level, vp=s.vp - bgs - adjacent)]
    if s.battlegrounds:
        count = say("record.score.battleground_count", n=s.battlegrounds)
        parts.append(say("record.score.battlegrounds", vp=bgs, battlegrounds=count))
    if s.adjacent:
        parts.append(say("record.score.adjacent", vp=adjacent, side=side.other.label))
    return say("record.score.total", parts=" + ".join(parts), vp=s.vp, countries=countries)


@dataclass(slots=True)
class MilopsCheck(Record):
    """Spec §19.E: each side's military operations against DEFCON, and the net VP."""

    defcon: int
    milops: tuple[int, int]  # US, USSR

    def text(self, rules: Ruleset) -> str:
        short = {s: max(0, self.defcon - self.milops[s.col]) for s in Side}
        sides = "; ".join(
            say("record.milops_side_short", side=s.label, milops=self.milops[s.col], short=short[s])
            if short[s]
            else say("record.milops_side_met", side=s.label, milops=self.milops[s.col])
            for s in Side
        )
        net = short[Side.USSR] - short[Side.US]
        outcome = say("record.no_vp") if net == 0 else say("record.net_vp", vp=vp_on_track(net))
        return say("record.milops_check", defcon=self.defcon, sides=sides, outcome=outcome)


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
        side = self.side.label
        if self.how == "event":
            return say("record.played_event", side=side, card=name)
        ops = say("record.ops", n=self.ops)
        if self.areas:
            ops += "".join(say("record.ops_bonus", region=region_name(a)) for a in self.areas)
        if self.how == "space_race":
            return say("record.played_space", side=side, card=name, ops=ops)
        if self.event_first is None:
            return say("record.played_ops", side=side, card=name, ops=ops)
        owner = self.side.other
        whose = _whose(owner, human)
        first = "record.event_happens_first" if self.event_first else "record.event_happens_then"
        order = say(first, whose=whose)
        return say(
            "record.played_ops_opponent_event",
            side=side,
            card=name,
            owner=owner.label,
            ops=ops,
            order=order,
        )


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
            return say("record.event_for", card=card, whom=_whom(self.player, human))
        whose = _whose(owner, human)
        if owner is self.player:
            return say("record.event_owned", card=card, whose=whose)
        return say("record.event_owned_played_by", card=card, whose=whose, player=self.player.label)


@dataclass(slots=True)
class EventEnd(Record):
    card: int
    happened: bool

    def text(self, rules: Ruleset) -> str:
        key = "record.event_resolved" if self.happened else "record.event_no_effect"
        return say(key, card=rules.card(self.card))


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
        return say(
            "record.answered", actor=self.actor, question=self.key or self.kind, answer=self.answer
        )


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
        value = self.value
        if isinstance(value, Side):
            shown = value.label
        elif isinstance(value, bool):
            shown = say("marker.true" if value else "marker.false")
        else:
            shown = str(value)
        if f"marker.{self.name}" in PHRASES:
            return say(f"marker.{self.name}", value=shown)
        return say("record.marker", name=self.name.replace("_", " "), value=shown)


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
        return say("record.game_over", result=result_text(self.result))


def result_text(result: Result) -> str:
    """How a game ended, in words (spec §20.1, §19.I)."""
    winner, reason = result.winner, result.reason
    if winner is None:
        return say("result.draw")
    named = {"winner": winner.label, "loser": winner.other.label}
    if reason in ("vp20", "defcon1", "cuban_missile_crisis", "wargames", "final_scoring"):
        return say(f"result.{reason}", **named)
    if reason.endswith("_control"):
        region = region_name(reason.removesuffix("_control"))
        return say("result.control", region=region, **named)
    return say("result.other", **named)


# The piles a record names (pile.NAME in the phrasebook); another is named by its id.
PILES = (
    "unseen",
    "draw",
    "discard",
    "removed",
    "hand_us",
    "hand_ussr",
    "area_us",
    "area_ussr",
    "table",
    "in_effect",
    "scoring_deck",
    "primary",
    "secondary",
    "spent",
    "aside",
)


def region_name(region: str) -> str:
    """A map region's name in the language in use (phrases `region.ID`)."""
    key = f"region.{region}"
    return say(key) if key in PHRASES else region.replace("_", " ").title()


def _whom(side: Side, human: Side | None) -> str:
    if human is None:
        return say("whom.side", side=side.label)
    return say("whom.you") if side is human else say("whom.ai", side=side.label)


def _whose(owner: Side, human: Side | None) -> str:
    """An event's owner as the person at the table hears it."""
    if human is None:
        return say("whose.side", side=owner.label)
    return say("whose.yours") if owner is human else say("whose.ai")


def pile_name(name: str) -> str:
    return say(f"pile.{name}") if name in PILES else name.replace("_", " ")


def vp_on_track(vp: int) -> str:
    if vp == 0:
        return say("vp.zero")
    return say("vp.us", n=vp) if vp > 0 else say("vp.ussr", n=-vp)
