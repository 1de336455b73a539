"""The Game runner: a state, the rules, the providers that answer choices, and the log.

All mutation of a GameState goes through the methods here, so every change is recorded
(records.py) and every question goes through the Choice seam (choices.py). Rules logic lives in
the operation modules; this file only applies and records.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from twsolo.engine.adjust import MAX_MILOPS, Adjustment, check_adjustment, current_value
from twsolo.engine.adjust import VP_WIN as VP_WIN  # the tracks' bounds live in adjust.py
from twsolo.engine.choices import (
    CHANCE,
    KINDS,
    Actor,
    Answer,
    Choice,
    ChoiceProvider,
    check_answer,
)
from twsolo.engine.dealer import Dealer
from twsolo.engine.records import (
    Adjusted,
    Answered,
    CardMove,
    Dealt,
    DefconChange,
    DieRoll,
    EffectChange,
    GameEnd,
    HandShown,
    InfluenceChange,
    MarkerChange,
    MilopsChange,
    Note,
    Record,
    Restacked,
    Revealed,
    Shuffled,
    SpaceAttempt,
    SpaceChange,
    VPChange,
)
from twsolo.engine.state import UNSEEN, Effect, GameState, Result
from twsolo.errors import TwsoloError
from twsolo.ids import Side
from twsolo.phrases import say
from twsolo.ruleset import Ruleset

F = TypeVar("F", bound=Callable[..., Any])
# The GameState fields the turn flow moves with `Game.set_marker`.
MARKERS = (
    "turn",
    "action_round",
    "phasing",
    "scoring_round",
    "scoring_rounds_this_turn",
    "scorings",
    "primary_scored",
)


class GameOver(Exception):
    """Raised when the game ends in the middle of an action; `state.result` says how."""

    def __init__(self, result: Result) -> None:
        super().__init__(result.reason)
        self.result = result


@dataclass(slots=True, unsafe_hash=True)  # a value: not frozen, for speed (docs/decisions.md §10)
class EventFrame:
    """An event being resolved: what a provider needs to re-run it from its start (the AI's
    "best dry-run result" for a choice inside an event, spec §17.6)."""

    card: int
    player: Side
    headline: bool
    start: GameState  # a copy of the state when the event began
    answers: int  # len(game.answers) when the event began


class Policy:
    """The base game's rules that a variant overrides, as a chess variant overrides the board's
    rules: the end of the game (spec §20.1), the China Card inside a deck/hand (spec §3.4), how
    a side searches its deck/hand, and the procedures a variant replaces — a card's whole event
    (`event_handler`) or a named step of one (`procedure`). The solitaire game's is
    solo/policy.py `SoloPolicy`, its overrides registered by card in solo/overrides.py."""

    def event_handler(self, card: int, base: Callable[[Game, Any], None]) -> Callable[..., None]:
        """The handler that resolves `card`'s event: the engine's own, `base`, unless the
        variant replaces it (it may call `base` for the base game's part)."""
        return base

    def procedure(self, name: str, base: F) -> F:
        """A named step of a card's rule as the variant plays it: the engine's own, `base`,
        unless replaced. Steps: "trap_discard" (Quagmire, Bear Trap: the card a trapped side
        that does not reveal discards), "china_card_taken" (Ussuri River Skirmish: where the
        China Card goes), "discard_search" (SALT Negotiations, Star Wars: the
        card taken from the discard pile)."""
        return base

    def defcon_loser(self, game: Game) -> Side:
        """Base §8.1.3: DEFCON 1 loses the game for the phasing player."""
        return game.state.phasing

    def defcon_floor(self, game: Game) -> int:
        """The lowest DEFCON a change may reach now (the solitaire AI never reaches 1, §11.1)."""
        return 1

    def region_control(self, game: Game, side: Side, region: str) -> None:
        """Base §10.1 (B3): control of Europe when it is scored wins the game."""
        game.end(Result(side, f"{region}_control"))

    def reveals_for(self, game: Game, side: Side) -> bool:
        """Whether `side` looks for a card an event needs by revealing cards from the top of
        its face-down deck/hand (the solitaire AI: spec §17.5, appendix #32) instead of
        choosing from its open hand (the base game)."""
        return False

    def held(self, game: Game, side: Side) -> tuple[int, ...]:
        """The cards `side` holds outside its deck/hand, which an event may use as cards of
        its hand (UN Intervention's pair). The base game: none, its hand is its deck/hand."""
        return ()

    def china_card_in_hands(self) -> bool:
        """Whether events that take a card from a deck/hand or discard one for an Ops requirement
        may use the China Card. Base card-events A13: never. (The solitaire game: spec §3.4.)"""
        return False


class Game:
    def __init__(
        self,
        rules: Ruleset,
        state: GameState,
        providers: Mapping[Actor, ChoiceProvider],
        *,
        policy: Policy | None = None,
        dealer: Dealer | None = None,
    ) -> None:
        self.rules = rules
        self.state = state
        self.providers = dict(providers)
        self.policy = policy or Policy()
        # The true cards of the unseen slots, for chance only (engine/dealer.py); None at the
        # table and in dry runs, where nobody may know them.
        self.dealer = dealer
        self.log: list[Record] = []
        self.answers: list[tuple[str, str, Answer]] = []  # (actor, kind, answer), in order
        self.event_frames: list[EventFrame] = []  # events being resolved, innermost last

    def event_frame(self, card: int | None) -> EventFrame | None:
        """The innermost event of `card` being resolved (the card a Choice names as its
        `event`), or None: what a provider re-runs (spec §17.6) or plans from (appendix #33)."""
        return next((f for f in reversed(self.event_frames) if f.card == card), None)

    def event_start(self, card: int) -> GameState:
        """The state as the innermost event of `card` being resolved began."""
        frame = self.event_frame(card)
        assert frame is not None, f"internal: no event of card {card} is being resolved"
        return frame.start

    # ------------------------------------------------------------------ the seam
    def ask(
        self,
        kind: str,
        actor: Actor,
        options: Sequence[Answer],
        prompt: str = "",
        *,
        key: str,
        event: int | None = None,
        **context: Any,
    ) -> Answer:
        """Put a question to `actor`'s provider. `key` names it (Choice.key); `event` is the card
        whose event or lasting effect asks: by default the innermost event being resolved."""
        if not options:
            raise TwsoloError(f"internal: a {kind} choice with no options ({prompt})")
        if kind not in KINDS:  # a kind the journal could not read back (choices.KINDS)
            raise TwsoloError(f"internal: a question of undeclared kind {kind!r} ({prompt})")
        if event is None and self.event_frames:
            event = self.event_frames[-1].card
        choice = Choice(kind, actor, tuple(options), prompt, context, key, event)
        provider = self.providers[actor]
        answer = check_answer(choice, provider.choose(self, choice))
        self.answers.append((str(actor), kind, answer))
        self.log.append(Answered(str(actor), kind, answer, key))
        return answer

    def roll(
        self,
        roller: Side | None,
        purpose: str,
        *,
        high: bool = True,
        key: str = "die",
        **context: Any,
    ) -> int:
        """One die, answered by chance. `roller` and `high` (a high result is good for the roller)
        tell a dry run which result counts as the roller's success (spec §1.8)."""
        value = self.ask(
            "die", CHANCE, range(1, 7), purpose, key=key, roller=roller, high=high, **context
        )
        assert isinstance(value, int)
        self.log.append(DieRoll(roller.label if roller is not None else "", purpose, value))
        return value

    def draw(
        self,
        pile: str,
        purpose: str,
        *,
        to: str,
        of: tuple[int, int] | None = None,
        **said: object,
    ) -> int | None:
        """Take the top card of a pile face up and move it to `to`: chance says which card it
        is, among the cards that can be there (with a dealer, the cards really there). None if
        the pile is empty. The card is seen from now on (spec §4). `of`: (n, count), the n-th
        of `count` cards drawn in a row (a screen may invite all of them in one line).
        `said`: more for a screen to say (which region a card reveals, the cards a rule would
        put aside, spec §7.2.4)."""
        options = self._top_options(pile)
        if not options:
            return None
        extra: dict[str, Any] = {k: v for k, v in said.items() if v}
        if of is not None:
            extra["of"] = of
        card = self.ask("draw", CHANCE, options, purpose, key="draw", pile=pile, to=to, **extra)
        assert isinstance(card, int)
        self._take(pile, card)
        self.state.piles[to].shuffled.append(card)
        self.log.append(CardMove(card, pile, to))
        return card

    def _top_options(self, pile: str) -> list[int]:
        p = self.state.piles[pile]
        if p.unseen and not p.top and self.dealer is not None:
            return sorted([*p.shuffled, *self.dealer.unseen_in(pile)])
        return self.state.candidates(pile)

    def _take(self, pile: str, card: int) -> None:
        """Take `card`, just seen on top of `pile`, out of it: from a known part, or from the
        pile's unseen slots (then it is no longer unseen)."""
        p = self.state.piles[pile]
        if card in p:
            p.remove(card)
            return
        p.unseen -= 1
        self.state.unseen.remove(card)
        if self.dealer is not None:
            self.dealer.take(pile, card)

    def deal(self, source: str, target: str, purpose: str) -> bool:
        """Deal the top card of `source` face down into `target`'s unseen part (spec §6.1.3,
        §6.2.3): nobody sees it, so the known cards of `source`'s shuffled part become unseen
        too (nobody knows which of them went). With a dealer, chance names the card dealt (for
        the dealer only); at the table nothing is asked. False if `source` is empty."""
        s = self.state
        p = s.piles[source]
        if not len(p):
            return False
        if p.top or not p.middle:
            # The card on top is known (a known top, or the known bottom once the rest is gone):
            # it goes face down, but everyone knows which card it is.
            card = (p.top or p.bottom)[0]
            p.remove(card)
            s.piles[target].shuffled.append(card)
            self.log.append(CardMove(card, source, target))
            return True
        if p.shuffled:
            s.unseen = sorted([*s.unseen, *p.shuffled])
            p.unseen += len(p.shuffled)
            if self.dealer is not None:
                self.dealer.add(source, p.shuffled)
            p.shuffled = []
        if self.dealer is not None:
            dealt = self.ask(
                "deal", CHANCE, sorted(self.dealer.unseen_in(source)), purpose, key="deal"
            )
            assert isinstance(dealt, int)
            self.dealer.take(source, dealt)
            self.dealer.add(target, [dealt])
        p.unseen -= 1
        s.piles[target].unseen += 1
        self.log.append(Dealt(source, target))
        return True

    def look_through(self, pile: str, purpose: str) -> None:
        """Someone looks through a face-down pile (an event that shows a deck/hand): each of
        its unseen cards is named by chance, so every card of the pile is known afterwards.
        The pile is not shuffled here; appendix G7 says when it is."""
        p = self.state.piles[pile]
        for _ in range(p.unseen):
            options = self._unseen_options(pile)
            card = self.ask("reveal", CHANCE, options, purpose, key="reveal", pile=pile)
            assert isinstance(card, int)
            self._take(pile, card)
            p.shuffled.append(card)
            self.log.append(Revealed(card, pile))

    def show(self, pile: str, looker: Side, purpose: str) -> None:
        """A deck/hand shown to `looker` (CIA Created, Lone Gunman). The looker's screen may name
        every card, the dealer's unseen ones too (digital play); nothing else reads them, and
        the pile's cards stay as unknown to the state as before (spec §4)."""
        p = self.state.piles[pile]
        unseen = self.dealer.unseen_in(pile) if self.dealer is not None else []
        cards = tuple(sorted([*p.known(), *unseen])) if len(unseen) == p.unseen else ()
        self.log.append(HandShown(pile, looker, cards, purpose))

    def restack(self, pile: str, order: Sequence[int]) -> None:
        """Put a pile whose every card is known into `order`, top first (a player restacks a
        deck/hand by a rule: appendix #26, #62). The order is known from then on."""
        p = self.state.piles[pile]
        if p.unseen or sorted(order) != sorted(p.known()):
            raise TwsoloError(f"internal: {list(order)} is not an order of {pile}'s cards")
        p.top, p.shuffled, p.bottom = list(order), [], []
        self.log.append(Restacked(pile, tuple(order)))

    def holds(self, pile: str, card: int, purpose: str) -> bool:
        """Whether `card` is in `pile`, for someone who looks through it for that one card. Known
        from the state when it can be; else, when the card may be among the pile's unseen cards,
        chance answers yes or no (the person at the table looks; a dealer knows), and a card
        found is known from then on."""
        p = self.state.piles[pile]
        if card in p:
            return True
        if not p.unseen or card not in self.state.unseen:
            return False
        options = ["yes", "no"]
        if self.dealer is not None:
            options = ["yes" if card in self.dealer.unseen_in(pile) else "no"]
        answer = self.ask("holds", CHANCE, options, purpose, key="holds", pile=pile, card=card)
        if answer == "no":
            return False
        self._take(pile, card)
        p.shuffled.append(card)
        self.log.append(Revealed(card, pile))
        return True

    def _unseen_options(self, pile: str) -> list[int]:
        if self.dealer is not None:
            return sorted(self.dealer.unseen_in(pile))
        return list(self.state.unseen)

    def pick(self, cards: Sequence[int], purpose: str) -> int:
        """A card picked at random from a set (a random discard): chance decides."""
        card = self.ask("pick", CHANCE, sorted(cards), purpose, key="pick")
        assert isinstance(card, int)
        return card

    def note(self, message: str) -> None:
        self.log.append(Note(message))

    def record(self, record: Record) -> None:
        """Log a record that changes nothing by itself (an operation's outcome, an event's
        start and end)."""
        self.log.append(record)

    # ------------------------------------------------------------------ influence
    def set_influence(self, country: int, side: Side, value: int) -> None:
        before = self.state.inf(country, side)
        value = max(0, value)
        if value != before:
            self.state.influence[country, side.col] = value
            self.log.append(InfluenceChange(country, side, before, value))

    def add_influence(self, country: int, side: Side, amount: int) -> None:
        self.set_influence(country, side, self.state.inf(country, side) + amount)

    def remove_influence(self, country: int, side: Side, amount: int) -> int:
        """Remove up to `amount`; influence never goes below 0. Returns what was removed."""
        before = self.state.inf(country, side)
        removed = min(before, max(0, amount))
        self.set_influence(country, side, before - removed)
        return removed

    # ------------------------------------------------------------------ tracks
    def gain_vp(self, side: Side, amount: int, reason: str) -> None:
        """Move the VP track `amount` toward `side` (negative: away). Victory at 20 is checked
        after a whole card play, event or scoring (base A15), by `check_vp_victory`."""
        if amount == 0:
            return
        before = self.state.vp
        self.state.vp = before + side.sign * amount
        self.log.append(VPChange(before, self.state.vp, reason))

    def check_vp_victory(self) -> None:
        if self.state.vp >= VP_WIN:
            self.end(Result(Side.US, "vp20"))
        if self.state.vp <= -VP_WIN:
            self.end(Result(Side.USSR, "vp20"))

    def set_defcon(self, value: int, reason: str) -> None:
        """DEFCON stays within 1–5 (base §8.1); reaching 1 ends the game at once."""
        before = self.state.defcon
        value = max(self.policy.defcon_floor(self), min(5, value))
        if value == before:
            return
        self.state.defcon = value
        self.log.append(DefconChange(before, value, reason))
        if value == 1:
            loser = self.policy.defcon_loser(self)
            self.end(Result(loser.other, "defcon1"))

    def change_defcon(self, delta: int, reason: str) -> None:
        self.set_defcon(self.state.defcon + delta, reason)

    def add_milops(self, side: Side, amount: int) -> None:
        before = self.state.milops[side.col]
        after = max(0, min(MAX_MILOPS, before + amount))
        if after != before:
            self.state.milops[side.col] = after
            self.log.append(MilopsChange(side, before, after))

    def set_space(self, side: Side, box: int) -> None:
        before = self.state.space[side.col]
        if box != before:
            self.state.space[side.col] = box
            self.log.append(SpaceChange(side, before, box))

    def use_space_attempt(self, side: Side) -> None:
        before = self.state.space_attempts[side.col]
        self.state.space_attempts[side.col] = before + 1
        self.log.append(SpaceAttempt(side, before + 1))

    def reset_space_attempts(self) -> None:
        for side in Side:
            if self.state.space_attempts[side.col]:
                self.state.space_attempts[side.col] = 0
                self.log.append(SpaceAttempt(side, 0))

    # ------------------------------------------------------------------ cards and effects
    def move_card(self, card: int, target: str, *, bottom: bool = False, top: bool = False) -> None:
        """Move a known card into `target`: its shuffled part, its bottom or its top
        (state.Pile). A card dealt face down must be seen first (`draw`, `look_through`)."""
        source = self.state.where(card)
        if source == UNSEEN:
            raise TwsoloError(f"internal: card {card} is face down and unseen; it cannot be moved")
        self.state.piles[source].remove(card)
        pile = self.state.piles[target]
        if top:
            pile.top.insert(0, card)
        else:
            (pile.bottom if bottom else pile.shuffled).append(card)
        self.log.append(CardMove(card, source, target, bottom, top))

    def set_china_face_up(self, face_up: bool) -> None:
        if self.state.china_face_up != face_up:
            self.state.china_face_up = face_up
            key = "engine.game.china_face_up" if face_up else "engine.game.china_face_down"
            self.log.append(Note(say(key)))

    def add_effect(self, effect: Effect) -> None:
        self.state.effects.append(effect)
        self.log.append(EffectChange(effect, True))

    def remove_effect(self, card: int | Effect) -> None:
        """End a card's lasting effects, or exactly one effect when given an Effect."""
        ending = (
            [card]
            if isinstance(card, Effect)
            else [e for e in self.state.effects if e.card == card]
        )
        for effect in ending:
            if effect in self.state.effects:
                self.state.effects.remove(effect)
                self.log.append(EffectChange(effect, False))

    def shuffle(self, pile: str, *, keep_top: bool = False, keep_bottom: bool = False) -> None:
        """Shuffle a pile: its known top and bottom parts join the shuffled part unless kept
        (state.Pile). Recorded whenever two or more cards are shuffled: the person at the table
        shuffles even when the model had no order to forget."""
        p = self.state.piles[pile]
        kept = (len(p.top) if keep_top else 0) + (len(p.bottom) if keep_bottom else 0)
        if len(p) - kept < 2:
            return
        p.shuffle(keep_top=keep_top, keep_bottom=keep_bottom)
        self.log.append(Shuffled(pile, keep_top, keep_bottom))

    # ------------------------------------------------------------------ markers
    def set_marker(self, name: str, value: int | bool | Side) -> None:
        """Move a marker of the turn sequence (turn, action round, phasing side) or a piece of
        the solitaire bookkeeping (spec §7.3, §8): the turn flow's only way to change them."""
        if name not in MARKERS:
            raise ValueError(f"internal: {name!r} is not a marker ({', '.join(MARKERS)})")
        if getattr(self.state, name) == value:
            return
        setattr(self.state, name, value)
        self.log.append(MarkerChange(name, value))

    # ------------------------------------------------------------------ corrections
    def adjust(self, change: Adjustment) -> Adjusted:
        """Set a value as the physical board shows it (engine/adjust.py): checked, recorded,
        and no rule triggered by it."""
        check_adjustment(self.rules, change)
        record = Adjusted(change, current_value(self.state, self.rules, change))
        state, value, side = self.state, change.value, change.side
        if change.what == "vp":
            state.vp = value
        elif change.what == "defcon":
            state.defcon = value
        elif side is not None and change.what == "milops":
            state.milops[side.col] = value
        elif side is not None and change.what == "space":
            state.space[side.col] = value
        elif side is not None and change.country is not None:
            state.influence[self.rules.index[change.country], side.col] = value
        self.log.append(record)
        return record

    # ------------------------------------------------------------------ the end
    def region_control_win(self, side: Side, region: str) -> None:
        self.policy.region_control(self, side, region)

    def end(self, result: Result) -> None:
        if self.state.result is None:
            self.state.result = result
            self.log.append(GameEnd(result))
        raise GameOver(result)
