"""Card events (card-events Part C): registry, and `play_event` that resolves one."""

from twsolo.engine.events import early, late, mid, optional  # noqa: F401 - registers handlers
from twsolo.engine.events.happen import event_refusal, play_event
from twsolo.engine.events.registry import EVENTS, HOOKS, EventContext, event, on, run_hooks

__all__ = [
    "EVENTS",
    "HOOKS",
    "EventContext",
    "event",
    "event_refusal",
    "on",
    "play_event",
    "run_hooks",
]
