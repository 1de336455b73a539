"""Saved games made and played without the terminal, for the tests of saves and sessions: a save
created as `twsolo new` creates it, and played by a stand-in through the real GameSession."""

from __future__ import annotations

from pathlib import Path

import twsolo
from twsolo.persist.savefile import Header, SaveDir
from twsolo.players.greedy import GreedyPlayer
from twsolo.ruleset import Ruleset
from twsolo.session.live import GameSession
from twsolo.solo import GameRecord, SoloOptions


def new_save(
    rules: Ruleset, root: Path, name: str, options: SoloOptions, *, seed: int = 1
) -> tuple[SaveDir, Header]:
    header = Header(
        name=name,
        options=options.to_dict(),
        seed=seed,
        mode="digital",
        dice="auto",
        rules_digest=rules.digest,
        twsolo_version=twsolo.__version__,
        created="2025-01-01T00:00:00+00:00",
    )
    save = SaveDir(root / name)
    save.create(header)
    return save, header


def play_on(rules: Ruleset, save: SaveDir) -> GameRecord:
    """Resume the game and play it to its end, the person's side by the greedy stand-in (its
    answers depend on the position alone, so an interrupted game can be played on the same)."""
    with GameSession.open(rules, save) as session:
        return session.play(GreedyPlayer(session.human), None)
