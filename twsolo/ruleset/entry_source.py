"""An appendix entry as written: its lines in appendix.yaml (`cards show`), and whether its
prose still describes its data. An entry's `choices`,
`on_human_play` and `note` are text beside the data (`ai_play`, `resolve`, `procedures`); the
AI reads only the data, so an edit of the data leaves the text silently out of date.
rules/prose.yaml keeps, per card, a digest of the data the text was written for: when the data
changes, `twsolo validate` and `twsolo cards show N` say so, with the digest to write there
once the text has been checked."""

from __future__ import annotations

import hashlib
import json
import textwrap
from dataclasses import dataclass
from pathlib import Path

import yaml

from twsolo.errors import RulesDataError
from twsolo.ruleset.nodes import compose_file
from twsolo.ruleset.paths import display_path

PROSE_FILE = "prose.yaml"
DATA_KEYS = ("ai_play", "resolve", "procedures")


@dataclass(frozen=True)
class StaleProse:
    card: int
    where: str  # appendix.yaml:LINE of the entry
    written_for: str
    now: str

    def message(self) -> str:
        return (
            f"{self.where}: #{self.card}'s choices/on_human_play/note were written for other "
            f"data (digest {self.written_for}; the data's is now {self.now}): check the text, "
            f"then write `{self.card}: {self.now}` under written_for in {PROSE_FILE}"
        )


def data_digest(data: object) -> str:
    """A short digest of an entry's data keys, independent of their formatting in the file."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


@dataclass(frozen=True)
class Written:
    """One entry as appendix.yaml holds it."""

    line: int  # of its first key
    text: str  # its lines, as written
    digest: str  # of its data keys


def entries_written(directory: Path) -> tuple[int, dict[int, Written]]:
    """appendix.yaml's `entries:` line, and per card its entry as written (nothing when the
    file does not read: load_ruleset reports its problems)."""
    root, problems = compose_file(directory / "appendix.yaml")
    if root is None or problems.lines or not isinstance(root.node, yaml.MappingNode):
        return 0, {}
    lines = (directory / "appendix.yaml").read_text(encoding="utf-8").splitlines()
    out: dict[int, Written] = {}
    construct = yaml.constructor.SafeConstructor()
    for key, value in root.node.value:
        if key.value != "entries" or not isinstance(value, yaml.SequenceNode):
            continue
        for node in value.value:
            entry = construct.construct_object(node, deep=True)
            if isinstance(entry, dict) and isinstance(entry.get("card"), int):
                data = {k: entry.get(k) for k in DATA_KEYS}
                first, end = node.start_mark.line, node.end_mark
                # The node ends where the next begins: that line is the next entry's.
                ends_inside = end.line < len(lines) and lines[end.line][: end.column].strip()
                chosen = lines[first : end.line + 1 if ends_inside else end.line]
                while chosen and not chosen[-1].strip():
                    chosen.pop()
                text = textwrap.dedent("\n".join(chosen))
                out[entry["card"]] = Written(first + 1, text, data_digest(data))
        return key.start_mark.line + 1, out
    return 0, out


def written_for(directory: Path) -> dict[int, str]:
    """rules/prose.yaml's digests, `CARD: DIGEST` under `written_for` (none when the file is
    absent: nothing to compare)."""
    path = directory / PROSE_FILE
    if not path.exists():
        return {}
    root, problems = compose_file(path)
    top = root.mapping(["written_for"]) if root is not None else None
    digests: dict[int, str] = {}
    node = top["written_for"].node if top and "written_for" in top else None
    if top and node is not None and not isinstance(node, yaml.MappingNode):
        top["written_for"].fail("expected a mapping CARD: DIGEST")
    for key, value in node.value if isinstance(node, yaml.MappingNode) else []:
        digit = isinstance(key, yaml.ScalarNode) and key.value.isdigit()
        if digit and isinstance(value, yaml.ScalarNode):
            digests[int(key.value)] = str(value.value)
            continue
        problems.add(key.start_mark, "written_for", "expected CARD: DIGEST (as validate prints)")
    if problems.lines:
        raise RulesDataError(problems.lines)
    return digests


def stale_prose(directory: Path) -> list[StaleProse]:
    """The entries whose data changed since their prose was written (as prose.yaml records)."""
    recorded = written_for(directory)
    where = display_path(directory / "appendix.yaml")
    return [
        StaleProse(card, f"{where}:{w.line}", recorded[card], w.digest)
        for card, w in sorted(entries_written(directory)[1].items())
        if card in recorded and recorded[card] != w.digest
    ]
