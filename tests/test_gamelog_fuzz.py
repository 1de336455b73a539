"""`twsolo replay` of damaged logs (issue #27): a real simulation log, mutated — a field's value
replaced by any JSON value, a field dropped, a line cut, bytes inserted — is printed or refused
with a message naming the file and line, never a traceback."""

from __future__ import annotations

import json
import os
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from twsolo.cli.main import cli
from twsolo.sim.runs import GameSpec, play_logged


@cache
def real_log() -> tuple[str, ...]:
    _, lines = play_logged(GameSpec(7, "ussr"))
    return tuple(lines)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


@st.composite
def damaged(draw: st.DrawFn) -> bytes:
    lines = list(real_log())
    index = draw(st.integers(0, len(lines) - 1))
    how = draw(st.sampled_from(["value", "drop", "cut", "bytes", "nested"]))
    raw: Any = json.loads(lines[index])
    if how in ("value", "drop", "nested"):
        key = draw(st.sampled_from(sorted(raw)))
        if how == "drop":
            del raw[key]
        elif how == "nested" and isinstance(raw[key], (list, dict)) and raw[key]:
            inner = raw[key]
            slot = draw(
                st.sampled_from(
                    list(range(len(inner))) if isinstance(inner, list) else sorted(inner)
                )
            )
            inner[slot] = draw(json_values)
        else:
            raw[key] = draw(json_values)
        lines[index] = json.dumps(raw)
    elif how == "cut":
        lines[index] = lines[index][: draw(st.integers(0, len(lines[index])))]
    text = "\n".join(lines) + "\n"
    data = text.encode()
    if how == "bytes":
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
    return data


@given(damaged(), st.sampled_from([[], ["--turn", "2"]]))
def test_a_damaged_log_is_printed_or_refused_without_a_traceback(
    data: bytes, turn: list[str]
) -> None:
    fd, name = tempfile.mkstemp(suffix=".jsonl")
    try:
        os.write(fd, data)
        os.close(fd)
        result = CliRunner().invoke(cli, ["replay", name, *turn])
    finally:
        Path(name).unlink()
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 2), result.output
    if result.exit_code == 2:
        assert result.stderr.startswith(f"error: {name}")
