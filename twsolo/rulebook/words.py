"""The appendix's data in plain words: windows, conditions and the answers to an event's
questions, as the rulebook prints them (spec §21, appendix §1.1–§1.2).

Every field of the model is put in words or refused: `RulebookError` names what the renderer
cannot say, so nothing the program reads is silently left out of the book."""

from __future__ import annotations

from dataclasses import fields

from twsolo.errors import TwsoloError
from twsolo.ruleset.conditions import All, Any_, Compare, Condition, Flag, Not, Window
from twsolo.ruleset.model import ChoiceSpec, Named, Plan, Rerun
from twsolo.ruleset.vocabulary import Vocabulary


class RulebookError(TwsoloError):
    """Rules data the rulebook cannot put in words."""


OPERATORS = {
    ">=": "is at least",
    ">": "is more than",
    "<=": "is at most",
    "<": "is less than",
    "==": "is",
    "!=": "is not",
}
REGION_NAMES = {
    "europe": "Europe",
    "asia": "Asia",
    "middle_east": "the Middle East",
    "africa": "Africa",
    "central_america": "Central America",
    "south_america": "South America",
    "southeast_asia": "Southeast Asia",
    "east_europe": "Eastern Europe",
    "west_europe": "Western Europe",
}
ERAS = {"early": "Early War ", "midlate": "Mid or Late War "}
SIDES = {"us": "US", "ussr": "USSR", "neutral": "neutral"}
# First words of descriptions that are names, kept capitalized inside a sentence.
NAMES_FIRST = ("Spec", "Appendix", "Brush", "Flower", "Summit", "Cuban", "Europe", "Asia")
# The families a condition's flags come from, in the order they are looked up.
FLAG_FAMILIES = ("condition_flags", "choice_tests")


def region_name(region: str) -> str:
    if region not in REGION_NAMES:
        raise RulebookError(f"the rulebook has no name for the region {region!r}")
    return REGION_NAMES[region]


def listing(items: list[str], last: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def sentence(text: str) -> str:
    """A description as a clause: no capital first letter (unless a name), no final stop."""
    text = text.strip().rstrip(".")
    first = text.split(" ", 1)[0]
    if first.isupper() or first in NAMES_FIRST:
        return text
    return text[0].lower() + text[1:]


def described(vocabulary: Vocabulary, family: str, name: str) -> str:
    text = vocabulary.describe(family, name)
    if not text:
        raise RulebookError(f"{family} {name!r} has no description in the vocabulary")
    return text


def condition_words(condition: Condition, vocabulary: Vocabulary) -> str:
    """A condition read as a clause: `vp >= 2 and not wins` -> "the VP ... is at least 2 and
    not (the AI has won the game)"."""
    if isinstance(condition, Compare):
        # A number term is said by its description in the vocabulary, a noun phrase.
        words = described(vocabulary, "condition_numbers", condition.metric)
        return f"{words} {OPERATORS[condition.op]} {condition.value}"
    if isinstance(condition, Flag):
        if condition.name.startswith("custom:"):
            name = condition.name.removeprefix("custom:")
            return sentence(described(vocabulary, "custom_predicates", name))
        for family in FLAG_FAMILIES:
            if vocabulary.has(family, condition.name):
                return sentence(described(vocabulary, family, condition.name))
        raise RulebookError(f"the rulebook cannot say the condition term {condition.name!r}")
    if isinstance(condition, Not):
        return f"not ({condition_words(condition.term, vocabulary)})"
    joined = [_part(t, vocabulary) for t in condition.terms]
    return listing(joined, "and" if isinstance(condition, All) else "or")


def _part(condition: Condition, vocabulary: Vocabulary) -> str:
    words = condition_words(condition, vocabulary)
    return f"({words})" if isinstance(condition, All | Any_) else words


def window_words(window: Window, vocabulary: Vocabulary) -> str:
    """One `ai_play` window as a sentence (appendix §1.1)."""
    if window.kind == "never":
        return "Never: the AI plays the card for its Ops (or as the rules for its side say)."
    if window.kind == "HL":
        when = "In the Headline"
    elif window.kind == "NSR":
        when = "In a Non-Scoring Round"
    elif window.kind == "SR" and window.regions:
        names = [region_name(r) for r in window.regions]
        when = f"In a Scoring Round of {listing(names, 'or')}"
    elif window.kind == "SR":
        when = "In any Scoring Round"
    elif window.kind == "AR":
        first, last = window.rounds
        rounds = f"action round {first}" if first == last else f"action rounds {first}–{last}"
        when = f"In {rounds} of a {ERAS[window.era]}turn" if window.era else f"In {rounds}"
    else:
        raise RulebookError(f"the rulebook cannot say the window {window.text!r}")
    if window.condition is None:
        return f"{when}."
    return f"{when}, if {condition_words(window.condition, vocabulary)}."


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
    return f"{text} ({named.name}: {shown})"


def _regions(value: str | tuple[str, ...], vocabulary: Vocabulary) -> str:
    if isinstance(value, tuple):
        return "the regions " + listing([region_name(r) for r in value]) + ", in that order"
    return sentence(described(vocabulary, "region_orders", value))


def _plan(plan: Plan, vocabulary: Vocabulary) -> str:
    parts = ["the operations it grants are planned by spec §12.3"]
    if plan.primary:
        parts.append(f"as if {region_name(plan.primary)} were the Primary Region")
    if plan.scoring_round:
        parts.append("as in a Scoring Round")
    if plan.regions:
        parts.append("with influence placed in " + _regions(plan.regions, vocabulary))
    return ", ".join(parts)


def _then(then: Named | Rerun, vocabulary: Vocabulary) -> str:
    if isinstance(then, Named):
        return named_words(then, "choice_orders", vocabulary)
    if then.measure is None:
        how = "the best by the general result of spec §17.6"
    else:
        measures = [named_words(m, "rerun_measures", vocabulary) for m in then.measure]
        how = "the best by " + "; then by ".join(measures)
    ties = f"; ties go to the order {', '.join(then.prefer)}" if then.prefer else ""
    return f"the event is re-run with each candidate, {how}{ties}"


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
            lines = ["Only " + " or ".join(window_words(w, v).rstrip(".") for w in value) + "."]
        elif f.name == "side":
            lines = ["Only when the AI itself answers (not the human's side in a dry run)."]
        elif f.name == "answer":
            lines = [
                f"Answer «{rule.answer}»"
                + (f" if {condition_words(rule.condition, v)}" if rule.condition else "")
                + (", when it is legal." if rule.condition is None else ".")
                for rule in value
            ]
        elif f.name == "regions":
            lines = [f"Regions: {_regions(value, v)}."]
        elif f.name == "within_event":
            lines = ["Only regions the event acts in."]
        elif f.name == "select":
            how = "the first region of that order" if value == "first" else "the first region"
            lines = [f"It answers in {how}{' that has a candidate' if value != 'first' else ''}."]
        elif f.name == "where":
            lines = ["Candidates: " + "; ".join(named_words(n, "choice_filters", v) for n in value)]
        elif f.name == "tiers":
            lines = []
            for number, tier in enumerate(value, 1):
                where = "; ".join(named_words(n, "choice_filters", v) for n in tier.where)
                keys = (
                    "; ordered by "
                    + "; then ".join(named_words(k, "choice_keys", v) for k in tier.keys)
                    if tier.keys
                    else ""
                )
                lines.append(f"Tier {number}: {where or 'any candidate'}{keys}.")
        elif f.name == "keys":
            lines = [
                "Ordered by: "
                + "; then ".join(named_words(k, "choice_keys", v) for k in value)
                + "."
            ]
        elif f.name == "then":
            lines = [f"Then: {_then(value, v)}."]
        elif f.name == "otherwise":
            lines = [f"When no candidate is left: «{value}»."]
        elif f.name == "plan":
            text = _plan(value, v)
            lines = [text[0].upper() + text[1:] + "."]
        elif f.name == "procedure":
            lines = [f"By its registered code: {named_words(value, 'procedures', v)}."]
        else:
            raise RulebookError(f"the rulebook cannot say the resolve field {f.name!r}")
        said.extend(lines)
    return said
