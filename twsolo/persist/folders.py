"""Where saved games live and what a game may be called: the part of the saves that the command
line reads on every start and every Tab of shell completion, so it imports nothing heavy."""

from __future__ import annotations

import os
from pathlib import Path

HEADER = "game.json"
JOURNAL = "journal.jsonl"
NAME_LIMIT = 64


def home(explicit: str | os.PathLike[str] | None = None) -> Path:
    """$TWSOLO_HOME, else $XDG_DATA_HOME/twsolo, else ~/.local/share/twsolo."""
    if explicit:
        return Path(explicit)
    if env := os.environ.get("TWSOLO_HOME"):
        return Path(env)
    if xdg := os.environ.get("XDG_DATA_HOME"):
        return Path(xdg) / "twsolo"
    return Path.home() / ".local" / "share" / "twsolo"


def name_problem(name: str) -> str | None:
    """The one rule for a game's name (it is a folder's name): what is wrong with it, if
    anything."""
    if not name:
        return "a game needs a name"
    if len(name) > NAME_LIMIT:
        return f"at most {NAME_LIMIT} characters"
    if not name.isprintable():
        return "no control characters (newlines, tabs, ...)"
    if name != name.strip():
        return "no spaces at its start or end"
    if "/" in name or "\\" in name or name.startswith("."):
        return "no '/' or '\\', and no '.' at its start"
    return None


def game_folders(root: Path) -> list[Path]:
    """The folders of the games in `root` (those with a header), the least recently played
    first."""
    games = root / "games"
    if not games.is_dir():
        return []

    def played(folder: Path) -> float:
        try:
            return (folder / JOURNAL).stat().st_mtime
        except OSError:
            return 0.0

    return sorted((p for p in games.iterdir() if (p / HEADER).exists()), key=played)
