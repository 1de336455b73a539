"""The rulebook: the solitaire ruleset's prose (docs/rules/) and the rules data printed as the
paper bot a person can run at the table (`twsolo rulebook`)."""
