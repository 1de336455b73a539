"""A card's appendix entry as `twsolo cards show` prints it (spec §21): the event's facts, the
windows with their conditions, how the AI resolves each question (the data of `resolve` with the
`choices` text beside it as the editor's note), its answer to the human's play and the
procedures the entry names; and the same as JSON."""

from __future__ import annotations

from typing import Any

from twsolo.ruleset import Card, Ruleset
from twsolo.ruleset.entry_source import entries_written, stale_prose
from twsolo.ruleset.model import AppendixEntry, ChoiceSpec, Named, Rerun
from twsolo.ruleset.paths import display_path
from twsolo.ruleset.vocabulary import FAMILIES, Vocabulary


def fact_lines(card: Card) -> list[str]:
    lines = []
    if card.event_regions:
        lines.append(f"  event regions: {', '.join(card.event_regions)}")
    if card.war is not None:
        w = card.war
        targets = ", ".join(w.targets) or "any the event allows"
        also = ", the target itself counts" if w.target_counts else ""
        lines.append(
            f"  war: {targets}; {w.success}+ wins{also}; {w.vp} VP, {w.milops} military ops"
        )
    if card.figures:
        lines.append("  figures: " + ", ".join(f"{k} {v}" for k, v in card.figures.items()))
    return lines


def _names(named: tuple[Named, ...]) -> str:
    return ", ".join(n.text() for n in named)


def spec_text(spec: ChoiceSpec) -> list[str]:
    """One question's data, a part per line, in the order the AI reads them (docs/ai.md)."""
    parts: list[str] = []
    if spec.side:
        parts.append("only when the AI answers")
    if spec.when:
        parts.append("when: " + ", ".join(w.text for w in spec.when))
    if spec.procedure is not None:
        parts.append(f"procedure: {spec.procedure.text()}")
    if spec.plan is not None:
        plan = spec.plan
        bits = [f"{plan.primary} as the Primary Region"] if plan.primary else []
        bits += ["as in a Scoring Round"] if plan.scoring_round else []
        if plan.regions:
            regions = plan.regions
            bits.append(f"regions {', '.join(regions) if isinstance(regions, tuple) else regions}")
        parts.append("plan the operations (spec §12.3): " + "; ".join(bits))
    if spec.answer:
        parts.append("answer: " + "; ".join(rule.text for rule in spec.answer))
    if spec.regions:
        regions = spec.regions
        order = ", ".join(regions) if isinstance(regions, tuple) else regions
        within = " (the event's regions only)" if spec.within_event else ""
        select = f", select {spec.select}" if spec.select else ""
        parts.append(f"regions: {order}{within}{select}")
    if spec.where:
        parts.append(f"where: {_names(spec.where)}")
    for n, tier in enumerate(spec.tiers, start=1):
        keys = f" by {_names(tier.keys)}" if tier.keys else ""
        parts.append(f"tier {n}: {_names(tier.where) or 'all'}{keys}")
    if spec.keys:
        parts.append(f"keys: {_names(spec.keys)}")
    if isinstance(spec.then, Rerun):
        measure = _names(spec.then.measure) if spec.then.measure else "spec §17.6's result"
        prefer = f", ties to {', '.join(spec.then.prefer)}" if spec.then.prefer else ""
        parts.append(f"then: re-run the event, the best by {measure}{prefer}")
    elif spec.then is not None:
        parts.append(f"then: {spec.then.text()}")
    if spec.otherwise:
        parts.append(f"otherwise: {spec.otherwise}")
    return parts


def entry_lines(rules: Ruleset, entry: AppendixEntry, vocabulary: Vocabulary) -> list[str]:
    asked = vocabulary.event_keys.get(entry.card, ())
    lines = [f"Appendix entry ({entry.source}):"]
    lines.append(f"  questions the event asks: {', '.join(asked) if asked else 'none'}")
    lines.append("  windows:")
    lines += [f"    {w.text}" for w in entry.windows]
    lines.append(f"  choices (note): {_indented(entry.choices)}")
    if entry.resolve:
        lines.append("  resolve (data):")
        for key, spec in entry.resolve.items():
            lines.append(f"    {key}:")
            lines += [f"      {part}" for part in spec_text(spec)]
    else:
        lines.append("  resolve (data): none (the general rules, spec §17)")
    lines.append(f"  on human play: {_indented(entry.on_human_play)}")
    if entry.note:
        lines.append(f"  note: {_indented(entry.note)}")
    procedures = ", ".join(entry.procedures) if entry.procedures else "none: all data"
    lines.append(f"  procedures: {procedures}")
    return lines


def written_lines(rules: Ruleset, card: int) -> list[str]:
    """The entry as appendix.yaml holds it, with its file:line; a note when its prose was
    written for other data (rules/prose.yaml)."""
    _, written = entries_written(rules.source)
    entry = written.get(card)
    if entry is None:
        return []
    where = f"{display_path(rules.source / 'appendix.yaml')}:{entry.line}"
    lines = [f"{where}:", *(f"  {line}" for line in entry.text.splitlines())]
    stale = [s for s in stale_prose(rules.source) if s.card == card]
    return lines + [f"  ! {s.message()}" for s in stale]


def _indented(text: str) -> str:
    return text.replace("\n", "\n    ")


def vocabulary_lines(vocabulary: Vocabulary) -> list[str]:
    """Every name the rules data may use, by family, each with its description."""
    lines = []
    for family, where in FAMILIES.items():
        lines.append(f"{family}: {where}")
        for name in vocabulary.of(family):
            shown = vocabulary.written(family, name)
            lines.append(f"  {shown:<34} {vocabulary.describe(family, name)}")
    return lines


def entry_dict(entry: AppendixEntry) -> dict[str, Any]:
    return {
        "source": entry.source,
        "windows": [w.text for w in entry.windows],
        "choices": entry.choices,
        "resolve": {key: spec_text(spec) for key, spec in entry.resolve.items()},
        "on_human_play": entry.on_human_play,
        "note": entry.note,
        "procedures": list(entry.procedures),
    }
