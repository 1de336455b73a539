"""The appendix's data in plain words: windows, conditions and the answers to an event's
questions, as the rulebook prints them (spec §21, appendix §1.1–§1.2).

Every field of the model is put in words or refused: `RulebookError` names what the renderer
cannot say, so nothing the program reads is silently left out of the book."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import fields
from functools import reduce
from html import escape

from twsolo.errors import TwsoloError
from twsolo.phrases import answer_word, say
from twsolo.ruleset.conditions import All, Any_, Compare, Condition, Flag, Not, Window
from twsolo.ruleset.model import ChoiceSpec, Named, Plan, Rerun
from twsolo.ruleset.vocabulary import Vocabulary


class RulebookError(TwsoloError):
    """Rules data the rulebook cannot put in words."""


class Said(Mapping[str, str]):
    """Data ids to their phrases: read, an id is said in the language in use (a dict of words
    built at import would keep the language it was built in)."""

    def __init__(self, keys: dict[str, str]) -> None:
        self._keys = keys

    def __getitem__(self, name: str) -> str:
        return say(self._keys[name])

    def __contains__(self, name: object) -> bool:
        return name in self._keys

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


# A comparison's operator by its phrase (rulebook.words.compare.*: "<term> is at least <value>").
OPERATORS = {
    ">=": "at_least",
    ">": "more_than",
    "<=": "at_most",
    "<": "less_than",
    "==": "is",
    "!=": "is_not",
}
REGION_NAMES = Said(
    {
        region: f"rulebook.words.region.{region}"
        for region in (
            "europe",
            "asia",
            "middle_east",
            "africa",
            "central_america",
            "south_america",
            "southeast_asia",
            "east_europe",
            "west_europe",
        )
    }
)
# The eras a window may name (rulebook.words.window.round.ERA, ...rounds.ERA).
ERAS = ("early", "midlate")
SIDES = Said({"us": "side.us", "ussr": "side.ussr", "neutral": "rulebook.words.side.neutral"})
# First words of descriptions that are names, kept capitalized inside a sentence.
NAMES_FIRST = ("Spec", "Appendix", "Brush", "Flower", "Summit", "Cuban", "Europe", "Asia")
# The families a condition's flags come from, in the order they are looked up.
FLAG_FAMILIES = ("condition_flags", "choice_tests")


def region_name(region: str) -> str:
    if region not in REGION_NAMES:
        raise RulebookError(f"the rulebook has no name for the region {region!r}")
    return REGION_NAMES[region]


def listing(items: list[str], last: str = "and") -> str:
    """`items` as one list: "a, b and c" (`last`: "and" or "or", rulebook.words.list.*)."""
    if len(items) <= 1:
        return "".join(items)
    return say(f"rulebook.words.list.{last}", items=", ".join(items[:-1]), last=items[-1])


def chained(key: str, items: Sequence[str]) -> str:
    """`items` one after the other, each pair as the phrase `key` ("{earlier}; then {later}")."""
    if not items:
        return ""
    return reduce(lambda earlier, later: say(key, earlier=earlier, later=later), items)


def sentence(text: str) -> str:
    """A description as a clause: no capital first letter (unless a name), no final stop."""
    text = text.strip().rstrip(".")
    first = text.split(" ", 1)[0]
    if first.isupper() or first in NAMES_FIRST:
        return text
    return text[0].lower() + text[1:]


def described(vocabulary: Vocabulary, family: str, name: str) -> str:
    text = vocabulary.said(family, name)
    if not text:
        raise RulebookError(f"{family} {name!r} has no description in the vocabulary")
    return text


def condition_words(condition: Condition, vocabulary: Vocabulary) -> str:
    """A condition read as a clause: `vp >= 2 and not wins` -> "the VP ... is at least 2 and
    not (the AI has won the game)"."""
    if isinstance(condition, Compare):
        # A number term is said by its description in the vocabulary, a noun phrase.
        words = described(vocabulary, "condition_numbers", condition.metric)
        operator = OPERATORS[condition.op]
        return say(f"rulebook.words.compare.{operator}", term=words, value=condition.value)
    if isinstance(condition, Flag):
        if condition.name.startswith("custom:"):
            name = condition.name.removeprefix("custom:")
            return sentence(described(vocabulary, "custom_predicates", name))
        for family in FLAG_FAMILIES:
            if vocabulary.has(family, condition.name):
                return sentence(described(vocabulary, family, condition.name))
        raise RulebookError(f"the rulebook cannot say the condition term {condition.name!r}")
    if isinstance(condition, Not):
        return say("rulebook.words.not", condition=condition_words(condition.term, vocabulary))
    joined = [_part(t, vocabulary) for t in condition.terms]
    return listing(joined, "and" if isinstance(condition, All) else "or")


def _part(condition: Condition, vocabulary: Vocabulary) -> str:
    words = condition_words(condition, vocabulary)
    return f"({words})" if isinstance(condition, All | Any_) else words


def window_words(window: Window, vocabulary: Vocabulary) -> str:
    """One `ai_play` window as a sentence (appendix §1.1)."""
    return say("rulebook.words.window.sentence", window=window_clause(window, vocabulary))


def window_clause(window: Window, vocabulary: Vocabulary) -> str:
    """One `ai_play` window as a clause (no final stop)."""
    if window.kind == "never":
        return say("rulebook.words.window.never")
    if window.kind == "HL":
        when = say("rulebook.words.window.headline")
    elif window.kind == "NSR":
        when = say("rulebook.words.window.non_scoring")
    elif window.kind == "SR" and window.regions:
        names = [region_name(r) for r in window.regions]
        when = say("rulebook.words.window.scoring_of", regions=listing(names, "or"))
    elif window.kind == "SR":
        when = say("rulebook.words.window.any_scoring")
    elif window.kind == "AR":
        first, last = window.rounds
        if window.era and window.era not in ERAS:
            raise RulebookError(f"the rulebook cannot say the era {window.era!r}")
        era = f".{window.era}" if window.era else ""
        if first == last:
            when = say(f"rulebook.words.window.round{era}", round=first)
        else:
            when = say(f"rulebook.words.window.rounds{era}", first=first, last=last)
    else:
        raise RulebookError(f"the rulebook cannot say the window {window.text!r}")
    if window.condition is None:
        return when
    condition = condition_words(window.condition, vocabulary)
    return say("rulebook.words.window.if", when=when, condition=condition)


def named_words(named: Named, family: str, vocabulary: Vocabulary) -> str:
    """A criterion with its argument: its description, the argument spelled out."""
    text = sentence(described(vocabulary, family, named.name))
    if named.arg is None:
        return text
    arg = named.arg
    if isinstance(arg, tuple):
        shown = ", ".join(str(a) for a in arg)
    elif isinstance(arg, str) and arg in REGION_NAMES:
        shown = region_name(arg)
    else:
        shown = str(arg)
    return say("rulebook.words.named_arg", text=text, name=named.name, arg=shown)


def _regions(value: str | tuple[str, ...], vocabulary: Vocabulary) -> str:
    if isinstance(value, tuple):
        names = listing([region_name(r) for r in value])
        return say("rulebook.words.choice.regions_in_order", regions=names)
    return sentence(described(vocabulary, "region_orders", value))


def _plan(plan: Plan, vocabulary: Vocabulary) -> str:
    """The plan as a sentence: spec §12.3's planning, then how it is planned, each after a
    comma."""
    parts = []
    if plan.primary:
        parts.append(say("rulebook.words.choice.plan.primary", region=region_name(plan.primary)))
    if plan.scoring_round:
        parts.append(say("rulebook.words.choice.plan.scoring_round"))
    if plan.regions:
        regions = _regions(plan.regions, vocabulary)
        parts.append(say("rulebook.words.choice.plan.regions", regions=regions))
    return say("rulebook.words.choice.plan", details="".join(f", {part}" for part in parts))


def _then(then: Named | Rerun, vocabulary: Vocabulary) -> str:
    if isinstance(then, Named):
        return named_words(then, "choice_orders", vocabulary)
    if then.measure is None:
        how = say("rulebook.words.choice.rerun_general")
    else:
        measures = [named_words(m, "rerun_measures", vocabulary) for m in then.measure]
        how = say(
            "rulebook.words.choice.rerun_by",
            measures=chained("rulebook.words.choice.then_by", measures),
        )
    if then.prefer:
        order = ", ".join(then.prefer)
        return say("rulebook.words.choice.rerun_ties", how=how, order=order)
    return say("rulebook.words.choice.rerun", how=how)


def choice_lines(spec: ChoiceSpec, vocabulary: Vocabulary) -> list[str]:
    """How the AI answers one question of an event, one line per field of `resolve.KEY`, in
    the order the AI applies them (docs/ai.md)."""
    v = vocabulary
    said: list[str] = []
    for f in fields(ChoiceSpec):
        value = getattr(spec, f.name)
        if f.name == "key" or value in ((), "", False, None):
            continue
        if f.name == "when":
            clauses = [window_clause(w, v) for w in value]
            windows = chained("rulebook.words.choice.when.or", clauses)
            lines = [say("rulebook.words.choice.when", windows=windows)]
        elif f.name == "side":
            lines = [say("rulebook.words.choice.side")]
        elif f.name == "answer":
            lines = [_answer(rule.answer, rule.condition, v) for rule in value]
        elif f.name == "regions":
            lines = [say("rulebook.words.choice.regions", regions=_regions(value, v))]
        elif f.name == "within_event":
            lines = [say("rulebook.words.choice.within_event")]
        elif f.name == "select":
            which = "first" if value == "first" else "candidate"
            lines = [say(f"rulebook.words.choice.select_{which}")]
        elif f.name == "where":
            filters = "; ".join(named_words(n, "choice_filters", v) for n in value)
            lines = [say("rulebook.words.choice.where", filters=filters)]
        elif f.name == "tiers":
            lines = []
            for number, tier in enumerate(value, 1):
                where = "; ".join(named_words(n, "choice_filters", v) for n in tier.where)
                where = where or say("rulebook.words.choice.any_candidate")
                if tier.keys:
                    keys = [named_words(k, "choice_keys", v) for k in tier.keys]
                    lines.append(
                        say(
                            "rulebook.words.choice.tier_ordered",
                            number=number,
                            where=where,
                            keys=chained("rulebook.words.choice.then_key", keys),
                        )
                    )
                else:
                    lines.append(say("rulebook.words.choice.tier", number=number, where=where))
        elif f.name == "keys":
            keys = [named_words(k, "choice_keys", v) for k in value]
            lines = [
                say(
                    "rulebook.words.choice.keys",
                    keys=chained("rulebook.words.choice.then_key", keys),
                )
            ]
        elif f.name == "then":
            lines = [say("rulebook.words.choice.then", then=_then(value, v))]
        elif f.name == "otherwise":
            answer = answer_word(str(value))
            lines = [say("rulebook.words.choice.otherwise", answer=answer)]
        elif f.name == "plan":
            lines = [_plan(value, v)]
        elif f.name == "procedure":
            procedure = named_words(value, "procedures", v)
            lines = [say("rulebook.words.choice.procedure", procedure=procedure)]
        else:
            raise RulebookError(f"the rulebook cannot say the resolve field {f.name!r}")
        said.extend(lines)
    return said


def _answer(answer: str, condition: Condition | None, vocabulary: Vocabulary) -> str:
    """One answer rule: «answer» if its condition holds, else whenever it is legal."""
    said = answer_word(answer)
    if condition is None:
        return say("rulebook.words.choice.answer", answer=said)
    words = condition_words(condition, vocabulary)
    return say("rulebook.words.choice.answer_if", answer=said, condition=words)


def rich(text: str) -> str:
    """Plain text for HTML, its `code` spans set as code."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", escape(text))
