"""The conformance checks of a solitaire game: what must hold of every position (`invariants`),
at every step of the turn flow (`Invariants`, an observer) and of a whole game's record
(`record_problems`: its ending, its Scoring Rounds, its replay). `check_game` plays a game with
all of them: `twsolo simulate --check`, the project's whole-game properties and a tester's own
(twsolo/testing.py, docs/testing.md) run the same checks. No hypothesis here: the program uses
them without the testing extra."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field

from twsolo.engine.choices import Actor, ChoiceProvider
from twsolo.engine.effects import duration
from twsolo.engine.game import Game
from twsolo.engine.state import Effect, GameState
from twsolo.ids import CardId, Side
from twsolo.ruleset import Ruleset
from twsolo.session.journal_replay import replay
from twsolo.solo import GameRecord, SoloOptions, play_game
from twsolo.solo.flow import Observer

# Spec §20.1 and §19.I, plus the Cuban Missile Crisis's forbidden coup (card text, base A15).
ENDS = frozenset(
    {"vp20", "defcon1", "europe_control", "wargames", "final_scoring", "cuban_missile_crisis"}
)
EARLY_TURNS = 3  # spec §8.3: one Scoring Round per Early War turn, two per later turn


# What an effect's `side` means, card by card (card-events Part D; the events that add them in
# engine/events/ and solo/overrides.py): None, the side it applies to, or either side (BOTH).
US, USSR, BOTH = frozenset({Side.US}), frozenset({Side.USSR}), frozenset(Side)
NO_SIDE = frozenset({None})
EFFECT_SIDES: dict[int, tuple[frozenset[Side | None], str]] = {
    CardId.VIETNAM_REVOLTS: (USSR, "the USSR, whose ops get +1 in Southeast Asia"),
    CardId.BLOCKADE: (US, "the human hit, who may escape it next round (data `escape`)"),
    CardId.WARSAW_PACT_FORMED: (NO_SIDE, "none (allows NATO)"),
    CardId.DE_GAULLE_LEADS_FRANCE: (NO_SIDE, "none"),
    CardId.NATO: (NO_SIDE, "none"),
    CardId.MARSHALL_PLAN: (NO_SIDE, "none (allows NATO)"),
    CardId.CONTAINMENT: (US, "the US, whose cards get +1 op"),
    CardId.US_JAPAN_MUTUAL_DEFENSE_PACT: (NO_SIDE, "none"),
    CardId.RED_SCARE_PURGE: (BOTH, "the side whose cards get −1 op (the player's opponent)"),
    CardId.FORMOSAN_RESOLUTION: (NO_SIDE, "none"),
    CardId.DEFECTORS: (US, "the US (data `cancel_ussr_headline`)"),
    CardId.CUBAN_MISSILE_CRISIS: (BOTH, "the side for whom a coup loses the game"),
    CardId.NUCLEAR_SUBS: (US, "the US (data `double_coup`: the AI's doubled coup)"),
    CardId.QUAGMIRE: (US, "the US, trapped"),
    CardId.SALT_NEGOTIATIONS: (NO_SIDE, "none (every coup roll −1)"),
    CardId.BEAR_TRAP: (USSR, "the USSR, trapped"),
    CardId.MISSILE_ENVY: (BOTH, "the holder, until it plays the card for ops"),
    CardId.WE_WILL_BURY_YOU: (US, "the US, at whose next round the USSR gains 3 VP"),
    CardId.BREZHNEV_DOCTRINE: (USSR, "the USSR, whose cards get +1 op"),
    CardId.WILLY_BRANDT: (NO_SIDE, "none"),
    CardId.FLOWER_POWER: (US, "the US, whose war cards give the USSR 2 VP"),
    CardId.U2_INCIDENT: (USSR, "the USSR, who gains 1 VP for UN Intervention"),
    CardId.CAMP_DAVID_ACCORDS: (NO_SIDE, "none"),
    CardId.JOHN_PAUL_II_ELECTED_POPE: (NO_SIDE, "none (allows Solidarity)"),
    CardId.LATIN_AMERICAN_DEATH_SQUADS: (BOTH, "the side whose coups there get +1"),
    CardId.SHUTTLE_DIPLOMACY: (US, "the US"),
    CardId.IRANIAN_HOSTAGE_CRISIS: (US, "the US, against whom Terrorism is doubled"),
    CardId.THE_IRON_LADY: (NO_SIDE, "none"),
    CardId.NORTH_SEA_OIL: (
        frozenset({None, Side.US}),
        "none (OPEC prohibited); the US with data `round` (its 8th action round)",
    ),
    CardId.THE_REFORMER: (USSR, "the USSR"),
    CardId.IRAN_CONTRA_SCANDAL: (US, "the US, whose realignment rolls get −1"),
    CardId.CHERNOBYL: (USSR, "the USSR; data: the region it may not place in by ops"),
    CardId.LATIN_AMERICAN_DEBT_CRISIS: (US, "the human hit, who may escape it (data `escape`)"),
    CardId.TEAR_DOWN_THIS_WALL: (NO_SIDE, "none"),
    CardId.AN_EVIL_EMPIRE: (NO_SIDE, "none"),
    CardId.ALDRICH_AMES_REMIX: (US, "the US, whose deck/hand is revealed"),
    CardId.NORAD: (US, "the US"),
    CardId.YURI_AND_SAMANTHA: (US, "the US, whose coups give the USSR 1 VP"),
    CardId.AWACS_SALE_TO_SAUDIS: (NO_SIDE, "none"),
}
# Effects that cannot be in force together: the second card ends or prohibits the first.
CANCELS = {
    CardId.AN_EVIL_EMPIRE: CardId.FLOWER_POWER,
    CardId.TEAR_DOWN_THIS_WALL: CardId.WILLY_BRANDT,
    CardId.QUAGMIRE: CardId.NORAD,
}


def effect_problems(effects: list[Effect]) -> list[Problem]:
    """What makes a set of lasting effects impossible: a card with no lasting effect (or one
    twice), a side its event never gives (EFFECT_SIDES), Chernobyl without its region, or two
    effects of which one ends the other (CANCELS)."""
    problems = []
    seen: set[tuple[int, str]] = set()
    cards = {e.card for e in effects}
    for effect in effects:
        entry = EFFECT_SIDES.get(effect.card)
        if entry is None or duration(effect) is None:
            problems.append(Problem("effect", f"card {effect.card} has no lasting effect"))
            continue
        sides, meaning = entry
        if effect.side not in sides:
            side = effect.side.value if effect.side else None
            problems.append(
                Problem(
                    "effect_side", f"card {effect.card} with side {side}: its side is {meaning}"
                )
            )
        if (effect.card, effect.data) in seen:
            problems.append(Problem("effect", f"card {effect.card}'s effect twice"))
        seen.add((effect.card, effect.data))
        if effect.card == CardId.CHERNOBYL and not effect.data:
            problems.append(Problem("effect", "Chernobyl without its region (data)"))
    for ender, ended in CANCELS.items():
        if ender in cards and ended in cards:
            problems.append(Problem("effect", f"card {ender}'s effect ends card {ended}'s"))
    return problems


@dataclass(frozen=True)
class Problem:
    """A named problem of a position, as python-chess's Board.status() names a board's: `name`
    for a program, `detail` (its str) for a person."""

    name: str
    detail: str

    def __str__(self) -> str:
        return self.detail


def invariants(state: GameState, ai: Side | None = None) -> list[Problem]:
    """What is wrong with a position (none: an empty list). `ai`: the AI's side, the state's own
    by default (a game's state knows it)."""
    ai = ai if ai is not None else state.ai_side
    problems = [Problem("cards", p) for p in state.card_problems()]
    problems += effect_problems(list(state.effects))
    if (state.influence < 0).any():
        problems.append(Problem("negative_influence", "negative influence"))
    if not 1 <= state.defcon <= 5:
        problems.append(Problem("defcon_range", f"DEFCON {state.defcon} out of range"))
    if any(not 0 <= m <= 5 for m in state.milops):
        problems.append(Problem("milops_range", f"military ops {state.milops} out of 0–5"))
    result = state.result
    if result is not None and result.reason == "defcon1" and ai and result.winner is not ai:
        problems.append(Problem("ai_defcon_1", "the AI brought DEFCON to 1"))  # spec §11.1
    return problems


def step_problems(game: Game, step: str, ai: Side) -> list[Problem]:
    """`invariants` and what holds between two steps of the turn flow (solo/runner.py names the
    steps): the dealer's hidden cards agree with the piles, no card lies on the table or aside,
    and the Primary and Secondary Regions obey spec §7.2.4 and §8.3."""
    state, rules = game.state, game.rules
    problems = invariants(state, ai)
    if state.defcon == 1 and state.phasing is ai:
        problems.append(Problem("ai_defcon_1", "DEFCON 1 in the AI's action round (spec §11.1)"))
    if game.dealer is not None:
        problems += [Problem("dealer", f"dealer: {p}") for p in game.dealer.check(state)]
    if step != "end" and len(state.piles["table"]):
        problems.append(Problem("table", f"cards left on the table: {state.piles['table']}"))
    if len(state.piles["aside"]):
        problems.append(Problem("aside", "cards left aside"))
    if step == "regions":
        primary = list(state.piles["primary"].known())
        secondary = list(state.piles["secondary"].known())
        if len(primary) != 1 or len(secondary) > 1 or primary == secondary:
            problems.append(Problem("regions", f"Primary {primary}, Secondary {secondary}"))
        elif state.turn <= EARLY_TURNS:
            if secondary and {rules.card(c).era for c in primary + secondary} == {"early"}:
                problems.append(Problem("regions", "both regions Early War (spec §7.2.4)"))
            if state.scoring_round and rules.card(primary[0]).era != "early":
                problems.append(Problem("regions", "an Early War Scoring Round (spec §8.3)"))
    return problems


class Invariants:
    """An observer of the turn flow (play_game's `observer`) that notes every step's problems in
    `problems`, as `turn N STEP: problem`."""

    def __init__(self, ai: Side, problems: list[str] | None = None) -> None:
        self.ai = ai
        self.problems = problems if problems is not None else []

    def __call__(self, game: Game, step: str) -> None:
        for problem in step_problems(game, step, self.ai):
            self.problems.append(f"turn {game.state.turn} {step}: {problem}")


def record_problems(rules: Ruleset, options: SoloOptions, record: GameRecord) -> list[str]:
    """What is wrong with a finished game: an ending of spec §20, one Scoring Round per Early War
    turn and two per later turn (unless the game ended in it), the human first in each, at most
    17 scorings (§8.3–§8.5); and its recorded answers, through JSON, replay to the identical
    game."""
    problems: list[str] = []
    state, result = record.state, record.result
    ai = options.ai_side
    if result.reason not in ENDS:
        problems.append(f"the game ended by {result.reason!r}, not an ending of spec §20")
    if result.reason == "defcon1" and (result.winner is not ai or state.phasing is ai):
        problems.append("the AI brought DEFCON to 1")
    if result.reason == "final_scoring" and state.turn != 10:
        problems.append(f"final scoring in turn {state.turn}")
    by_turn: dict[int, list[bool]] = defaultdict(list)
    for info in record.rounds:
        by_turn[info.turn].append(info.scoring)
        if info.scoring and info.order and info.order[0] is ai:
            problems.append(f"turn {info.turn}: the AI first in a Scoring Round (spec §8.5)")
        if info.scored and info.scored != info.primary:
            problems.append(f"turn {info.turn}: scored {info.scored}, not the Primary")
    for turn, flags in by_turn.items():
        due = 1 if turn <= EARLY_TURNS else 2
        cut = turn == state.turn and result.reason != "final_scoring"
        if sum(flags) > due or (not cut and sum(flags) != due):
            problems.append(f"turn {turn}: {sum(flags)} Scoring Rounds (spec §8.3)")
    scored = sum(1 for r in record.rounds if r.scored)
    if not state.scorings == scored == record.counts["scorings"] or scored > 17:
        problems.append(f"{state.scorings} scorings counted, {scored} scored (at most 17)")
    answers = json.loads(json.dumps(record.to_dict()["answers"]))
    again = replay(rules, options, answers)
    if again.state != record.state or again.answers != record.answers:
        problems.append("replaying the recorded answers does not reproduce the final state")
    elif [r.text(rules) for r in again.log] != [r.text(rules) for r in record.log]:
        problems.append("replaying the recorded answers does not reproduce the log")
    if GameState.from_dict(json.loads(json.dumps(state.to_dict()))) != state:
        problems.append("the final state does not round-trip through JSON")
    return problems


@dataclass
class CheckedGame:
    """A game played by `check_game`: its record and every problem found (none: it conforms)."""

    record: GameRecord
    problems: list[str] = field(default_factory=list)


def check_game(
    rules: Ruleset,
    options: SoloOptions,
    providers: dict[Actor, ChoiceProvider],
    *,
    observer: Observer | None = None,
) -> CheckedGame:
    """Play a whole game with `providers`, checking every step (`Invariants`) and the record
    (`record_problems`); `observer` also watches each step."""
    steps = Invariants(options.ai_side)

    def watch(game: Game, step: str) -> None:
        steps(game, step)
        if observer is not None:
            observer(game, step)

    record = play_game(rules, options, providers, observer=watch)
    return CheckedGame(record, steps.problems + record_problems(rules, options, record))
