"""The base game's rules engine: the state (state.py, piles, dealer.py), the Choice seam every
unknown goes through (choices.py), the Game that asks and records (game.py, records.py), and the
rules of the board — influence, operations, coups, realignments, the Space Race, DEFCON, scoring —
with the card events (events/). It never does I/O and knows neither the solitaire flow nor the AI:
the solitaire game is a variant it is handed (game.py `Policy`, docs/decisions.md §5)."""
