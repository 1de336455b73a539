"""`twsolo replay FILE [--turn T]`: a simulated game's log (`simulate --log DIR`) as a person
reads it, the AI's reasons under each of its moves."""

from __future__ import annotations

from pathlib import Path

import click

from twsolo.cli.reasons import log_lines
from twsolo.compose import load_ruleset
from twsolo.sim.gamelog import read_log


@click.command()
@click.argument("file", type=click.Path(dir_okay=False, exists=True))
@click.option("--turn", type=click.IntRange(0, 10), default=None, help="Only this turn.")
@click.option(
    "--rules",
    "rules_path",
    type=click.Path(file_okay=False, exists=True),
    default=None,
    help="Rules for card and country names (default: as for every command).",
)
def replay(file: str, turn: int | None, rules_path: str | None) -> None:
    """Print a simulated game's log: every answer, the AI's reasons beside its moves, the
    position after each action."""
    entries = read_log(Path(file))
    rules = load_ruleset(rules_path)
    for line in log_lines(rules, entries, turn):
        click.echo(line)
