"""Shared fixtures and the hypothesis profiles (select with HYPOTHESIS_PROFILE)."""

from __future__ import annotations

import faulthandler
import os
import shutil
from collections.abc import Iterator
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
PROFILE = os.getenv("HYPOTHESIS_PROFILE", "dev")
settings.load_profile(PROFILE)

# The tests read English (the phrasebook's own): a tester's locale (LANG=ru_RU.UTF-8) must not
# turn the command line Russian (issue #44). The language tests set their own environment.
os.environ["TWSOLO_LANG"] = "en"

# No test waits without end: a test still running after this many seconds prints every
# thread's stack and ends the run (a Dask wait once held CI for its whole 90 minutes). Off in
# the long profiles, where one test runs for hours; TWSOLO_TEST_LIMIT sets it (0: off).
TEST_LIMIT = float(os.getenv("TWSOLO_TEST_LIMIT", "900" if PROFILE in ("dev", "ci") else "0"))


STDERR = pytest.StashKey[int]()


def pytest_configure(config: pytest.Config) -> None:
    # The terminal's stderr, kept while capture is off: a test's own is a capture file, lost
    # when the run ends.
    config.stash[STDERR] = os.dup(2)


@pytest.fixture(autouse=True)
def _no_endless_test(request: pytest.FixtureRequest) -> Iterator[None]:
    if TEST_LIMIT > 0:
        faulthandler.dump_traceback_later(TEST_LIMIT, exit=True, file=request.config.stash[STDERR])
    yield
    faulthandler.cancel_dump_traceback_later()


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
