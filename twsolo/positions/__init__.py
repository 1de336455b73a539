"""Positions as files: scenario files read and written (`scenario`, `export`), the AI's whole
decision at one (`decision`, `twsolo decide`) and decision cases (`cases`, `twsolo check`)."""
