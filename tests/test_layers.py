"""The floors of the house (docs/decisions.md §13): ids/errors → ruleset → engine → solo → ai →
players → the applications. No module imports one of a higher floor, at module level or inside a
function, and no import circle exists anywhere in twsolo/.

Imports under `if TYPE_CHECKING:` are annotations only, never executed: they are not edges of
the graph (a Protocol naming the Game it is handed is not a dependency on loading it)."""

from __future__ import annotations

import ast
import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "twsolo"
# The floors, lowest first: a module may import its own floor and those below. Every module of
# twsolo has its floor: the engine's six, then the top floor's rooms in their order (issue #42).
FLOORS = (
    ("twsolo", "twsolo.ids", "twsolo.errors", "twsolo.files", "twsolo.phrases"),
    ("twsolo.ruleset",),
    ("twsolo.engine",),
    ("twsolo.solo",),
    ("twsolo.ai",),
    ("twsolo.players",),
    # The top floor: the composition root, the printed rulebook, the save files ...
    ("twsolo.compose", "twsolo.rulebook", "twsolo.persist"),
    # ... a game played with its saves ...
    ("twsolo.session",),
    # ... positions as files and the conformance checks of a game ...
    ("twsolo.positions", "twsolo.checks", "twsolo.positions.scripted"),
    # ... many games ...
    ("twsolo.sim",),
    # ... and the doors: the Python API, the command line and the testing kit (which plays
    # games through both).
    ("twsolo.api", "twsolo.cli", "twsolo.testing", "twsolo.__main__"),
)
APP = 6  # the first of the top floor's


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def floor(module: str) -> int:
    for number, prefixes in enumerate(FLOORS):
        for prefix in prefixes:
            if module == prefix or (prefix != "twsolo" and module.startswith(prefix + ".")):
                return number
    raise AssertionError(f"{module} has no floor: give it one in tests/test_layers.py FLOORS")


def type_only(tree: ast.Module) -> set[int]:
    """The ids of the nodes under `if TYPE_CHECKING:`."""
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            ids.update(id(n) for n in ast.walk(node))
    return ids


def imports_graph() -> dict[str, dict[str, int]]:
    """Every twsolo module's imports of other twsolo modules (module level and inside
    functions alike), each with the line of its first import."""
    mods = modules()

    def owner(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, dict[str, int]] = {}
    for module, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = type_only(tree)
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        edges: dict[str, int] = {}
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                # `from pkg import mod` imports the module; `from mod import name`, mod
                targets = [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names
                ]
            for target in targets:
                if target.split(".")[0] != "twsolo":
                    continue
                found = owner(target)
                if found is not None and found != module:
                    edges.setdefault(found, node.lineno)
        graph[module] = edges
    return graph


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each as one circle
    through it."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(path_through(graph, set(component)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def path_through(graph: dict[str, dict[str, int]], component: set[str]) -> list[str]:
    """One circle inside a strongly connected component: from its first module, the shortest
    way back (breadth first)."""
    start = min(component)
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in graph[v]:
                if w not in component:
                    continue
                if w == start:
                    way = [v]
                    while way[-1] != start:
                        way.append(previous[way[-1]])
                    return (
                        [start, *reversed(way[:-1]), start] if len(way) > 1 else [start, v, start]
                    )
                if w not in previous:
                    previous[w] = v
                    nxt.append(w)
        frontier = nxt
    return sorted(component)


def test_no_import_circle() -> None:
    graph = imports_graph()
    found = circles(graph)
    shown = [
        " -> ".join(f"{a}:{graph[a][b]}" for a, b in itertools.pairwise(c)) + f" -> {c[-1]}"
        for c in found
    ]
    assert not found, f"{len(found)} import circle(s):\n" + "\n".join(shown)


def test_no_import_from_a_higher_floor() -> None:
    graph = imports_graph()
    upward = [
        f"{module}:{line} imports {target} (floor {floor(module)} -> {floor(target)})"
        for module, edges in sorted(graph.items())
        for target, line in sorted(edges.items())
        if floor(target) > floor(module)
    ]
    assert not upward, "\n".join(upward)


def test_the_graph_sees_imports_inside_functions() -> None:
    """The checks above would pass vacuously if the graph missed the lazy imports: the CLI
    imports most of twsolo inside its commands."""
    graph = imports_graph()
    assert "twsolo.compose" in graph["twsolo.cli.main"]
    assert floor("twsolo.engine.events.mid") == 2
    assert floor("twsolo.cli.main") == len(FLOORS) - 1
    assert floor("twsolo.positions.scenario") > floor("twsolo.session.live") >= APP


def test_every_module_has_a_floor_and_the_package_root_few_modules() -> None:
    """A module outside every room fails here (floor() names it); the package root holds at
    most 8 modules (issue #42), the rest live in rooms."""
    placed = [floor(m) for m in modules()]
    assert len(placed) > 150
    root = list(PACKAGE.glob("*.py"))
    assert len(root) <= 8, sorted(p.name for p in root)


LOADED = """
import importlib, json, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
print(json.dumps(sorted(m for m in sys.modules if m == "twsolo" or m.startswith("twsolo."))))
"""


@pytest.mark.parametrize("number", range(len(FLOORS)), ids=[f[0].split(".")[-1] for f in FLOORS])
def test_a_floor_loads_nothing_above_it(number: int) -> None:
    """A fresh interpreter imports every module of the floor: no module of a higher floor may
    come with them."""
    own = [m for m in modules() if floor(m) == number and m != "twsolo.__main__"]  # it runs
    out = subprocess.run(
        [sys.executable, "-c", LOADED, *own], capture_output=True, text=True, check=True
    ).stdout
    above = [m for m in json.loads(out) if floor(m) > number]
    assert own
    assert not above, f"importing floor {number} loaded: {above}"
