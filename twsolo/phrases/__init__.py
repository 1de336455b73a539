"""One phrasebook for everything said to a person (issue #42): `say(key, **fields)`."""

from twsolo.phrases.book import (
    PHRASES,
    answer_word,
    catalog_template,
    language,
    languages,
    say,
    start_language,
    translated,
    translated_plural,
    use_language,
    value_word,
    when_language_changes,
)

__all__ = [
    "PHRASES",
    "answer_word",
    "catalog_template",
    "language",
    "languages",
    "say",
    "start_language",
    "translated",
    "translated_plural",
    "use_language",
    "value_word",
    "when_language_changes",
]
