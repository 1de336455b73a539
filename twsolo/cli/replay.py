"""`twsolo replay FILE [--turn T]`: a simulated game's log (`simulate --log DIR`) as a person
reads it, the AI's reasons under each of its moves; with `--scenario`, a position of it as a
scenario file."""

from __future__ import annotations

from pathlib import Path

import click

from twsolo.cli.reasons import log_lines
from twsolo.compose import load_ruleset
from twsolo.phrases import say
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
@click.option(
    "--ar",
    "action_round",
    type=click.IntRange(0, 8),
    default=None,
    help="With --scenario: this action round of the turn (0: the headline).",
)
@click.option(
    "--scenario",
    "scenario_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the position before the AI's decision (in --turn, its last or --ar's; else "
    "the game's last) as a scenario file for `twsolo decide`, instead of printing the log.",
)
def replay(
    file: str,
    turn: int | None,
    rules_path: str | None,
    action_round: int | None,
    scenario_path: str | None,
) -> None:
    """Print a simulated game's log: every answer, the AI's reasons beside its moves, the
    position after each action."""
    entries = read_log(Path(file))
    rules = load_ruleset(rules_path)
    if scenario_path is not None:
        from twsolo.positions.export import export, log_decisions

        found = log_decisions(rules, entries)
        source = say("cmd.replay.source", file=file)
        click.echo(export(rules, found, scenario_path, source, turn, action_round))
        return
    if action_round is not None:
        raise click.UsageError(say("cmd.replay.ar_needs_scenario"))
    for line in log_lines(rules, entries, turn):
        click.echo(line)
