"""Fewer answers at the table (issue #41), each typed as the screen says by a person who knows
only the screen and its own real table (tests/table_person.py's ScreenPerson):

- `hint` gives the strong stand-in's whole play as one line to type, a die the play needs
  typed last; typed as shown, the journal holds exactly the answers advised, in order;
- a region's card invites the cards turned over after it before anyone decides anything (the
  AI's top card, your draws, at step X the Secondary's card and your headline cards), the
  Early War exception said; typed as invited, nothing is refused and the game is the one of a
  person typing one card a prompt."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from twsolo.cli import ahead

from .table_person import ScreenPerson, journal, play_at_table

ARGS = ["--table", "--name", "g"]


def play(
    home: Path, seed: int, side: str, person: ScreenPerson, dice: str = "manual"
) -> tuple[str, list[Any]]:
    args = ["new", "--side", side, "--seed", str(seed), "--dice", dice, *ARGS]
    out = play_at_table(home, args, person)
    assert person.table is not None
    assert person.table.problems == []
    assert person.unnamed == 0
    assert "Refused" not in out
    return out, journal(home)


@pytest.mark.parametrize(("seed", "side"), [(2, "us"), (5, "ussr")])
def test_the_hints_whole_play_typed_as_shown_is_the_play_advised(
    tmp_path: Path, seed: int, side: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: dict[int, ahead.Advised] = {}  # by the journal's length when advised
    whole_play = ahead.whole_play

    def noted(session: Any, *args: Any) -> ahead.Advised:
        shown[len(session.entries)] = whole_play(session, *args)
        return shown[len(session.entries)]

    monkeypatch.setattr("twsolo.cli.ingame.whole_play", noted)
    person = ScreenPerson(seed=seed, brain="hint", until=3)
    _, entries = play(tmp_path, seed, side, person)
    assert len(person.advised) >= 10, person.advised
    dice = 0
    for at, line, rolled in person.advised:
        advised = shown[at]
        own = [e for e in entries[at:] if e["actor"] == side]
        wanted = [json.loads(json.dumps(a)) for _, a in advised.answers]
        assert [e["answer"] for e in own[: len(wanted)]] == wanted, line
        if rolled:  # the dice typed last are the dice the play rolled
            dice += 1
            die = [e["answer"] for e in entries[at:] if e["kind"] == "die"][: len(rolled)]
            assert die == rolled, line
    assert dice >= 1


@pytest.mark.parametrize(("seed", "side"), [(2, "us"), (3, "ussr")])
def test_cards_invited_after_a_regions_card_give_the_game_of_one_card_a_prompt(
    tmp_path: Path, seed: int, side: str
) -> None:
    joined = ScreenPerson(seed=seed, until=3)
    out, lines = play(tmp_path / "joined", seed, side, joined)
    single = ScreenPerson(seed=seed, until=3, batch=False)
    _, one_by_one = play(tmp_path / "single", seed, side, single)
    assert lines == one_by_one
    invited = [ln for ln in out.splitlines() if "(next, before any choice:" in ln]
    assert len(invited) >= 10
    # The USSR acts first in an action round: the AI's card or yours follows the region's.
    first = "the top card of the AI's" if side == "us" else "2 cards off the top of your"
    assert any(f"{first} deck/hand" in ln for ln in invited)
    assert any("3 cards off the top of your deck/hand" in ln for ln in invited)  # headline
    assert any("set aside (spec §7.2.4)" in ln for ln in invited)
    # Fewer typed answers: the region's card and the cards after it in one line.
    assert len(joined.prompts) < len(single.prompts) - 10


@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    seed=st.integers(0, 10_000),
    side=st.sampled_from(("us", "ussr")),
    dice=st.sampled_from(("manual", "auto")),
    brain=st.sampled_from(("random", "hint")),
)
def test_every_invited_line_typed_as_invited_is_the_game_of_one_answer_a_prompt(
    tmp_path_factory: pytest.TempPathFactory, seed: int, side: str, dice: str, brain: str
) -> None:
    """The batch-equivalence property (issue #41), over drawn games: a person who types what
    the screen invites in one line (the draws, a region's card and the cards after it, a
    realignment's dice; no `hint` lines here, they are checked above) is never refused and
    plays the game of the same person typing one answer a prompt."""
    home = tmp_path_factory.mktemp("invited")
    joined = ScreenPerson(seed=seed, brain=brain, until=3)
    joined.hints = False
    _, lines = play(home / "joined", seed, side, joined, dice)
    single = ScreenPerson(seed=seed, brain=brain, until=3, batch=False)
    _, one_by_one = play(home / "single", seed, side, single, dice)
    assert lines == one_by_one
