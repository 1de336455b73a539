"""A game played over time: its journal replayed into the turn flow (replay.py), the session a
player drives between answers — undo, rollback, adjust, inspect, history (live.py) — and a
saved game read for `show` and `list` (saved.py). The CLI only parses and prints; the files on
disk are twsolo/persist/."""
