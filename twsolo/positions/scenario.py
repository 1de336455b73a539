"""Scenario files: one position of a solitaire game in YAML (docs/scenario.md).

`twsolo score`, `twsolo decide` and `twsolo new --from` read them. Unknown keys, bad values and
unknown ids are errors naming the key and line; nothing is guessed.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from twsolo.engine.calendar import ERA_FIRST_TURN
from twsolo.engine.effects import DURATION
from twsolo.engine.initial_state import ERA_PILE, empty_state, standard_state
from twsolo.engine.scoring import pile_region
from twsolo.engine.state import Effect, GameState, area_of, hand_of
from twsolo.errors import ScenarioError
from twsolo.files.bounded import KIB
from twsolo.ids import CHINA_CARD, SCORING_REGIONS, Era, Side
from twsolo.ruleset import Ruleset
from twsolo.ruleset.model import ENHANCED_SWITCHES
from twsolo.ruleset.nodes import Located, compose_file, compose_text

SCENARIO_LIMIT = 64 * KIB  # a whole position takes about 1 KiB
REQUIRED = ("ai_side", "turn", "action_round")
OPTIONAL = (
    "defcon",
    "vp",
    "board",
    "influence",
    "space_race",
    "milops",
    "china_card",
    "active_events",
    "removed",
    "primary",
    "secondary",
    "scoring_round",
    "scored_this_turn",
    "card",
    "ai_deck",
    "human_headline",
    "dice",
    "enhanced",
    "discard",
    "space_attempts",
    "human_cards",
    "human_deck",
)
SIDES = ("us", "ussr")
# An effect that applies to neither side alone (NATO, SALT Negotiations, ...), as the engine
# records it: `side: none` in a scenario, so that it does not read as its card owner's.
NO_SIDE = "none"
# The known parts of a deck/hand (engine/state.py Pile): a top and a bottom in order, and the
# cards shuffled in among its face-down ones.
DECK_PARTS = ("top", "shuffled", "bottom")
# Effects whose side cannot be known from the card alone: a scenario names it ({card, side}).
SIDE_NEEDED = {31, 40, 69}
# Where a card whose effect is in force lies, when not out of the game or discarded.
EFFECT_PILE = {73: "in_effect"}


@dataclass
class Scenario:
    source: str
    ai_side: Side
    state: GameState
    primary: str | None = None
    secondary: str | None = None
    scoring_round: bool | None = None
    scored_this_turn: int | None = None  # Early War Scoring Rounds already held (spec §8.3)
    card: int | None = None
    ai_deck: list[int] = field(default_factory=list)
    human_headline: int | None = None
    dice: list[int] = field(default_factory=list)
    rules: Ruleset | None = field(default=None, repr=False, compare=False)  # for to_dict

    @property
    def human_side(self) -> Side:
        return self.ai_side.other

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], rules: Ruleset) -> Scenario:
        """A scenario from its YAML form as data (what `to_dict` returns), checked as a file
        is: ScenarioError names each bad key."""
        try:
            text = yaml.safe_dump(dict(data), sort_keys=False)
        except yaml.YAMLError as exc:
            raise ScenarioError([f"<scenario>: not YAML data: {exc}"]) from None
        root, problems = compose_text(text, "<scenario>")
        scenario = None if root is None else _read(root, rules)
        if problems.lines or scenario is None:
            raise ScenarioError(problems.lines or ["<scenario>: not a scenario"])
        return scenario

    @classmethod
    def from_state(
        cls,
        state: GameState,
        rules: Ruleset,
        *,
        ai_side: Side | None = None,
        drawn: Sequence[int] = (),
        dice: Sequence[int] = (),
        human_headline: int | None = None,
        source: str = "",
    ) -> Scenario:
        """The position `state` as a scenario, for the AI (`ai_side`, default the state's) to
        decide next. `drawn`: the cards the AI revealed from its deck/hand in its decision, in
        order (the top card first); the other cards known to be there follow (top part, the
        rest sorted, bottom part); a card dealt face down and unseen stays unknown (spec §4).
        `dice`: the die results its decision used, in order."""
        ai = ai_side or state.ai_side
        if ai is None:
            raise ScenarioError(["the position names no AI side"])
        pile = state.piles[hand_of(ai)]
        known = [*pile.top, *sorted(pile.shuffled), *pile.bottom]
        # A card revealed twice went back into the deck/hand between (spec §25.2: the China
        # Card to the bottom, then revealed again when nothing else was left): its first
        # place gives the same reveals.
        revealed = list(dict.fromkeys(drawn))
        deck = [*revealed, *(c for c in known if c not in revealed)]
        state = state.copy()
        state.ai_side = ai
        return cls(
            source,
            ai,
            state,
            rules=rules,
            primary=pile_region(state, rules, "primary"),
            secondary=pile_region(state, rules, "secondary"),
            scoring_round=state.scoring_round,
            card=deck[0] if deck else None,
            ai_deck=deck[1:],
            human_headline=human_headline,
            dice=list(dice),
        )

    def to_dict(self) -> dict[str, Any]:
        """The scenario file's keys (docs/scenario.md), every fact written out: an empty board
        and its influence, so that reading it back gives the same position."""
        state, rules = self.state, self.rules
        if rules is None:
            raise ScenarioError([f"{self.source or '<scenario>'}: written without its rules"])
        effects = {e.card for e in state.effects}
        out: dict[str, Any] = {
            "ai_side": self.ai_side.value,
            "turn": state.turn,
            "action_round": state.action_round,
            "defcon": state.defcon,
            "vp": state.vp,
            "board": "empty",
            "influence": _influence_dict(state, rules),
            "space_race": {s.value: int(state.space[s.col]) for s in Side},
            "milops": {s.value: int(state.milops[s.col]) for s in Side},
            "space_attempts": {s.value: int(state.space_attempts[s.col]) for s in Side},
            "china_card": _china_dict(state),
            "active_events": [
                _effect_dict(e, rules) for e in sorted(state.effects, key=Effect.sort_key)
            ],
            "removed": sorted(c for c in state.piles["removed"].known() if c not in effects),
            "discard": sorted(c for c in state.piles["discard"].known() if c not in effects),
        }
        for key in ("primary", "secondary", "scoring_round", "card"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.ai_deck:
            out["ai_deck"] = list(self.ai_deck)
        if self.human_headline is not None:
            out["human_headline"] = self.human_headline
        if self.dice:
            out["dice"] = list(self.dice)
        if state.enhanced:
            out["enhanced"] = list(state.enhanced)
        human = state.piles[hand_of(self.human_side)]
        if human.unseen:
            out["human_cards"] = human.unseen
        parts = {part: list(getattr(human, part)) for part in DECK_PARTS}
        if any(parts.values()):
            parts["shuffled"].sort()
            out["human_deck"] = {part: cards for part, cards in parts.items() if cards}
        return out


# A decision case (tests/cases/*.yaml): its scenario, with what it is about and what it expects.
CASE_REQUIRED, CASE_OPTIONAL = ("scenario",), ("about", "expect")


def load_scenario(path: str | os.PathLike[str], rules: Ruleset) -> Scenario:
    root, problems = compose_file(Path(path), SCENARIO_LIMIT)
    if root is not None:
        root = _case_scenario(root)
    scenario = None if root is None else _read(root, rules)
    if problems.lines or scenario is None:
        raise ScenarioError(problems.lines or [f"{path}: not a scenario"])
    return scenario


def _case_scenario(root: Located) -> Located | None:
    """A decision case is read by its `scenario:` (its errors name `scenario.KEY`), so `decide`
    takes a case file as it is; anything else is read as a scenario."""
    node = root.node
    pairs = node.value if isinstance(node, yaml.MappingNode) else []
    keys = {k.value for k, _ in pairs if isinstance(k, yaml.ScalarNode)}  # `? [a, b]`: none
    if "scenario" not in keys or not keys <= {*CASE_REQUIRED, *CASE_OPTIONAL}:
        return root
    m = root.mapping(CASE_REQUIRED, CASE_OPTIONAL)
    return None if m is None else m["scenario"]


def _read(root: Located, rules: Ruleset) -> Scenario | None:
    m = root.mapping(REQUIRED, OPTIONAL)
    if m is None or any(k not in m for k in REQUIRED):
        return None
    ai = m["ai_side"].string(SIDES)
    turn = m["turn"].integer(1, 10)
    ar = m["action_round"].integer(0, 8)
    board = m["board"].string(("standard", "empty")) if "board" in m else "standard"
    if ai is None or turn is None or ar is None or board is None:
        return None
    state = standard_state(rules) if board == "standard" else empty_state(rules)
    state.turn, state.action_round = turn, ar
    # Era decks already shuffled in by this turn (spec §5.B).
    for era in (Era.MID, Era.LATE):
        if turn >= ERA_FIRST_TURN[era]:
            for card in list(state.piles[ERA_PILE[era]].known()):
                state.piles[ERA_PILE[era]].remove(card)
                state.piles["draw"].shuffled.append(card)
    if "defcon" in m and (d := m["defcon"].integer(1, 5)) is not None:
        state.defcon = d
    if "vp" in m and (v := m["vp"].integer(-19, 19)) is not None:
        state.vp = v
    _influence(m.get("influence"), rules, state)
    _pair(m.get("space_race"), 0, len(rules.space), state.space)
    _pair(m.get("milops"), 0, 5, state.milops)
    _pair(m.get("space_attempts"), 0, 9, state.space_attempts)
    _china(m.get("china_card"), state)
    cards = _Cards(rules, state, "china_card" in m)
    _effects(m.get("active_events"), rules, state, cards)
    for loc in _elements(m.get("removed")):
        cards.move(loc, "removed")
    for loc in _elements(m.get("discard")):
        cards.move(loc, "discard")
    ai_side = Side(ai)
    state.ai_side = ai_side
    scenario = Scenario(str(root.problems.file), ai_side, state, rules=rules)
    regions = [r for r in SCORING_REGIONS if _scoring_available(rules, state, r)]
    if "primary" in m and (p := m["primary"].string(SCORING_REGIONS)) is not None:
        scenario.primary = p
        cards.move_scoring(m["primary"], p, "primary", regions)
    if "secondary" in m and (s := m["secondary"].string(SCORING_REGIONS)) is not None:
        if s == scenario.primary:
            m["secondary"].fail("the Secondary Region must differ from the Primary")
        else:
            scenario.secondary = s
            cards.move_scoring(m["secondary"], s, "secondary", regions)
    if "scoring_round" in m and (sr := m["scoring_round"].boolean()) is not None:
        scenario.scoring_round = state.scoring_round = sr
    if "scored_this_turn" in m:
        scenario.scored_this_turn = m["scored_this_turn"].integer(0, 1)
    hand = hand_of(ai_side)
    # Spec §3.1: a deck/hand may hold the China Card (§12.2.1: the AI reveals it like any card).
    cards.china_to = {hand: "the AI", hand_of(ai_side.other): "the human"}
    for key in ("card", "ai_deck"):
        for loc in [m[key]] if key == "card" and key in m else _elements(m.get(key)):
            number = cards.move(loc, hand, after_effect=True)
            if number is not None and key == "card":
                scenario.card = number
            elif number is not None:
                scenario.ai_deck.append(number)
    if "human_headline" in m:
        scenario.human_headline = cards.move(m["human_headline"], "table")
    if "dice" in m:
        scenario.dice = m["dice"].integers(1, 6) or []
    if "enhanced" in m:
        state.enhanced = _enhanced(m["enhanced"], rules)
    if "human_deck" in m:
        _human_deck(m["human_deck"], state, hand_of(ai_side.other), cards)
    if "human_cards" in m and (n := m["human_cards"].integer(0, 20)) is not None:
        _face_down(m["human_cards"], state, hand_of(ai_side.other), n)
    # The AI's cards in scenario order: the top card first, then the rest (spec §4.2).
    pile = state.piles[hand]
    order = ([scenario.card] if scenario.card else []) + scenario.ai_deck
    pile.shuffled = [c for c in pile.shuffled if c not in order]
    pile.bottom = order + pile.bottom
    return scenario


def _influence_dict(state: GameState, rules: Ruleset) -> dict[str, dict[str, int]]:
    """Every country with influence, by id: {us: n, ussr: n}, a side with none left out."""
    out = {}
    for c in rules.countries:
        sides = {s.value: state.inf(c.index, s) for s in Side if state.inf(c.index, s)}
        if sides:
            out[c.id] = sides
    return out


def _effect_dict(effect: Effect, rules: Ruleset) -> dict[str, Any]:
    """An effect in force as `active_events` writes it: its side when the card needs one or
    it is not the card's owner (an effect without `side` reads as its card owner's), `none`
    for an effect of a side's card that applies to neither side alone (NATO)."""
    out: dict[str, Any] = {"card": effect.card}
    owner = rules.card(effect.card).owner
    if effect.card in SIDE_NEEDED or effect.side is not owner:
        out["side"] = effect.side.value if effect.side else NO_SIDE
    if effect.data:
        out["data"] = effect.data
    return out


def _china_dict(state: GameState) -> dict[str, Any]:
    """Who holds the China Card; face up or down only in a play area (spec §3.1): inside a
    deck/hand it is neither, and the deck/hand's key names it."""
    holder = state.china_holder
    out: dict[str, Any] = {"holder": holder.value}
    if CHINA_CARD in state.piles[area_of(holder)]:
        out["face_up"] = state.china_face_up
    return out


def _human_deck(loc: Located, state: GameState, hand: str, cards: _Cards) -> None:
    """The cards known to lie in the human's deck/hand (seen by a rule, put at the bottom, the
    China Card shuffled in): its known top and bottom in order, and those shuffled in."""
    parts = loc.mapping((), DECK_PARTS) or {}
    pile = state.piles[hand]
    for part in DECK_PARTS:
        for element in _elements(parts.get(part)):
            number = cards.move(element, hand, after_effect=True)
            if number is not None and part != "shuffled":
                pile.shuffled.remove(number)
                getattr(pile, part).append(number)


def _face_down(loc: Located, state: GameState, hand: str, n: int) -> None:
    """The human's deck/hand of `n` cards nobody has seen (spec §4): dealt face down from the
    draw deck, so that the AI's rules see a deck/hand of that size and no card of it."""
    draw = state.piles["draw"]
    cards = sorted(draw.known())[:n]
    if len(cards) < n:
        loc.fail(f"the draw deck holds only {len(cards)} cards to deal")
        return
    for card in cards:
        draw.remove(card)
    state.piles[hand].unseen += n
    state.unseen = sorted([*state.unseen, *cards])


def _enhanced(loc: Located, rules: Ruleset) -> tuple[str, ...]:
    """Spec §25: `true` is the enhanced AI of the rules (rules/enhanced.yaml's switches in use),
    `false` the seed's AI, a list the switches named."""
    if isinstance(loc.node, yaml.ScalarNode):
        on = loc.boolean()
        return rules.enhanced.on if on else ()
    names = loc.strings(ENHANCED_SWITCHES) or []
    if len(set(names)) != len(names):
        loc.fail("a switch is named twice")
    return tuple(dict.fromkeys(names))


def _elements(loc: Located | None) -> list[Located]:
    return (loc.seq() or []) if loc is not None else []


def _influence(loc: Located | None, rules: Ruleset, state: GameState) -> None:
    for cid, value in (loc.items() or []) if loc is not None else []:
        if cid not in rules.index:
            value.fail(f"unknown country id {cid!r}")
            continue
        sides = value.mapping((), SIDES) or {}
        for side in Side:
            amount = sides[side.value].integer(0, 99) if side.value in sides else 0
            if amount is not None:
                state.influence[rules.index[cid], side.col] = amount


def _pair(loc: Located | None, lo: int, hi: int, target: list[int]) -> None:
    sides = (loc.mapping((), SIDES) or {}) if loc is not None else {}
    for side in Side:
        if side.value in sides and (n := sides[side.value].integer(lo, hi)) is not None:
            target[side.col] = n


def _china(loc: Located | None, state: GameState) -> None:
    if loc is None:
        return
    m = loc.mapping(("holder",), ("face_up",)) or {}
    holder = m["holder"].string(SIDES) if "holder" in m else None
    if holder is not None and holder != "ussr":
        state.piles[area_of(Side.USSR)].remove(CHINA_CARD)
        state.piles[area_of(Side(holder))].shuffled.append(CHINA_CARD)
    if "face_up" in m and (up := m["face_up"].boolean()) is not None:
        state.china_face_up = up


def _effects(loc: Located | None, rules: Ruleset, state: GameState, cards: _Cards) -> None:
    placed: set[int] = set()  # a card may have two effects in force (#41's two parts)
    for entry in _elements(loc):
        side: Side | None = None
        sided = False  # the entry names its side (`none` included)
        data = ""
        number_loc = entry
        if isinstance(entry.node, yaml.MappingNode):
            m = entry.mapping(("card",), ("side", "data")) or {}
            if "card" not in m:
                continue
            number_loc = m["card"]
            if "side" in m and (s := m["side"].string((*SIDES, NO_SIDE))) is not None:
                side = None if s == NO_SIDE else Side(s)
                sided = True
            if "data" in m:
                data = m["data"].string() or ""
        number = number_loc.integer(1, len(rules.cards))
        if number is None:
            continue
        if number not in DURATION and (number, data) not in DURATION:
            number_loc.fail(f"card {number} has no lasting effect")
            continue
        if not sided and number in SIDE_NEEDED:
            entry.fail(f"card {number}'s effect needs a side: write {{card: {number}, side: us}}")
            continue
        owner = rules.card(number).owner
        state.effects.append(Effect(number, side if sided else owner, data))
        if number not in placed:
            pile = EFFECT_PILE.get(number, "removed" if rules.card(number).removed else "discard")
            cards.move(number_loc, pile)
            placed.add(number)
    cards.by_effect |= placed


def _scoring_available(rules: Ruleset, state: GameState, region: str) -> bool:
    return rules.scoring_card_for(region).number in state.piles["scoring_deck"]


class _Cards:
    """Moves the cards a scenario names, refusing a card named twice."""

    def __init__(self, rules: Ruleset, state: GameState, china_named: bool) -> None:
        self.rules, self.state = rules, state
        self.named: set[int] = set()
        self.china_named = china_named  # the scenario says who holds the China Card
        self.china_to: dict[str, str] = {}  # the deck/hands the China Card may go to: whose
        self.by_effect: set[int] = set()  # placed by their effect in force (active_events)

    def move(self, loc: Located, target: str, *, after_effect: bool = False) -> int | None:
        """`after_effect`: a card whose effect is in force may lie here instead (Missile Envy,
        #49, in the deck/hand of the side it went to)."""
        number = loc.integer(1, len(self.rules.cards))
        if number is None:
            return None
        if after_effect and number in self.by_effect:
            self.by_effect.discard(number)
            self.named.discard(number)
        if number in self.named:
            loc.fail(f"card {number} is named twice in the scenario")
            return None
        card = self.rules.card(number)
        if number == CHINA_CARD and target in self.china_to:
            return self._china_card(loc, target)
        if number == CHINA_CARD or (card.scoring and not (target == "removed" and card.removed)):
            loc.fail(f"{self.rules.card(number)} cannot be placed here")
            return None
        self.named.add(number)
        self.state.put(number, target)
        return number

    def _china_card(self, loc: Located, hand: str) -> int | None:
        """The China Card in a deck/hand (spec §3.1: a deck/hand may hold it; §12.2.1: the AI
        reveals it like any card): it comes from its holder's play area, or, when the scenario
        does not say who holds it, from wherever it lies."""
        state = self.state
        holder = state.china_holder
        if self.china_named and hand != hand_of(holder):
            whose = f"the China Card is the {holder.value}'s (china_card.holder)"
            loc.fail(f"{whose}: {self.china_to[hand]} cannot hold it")
            return None
        state.piles[state.where(CHINA_CARD)].remove(CHINA_CARD)
        state.piles[hand].shuffled.append(CHINA_CARD)
        self.named.add(CHINA_CARD)
        return CHINA_CARD

    def move_scoring(self, loc: Located, region: str, target: str, available: list[str]) -> None:
        card = self.rules.scoring_card_for(region).number
        if region not in available:
            loc.fail(f"the {region} scoring card is not in the Scoring Card Deck")
            return
        self.state.piles["scoring_deck"].remove(card)
        self.state.piles[target].shuffled.append(card)
