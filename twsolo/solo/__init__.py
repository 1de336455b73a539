"""The solitaire turn flow (spec §2–§10, §19, §20, §22–§24): setup, the draft, Region Play
Restrictions, Scoring Rounds, the headline, action rounds, the end of the turn and the Victory
Rating. `play_game` plays a whole game with the providers it is handed (the AI is a floor above:
the composition root twsolo/compose.py builds them); twsolo/session/journal_replay.py `replay`
rebuilds one from its answers.

The names are imported when first used (PEP 562): a module that needs only `solo.options` (a
save's header) does not load the turn flow with it (`twsolo show`, issue #26)."""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from twsolo.solo.options import SoloOptions
    from twsolo.solo.policy import SoloPolicy
    from twsolo.solo.record import GameRecord
    from twsolo.solo.runner import play_game

_HOMES = {
    "GameRecord": "record",
    "SoloOptions": "options",
    "SoloPolicy": "policy",
    "play_game": "runner",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value
    return value


__all__ = [
    "GameRecord",
    "SoloOptions",
    "SoloPolicy",
    "play_game",
]
