"""The board page kept beside the terminal (`play --board FILE`, the in-game `board` command):
rewritten atomically after every answer, reloading itself every few seconds in the browser."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from twsolo.cli.board_picture import Marks, board_html, changes_since
from twsolo.cli.render import china_card
from twsolo.engine.state import GameState
from twsolo.files.output import OutputNotWritten, atomic_write_text, refuse_special
from twsolo.phrases.book import say
from twsolo.ruleset import Ruleset
from twsolo.solo.regions import primary_region, secondary_region

REFRESH_SECONDS = 2  # how often the page reloads itself: soon after an answer, cheap when idle


def unwritable(path: Path) -> str | None:
    """Why a picture cannot be written to `path` (None: it can be tried): a folder that does
    not exist is not made for it, a typo is no reason to create folders."""
    if path.is_dir():
        return say("show.page.is_folder", path=path)
    if not path.parent.is_dir():
        return say("show.page.no_folder", path=path.parent)
    try:
        refuse_special(path)
    except OutputNotWritten as exc:
        return exc.strerror
    return None


class LiveBoard:
    """One page: `write` puts a position on it; `checked` is the position of the last picture
    the person asked for (`board`), the one the table's board was checked against."""

    def __init__(self, rules: Ruleset, path: Path, game: str) -> None:
        self.rules = rules
        self.path = path
        self.game = game
        self.checked: GameState | None = None
        self.shown: tuple[Any, ...] | None = None  # what the page shows now

    def write(self, state: GameState, marks: Marks | None, heading: str = "") -> None:
        """Put `state` on the page (OSError when the file cannot be written); nothing to do when
        the page shows it already (a question with one legal answer changes nothing)."""
        rules = self.rules
        primary, secondary = primary_region(state, rules), secondary_region(state, rules)
        shown = (drawn(state), primary, secondary, heading, marks)
        if shown == self.shown and self.path.exists():
            return
        what = heading or say("show.page.turn", turn=state.turn)
        title = say("show.page.title", game=self.game, what=what)
        if heading:  # said on the picture too, where the AI's last action is said otherwise
            marks = Marks(say("show.page.board_at", heading=heading), {})
        page = board_html(
            rules,
            state,
            primary=primary,
            secondary=secondary,
            title=title,
            marks=marks,
            refresh_seconds=REFRESH_SECONDS,
        )
        atomic_write_text(self.path, page)
        self.shown = shown

    def since_checked(self, state: GameState, fallback: Marks | None) -> Marks | None:
        """What changed since the last picture the person asked for (`fallback` before the
        first one): at the table, what to check on the physical board."""
        if self.checked is None:
            return fallback
        caption = say("show.page.changed_since", command="board")
        return changes_since(self.rules, self.checked, state, caption)


def drawn(state: GameState) -> tuple[Any, ...]:
    """What the picture draws of `state` (board_picture.py), to compare cheaply."""
    piles = tuple(state.piles[p].canonical() for p in ("discard", "removed"))
    tracks = (state.turn, state.action_round, state.scoring_round, state.vp, state.defcon)
    sides = (tuple(state.milops), tuple(state.space), china_card(state), state.result)
    return state.influence.tobytes(), piles, tracks, sides, tuple(state.effects)
