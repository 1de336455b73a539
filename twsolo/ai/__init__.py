"""The solitaire AI: the spec's priority rules (§9.2, §11–§18, §21) as a ChoiceProvider (bot.py
`Bot`): what to play (decide.py, dry runs in dryrun.py), where ops go (plans.py, placement.py,
military.py), how the card appendix answers an event's questions (windows.py,
appendix_interpreter.py, event_choices.py), the appendix language's terms in two folders (the
conditions' numbers, flags and custom predicates in condition_vocabulary/; the answers' orders,
filters and keys in choice_vocabulary/, one module per family) and the registry of the named
criteria the rules data may use (criteria.py). It builds on the solitaire flow and the engine
and is handed its rules; nothing below imports it."""
