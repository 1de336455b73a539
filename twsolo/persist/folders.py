"""Where saved games live and what a game may be called: the part of the saves that the command
line reads on every start and every Tab of shell completion, so it imports nothing heavy."""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from twsolo.errors import TwsoloError

HEADER = "game.json"
JOURNAL = "journal.jsonl"
NAME_LIMIT = 64


def home(explicit: str | os.PathLike[str] | None = None) -> Path:
    """$TWSOLO_HOME, else $XDG_DATA_HOME/twsolo, else ~/.local/share/twsolo; a leading `~`
    (quoted, so the shell left it) is the home folder, as the shell would read it."""
    if explicit:
        return expanded(str(explicit), "--home")
    if env := os.environ.get("TWSOLO_HOME"):
        return expanded(env, "TWSOLO_HOME")
    if xdg := os.environ.get("XDG_DATA_HOME"):
        return expanded(xdg, "XDG_DATA_HOME") / "twsolo"
    return Path.home() / ".local" / "share" / "twsolo"


def expanded(path: str, what: str) -> Path:
    out = os.path.expanduser(path)
    if out.startswith("~"):
        raise TwsoloError(f"{what}={path!r}: no such user's home folder (write the whole path)")
    return Path(out)


def play_command(name: str, program: str = "twsolo", option: str = "") -> str:
    """The shell command that resumes the game `name` (with `option`): the name quoted, and
    after `--` when it would read as an option."""
    words = [program, "play", *([option] if option else []), *(["--"] if name[:1] == "-" else [])]
    return " ".join([*words, shlex.quote(name)])


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
