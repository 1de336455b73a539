"""The command line (click): the commands (main.py; saved_games.py for new/play/list/show,
simulate.py, replay.py), the person at the table as a ChoiceProvider (prompts.py; menus.py shows a
question's options, answers.py reads a typed answer, batch.py a line of several; match.py,
ingame.py's in-game commands) and the pure text and pictures it prints (render.py,
reasons.py, card_entry.py, svg.py). It parses and prints; the game is played below it."""
