"""The rulebook's tables, drawn from the loaded rules data: the AI's priorities (spec §11–§18,
rules/priorities.yaml), the Scoring Round schedule and the region shift (§7.3, §8, §10.2, §20.2,
rules/regions.yaml), the set-up tables (§2.4–§2.5), region scoring and the Space Race, and the
enhanced AI's switches (§25).

Each table names the fields of the model it shows; a field of the model that no table shows is
an error (`check_covered`), so a new rule in the data cannot be left out of the book."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from html import escape

from twsolo.ids import Side
from twsolo.phrases import say, value_word
from twsolo.rulebook.words import (
    RulebookError,
    Said,
    condition_words,
    described,
    region_name,
    rich,
)
from twsolo.ruleset import Ruleset
from twsolo.ruleset.vocabulary import Vocabulary

# The enhanced AI's switches (spec §25): each one's section; what it does, in words, is its
# phrase rulebook.table.enhanced.switch.NAME.
SWITCHES = {
    "prepare_next_scoring": "25.1",
    "china_card_always_enters": "25.2",
    "best_headline_with_box4": "25.3",
    "careful_cuban_missile_crisis": "25.4",
    "defer_harmful_event": "25.5",
    "guard_prepared": "25.6",
    "final_sweep": "25.7",
}
# Where the Primary card goes (rulebook.table.shift.TARGET), and the Space Race's abilities
# (rulebook.table.space.ABILITY; "none" is an empty cell).
SHIFT_TARGETS = Said({target: f"rulebook.table.shift.{target}" for target in ("bottom", "spent")})
ABILITIES = ("none", "two_attempts", "headline_second", "discard_held", "eighth_round")


@dataclass(frozen=True)
class Table:
    """One table of the book: its anchor (which names its title), the spec section it serves,
    the fields of the model it shows (`model.field`), and its HTML."""

    anchor: str
    section: str
    shows: tuple[str, ...]
    html: str

    @property
    def title(self) -> str:
        """The title by the anchor, in the language in use (rulebook.table.ANCHOR.title, the
        anchor's - as _)."""
        return say(f"rulebook.table.{self.anchor.replace('-', '_')}.title")


class Code(str):
    """A cell that holds a name of the rules data (set as code, as the prose sets it)."""


def _cell(value: object) -> str:
    text = escape(str(value))
    return f"<td><code>{text}</code></td>" if isinstance(value, Code) else f"<td>{text}</td>"


def _table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A table under the headers `head` (their phrases rulebook.table.head.NAME)."""
    cells = "".join(f"<th>{escape(say(f'rulebook.table.head.{h}'))}</th>" for h in head)
    body = "".join("<tr>" + "".join(_cell(c) for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def _ordered(names: Sequence[str], family: str, vocabulary: Vocabulary) -> str:
    return _table(
        ("number", "name", "what_it_is"),
        ((i, Code(n), described(vocabulary, family, n)) for i, n in enumerate(names, 1)),
    )


def _p(text: str) -> str:
    """A paragraph, its `code` spans (an option, a key) set as code."""
    return f"<p>{rich(text)}</p>"


def priority_tables(rules: Ruleset, vocabulary: Vocabulary) -> list[Table]:
    p, v = rules.priorities, vocabulary
    caps = _p(
        say(
            "rulebook.table.caps",
            battleground=p.cap_battleground_extra,
            other=p.cap_other_extra,
        )
    )
    coup = _ordered(p.coup_order, "coup_order", v) + _p(
        say("rulebook.table.coup_order.likely", chance=f"{p.coup_likely:g}")
    )
    coup += _ordered(p.coup_tiebreak, "coup_tiebreak", v)
    margins = _p(
        say(
            "rulebook.table.coup_margins",
            non_scoring=p.coup_bg_min_defcon_nsr,
            scoring=p.coup_bg_min_defcon_sr,
        )
    )
    targets = "battlegrounds" if p.milops_battlegrounds else "no_battlegrounds"
    milops = _p(
        say("rulebook.table.milops", n=p.milops_per_round_left)
        + " "
        + say(f"rulebook.table.milops.{targets}")
    )
    decisive = _p(
        say(
            "rulebook.table.decisive_coup",
            chance=f"{p.decisive_coup_min_control_chance:g}",
            swing=p.decisive_coup_min_swing,
            swing_defcon2=p.decisive_coup_min_swing_to_defcon2,
        )
    )
    realign = _ordered(p.realign_order, "realign_order", v) + _p(say("rulebook.table.realign.ties"))
    realign += _ordered(p.realign_tiebreak, "realign_tiebreak", v)
    traps = ", ".join(
        say(
            "rulebook.table.space_dump.trap",
            side=side.label,
            number=card,
            card=rules.card(card).name,
        )
        for side, card in p.trap_cards.items()
        if card
    )
    dump = _p(say("rulebook.table.space_dump")) + _table(
        ("measure", "at_least", "what_it_counts"),
        ((Code(n), t, described(v, "space_dump", n)) for n, t in p.space_dump.items()),
    )
    dump += _p(say("rulebook.table.space_dump.traps", traps=traps or say("rulebook.table.none")))
    dump += _p(
        say("rulebook.table.space_dump.score_first", gain=p.score_before_dump_min_gain)
        if p.score_before_dump
        else say("rulebook.table.space_dump.dump_first")
    )
    return [
        Table("caps", "11.4", ("cap_battleground_extra", "cap_other_extra"), caps),
        Table(
            "influence-options",
            "13.2",
            ("influence_options",),
            _ordered(p.influence_options, "influence_options", v),
        ),
        Table(
            "influence-ties",
            "13.3",
            ("influence_tiebreak",),
            _ordered(p.influence_tiebreak, "influence_tiebreak", v),
        ),
        Table(
            "coup-order",
            "14.2",
            ("coup_order", "coup_likely", "coup_tiebreak"),
            coup,
        ),
        Table(
            "coup-margins",
            "14.3",
            ("coup_bg_min_defcon_nsr", "coup_bg_min_defcon_sr"),
            margins,
        ),
        Table(
            "milops",
            "14.4",
            ("milops_per_round_left", "milops_battlegrounds"),
            milops,
        ),
        Table(
            "decisive-coup",
            "12.4",
            (
                "decisive_coup_min_control_chance",
                "decisive_coup_min_swing",
                "decisive_coup_min_swing_to_defcon2",
            ),
            decisive,
        ),
        Table("realign", "15", ("realign_order", "realign_tiebreak"), realign),
        Table(
            "space-dump",
            "12.2.3a",
            ("space_dump", "trap_cards", "score_before_dump", "score_before_dump_min_gain"),
            dump,
        ),
        Table(
            "priority-table",
            "18",
            ("region_order", "country_rank"),
            _priority_table(rules),
        ),
    ]


def _priority_table(rules: Ruleset) -> str:
    rank = rules.priorities.country_rank
    rows = []
    for place, region in enumerate(rules.priorities.region_order, 1):
        countries = sorted(
            (c for c in rules.countries if c.region == region), key=lambda c: rank[c.id]
        )
        listed = ", ".join(
            say("rulebook.table.priority_table.battleground", country=c.name)
            if c.battleground
            else c.name
            for c in countries
        )
        rows.append((place, region_name(region), listed))
    return _p(say("rulebook.table.priority_table")) + _table(
        ("number", "region", "countries"), rows
    )


def region_tables(rules: Ruleset) -> list[Table]:
    r = rules.regions
    shift = _p(
        say(
            "rulebook.table.shift",
            round=r.shift_first_round,
            scored=SHIFT_TARGETS[r.scored_to],
            unscored=SHIFT_TARGETS[r.unscored_to],
        )
    )
    rounds = ", ".join(str(n) for n in r.midlate_rounds)
    schedule = _p(
        say(
            "rulebook.table.schedule",
            first=r.early_first_round,
            last=r.early_last_round,
            rounds=rounds,
        )
        + " "
        + say("rulebook.table.schedule.most", n=r.max_scorings)
    )
    penalty = _p(say("rulebook.table.penalty", vp=r.human_offregion_penalty_vp))
    secondary = _p(
        say("rulebook.table.secondary.kept")
        if r.secondary_in_scoring_round
        else say("rulebook.table.secondary.literal")
    )
    rating = _table(
        ("human_score", "rating"), [(s, rules.rating_name(n)) for s, n in r.victory_rating]
    )
    return [
        Table(
            "shift",
            "7.3",
            ("shift_first_round", "scored_to", "unscored_to"),
            shift,
        ),
        Table(
            "schedule",
            "8",
            ("early_first_round", "early_last_round", "midlate_rounds", "max_scorings"),
            schedule,
        ),
        Table(
            "penalty",
            "10.2",
            ("human_offregion_penalty_vp",),
            penalty,
        ),
        Table(
            "secondary",
            "23.10",
            ("secondary_in_scoring_round",),
            secondary,
        ),
        Table("rating", "20.2", ("victory_rating",), rating),
    ]


def setup_tables(rules: Ruleset) -> list[Table]:
    s = rules.setup
    extra = s.extra_influence
    dice = (
        say("rulebook.table.extra_influence.one_die")
        if extra.dice == 1
        else say("rulebook.table.extra_influence.dice", n=extra.dice)
    )
    parts = [_p(say("rulebook.table.extra_influence", dice=dice))]
    for side in (Side.USSR, Side.US):
        by_roll = extra.by_roll[side]
        rows = [
            (roll, ", ".join(f"{rules.country(c).name} {n}" for c, n in place.items()))
            for roll, place in sorted(by_roll.items())
        ]
        parts.append(f"<h4>{escape(side.label)}</h4>" + _table(("roll", "influence_placed"), rows))
    levels = _table(
        ("level", "ahead"), ((value_word("difficulty", k), n) for k, n in s.difficulty.items())
    )
    cap = _p(say("rulebook.table.draft_cap", n=s.draft_cap_human_events))
    added = "; ".join(
        f"{side.label} {rules.country(c).name} +{n}"
        for side, place in s.balanced_extra.items()
        for c, n in place.items()
    )
    balanced = _p(say("rulebook.table.balanced_setup", added=added or say("rulebook.table.none")))
    return [
        Table(
            "extra-influence",
            "2.4",
            ("extra_influence",),
            "".join(parts),
        ),
        Table("difficulty", "2.5", ("difficulty",), levels),
        Table("draft-cap", "24.5", ("draft_cap_human_events",), cap),
        Table("balanced-setup", "24.6", ("balanced_extra",), balanced),
    ]


def scoring_tables(rules: Ruleset) -> list[Table]:
    s = rules.scoring
    rows = [
        (
            region_name(r.region),
            rules.card(r.card).name,
            r.presence,
            r.domination,
            say("rulebook.table.scoring.wins") if r.control is None else r.control,
        )
        for r in s.regions.values()
    ]
    regions = _table(("region", "card", "presence", "domination", "control"), rows) + _p(
        say(
            "rulebook.table.scoring",
            battleground=s.per_battleground,
            adjacent=s.per_adjacent_superpower,
        )
    )
    exceptions = ", ".join(f"{rules.country(c).name} {n}" for c, n in s.sea_exceptions.items())
    sea_card = rules.card(s.sea_card).name
    sea = _p(
        say(
            "rulebook.table.southeast_asia.exceptions",
            card=sea_card,
            vp=s.sea_per_country,
            exceptions=exceptions,
        )
        if exceptions
        else say("rulebook.table.southeast_asia", card=sea_card, vp=s.sea_per_country)
    )
    final = _p(
        say(
            "rulebook.table.final_scoring",
            regions=", ".join(region_name(r) for r in s.final_regions),
            vp=s.china_card_vp,
        )
    )
    space = _table(
        ("box", "name", "ops_needed", "succeeds_on", "vp", "ability"),
        (
            (
                b.box,
                b.name,
                b.ops,
                f"1–{b.success}",
                f"{b.vp_first} / {b.vp_second}",
                _ability(b.ability),
            )
            for b in rules.space
        ),
    )
    return [
        Table(
            "scoring",
            "8.6",
            ("regions", "per_battleground", "per_adjacent_superpower"),
            regions,
        ),
        Table(
            "southeast-asia",
            "8.6",
            ("sea_card", "sea_per_country", "sea_exceptions"),
            sea,
        ),
        Table(
            "final-scoring",
            "19.I",
            ("final_regions", "china_card_vp"),
            final,
        ),
        Table("space", "16", (), space),
    ]


def _ability(name: str) -> str:
    if name not in ABILITIES:
        raise RulebookError(f"the rulebook cannot say the Space Race ability {name!r}")
    return "" if name == "none" else say(f"rulebook.table.space.{name}")


def enhanced_tables(rules: Ruleset, vocabulary: Vocabulary) -> list[Table]:
    e = rules.enhanced
    rows = []
    for name, section in SWITCHES.items():
        force = say("rulebook.table.enhanced.on" if name in e.on else "rulebook.table.enhanced.off")
        rows.append(
            (f"§{section}", Code(name), force, say(f"rulebook.table.enhanced.switch.{name}"))
        )
    unknown = [n for n in e.on if n not in SWITCHES]
    if unknown:
        raise RulebookError(f"the rulebook cannot say the enhanced switch {unknown[0]!r}")
    rounds = "sweep_every" if e.final_sweep_rounds == "every" else "sweep_after"
    cuban = condition_words(e.cmc_headline_if, vocabulary)
    figures = _p(
        " ".join(
            (
                say("rulebook.table.enhanced.headline_cards", n=e.headline_cards),
                say("rulebook.table.enhanced.cuban_missile_crisis", condition=cuban),
                say("rulebook.table.enhanced.guard_points", n=e.guard_points),
                say(f"rulebook.table.enhanced.{rounds}", turn=e.final_sweep_turn),
            )
        )
    )
    return [
        Table(
            "enhanced",
            "25",
            (
                "on",
                "headline_cards",
                "cmc_headline_if",
                "guard_points",
                "final_sweep_turn",
                "final_sweep_rounds",
            ),
            _table(("section", "switch", "in_force", "what_it_does"), rows) + figures,
        )
    ]


def all_tables(rules: Ruleset, vocabulary: Vocabulary) -> list[tuple[str, list[Table]]]:
    """The book's tables by part, every field of the rules model shown somewhere."""
    groups = [
        ("priorities", priority_tables(rules, vocabulary)),
        ("regions", region_tables(rules)),
        ("setup", setup_tables(rules)),
        ("scoring", scoring_tables(rules)),
        ("enhanced", enhanced_tables(rules, vocabulary)),
    ]
    # Every field of each part of the rules (the Ruleset's attribute of the group's name).
    for name, tables in groups:
        shown = {f for t in tables for f in t.shows}
        missing = [f.name for f in fields(getattr(rules, name)) if f.name not in shown]
        if missing:
            raise RulebookError(
                f"rules data {name}.{missing[0]} has no table in the rulebook (twsolo/rulebook/"
                "tables.py): say it in words there"
            )
    return groups
