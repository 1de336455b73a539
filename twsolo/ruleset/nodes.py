"""YAML node walking with located errors: file:line:column: field.path: problem.

PyYAML's node API keeps a mark on every node, so every field, not only a parse error, can be
reported where it stands. Problems are collected, not raised, so a file reports all of them at once.
Checks PyYAML does not make: duplicate keys (it keeps the last silently), YAML 1.1 booleans
(`no`, `off`, `y`) where a string belongs, and YAML 1.1 integer forms (`012` is octal, `1:30` base
60, `1_0` ten) where a plain number belongs. Files are read through the bounded reader and composed
with a nesting limit and without aliases, so no input ends in a RecursionError or fills memory.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from twsolo.files.bounded import UnreadableFile, has_control, read_text
from twsolo.ruleset.paths import RULES_FILE_LIMIT, display_path
from twsolo.ruleset.suggest import did_you_mean

STR = "tag:yaml.org,2002:str"
INT = "tag:yaml.org,2002:int"
BOOL = "tag:yaml.org,2002:bool"
NULL = "tag:yaml.org,2002:null"
_KIND = {INT: "an integer", BOOL: "a boolean", NULL: "null", "tag:yaml.org,2002:float": "a number"}
MAX_DEPTH = 32  # nesting of lists and mappings; the rules and scenarios use at most 5
# The integers a rules or scenario file may write: plain decimal digits, at most 18 of them.
_PLAIN_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]{0,17})")


@dataclass
class Problems:
    """Collected problems of one file, each already formatted with its location."""

    file: str
    lines: list[str] = field(default_factory=list)

    def add(self, mark: yaml.Mark | None, where: str, message: str) -> None:
        loc = f"{self.file}:{mark.line + 1}:{mark.column + 1}" if mark else self.file
        self.lines.append(f"{loc}: {where}: {message}" if where else f"{loc}: {message}")


def _describe(node: yaml.Node) -> str:
    if isinstance(node, yaml.ScalarNode):
        kind = _KIND.get(node.tag, "a string")
        return f"{kind} {node.value!r}" if node.tag != NULL else "null"
    return "a list" if isinstance(node, yaml.SequenceNode) else "a mapping"


@dataclass
class Located:
    """A node with its dotted field path; typed readers report a problem and return None."""

    node: yaml.Node
    path: str
    problems: Problems

    def fail(self, message: str) -> None:
        self.problems.add(self.node.start_mark, self.path, message)

    def fail_at(self, offset: int | None, message: str) -> None:
        """A problem `offset` characters into a one-line string's text (a condition's token):
        the message names that column of the file."""
        node, mark = self.node, self.node.start_mark
        if (
            offset is None
            or not isinstance(node, yaml.ScalarNode)
            or node.end_mark.line != mark.line
        ):
            self.fail(message)
            return
        at = offset + (node.style in ("'", '"'))
        moved = yaml.Mark(mark.name, mark.index + at, mark.line, mark.column + at, "", 0)
        self.problems.add(moved, self.path, message)

    def child(self, node: yaml.Node, name: str) -> Located:
        return Located(node, f"{self.path}.{name}" if self.path else name, self.problems)

    def items(self) -> list[tuple[str, Located]] | None:
        """A mapping with string keys, duplicates and non-string keys rejected."""
        if not isinstance(self.node, yaml.MappingNode):
            self.fail(f"expected a mapping, got {_describe(self.node)}")
            return None
        seen: dict[str, int] = {}
        out: list[tuple[str, Located]] = []
        for key, value in self.node.value:
            if not isinstance(key, yaml.ScalarNode) or key.tag != STR:
                where = self.path or "(top level)"
                self.problems.add(
                    key.start_mark,
                    where,
                    f"key {_describe(key)} is not a string (quote it if it is an id)",
                )
                continue
            if key.value in seen:
                self.problems.add(
                    key.start_mark,
                    self.child(key, key.value).path,
                    f"duplicate key (first at line {seen[key.value]})",
                )
                continue
            seen[key.value] = key.start_mark.line + 1
            out.append((key.value, self.child(value, key.value)))
        return out

    def mapping(
        self, required: Collection[str], optional: Collection[str] = ()
    ) -> dict[str, Located] | None:
        """A mapping with a fixed set of keys: unknown and missing keys are problems."""
        items = self.items()
        if items is None:
            return None
        out = dict(items)
        allowed = set(required) | set(optional)
        for name, loc in items:
            if name not in allowed:
                self.problems.add(
                    _key_mark(self.node.value, name),
                    loc.path,
                    f"unknown key{did_you_mean(name, allowed)} (expected one of: "
                    f"{', '.join(sorted(allowed))})",
                )
                del out[name]
        for name in required:
            if name not in out:
                self.fail(f"missing key '{name}'")
        return out

    def seq(self) -> list[Located] | None:
        if not isinstance(self.node, yaml.SequenceNode):
            self.fail(f"expected a list, got {_describe(self.node)}")
            return None
        return [
            Located(n, f"{self.path}[{i}]", self.problems) for i, n in enumerate(self.node.value)
        ]

    def integer(self, lo: int, hi: int) -> int | None:
        node = self.node
        bound = f"{lo}–{hi}"
        if isinstance(node, yaml.ScalarNode) and node.tag == INT:
            if not _PLAIN_INT.fullmatch(node.value):
                self.fail(
                    f"expected an integer {bound} in plain digits, got {_shown(node.value)}"
                    f"{_INT_HINT if len(node.value) <= 20 else ''}"
                )
                return None
            value = int(node.value)
            if lo <= value <= hi:
                return value
        got = _shown(node.value) if isinstance(node, yaml.ScalarNode) else _describe(node)
        self.fail(f"expected an integer {bound}, got {got}")
        return None

    def boolean(self) -> bool | None:
        node = self.node
        if isinstance(node, yaml.ScalarNode) and node.tag == BOOL:
            if node.value in ("true", "false"):
                return bool(node.value == "true")
            self.fail(f"write true or false, not {node.value!r}")
            return None
        self.fail(f"expected true or false, got {_describe(node)}")
        return None

    def string(self, choices: Collection[str] | None = None) -> str | None:
        node = self.node
        if not isinstance(node, yaml.ScalarNode) or node.tag != STR:
            hint = " (YAML reads it as a boolean: quote it)" if node.tag == BOOL else ""
            self.fail(f"expected a string, got {_describe(node)}{hint}")
            return None
        if has_control(node.value):  # a name printed, drawn (SVG) or logged: no escapes
            self.fail(f"a control character in {node.value[:60]!r}: names and texts have none")
            return None
        if choices is not None and node.value not in choices:
            hint = did_you_mean(str(node.value), choices)
            self.fail(f"unknown value {node.value!r}{hint} (expected one of: {_listing(choices)})")
            return None
        return str(node.value)

    def strings(self, choices: Collection[str] | None = None) -> list[str] | None:
        elements = self.seq()
        if elements is None:
            return None
        values = [e.string(choices) for e in elements]
        return [v for v in values if v is not None] if None not in values else None

    def integers(self, lo: int, hi: int) -> list[int] | None:
        elements = self.seq()
        if elements is None:
            return None
        values = [e.integer(lo, hi) for e in elements]
        return [v for v in values if v is not None] if None not in values else None


_INT_HINT = (
    " (YAML 1.1 would read a leading 0 as octal, ':' as base 60 and skip '_'; write the number"
    " in plain digits)"
)


def _shown(value: str) -> str:
    """A scalar as a message quotes it: a number of a thousand digits is not printed whole."""
    return repr(value) if len(value) <= 40 else f"{value[:20]!r}... ({len(value)} characters)"


def _key_mark(pairs: list[tuple[yaml.Node, yaml.Node]], name: str) -> yaml.Mark:
    mark: yaml.Mark = next(k.start_mark for k, _ in pairs if getattr(k, "value", None) == name)
    return mark


def _listing(choices: Collection[str]) -> str:
    names = sorted(choices)
    return ", ".join(names) if len(names) <= 12 else ", ".join(names[:12]) + ", ..."


class _Refused(yaml.MarkedYAMLError):
    pass


class _BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader with a nesting limit (its composer recurses once per level) and
    without aliases (a node that contains itself, or a few lines that expand to millions)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise _Refused(
                None, None, "anchors and aliases (&name, *name) are not supported", event.start_mark
            )
        if self.depth >= MAX_DEPTH:
            raise _Refused(
                None,
                None,
                f"lists and mappings nested more than {MAX_DEPTH} deep",
                event.start_mark,
            )
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def indentation(exc: yaml.MarkedYAMLError, text: str) -> tuple[int, str] | None:
    """PyYAML's indentation errors ("expected <block end>, but found '?'") in the file's terms:
    the line that is indented otherwise than the one above it, and by how much each; with the
    column where that line's text begins."""
    mark = exc.problem_mark
    if mark is None:
        return None
    if (exc.problem or "").startswith("found character '\\t'"):
        return mark.column, "a tab indents this line: YAML indents with spaces only"
    problem = exc.problem or ""
    if not problem.startswith(("expected <block end>", "mapping values are not allowed")):
        return None
    lines = text.splitlines()
    above = [ln for ln in lines[: mark.line] if ln.strip() and not ln.lstrip().startswith("#")]
    if mark.line >= len(lines) or not above:
        return None
    here, prev = lines[mark.line].strip(), above[-1]
    column = len(lines[mark.line]) - len(lines[mark.line].lstrip(" "))
    item = here.startswith("- ")
    prev_indent = len(prev) - len(prev.lstrip(" "))
    if not item and prev.lstrip().startswith("- "):
        prev_indent += 2  # the key after a list item's dash
    if column == prev_indent:
        return None  # not a matter of indentation
    name = here if item else here.partition(":")[0]
    other = prev.strip() if item else prev.strip().removeprefix("- ").partition(":")[0]
    return column, (
        f"{'the list item' if item else 'the key'} {_shown(name)} is indented by {column} "
        f"spaces, but {_shown(other)} on the line above by {prev_indent}: the keys of one mapping "
        "(the items of one list) line up"
    )


def compose_text(text: str, file: str) -> tuple[Located | None, Problems]:
    """Compose a YAML text safely (no tags, no code, bounded nesting, no aliases); a parse error
    becomes a located problem."""
    problems = Problems(file)
    try:
        root = yaml.compose(text, Loader=_BoundedLoader)
    except _Refused as exc:
        problems.add(exc.problem_mark, "", str(exc.problem))
        return None, problems
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        indent = indentation(exc, text)
        if indent is not None and mark is not None:  # the column where the line's text begins
            mark = yaml.Mark(mark.name, mark.index, mark.line, indent[0], "", 0)
        message = indent[1] if indent else f"YAML syntax: {exc.problem or exc.context}"
        problems.add(mark, "", message)
        return None, problems
    except yaml.YAMLError as exc:
        problems.add(None, "", f"YAML error: {exc}")
        return None, problems
    if root is None:
        problems.add(None, "", "the file is empty")
        return None, problems
    return Located(root, "", problems), problems


def compose_file(path: Path, limit: int = RULES_FILE_LIMIT) -> tuple[Located | None, Problems]:
    """Read (through the bounded reader: a regular file of at most `limit` bytes) and compose."""
    file = display_path(path)
    try:
        text = read_text(path, limit)
    except UnreadableFile as exc:
        problems = Problems(file)
        problems.add(None, "", f"cannot read: {exc}")
        return None, problems
    return compose_text(text, file)


def iter_entries(loc: Located | None) -> Iterator[Located]:
    """The elements of a list node (nothing when the node is missing or not a list)."""
    if loc is None:
        return
    elements = loc.seq()
    if elements:
        yield from elements
