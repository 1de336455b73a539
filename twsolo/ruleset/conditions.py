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
from typing import Protocol

from twsolo.ids import SCORING_REGIONS
from twsolo.phrases import say
from twsolo.ruleset.suggest import did_you_mean
from twsolo.ruleset.vocabulary import Vocabulary

CUSTOM_PREFIX = "custom:"
OPERATORS = (">=", "<=", "==", "!=", ">", "<")
MAX_DEPTH = 16  # nested parentheses and `not`s; the appendix uses at most 3
MAX_DIGITS = 6  # a compared number; the appendix's largest is 2 digits


class ConditionError(ValueError):
    """A condition or window that cannot be parsed; the message says why, and `column` (from 0,
    in the window's text) where, when it is one place: the file's column is then computed from
    it, so a message names one column only."""

    def __init__(self, message: str, column: int | None = None) -> None:
        super().__init__(message)
        self.column = column

    def shifted(self, offset: int) -> ConditionError:
        return ConditionError(str(self), None if self.column is None else self.column + offset)


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


# Other languages' operators, as the condition language spells them.
SPELLED = (("&&", "and"), ("||", "or"), ("&", "and"), ("|", "or"), ("!", "not"), ("=", "=="))


def _tokens(text: str) -> list[tuple[str, int]]:
    """The tokens, each with its column (from 0) in `text`."""
    out, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            start = len(text) - len(text[pos:].lstrip())
            word = text[start:].split()[0][:12]
            hint = next((f" (write {w!r})" for s, w in SPELLED if word.startswith(s)), "")
            raise ConditionError(f"unexpected {word!r}{hint}", start)
        group = next(i for i, g in enumerate(m.groups(), 1) if g is not None)
        out.append((m.group(group), m.start(group)))
        pos = m.end()
    return out


# The vocabulary families a condition's terms come from: numbers, flags, custom predicates.
WINDOW_TERMS = ("condition_numbers", "condition_flags", "custom_predicates")
# An appendix choice's answer conditions (appendix.yaml resolve.*.answer): the question's terms.
CHOICE_TERMS = ("choice_numbers", "choice_tests", "")


class _Parser:
    def __init__(self, text: str, vocabulary: Vocabulary, terms: tuple[str, str, str]) -> None:
        located = _tokens(text)
        self.tokens = [t for t, _ in located]
        self.columns = [c for _, c in located]
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
        column = self.columns[self.i - 1]
        if token == "(":
            self.deeper()
            inner = self.disjunction()
            if self.take() != ")":
                raise ConditionError("missing ')'")
            self.depth -= 1
            return inner
        terms = self.vocabulary
        if token.startswith(CUSTOM_PREFIX) and self.custom:
            name = token[len(CUSTOM_PREFIX) :]
            if not terms.has(self.custom, name):
                hint = did_you_mean(name, terms.of(self.custom))
                raise ConditionError(f"unknown custom predicate {token!r}{hint}", column)
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
        known = [*terms.of(self.numbers), *terms.of(self.flags)]
        raise ConditionError(f"unknown term {token!r}{did_you_mean(token, known)}", column)


def _interval(c: Compare) -> tuple[float, float]:
    """The integers a comparison lets its metric take, as [low, high]."""
    v, inf = c.value, float("inf")
    return {
        ">=": (v, inf),
        ">": (v + 1, inf),
        "<=": (-inf, v),
        "<": (-inf, v - 1),
        "==": (v, v),
        "!=": (-inf, inf),
    }[c.op]


def never_holds(condition: Condition) -> str | None:
    """Why the condition (or one of its `or` branches) can never hold, if it cannot: two `and`-ed
    comparisons of one metric whose ranges do not meet (`vp >= 2 and vp < 1`), or a `!=` of the
    only value left. Interval reasoning only; anything else is taken as able to hold."""
    if isinstance(condition, Any_):
        return next((r for t in condition.terms if (r := never_holds(t))), None)
    if not isinstance(condition, All):
        return None
    by_metric: dict[str, list[Compare]] = {}
    for term in condition.terms:
        if isinstance(term, Compare):
            by_metric.setdefault(term.metric, []).append(term)
        elif reason := never_holds(term):
            return reason
    for terms in by_metric.values():
        low = max(_interval(t)[0] for t in terms)
        high = min(_interval(t)[1] for t in terms)
        excluded = {t.value for t in terms if t.op == "!="}
        if low > high or (low == high and low in excluded):
            return " and ".join(condition_text(t) for t in terms)
    return None


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
    try:
        condition = parse_condition(cond, vocabulary) if sep else None
    except ConditionError as exc:
        raise exc.shifted(len(head) + len(sep)) from None
    head = head.strip()
    if head in ("HL", "NSR", "SR", "never"):
        if head == "never" and condition is not None:
            raise ConditionError("'never' takes no condition")
        return Window(head, condition=condition, text=text)
    if head.startswith("SR:"):
        regions = tuple(head[3:].split(","))
        unknown = [r for r in regions if r not in SCORING_REGIONS]
        if unknown:
            hint = did_you_mean(unknown[0], SCORING_REGIONS)
            raise ConditionError(f"unknown region {unknown[0]!r} in {head!r}{hint}")
        return Window("SR", regions=regions, condition=condition, text=text)
    if m := _AR.match(head):
        first = int(m.group(2))
        last = int(m.group(3) or first)
        if not 1 <= first <= last <= 8:
            raise ConditionError(f"action rounds must be 1–8 in order, got {head!r}")
        return Window(
            "AR", rounds=(first, last), era=m.group(1) or "", condition=condition, text=text
        )
    hint = did_you_mean(head, ("HL", "NSR", "SR", "never"))
    raise ConditionError(
        f"unknown window {head!r}{hint} (HL, NSR, SR, SR:<regions>, [early:|midlate:]AR:n[-m], "
        "never)"
    )


# ------------------------------------------------------------------ traces with their numbers
class Measured(Protocol):
    """What a condition reads when it is evaluated: numbers and flags (the AI's Terms)."""

    def number(self, name: str) -> int: ...

    def flag(self, name: str) -> bool: ...


HOLDS = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
}
# The relation that holds when a comparison fails: `controls >= 5` fails as `controls = 4 < 5`.
FAILS_AS = {">=": "<", "<=": ">", "==": "!=", "!=": "==", ">": "<=", "<": ">="}


def explained(condition: Condition, terms: Measured) -> tuple[bool, str]:
    """Evaluate as the AI does (appendix §1.2: `not`, then `and`, then `or`; each stops at the
    first term that decides it) and say it with the numbers measured: `controls = 4 < 5`,
    `wins: no`; a term not reached is written as it stands, marked so."""
    if isinstance(condition, Compare):
        value = terms.number(condition.metric)
        holds = bool(HOLDS[condition.op](value, condition.value))
        op = condition.op if holds else FAILS_AS[condition.op]
        said = say(
            "why.compare", metric=condition.metric, value=value, op=op, limit=condition.value
        )
        return holds, said
    if isinstance(condition, Flag):
        holds = terms.flag(condition.name)
        return holds, say("why.term_yes" if holds else "why.term_no", term=condition.name)
    if isinstance(condition, Not):
        inner, text = explained(condition.term, terms)
        return not inner, say("why.not", text=text)
    decides = not isinstance(condition, All)  # `and` stops at a failing term, `or` at a holding
    parts, result = [], not decides
    for i, term in enumerate(condition.terms):
        holds, text = explained(term, terms)
        parts.append(f"({text})" if isinstance(term, All | Any_) else text)
        if holds is decides:
            result = decides
            parts += [
                say("why.not_reached", term=condition_text(t)) for t in condition.terms[i + 1 :]
            ]
            break
    return result, f" {say('why.or' if decides else 'why.and')} ".join(parts)


def condition_text(condition: Condition) -> str:
    """The condition as it is written (normalised spacing)."""
    if isinstance(condition, Compare):
        return f"{condition.metric} {condition.op} {condition.value}"
    if isinstance(condition, Flag):
        return condition.name
    if isinstance(condition, Not):
        return f"not ({condition_text(condition.term)})"
    joined = [
        f"({condition_text(t)})" if isinstance(t, All | Any_) else condition_text(t)
        for t in condition.terms
    ]
    return f" {'and' if isinstance(condition, All) else 'or'} ".join(joined)


def round_label(*, headline: bool, scoring_round: bool, primary: str | None, number: int) -> str:
    """The kind of round a window is matched against (appendix §1.1): `HL`, `NSR AR3`,
    `SR:asia AR2`."""
    if headline:
        return "HL"
    kind = f"SR:{primary}" if scoring_round and primary else "SR" if scoring_round else "NSR"
    return f"{kind} AR{number}"
