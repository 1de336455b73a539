"""The solitaire AI: the spec's priority rules (§9.2, §11–§18, §21) as a ChoiceProvider."""
