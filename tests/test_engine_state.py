"""GameState as data (copy, JSON, card piles), the printed start (base §3; card-events A3), and
the Choice seam: refused answers, recorded answers, replay from the record."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from tests.support import all_cards_placed_once, game_at, position
from twsolo.engine.choices import CHANCE, Answer, Choice, RandomPlayer, SeededChance
from twsolo.engine.defcon import military_ops_check
from twsolo.engine.game import Game, GameOver
from twsolo.engine.initial_state import standard_state
from twsolo.engine.operations import conduct_operations
from twsolo.engine.ops import OpsBudget
from twsolo.engine.state import STATE_FIELDS, Effect, GameState, Result
from twsolo.errors import ChoiceError, TwsoloError
from twsolo.ids import CHINA_CARD, Side
from twsolo.ruleset import Ruleset

# --------------------------------------------------------------------------- copying


def test_copy_is_independent(rules: Ruleset) -> None:
    """A copy for a dry run shares nothing mutable with the original."""
    state = position(rules, effects=[Effect(25, Side.US)])
    before = json.dumps(state.to_dict(), sort_keys=True)
    clone = state.copy()
    assert clone == state
    clone.influence[rules.index["france"]] = (3, 3)
    clone.milops[0] = 4
    clone.space[1] = 2
    clone.space_attempts[0] = 1
    clone.piles["draw"].shuffled.remove(clone.piles["draw"].shuffled[0])
    clone.piles["discard"].bottom.append(99)
    clone.effects.append(Effect(43))
    clone.vp, clone.defcon, clone.turn, clone.phasing = 5, 2, 7, Side.US
    clone.result = Result(Side.US, "vp20")
    assert json.dumps(state.to_dict(), sort_keys=True) == before
    assert state.inf(rules.index["france"], Side.US) == 0
    assert state.milops == [0, 0]
    assert state.effects == [Effect(25, Side.US)]
    assert clone != state


@pytest.mark.parametrize("how", ["copy", "board_copy"])
def test_a_copy_carries_every_field(rules: Ruleset, how: str) -> None:
    """`copy` and `board_copy` name each field (engine/state.py `_clone`): every field of a
    state whose fields all differ from their defaults, and from each other, arrives as it
    was (a field left out would be unset on the copy, one copied from another would differ)."""
    state = position(rules, effects=[Effect(25, Side.US)], influence={"france": (1, 2)})
    values = {
        "vp": 3, "defcon": 4, "turn": 6, "action_round": 2, "phasing": Side.US,
        "milops": [1, 2], "space": [3, 1], "space_attempts": [1, 0], "china_face_up": False,
        "result": Result(Side.USSR, "vp20"), "ai_side": Side.USSR, "scoring_round": True,
        "scoring_rounds_this_turn": 5, "scorings": 7, "primary_scored": True,
        "enhanced": ("score_first",),
    }  # fmt: skip
    for name, value in values.items():
        setattr(state, name, value)
    untouched = {"influence", "piles", "unseen", "effects"}  # set up by position()
    assert set(STATE_FIELDS) == set(values) | untouched
    clone = getattr(state, how)()
    for name in STATE_FIELDS:
        assert repr(getattr(clone, name)) == repr(getattr(state, name)), name
    assert clone.inf(rules.index["france"], Side.USSR) == 2


@pytest.mark.parametrize("how", ["copy", "board_copy", "json", "pickle", "copy.deepcopy"])
def test_scalar_reads_follow_each_copys_own_influence(rules: Ruleset, how: str) -> None:
    """`inf` reads through `cells`, a view of the influence array: each copy reads its own,
    and a state still pickles (the view is rebuilt, not sent)."""
    state = position(rules, influence={"france": (1, 2)})
    france = rules.index["france"]
    clone = {
        "copy": state.copy,
        "board_copy": state.board_copy,
        "json": lambda: GameState.from_dict(state.to_dict()),
        "pickle": lambda: pickle.loads(pickle.dumps(state)),
        "copy.deepcopy": lambda: copy.deepcopy(state),
    }[how]()
    assert clone == state
    clone.influence[france] = (4, 0)
    state.influence[france, Side.USSR.col] = 3
    assert (clone.inf(france, Side.US), clone.inf(france, Side.USSR)) == (4, 0)
    assert (state.inf(france, Side.US), state.inf(france, Side.USSR)) == (1, 3)


# --------------------------------------------------------------------------- JSON


def busy_state(rules: Ruleset) -> GameState:
    """A state with something in every kind of field."""
    state = position(
        rules,
        influence={"france": (2, 1), "iran": (0, 4)},
        defcon=3,
        vp=-7,
        turn=6,
        phasing=Side.US,
        effects=[Effect(94, Side.USSR, "europe"), Effect(31, Side.US), Effect(43)],
    )
    state.action_round = 4
    state.milops = [2, 5]
    state.space = [3, 1]
    state.space_attempts = [1, 0]
    state.china_face_up = False
    draw = state.piles["draw"]
    card = draw.shuffled.pop()
    draw.bottom.append(card)
    state.result = Result(None, "final_scoring")
    return state


def test_json_round_trip_is_equal(rules: Ruleset) -> None:
    """to_dict → JSON text → from_dict gives an equal state, field by field."""
    state = busy_state(rules)
    back = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert back == state
    assert back.to_dict() == state.to_dict()
    assert back.influence.dtype == state.influence.dtype
    assert back.influence.shape == (84, 2)
    assert back.piles["draw"].bottom == state.piles["draw"].bottom
    assert set(back.effects) == set(state.effects)
    assert back.result == Result(None, "final_scoring")
    assert (back.vp, back.defcon, back.turn, back.phasing) == (-7, 3, 6, Side.US)


def test_json_round_trip_with_two_effects_of_one_card(rules: Ruleset) -> None:
    """A card may leave two effects (North Sea Oil: the OPEC ban and the 8th round, effects.py);
    the state must still serialise when one of them has no side."""
    state = position(rules, effects=[Effect(86), Effect(86, Side.US, "round")])
    back = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert back == state
    assert set(back.effects) == {Effect(86), Effect(86, Side.US, "round")}


def test_from_dict_refuses_another_schema(rules: Ruleset) -> None:
    data = position(rules).to_dict()
    data["schema_version"] = 999
    with pytest.raises(ValueError, match="schema_version 999"):
        GameState.from_dict(data)


# --------------------------------------------------------------------------- cards and setup


def test_every_card_in_exactly_one_pile(rules: Ruleset) -> None:
    """spec §2.2–§2.3: 110 cards, each in one pile; optional cards wait in "unused"."""
    state = standard_state(rules)
    assert all_cards_placed_once(state)
    sizes = {name: len(pile) for name, pile in state.piles.items() if len(pile)}
    # rules/cards.yaml: Early 32 + Mid 42 + Late 21 non-scoring base cards, 7 scoring cards, the
    # China Card, 7 optional cards (104–110): 32 + 42 + 21 + 7 + 1 + 7 = 110.
    assert sizes == {
        "draw": 32,
        "mid_war": 42,
        "late_war": 21,
        "scoring_deck": 7,
        "area_ussr": 1,
        "unused": 7,
    }
    assert sorted(state.piles["unused"].known()) == [104, 105, 106, 107, 108, 109, 110]
    assert sorted(state.piles["scoring_deck"].known()) == [1, 2, 3, 37, 38, 79, 81]
    assert list(state.piles["area_ussr"].known()) == [CHINA_CARD]
    assert state.china_holder is Side.USSR
    assert state.china_face_up is True


def test_optional_cards_join_their_era(rules: Ruleset) -> None:
    """spec §24.2: chosen optional cards go to their era: 104–106 Early, 107–108 Mid,
    109–110 Late."""
    state = standard_state(rules, optional_cards=True)
    assert all_cards_placed_once(state)
    assert len(state.piles["unused"]) == 0
    assert {104, 105, 106} <= set(state.piles["draw"].known())
    assert {107, 108} <= set(state.piles["mid_war"].known())
    assert {109, 110} <= set(state.piles["late_war"].known())
    assert (len(state.piles["draw"]), len(state.piles["mid_war"])) == (35, 44)
    assert len(state.piles["late_war"]) == 23


def test_standard_start(rules: Ruleset) -> None:
    """base §3 (card-events A3): the fixed start influence, US 18 and USSR 9, and the markers
    (DEFCON 5, VP 0, turn 1, Space Race and military ops at 0)."""
    state = standard_state(rules)
    placed = {
        c.id: (state.inf(c.index, Side.US), state.inf(c.index, Side.USSR))
        for c in rules.countries
        if state.influence[c.index].any()
    }
    assert placed == {
        "canada": (2, 0),
        "uk": (5, 0),
        "iran": (1, 0),
        "israel": (1, 0),
        "japan": (1, 0),
        "australia": (4, 0),
        "philippines": (1, 0),
        "south_korea": (1, 0),
        "panama": (1, 0),
        "south_africa": (1, 0),
        "syria": (0, 1),
        "iraq": (0, 1),
        "north_korea": (0, 3),
        "east_germany": (0, 3),
        "finland": (0, 1),
    }
    assert int(state.influence[:, Side.US.col].sum()) == 18
    assert int(state.influence[:, Side.USSR.col].sum()) == 9
    assert (state.defcon, state.vp, state.turn) == (5, 0, 1)
    assert (state.space, state.milops, state.space_attempts) == ([0, 0], [0, 0], [0, 0])
    assert state.effects == []
    assert state.result is None


# --------------------------------------------------------------------------- the Choice seam


class Says:
    """A provider that gives one fixed answer."""

    def __init__(self, answer: Answer) -> None:
        self.answer = answer

    def choose(self, game: Game, choice: Choice) -> Answer:
        return self.answer


def test_ask_refuses_an_illegal_answer(rules: Ruleset) -> None:
    """choices.py: an answer outside the options is a ChoiceError and is not recorded."""
    game = Game(rules, position(rules), {Side.US: Says("taiwan")})
    with pytest.raises(ChoiceError, match="'taiwan' is not a legal answer to country"):
        game.ask("country", Side.US, ["japan", "canada"], "where?", key="test.where")
    assert game.answers == []


def test_ask_records_answers_in_order(rules: Ruleset) -> None:
    game = Game(rules, position(rules), {Side.US: Says("canada"), CHANCE: Says(4)})
    assert game.ask("country", Side.US, ["japan", "canada"], key="test.where") == "canada"
    assert game.roll(Side.US, "test") == 4
    assert game.answers == [("us", "country", "canada"), ("chance", "die", 4)]


def test_ask_without_options_is_an_internal_error(rules: Ruleset) -> None:
    """choices.py: a question with no legal answer is the engine's mistake, never asked."""
    game = Game(rules, position(rules), {Side.US: Says("japan")})
    with pytest.raises(TwsoloError, match="internal: a country choice with no options"):
        game.ask("country", Side.US, [], "where?", key="test.where")
    assert game.answers == []


def test_dice_out_of_range_are_refused(rules: Ruleset) -> None:
    """A die answers 1–6 only."""
    game = game_at(rules, position(rules), dice=[7])
    with pytest.raises(ChoiceError):
        game.roll(Side.US, "test")
    assert game.answers == []


class Replay:
    """Answers every actor from one recorded list, in order; checks who asks and what."""

    def __init__(self, answers: list[tuple[str, str, Answer]]) -> None:
        self.answers = list(answers)

    def choose(self, game: Game, choice: Choice) -> Answer:
        actor, kind, answer = self.answers.pop(0)
        assert (actor, kind) == (str(choice.actor), choice.kind)
        return answer


PLAN = [(Side.USSR, 3), (Side.US, 4), (Side.USSR, 2), (Side.US, 1), (Side.USSR, 4), (Side.US, 3)]


def play_plan(game: Game) -> None:
    """Some action rounds of operations, then the military operations check."""
    try:
        for side, ops in PLAN * 2:
            game.state.phasing = side
            conduct_operations(game, side, OpsBudget(ops), card_ops=ops)
        military_ops_check(game)
    except GameOver:
        pass


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_replaying_the_answers_reproduces_the_game(rules: Ruleset, seed: int) -> None:
    """choices.py: a game is its list of answers; fed back in order they give the same state
    and the same log, with no RNG."""
    start = standard_state(rules)
    game = Game(
        rules,
        start.copy(),
        {
            Side.US: RandomPlayer(seed),
            Side.USSR: RandomPlayer(seed + 100),
            CHANCE: SeededChance(seed + 200),
        },
    )
    play_plan(game)
    assert game.state != start  # something happened
    assert any(kind == "die" for _, kind, _ in game.answers)

    replay = Replay(game.answers)
    again = Game(rules, start.copy(), {Side.US: replay, Side.USSR: replay, CHANCE: replay})
    play_plan(again)
    assert replay.answers == []
    assert again.state == game.state
    assert again.log == game.log
    assert again.answers == game.answers
