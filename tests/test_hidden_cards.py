"""Spec §4: cards dealt face down are unknown to everyone until they are seen (issue: table play
that keeps hidden cards hidden). The state holds what the table knows; only chance's dealer knows
more, and nothing else reads it."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from twsolo.ai.bot import Bot
from twsolo.cli.render import instructions
from twsolo.engine.choices import CHANCE, Answer, Choice, SeededChance
from twsolo.engine.dealer import Dealer
from twsolo.engine.game import Game
from twsolo.engine.records import Dealt, HandShown, Shuffled
from twsolo.engine.state import UNSEEN, GameState, Pile, hand_of
from twsolo.ids import Side
from twsolo.players.greedy import GreedyPlayer
from twsolo.ruleset import Ruleset
from twsolo.solo import SoloOptions, play_game

US, USSR = Side.US, Side.USSR


def empty_state() -> GameState:
    return GameState(influence=np.zeros((84, 2), dtype=np.int16))


def dealing_game(rules: Ruleset, dealer: Dealer | None) -> Game:
    state = empty_state()
    state.piles["draw"] = Pile([1, 2, 3, 4])
    return Game(rules, state, {CHANCE: SeededChance(1)}, dealer=dealer)


def test_a_face_down_deal_names_no_card_and_pools_the_deck(rules: Ruleset) -> None:
    """Spec §6.1.3: nobody sees a card dealt face down, so nobody knows which of the draw deck's
    cards went: they all become unseen; the record of the deal names no card."""
    game = dealing_game(rules, dealer=None)
    assert game.deal("draw", hand_of(US), "deal a card to the US")
    state = game.state
    assert state.unseen == [1, 2, 3, 4]
    assert (state.piles["draw"].unseen, state.piles[hand_of(US)].unseen) == (3, 1)
    assert list(state.piles[hand_of(US)].known()) == []
    assert state.where(3) == UNSEEN
    assert game.answers == []  # at the table nothing is asked
    assert game.log == [Dealt("draw", hand_of(US))]
    assert not state.card_problems(4)


def test_a_card_seen_leaves_the_unseen_cards(rules: Ruleset) -> None:
    """The legal answers of a reveal are the cards that can be there; the one named is known from
    then on, and the pile's unseen count drops."""
    game = dealing_game(rules, dealer=None)
    game.deal("draw", hand_of(US), "deal")
    hand = hand_of(US)
    assert game.state.candidates(hand) == [1, 2, 3, 4]
    card = game.draw(hand, "the US draws", to="table")
    assert card in (1, 2, 3, 4)
    assert game.state.piles[hand].unseen == 0
    assert card not in game.state.unseen
    assert game.state.candidates(hand) == []
    assert not game.state.card_problems(4)


def test_the_dealer_knows_the_cards_and_chance_is_offered_only_those(rules: Ruleset) -> None:
    """Digital play: chance names the card dealt (for the dealer only), and a later reveal from
    that pile is offered the pile's real cards, not every card that could be there."""
    game = dealing_game(rules, dealer=Dealer())
    game.deal("draw", hand_of(US), "deal")
    assert game.answers[0][1] == "deal"
    dealt = game.answers[0][2]
    assert game.dealer is not None
    assert game.dealer.unseen_in(hand_of(US)) == [dealt]
    assert not game.dealer.check(game.state)
    asked: list[Choice] = []

    class Watching:
        def choose(self, g: Game, choice: Choice) -> Answer:
            asked.append(choice)
            return choice.options[0]

    game.providers[CHANCE] = Watching()
    assert game.draw(hand_of(US), "reveal", to="table") == dealt
    assert asked[0].options == (dealt,)
    assert not game.dealer.check(game.state)


def test_holds_asks_only_when_the_card_may_be_unseen_there(rules: Ruleset) -> None:
    """`Game.holds` (appendix #50: does the AI hold UN Intervention?): known from the state when
    it can be, asked of chance otherwise; the dealer answers with the truth."""
    game = dealing_game(rules, dealer=Dealer())
    game.deal("draw", hand_of(USSR), "deal")
    assert game.dealer is not None
    dealt = game.dealer.unseen_in(hand_of(USSR))[0]
    other = next(c for c in (1, 2, 3, 4) if c != dealt)
    assert not game.holds(hand_of(US), dealt, "the US hand has no unseen card")
    assert not game.holds(hand_of(USSR), other, "not there")
    assert game.holds(hand_of(USSR), dealt, "there")
    assert list(game.state.piles[hand_of(USSR)].known()) == [dealt]
    assert not game.dealer.check(game.state)


def test_a_shuffle_is_said_even_when_nothing_was_ordered(rules: Ruleset) -> None:
    """Spec §6.1.4: the person shuffles each deck/hand; the model had no order to forget, yet
    the step is recorded so the table is told."""
    game = dealing_game(rules, dealer=None)
    game.deal("draw", hand_of(US), "deal")
    game.deal("draw", hand_of(US), "deal")
    game.shuffle(hand_of(US))
    assert game.log[-1] == Shuffled(hand_of(US))
    one = len(game.log)
    game.shuffle("discard")  # empty: nothing to shuffle
    assert len(game.log) == one


def test_a_hand_shown_names_its_cards_only_where_a_dealer_knows_them(rules: Ruleset) -> None:
    """CIA Created / Lone Gunman (`Game.show`): with a dealer the looker's record lists every card
    of the deck/hand, the known and the unseen; at the table it names none of the unseen ones
    (the person looks through the real pile). Either way the state learns nothing."""
    for dealer in (Dealer(), None):
        game = dealing_game(rules, dealer=dealer)
        game.deal("draw", hand_of(USSR), "deal")
        game.deal("draw", hand_of(USSR), "deal")
        game.state.piles["discard"] = Pile([5])
        game.move_card(5, hand_of(USSR))  # known
        before = (list(game.state.unseen), game.state.piles[hand_of(USSR)].unseen)
        game.show(hand_of(USSR), US, "CIA Created")
        shown = game.log[-1]
        assert isinstance(shown, HandShown)
        assert (shown.pile, shown.looker) == (hand_of(USSR), US)
        if dealer is None:
            assert shown.cards == ()
            assert "looks through" in shown.text(rules)
        else:
            assert shown.cards == tuple(sorted([5, *dealer.unseen_in(hand_of(USSR))]))
            assert len(shown.cards) == 3
        assert (list(game.state.unseen), game.state.piles[hand_of(USSR)].unseen) == before


def permuted(dealer: Dealer, rng: random.Random) -> Dealer:
    """The same numbers of unseen cards in each pile, the cards dealt otherwise: a world the
    table cannot tell from the real one."""
    cards = [c for pile in dealer.cards.values() for c in pile]
    rng.shuffle(cards)
    out, n = Dealer(), 0
    for pile, held in dealer.cards.items():
        out.cards[pile] = sorted(cards[n : n + len(held)])
        n += len(held)
    return out


class Tripwire:
    """A dealer no one may read: any use fails the test."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the AI read the dealer ({name})")


class CheckedBot:
    """The AI, answering as usual; before each answer, two fresh Bots answer the same question
    on copies of the game — one whose dealer cannot be read, one whose face-down cards are
    dealt otherwise — and must agree."""

    def __init__(self, side: Side, seed: int) -> None:
        self.live = Bot(side)
        self.side = side
        self.rng = random.Random(seed)
        self.checked = 0

    def copy(self, game: Game, dealer: Any) -> Game:
        clone = Game(game.rules, game.state.copy(), game.providers, policy=game.policy)
        clone.dealer = dealer
        clone.answers, clone.log = list(game.answers), list(game.log)
        clone.event_frames = list(game.event_frames)
        return clone

    def choose(self, game: Game, choice: Choice) -> Answer:
        if game.dealer is not None and game.state.unseen and self.rng.random() < 0.5:
            blind = Bot(self.side).choose(self.copy(game, Tripwire()), choice)
            assert game.dealer is not None
            other = Bot(self.side).choose(self.copy(game, permuted(game.dealer, self.rng)), choice)
            assert blind == other, (choice.kind, choice.prompt, blind, other)
            self.checked += 1
        return self.live.choose(game, choice)


@pytest.mark.parametrize(("seed", "enhanced"), [(3, False), (8, False), (4, True), (9, True)])
def test_the_ai_never_uses_a_face_down_card(rules: Ruleset, seed: int, enhanced: bool) -> None:
    """Spec §4, issue #12: the AI's answers do not depend on which cards lie face down where —
    not its own deck/hand's either (the dealer, the only holder of that fact, is never read);
    the enhanced AI's neither (spec §25)."""
    ai = USSR if seed % 2 else US
    bot = CheckedBot(ai, seed)
    human = GreedyPlayer(ai.other)  # holds the AI off long enough for many checks
    providers = {ai: bot, ai.other: human, CHANCE: SeededChance(seed)}
    switches = rules.enhanced.on if enhanced else ()
    record = play_game(rules, SoloOptions(ai_side=ai, enhanced=switches), providers)
    assert record.result is not None
    assert bot.checked > 20


def test_a_shown_hand_on_screen_names_the_ai_s_cards_for_the_person_only(rules: Ruleset) -> None:
    """How `HandShown` reads at the board (cli/render.py): the person sees the AI's cards, or
    looks through the real pile when none are known; the AI's look at the person's deck/hand
    names nothing; a simulation's log (no human) says the record's own words."""
    theirs = HandShown(hand_of(USSR), US, (10, 14), "CIA Created")
    assert instructions(rules, [theirs], ai=USSR) == [
        "CIA Created: the AI's deck/hand (USSR) holds 2 cards: #10 Blockade, #14 COMECON"
    ]
    one = HandShown(hand_of(USSR), US, (10,), "CIA Created")
    assert instructions(rules, [one], ai=USSR) == [
        "CIA Created: the AI's deck/hand (USSR) holds 1 card: #10 Blockade"
    ]
    unknown = HandShown(hand_of(USSR), US, (), "CIA Created")
    assert instructions(rules, [unknown], ai=USSR) == [
        "CIA Created: look through the AI's deck/hand (USSR)"
    ]
    yours = HandShown(hand_of(US), USSR, (10, 14), "Lone Gunman")
    assert instructions(rules, [yours], ai=USSR) == [
        "Lone Gunman: the AI sees your deck/hand (US); nothing it does depends on it"
    ]
    assert instructions(rules, [theirs]) == [theirs.text(rules)]
    assert "#10 Blockade, #14 COMECON" in theirs.text(rules)
    assert unknown.text(rules) == "CIA Created: the US looks through the USSR deck/hand"
