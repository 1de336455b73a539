"""Mutation testing of one module with mutmut: which changes of its rules would no test notice?

    .venv/bin/pip install mutmut                  # a tool for developers, not a dependency
    .venv/bin/python scripts/mutation.py twsolo/ai/score_search.py tests/test_score_search.py
    .venv/bin/python scripts/mutation.py twsolo/ai/military.py      # every test (slower)

The working tree's tracked and new files are copied to a temporary folder (mutmut writes its
mutants/ beside the code; the checkout stays untouched), mutmut mutates MODULE there and runs the
given tests (all of tests/ when none are given) against each mutant, and the script prints the
count per outcome and the diff of every mutant that survived.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def working_tree(into: Path) -> None:
    """Copy the files git tracks or would track (not ignored) as they are now."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, listed):
        source = ROOT / name.decode()
        if source.is_file():
            target = into / name.decode()
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def config(module: str, tests: list[str]) -> str:
    """mutmut's section: the module to mutate, the package, the rules, the rulebook's prose and
    the scripts beside the mutants (the tests import the package and read rules/, docs/rules/
    and scripts/catalogs.py from the checkout's layout)."""
    selection = "\n    ".join(tests or ["tests/"])
    return (
        "[mutmut]\n"
        f"source_paths = {module}\n"
        "also_copy = rules/\n    twsolo/\n    docs/\n    scripts/\n"
        f"pytest_add_cli_args_test_selection = {selection}\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("module", help="the file to mutate, e.g. twsolo/ai/military.py")
    parser.add_argument("tests", nargs="*", help="test files to run (default: tests/)")
    args = parser.parse_args()
    bin_dir = Path(sys.executable).parent
    if shutil.which("mutmut", path=str(bin_dir)) is None:
        raise SystemExit(f"mutmut is not installed: {bin_dir}/pip install mutmut")
    if not (ROOT / args.module).is_file():
        raise SystemExit(f"no such module: {args.module}")
    mutmut = str(bin_dir / "mutmut")
    with tempfile.TemporaryDirectory(prefix="twsolo-mutation-") as tmp:
        tree = Path(tmp)
        working_tree(tree)
        # The language catalogs are built, not kept in git (the tests speak Russian too).
        compile_catalogs = [sys.executable, "scripts/catalogs.py", "compile"]
        subprocess.run(compile_catalogs, cwd=tree, check=True, stdout=subprocess.DEVNULL)
        (tree / "setup.cfg").write_text(config(args.module, args.tests))
        subprocess.run([mutmut, "run"], cwd=tree, check=True, stdout=subprocess.DEVNULL)
        results = subprocess.run(
            [mutmut, "results", "--all", "true"],
            cwd=tree,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        outcomes = dict(
            line.strip().rsplit(": ", 1) for line in results.splitlines() if ": " in line
        )
        counts = Counter(outcomes.values())
        total = sum(counts.values())
        killed = counts["killed"]
        print(f"{args.module}: {killed} of {total} mutants killed ({killed / max(total, 1):.0%})")
        print(", ".join(f"{n} {outcome}" for outcome, n in counts.most_common()))
        for name, outcome in outcomes.items():
            if outcome != "killed":
                shown = subprocess.run(
                    [mutmut, "show", name], cwd=tree, capture_output=True, text=True
                ).stdout
                print(f"\n{outcome}: {shown}")


if __name__ == "__main__":
    main()
