"""The appendix's condition language (card-appendix §1.2) and windows (§1.1), parsed safely.

A condition is terms joined by `and`, `or`, `not` and parentheses (`not` binds tightest, then
`and`, then `or`). A term is a numeric metric compared with an integer (`vp >= 2`), a flag
(`wins`), or `custom:<name>` (appendix §5); the names are the AI's registered criteria (the
`Vocabulary` families condition_numbers, condition_flags, custom_predicates). Parsing builds a
small tree; nothing is evaluated here and nothing is ever passed to `eval`. The AI evaluates
the tree against dry-run metrics.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from twsolo.ids import SCORING_REGIONS
from twsolo.ruleset.vocabulary import Vocabulary

CUSTOM_PREFIX = "custom:"
OPERATORS = (">=", "<=", "==", "!=", ">", "<")
MAX_DEPTH = 16  # nested parentheses and `not`s; the appendix uses at most 3
MAX_DIGITS = 6  # a compared number; the appendix's largest is 2 digits


class ConditionError(ValueError):
    """A condition or window that cannot be parsed; the message says where and why."""


@dataclass(frozen=True, slots=True)
class Compare:
    metric: str
    op: str
    value: int


@dataclass(frozen=True, slots=True)
class Flag:
    name: str  # a condition flag, or "custom:<name>"


@dataclass(frozen=True, slots=True)
class Not:
    term: Condition


@dataclass(frozen=True, slots=True)
class All:
    terms: tuple[Condition, ...]


@dataclass(frozen=True, slots=True)
class Any_:
    terms: tuple[Condition, ...]


Condition = Compare | Flag | Not | All | Any_

_TOKEN = re.compile(
    r"\s*(?:(\()|(\))|(>=|<=|==|!=|>|<)|(-?\d+)|([a-z_][a-z0-9_]*(?::[a-z0-9_]+)?))"
)


def _tokens(text: str) -> list[str]:
    out, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ConditionError(f"unexpected {text[pos:].strip()[:12]!r} at column {pos + 1}")
        out.append(next(g for g in m.groups() if g is not None))
        pos = m.end()
    return out


# The vocabulary families a condition's terms come from: numbers, flags, custom predicates.
WINDOW_TERMS = ("condition_numbers", "condition_flags", "custom_predicates")
# An appendix choice's answer conditions (appendix.yaml resolve.*.answer): the question's terms.
CHOICE_TERMS = ("choice_numbers", "choice_tests", "")


class _Parser:
    def __init__(self, text: str, vocabulary: Vocabulary, terms: tuple[str, str, str]) -> None:
        self.tokens = _tokens(text)
        self.i = 0
        self.vocabulary = vocabulary
        self.numbers, self.flags, self.custom = terms
        self.depth = 0  # open parentheses and `not`s around the current term

    def deeper(self) -> None:
        """One more level of nesting; the parser recurses per level, so the depth is bounded."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ConditionError(f"nested more than {MAX_DEPTH} deep (parentheses and 'not's)")

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise ConditionError("the condition ends too early")
        self.i += 1
        return token

    def parse(self) -> Condition:
        if not self.tokens:
            raise ConditionError("empty condition")
        tree = self.disjunction()
        if self.peek() is not None:
            raise ConditionError(f"unexpected {self.peek()!r}")
        return tree

    def disjunction(self) -> Condition:
        terms = [self.conjunction()]
        while self.peek() == "or":
            self.take()
            terms.append(self.conjunction())
        return terms[0] if len(terms) == 1 else Any_(tuple(terms))

    def conjunction(self) -> Condition:
        terms = [self.negation()]
        while self.peek() == "and":
            self.take()
            terms.append(self.negation())
        return terms[0] if len(terms) == 1 else All(tuple(terms))

    def negation(self) -> Condition:
        if self.peek() == "not":
            self.take()
            self.deeper()
            term = Not(self.negation())
            self.depth -= 1
            return term
        return self.atom()

    def atom(self) -> Condition:
        token = self.take()
        if token == "(":
            self.deeper()
            inner = self.disjunction()
            if self.take() != ")":
                raise ConditionError("missing ')'")
            self.depth -= 1
            return inner
        terms = self.vocabulary
        if token.startswith(CUSTOM_PREFIX) and self.custom:
            if not terms.has(self.custom, token[len(CUSTOM_PREFIX) :]):
                raise ConditionError(f"unknown custom predicate {token!r}")
            return Flag(token)
        if terms.has(self.flags, token):
            return Flag(token)
        if terms.has(self.numbers, token):
            op = self.take()
            if op not in OPERATORS:
                raise ConditionError(f"{token} needs a comparison such as '{token} >= 1'")
            value = self.take()
            if not re.fullmatch(r"-?\d+", value):
                raise ConditionError(f"{token} {op} needs an integer, got {value!r}")
            if len(value.lstrip("-")) > MAX_DIGITS:
                raise ConditionError(
                    f"{token} {op} needs an integer of at most {MAX_DIGITS} digits, got one of "
                    f"{len(value)}"
                )
            return Compare(token, op, int(value))
        raise ConditionError(f"unknown term {token!r}")


def parse_condition(
    text: str, vocabulary: Vocabulary, terms: tuple[str, str, str] = WINDOW_TERMS
) -> Condition:
    return _Parser(text, vocabulary, terms).parse()


@dataclass(frozen=True, slots=True)
class Window:
    """When the AI may trigger an event (appendix §1.1)."""

    kind: str  # HL | NSR | SR | AR | never
    regions: tuple[str, ...] = ()  # SR:<regions>
    rounds: tuple[int, int] = (0, 0)  # AR:n-m
    era: str = ""  # "" | early | midlate
    condition: Condition | None = None
    text: str = ""


_AR = re.compile(r"^(?:(early|midlate):)?AR:(\d)(?:-(\d))?$")


def parse_window(text: str, vocabulary: Vocabulary) -> Window:
    head, sep, cond = text.partition(" if:")
    head = head.strip()
    condition = parse_condition(cond, vocabulary) if sep else None
    if head in ("HL", "NSR", "SR", "never"):
        if head == "never" and condition is not None:
            raise ConditionError("'never' takes no condition")
        return Window(head, condition=condition, text=text)
    if head.startswith("SR:"):
        regions = tuple(head[3:].split(","))
        unknown = [r for r in regions if r not in SCORING_REGIONS]
        if unknown:
            raise ConditionError(f"unknown region {unknown[0]!r} in {head!r}")
        return Window("SR", regions=regions, condition=condition, text=text)
    if m := _AR.match(head):
        first = int(m.group(2))
        last = int(m.group(3) or first)
        if not 1 <= first <= last <= 8:
            raise ConditionError(f"action rounds must be 1–8 in order, got {head!r}")
        return Window(
            "AR", rounds=(first, last), era=m.group(1) or "", condition=condition, text=text
        )
    raise ConditionError(
        f"unknown window {head!r} (HL, NSR, SR, SR:<regions>, [early:|midlate:]AR:n[-m], never)"
    )
