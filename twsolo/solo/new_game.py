"""Solitaire setup (spec §2): the standard start, the variable extra influence, the difficulty."""

from __future__ import annotations

from collections.abc import Mapping

from twsolo.engine.choices import CHANCE, Actor, ChoiceProvider
from twsolo.engine.dealer import Dealer
from twsolo.engine.game import Game
from twsolo.engine.initial_state import standard_state
from twsolo.engine.records import pile_name
from twsolo.engine.state import GameState
from twsolo.ids import Side
from twsolo.phrases.book import say, value_word
from twsolo.ruleset import Ruleset
from twsolo.solo.flow import Flow, Observer
from twsolo.solo.options import SoloOptions
from twsolo.solo.policy import SoloPolicy
from twsolo.solo.seat import HumanSeat


def new_flow(
    rules: Ruleset,
    options: SoloOptions,
    providers: Mapping[Actor, ChoiceProvider],
    observer: Observer | None = None,
    start: GameState | None = None,
    *,
    table: bool = False,
) -> Flow:
    """Spec §2.1–§2.3: sides chosen, the China Card face up with the USSR, the scoring cards out
    as the Scoring Card Deck, the era decks apart, the printed starting influence (all in
    `standard_state`); the optional cards only if chosen (spec §24.2). The human's provider sits
    in a `HumanSeat`; the solitaire end rules are the `SoloPolicy`. With `start` (a scenario's
    position, `twsolo new --from`) the game begins from that board instead. At the `table`
    nobody knows a card dealt face down; elsewhere chance deals real cards, which only the
    `Dealer` knows (docs/decisions.md §3)."""
    options.check(rules)
    state = start.copy() if start else standard_state(rules, optional_cards=options.optional_cards)
    state.ai_side = options.ai_side
    state.enhanced = options.enhanced
    seat = HumanSeat(providers[options.human_side])
    seated = {**providers, options.human_side: seat}
    game = Game(rules, state, seated, policy=SoloPolicy(), dealer=None if table else Dealer())
    deal_face_down(game)
    return Flow(game, options, seat, observer)


def deal_face_down(game: Game) -> None:
    """Spec §4.5: in digital play the program keeps the piles itself. A start position may
    hold cards dealt face down that nobody has seen (a scenario's `human_cards`): chance deals
    each of those slots a real card of the pool, which only the dealer knows from then on (the
    answers are journaled like any deal, so a resumed game is dealt the same)."""
    dealer, state = game.dealer, game.state
    if dealer is None:
        return  # at the table the real cards lie there already
    pool = list(state.unseen)
    for name, pile in state.piles.items():
        for _ in range(pile.unseen - len(dealer.unseen_in(name))):
            purpose = say("solo.setup.face_down", pile=pile_name(name))
            card = game.ask("deal", CHANCE, sorted(pool), purpose, key="deal")
            assert isinstance(card, int)
            pool.remove(card)
            dealer.add(name, [card])


def extra_influence(flow: Flow) -> int:
    """Spec §2.4: roll one die (or two and keep the lower); both sides place the column of the
    result (`rules/setup.yaml`), and with the balanced set-up (spec §24.6 [r4]) its influence
    too. Returns the result used."""
    game, rules = flow.game, flow.game.rules
    dice = flow.options.dice(rules)
    balanced = rules.setup.balanced_extra if flow.options.balanced_setup else {}
    added = "; ".join(
        f"{side.label} {rules.country(c).name} +{n}"
        for side, place in balanced.items()
        for c, n in place.items()
    )
    also = say("solo.setup.balanced", added=added) if added else ""
    rolls = [
        game.roll(None, say("solo.setup.extra_influence", die=n + 1, dice=dice, also=also))
        for n in range(dice)
    ]
    result = min(rolls)
    for side in (Side.USSR, Side.US):
        place = dict(rules.setup.extra_influence.by_roll[side][result])
        for country, amount in balanced.get(side, {}).items():
            place[country] = place.get(country, 0) + amount
        for country, amount in place.items():
            game.add_influence(rules.index[country], side, amount)
    return result


def difficulty(flow: Flow) -> None:
    """Spec §2.5: the AI starts the chosen number of VP ahead."""
    level = flow.options.difficulty
    vp = flow.game.rules.setup.difficulty[level]
    flow.game.gain_vp(
        flow.ai, vp, say("solo.setup.difficulty", level=value_word("difficulty", level))
    )


def setup(flow: Flow) -> None:
    extra_influence(flow)
    difficulty(flow)
