"""The strong stand-in and the hint (issue #15): whole games to a legal end, reproducible by
seed, what the human may know about the cards, and that neither the stand-in nor the hint
reads a face-down card (their answers do not change when the face-down cards are permuted)."""

from __future__ import annotations

import contextlib
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner

from twsolo.cli.main import cli
from twsolo.engine.choices import Answer, Choice
from twsolo.engine.dealer import Dealer
from twsolo.engine.game import Game
from twsolo.engine.state import hand_of
from twsolo.ids import Side
from twsolo.players.advice import hint
from twsolo.players.knowledge import knowledge, sample_world
from twsolo.players.strong import Budget, StrongPlayer, rank_answers
from twsolo.ruleset import Ruleset
from twsolo.sim.runs import GameSpec, play, providers
from twsolo.solo import SoloOptions, play_game

from .table_person import FIRST, first, run_typing

FAST = Budget(samples=2, keep=2)


def permuted(game: Game, rng: random.Random) -> tuple[Game, bool]:
    """The same game with the face-down cards' identities shuffled among their slots: the
    dealer's cards, and the answers that named a card dealt face down, renamed alike;
    everything the table knows (the state, the log) is unchanged. Also whether the AI's
    deck/hand came out different (else the check would prove nothing)."""
    dealer = game.dealer
    assert dealer is not None
    cards = sorted(c for held in dealer.cards.values() for c in held)
    assert cards == game.state.unseen
    shuffled = cards.copy()
    rng.shuffle(shuffled)
    rename = dict(zip(cards, shuffled, strict=True))
    other_dealer = Dealer({p: [rename[c] for c in held] for p, held in dealer.cards.items()})
    answers = [
        (actor, kind, rename.get(int(str(a)), a) if kind == "deal" else a)
        for actor, kind, a in game.answers
    ]
    other = Game(game.rules, game.state, game.providers, policy=game.policy, dealer=other_dealer)
    other.log, other.answers, other.event_frames = game.log, answers, game.event_frames
    ai = hand_of(game.state.ai_side or Side.USSR)
    changed = sorted(other_dealer.unseen_in(ai)) != sorted(dealer.unseen_in(ai))
    return other, changed


@dataclass
class Checker:
    """The human's provider: the strong stand-in, which at each of the first decisions of each
    kind also asks the same question of the permuted game and of the hint."""

    side: Side
    per_kind: int
    player: StrongPlayer = field(init=False)
    checked: dict[str, int] = field(default_factory=dict)
    changed: int = 0

    def __post_init__(self) -> None:
        self.player = StrongPlayer(self.side, seed=11, budget=FAST)

    def choose(self, game: Game, choice: Choice) -> Answer:
        if self.checked.get(choice.kind, 0) < self.per_kind:
            self.checked[choice.kind] = self.checked.get(choice.kind, 0) + 1
            other, changed = permuted(game, random.Random(len(game.answers)))
            self.changed += changed
            mine = rank_answers(game, choice, self.side, 11, FAST).ranking
            assert rank_answers(other, choice, self.side, 11, FAST).ranking == mine, choice.kind
            advice = hint(game, choice, budget=FAST).ranking
            assert hint(other, choice, budget=FAST).ranking == advice, choice.kind
        return self.player.choose(game, choice)


class Enough(Exception):
    pass


@pytest.mark.parametrize("seed", [4, 7])
def test_no_peeking_answers_do_not_change_when_face_down_cards_are_permuted(
    rules: Ruleset, seed: int
) -> None:
    ai = (Side.US, Side.USSR)[seed % 2]
    checker = Checker(ai.other, per_kind=3)
    spec = GameSpec(seed, ai.value, "greedy")
    chosen = providers(spec, ai)
    chosen[ai.other] = checker

    def stop(game: Game, step: str) -> None:
        if game.state.turn > 4:
            raise Enough

    with contextlib.suppress(Enough):  # or the game ended before turn 5
        play_game(rules, SoloOptions(ai_side=ai), chosen, observer=stop)
    assert {"draft", "headline", "ar_card"} <= set(checker.checked)
    assert checker.changed > 0  # the AI's true deck/hand did differ in the permuted games


def test_knowledge_and_worlds_agree_with_the_table(rules: Ruleset) -> None:
    """Along a game: the pool is the state's unseen cards, each pile's slots its unseen count;
    a world deals exactly the pool into those slots (its dealer agrees with the state), moves
    nothing the table knows, and the AI's next-card chances sum to 1."""
    seen: list[int] = []

    @dataclass
    class Watch:
        inner: object

        def choose(self, game: Game, choice: Choice) -> Answer:
            k = knowledge(game, Side.US)
            assert list(k.pool) == game.state.unseen
            world = sample_world(game.state, random.Random(len(seen)))
            assert world.dealer.check(world.state) == []
            assert world.state == game.state
            weights = k.reveal_weights(game.state, hand_of(Side.USSR))
            if weights:
                assert abs(sum(w for _, w in weights) - 1) < 1e-9
            seen.append(len(k.pool))
            return self.inner.choose(game, choice)  # type: ignore[attr-defined]

    chosen = providers(GameSpec(3, "ussr", "greedy"), Side.USSR)
    chosen[Side.US] = Watch(chosen[Side.US])
    play_game(rules, SoloOptions(ai_side=Side.USSR), chosen)
    assert len(seen) > 50
    assert max(seen) > 0


def test_a_seeded_strong_game_is_reproducible() -> None:
    first = play(GameSpec(5, "ussr", "strong:1")).to_dict()
    again = play(GameSpec(5, "ussr", "strong:1")).to_dict()
    for g in (first, again):
        del g["seconds"]
    assert first == again


def test_simulate_strong_games_end_legally_under_check() -> None:
    result = CliRunner().invoke(
        cli, ["simulate", "--games", "2", "--human", "strong:1", "--check", "--json"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)["summary"]
    assert summary["games"] == 2
    assert summary["violations"] == 0
    assert sum(summary["end_reasons"].values()) == 2


def test_simulate_refuses_an_unknown_stand_in() -> None:
    result = CliRunner().invoke(cli, ["simulate", "--games", "1", "--human", "strong:x"])
    assert result.exit_code == 2
    assert "strong:N needs a whole number of worlds" in result.output


def test_the_hint_at_a_seeded_position_agrees_with_the_stand_in(rules: Ruleset) -> None:
    """At every card decision of a seeded game's first two turns, the hint's best answer is
    legal, its alternatives are ordered by value, it carries the note that it is advice, and
    the strong stand-in with the same budget and seed answers the same."""
    asked: list[str] = []

    @dataclass
    class Compare:
        player: StrongPlayer

        def choose(self, game: Game, choice: Choice) -> Answer:
            if choice.kind in ("ar_card", "headline", "draft") and game.state.turn <= 2:
                advice = hint(game, choice, budget=FAST)
                assert advice.best.answer in choice.options
                values = [r.value for r in advice.ranking if r.value is not None]
                assert values == sorted(values, reverse=True)
                assert "Advice only" in "\n".join(advice.lines())
                answer = self.player.choose(game, choice)
                assert answer == advice.best.answer
                asked.append(choice.kind)
                return answer
            return self.player.choose(game, choice)

    chosen = providers(GameSpec(2, "us", "greedy"), Side.US)
    chosen[Side.USSR] = Compare(StrongPlayer(Side.USSR, seed=0, budget=FAST))

    def stop(game: Game, step: str) -> None:
        if game.state.turn > 2:
            raise Enough

    with contextlib.suppress(Enough):  # or the game ended before turn 3
        play_game(rules, SoloOptions(ai_side=Side.US), chosen, observer=stop)
    assert asked.count("ar_card") >= 10
    assert "headline" in asked


def test_hint_at_the_prompts_of_twsolo_play_advises_and_changes_nothing(tmp_path: Path) -> None:
    """`hint` at a draft, headline and action-round prompt prints the advice with its note and
    values; the game goes on exactly as without it (the journals are equal)."""
    hinted = ["hint", FIRST, FIRST, "hint", FIRST, FIRST, "hint", *first(8), "quit"]

    def journal(name: str, script: list[str]) -> tuple[str, list[dict[str, object]]]:
        result = run_typing(tmp_path, ["new", "--seed", "3", "--name", name], script)
        assert result.exit_code == 0, result.output[-2000:]
        lines = (tmp_path / "games" / name / "journal.jsonl").read_text().splitlines()
        entries = [json.loads(line) for line in lines]
        return result.output, [
            {k: v for k, v in e.items() if k not in ("seq", "at")} for e in entries
        ]

    output, with_hints = journal("h", hinted)
    _, without = journal("n", [line for line in hinted if line != "hint"])
    assert with_hints == without
    assert output.count("Hint: ") == 3
    assert output.count("Advice only") == 3
    assert "Hint: headline " in output
    assert "expected value" in output
