"""Where the rules/ data lives: one resolver for a wheel, an editable install and a checkout."""

from __future__ import annotations

import os
from pathlib import Path

from twsolo.errors import TwsoloError
from twsolo.files.bounded import MIB

MARKER = "cards.yaml"
ENV_VAR = "TWSOLO_RULES"
RULES_FILE_LIMIT = 1 * MIB  # the largest rules file is about 50 KiB


def display_path(path: Path) -> str:
    """The path as a user typed it: relative to the working directory when under it."""
    try:
        return os.path.relpath(path) if not os.path.relpath(path).startswith("..") else str(path)
    except ValueError:  # another drive on Windows
        return str(path)


def rules_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The rules directory, in order: `--rules DIR`, $TWSOLO_RULES, the copy shipped inside the
    wheel (twsolo/_rules), the checkout's rules/ (live edits visible in an editable install)."""
    tried: list[str] = []
    override = explicit if explicit is not None else os.environ.get(ENV_VAR)
    if override:
        path = Path(override)
        if (path / MARKER).is_file():
            return path
        source = "--rules" if explicit is not None else ENV_VAR
        raise TwsoloError(f"{source} points to {path}, which has no {MARKER}")
    # The package's folder, as importlib.resources would give it for an installed package
    # (importing that module costs a start of the command line about 10 ms).
    packaged = Path(__file__).resolve().parents[1] / "_rules"
    tried.append(str(packaged))
    if (packaged / MARKER).is_file():
        return packaged
    checkout = Path(__file__).resolve().parents[2] / "rules"
    tried.append(str(checkout))
    if (checkout / MARKER).is_file():
        return checkout
    raise TwsoloError(
        "cannot find the rules data; looked in --rules, $" + ENV_VAR + ", " + ", ".join(tried)
    )
