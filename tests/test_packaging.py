"""The wheel ships the rules data, and the resolver finds it (issue: foundation)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from twsolo.errors import TwsoloError
from twsolo.ruleset.load import FILES
from twsolo.ruleset.paths import rules_dir

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_wheel_contains_rules(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(tmp_path)],
        check=True,
    )
    (wheel,) = tmp_path.glob("twsolo-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in FILES:
        assert f"twsolo/_rules/{name}" in names
    assert "twsolo/ruleset/load.py" in names
    # The rulebook's prose travels too: `twsolo rulebook` and `why`'s titles read it.
    shipped = {
        n.removeprefix("twsolo/_rulebook/") for n in names if n.startswith("twsolo/_rulebook/")
    }
    prose = ROOT / "docs" / "rules"
    assert shipped == {str(p.relative_to(prose)) for p in prose.rglob("*.md")}
    assert "ru/12-ai-action-round.md" in shipped  # a language's own sections (issue #44)
    # The catalogs the build compiled (no .mo in git): the language a person may choose.
    assert "twsolo/phrases/locale/ru/LC_MESSAGES/twsolo.mo" in names


def test_checkout_rules_found() -> None:
    assert rules_dir() == ROOT / "rules"


def test_explicit_directory_wins(rules_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWSOLO_RULES", "/nonexistent")
    assert rules_dir(rules_copy) == rules_copy
    with pytest.raises(TwsoloError, match="TWSOLO_RULES points to /nonexistent"):
        rules_dir()


def test_the_cluster_and_report_packages_are_optional_extras() -> None:
    """The base install stays small: distributed and matplotlib come only with the extras."""
    from importlib.metadata import requires

    needs = requires("twsolo") or []
    for package, extra in (("distributed", "cluster"), ("matplotlib", "report")):
        (line,) = [r for r in needs if r.startswith(package)]
        assert line.endswith((f"extra == '{extra}'", f'extra == "{extra}"'))
