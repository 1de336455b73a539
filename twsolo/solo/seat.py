"""The human's seat: the human's provider with the solitaire restrictions applied to the
questions it is asked, and a journal of where the human spent ops.

The turn flow wraps the human's provider in a `HumanSeat` (the engine's questions are the
events' own; the seat narrows them without touching the events):

- spec §9.3: while headline events resolve, influence the human places with ops an event grants,
  or "anywhere" by an event's own placement, may go only into the Primary and Secondary Regions;
- spec §10.1.4: the human's UN Intervention may cancel only the other card drawn this round;
- spec §10.2: every answer is journalled with the log position it was given at, so the flow can
  tell afterwards, from the log records that follow, whether the human spent an op outside the
  two regions in an action round; and while a round lasts, each question whose answer would
  cost the penalty names the options that would (context `off_region`, `penalty_vp`), so the
  person is warned before choosing.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from twsolo.engine.choices import Answer, Choice, ChoiceProvider
from twsolo.engine.records import InfluenceChange
from twsolo.ids import Side
from twsolo.phrases.book import say

if TYPE_CHECKING:
    from twsolo.engine.game import Game

# Questions whose answer spends ops in a country (the engine asks them only for operations:
# a card's ops, or ops an event grants).
OPS_KINDS = ("influence", "coup", "realign")
# An event's placement question whose options touch at least this many map regions lets its
# player place "anywhere" (spec §9.3: the card does not name where the influence goes).
ANYWHERE_REGIONS = 3
# An event lets its player choose the region when its options touch at least this many map
# regions (spec §10.2.4: "anywhere or in a region of your choice").
CHOSEN_REGIONS = 2


@dataclass(slots=True, unsafe_hash=True)  # a value: not frozen, for speed (docs/decisions.md §10)
class Entry:
    """One answer of the human: the question's kind, the answer, where the log stood when it was
    given, how many map regions the options of a "country" question touched (else 0), and
    whether the human was the phasing player then (its own action, not the AI's)."""

    kind: str
    answer: Answer
    log_index: int
    regions: int
    own: bool


@dataclass(slots=True)
class RoundArea:
    """Spec §10.2 while an action round lasts: the countries of the Primary and Secondary
    Regions, where the round began in the log, and the penalty's VP (rules/regions.yaml)."""

    countries: frozenset[int]
    since: int
    vp: int


def option_regions(game: Game, options: tuple[Answer, ...]) -> int:
    """How many map regions the country ids among `options` belong to."""
    rules = game.rules
    return len({rules.country(str(o)).region for o in options if str(o) in rules.index})


def is_placement(choice: Choice, human: Side | None) -> bool:
    """An event's question "where does the human's next point of influence go": the question's
    `intent` "add" for the human's influence (engine/events: every placement says so)."""
    return (
        choice.kind == "country"
        and choice.context.get("intent") == "add"
        and choice.context.get("influence_of") in (None, human)
    )


class HumanSeat:
    """A ChoiceProvider around the human's provider (see the module docstring)."""

    def __init__(self, inner: ChoiceProvider) -> None:
        self.inner = inner
        # Spec §9.3: the countries of the Primary and Secondary Regions while headlines resolve.
        self.headline_countries: frozenset[int] | None = None
        # Spec §10.1.4: the other card of this round, while the human's UN Intervention resolves.
        self.un_card: int | None = None
        self.journal: list[Entry] = []
        # Spec §10.2: set by the turn flow while an action round lasts.
        self.area: RoundArea | None = None

    def choose(self, game: Game, choice: Choice) -> Answer:
        shown = self.warn(game, self.restrict(game, choice))
        answer = self.inner.choose(game, shown)
        # Only an event's "country" question is read by its regions (spent_outside).
        regions = option_regions(game, choice.options) if choice.kind == "country" else 0
        own = game.state.phasing is self.human(game)
        self.journal.append(Entry(choice.kind, answer, len(game.log), regions, own))
        return answer

    @staticmethod
    def human(game: Game) -> Side | None:
        return game.state.ai_side.other if game.state.ai_side else None

    # ---------------------------------------------------------------- restrictions
    def restrict(self, game: Game, choice: Choice) -> Choice:
        """The question as the human may answer it now; the options only ever narrow."""
        if choice.kind == "card" and self.un_card is not None and self.un_card in choice.options:
            card, self.un_card = self.un_card, None
            return replace(
                choice,
                options=(card,),
                prompt=say("solo.seat.un_only_other", prompt=choice.prompt),
            )
        allowed = self.headline_countries
        if allowed is None:
            return choice
        rules = game.rules
        human = self.human(game)
        headline_placement = choice.kind == "influence" or (
            is_placement(choice, human) and option_regions(game, choice.options) >= ANYWHERE_REGIONS
        )
        if not headline_placement:
            return choice
        kept = tuple(
            o for o in choice.options if str(o) not in rules.index or rules.index[str(o)] in allowed
        )
        if not kept or kept == choice.options:
            # Nothing would be left to answer (no country of the two regions, no way to stop):
            # the restriction lapses and the card decides.
            return choice
        return replace(
            choice,
            options=kept,
            prompt=say("solo.seat.headline_regions", prompt=choice.prompt),
        )

    # ---------------------------------------------------------------- spec §10.2
    def counted(self, game: Game, choice: Choice) -> bool:
        """Whether the answer to `choice` spends what spec §10.2 counts: an op (influence, coup,
        realignment: a card's ops or ops an event grants, in either player's action), or a
        point of influence that an event the human plays lets it place in a region of its
        choice (§10.2.4: its options touch two or more regions)."""
        if choice.kind in OPS_KINDS:
            return True
        human = self.human(game)
        return (
            is_placement(choice, human)
            and game.state.phasing is human
            and option_regions(game, choice.options) >= CHOSEN_REGIONS
        )

    def warn(self, game: Game, choice: Choice) -> Choice:
        """The question with the options that would cost the off-region penalty now named in its
        context (`off_region`, `penalty_vp`): none once the round's penalty is due anyway."""
        area = self.area
        if area is None or not self.counted(game, choice):
            return choice
        if self.spent_outside(game, area.since, area.countries):
            return choice
        rules = game.rules
        costly = tuple(
            o
            for o in choice.options
            if str(o) in rules.index and rules.index[str(o)] not in area.countries
        )
        if not costly:
            return choice
        return replace(
            choice, context={**choice.context, "off_region": costly, "penalty_vp": area.vp}
        )

    def spent_outside(self, game: Game, since: int, allowed: frozenset[int]) -> list[int]:
        """The countries outside `allowed` where the human spent an op since log position
        `since` (spec §10.2): each answer placing an op of influence, coup or realignment (a
        card's ops or ops an event grants), and each point that an event the human played let
        it place in a region of its choice (§10.2.4: its options touch two or more regions;
        the human was the phasing player) that the log shows as added human influence. An
        event of the human's that happens during the AI's action (the AI played the card for
        ops, or an AI event such as Five Year Plan made it happen) is not one the human plays:
        it costs nothing."""
        rules = game.rules
        human = self.human(game)
        # The journal is in log order (each entry takes the log's length when given): the
        # entries since `since` are its tail, found by bisection, not by reading it all.
        entries = self.journal[bisect_left(self.journal, since, key=lambda e: e.log_index) :]
        found: list[int] = []
        for n, entry in enumerate(entries):
            country = rules.index.get(str(entry.answer))
            if country is None or country in allowed:
                continue
            if entry.kind in OPS_KINDS:
                found.append(country)
            elif entry.kind == "country" and entry.own and entry.regions >= CHOSEN_REGIONS:
                end = entries[n + 1].log_index if n + 1 < len(entries) else len(game.log)
                if any(
                    isinstance(r, InfluenceChange)
                    and r.country == country
                    and r.side is human
                    and r.after > r.before
                    for r in game.log[entry.log_index : end]
                ):
                    found.append(country)
        return found
