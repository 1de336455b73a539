"""Any value in any field of a save is either read as valid or reported as damage (a SaveError
naming the file): never another exception. Hypothesis puts arbitrary JSON into one field of a
journal line, of game.json or of state.json of a real game."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from twsolo.persist.savefile import SaveDir, SaveError
from twsolo.ruleset import Ruleset
from twsolo.session.saved import read_saved

from .table_person import first, run_typing

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.text(max_size=12)
    | st.sampled_from(["us", "ussr", "chance", "adjust", "mark", "answer", "draw", "europe"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("fuzz")
    script = [*first(20), "adjust milops us 2", *first(4), "quit"]
    result = run_typing(home, ["new", "--seed", "2", "--name", "g"], script)
    assert result.exit_code == 0
    return home / "games" / "g"


def damaged_copy(template: Path, tmp_path_factory: pytest.TempPathFactory) -> SaveDir:
    target = tmp_path_factory.mktemp("case") / "g"
    shutil.copytree(template, target)
    return SaveDir(target)


def set_path(data: Any, path: list[Any], value: object) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def paths(data: Any, prefix: list[Any]) -> list[list[Any]]:
    """Every place in a JSON value (keys of objects, indexes of short lists)."""
    found = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths(value, [*prefix, key])
    elif isinstance(data, list) and len(data) <= 8:
        for i, value in enumerate(data):
            found += paths(value, [*prefix, i])
    return found


def read_or_report(rules: Ruleset, save: SaveDir) -> None:
    """Valid, or a SaveError naming the save; any other exception fails the test."""
    try:
        read_saved(rules, save)
    except SaveError as exc:
        message = str(exc)
    else:
        return
    assert str(save.path) in message


@given(data=st.data(), value=JSON)
def test_any_value_in_a_journal_field(
    rules: Ruleset,
    template: Path,
    tmp_path_factory: pytest.TempPathFactory,
    data: st.DataObject,
    value: object,
) -> None:
    save = damaged_copy(template, tmp_path_factory)
    path = save.path / "journal.jsonl"
    entries = [json.loads(line) for line in path.read_text().splitlines()]
    line = data.draw(st.integers(0, len(entries) - 1))
    where = data.draw(st.sampled_from(paths(entries[line], [])))
    set_path(entries[line], where, value)
    path.write_text("".join(json.dumps(e) + "\n" for e in entries))
    read_or_report(rules, save)


@pytest.mark.parametrize("name", ["game.json", "state.json"])
@given(data=st.data(), value=JSON)
def test_any_value_in_a_header_or_cache_field(
    rules: Ruleset,
    template: Path,
    tmp_path_factory: pytest.TempPathFactory,
    name: str,
    data: st.DataObject,
    value: object,
) -> None:
    save = damaged_copy(template, tmp_path_factory)
    path = save.path / name
    content = json.loads(path.read_text())
    where = data.draw(st.sampled_from(paths(content, [])))
    set_path(content, where, value)
    path.write_text(json.dumps(content))
    read_or_report(rules, save)
