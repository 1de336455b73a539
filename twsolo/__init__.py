"""twsolo — the AI opponent for solitaire Twilight Struggle."""

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
