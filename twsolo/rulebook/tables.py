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
from twsolo.rulebook.words import (
    RulebookError,
    condition_words,
    described,
    region_name,
)
from twsolo.ruleset import Ruleset
from twsolo.ruleset.vocabulary import Vocabulary

# The enhanced AI's switches (spec §25): the section and what each does, in words.
SWITCHES = {
    "prepare_next_scoring": (
        "25.1",
        "In the round before a Scoring Round, option 0 first for the region that scores next.",
    ),
    "china_card_always_enters": (
        "25.2",
        "The AI's China Card always enters its deck/hand at draft step 0; the AI plays it only in"
        " Asia, and never takes it out of a Scoring Round whose Primary is elsewhere.",
    ),
    "best_headline_with_box4": (
        "25.3",
        "With the box-4 ability the AI reveals several qualifying headline cards and headlines"
        " the best.",
    ),
    "careful_cuban_missile_crisis": (
        "25.4",
        "The AI headlines Cuban Missile Crisis only when a further condition holds.",
    ),
    "defer_harmful_event": (
        "25.5",
        "Once a round, a human event that hurts the AI and cannot go on the Space Race goes to"
        " the bottom of the AI's deck/hand, and the AI plays the next card instead.",
    ),
    "guard_prepared": (
        "25.6",
        "A country §25.1 brings to exactly control gets more points from what the option-0 plan"
        " leaves, since the human acts first in the Scoring Round.",
    ),
    "final_sweep": (
        "25.7",
        "In the AI's Non-Scoring Rounds of the final-sweep turn (every one, or only those after"
        " its last Scoring Round), option 0 for the final scoring of the map region where that"
        " gains most.",
    ),
}
SHIFT_TARGETS = {
    "bottom": "face down at the bottom of the Scoring Card Deck",
    "spent": "face up in the spent row",
}
ABILITIES = {
    "none": "",
    "two_attempts": "two attempts a turn",
    "headline_second": "the opponent headlines first (reveal yours after)",
    "discard_held": "discard a held card at the end of the turn",
    "eighth_round": "an eighth action round",
}


@dataclass(frozen=True)
class Table:
    """One table of the book: its anchor, title, the spec section it serves, the fields of the
    model it shows (`model.field`), and its HTML."""

    anchor: str
    title: str
    section: str
    shows: tuple[str, ...]
    html: str


def _table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def _ordered(names: Sequence[str], family: str, vocabulary: Vocabulary) -> str:
    return _table(
        ("#", "name", "what it is"),
        ((i, n, described(vocabulary, family, n)) for i, n in enumerate(names, 1)),
    )


def _p(text: str) -> str:
    return f"<p>{escape(text)}</p>"


def priority_tables(rules: Ruleset, vocabulary: Vocabulary) -> list[Table]:
    p, v = rules.priorities, vocabulary
    caps = _p(
        f"The AI places influence in a battleground up to control + {p.cap_battleground_extra}"
        f" and in any other country up to control + {p.cap_other_extra} (control = the human's"
        " influence + the stability)."
    )
    coup = _ordered(p.coup_order, "coup_order", v) + _p(
        f"A success is likely when its chance is at least {p.coup_likely:g}. Ties:"
    )
    coup += _ordered(p.coup_tiebreak, "coup_tiebreak", v)
    margins = _p(
        f"The AI coups a battleground only at DEFCON {p.coup_bg_min_defcon_nsr} or more in a"
        f" Non-Scoring Round and DEFCON {p.coup_bg_min_defcon_sr} or more in a Scoring Round."
    )
    milops = _p(
        "The AI coups for military operations when its shortfall (DEFCON − its military ops)"
        f" exceeds {p.milops_per_round_left} times the action rounds it has left in the turn"
        " after this one."
        + (
            " A battleground is a target within §14.3's margins (never a coup that brings"
            " DEFCON to 2)."
            if p.milops_battlegrounds
            else " Battlegrounds are not targets."
        )
    )
    decisive = _p(
        "In a Scoring Round a coup is decisive when its chance of changing who controls the"
        f" country is at least {p.decisive_coup_min_control_chance:g} and the expected swing of"
        f" the coming scoring is at least {p.decisive_coup_min_swing} VP"
        f" ({p.decisive_coup_min_swing_to_defcon2} VP when the coup brings DEFCON to 2)."
    )
    realign = _ordered(p.realign_order, "realign_order", v) + _p("Ties:")
    realign += _ordered(p.realign_tiebreak, "realign_tiebreak", v)
    traps = ", ".join(
        f"for the AI as the {side.name}, #{card} {rules.card(card).name}"
        for side, card in p.trap_cards.items()
        if card
    )
    dump = _p(
        "A human event hurts the AI (and goes on the Space Race) when the dry run of the AI"
        " playing it for Ops reaches any of these:"
    ) + _table(
        ("measure", "at least", "what it counts"),
        ((n, t, described(v, "space_dump", n)) for n, t in p.space_dump.items()),
    )
    dump += _p(f"The trap card always hurts: {traps or 'none'}.")
    dump += _p(
        "In a Scoring Round the AI first weighs option 0 with the card on the board the event"
        f" leaves: it keeps the card for its Ops when that gains at least"
        f" {p.score_before_dump_min_gain} VP more than the event gives."
        if p.score_before_dump
        else "In a Scoring Round the dump is decided before the scoring is weighed."
    )
    return [
        Table(
            "caps", "Influence caps", "11.4", ("cap_battleground_extra", "cap_other_extra"), caps
        ),
        Table(
            "influence-options",
            "Influence placement options",
            "13.2",
            ("influence_options",),
            _ordered(p.influence_options, "influence_options", v),
        ),
        Table(
            "influence-ties",
            "Ties within an option",
            "13.3",
            ("influence_tiebreak",),
            _ordered(p.influence_tiebreak, "influence_tiebreak", v),
        ),
        Table(
            "coup-order",
            "Coup targets",
            "14.2",
            ("coup_order", "coup_likely", "coup_tiebreak"),
            coup,
        ),
        Table(
            "coup-margins",
            "DEFCON care",
            "14.3",
            ("coup_bg_min_defcon_nsr", "coup_bg_min_defcon_sr"),
            margins,
        ),
        Table(
            "milops",
            "Military operations",
            "14.4",
            ("milops_per_round_left", "milops_battlegrounds"),
            milops,
        ),
        Table(
            "decisive-coup",
            "The decisive coup",
            "12.4",
            (
                "decisive_coup_min_control_chance",
                "decisive_coup_min_swing",
                "decisive_coup_min_swing_to_defcon2",
            ),
            decisive,
        ),
        Table(
            "realign", "Realignment targets", "15", ("realign_order", "realign_tiebreak"), realign
        ),
        Table(
            "space-dump",
            "When a human event hurts the AI",
            "12.2.3a",
            ("space_dump", "trap_cards", "score_before_dump", "score_before_dump_min_gain"),
            dump,
        ),
        Table(
            "priority-table",
            "The Region / Country Priority Table",
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
        listed = ", ".join(f"{c.name}{' (BG)' if c.battleground else ''}" for c in countries)
        rows.append((place, region_name(region), listed))
    return _p("Regions in order; within a region, the countries in order:") + _table(
        ("#", "region", "countries"), rows
    )


def region_tables(rules: Ruleset) -> list[Table]:
    r = rules.regions
    shift = _p(
        f"From action round {r.shift_first_round} on, at the start of every action round the"
        f" Primary card leaves: {SHIFT_TARGETS[r.scored_to]} if it was scored in a Scoring"
        f" Round, else {SHIFT_TARGETS[r.unscored_to]}. The Secondary becomes the Primary and a"
        " new Secondary is revealed."
    )
    rounds = ", ".join(str(n) for n in r.midlate_rounds)
    schedule = _p(
        "Early War (turns 1–3): one Scoring Round a turn, the first action round from"
        f" {r.early_first_round} on whose Primary is an Early War region, forced at action round"
        f" {r.early_last_round}. Mid and Late War: action rounds {rounds}. At most"
        f" {r.max_scorings} regions are scored in Scoring Rounds in a game."
    )
    penalty = _p(
        f"The human gives the AI {r.human_offregion_penalty_vp} VP for each action round in"
        " which any op is spent outside the Primary and Secondary Regions."
    )
    secondary = _p(
        "In a Scoring Round the Secondary keeps its role (the human's penalty-free area, the AI's"
        " fall-back region)."
        if r.secondary_in_scoring_round
        else "In a Scoring Round only the Primary Region exists (the literal reading)."
    )
    rating = _table(("the human's score at least", "rating"), r.victory_rating)
    return [
        Table(
            "shift",
            "The region shift",
            "7.3",
            ("shift_first_round", "scored_to", "unscored_to"),
            shift,
        ),
        Table(
            "schedule",
            "The Scoring Round schedule",
            "8",
            ("early_first_round", "early_last_round", "midlate_rounds", "max_scorings"),
            schedule,
        ),
        Table(
            "penalty",
            "The human's off-region penalty",
            "10.2",
            ("human_offregion_penalty_vp",),
            penalty,
        ),
        Table(
            "secondary",
            "The Secondary in a Scoring Round",
            "23.10",
            ("secondary_in_scoring_round",),
            secondary,
        ),
        Table("rating", "Victory Rating", "20.2", ("victory_rating",), rating),
    ]


def setup_tables(rules: Ruleset) -> list[Table]:
    s = rules.setup
    extra = s.extra_influence
    dice = "one die" if extra.dice == 1 else f"{extra.dice} dice, the lowest counting"
    parts = [_p(f"Each side's extra influence is placed by {dice}:")]
    for side in (Side.USSR, Side.US):
        by_roll = extra.by_roll[side]
        rows = [
            (roll, ", ".join(f"{rules.country(c).name} {n}" for c, n in place.items()))
            for roll, place in sorted(by_roll.items())
        ]
        parts.append(f"<h4>{side.name}</h4>" + _table(("roll", "influence placed"), rows))
    levels = _table(("level", "the AI starts ahead by (VP)"), s.difficulty.items())
    cap = _p(
        "With the draft cap (`--draft-cap`), the human may give the AI at most"
        f" {s.draft_cap_human_events} card(s) carrying the human's event in a draft step, when a"
        " split that keeps the OP balance allows it."
    )
    added = "; ".join(
        f"{side.name} {rules.country(c).name} +{n}"
        for side, place in s.balanced_extra.items()
        for c, n in place.items()
    )
    balanced = _p(
        "With the balanced set-up (`--balanced-setup`), every column of the extra-influence"
        f" table gets more influence, whichever side the AI plays: {added or 'none'}."
    )
    return [
        Table(
            "extra-influence",
            "Variable extra influence",
            "2.4",
            ("extra_influence",),
            "".join(parts),
        ),
        Table("difficulty", "Difficulty levels", "2.5", ("difficulty",), levels),
        Table("draft-cap", "The draft cap", "24.5", ("draft_cap_human_events",), cap),
        Table("balanced-setup", "The balanced set-up", "24.6", ("balanced_extra",), balanced),
    ]


def scoring_tables(rules: Ruleset) -> list[Table]:
    s = rules.scoring
    rows = [
        (
            region_name(r.region),
            rules.card(r.card).name,
            r.presence,
            r.domination,
            "wins the game" if r.control is None else r.control,
        )
        for r in s.regions.values()
    ]
    regions = _table(("region", "card", "presence", "domination", "control"), rows) + _p(
        f"Plus {s.per_battleground} VP per controlled battleground of the region and"
        f" {s.per_adjacent_superpower} VP per controlled country next to the enemy superpower."
    )
    exceptions = ", ".join(f"{rules.country(c).name} {n}" for c, n in s.sea_exceptions.items())
    sea = _p(
        f"{rules.card(s.sea_card).name}: {s.sea_per_country} VP per controlled country"
        + (f" ({exceptions})" if exceptions else "")
        + "."
    )
    final = _p(
        "Final scoring: "
        + ", ".join(region_name(r) for r in s.final_regions)
        + f"; the holder of the China Card gains {s.china_card_vp} VP."
    )
    space = _table(
        ("box", "name", "Ops needed", "roll succeeds on", "VP first / second", "ability"),
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
            "Region scoring",
            "8.6",
            ("regions", "per_battleground", "per_adjacent_superpower"),
            regions,
        ),
        Table(
            "southeast-asia",
            "Southeast Asia",
            "8.6",
            ("sea_card", "sea_per_country", "sea_exceptions"),
            sea,
        ),
        Table("final-scoring", "Final scoring", "19.I", ("final_regions", "china_card_vp"), final),
        Table("space", "The Space Race", "16", (), space),
    ]


def _ability(name: str) -> str:
    if name not in ABILITIES:
        raise RulebookError(f"the rulebook cannot say the Space Race ability {name!r}")
    return ABILITIES[name]


def enhanced_tables(rules: Ruleset, vocabulary: Vocabulary) -> list[Table]:
    e = rules.enhanced
    rows = []
    for name in SWITCHES:
        section, words = SWITCHES[name]
        rows.append((f"§{section}", name, "on" if name in e.on else "off", words))
    unknown = [n for n in e.on if n not in SWITCHES]
    if unknown:
        raise RulebookError(f"the rulebook cannot say the enhanced switch {unknown[0]!r}")
    figures = _p(
        f"§25.3: the AI reveals until it holds {e.headline_cards} qualifying headline cards."
        f" §25.4: it headlines Cuban Missile Crisis only if"
        f" {condition_words(e.cmc_headline_if, vocabulary)}."
        f" §25.6: {e.guard_points} more point(s) on a country brought to exactly control."
        f" §25.7: the final sweep in turn {e.final_sweep_turn}, "
        + (
            "in every Non-Scoring Round."
            if e.final_sweep_rounds == "every"
            else "in the Non-Scoring Rounds after its last Scoring Round."
        )
    )
    return [
        Table(
            "enhanced",
            "The enhanced AI's switches",
            "25",
            (
                "on",
                "headline_cards",
                "cmc_headline_if",
                "guard_points",
                "final_sweep_turn",
                "final_sweep_rounds",
            ),
            _table(("section", "switch", "in force", "what it does"), rows) + figures,
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
