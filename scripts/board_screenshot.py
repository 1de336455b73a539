"""The board picture of a seeded game as a PNG, taken by headless Chromium (issue #28).

    python scripts/board_screenshot.py                      # docs/board.png: the start position
    python scripts/board_screenshot.py --at mid --seed 4 --out /tmp/mid.png

The game is the AI against the greedy stand-in (the simulator's); `start` is the position after
set-up, `mid` the end of the AI's first action in turn 5, `end` the final position.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from twsolo.cli.board_picture import Marks, board_html, last_ai_action
from twsolo.engine.game import Game
from twsolo.engine.state import GameState
from twsolo.files.browser import find_browser, headless
from twsolo.ids import Side
from twsolo.ruleset import Ruleset
from twsolo.sim.runs import GameSpec, providers, rules_for
from twsolo.solo import play_game
from twsolo.solo.regions import primary_region, secondary_region

ROOT = Path(__file__).resolve().parents[1]


def position(
    rules: Ruleset, seed: int, at: str, ai: Side = Side.USSR
) -> tuple[GameState, Marks | None]:
    """The game's state at `at` (start, mid, end) and the AI's last action then."""
    spec = GameSpec(seed, ai.value)
    seen: list[tuple[GameState, Marks | None]] = []

    def watch(game: Game, step: str) -> None:
        state = game.state
        mid = step == "action" and state.turn == 5 and state.phasing is ai
        if (at == "start" and step == "setup") or (at == "mid" and mid) or step == "end":
            seen.append((state.copy(), last_ai_action(rules, game.log, ai)))

    play_game(rules, spec.options(), providers(spec, ai), observer=watch)
    return seen[0] if at != "end" else seen[-1]


def chromium(*args: str) -> None:
    if find_browser() is None:
        sys.exit("chromium is not installed (apt-get install chromium)")
    headless("--hide-scrollbars", *args).check_returncode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--at", choices=["start", "mid", "end"], default="start")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "board.png")
    parser.add_argument("--html", type=Path, default=None, help="Keep the page here too.")
    args = parser.parse_args()
    rules = rules_for(None)  # the shipped rules, as the simulator loads them
    state, marks = position(rules, args.seed, args.at)
    page = board_html(
        rules,
        state,
        primary=primary_region(state, rules),
        secondary=secondary_region(state, rules),
        title=f"twsolo: seed {args.seed}, {args.at}",
        marks=marks if args.at != "start" else None,
    )
    with tempfile.TemporaryDirectory() as work:
        html = args.html or Path(work) / "board.html"
        html.write_text(page, encoding="utf-8")
        svg = page.split("<svg", 1)[1]
        width, height = (svg.split(f'{k}="', 1)[1].split('"', 1)[0] for k in ("width", "height"))
        chromium(
            f"--window-size={width},{height}", f"--screenshot={args.out.resolve()}", html.as_uri()
        )
    print(f"{args.out} ({args.at} of seed {args.seed})")


if __name__ == "__main__":
    main()
