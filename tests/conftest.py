"""Shared fixtures and the hypothesis profiles (select with HYPOTHESIS_PROFILE)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from twsolo.compose import load_ruleset
from twsolo.ruleset import Ruleset
from twsolo.ruleset.paths import rules_dir

settings.register_profile("dev", max_examples=25, deadline=None)
settings.register_profile(
    "ci",
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("nightly", max_examples=1000, deadline=None)
# The conformance suite's long run (docs/testing.md: 10,000 examples of each test, overnight).
settings.register_profile("conformance", max_examples=10_000, deadline=None, database=None)
settings.load_profile(os.getenv("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True, scope="session")
def _rules_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """This session's rules cache (ruleset/cache.py): a new one, not the user's (the CLI run in
    a subprocess inherits it)."""
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("xdg-cache"))


@pytest.fixture(scope="session")
def rules() -> Ruleset:
    return load_ruleset()


@pytest.fixture
def rules_copy(tmp_path: Path) -> Path:
    """A writable copy of the rules directory, for tests that break a file."""
    target = tmp_path / "rules"
    shutil.copytree(rules_dir(), target)
    return target
