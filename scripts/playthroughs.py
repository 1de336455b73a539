"""The golden playthroughs: whole seeded games as `twsolo replay` prints them, kept in
tests/playthroughs/ so that a change of behaviour is a diff a reviewer reads (checked by
tests/test_playthroughs.py, beside scripts/digest.py's digest).

    python scripts/playthroughs.py            # check: print the diff of each game that changed
    python scripts/playthroughs.py --write    # regenerate them after a deliberate change
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from twsolo.cli.reasons import log_lines
from twsolo.sim.runs import GameSpec, play_logged, rules_for

FOLDER = Path(__file__).resolve().parents[1] / "tests" / "playthroughs"
# A short game against the random stand-in, a whole game of the enhanced AI to final scoring,
# and the US AI at the hard level against the greedy stand-in.
GAMES = {
    "ussr-ai-vs-random-seed-1": GameSpec(1, "ussr", "random"),
    "ussr-enhanced-ai-vs-greedy-seed-3": GameSpec(3, "ussr", "greedy", enhanced=True),
    "us-ai-vs-greedy-hard-seed-6": GameSpec(6, "us", "greedy", "hard"),
}


def playthrough(spec: GameSpec) -> str:
    """The game's log as `twsolo replay` prints it, without the seconds it took."""
    _, lines = play_logged(spec)
    entries = [json.loads(line) for line in lines]
    for entry in entries:
        entry.pop("seconds", None)
    return "\n".join(log_lines(rules_for(None), entries, None)) + "\n"


def changes(name: str, folder: Path = FOLDER) -> list[str]:
    """The diff of the game `name` against its file in `folder` (none: unchanged)."""
    path = folder / f"{name}.txt"
    kept = path.read_text(encoding="utf-8") if path.exists() else ""
    now = playthrough(GAMES[name])
    return list(
        difflib.unified_diff(
            kept.splitlines(),
            now.splitlines(),
            f"{path.name} (kept)",
            f"{path.name} (now)",
            lineterm="",
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--write", action="store_true", help="regenerate the files")
    args = parser.parse_args()
    changed = 0
    for name, spec in GAMES.items():
        if args.write:
            (FOLDER / f"{name}.txt").write_text(playthrough(spec), encoding="utf-8")
            print(f"wrote tests/playthroughs/{name}.txt")
            continue
        diff = changes(name)
        changed += bool(diff)
        print("\n".join(diff) if diff else f"{name}: unchanged")
    sys.exit(1 if changed else 0)


if __name__ == "__main__":
    main()
