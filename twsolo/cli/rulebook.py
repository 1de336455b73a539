"""`twsolo rulebook` (the paper bot printed from the rules data) and `twsolo countries` (the
country ids scenario files and `adjust` use)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from twsolo.cli.main import rules_option
from twsolo.ids import SCORING_REGIONS
from twsolo.phrases import say


@click.command()
@rules_option
@click.option(
    "--out",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="The HTML page to write (one self-contained file; print it from any browser). "
    "Default: rulebook.html, unless --pdf is given.",
)
@click.option(
    "--pdf",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Print it to this PDF with headless Chromium (the page too, with --out).",
)
def rulebook(rules_path: str | None, out: str | None, pdf: str | None) -> None:
    """Print the rulebook: the solitaire rules, the AI's tables and every card's entry in
    plain words, from the rules data this twsolo plays by."""
    from twsolo.compose import load_ruleset, standard_vocabulary
    from twsolo.files.output import atomic_write_text, refuse_special
    from twsolo.rulebook.book import render

    if out is None and pdf is None:
        out = "rulebook.html"
    for target in (out, pdf):  # refused before the book is made
        if target is not None:
            refuse_special(Path(target))
    rules = load_ruleset(rules_path)
    html = render(rules, standard_vocabulary())
    if out is not None:
        atomic_write_text(Path(out), html)
        click.echo(
            say("cmd.rulebook.wrote", path=out, digest=rules.digest[:16], source=rules.source)
        )
    if pdf:
        from twsolo.rulebook.pdf import print_pdf

        print_pdf(html, Path(pdf))
        click.echo(say("cmd.rulebook.wrote_pdf", path=pdf))


@click.command()
@rules_option
@click.option(
    "--region", type=click.Choice(SCORING_REGIONS), default=None, help="Only this region."
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.argument("name", nargs=-1)
def countries(
    rules_path: str | None, region: str | None, as_json: bool, name: tuple[str, ...]
) -> None:
    """List every country: its id (as scenario files and `adjust` write it), name, region,
    stability and whether it is a battleground. NAME: only the countries it names, in English
    or Russian, by the start of their words as answers are typed (`w ger`, `зап гер`)."""
    from twsolo.cli.match import matches
    from twsolo.compose import load_ruleset
    from twsolo.errors import TwsoloError

    rules = load_ruleset(rules_path)
    chosen = [c for c in rules.countries if region is None or rules.in_region(c.index, region)]
    if name:
        called = {**rules.country_called, **{c.id: c.id for c in rules.countries}}
        named = {called[n] for n in matches(" ".join(name), called)}
        chosen = [c for c in chosen if c.id in named]
        if not chosen:
            raise TwsoloError(say("cmd.countries.none_called", name=repr(" ".join(name)[:60])))
    if as_json:
        rows = [
            {
                "id": c.id,
                "name": c.name,
                "names": {lang: n.countries[c.id] for lang, n in rules.names.items()},
                "region": c.region,
                "subregions": sorted(c.subregions),
                "stability": c.stability,
                "battleground": c.battleground,
            }
            for c in chosen
        ]
        click.echo(json.dumps(rows, indent=2))
        return
    for c in chosen:
        sub = f" ({', '.join(sorted(c.subregions))})" if c.subregions else ""
        key = "cmd.countries.line_battleground" if c.battleground else "cmd.countries.line"
        where = say(key, region=c.region, subregions=sub, stability=c.stability)
        click.echo(f"{c.id:<20} {c.name:<20} {where}")
    click.echo(say("cmd.countries.count", n=len(chosen)))
