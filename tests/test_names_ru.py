"""The Russian names (rules/names-ru.yaml, docs/names.md): checked at load like every other name,
and accepted in answers and by `cards show` and `countries` by the start of their words."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from twsolo.cli.answers import NotUnderstood, read_answer
from twsolo.cli.main import cli
from twsolo.cli.match import matches
from twsolo.cli.render import NUMBER_KINDS
from twsolo.compose import load_ruleset
from twsolo.engine.choices import CHANCE, Answer, Choice
from twsolo.engine.game import Game
from twsolo.ids import PILES, SCORING_REGIONS, TRACKS, CardId, Side
from twsolo.players.greedy import GreedyPlayer
from twsolo.ruleset import Ruleset

from .table_person import Person, run_with, typed
from .test_ruleset_errors import break_file, problems, where

NAMES = "names-ru.yaml"


# ------------------------------------------------------------------ the data
def test_every_card_country_region_track_and_pile_has_a_russian_name(rules: Ruleset) -> None:
    ru = rules.names["ru"]
    assert sorted(ru.cards) == sorted(rules.cards)
    assert sorted(ru.countries) == sorted(c.id for c in rules.countries)
    assert set(ru.regions) == {*SCORING_REGIONS, "east_europe", "west_europe"}
    assert (set(ru.tracks), set(ru.piles)) == (set(TRACKS), set(PILES))
    assert ru.cards[CardId.CUBAN_MISSILE_CRISIS] == "Карибский кризис"  # the seed's name
    assert ru.countries["west_germany"] == "Западная Германия"


def test_the_russian_names_come_back_from_the_rules_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rules_copy: Path
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    first = load_ruleset(rules_copy)
    again = load_ruleset(rules_copy)  # from the cache
    assert list((tmp_path / "cache" / "twsolo").glob("rules-*.pickle"))
    assert again.names == first.names
    assert again.card_called["Карибский кризис"] == CardId.CUBAN_MISSILE_CRISIS


# ------------------------------------------------------------------ checked at load
def test_a_card_without_a_russian_name_is_reported_where_the_cards_are(rules_copy: Path) -> None:
    break_file(rules_copy, NAMES, "  42: Затруднительное положение\n", "")
    line = (rules_copy / NAMES).read_text().splitlines().index("cards:") + 2  # the first card
    assert problems(rules_copy) == [
        f"{where(rules_copy, NAMES, line)}3: cards: no name for #42 Quagmire"
    ]


def test_two_cards_with_one_name_are_refused(rules_copy: Path) -> None:
    # the same words as the prompts compare them: case, ё/е and punctuation aside
    line = break_file(rules_copy, NAMES, "43: Переговоры ОСВ", "43: ЗАТРУДНИТЁЛЬНОЕ, положение")
    assert problems(rules_copy) == [
        f"{where(rules_copy, NAMES, line)}7: cards.43: the same name as #42 Quagmire "
        "('Затруднительное положение')"
    ]


def test_a_russian_name_that_is_another_cards_english_name_is_refused(rules_copy: Path) -> None:
    line = break_file(rules_copy, NAMES, "43: Переговоры ОСВ", "43: Quagmire")
    assert problems(rules_copy) == [
        f"{where(rules_copy, NAMES, line)}7: cards.43: the same name as #42 Quagmire's English "
        "name 'Quagmire'"
    ]


def test_two_countries_with_one_name_are_refused(rules_copy: Path) -> None:
    line = break_file(rules_copy, NAMES, "  iraq: Ирак\n", "  iraq: иран\n")
    assert problems(rules_copy) == [
        f"{where(rules_copy, NAMES, line)}9: countries.iraq: the same name as iran ('Иран')"
    ]


@pytest.mark.parametrize(
    ("old", "new", "column", "message"),
    [
        (
            "  cuba: Куба\n",
            "  cuba: Куба\n  qqq: Ку\n",
            3,
            "countries.qqq: unknown country id 'qqq'",
        ),
        (
            "  cuba: Куба\n",
            "  cuba: Куба\n  kuba: Куба\n",
            3,
            "countries.kuba: unknown country id 'kuba' (did you mean 'cuba'?)",
        ),
        (
            "  110: Продажа АВАКС саудитам\n",
            "  110: Продажа АВАКС саудитам\n  111: Ещё\n",
            3,
            "cards.111: unknown card number '111'",
        ),
        (
            "  107: Че\n",
            "  107: Че\n  107: Че Гевара\n",
            3,
            "cards.107: duplicate key (first at line {prev})",
        ),
        (
            "  47: Хунта\n",
            '  47: "Хунта\\a"\n',
            7,
            "cards.47: a control character in 'Хунта\\x07': names and texts have none",
        ),
        (
            "  vp: Победные очки\n",
            "  vp: Победные очки\n  tension: Напряжённость\n",
            3,
            "tracks.tension: unknown track 'tension'",
        ),
        (
            "  europe: Европа\n",
            "  europe: '--'\n",
            11,
            "regions.europe: '--' has no letter or digit to answer with",
        ),
    ],
)
def test_each_wrong_name_is_reported_at_its_line_and_field(
    rules_copy: Path, old: str, new: str, column: int, message: str
) -> None:
    line = break_file(rules_copy, NAMES, old, new) + new.count("\n") - 1
    assert problems(rules_copy) == [
        f"{where(rules_copy, NAMES, line)}{column}: {message.format(prev=line - 1)}"
    ]


def test_the_russian_names_must_be_there(rules_copy: Path) -> None:
    (rules_copy / NAMES).unlink()
    (found,) = problems(rules_copy)
    assert found.endswith(f"{NAMES}: cannot read: no such file")


def test_a_third_language_is_one_more_file(rules_copy: Path) -> None:
    text = (rules_copy / NAMES).read_text().replace("Карибский кризис", "Кубинская криза")
    (rules_copy / "names-uk.yaml").write_text(text)
    rules = load_ruleset(rules_copy)
    assert list(rules.names) == ["ru", "uk"]
    assert rules.card_names(40) == ("Cuban Missile Crisis", "Карибский кризис", "Кубинская криза")
    shutil.move(rules_copy / "names-uk.yaml", rules_copy / "names-ukrainian.yaml")
    (found,) = problems(rules_copy)
    assert "names-ukrainian.yaml: a names file is called names-<language>.yaml" in found


# ------------------------------------------------------------------ the matcher
@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("зап гер", "Западная Германия"),
        ("ЗАП ГЕР", "Западная Германия"),  # Cyrillic case-folding
        ("w ger", "West Germany"),  # English as before
        ("звёзд", "Звездные войны"),  # ё typed, е printed
        ("подсчет", "Подсчёт"),  # е typed, ё printed
        ("кот д", "Кот-д'Ивуар"),
    ],
)
def test_russian_words_match_by_their_start(typed: str, meant: str) -> None:
    names = ["Западная Германия", "West Germany", "Звездные войны", "Подсчёт", "Кот-д'Ивуар"]
    names += ["Страны Западной Африки", "Восточная Германия"]
    assert matches(typed, names) == [meant]


def influence(options: tuple[str, ...]) -> Choice:
    return Choice("influence", Side.US, options, key="influence")


def test_an_answer_names_a_country_in_russian(rules: Ruleset) -> None:
    choice = influence(("west_germany", "west_african_states", "east_germany", "cuba"))
    assert read_answer(rules, choice, "зап гер") == "west_germany"
    assert read_answer(rules, choice, "Страны западной") == "west_african_states"
    assert read_answer(rules, choice, "куба") == "cuba"
    assert read_answer(rules, choice, "w ger") == "west_germany"


def test_an_ambiguous_russian_answer_lists_the_candidates(rules: Ruleset) -> None:
    choice = influence(("south_korea", "south_africa", "cuba"))
    with pytest.raises(NotUnderstood, match="'южн' may be any of: South Korea; South Africa"):
        read_answer(rules, choice, "южн")


def test_the_exact_russian_name_wins(rules: Ruleset) -> None:
    choice = Choice("draw", CHANCE, (CardId.CHE, CardId.CHERNOBYL), key="draw")
    assert read_answer(rules, choice, "че") == CardId.CHE
    assert read_answer(rules, choice, "черн") == CardId.CHERNOBYL
    asia = Choice("reveal", CHANCE, (1, 38), key="reveal")
    assert read_answer(rules, asia, "аз") == 1  # Asia Scoring, not Southeast Asia Scoring


# ------------------------------------------------------------------ the commands
def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_cards_show_finds_a_card_by_its_russian_name() -> None:
    code, out, _ = run("cards", "show", "кар кри")
    assert (code, out.splitlines()[0]) == (0, "#40 Cuban Missile Crisis")
    code, out, _ = run("cards", "show", "--json", "Карибский кризис")
    assert json.loads(out)["names"] == {"ru": "Карибский кризис"}
    code, _, err = run("cards", "show", "кризис")  # Suez, Cuban Missile, Iranian Hostage ...
    assert code != 0
    assert "#28 Suez Crisis" in err
    assert "#40 Cuban Missile Crisis" in err


def test_countries_lists_the_ones_a_russian_name_names() -> None:
    code, out, _ = run("countries", "зап", "гер")
    assert code == 0
    assert out.splitlines() == [
        "west_germany         West Germany         europe (west_europe), stability 4  battleground",
        "1 countries",
    ]
    code, out, _ = run("countries", "--json", "юж")
    assert [row["names"]["ru"] for row in json.loads(out)] == ["Южная Корея", "Южная Африка"]
    code, _, err = run("countries", "нарния")
    assert code != 0
    assert "no country is called 'нарния'" in err
    assert "Russian" in run("countries", "--help")[1]


# ------------------------------------------------------------------ at the table
class TypesRussian(Person):
    """A person who types every card and country answer by its Russian name, and quits after
    `stop` answers."""

    stop: int = 60
    typed_in_russian: list[tuple[str, str, Answer]]

    def answer(self, game: Game, choice: Choice) -> str:
        if len(self.prompts) >= self.stop:
            return "quit"
        if choice.actor == CHANCE:
            answer: Answer = self.rng.choice(choice.options)
        else:
            brain = self.brains.setdefault(str(choice.actor), GreedyPlayer(Side(choice.actor)))
            answer = brain.choose(game, choice)
        ru = game.rules.names["ru"]
        name = None
        if isinstance(answer, int) and choice.kind not in NUMBER_KINDS:
            name = ru.cards.get(answer)
        elif isinstance(answer, str):
            name = ru.countries.get(answer)
        if name is None:
            return typed(game, choice, answer)
        self.typed_in_russian.append((choice.kind, name, answer))
        return name


def test_a_table_game_answered_with_russian_names(tmp_path: Path) -> None:
    """Cards drawn for the draft and influence placed, typed by their Russian names; a country
    the rules refuse, named in Russian, gets the rule's reason; `adjust` takes Russian too."""
    rules = load_ruleset()
    refused: list[str] = []

    def off_limits(game: Game, choice: Choice) -> list[str] | None:
        outside = [c.id for c in rules.countries if c.id not in choice.options]
        if choice.kind != "influence" or refused or not outside:
            return None
        refused.append(outside[0])
        return [rules.names["ru"].countries[outside[0]]]

    person = TypesRussian(seed=3, say=off_limits, commands={2: "adjust influence зап гер us 4"})
    person.typed_in_russian = []
    args = ["new", "--side", "us", "--table", "--dice", "manual", "--seed", "3", "--name", "r"]
    out = run_with(tmp_path, args, person)
    kinds = {kind for kind, _, _ in person.typed_in_russian}
    assert {"draw", "influence"} <= kinds, kinds
    for kind, name, answer in person.typed_in_russian:
        label = f"#{answer}" if isinstance(answer, int) else rules.country(str(answer)).name
        assert label in out, (kind, name)
    assert "West Germany: US influence set to 4" in out
    assert refused
    assert f"Refused: {rules.country(refused[0]).name} is not accessible" in out
    assert "is not a legal answer" not in out
    assert "may be any of" not in out
