"""Exceptions the package raises. The CLI turns every TwsoloError into a message and exit 2."""

from __future__ import annotations


class TwsoloError(Exception):
    """Base of every error a user can cause and fix."""


class RulesDataError(TwsoloError):
    """One or more problems in a rules/ YAML file, each located as file:line:column: field."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


class ScenarioError(RulesDataError):
    """A scenario file that cannot describe a position (same located format as rules data)."""


class IllegalActionError(TwsoloError):
    """A move that the rules do not allow; the message says which rule refuses it."""


class ChoiceError(TwsoloError):
    """An answer to a choice that is not one of its legal options."""
