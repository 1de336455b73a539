"""`twsolo decide` agrees with the turn flow (issue #30): positions reached by seeded play, with
each enhanced-AI switch of spec §25 alone and all together, are exported as scenario files
(docs/scenario.md) and put to `twsolo decide --json`; its card, way of play and actions must be
those the AI made in the game, with the game's own dice. The AI's headlines (action_round 0,
where §25.3 and §25.4 act) are checked the same way.

The export is a small helper of this test (`scenario_of`): Scenario.from_state is not on this
branch. The AI's deck/hand in the scenario is what the game revealed, in order, then the rest
of its deck/hand (read from the game's dealer: a test may look at the face-down cards; the AI
never does)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from twsolo.ai.bot import Bot
from twsolo.cli.main import cli
from twsolo.compose import load_ruleset
from twsolo.engine.choices import CHANCE, Actor, ChoiceProvider, SeededChance
from twsolo.engine.effects import DURATION
from twsolo.engine.game import Game
from twsolo.engine.records import Answered, CardMove, DieRoll, EventStart
from twsolo.engine.space import has_ability
from twsolo.engine.state import GameState, area_of, hand_of
from twsolo.ids import CHINA_CARD, Side
from twsolo.players.greedy import GreedyPlayer
from twsolo.players.strong import StrongPlayer
from twsolo.positions.decision import describe
from twsolo.ruleset import Ruleset
from twsolo.ruleset.model import ENHANCED_SWITCHES
from twsolo.solo import SoloOptions, play_game
from twsolo.solo.headline import BOX_4
from twsolo.solo.regions import early_war, primary_region, secondary_region

PER_GAME = 6  # positions checked per game (spread over the game)


@dataclass(eq=False)
class Position:
    state: GameState
    start: int  # the game log's length when the AI's action began
    hand: list[int]  # the AI's deck/hand then, face-down cards included
    end: int = 0


@dataclass
class Watch:
    """The flow's observer: a position each time the AI is about to act in an action round."""

    ai: Side
    positions: list[Position] = field(default_factory=list)

    def __call__(self, game: Game, step: str) -> None:
        state = game.state
        if state.action_round == 0 or state.result is not None:
            return
        just_acted = state.phasing if step == "action" else None
        if just_acted is self.ai and self.positions and not self.positions[-1].end:
            self.positions[-1].end = len(game.log)
        if self.ai_acts_next(state, step, just_acted):
            hand = hand_of(self.ai)
            cards = [*state.piles[hand].known()]
            if game.dealer is not None:
                cards += game.dealer.unseen_in(hand)
            self.positions.append(Position(state.copy(), len(game.log), cards))

    def ai_acts_next(self, state: GameState, step: str, just_acted: Side | None) -> bool:
        human_first = state.scoring_round or self.ai is Side.US
        if step == "regions":
            return not human_first
        return step == "action" and just_acted is self.ai.other and human_first


def scenario_of(rules: Ruleset, p: Position, log: list[Any], ai: Side) -> dict[str, Any] | None:
    """The scenario file of the position (None when it cannot say it: a card with two lasting
    effects at once, an effect scenario files do not name, the Space Race attempts made this
    turn, the human's deck/hand taking part)."""
    slice_ = log[p.start : p.end]
    revealed = [
        r.card
        for r in slice_
        if isinstance(r, CardMove) and r.source == hand_of(ai) and r.target == "table"
    ]
    if not revealed or any(
        isinstance(r, CardMove) and r.source == hand_of(ai.other) for r in slice_
    ):
        return None  # the human's deck/hand, which a scenario does not hold, took part
    dice = [r.value for r in slice_ if isinstance(r, DieRoll)]
    return position_scenario(rules, p.state, p.hand, revealed, ai, dice)


def position_scenario(
    rules: Ruleset, s: GameState, hand: list[int], revealed: list[int], ai: Side, dice: list[int]
) -> dict[str, Any] | None:
    """The scenario file of state `s` with the AI's deck/hand `hand`, `revealed` on top in that
    order (None when a scenario cannot say it)."""
    effects = [e.card for e in s.effects]
    if len(set(effects)) != len(effects) or any(c not in DURATION for c in effects):
        return None  # two effects of one card, or one a scenario cannot name (Blockade's)
    if any(s.space_attempts):
        return None  # a scenario does not say the Space Race attempts made this turn
    rest = [c for c in hand if c not in revealed]
    holder = (
        next(side for side in Side if CHINA_CARD in s.piles[area_of(side)])
        if any(CHINA_CARD in s.piles[area_of(side)] for side in Side)
        else (ai if CHINA_CARD in hand else ai.other)
    )
    influence = {
        c.id: {side.value: int(s.influence[c.index, side.col]) for side in Side}
        for c in rules.countries
        if s.influence[c.index].any()
    }
    scenario: dict[str, Any] = {
        "ai_side": ai.value,
        "turn": s.turn,
        "action_round": s.action_round,
        "board": "empty",
        "defcon": s.defcon,
        "vp": s.vp,
        "influence": influence,
        "space_race": {side.value: s.space[side.col] for side in Side},
        "milops": {side.value: s.milops[side.col] for side in Side},
        "china_card": {"holder": holder.value, "face_up": s.china_face_up},
        "active_events": [
            {
                "card": e.card,
                **({"side": e.side.value} if e.side else {}),
                **({"data": e.data} if e.data else {}),
            }
            for e in s.effects
        ],
        "removed": [c for c in s.piles["removed"].known() if c not in effects],
        "discard": [c for c in s.piles["discard"].known() if c not in effects],
        "scoring_round": s.scoring_round,
        "card": revealed[0],
        "ai_deck": [*revealed[1:], *rest],
        "dice": dice or [1],
        "enhanced": list(s.enhanced),
    }
    if early_war(s):  # scenario.md: the Early War turn's one Scoring Round (spec §8.3)
        scenario["scored_this_turn"] = s.scoring_rounds_this_turn - int(s.scoring_round)
    if (primary := primary_region(s, rules)) is not None:
        scenario["primary"] = primary
    if (secondary := secondary_region(s, rules)) is not None:
        scenario["secondary"] = secondary
    return scenario


def positions_of(seed: int, switches: tuple[str, ...]) -> list[tuple[dict[str, Any], Any]]:
    rules = load_ruleset(None)
    ai = (Side.US, Side.USSR)[seed % 2]
    watch = Watch(ai)
    bot = Bot(ai)
    providers: dict[Actor, ChoiceProvider] = {
        ai: bot,
        ai.other: GreedyPlayer(ai.other),
        CHANCE: SeededChance(seed),
    }
    record = play_game(rules, SoloOptions(ai_side=ai, enhanced=switches), providers, observer=watch)
    done = [p for p in watch.positions if p.end]
    picked = done[:: max(1, len(done) // PER_GAME)]
    # A dry run that looked at the human's face-down cards (Five Year Plan, ...) cannot be
    # repeated from a scenario, which holds no human deck/hand.
    blind = {
        (d.turn, d.action_round)
        for d in bot.decisions
        if any("face-down card" in step.rule for step in d.steps)
    }
    # Every position where the game's AI cited a rule of spec §25, and some others.
    enhanced = {
        (d.turn, d.action_round)
        for d in bot.decisions
        if any("spec §25" in step.rule for step in d.steps)
    }
    picked += [p for p in done if (p.state.turn, p.state.action_round) in enhanced]
    out = []
    for p in dict.fromkeys(picked):
        if (p.state.turn, p.state.action_round) in blind:
            continue
        scenario = scenario_of(rules, p, record.log, ai)
        if scenario is not None:
            out.append((scenario, describe(rules, record.log[p.start : p.end], ai)))
    return out


CONFIGS = [(name,) for name in ENHANCED_SWITCHES] + [ENHANCED_SWITCHES]


@pytest.mark.parametrize("switches", CONFIGS, ids=["+".join(c) for c in CONFIGS])
def test_decide_plays_as_the_turn_flow(switches: tuple[str, ...], tmp_path: Path) -> None:
    checked = 0
    cited: set[str] = set()
    for seed in (3, 4):
        for scenario, flow_actions in positions_of(seed, switches):
            path = tmp_path / "position.yaml"
            path.write_text(yaml.safe_dump(scenario))
            result = CliRunner().invoke(cli, ["decide", str(path), "--json"])
            assert result.exit_code == 0, (result.output, scenario)
            got = json.loads(result.stdout)
            where = f"seed {seed}, turn {scenario['turn']} AR{scenario['action_round']}"
            assert got["actions"] == flow_actions, (where, got["card"], scenario)
            checked += 1
            cited |= {step["rule"].split(" (")[0] for step in got["trace"]}
    assert checked >= 6
    # The positions put the switches to work: the rules of spec §25 that act in an action
    # round (§25.3–§25.4 act in the headline) are cited by decide there.
    acting = {"spec §25.1", "spec §25.2", "spec §25.5", "spec §25.6", "spec §25.7"}
    seen = {rule[:10] for rule in cited if rule.startswith("spec §25")}
    if len(switches) > 1:
        assert len(seen & acting) >= 3, seen


# ---------------------------------------------------------------- the headline (spec §25.3, §25.4)
@dataclass
class HeadlineWatch:
    """The flow's observer: the position at the end of step X, before either side headlines."""

    positions: list[Position] = field(default_factory=list)
    ai: Side = Side.US

    def __call__(self, game: Game, step: str) -> None:
        if step == "step_x" and game.state.result is None:
            hand = hand_of(self.ai)
            cards = [*game.state.piles[hand].known()]
            if game.dealer is not None:
                cards += game.dealer.unseen_in(hand)
            self.positions.append(Position(game.state.copy(), len(game.log), cards))
        elif step == "headline" and self.positions and not self.positions[-1].end:
            self.positions[-1].end = len(game.log)


def headline_scenario(
    rules: Ruleset, p: Position, log: list[Any], ai: Side
) -> tuple[dict[str, Any], int, list[dict[str, Any]] | None] | None:
    """The scenario of the AI's headline pick at `p`, the card the flow's AI headlined and, when
    its event resolved first (on the board the scenario holds), the event's actions."""
    slice_ = log[p.start : p.end]
    answers = [r for r in slice_ if isinstance(r, Answered) and r.key == "headline"]
    pick = next((r for r in answers if r.actor == ai.value and r.answer != "reveal"), None)
    if pick is None:
        return None
    chosen = pick.answer
    revealed = [  # the AI's reveals up to its pick (an event may draw from it later)
        r.card
        for r in slice_[: slice_.index(pick)]
        if isinstance(r, CardMove) and r.source == hand_of(ai) and r.target == "table"
    ]
    events = [(i, r) for i, r in enumerate(slice_) if isinstance(r, EventStart)]
    ai_first = bool(events) and events[0][1].player is ai
    dice: list[int] = []
    actions = None
    own = next((n for n, (_, r) in enumerate(events) if r.player is ai), None)
    if own is not None:  # the dice of the AI's event, for decide's dry run of it (Summit: two)
        end = events[own + 1][0] if own + 1 < len(events) else len(slice_)
        event = slice_[events[own][0] : end]
        dice = [r.value for r in event if isinstance(r, DieRoll)]
        if ai_first:
            actions = describe(rules, event, ai)
    scenario = position_scenario(rules, p.state, p.hand, revealed, ai, dice)
    if scenario is None:
        return None
    human_card = next((int(str(r.answer)) for r in answers if r.actor == ai.other.value), None)
    if has_ability(p.state, rules, ai, BOX_4) and human_card is not None:
        scenario["human_headline"] = human_card  # spec §9.2: box 4 shows the AI the human's card
    return scenario, int(str(chosen)), actions


# Per headline switch of spec §25.3–§25.4 (alone, then all of §25 together): the stand-in and the
# seeded games in which the switch acts. §25.3 needs the AI on space box 4, which games against
# the strong stand-in last long enough to reach; Cuban Missile Crisis comes up for the AI's
# headline against greedy in these.
HEADLINE_GAMES: dict[tuple[str, ...], tuple[type[GreedyPlayer | StrongPlayer], tuple[int, ...]]] = {
    ("best_headline_with_box4",): (StrongPlayer, (1, 4, 6)),
    ("careful_cuban_missile_crisis",): (GreedyPlayer, (39, 40, 42, 58)),
    ENHANCED_SWITCHES: (StrongPlayer, (2, 3, 10)),
}


@pytest.mark.parametrize("switches", list(HEADLINE_GAMES), ids="+".join)
def test_decide_headlines_as_the_turn_flow(switches: tuple[str, ...], tmp_path: Path) -> None:
    """Every AI headline of seeded games, with the headline switches of spec §25.3–§25.4, put to
    `twsolo decide` at action_round 0: the same card, and the same event actions when the AI's
    headline resolved first."""
    rules = load_ruleset(None)
    checked = compared = 0
    cited: set[str] = set()
    stand_in, seeds = HEADLINE_GAMES[switches]
    for seed in seeds:
        ai = (Side.US, Side.USSR)[seed % 2]
        watch = HeadlineWatch(ai=ai)
        bot = Bot(ai)
        providers: dict[Actor, ChoiceProvider] = {
            ai: bot,
            ai.other: stand_in(ai.other),
            CHANCE: SeededChance(seed),
        }
        options = SoloOptions(ai_side=ai, enhanced=switches)
        record = play_game(rules, options, providers, observer=watch)
        blind = {  # a dry run that looked at the human's face-down cards cannot be repeated
            d.turn for d in bot.decisions if any("face-down card" in s.rule for s in d.steps)
        }
        for p in watch.positions:
            if not p.end or p.state.turn in blind:
                continue
            found = headline_scenario(rules, p, record.log, ai)
            if found is None:
                continue
            scenario, card, actions = found
            path = tmp_path / "headline.yaml"
            path.write_text(yaml.safe_dump({**scenario, "action_round": 0}))
            result = CliRunner().invoke(cli, ["decide", str(path), "--json"])
            assert result.exit_code == 0, (result.output, scenario)
            got = json.loads(result.stdout)
            where = f"seed {seed}, turn {scenario['turn']} headline"
            assert (got["card"], got["play"]) == (card, "event"), (where, scenario)
            if actions is not None:
                assert got["actions"] == actions, (where, scenario)
                compared += 1
            checked += 1
            cited |= {step["rule"].split(" (")[0][:10] for step in got["trace"]}
    assert checked >= 12, checked
    assert compared >= 8, compared
    acting = {"best_headline_with_box4": "spec §25.3", "careful_cuban_missile_crisis": "spec §25.4"}
    if len(switches) > 1:
        acting.pop("careful_cuban_missile_crisis")  # shown alone: these games never reveal it
    for switch in switches:
        if switch in acting:
            assert acting[switch] in cited, (switch, sorted(cited))
