"""Reading the appendix's choice vocabulary (appendix.yaml `resolve` and `procedures`): how the AI
answers each question of a card's event, by the question's key. Every name is checked against
the vocabulary the loader receives, and reported with file:line:column like the rest."""

from __future__ import annotations

from collections.abc import Collection

import yaml

from twsolo.ids import SCORING_REGIONS
from twsolo.ruleset.conditions import CHOICE_TERMS, ConditionError, parse_condition, parse_window
from twsolo.ruleset.model import AnswerRule, ChoiceSpec, Named, Plan, Rerun, Tier
from twsolo.ruleset.nodes import Located, iter_entries
from twsolo.ruleset.vocabulary import Vocabulary

SPEC_KEYS = (
    "when",
    "side",
    "answer",
    "regions",
    "within_event",
    "select",
    "where",
    "tiers",
    "keys",
    "then",
    "otherwise",
    "plan",
    "procedure",
)
REGION_IDS = (*SCORING_REGIONS, "east_europe", "west_europe")
SELECT = ("first", "cascade")
RERUN = "rerun"


class _Reader:
    def __init__(self, card: int, vocabulary: Vocabulary, country_ids: Collection[str]) -> None:
        self.card, self.vocabulary, self.country_ids = card, vocabulary, country_ids

    # ------------------------------------------------------------------ named criteria
    def named(self, loc: Located, family: str) -> Named | None:
        """`name` or `{name: argument}` of `family`, the argument of the kind it takes."""
        if not isinstance(loc.node, yaml.MappingNode):
            name = loc.string(self.vocabulary.of(family))
            if name is None:
                return None
            if self.vocabulary.argument(family, name):
                kind = self.vocabulary.argument(family, name)
                loc.fail(f"{name} takes an argument ({kind}): write {{{name}: ...}}")
                return None
            return Named(name)
        items = loc.items() or []
        if len(items) != 1:
            loc.fail("expected one name with its argument, e.g. {listed: [france, uk]}")
            return None
        ((name, arg_loc),) = items
        if not self.vocabulary.has(family, name):
            arg_loc.fail(f"unknown name {name!r} (expected one of: {_listing(family, self)})")
            return None
        kind = self.vocabulary.argument(family, name)
        if not kind:
            arg_loc.fail(f"{name} takes no argument: write it alone")
            return None
        arg = self.argument(arg_loc, kind)
        return None if arg is None else Named(name, arg)

    def argument(self, loc: Located, kind: str) -> object | None:
        if kind == "int":
            return loc.integer(-20, 20)
        if kind == "region":
            return loc.string(REGION_IDS)
        countries = loc.strings(self.country_ids)
        return tuple(countries) if countries is not None else None

    def names(self, loc: Located, family: str) -> tuple[Named, ...] | None:
        elements = loc.seq()
        if elements is None:
            return None
        found = [self.named(e, family) for e in elements]
        return tuple(n for n in found if n is not None) if None not in found else None

    # ------------------------------------------------------------------ parts of a spec
    def when(self, loc: Located) -> tuple[object, ...] | None:
        windows = []
        for w in iter_entries(loc):
            text = w.string()
            if text is None:
                return None
            try:
                window = parse_window(text, self.vocabulary)
            except ConditionError as exc:
                w.fail_at(exc.column, str(exc))
                return None
            if window.condition is not None:
                w.fail("a `when` window takes no condition (use `answer` conditions)")
                return None
            windows.append(window)
        return tuple(windows)

    def answers(self, loc: Located) -> tuple[AnswerRule, ...] | None:
        rules = []
        for a in iter_entries(loc):
            text = a.string()
            if text is None:
                return None
            answer, sep, cond = text.partition(" if:")
            condition = None
            if sep:
                try:
                    condition = parse_condition(cond, self.vocabulary, CHOICE_TERMS)
                except ConditionError as exc:
                    a.fail_at(exc.shifted(len(answer) + len(sep)).column, str(exc))
                    return None
            rules.append(AnswerRule(answer.strip(), condition, text))
        return tuple(rules)

    def regions(self, loc: Located) -> str | tuple[str, ...] | None:
        if _is_list(loc):
            found = loc.strings(REGION_IDS)
            return tuple(found) if found is not None else None
        return loc.string(self.vocabulary.of("region_orders"))

    def tiers(self, loc: Located) -> tuple[Tier, ...] | None:
        tiers = []
        for t in iter_entries(loc):
            if _is_list(t):
                where = self.names(t, "choice_filters")
                if where is None:
                    return None
                tiers.append(Tier(where))
                continue
            m = t.mapping(["where"], ["keys"])
            if m is None or "where" not in m:
                return None
            where = self.names(m["where"], "choice_filters")
            keys = self.names(m["keys"], "choice_keys") if "keys" in m else None
            if where is None or ("keys" in m and keys is None):
                return None
            tiers.append(Tier(where, keys))
        return tuple(tiers)

    def then(self, loc: Located) -> Named | Rerun | None:
        if isinstance(loc.node, yaml.ScalarNode) and loc.node.value == RERUN:
            return Rerun(None, ())
        if not isinstance(loc.node, yaml.MappingNode):
            return self.named(loc, "choice_orders")
        items = loc.items()
        if items and len(items) == 1 and items[0][0] == RERUN:
            m = items[0][1].mapping(["measure"], ["prefer"])
            if m is None or "measure" not in m:
                return None
            measure = self.names(m["measure"], "rerun_measures")
            prefer = m["prefer"].strings() if "prefer" in m else []
            if measure is None or prefer is None:
                return None
            return Rerun(measure, tuple(prefer))
        return self.named(loc, "choice_orders")

    def plan(self, loc: Located) -> Plan | None:
        m = loc.mapping([], ["primary", "scoring_round", "regions"])
        if m is None:
            return None
        primary = m["primary"].string(SCORING_REGIONS) if "primary" in m else None
        scoring = m["scoring_round"].boolean() if "scoring_round" in m else False
        regions = self.regions(m["regions"]) if "regions" in m else ""
        if ("primary" in m and primary is None) or scoring is None or regions is None:
            return None
        return Plan(primary, scoring, regions)

    def procedure(self, loc: Located) -> Named | None:
        named = self.named(loc, "procedures")
        bound = self.vocabulary.bound.get("procedures", {})
        if named is not None and self.card not in bound.get(named.name, ()):
            loc.fail(f"{named.name} is not a procedure of card {self.card}")
            return None
        return named

    # ------------------------------------------------------------------ a spec
    def spec(self, key: str, loc: Located) -> ChoiceSpec | None:
        m = loc.mapping([], SPEC_KEYS)
        if m is None:
            return None
        fields: dict[str, object] = {}
        readers = {
            "when": self.when,
            "side": lambda x: x.string(("ai",)),
            "answer": self.answers,
            "regions": self.regions,
            "within_event": lambda x: x.boolean(),
            "select": lambda x: x.string(SELECT),
            "where": lambda x: self.names(x, "choice_filters"),
            "tiers": self.tiers,
            "keys": lambda x: self.names(x, "choice_keys"),
            "then": self.then,
            "otherwise": lambda x: x.string(),
            "plan": self.plan,
            "procedure": self.procedure,
        }
        for name, field_loc in m.items():
            value = readers[name](field_loc)
            if value is None:
                return None
            fields[name] = value
        if fields.get("select") and not fields.get("regions"):
            m["select"].fail("`select` needs `regions` (the order the regions are tried in)")
            return None
        return ChoiceSpec(key=key, **fields)  # type: ignore[arg-type]


def _is_list(loc: Located) -> bool:
    return isinstance(loc.node, yaml.SequenceNode)


def _listing(family: str, reader: _Reader) -> str:
    names = reader.vocabulary.of(family)
    return ", ".join(names[:12]) + (", ..." if len(names) > 12 else "")


def read_resolve(
    loc: Located, card: int, vocabulary: Vocabulary, country_ids: Collection[str]
) -> dict[str, ChoiceSpec]:
    """Appendix.yaml `resolve`: question key -> how the AI answers it. A key must be one the
    card's event asks (the engine declares them)."""
    reader = _Reader(card, vocabulary, country_ids)
    asked = vocabulary.event_keys.get(card, ())
    specs: dict[str, ChoiceSpec] = {}
    for key, spec_loc in loc.items() or []:
        if key not in asked:
            listing = ", ".join(asked) if asked else "none"
            spec_loc.fail(f"unknown question key {key!r} (card {card}'s event asks: {listing})")
            continue
        spec = reader.spec(key, spec_loc)
        if spec is not None:
            specs[key] = spec
    return specs


def read_procedures(
    entry: Located, loc: Located | None, card: int, vocabulary: Vocabulary
) -> tuple[str, ...]:
    """Appendix.yaml `procedures`: every registered procedure and custom predicate that belongs
    to the card, listed so that an editor sees which parts of the entry are code."""
    bound = vocabulary.bound_to(card)
    elements = (loc.seq() or []) if loc is not None else []
    listed = []
    for element in elements:
        name = element.string()
        if name is None:
            continue
        if name not in bound:
            element.fail(f"{name!r} is not a registered procedure of card {card}")
        listed.append(name)
    missing = [name for name in bound if name not in listed]
    if missing:
        (loc or entry).fail(f"card {card} has the procedures {missing}: list them")
    return tuple(listed)
