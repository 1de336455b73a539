"""The golden playthroughs (tests/playthroughs/): each seeded game, played again, reads exactly
as kept. A deliberate change of behaviour regenerates them (`python scripts/playthroughs.py
--write`) and the reviewer reads the diff."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "playthroughs.py"
PLAYTHROUGHS = runpy.run_path(str(SCRIPT))
GAMES, FOLDER, changes = PLAYTHROUGHS["GAMES"], PLAYTHROUGHS["FOLDER"], PLAYTHROUGHS["changes"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_game_plays_as_kept(name: str) -> None:
    diff = changes(name)
    assert not diff, (
        "the game plays differently (regenerate with `python scripts/playthroughs.py --write` "
        "if the change is meant):\n" + "\n".join(diff[:80])
    )


def test_every_kept_file_is_a_game() -> None:
    kept = {p.stem for p in FOLDER.glob("*.txt")}
    assert kept == set(GAMES)


def test_a_changed_game_shows_as_a_diff(tmp_path: Path) -> None:
    name = "ussr-ai-vs-random-seed-1"
    text = (FOLDER / f"{name}.txt").read_text(encoding="utf-8")
    (tmp_path / f"{name}.txt").write_text(text.replace("DEFCON 1", "DEFCON 2"), encoding="utf-8")
    diff = changes(name, tmp_path)
    assert any(line.startswith("-") and "DEFCON 2" in line for line in diff)
    assert any(line.startswith("+") and "DEFCON 1" in line for line in diff)
