"""The phrasebook (twsolo/phrases, issue #42): every sentence said to a person is a keyed
phrase, so a second language is one gettext catalog. Checked with a pseudo-language catalog
compiled from the book (tests/phrase_catalogs.py): under it, whatever a person reads that does
not come from the book stays in lower-case English and shows."""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from twsolo import api
from twsolo.cli.prompts import COMMANDS as COMMAND_WORDS
from twsolo.compose import standard_vocabulary
from twsolo.engine import records
from twsolo.engine.choices import KINDS
from twsolo.errors import TwsoloError
from twsolo.ids import SCORING_REGIONS, Side
from twsolo.phrases import PHRASES, catalog_template, language, languages, say, use_language
from twsolo.rulebook.sources import section_titles
from twsolo.ruleset import Ruleset

from .phrase_catalogs import pseudo, pseudo_catalog
from .table_person import ScreenPerson, TablePerson, play_at_table

WORD = re.compile(r"[a-z][a-z']+")


@pytest.fixture
def pseudo_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The pseudo-language in use, and chosen by the environment as a person would choose a
    language (TWSOLO_LANG), its catalog where the package keeps its own."""
    pseudo_catalog(tmp_path)
    monkeypatch.setattr("twsolo.phrases.book.LOCALES", tmp_path)
    monkeypatch.setenv("TWSOLO_LANG", "xx")
    use_language("xx")
    try:
        yield tmp_path
    finally:
        use_language("en")


def book_titles() -> list[str]:
    """The printed rulebook's section titles (docs/rules), which `why` cites by name."""
    return list(section_titles().values())


def names(rules: Ruleset) -> list[str]:
    """The names a sentence may hold untranslated (they come from the rules data, in every
    language's own names file), longest first."""
    found = [c.name for c in rules.cards.values()]
    found += [c.name for c in rules.countries]
    found += [records.region_name(r) for r in SCORING_REGIONS]
    found += [box.name for box in rules.space]
    found += [rating for _, rating in rules.regions.victory_rating]
    return sorted(set(found), key=len, reverse=True)


def english_left(text: str, rules: Ruleset, *data: str) -> list[str]:
    """The lower-case words of `text` outside names and the given data (ids, answers)."""
    for name in [*names(rules), *sorted(data, key=len, reverse=True)]:
        text = text.replace(name, " ")
    return WORD.findall(text)


def test_every_question_kind_has_its_title() -> None:
    missing = [kind for kind in KINDS if f"question.{kind}" not in PHRASES]
    assert not missing


def test_every_phrase_fills_from_named_fields_only() -> None:
    """A template's fields are names (str.format), and every plural names its count `n`."""
    for key, phrase in PHRASES.items():
        for template in (phrase,) if isinstance(phrase, str) else phrase:
            fields = [f for _, f, _, _ in string.Formatter().parse(template) if f is not None]
            assert all(f and f.isidentifier() for f in fields), (key, fields)
            if not isinstance(phrase, str):
                assert "n" in fields, key


def test_a_catalog_translates_and_picks_the_plural_by_its_own_rule(pseudo_language: Path) -> None:
    assert language() == "xx"
    assert say("record.dealt", source="A", target="B") == "⟦DEAL A CARD FACE DOWN FROM A TO B⟧"
    forms = [say("record.ops", n=n) for n in (1, 2, 5, 21)]
    assert forms == ["⟦1 OP⟧", "⟦2 OPS⟧", "⟦5 OPS⟧⁵", "⟦21 OP⟧"]  # Russian: 1, 2–4, 5–20, 21
    assert "xx" in languages(pseudo_language)


def test_english_is_the_book_itself() -> None:
    assert say("record.ops", n=1) == "1 Op"
    assert say("record.ops", n=3) == "3 Ops"


def test_a_language_without_a_catalog_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(TwsoloError, match="no catalog for the language 'zz'"):
        use_language("zz", tmp_path)
    assert language() == "en"


def test_the_template_holds_every_phrase_for_a_translator() -> None:
    pot = catalog_template()
    for key in PHRASES:
        assert f'msgctxt "{key}"' in pot
    assert 'msgid_plural "{n} Ops"' in pot
    # The template is a catalog gettext can read once translated: the pseudo one is made the
    # same way, and reads back.
    assert pot.count("msgctxt") == len(PHRASES)


def game_records(rules: Ruleset) -> dict[type, list[records.Record]]:
    by_kind: dict[type, list[records.Record]] = {}
    for seed, side in [(1, Side.USSR), (2, Side.US), (3, Side.USSR), (4, Side.US)]:
        for record in api.play_game(rules, side, human="random", seed=seed).log:
            by_kind.setdefault(type(record), []).append(record)
    return by_kind


def record_data(record: records.Record) -> tuple[str, ...]:
    """What a record shows that is data, not words: an answer as typed, a question's key."""
    if isinstance(record, records.Answered):
        return (record.actor, record.kind, record.key, str(record.answer))
    return ()


# Records whose words come from elsewhere: a correction's description (engine/adjust.py) and a
# note's message; each is checked where it is written.
ELSEWHERE = {records.Adjusted, records.Note}


def test_every_record_kind_speaks_from_the_book(rules: Ruleset, pseudo_language: Path) -> None:
    kinds = {k for k in vars(records).values() if isinstance(k, type)}
    kinds = {k for k in kinds if issubclass(k, records.Record) and k is not records.Record}
    seen = game_records(rules)
    # Three kinds a random game seldom makes: looking through a pile (Revealed, HandShown, with
    # its cards and at the table without) and a pile put in order.
    for rare in [
        records.Revealed(21, "hand_us"),
        records.Restacked("hand_ussr", (8, 21)),
        records.HandShown("hand_ussr", Side.US, (8, 21), ""),
        records.HandShown("hand_ussr", Side.US, (), ""),
    ]:
        seen.setdefault(type(rare), []).append(rare)
    assert kinds - set(seen) - ELSEWHERE == set()
    for kind, found in seen.items():
        if kind in ELSEWHERE:
            continue
        for record in found[:200]:
            text = record.text(rules)
            left = english_left(text, rules, *record_data(record))
            assert not left, f"{kind.__name__}: {text!r} holds {left}"


def test_the_pseudo_language_keeps_fields() -> None:
    assert pseudo("add {n} to {country}") == "⟦ADD {n} TO {country}⟧"
    assert gettext.NullTranslations().pgettext("k", "x") == "x"


# What a screen may hold in English under any language: the values typed on the command line
# (`--difficulty normal`, `--table`, `--dice manual`) and the command that resumes a game.
COMMAND_LINE = ("twsolo play --restore-backup", "twsolo play", "table", "digital", "manual", "auto")
# The in-game commands a person types at prompts of the digital game (by prompt number).
COMMANDS = {
    4: "help",
    6: "hint",
    9: "why",
    12: "show",
    14: "show all",
    17: "history",
    20: "inspect",
    23: "why 2",
    40: "undo",
}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seed", "side", "mode", "who"),
    [(2, "us", "table", "screen"), (3, "ussr", "digital", "planner")],
)
def test_a_whole_game_on_screen_speaks_only_from_the_book(
    rules: Ruleset, pseudo_language: Path, tmp_path: Path, seed: int, side: str, mode: str, who: str
) -> None:
    """A game at the table (a person who knows only the screen, to turn 3) and a whole digital
    game, under the pseudo-language: every line the program prints is the book's, but for names,
    numbers and the command line's values. A sentence built outside the book shows here."""
    dice = ["--dice", "manual"] if mode == "table" else []
    args = ["new", "--side", side, f"--{mode}", *dice, "--seed", str(seed), "--name", "g"]
    person = (
        ScreenPerson(seed=seed, brain="hint", until=3)
        if who == "screen"
        else TablePerson(seed=seed, brain="greedy", commands=COMMANDS)
    )
    out = play_at_table(tmp_path / "home", args, person)
    # The in-game commands' names, the game's name, the rulebook's section titles ("Rules
    # cited", from the book in the language in use) and the rules data's own ids (the trace's
    # criteria, as rules/*.yaml names them).
    data = [*COMMAND_LINE, *rules.setup.difficulty, "'g'", *COMMAND_WORDS, *book_titles()]
    data += [name for family in standard_vocabulary().names.values() for name in family]
    left = {
        line: words
        for line in out.splitlines()
        if not line.startswith("> ")  # what the person typed
        if (words := english_left(line, rules, *data))
    }
    assert len(out.splitlines()) > 300
    assert not left, "\n".join(f"{w}: {line}" for line, w in list(left.items())[:20])


def test_a_sentence_said_again_is_the_same_and_follows_the_language(pseudo_language: Path) -> None:
    """say() remembers what it said (a simulated game says the same reasons thousands of times):
    the memory answers the same fields alike, never another's, and is forgotten with the
    language."""
    assert say("record.dealt", source="A", target="B") == "⟦DEAL A CARD FACE DOWN FROM A TO B⟧"
    assert say("record.dealt", source="B", target="A") == "⟦DEAL A CARD FACE DOWN FROM B TO A⟧"
    assert say("record.dealt", target="A", source="B") == "⟦DEAL A CARD FACE DOWN FROM B TO A⟧"
    # A field that cannot be remembered by (a list) is said afresh.
    assert say("record.hand_shown", purpose="p", pile="x", cards=["#1"]) == "⟦p: x HOLDS ['#1']⟧"
    use_language("en")
    assert say("record.dealt", source="A", target="B") == "deal a card face down from A to B"
