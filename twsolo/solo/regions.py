"""Region Play Restrictions (spec §7): step X, the region shift at the start of every later
action round, the spent row, scored cards to the bottom of the Scoring Card Deck.

The cards lie in the state's piles: "scoring_deck" (its `bottom` part holds the scored cards,
face down, in order), "primary", "secondary", "spent" (face up) and "aside" (cards set aside
while revealing). `rules/regions.yaml` says where a leaving Primary goes.
"""

from __future__ import annotations

from twsolo.engine import calendar
from twsolo.engine.game import Game
from twsolo.engine.scoring import acting_secondary, pile_region
from twsolo.engine.state import GameState
from twsolo.phrases.book import say
from twsolo.ruleset import Ruleset
from twsolo.solo.flow import Flow

SCORING_PILES = ("scoring_deck", "primary", "secondary", "spent", "aside")


def card_in(state: GameState, pile: str) -> int | None:
    cards = list(state.piles[pile].known())
    return cards[0] if cards else None


def primary_region(state: GameState, rules: Ruleset) -> str | None:
    return pile_region(state, rules, "primary")


def secondary_region(state: GameState, rules: Ruleset) -> str | None:
    return pile_region(state, rules, "secondary")


def region_countries(state: GameState, rules: Ruleset) -> frozenset[int]:
    """The human's penalty-free area (spec §10.2): the countries of the Primary and Secondary
    Regions (§1.3: Southeast Asia is its 7 countries; Asia includes them); the Primary alone in
    a Scoring Round under the literal reading of §23.10."""
    out: set[int] = set()
    for region in (primary_region(state, rules), acting_secondary(state, rules)):
        if region:
            out.update(rules.members(region))
    return frozenset(out)


def is_early_card(rules: Ruleset, card: int) -> bool:
    """An Early War scoring card: Europe, Asia, Middle East (spec §2.2)."""
    return rules.card(card).era == "early"


def early_cards(rules: Ruleset) -> tuple[int, ...]:
    return tuple(n for n, c in rules.cards.items() if c.scoring and is_early_card(rules, n))


def early_war(state: GameState) -> bool:
    return calendar.early_war(state.turn)


def reveal(
    game: Game,
    region: str,
    set_aside: tuple[int, ...] = (),
    pairs_with: tuple[int, ...] = (),
) -> int | None:
    """The top card of the Scoring Card Deck, revealing the `region` (primary, secondary); an
    empty deck is first re-formed from the spent row, shuffled (spec §7.3.3). None if no card
    can be revealed. For a table's screen to say the Early War exception (spec §7.2.4) ahead:
    `set_aside`, the cards it would put aside here; `pairs_with`, the Primary's cards that
    would let it set the Secondary's aside."""
    if not len(game.state.piles["scoring_deck"]) and len(game.state.piles["spent"]):
        # No note: the instructions say it ("add the spent row ... (a new Scoring Card Deck)").
        for card in sorted(game.state.piles["spent"].known()):
            game.move_card(card, "scoring_deck")
        game.shuffle("scoring_deck")
    purpose = say(f"solo.regions.reveal_{region}")
    return game.draw(
        "scoring_deck",
        purpose,
        to="table",
        reveals=region,
        set_aside=set_aside,
        pairs_with=pairs_with,
    )


def return_aside(game: Game) -> None:
    """Spec §7.2.4, §8.3: the cards set aside while revealing are shuffled back into the Scoring
    Card Deck; the scored cards at its bottom stay there (§7.3.1)."""
    aside = sorted(game.state.piles["aside"].known())
    for card in aside:
        game.move_card(card, "scoring_deck")
    if aside:
        game.shuffle("scoring_deck", keep_bottom=True)


def reveal_secondary(flow: Flow) -> None:
    """Reveal the Secondary Region, with the Early War exception (spec §7.2.4, §7.3.3): in
    turns 1–3, while the Primary and the revealed card are both Early War cards, the revealed
    card is set aside and the next revealed; the cards set aside go back into the deck. If no
    card can be revealed, the Secondary stays empty."""
    game, rules = flow.game, flow.game.rules
    primary = card_in(game.state, "primary")
    exception = early_war(game.state) and primary is not None and is_early_card(rules, primary)
    aside = early_cards(rules) if exception else ()
    while (card := reveal(game, "secondary", aside)) is not None:
        if card in aside:
            game.note(say("solo.regions.set_aside", card=rules.card(card)))
            game.move_card(card, "aside")
            continue
        game.move_card(card, "secondary")
        break
    return_aside(game)


def step_x(flow: Flow) -> None:
    """Spec §7.2: gather every scoring card still in the game into a new, shuffled Scoring Card
    Deck; reveal the Primary, then the Secondary (with the Early War exception)."""
    game = flow.game
    for pile in SCORING_PILES[1:]:
        for card in sorted(game.state.piles[pile].known()):
            game.move_card(card, "scoring_deck")
    game.shuffle("scoring_deck")
    game.set_marker("primary_scored", False)
    # The Primary's card decides whether the Secondary's may be set aside (said at the table).
    pairs = early_cards(game.rules) if early_war(game.state) else ()
    primary = reveal(game, "primary", pairs_with=pairs)
    if primary is not None:
        game.move_card(primary, "primary")
    reveal_secondary(flow)


def shift(flow: Flow) -> None:
    """Spec §7.3: the Primary card leaves (scored: face down to the bottom of the Scoring Card
    Deck; else to the spent row — `rules/regions.yaml` shift), the Secondary becomes the
    Primary, a new Secondary is revealed (Early War exception applies)."""
    game, rules = flow.game, flow.game.rules
    primary = card_in(game.state, "primary")
    if primary is not None:
        to = rules.regions.scored_to if game.state.primary_scored else rules.regions.unscored_to
        leave(game, primary, to)
    game.set_marker("primary_scored", False)
    secondary = card_in(game.state, "secondary")
    if secondary is not None:
        game.move_card(secondary, "primary")
    reveal_secondary(flow)


def leave(game: Game, card: int, to: str) -> None:
    """A face-up region card leaves: "bottom" = face down at the bottom of the Scoring Card
    Deck; "spent" = face up in the spent row."""
    if to == "bottom":
        game.move_card(card, "scoring_deck", bottom=True)
    else:
        game.move_card(card, "spent")


def force_early_primary(flow: Flow) -> None:
    """Spec §8.3 (AR6 without a Scoring Round, its Primary not an Early War region): reveal
    scoring cards until an Early War card appears — it becomes the Primary; the displaced
    Primary goes to the spent row; the other revealed cards are shuffled back. With no Early
    War card in the deck, the one in the spent row is taken (chance picks among several).
    Then §7.2.4 applies to the new pair: an Early War Secondary is set aside and replaced."""
    game, rules = flow.game, flow.game.rules
    state = game.state
    displaced = card_in(state, "primary")
    found = None
    while (
        card := game.draw("scoring_deck", say("solo.regions.reveal_early"), to="table")
    ) is not None:
        if is_early_card(rules, card):
            found = card
            break
        game.move_card(card, "aside")
    if found is None:
        spent = [c for c in state.piles["spent"].known() if is_early_card(rules, c)]
        if spent:
            found = (
                spent[0] if len(spent) == 1 else game.pick(spent, say("solo.regions.an_early_card"))
            )
    if found is None:  # cannot happen with the seven scoring cards of the Early War
        return_aside(game)
        return
    if displaced is not None:
        game.move_card(displaced, "spent")
    game.move_card(found, "primary")
    game.note(say("solo.regions.forced_primary", card=rules.card(found)))
    return_aside(game)
    secondary = card_in(state, "secondary")
    if secondary is not None and is_early_card(rules, secondary):
        game.move_card(secondary, "aside")
        reveal_secondary(flow)
