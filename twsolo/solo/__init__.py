"""The solitaire turn flow (spec §2–§10, §19, §20, §22–§24): setup, the draft, Region Play
Restrictions, Scoring Rounds, the headline, action rounds, the end of the turn and the Victory
Rating. `play_game` plays a whole game with the providers it is handed (the AI is a floor above: the
composition root twsolo/compose.py builds them); twsolo/session/replay.py `replay` rebuilds one
from its answers."""

from twsolo.solo.options import SoloOptions
from twsolo.solo.policy import SoloPolicy
from twsolo.solo.record import GameRecord
from twsolo.solo.runner import play_game

__all__ = [
    "GameRecord",
    "SoloOptions",
    "SoloPolicy",
    "play_game",
]
