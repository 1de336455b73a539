"""twsolo — the AI opponent for solitaire Twilight Struggle.

Floors, each importing only its own and those below (tests/test_layers.py, docs/decisions.md
§13): ids.py, errors.py, bounded.py → ruleset/ → engine/ → solo/ → ai/ → players/ → the
applications: compose.py (the composition root), cli/, sim/, session/, persist/, scenario.py,
position.py (`decide`), checks.py, api.py (the Python API), testing.py (the testing kit)."""

from __future__ import annotations


def __getattr__(name: str) -> str:
    """`twsolo.__version__`, read from the installed metadata only when asked: importing
    importlib.metadata would slow every start of the command line (and every Tab of shell
    completion)."""
    if name != "__version__":
        raise AttributeError(f"module 'twsolo' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("twsolo")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "0+unknown"
