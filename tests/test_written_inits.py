"""The hand-written `__init__`s (docs/decisions.md §14: a compiled build runs them natively)
set every field their class declares, each to the argument of its name (issue #42). Every
dataclass of twsolo built with `init=False` must be listed here, so a new one is checked too."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
from typing import Any

import pytest

import twsolo
from twsolo.ai.trace import Step
from twsolo.ai.view import View
from twsolo.engine.choices import Choice
from twsolo.engine.initial_state import standard_state
from twsolo.engine.records import Answered, CardMove
from twsolo.engine.scores import RegionScore, SideScore
from twsolo.engine.scoring import Counts
from twsolo.ids import Side
from twsolo.ruleset import Ruleset


def written_init_classes() -> set[type]:
    """Every dataclass in twsolo whose `__init__` is written by hand (`init=False`)."""
    found: set[type] = set()
    for info in pkgutil.walk_packages(twsolo.__path__, "twsolo."):
        if info.name.startswith(("twsolo.cli", "twsolo.__main__")):
            continue  # the command line holds no hot values (and imports click's prompts)
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            params = getattr(cls, "__dataclass_params__", None)
            if cls.__module__ == info.name and params is not None and not params.init:
                found.add(cls)
    return found


def samples(rules: Ruleset) -> dict[type, dict[str, Any]]:
    """Arguments for each class, every one distinct from its default."""
    side = SideScore("presence", 2, 1, 0, 3)
    return {
        Step: {
            "rule": "spec §1",
            "chosen": "x",
            "candidates": ("x",),
            "why": "w",
            "figures": {"a": 1},
        },
        View: {
            "rules": rules,
            "state": standard_state(rules),
            "side": Side.US,
            "trace": [],
            "keep": False,
        },
        Choice: {
            "kind": "die",
            "actor": Side.US,
            "options": (1, 2),
            "prompt": "p",
            "context": {"c": 1},
            "key": "k",
            "event": 7,
        },
        Answered: {"actor": "us", "kind": "die", "answer": 3, "key": "k"},
        CardMove: {"card": 5, "source": "a", "target": "b", "bottom": True, "top": True},
        Counts: {
            "countries": 1,
            "battlegrounds": 2,
            "adjacent": 3,
            "weighted": 4,
            "adjacent_bgs": 5,
        },
        SideScore: {"level": "control", "countries": 1, "battlegrounds": 2, "adjacent": 3, "vp": 4},
        RegionScore: {"region": "asia", "sides": {Side.US: side}, "vp": 3, "auto_win": Side.USSR},
    }


def test_every_written_init_is_listed(rules: Ruleset) -> None:
    assert written_init_classes() == set(samples(rules))


@pytest.mark.parametrize(
    "cls", [Step, View, Choice, Answered, CardMove, Counts, SideScore, RegionScore]
)
def test_a_written_init_sets_every_field(rules: Ruleset, cls: type) -> None:
    args = samples(rules)[cls]
    names = [f.name for f in dataclasses.fields(cls)]
    assert set(args) == set(names), "the sample gives every field, and only fields"
    made = cls(**args)
    for name in names:
        assert getattr(made, name) is args[name], f"{cls.__name__}.{name} not set from its argument"
