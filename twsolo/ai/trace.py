"""The decision trace: every AI decision records the steps that produced it (design principle 4).

`twsolo why` prints it at the table; `twsolo decide --json` returns it; an appendix editor reads
it to see what a rule change did.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from twsolo.phrases.book import say


# A value: not frozen, for speed (docs/decisions.md §10); __init__ by hand: a compiled build
# runs it natively, where the dataclass's would be interpreted (docs/decisions.md §14).
@dataclass(slots=True, unsafe_hash=True, init=False)
class Step:
    rule: str  # "spec §13.2 option 1", "appendix #8 HL", ...
    chosen: Any
    candidates: tuple[Any, ...]
    why: str
    figures: dict[str, Any]

    def __init__(
        self,
        rule: str,
        chosen: Any = None,
        candidates: tuple[Any, ...] = (),
        why: str = "",
        figures: dict[str, Any] | None = None,
    ) -> None:
        self.rule = rule
        self.chosen = chosen
        self.candidates = candidates
        self.why = why
        self.figures = {} if figures is None else figures

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule}
        if self.candidates:
            out["candidates"] = list(self.candidates)
        if self.chosen is not None:
            out["chosen"] = self.chosen
        if self.why:
            out["why"] = self.why
        if self.figures:
            out["figures"] = self.figures
        return out

    def text(self, name: Callable[[Any], str] = str) -> str:
        """The step in a line; `name` puts an answer in words (a country's id as its name, at
        the table), else it is written as the trace holds it."""
        parts = [self.rule]
        if self.chosen is not None:
            parts.append(f"→ {shown(self.chosen, name)}")
        if self.why:
            parts.append(f"({self.why})")
        if self.candidates and len(self.candidates) > 1:
            candidates = ", ".join(map(name, self.candidates[:8]))
            parts.append(say("why.from", candidates=candidates))
        return " ".join(parts)


def spec(section: str) -> str:
    """A rule of the solitaire rulebook as a step names it: `spec §12.3`."""
    return say("why.rule.spec", section=section)


def g2(card: int) -> str:
    """Appendix G2 (the AI's event only inside an open window) for `card`."""
    return say("why.rule.appendix_general", rule="G2", number=card)


def shown(value: Any, name: Callable[[Any], str] = str) -> str:
    """A trace's value in words, not as Python writes it: a list as `europe, asia`, a flag as
    yes or no."""
    if isinstance(value, list | tuple):
        return ", ".join(shown(v, name) for v in value) or say("why.shown.none")
    if isinstance(value, bool):
        return say("why.shown.yes" if value else "why.shown.no")
    return name(value)


def step_line(step: dict[str, Any]) -> str:
    """A step of `decide --json`'s trace as a line: `rule → chosen (why)`."""
    chosen = f" → {shown(step['chosen'])}" if "chosen" in step else ""
    why = f" ({step['why']})" if "why" in step else ""
    return f"{step['rule']}{chosen}{why}"
