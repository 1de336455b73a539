"""`twsolo check`: run decision cases (docs/cases.md) and say, per case, pass or what differed."""

from __future__ import annotations

import click

from twsolo.errors import TwsoloError
from twsolo.phrases import say


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option(
    "--rules",
    "rules_path",
    type=click.Path(file_okay=False, exists=True),
    default=None,
    help="Rules directory (default: $TWSOLO_RULES, then the rules shipped with twsolo).",
)
@click.option("--quiet", "-q", is_flag=True, help="Print only the cases that fail.")
def check(paths: tuple[str, ...], rules_path: str | None, quiet: bool) -> None:
    """Run decision cases (case files, or directories of them): pass or fail per case,
    with what was expected, what the AI did and its trace. Exit 1 if any case fails."""
    from twsolo.compose import load_ruleset
    from twsolo.positions.cases import case_files, run_case

    rules = load_ruleset(rules_path)
    files = case_files(paths)
    if not files:
        raise TwsoloError(say("cmd.check.no_files", paths=", ".join(paths)))
    failed = 0
    for path in files:
        try:
            outcome = run_case(path, rules)
        except TwsoloError as exc:
            failed += 1
            click.echo(f"{say('cmd.check.error'):<5} {path}")
            for line in str(exc).splitlines():
                click.echo(f"  {line}")
            continue
        if outcome.passed:
            if not quiet:
                click.echo(f"{say('cmd.check.pass'):<5} {path}")
            continue
        failed += 1
        click.echo(f"{say('cmd.check.fail'):<5} {path}")
        for line in outcome.failures:
            click.echo(f"  {line}")
        click.echo("  " + say("cmd.check.trace"))
        for step in outcome.trace:
            click.echo(f"    - {step}")
    click.echo(say("cmd.check.total", passed=len(files) - failed, failed=failed, n=len(files)))
    if failed:
        raise SystemExit(1)
