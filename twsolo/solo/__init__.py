"""The solitaire turn flow (spec §2–§10, §19, §20, §22–§24): setup, the draft, Region Play
Restrictions, Scoring Rounds, the headline, action rounds, the end of the turn and the Victory
Rating. `play_game` plays a whole game; `replay` rebuilds one from its answers."""

from twsolo.solo.options import SoloOptions
from twsolo.solo.policy import SoloPolicy
from twsolo.solo.providers import ReplayProvider, make_ai, standard_providers
from twsolo.solo.record import GameRecord
from twsolo.solo.runner import play_game, replay

__all__ = [
    "GameRecord",
    "ReplayProvider",
    "SoloOptions",
    "SoloPolicy",
    "make_ai",
    "play_game",
    "replay",
    "standard_providers",
]
