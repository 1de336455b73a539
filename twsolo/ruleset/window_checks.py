"""Checks of an appendix entry's windows that parsing alone cannot make: the silent mistakes
(issue #25) that would otherwise load and quietly change what the AI does."""

from __future__ import annotations

from twsolo.ruleset.conditions import Window, never_holds
from twsolo.ruleset.entry_source import entries_written, stale_prose
from twsolo.ruleset.model import Ruleset
from twsolo.ruleset.nodes import Located
from twsolo.ruleset.paths import display_path


def _kind(w: Window) -> str:
    """The window's kind as written: HL, NSR, SR, SR:europe, early:AR:1-2, never."""
    if w.kind == "SR" and w.regions:
        return "SR:" + ",".join(w.regions)
    if w.kind == "AR":
        rounds = f"{w.rounds[0]}" + (f"-{w.rounds[1]}" if w.rounds[1] != w.rounds[0] else "")
        return (f"{w.era}:" if w.era else "") + f"AR:{rounds}"
    return w.kind


def check_windows(windows: list[tuple[Located, Window]]) -> None:
    """Appendix §1.1: `never` stands alone; one window of each kind (the AI takes the first
    that opens, so a second one of the kind is read only when the first's condition fails:
    one window with the conditions joined by `or` says the same); every condition can hold."""
    never = [loc for loc, w in windows if w.kind == "never"]
    if never and len(windows) > 1:
        others = ", ".join(_kind(w) for _, w in windows if w.kind != "never")
        never[0].fail(f"'never' together with other windows ({others}): keep one or the other")
    first: dict[str, int] = {}
    for loc, w in windows:
        kind = _kind(w)
        line = loc.node.start_mark.line + 1
        if kind in first:
            loc.fail(
                f"a second {kind} window (the first is at line {first[kind]}): the AI reads "
                "the two as one, their conditions joined by 'or'; write one window so"
            )
        else:
            first[kind] = line
        reason = never_holds(w.condition) if w.condition is not None else None
        if reason:
            loc.fail(f"the condition can never hold: {reason}")


def appendix_warnings(rules: Ruleset) -> list[str]:
    """What loads but may not be meant, each with file:line: a card without an appendix entry
    (spec §21.1: the AI never plays its event; scoring cards have none to play), and an entry
    whose prose was written for other data (rules/prose.yaml)."""
    line, _ = entries_written(rules.source)
    where = f"{display_path(rules.source / 'appendix.yaml')}:{line}"
    out = [
        f"{where}: entries: no entry for {card} (the AI never plays its event): write its entry, "
        'or one with `ai_play: ["never"]` to say so'
        for card in rules.cards.values()
        if card.number not in rules.appendix and not card.scoring
    ]
    return out + [stale.message() for stale in stale_prose(rules.source)]
