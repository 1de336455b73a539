"""A compiled build (scripts/compiled_build.py) decides as the pure-Python one does: run by CI.

    python3 -m venv .venv-compiled && TWSOLO_COMPILE=1 .venv-compiled/bin/pip install .
    .venv/bin/python scripts/compiled_check.py .venv-compiled/bin/python

Checks that the other interpreter's twsolo is compiled (its engine, AI, turn flow and stand-ins
are extension modules), then runs the same commands under both and compares what they print:
the digests of seeded games (scripts/digest.py: the AI against each registered stand-in, the
enhanced AI against the strongest) and the vocabulary that `twsolo validate --vocabulary`
prints (the descriptions a compiled build reads from the sources). The test suite itself runs
against the pure-Python twsolo: many tests replace functions or pass stand-in objects, which
compiled code does not allow. Prints each comparison; exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from twsolo.players import registry

ROOT = Path(__file__).resolve().parents[1]
DIGEST = str(ROOT / "scripts" / "digest.py")
RULES_AT = "OK: rules in "  # validate's first line: the install's own path
HOT = ("twsolo.engine.game", "twsolo.ai.bot", "twsolo.solo.seat", "twsolo.players.greedy")
# Every registered stand-in plays (players/registry.py: a new one is checked too), with as many
# games as its cost allows; the enhanced AI against the strongest.
GAMES = {"random": ["--games", "40", "--difficulty", "expert"], "greedy": ["--games", "60"]}
RUNS = [
    *([DIGEST, "--human", name, *GAMES.get(name, ["--games", "6"])] for name in registry.names()),
    [DIGEST, "--games", "6", "--human", registry.names()[-1], "--enhanced"],
    ["-m", "twsolo", "validate", "--vocabulary"],
]


def output(python: str, args: list[str], cwd: str) -> tuple[str, float]:
    """What `python args` prints (run outside the checkout: an installed twsolo is found
    first), less the line naming where its rules lie (each install has its own copy), and
    the seconds it took."""
    start = time.perf_counter()
    done = subprocess.run(
        [python, *args], cwd=cwd, capture_output=True, text=True, check=True, timeout=1200
    )
    said = [line for line in done.stdout.splitlines(True) if not line.startswith(RULES_AT)]
    return "".join(said), time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("compiled", help="the Python of the venv holding the compiled twsolo")
    parser.add_argument("--pure", default=sys.executable, help="the pure-Python one (this one)")
    args = parser.parse_args()
    # Absolute, not resolved: the commands run in a folder of their own, and a venv's python
    # is a link that must keep its venv's path.
    compiled_py, pure_py = os.path.abspath(args.compiled), os.path.abspath(args.pure)
    cwd = tempfile.mkdtemp(prefix="twsolo-compiled-check-")
    probe = f"import {', '.join(HOT)}; print(*({', '.join(m + '.__file__' for m in HOT)}))"
    files, _ = output(compiled_py, ["-c", probe], cwd)
    if not all(f.endswith((".so", ".pyd")) for f in files.split()):
        print(f"not a compiled build: {files.strip()}")
        return 1
    failed = 0
    for run in RUNS:
        name = " ".join(Path(a).name if a == DIGEST else a for a in run)
        pure, pure_s = output(pure_py, run, cwd)
        compiled, compiled_s = output(compiled_py, run, cwd)
        same = pure == compiled
        failed += not same
        last = pure.strip().splitlines()[-1] if pure.strip() else ""
        timing = f"{pure_s:.1f} s pure, {compiled_s:.1f} s compiled"
        print(f"{'same' if same else 'DIFFERENT'}: {name}  ({timing})  {last[:60]}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
