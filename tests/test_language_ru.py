"""Play it in Russian (issue #44): the language is chosen by `--lang` on any command, else
TWSOLO_LANG, else the locale; the Russian catalog (twsolo/phrases/locale/ru, compiled by the
build) translates every phrase; names, sides, regions, the Space Race's boxes and the Victory
Ratings follow the language; a game saved in one language resumes in the other."""

from __future__ import annotations

import gettext
import html
import importlib
import importlib.util
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import click
import pytest
from click.testing import CliRunner

from twsolo.cli.click_words import CLICK_WORDS, MODULES, speak_the_language_in_use
from twsolo.cli.main import cli
from twsolo.compose import load_ruleset
from twsolo.files.browser import find_browser
from twsolo.ids import Side
from twsolo.phrases import (
    language,
    languages,
    say,
    start_language,
    translated,
    use_language,
)
from twsolo.rulebook.sources import HEADING, TAG, Prose, section_ids, section_titles
from twsolo.ruleset import Ruleset
from twsolo.ruleset.readers.appendix_text_yaml import TEXTS

from .table_person import Person, first, journal, run_with
from .test_ruleset_errors import break_file, problems

ROOT = Path(__file__).resolve().parents[1]
# Latin words a Russian screen may hold: the commands and their words typed as they are, file
# names, the DEFCON track's name, card names written so (KAL-007, Pershing II).
TYPED = {
    "hint",
    "help",
    "undo",
    "why",
    "show",
    "history",
    "quit",
    "inspect",
    "scenario",
    "rollback",
    "adjust",
    "save",
    "board",
    "new",
    "play",
    "twsolo",
    "lang",
    "defcon",
    "us",
    "ussr",
    "all",
    "file",
    "turn",
    "region",
    "ar",
    "name",
    "ctrl",
    "what",
    "country",
    "influence",
    "vp",
    "milops",
    "space",
    "docs",
    "rules",
    "rulebook",
    "playing",
    "md",
    "g",
    "kal",
    "ii",
}
LATIN = re.compile(r"[A-Za-z][A-Za-z']+")


def catalogs() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "scripts" / "catalogs.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def russian() -> Iterator[None]:
    use_language("ru")
    try:
        yield
    finally:
        use_language("en")


def latin_left(text: str) -> list[str]:
    """The Latin words of a Russian screen outside what a person types as it is (commands,
    options, the game's name) and the lines the player typed. The AI's trace under `why` names
    the data's own terms (a choice's key, a window, a condition, a priority table's criterion, as
    rules/*.yaml and the rulebook's tables write them) in «quotes», with nothing Russian inside."""
    found = []
    for line in text.splitlines():
        if line.startswith("> "):
            continue
        line = re.sub(
            r"`[^`]*`|'[^']*'|«[^«»а-яё]*»|--[\w-]+|#\d+|\S*/\S*|\b[\w.-]+\.(md|yaml|html|svg|pdf)\b",
            " ",
            line,
            flags=re.I,
        )
        found += [w for w in LATIN.findall(line) if w.lower() not in TYPED]
    return found


# ------------------------------------------------------------------ the catalog
def test_the_russian_catalog_translates_every_phrase() -> None:
    """Every phrase of the book, by its key and its English as they are now: translated, not
    fuzzy, every plural form there, the same {fields} (scripts/catalogs.py check ru)."""
    assert catalogs().problems("ru") == []


def test_the_build_compiled_the_catalog() -> None:
    """The install (scripts/compiled_build.py's hook) made the .mo that gettext reads."""
    assert "ru" in languages()


def test_a_catalog_that_lacks_a_phrase_is_found_out(tmp_path: Path) -> None:
    module = catalogs()
    source = module.po_path("ru")
    target = module.po_path("ru", tmp_path)
    target.parent.mkdir(parents=True)
    text = source.read_text(encoding="utf-8")
    # Drop one translation and change another's fields.
    text = text.replace('msgstr "США"', 'msgstr ""', 1)
    text = re.sub(r'(msgctxt "record.vp"\nmsgid "[^"]*"\nmsgstr ")', r"\1{extra} ", text, count=1)
    target.write_text(text, encoding="utf-8")
    found = module.problems("ru", tmp_path)
    assert any(p.startswith("side.us: not translated") for p in found), found
    assert any(p.startswith("record.vp: fields") for p in found), found


def test_russian_plurals_follow_the_russian_rule(russian: None) -> None:
    said = [say("cmd.cards.count", n=n) for n in (1, 2, 5, 11, 21, 22, 25)]
    assert said == ["1 карта", "2 карты", "5 карт", "11 карт", "21 карта", "22 карты", "25 карт"]


# ------------------------------------------------------------------ choosing it
def run(args: list[str], **env: str | None) -> str:
    result = CliRunner().invoke(cli, args, env={"TWSOLO_LANG": None, "LANG": None, **env})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["validate", "--lang", "ru"], {}),
        (["--lang", "ru", "validate"], {}),
        (["validate"], {"TWSOLO_LANG": "ru"}),
        (["validate"], {"LANG": "ru_RU.UTF-8"}),
        (["validate"], {"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}),
        (["validate", "--lang", "ru"], {"TWSOLO_LANG": "en"}),
    ],
)
def test_the_language_is_chosen_by_option_variable_or_locale(
    args: list[str], env: dict[str, str]
) -> None:
    assert run(args, **env).startswith("OK: правила из")
    assert language() == "en"  # the command's language ends with it


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["validate"], {}),
        (["validate"], {"LANG": "de_DE.UTF-8"}),  # a locale without a catalog: English
        (["validate"], {"LANG": "C"}),
        (["validate", "--lang", "en"], {"TWSOLO_LANG": "ru"}),
    ],
)
def test_english_where_no_russian_is_asked(args: list[str], env: dict[str, str]) -> None:
    assert run(args, **env).startswith("OK: rules in")


def test_a_language_without_a_catalog_asked_by_name_is_refused() -> None:
    result = CliRunner().invoke(cli, ["validate", "--lang", "de"])
    assert result.exit_code == 2
    assert "no catalog for the language 'de' (there are: en, ru)" in result.output
    result = CliRunner().invoke(cli, ["validate"], env={"TWSOLO_LANG": "de"})
    assert result.exit_code == 2
    assert "'de'" in result.output


def test_start_language_reads_the_environment_in_order() -> None:
    try:
        assert start_language({"TWSOLO_LANG": "ru", "LANG": "en_GB"}) == "ru"
        assert start_language({"LC_MESSAGES": "ru_RU", "LANG": "en_GB"}) == "ru"
        assert start_language({"LANG": "fr_FR.UTF-8"}) == "en"
        assert start_language({}) == "en"
    finally:
        use_language("en")


def test_every_command_takes_lang() -> None:
    """`--lang` on every command and subcommand, the lazy ones too."""
    out = run(["cards", "show", "23", "--lang", "ru"])
    assert "План Маршалла" in out
    assert out.startswith("#23 План Маршалла")  # the appendix entry below is data, as written
    for command in ("new", "play", "list", "show", "simulate", "decide", "rulebook", "replay"):
        assert "--lang" in run([command, "--help"]), command


def test_help_texts_follow_the_language() -> None:
    """`--help` says a command's and its options' texts in the language chosen before it (on
    the command, the group or the environment), and English again after."""
    english = ["Start a new game against the AI.", "The side you play."]
    use_language("ru")
    russian = [translated("help", text) for text in english]
    use_language("en")
    assert russian != english
    for args, env in (
        (["new", "--lang", "ru", "--help"], {}),
        (["--lang", "ru", "new", "--help"], {}),
        (["new", "--help"], {"TWSOLO_LANG": "ru"}),
    ):
        out = run(args, **env)
        assert all(" ".join(text.split()) in " ".join(out.split()) for text in russian), out
    assert "Start a new game" in " ".join(run(["new", "--help"]).split())
    listed = run(["--help"], TWSOLO_LANG="ru")
    assert " ".join(russian[0].split())[:30] in " ".join(listed.split())


def test_clicks_own_words_follow_the_language() -> None:
    """The help's chrome and click's usage errors (a mistyped option, command or value) in
    Russian; English again without the choice."""
    for args in (["--lang", "ru", "new", "--help"], ["new", "--lang", "ru", "--help"]):
        out = run(args)
        assert "Использование: cli new" in out  # CliRunner names the program `cli`
        assert "Параметры:" in out
        assert "Показать эту справку и выйти." in out
        assert not [p for p in ("Usage:", "Options:", "Show this message") if p in out]
    for args in (["--help"], ["new", "--help"]):  # help options already made, in English
        assert "Show this message and exit." in run(args)
        out = run(["--lang", "ru", *args])
        assert "Показать эту справку и выйти." in out
        assert "Show this message" not in out
    runner = CliRunner()
    for args, said in (
        (["--lang", "ru", "new", "--sid", "us"], "Нет такого параметра '--sid'"),
        (["--lang", "ru", "nwe"], "Нет такой команды 'nwe'"),
        (["--lang", "ru", "new", "--side", "xx"], "Недопустимое значение '--side'"),
    ):
        result = runner.invoke(cli, args, env={"TWSOLO_LANG": None, "LANG": None})
        assert result.exit_code == 2
        assert said in result.output, result.output
        assert "Ошибка: " in result.output
        assert "Справка: 'cli" in result.output
        assert "Error" not in result.output
        assert "Try " not in result.output
    english = runner.invoke(cli, ["new", "--sid", "us"], env={"TWSOLO_LANG": None, "LANG": None})
    assert "Error: No such option '--sid'" in english.output
    assert "Usage: cli new" in run(["new", "--help"])


def test_speaking_the_language_points_clicks_words_at_the_catalog(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """click's modules as click left them say English in a Russian command; after
    `speak_the_language_in_use` (which the command line calls as it is imported) they say the
    catalog's words, the plural forms too."""
    for name in MODULES:
        module = importlib.import_module(f"click.{name}")
        for said, stdlib in (("_", gettext.gettext), ("ngettext", gettext.ngettext)):
            if hasattr(module, said):
                monkeypatch.setattr(module, said, stdlib)
    args = ["--lang", "ru", "new", "--sid", "us"]
    env = {"TWSOLO_LANG": None, "LANG": None, "LANGUAGE": None, "LC_ALL": None}
    before = CliRunner().invoke(cli, args, env=env).output
    assert "Error: No such option '--sid'" in before
    assert "(Did you mean one of: '--seed', '--side'?)" in before
    speak_the_language_in_use()
    after = CliRunner().invoke(cli, args, env=env).output
    assert "Ошибка: Нет такого параметра '--sid'" in after
    assert "(Может быть, вы имели в виду одно из: '--seed', '--side'?)" in after
    assert "Использование: cli new" in after
    assert "Справка: 'cli new --help'." in after
    assert "Показать эту справку и выйти." in run(["--lang", "ru", "new", "--help"])


def test_clicks_words_are_clicks_messages() -> None:
    """Every message twsolo translates for click is one the installed click says (a newer
    click that rewords one would leave it English: this finds it)."""
    babel = pytest.importorskip("babel.messages.extract")
    folder = Path(click.__file__).parent
    said: set[str] = set()
    for name in MODULES:
        for _, message, _, _ in babel.extract_from_file(
            "python", folder / f"{name}.py", keywords={"_": None, "ngettext": (1, 2)}
        ):
            said.add(message if isinstance(message, str) else message[0])
    for words in CLICK_WORDS:
        assert (words if isinstance(words, str) else words[0]) in said, words


# ------------------------------------------------------------------ names follow it
def test_names_sides_regions_boxes_and_ratings_follow_the_language(russian: None) -> None:
    rules = load_ruleset()
    assert rules.card(23).name == "План Маршалла"
    assert rules.country("west_germany").name == "Западная Германия"
    assert rules.space[0].name == "Искусственный спутник Земли"
    assert rules.rating_name("Decisive defeat") == "Сокрушительное поражение"
    assert (Side.US.label, Side.USSR.label) == ("США", "СССР")
    use_language("en")
    assert rules.card(23).name == "Marshall Plan"
    assert rules.rating_name("Decisive defeat") == "Decisive defeat"
    assert (Side.US.label, Side.USSR.label) == ("US", "USSR")


# ------------------------------------------------------------------ whole games in Russian
COMMANDS = {12: "help", 20: "hint", 21: "show", 40: "why", 41: "history"}
COMMANDS |= dict.fromkeys(range(55, 400, 15), "why")  # the AI's traces of many kinds


HINTS = dict.fromkeys(range(1, 60, 4), "hint")  # the draft's, the headline's, the rounds'


@pytest.mark.parametrize(
    ("mode", "seed", "side", "options"),
    [
        ("--digital", 5, "ussr", []),
        ("--table", 5, "ussr", []),
        ("--table", 7, "us", []),  # Grain Sales' `return`
        ("--table", 11, "ussr", ["--enhanced", "--draft-cap", "--difficulty", "hard"]),
    ],
)
def test_a_whole_game_in_russian_speaks_russian(
    tmp_path: Path, mode: str, seed: int, side: str, options: list[str]
) -> None:
    """Whole games, on screen and at the table (dice typed), with the set-up's options and
    `help`, `hint` (at the draft and the headline too), `show`, `why` and `history`: no Latin
    word outside what is typed as it is, the card numbers and the data's own names in «»;
    the answers typed are the Russian labels and names."""
    person = Person(seed=seed, commands=COMMANDS | HINTS)
    args = ["new", "--lang", "ru", "--side", side, mode, "--seed", str(seed), "--name", "g"]
    args += options
    if mode == "--table":
        args += ["--dice", "manual"]
    out = run_with(tmp_path, args, person)
    sides = "ваша сторона — СССР, сторона ИИ — США" if side == "ussr" else "ваша сторона — США"
    assert f"Новая партия 'g': {sides}" in out
    assert "Партия окончена" in out
    assert "добавьте" in out
    assert "влияния" in out
    assert latin_left(out) == []
    assert language() == "en"


def test_a_game_saved_in_english_resumes_in_russian(tmp_path: Path) -> None:
    args = ["new", "--side", "us", "--digital", "--seed", "2", "--name", "g"]
    english = Person(seed=2, script=[*first(12), "quit"])
    run_with(tmp_path, args, english)
    before = journal(tmp_path)
    russian = Person(seed=2, script=[*first(6), "quit"])
    out = run_with(tmp_path, ["play", "g", "--lang", "ru"], russian)
    assert "Где вы остановились: ход 1" in out
    assert journal(tmp_path)[: len(before)] == before
    assert len(journal(tmp_path)) > len(before)
    assert latin_left(out) == []
    assert language() == "en"


def test_the_board_page_and_picture_speak_russian(tmp_path: Path) -> None:
    args = ["new", "--side", "us", "--digital", "--seed", "3", "--name", "g"]
    run_with(tmp_path, args, Person(seed=3, script=[*first(20), "quit"]))
    page, picture = tmp_path / "b.html", tmp_path / "b.svg"
    text = run(["show", "g", "--lang", "ru", "--home", str(tmp_path), "--html", str(page)])
    run(["show", "g", "--lang", "ru", "--home", str(tmp_path), "--svg", str(picture)])
    assert "Первичный регион" in text
    assert latin_left(text) == []
    for drawn in (page, picture):
        words = re.sub(r"<style.*?</style>|<[^>]+>", " ", drawn.read_text(), flags=re.S)
        assert "Западная Германия" in words
        assert latin_left(html.unescape(words)) == [], drawn


def test_the_simulation_speaks_russian(tmp_path: Path) -> None:
    """The summary and the HTML report of `simulate`: every word Russian but the options and
    values typed as they are (the report says the run as its command line), and the charts'
    own labels (matplotlib writes each as an SVG comment; its metadata names matplotlib)."""
    pytest.importorskip("matplotlib", reason="the report extra: pip install 'twsolo[report]'")
    page = tmp_path / "report.html"
    args = ["simulate", "--lang", "ru", "--games", "4", "--workers", "1", "--enhanced"]
    summary = run([*args, "--report", str(page)])
    assert "Причины окончания:" in summary
    assert latin_left(summary) == []
    drawn = page.read_text(encoding="utf-8")
    labels = " ".join(re.findall(r"<!--(.*?)-->", drawn, flags=re.S))
    words = re.sub(r"<style.*?</style>|<metadata>.*?</metadata>|<!--.*?-->", " ", drawn, flags=re.S)
    words = html.unescape(re.sub(r"<[^>]+>", " ", words))
    assert "Запуск: --games 4" in words
    assert "ИИ за США" in labels
    typed = {"greedy", "both", "normal", "twsolo"}
    for text in (words, labels):
        assert [w for w in latin_left(text) if w not in typed] == []


# ------------------------------------------------------------------ the rulebook's sections
RULES_DOCS = ROOT / "docs" / "rules"
SECTIONS = [*sorted(p.name for p in RULES_DOCS.glob("[0-9][0-9]-*.md")), "README.md"]
LINK = re.compile(r"\]\(([^)#\s]+)")


LABEL = re.compile(r"\b(seed|designed|base|r\d)\b")


def labels(text: str) -> list[list[str]]:
    """The labels of each heading's tags (`[seed; the wording is settled in §23.1]` ->
    seed): the README defines them and they stay as they are; the rest of a tag is prose."""
    return [
        LABEL.findall(" ".join(TAG.findall(line)))
        for line in text.splitlines()
        if HEADING.match(line)
    ]


@pytest.mark.parametrize("name", SECTIONS)
def test_each_section_of_the_rulebook_is_written_in_russian_with_the_same_ids(name: str) -> None:
    """docs/rules/ru/ has every section §1–§25, each defining exactly the ids of the English
    one (headings, numbered items, sub-items, steps: what `spec §N.M` cites), with the same
    labels in its headings' tags, links that lead somewhere, and Russian prose."""
    english = (RULES_DOCS / name).read_text(encoding="utf-8")
    russian = (RULES_DOCS / "ru" / name).read_text(encoding="utf-8")
    assert section_ids(russian) == section_ids(english)
    assert labels(russian) == labels(english)
    for target in LINK.findall(russian):
        assert "://" in target or (RULES_DOCS / "ru" / target).exists(), target
    prose = "\n".join(line for line in russian.splitlines() if not line.startswith("|"))
    letters = re.sub(r"`[^`]*`|\]\([^)]*\)|\[[^\]]*\]", "", prose)  # ids and tags aside
    assert len(re.findall("[а-яё]", letters, re.I)) > 3 * len(re.findall("[a-z]", letters, re.I))


@pytest.mark.parametrize("page", sorted(p.name for p in (RULES_DOCS / "ru").glob("*.md")))
def test_every_link_of_a_russian_page_leads_somewhere(page: str) -> None:
    """A link out of docs/rules/ru/ goes one folder further up than the English page's."""
    text = (RULES_DOCS / "ru" / page).read_text(encoding="utf-8")
    for target in LINK.findall(text):
        assert "://" in target or (RULES_DOCS / "ru" / target).exists(), (page, target)


def test_the_rulebook_prints_its_sections_in_russian(tmp_path: Path) -> None:
    page = tmp_path / "book.html"
    run(["rulebook", "--lang", "ru", "--out", str(page)])
    text = page.read_text(encoding="utf-8")
    assert '<html lang="ru">' in text
    titles = Prose.read(lang="ru").titles()
    for number in range(1, 26):
        assert titles[str(number)] in text
    use_language("ru")
    chrome = [say(f"rulebook.part.{part}") for part in ("rules", "tables", "cards")]
    chrome += [say("rulebook.entry.windows"), say("rulebook.entry.resolve")]  # a card's entry
    described = translated("vocabulary", "In the Secondary Region.")  # a condition's words
    use_language("en")
    assert all(heading in text for heading in chrome)  # the book's own headings too
    assert "Part I — The rules" not in text
    assert "When the AI plays the event" not in text
    assert described != "In the Secondary Region."
    assert html.escape(described, quote=False) in text
    english = Prose.read(lang="en").titles()
    assert titles["13.2"] != english["13.2"]
    assert section_titles() == english  # the language in use: English here
    assert book_latin(text) == []


# Latin a Russian book keeps: the DEFCON track, the program's name, a card's own letters
# (KAL-007), the parts' Roman numbers, formats and languages by their names.
BOOK_KEPT = {"DEFCON", "twsolo", "KAL", "II", "III", "IV", "V", "JSON", "Python"}


def book_latin(page: str) -> list[str]:
    """The Latin words of the Russian book outside code (the data's own names, set as code
    by the prose and the tables alike), the tags' and marks' labels the book defines
    ([seed], [designed r2], (fill), (reading)), file names and paths, and texts quoted as
    they are written in English («unknown window ...», a source's title)."""
    text = re.sub(r"<style.*?</style>|<code>.*?</code>|<pre>.*?</pre>", " ", page, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    text = re.sub(
        r"\[[^\]]*\b(seed|designed|base)\b[^\]]*\]|(?<=\()(fill|reading)\b|«[^«»а-яё]*»|\S*/\S*"
        r"|\b[\w.-]+\.(md|yaml|py|html|pdf)\b|\bcard-events\b",
        " ",
        text,
        flags=re.I,
    )
    return [w for w in LATIN.findall(text) if w not in BOOK_KEPT]


@pytest.mark.slow
@pytest.mark.skipif(find_browser() is None, reason="chromium is not installed")
def test_the_russian_rulebook_prints_to_pdf(tmp_path: Path) -> None:
    """`rulebook --lang ru --pdf`: the printed pages carry the Russian text (the fonts hold
    Cyrillic: pypdf reads the words back), each section's title and every card's entry."""
    pypdf = pytest.importorskip("pypdf", reason="pypdf comes with the dev extra")
    pdf = tmp_path / "book.pdf"
    run(["rulebook", "--lang", "ru", "--pdf", str(pdf)])
    text = " ".join(
        " ".join(unicodedata.normalize("NFKC", page.extract_text() or "").split())
        for page in pypdf.PdfReader(pdf).pages
    )
    titles = Prose.read(lang="ru").titles()
    assert all(f"§{n} {titles[str(n)]}" in text for n in range(1, 26))
    rules = load_ruleset()
    use_language("ru")
    try:
        heads = [f"#{n} {rules.card(n).name}" for n in rules.appendix]
    finally:
        use_language("en")
    assert [h for h in heads if h not in text] == []
    assert "Часть I — Правила" in text


# ------------------------------------------------------------------ the appendix's texts
def test_every_appendix_text_is_worded_in_russian(rules: Ruleset) -> None:
    """rules/appendix-ru.yaml words every `choices`, `on_human_play` and `note` the English
    entries hold, and nothing else (the loader checks the keys; this, that none is missing or
    left over)."""
    worded = rules.appendix_texts["ru"]
    for number, entry in rules.appendix.items():
        english = {field for field in TEXTS if getattr(entry, field)}
        assert set(worded.get(number, {})) == english, number


def test_a_text_without_russian_wording_is_refused_by_the_russian_rulebook(
    rules_copy: Path, tmp_path: Path
) -> None:
    """The book in Russian never prints an English text inside it: a field the language has
    not worded stops it with a message naming the card, the field and the file."""
    path = rules_copy / "appendix-ru.yaml"
    text = path.read_text(encoding="utf-8")
    kept = re.sub(r"(?m)^7:\n(?:  .*\n|    .*\n)*", "", text, count=1)
    assert kept != text
    path.write_text(kept, encoding="utf-8")
    page = tmp_path / "book.html"
    args = ["rulebook", "--lang", "ru", "--rules", str(rules_copy), "--out", str(page)]
    result = CliRunner().invoke(cli, args, env={"TWSOLO_LANG": None})
    assert result.exit_code == 2, result.output
    assert "appendix #7 choices: no wording in the language 'ru'" in result.output
    assert "appendix-ru.yaml" in result.output
    assert not page.exists()
    assert run(["rulebook", "--rules", str(rules_copy), "--out", str(page)])  # English: fine


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("\n4:\n", "\n999:\n", "no card '999'"),
        ("\n4:\n  choices:", "\n4:\n  remarks:", "4.remarks: unknown key"),
        ("\n4:\n  choices: нет.\n", "\n4:\n  choices: ''\n", "an empty text"),
        ("\n5:\n", "\n4:\n", "this card is worded twice"),
    ],
)
def test_a_broken_appendix_wording_names_file_line_and_field(
    rules_copy: Path, old: str, new: str, problem: str
) -> None:
    break_file(rules_copy, "appendix-ru.yaml", old, new)
    found = "\n".join(problems(rules_copy))
    assert "appendix-ru.yaml:" in found
    assert problem in found
