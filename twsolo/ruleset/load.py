"""load_ruleset(): read every rules file, check it and the files against each other, build the
immutable Ruleset. All problems of all files are reported at once (RulesDataError)."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeVar

from twsolo.errors import RulesDataError
from twsolo.files.bounded import UnreadableFile, read_bytes
from twsolo.ids import END_RATINGS
from twsolo.ruleset.cache import read_cached, write_cached
from twsolo.ruleset.model import (
    Card,
    Country,
    Names,
    Ruleset,
    ScoringRules,
    SetupRules,
    SpaceBox,
)
from twsolo.ruleset.paths import RULES_FILE_LIMIT, display_path, rules_dir
from twsolo.ruleset.vocabulary import Vocabulary

if TYPE_CHECKING:
    from twsolo.ruleset.nodes import Located

FILES = (
    "map.yaml",
    "cards.yaml",
    "scoring.yaml",
    "setup.yaml",
    "space.yaml",
    "appendix.yaml",
    "regions.yaml",
    "priorities.yaml",
    "enhanced.yaml",
)
# Each language's names besides the English ones: names-<language>.yaml, one file a language
# (readers/names_yaml.py). These languages must be there; any other such file is read too.
NAMES_FILE = "names-{}.yaml"
LANGUAGES = ("ru",)


def rules_digest(directory: Path) -> str:
    """sha256 over every rules file's name and bytes: which rules a game or a result used."""
    h = hashlib.sha256()
    for path in sorted(directory.glob("*.yaml")):
        try:
            data = read_bytes(path, RULES_FILE_LIMIT)
        except UnreadableFile as exc:
            raise RulesDataError([f"{display_path(path)}: cannot read: {exc}"]) from None
        h.update(path.name.encode() + b"\0" + data + b"\0")
    return h.hexdigest()


def load_ruleset(
    directory: str | os.PathLike[str] | None = None,
    *,
    vocabulary: Vocabulary | Callable[[], Vocabulary],
) -> Ruleset:
    """The rules of `directory` (rules_dir's search order), checked against `vocabulary`: the
    names the AI and the engine implement (twsolo/compose.py `load_ruleset` hands this
    twsolo's own). Given as a function (the standard vocabulary, which imports the AI to
    build), the rules come from the cache of rules loaded before when it holds these rules
    (ruleset/cache.py), and the vocabulary is built only on a miss."""
    base = rules_dir(directory)
    digest = rules_digest(base)
    if not callable(vocabulary):
        return _load(base, digest, vocabulary)
    cached = read_cached(base, digest)
    if cached is not None:
        return cached
    rules = _load(base, digest, vocabulary())
    write_cached(rules)
    return rules


def _load(base: Path, digest: str, vocabulary: Vocabulary) -> Ruleset:
    # The YAML and its schema: loaded only when the cache does not hold these rules.
    from twsolo.ruleset.nodes import Problems, compose_file
    from twsolo.ruleset.readers.appendix_yaml import read_appendix
    from twsolo.ruleset.readers.cards_yaml import read_cards
    from twsolo.ruleset.readers.enhanced_yaml import read_enhanced
    from twsolo.ruleset.readers.map_yaml import read_map
    from twsolo.ruleset.readers.priorities_yaml import read_priorities
    from twsolo.ruleset.readers.regions_yaml import read_regions
    from twsolo.ruleset.readers.scoring_yaml import read_scoring
    from twsolo.ruleset.readers.setup_yaml import read_setup
    from twsolo.ruleset.readers.space_yaml import read_space

    problems: list[str] = []
    roots: dict[str, tuple[Located | None, Problems]] = {}
    for name in FILES:
        root, found = compose_file(base / name)
        roots[name] = (root, found)
    countries: tuple[Country, ...] = ()
    cards: dict[int, Card] = {}
    scoring: ScoringRules | None = None
    setup: SetupRules | None = None
    if (root := roots["map.yaml"][0]) is not None:
        countries = read_map(root)
    from twsolo.ruleset.layout import read_layout  # the board picture's boxes (issue #28)

    layout = read_layout(root, countries) if root is not None else None
    if (root := roots["cards.yaml"][0]) is not None:
        cards = read_cards(root, vocabulary, {c.id for c in countries})
    by_id = {c.id: c for c in countries}
    if (root := roots["scoring.yaml"][0]) is not None:
        scoring = read_scoring(root, cards, by_id)
    if (root := roots["setup.yaml"][0]) is not None:
        setup = read_setup(root, by_id)
    space = read_space(root) if (root := roots["space.yaml"][0]) is not None else ()
    appendix = (
        read_appendix(root, cards, vocabulary, by_id) if (root := roots["appendix.yaml"][0]) else {}
    )
    regions = read_regions(root) if (root := roots["regions.yaml"][0]) else None
    priorities = (
        read_priorities(root, by_id, vocabulary) if (root := roots["priorities.yaml"][0]) else None
    )
    enhanced = read_enhanced(root, vocabulary) if (root := roots["enhanced.yaml"][0]) else None
    # The names of a broken deck, map, track or table would only repeat its problems.
    named = ("cards.yaml", "map.yaml", "space.yaml", "regions.yaml")
    broken = any(roots[name][1].lines for name in named)
    ratings = (*(r for _, r in regions.victory_rating), *END_RATINGS) if regions else END_RATINGS
    english = Named(cards, countries, space, ratings)
    names = {} if broken else _read_languages(base, english, problems)
    texts = {} if broken or not appendix else _read_appendix_texts(base, cards, problems)
    for name in FILES:
        problems.extend(roots[name][1].lines)
    if (
        problems
        or scoring is None
        or setup is None
        or not space
        or regions is None
        or priorities is None
        or enhanced is None
        or layout is None
        or names is None
        or texts is None
    ):
        raise RulesDataError(problems or ["rules data incomplete"])
    # Each card and country knows its names, so that its `name` follows the language in use.
    cards = {n: replace(c, names=_named(names, "cards", n)) for n, c in cards.items()}
    countries = tuple(replace(c, names=_named(names, "countries", c.id)) for c in countries)
    space = tuple(replace(b, names=_named(names, "space", b.box)) for b in space)
    return Ruleset(
        source=base,
        digest=digest,
        countries=countries,
        cards=MappingProxyType(dict(sorted(cards.items()))),
        scoring=scoring,
        setup=setup,
        space=space,
        appendix=MappingProxyType(dict(sorted(appendix.items()))),
        regions=regions,
        priorities=priorities,
        enhanced=enhanced,
        layout=layout,
        names=MappingProxyType(names),
        appendix_texts=MappingProxyType(texts),
    )


def _named(names: dict[str, Names], section: str, key: int | str) -> Mapping[str, str]:
    return MappingProxyType({lang: getattr(n, section)[key] for lang, n in names.items()})


# A language's wording of the appendix's texts: appendix-<language>.yaml, where there is one
# (readers/appendix_text_yaml.py).
APPENDIX_TEXTS_FILE = "appendix-{}.yaml"
T = TypeVar("T")


def _per_language(
    base: Path,
    pattern: str,
    what: str,
    required: Iterable[str],
    read: Callable[[Located, str], T | None],
    problems: list[str],
) -> dict[str, T] | None:
    """Each `pattern` file of `base` (`names-{}.yaml`: one a language, those of `required`
    languages whether there or not) read by `read(root, language)`, by language; None (with
    the problems added) when one is broken or missing."""
    from twsolo.ruleset.nodes import compose_file
    from twsolo.ruleset.readers.names_yaml import LANGUAGE

    prefix, suffix = pattern.split("{}")
    paths = {p.name: p for p in base.glob(pattern.format("*"))}
    paths |= {pattern.format(lang): base / pattern.format(lang) for lang in required}
    out: dict[str, T] = {}
    ok = True
    for file, path in sorted(paths.items()):
        language = file.removeprefix(prefix).removesuffix(suffix)
        if not LANGUAGE.fullmatch(language):
            problems.append(
                f"{display_path(path)}: {what} is called {pattern.format('<language>')} with a"
                f" language code of 2 or 3 letters ({pattern.format('ru')}), not {file!r}"
            )
            ok = False
            continue
        root, found = compose_file(path)
        result = read(root, language) if root else None
        problems.extend(found.lines)
        if result is None or found.lines:
            ok = False
        else:
            out[language] = result
    return out if ok else None


def _read_appendix_texts(
    base: Path, cards: Mapping[int, Card], problems: list[str]
) -> dict[str, Mapping[int, Mapping[str, str]]] | None:
    """Every appendix-<language>.yaml of `base`, by language; None (with the problems added)
    when one is broken."""
    from twsolo.ruleset.readers.appendix_text_yaml import read_appendix_texts

    def read(root: Located, language: str) -> Mapping[int, Mapping[str, str]] | None:
        return read_appendix_texts(root, cards)

    what = "a language's appendix texts file"
    return _per_language(base, APPENDIX_TEXTS_FILE, what, (), read, problems)


@dataclass(frozen=True)
class Named:
    """What the names files name, as read from the other rules files."""

    cards: dict[int, Card]
    countries: tuple[Country, ...]
    space: tuple[SpaceBox, ...]
    ratings: tuple[str, ...]


def _read_languages(base: Path, english: Named, problems: list[str]) -> dict[str, Names] | None:
    """Every names-<language>.yaml of `base`, by language; None (with the problems added) when
    one is broken or a required one is missing."""
    from twsolo.ruleset.readers.names_yaml import read_names

    cards = {n: c.english for n, c in english.cards.items()}
    countries = {c.id: c.english for c in english.countries}
    space = {b.box: b.english for b in english.space}

    def read(root: Located, language: str) -> Names | None:
        return read_names(root, language, cards, countries, space, english.ratings)

    return _per_language(base, NAMES_FILE, "a names file", LANGUAGES, read, problems)
