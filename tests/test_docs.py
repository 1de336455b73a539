"""The examples of docs/api.md and docs/testing.md, run as doctests: the documentation says
what twsolo does."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"


@pytest.mark.parametrize("page", ["api.md", "testing.md"])
def test_the_examples_of_the_page_run(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DOCS.parent)  # the pages name files from the checkout's root
    failed, tried = doctest.testfile(
        str(DOCS / page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert tried > 5
    assert failed == 0
