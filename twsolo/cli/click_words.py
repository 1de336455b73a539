"""click's own words (`Usage:`, `Options`, its usage errors) in the language in use (issue #44).

click says them through the stdlib's gettext, each of its modules holding `gettext` as `_` and
`ngettext` from its import: `speak_the_language_in_use` points those names at the phrasebook's
catalog, context `click`, so `twsolo --lang ru new --help` and a mistyped option read in
Russian. A message not in CLICK_WORDS (or changed by a newer click) stays as click writes it.
"""

from __future__ import annotations

import importlib

from twsolo.phrases import translated, translated_plural

# The messages of click a person can meet at twsolo's command line: the help's chrome, a
# mistyped command or option, a bad value, a confirmation. A plural: (singular, plural).
CLICK_WORDS: tuple[str | tuple[str, str], ...] = (
    "Usage:",
    "Options",
    "Commands",
    "Positional arguments",
    "Show this message and exit.",
    "Show the version and exit.",
    "default: {default}",
    "env var: {var}",
    "(dynamic)",
    "deprecated",
    "Aborted!",
    "Missing command.",
    ("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    ("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given."),
    ("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    "Error: {message}",
    "Try '{command} {option}' for help.",
    "Invalid value: {message}",
    "Invalid value for {param_hint}: {message}",
    "Missing argument",
    "Missing option",
    "Missing parameter",
    "Missing {param_type}",
    "Missing parameter: {param_name}",
    "No such option {name!r}.",
    "No such command {name!r}.",
    "unknown error",
    "Could not open file {filename!r}: {message}",
    "Do you want to continue?",
    "Choose from:\n\t{choices}",
    ("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
    "{value!r} is not a valid {number_type}.",
    "{value} is not in the range {range}.",
    "file",
    "directory",
    "path",
    "{name} {filename!r} does not exist.",
    "{name} {filename!r} is a file.",
    "{name} {filename!r} is a directory.",
    "{name} {filename!r} is not readable.",
    "{name} {filename!r} is not writable.",
    "Option {name!r} does not take a value.",
    "Argument {name!r} takes {nargs} values.",
    ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    "Repeat for confirmation",
    "Error: The two entered values do not match.",
    "Error: invalid input",
)
# click's modules that say something through `_` or `ngettext`.
MODULES = ("core", "exceptions", "formatting", "decorators", "types", "parser", "termui")


def _said(message: str) -> str:
    return translated("click", message)


def _said_plural(singular: str, plural: str, n: int) -> str:
    return translated_plural("click", singular, plural, n)


def speak_the_language_in_use() -> None:
    """Point click's gettext names at the catalog; the language is read at each call, so a
    command's `--lang` and the restoring of the language after it apply to click's words too."""
    for name in MODULES:
        module = importlib.import_module(f"click.{name}")
        if hasattr(module, "_"):
            module._ = _said  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = _said_plural  # type: ignore[attr-defined]
