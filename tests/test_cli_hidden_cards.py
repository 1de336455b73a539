"""Table play that keeps hidden cards hidden (spec §4, issue #12), through the real command line:
a person types at every prompt (tests/table_person.py)."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from twsolo.engine.choices import CHANCE
from twsolo.phrases import say, use_language

from .table_person import Person, run_with

CARD = re.compile(r"#(\d+) ")


def in_order(text: str, steps: list[str]) -> list[str]:
    """The steps not found in `text` in this order (each searched after the previous one)."""
    missing, at = [], 0
    for step in steps:
        found = text.find(step, at)
        if found < 0:
            missing.append(step)
        else:
            at = found + len(step)
    return missing


@pytest.mark.slow
def test_a_table_game_asks_only_for_what_turns_face_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three turns at the table (spec §4, §6, §9, §12.1): no question about a card dealt face
    down; a card is asked for only as it turns face up, among the cards that can be there; every
    die is asked as a die; every shuffle the spec asks for is said, pile by pile, in the order
    the person does them."""
    person = Person(seed=4)
    args = ["new", "--side", "ussr", "--table", "--dice", "manual", "--seed", "4", "--name", "t"]
    out = run_with(tmp_path, args, person)
    by_turn = person.turns(out)
    assert {1, 2, 3} <= set(by_turn), "the game did not last three turns"
    entries = [
        json.loads(line)
        for line in (tmp_path / "games" / "t" / "journal.jsonl").read_text().splitlines()
    ]
    assert not [e for e in entries if e["kind"] == "deal"]
    chance = [p for p in person.prompts if p.choice.actor == CHANCE]
    # Chance asks only about what turns face up, a die, or the order of cards seen (a restack's
    # equal-Ops cards, appendix #26): a `pick` among known cards.
    assert {p.choice.kind for p in chance} <= {"draw", "die", "reveal", "holds", "pick"}
    for p in chance:
        if p.choice.kind == "pick":
            assert "restack" in p.choice.prompt, p.choice.prompt
    for p in chance:
        if p.choice.kind == "die":
            assert p.choice.options == (1, 2, 3, 4, 5, 6)
            assert re.fullmatch(r"[1-6]", p.typed)
            if p.choice.prompt.startswith(("coup in", "war in", "space race")):
                assert re.search(r"succeeds|wins|can", p.choice.prompt), p.choice.prompt
        if p.choice.kind == "draw":
            assert "deal" not in p.choice.prompt
    assert not re.search(r"Roll [^\n]*die[^\n]*\n(?:\s+\d+\. #)", out), "a die listed as cards"
    for turn in (1, 2, 3):
        text = by_turn[turn]
        # Spec §6.1.4 / §6.2.3: each deck/hand is shuffled after the deal; §7.2: the Scoring
        # Card Deck at step X; the regions are revealed; §9.1–§9.2: the headline draws.
        missing = in_order(
            text,
            [
                "draft step 1: draw (1 of 6)",
                "draft step 2: draw (1 of",
                "face down from the draw deck",
                "shuffle your deck/hand (USSR) and the AI's deck/hand (US)",
                "shuffle the Scoring Card Deck",
                "reveal the Primary Region",
                "reveal the Secondary Region",
                "headline: draw (1 of 3)",
                "AI headline: reveal the top card",
                "shuffle the AI's deck/hand (US)",  # §9.2: the revealed cards go back
                "action round: draw (1 of 2)",
                "AI action round: reveal the top card",
            ],
        )
        assert not missing, (turn, missing)


def said_pattern(key: str, language: str) -> re.Pattern[str]:
    """Any line phrase `key` says in `language`, its fields anything (each plural form)."""
    use_language(language)
    try:
        forms = {(say(key, n=n, purpose="\0", pile="\0", cards="\0"), str(n)) for n in (1, 2, 5)}
    finally:
        use_language("en")
    return re.compile(
        "|".join(
            ".*".join(re.escape(part).replace(n, r"\d+") for part in form.split("\0"))
            for form, n in forms
        )
    )


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "ru"])
def test_digital_screens_name_no_card_that_lies_face_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """On screen the program deals real cards but shows only what the table would: no prompt,
    instruction, `history`, `show` or `why` names a card while it lies face down (it may once it
    is seen), in English and in Russian. The `history` of a deal says only that a card was
    dealt."""
    commands = {
        n: c for n in range(30, 400, 37) for c in ("history all", "show", "why")[n % 3 :][:1]
    }
    person = Person(seed=7, commands=commands)
    args = ["new", "--side", "us", "--digital", "--seed", "7", "--name", "d", "--lang", language]
    out = run_with(tmp_path, args, person)
    assert said_pattern("show.answer.dealt_face_down", language).search(out)  # a deal's history
    shown_hand = said_pattern("show.hand.holds", language)
    checked = 0
    for before, after in zip(person.prompts, person.prompts[1:], strict=False):
        hidden = before.face_down & after.face_down  # face down all the while
        # The line where CIA Created shows the AI's deck/hand names its cards (the person sees
        # them then); no other line may.
        screen = shown_hand.sub("", out[before.output_at : after.output_at])
        shown = {int(c) for c in CARD.findall(screen)}
        assert not shown & hidden, (before.choice.prompt, sorted(shown & hidden))
        checked += bool(hidden)
    assert checked > 50


def shown_hand(out: str) -> tuple[str, str]:
    """The line CIA Created prints for the AI's deck/hand, and the line after it."""
    lines = [line.strip() for line in out.splitlines()]
    at = next(i for i, line in enumerate(lines) if "CIA Created: " in line and "deck/hand" in line)
    return lines[at], lines[at + 1]


@pytest.mark.slow
def test_cia_created_shows_the_ai_s_cards_on_a_digital_screen(tmp_path: Path) -> None:
    """Issue #29: in digital play the program dealt the AI's deck/hand, so CIA Created lists its
    cards, all of them, then says to shuffle it (appendix G7); at the table the person looks
    through the real pile instead."""
    person = Person(seed=7)
    args = ["new", "--side", "us", "--digital", "--seed", "7", "--name", "d"]
    out = run_with(tmp_path, args, person)
    line, after = shown_hand(out)
    seen = next(p.shown for p in person.prompts if p.shown)
    listed = {int(c) for c in CARD.findall(line)}
    assert re.search(rf"the AI's deck/hand \(USSR\) holds {len(seen)} cards: ", line), line
    assert listed == seen
    assert len(seen) > 1
    assert after.endswith("shuffle the AI's deck/hand (USSR)")
    # Some of them lay face down, dealt by the program and never seen.
    before = next(p for p, q in itertools.pairwise(person.prompts) if q.shown)
    assert seen & before.face_down

    person = Person(seed=7)
    args = ["new", "--side", "us", "--table", "--dice", "manual", "--seed", "7", "--name", "t"]
    line, after = shown_hand(run_with(tmp_path / "table", args, person))
    assert line.endswith("CIA Created: look through the AI's deck/hand (USSR)"), line
    assert after.endswith("shuffle the AI's deck/hand (USSR)")
