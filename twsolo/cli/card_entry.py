"""A card's appendix entry as `twsolo cards show` prints it (spec §21): the event's facts, the
windows with their conditions, how the AI resolves each question (the data of `resolve` with the
`choices` text beside it as the editor's note), its answer to the human's play and the
procedures the entry names; and the same as JSON."""

from __future__ import annotations

from typing import Any

from twsolo.phrases import say
from twsolo.ruleset import Card, Ruleset
from twsolo.ruleset.entry_source import entries_written, stale_prose
from twsolo.ruleset.model import AppendixEntry, ChoiceSpec, Named, Rerun
from twsolo.ruleset.paths import display_path
from twsolo.ruleset.vocabulary import FAMILIES, Vocabulary


def fact_lines(card: Card) -> list[str]:
    lines = []
    if card.event_regions:
        regions = ", ".join(card.event_regions)
        lines.append(f"  {say('ask.entry.event_regions', regions=regions)}")
    if card.war is not None:
        w = card.war
        targets = ", ".join(w.targets) or say("ask.entry.war_any_target")
        war = "ask.entry.war_target_counts" if w.target_counts else "ask.entry.war"
        said = say(war, targets=targets, success=w.success, vp=w.vp, milops=w.milops)
        lines.append(f"  {said}")
    if card.figures:
        figures = ", ".join(f"{k} {v}" for k, v in card.figures.items())
        lines.append(f"  {say('ask.entry.figures', figures=figures)}")
    return lines


def _names(named: tuple[Named, ...]) -> str:
    return ", ".join(n.text() for n in named)


def spec_text(spec: ChoiceSpec) -> list[str]:
    """One question's data, a part per line, in the order the AI reads them (docs/ai.md)."""
    parts: list[str] = []
    if spec.side:
        parts.append(say("ask.entry.only_ai"))
    if spec.when:
        conditions = ", ".join(w.text for w in spec.when)
        parts.append(say("ask.entry.when", conditions=conditions))
    if spec.procedure is not None:
        parts.append(say("ask.entry.procedure", procedure=spec.procedure.text()))
    if spec.plan is not None:
        plan = spec.plan
        bits = [say("ask.entry.plan_primary", region=plan.primary)] if plan.primary else []
        bits += [say("ask.entry.plan_scoring_round")] if plan.scoring_round else []
        if plan.regions:
            regions = plan.regions
            named = ", ".join(regions) if isinstance(regions, tuple) else regions
            bits.append(say("ask.entry.plan_regions", regions=named))
        parts.append(say("ask.entry.plan", parts="; ".join(bits)))
    if spec.answer:
        parts.append(say("ask.entry.answer", rules="; ".join(rule.text for rule in spec.answer)))
    if spec.regions:
        regions = spec.regions
        order = ", ".join(regions) if isinstance(regions, tuple) else regions
        within = say("ask.entry.regions_within_event") if spec.within_event else ""
        select = say("ask.entry.regions_select", select=spec.select) if spec.select else ""
        parts.append(say("ask.entry.regions", order=order, within=within, select=select))
    if spec.where:
        parts.append(say("ask.entry.where", names=_names(spec.where)))
    for n, tier in enumerate(spec.tiers, start=1):
        where = _names(tier.where) or say("ask.entry.tier_all")
        if tier.keys:
            parts.append(say("ask.entry.tier_by", n=n, where=where, keys=_names(tier.keys)))
        else:
            parts.append(say("ask.entry.tier", n=n, where=where))
    if spec.keys:
        parts.append(say("ask.entry.keys", names=_names(spec.keys)))
    if isinstance(spec.then, Rerun):
        then = spec.then
        measure = _names(then.measure) if then.measure else say("ask.entry.rerun_result")
        if then.prefer:
            prefer = ", ".join(then.prefer)
            parts.append(say("ask.entry.rerun_ties", measure=measure, prefer=prefer))
        else:
            parts.append(say("ask.entry.rerun", measure=measure))
    elif spec.then is not None:
        parts.append(say("ask.entry.then", then=spec.then.text()))
    if spec.otherwise:
        parts.append(say("ask.entry.otherwise", otherwise=spec.otherwise))
    return parts


def entry_lines(rules: Ruleset, entry: AppendixEntry, vocabulary: Vocabulary) -> list[str]:
    asked = vocabulary.event_keys.get(entry.card, ())
    lines = [say("ask.entry.title", source=entry.source)]
    if asked:
        lines.append(f"  {say('ask.entry.questions', keys=', '.join(asked))}")
    else:
        lines.append(f"  {say('ask.entry.questions_none')}")
    lines.append(f"  {say('ask.entry.windows')}")
    lines += [f"    {w.text}" for w in entry.windows]
    lines.append(f"  {say('ask.entry.choices', note=_indented(entry.choices))}")
    if entry.resolve:
        lines.append(f"  {say('ask.entry.resolve')}")
        for key, spec in entry.resolve.items():
            lines.append(f"    {key}:")
            lines += [f"      {part}" for part in spec_text(spec)]
    else:
        lines.append(f"  {say('ask.entry.resolve_none')}")
    lines.append(f"  {say('ask.entry.on_human_play', text=_indented(entry.on_human_play))}")
    if entry.note:
        lines.append(f"  {say('ask.entry.note', note=_indented(entry.note))}")
    if entry.procedures:
        procedures = ", ".join(entry.procedures)
        lines.append(f"  {say('ask.entry.procedures', procedures=procedures)}")
    else:
        lines.append(f"  {say('ask.entry.procedures_none')}")
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
    for family in FAMILIES:
        lines.append(f"{family}: {vocabulary.family_said(family)}")
        for name in vocabulary.of(family):
            shown = vocabulary.written(family, name)
            lines.append(f"  {shown:<34} {vocabulary.said(family, name)}")
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
