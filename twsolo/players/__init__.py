"""The human stand-ins that play the human's side in simulations, tests and `hint`: the greedy
one (greedy.py: one ply, by the AI's own priorities) and the strong one (strong.py), which weighs
candidate plays (plays.py, ops_plans.py, in_play_answers.py) on sampled worlds consistent with
what the human may know (knowledge.py) through the real turn flow with the AI answering
(lookahead.py), and judges them (evaluate.py, card_values.py, ranking.py); advice.py is `hint`.
The uniform random player is the engine's (engine/choices.py `RandomPlayer`). A floor above the
AI, which they play against through its own code."""
