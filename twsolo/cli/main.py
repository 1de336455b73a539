"""The `twsolo` command group. Errors a user can fix become a message on stderr and exit 2."""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

import click
from click.shell_completion import CompletionItem

from twsolo.cli import saved_games
from twsolo.cli.click_words import speak_the_language_in_use
from twsolo.cli.match import matches
from twsolo.errors import TwsoloError
from twsolo.files.printable import Printable
from twsolo.ids import SCORING_REGIONS, Side
from twsolo.phrases import (
    language,
    say,
    start_language,
    translated,
    use_language,
    value_word,
    when_language_changes,
)

if TYPE_CHECKING:  # the rest is imported inside the commands: `twsolo --help` and shell
    # completion start without numpy or the AI (README, scripts/bench.py)
    from twsolo.ruleset import Card, Ruleset

F = TypeVar("F", bound=Callable[..., Any])
EXIT_USER_ERROR = 2


class LazyCommand(click.Command):
    """A subcommand whose module is imported only when it runs or completes: `twsolo --help`
    lists it by its help text alone (a test checks it is the command's own). `target` is
    "module:attribute"."""

    def __init__(self, name: str, target: str, help_text: str) -> None:
        super().__init__(name, help=help_text)
        self.target = target

    def real(self) -> click.Command:
        module, attribute = self.target.split(":")
        command = getattr(importlib.import_module(module), attribute)
        assert isinstance(command, click.Command)
        return with_language(command)

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        # The context is the real command's: its parameters, help, completion and callback.
        return self.real().make_context(info_name, args, parent, **extra)


def choose_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """`--lang`: say everything in this language from now on (issue #44)."""
    if value is not None:
        try:
            use_language(value.lower())
        except TwsoloError as exc:
            raise click.BadParameter(str(exc), ctx, param) from None


def language_option() -> click.Option:
    return click.Option(
        ["--lang"],
        metavar="LANG",
        callback=choose_language,
        expose_value=False,
        is_eager=True,
        help="The language to speak: en or ru (default: $TWSOLO_LANG, then the locale's).",
    )


def with_language(command: click.Command) -> click.Command:
    """`command` (and a group's every subcommand) with `--lang`, once, and its `--help` texts
    said in the language in use."""
    if not any(p.name == "lang" for p in command.params):
        command.params.append(language_option())
        items: list[click.Command | click.Option] = [command]
        items += [p for p in command.params if isinstance(p, click.Option)]
        for item in items:
            if item.help:  # kept in English, said in the language in use
                HELPS.append((item, item.help))
                item.help = translated("help", item.help)
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            if isinstance(sub, LazyCommand):
                if sub.help and all(item is not sub for item, _ in HELPS):
                    HELPS.append((sub, sub.help))
            else:
                with_language(sub)
    return command


# Every `--help` text (a command's, an option's) with its English: click keeps one text per
# object, so a change of language says them all again (issue #44).
HELPS: list[tuple[click.Command | click.Option, str]] = []


def say_helps() -> None:
    for item, english in HELPS:
        item.help = translated("help", english)
        # click keeps a command's `--help` option once made, its text in the language then.
        if (made := getattr(item, "_help_option", None)) is not None:
            made.help = translated("click", "Show this message and exit.")


def help_texts() -> list[str]:
    """The English of every `--help` text, the lazy commands' own included: the catalog's
    entries under the context `help` (scripts/catalogs.py)."""
    for command in list(cli.commands.values()):
        if isinstance(command, LazyCommand):
            command.real()
    return list(dict.fromkeys(english for _, english in HELPS))


class TwsoloGroup(click.Group):
    """Translates TwsoloError into a clean message: no traceback reaches the user. Speaks the
    environment's language from the start (its `--help` too); a `--lang` comes later and wins;
    the language before it is back afterwards (a test, or a program calling `cli`, goes on in
    its own)."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        before = language()
        try:
            start_language(os.environ)
        except TwsoloError as exc:  # TWSOLO_LANG names a language without a catalog
            click.echo(say("cmd.error", message=str(exc)), err=True)
            sys.exit(EXIT_USER_ERROR)
        try:
            return super().main(*args, **kwargs)
        finally:
            if language() != before:
                use_language(before)

    def invoke(self, ctx: click.Context) -> Any:
        with printable_output():
            try:
                return super().invoke(ctx)
            except TwsoloError as exc:
                key = "cmd.error" if "\n" not in str(exc) else "cmd.error.lines"
                message = say(key, message=str(exc))
                click.echo(message, err=True)
                ctx.exit(EXIT_USER_ERROR)


@contextlib.contextmanager
def printable_output() -> Iterator[None]:
    """Every line a command prints goes through twsolo/files/printable.py's filter."""
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = Printable(sys.stdout), Printable(sys.stderr)
    try:
        yield
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
        sys.stdout, sys.stderr = saved


def rules_option(f: F) -> F:
    return click.option(
        "--rules",
        "rules_path",
        type=click.Path(file_okay=False, exists=True),
        default=None,
        help="Rules directory (default: $TWSOLO_RULES, then the rules shipped with twsolo).",
    )(f)


@click.group(cls=TwsoloGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="twsolo", prog_name="twsolo")
def cli() -> None:
    """twsolo: the AI opponent for solitaire Twilight Struggle."""


@cli.command()
@rules_option
@click.option(
    "--vocabulary", is_flag=True, help="Also list every name the rules data may use (the AI's)."
)
def validate(rules_path: str | None, vocabulary: bool) -> None:
    """Check the rules data; print what was loaded, or every problem with file:line:column."""
    from twsolo.compose import load_ruleset

    rules = load_ruleset(rules_path)
    bgs = int(rules.battleground.sum())
    pairs = sum(len(n) for n in rules.neighbours) // 2
    scoring = sum(1 for c in rules.cards.values() if c.scoring)
    click.echo(say("cmd.validate.ok", source=rules.source))
    countries = len(rules.countries)
    click.echo("  " + say("cmd.validate.map", countries=countries, battlegrounds=bgs, pairs=pairs))
    click.echo("  " + say("cmd.validate.cards", cards=len(rules.cards), scoring=scoring))
    click.echo("  " + say("cmd.validate.names", languages=", ".join(rules.names)))
    entries = rules.appendix.values()
    windows = sum(len(e.windows) for e in entries)
    questions = sum(len(e.resolve) for e in entries)
    coded = [e for e in entries if e.procedures]
    entries_count = len(rules.appendix)
    click.echo(
        "  "
        + say(
            "cmd.validate.appendix",
            entries=entries_count,
            windows=windows,
            questions=questions,
            data=entries_count - len(coded),
        )
    )
    click.echo("  " + say("cmd.validate.procedures", n=len(coded)))
    for e in coded:
        click.echo(f"    #{e.card} {rules.card(e.card).name}: {', '.join(e.procedures)}")
    click.echo("  " + say("cmd.validate.setup", levels=", ".join(rules.setup.difficulty)))
    click.echo("  " + say("cmd.validate.switches"))
    secondary = rules.regions.secondary_in_scoring_round
    which = "cmd.validate.secondary_kept" if secondary else "cmd.validate.secondary_literal"
    click.echo("    " + say(which, value=str(secondary).lower()))
    used = ", ".join(rules.enhanced.on) or say("cmd.validate.enhanced_none")
    click.echo("    " + say("cmd.validate.enhanced", switches=used))
    click.echo("  " + say("cmd.validate.digest", digest=rules.digest[:16]))
    from twsolo.ruleset.window_checks import appendix_warnings

    if warnings := appendix_warnings(rules):
        click.echo("  " + say("cmd.validate.warnings", n=len(warnings)))
        for line in warnings:
            click.echo(f"    {line}")
    if vocabulary:
        from twsolo.cli.card_entry import vocabulary_lines
        from twsolo.compose import standard_vocabulary

        for line in vocabulary_lines(standard_vocabulary()):
            click.echo(line)


@cli.group()
def cards() -> None:
    """List the cards or show one."""


def _card_flags(card: Card) -> str:
    flags = []
    if card.scoring:
        flags.append(say("cmd.cards.scores", region=card.scoring))
    if card.removed:
        flags.append(say("cmd.cards.removed"))
    if card.optional:
        flags.append(say("cmd.cards.optional"))
    if card.china_card:
        flags.append(say("cmd.cards.china_card"))
    return ", ".join(flags)


def card_dict(card: Card) -> dict[str, Any]:
    return {
        "number": card.number,
        "name": card.name,
        "ops": card.ops,
        "side": card.side,
        "era": card.era,
        "removed": card.removed,
        "scoring": card.scoring,
        "optional": card.optional,
        "china_card": card.china_card,
        "event_regions": list(card.event_regions),
        "figures": dict(card.figures),
    }


@cards.command("list")
@click.option("--era", type=click.Choice(["early", "mid", "late"]), help="Only this era.")
@click.option("--side", type=click.Choice(["us", "ussr", "neutral"]), help="Only this side.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@rules_option
def cards_list(era: str | None, side: str | None, as_json: bool, rules_path: str | None) -> None:
    """List cards, optionally by era and side."""
    from twsolo.compose import load_ruleset

    rules = load_ruleset(rules_path)
    chosen = [
        c
        for c in rules.cards.values()
        if (era is None or c.era == era) and (side is None or c.side == side)
    ]
    if as_json:
        click.echo(json.dumps([card_dict(c) for c in chosen], indent=2))
        return
    for c in chosen:
        ops = say("cmd.cards.ops", n=c.ops)
        click.echo(f"{c.number:>3}  {c.name:<42} {ops}  {c.side:<7} {c.era:<5}  {_card_flags(c)}")
    click.echo(say("cmd.cards.count", n=len(chosen)))


def find_card(rules: Ruleset, query: str) -> Card:
    """A card by number or by a case-insensitive unique name prefix, English or Russian."""
    if query.strip().isdigit():
        number = int(query)
        if number not in rules.cards:
            raise TwsoloError(say("cmd.cards.no_number", number=number, count=len(rules.cards)))
        return rules.cards[number]
    by_name = rules.card_called
    found = matches(query, by_name)
    numbers = sorted({by_name[n] for n in found})
    if not numbers:
        raise TwsoloError(say("cmd.cards.no_match", query=repr(query)))
    if len(numbers) > 1:
        listing = "\n".join(f"  {rules.card(n)}" for n in numbers)
        raise TwsoloError(say("cmd.cards.ambiguous", query=repr(query), listing=listing))
    return rules.card(numbers[0])


def complete_cards(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """Shell completion of card names (and numbers). It reads the rules data (numpy and all):
    the names live there."""
    from twsolo.compose import load_ruleset

    rules = load_ruleset(ctx.params.get("rules_path"))
    names = list(rules.card_called)
    found = matches(incomplete, names) if incomplete else [c.name for c in rules.cards.values()]
    return [CompletionItem(name) for name in found]


@cards.command("show")
@click.argument("card", shell_complete=complete_cards)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@rules_option
def cards_show(card: str, as_json: bool, rules_path: str | None) -> None:
    """Show one card, by number or name, English or Russian (a unique prefix of its words is
    enough: `cuban`, `куб кри`), with its appendix entry."""
    from twsolo.cli.card_entry import entry_dict, entry_lines, fact_lines, written_lines
    from twsolo.compose import load_ruleset, standard_vocabulary

    rules = load_ruleset(rules_path)
    c = find_card(rules, card)
    entry = rules.appendix.get(c.number)
    if as_json:
        names = {lang: n.cards[c.number] for lang, n in rules.names.items()}
        shown = card_dict(c) | {"names": names, "appendix": entry_dict(entry) if entry else None}
        click.echo(json.dumps(shown, indent=2))
        return
    click.echo(f"#{c.number} {c.name}")
    side, era = value_word("side", c.side), value_word("era", c.era)
    click.echo("  " + say("cmd.cards.facts", ops=c.ops, side=side, era=era))
    if flags := _card_flags(c):
        click.echo(f"  {flags}")
    for line in fact_lines(c):
        click.echo(line)
    lines = (
        entry_lines(rules, entry, standard_vocabulary()) if entry else [say("cmd.cards.no_entry")]
    )
    for line in written_lines(rules, c.number) + lines:
        click.echo(line)


@cli.command()
@click.argument("scenario", type=click.Path(dir_okay=False, exists=True))
@click.option("--region", type=click.Choice(SCORING_REGIONS), help="Only this region.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (see docs/scenario.md).")
@rules_option
def score(scenario: str, region: str | None, as_json: bool, rules_path: str | None) -> None:
    """Score each region of a scenario's position as if its scoring card were played now."""
    from twsolo.compose import load_ruleset
    from twsolo.engine.records import region_name
    from twsolo.engine.scoring import region_score
    from twsolo.positions.scenario import load_scenario

    rules = load_ruleset(rules_path)
    state = load_scenario(scenario, rules).state
    regions = [region] if region else list(SCORING_REGIONS)
    scores = {r: region_score(state, rules, r) for r in regions}
    if as_json:
        click.echo(json.dumps({r: s.to_dict() for r, s in scores.items()}, indent=2))
        return
    for r, s in scores.items():
        us, ussr = level_name(s.sides[Side.US].level), level_name(s.sides[Side.USSR].level)
        click.echo(
            f"{region_name(r):<16} {Side.US.label} {us:<10} {Side.USSR.label} {ussr:<10} "
            f"{vp_text(s.vp)}"
            + ("  " + say("cmd.score.game_over", side=s.auto_win.label) if s.auto_win else "")
        )


def level_name(level: str) -> str:
    """A side's level in a region (none, presence, domination, control) in words."""
    return say("cmd.score.level_none") if level == "none" else say(f"level.{level}")


@cli.command()
@click.argument("scenario", type=click.Path(dir_okay=False, exists=True))
@click.option("--json", "as_json", is_flag=True, help="Print JSON (see docs/scenario.md).")
@rules_option
def decide(scenario: str, as_json: bool, rules_path: str | None) -> None:
    """The AI's decision for a scenario position: what it does on the board, then why."""
    from twsolo.ai.trace import step_line
    from twsolo.compose import load_ruleset
    from twsolo.positions.decision import decision_at
    from twsolo.positions.scenario import load_scenario

    rules = load_ruleset(rules_path)
    result = decision_at(rules, load_scenario(scenario, rules))
    if as_json:
        click.echo(json.dumps(result, indent=2))
        return
    card = rules.card(result["card"]) if result["card"] else None
    click.echo(
        say("cmd.decide.plays", card=card, play=result["play"])
        if card
        else say("cmd.decide.passes")
    )
    for i, action in enumerate(result["actions"], 1):
        click.echo(f"  {i}. {action_text(rules, action)}")
    click.echo(say("cmd.decide.why"))
    for step in result["trace"]:
        click.echo(f"  - {step_line(step)}")


def action_text(rules: Ruleset, action: dict[str, Any]) -> str:
    kind = action["type"]
    if kind == "event":
        key = "cmd.decide.event_assumed" if action.get("assumed") else "cmd.decide.event"
        choices = choices_text(rules, action["choices"])
        return say(key, card=rules.card(action["card"]), choices=choices)
    if kind == "influence":
        name = rules.country(action["country"]).name
        return say("cmd.decide.influence", amount=action["amount"], country=name)
    if kind == "coup":
        return say(
            "cmd.decide.coup",
            country=rules.country(action["country"]).name,
            ops=action["ops"],
            roll=action["roll"],
            removed=action["removed"],
            added=action["added"],
        )
    if kind == "realign":
        rolls = action["rolls"]
        name = rules.country(action["country"]).name
        return say("cmd.decide.realign", country=name, us=rolls["us"], ussr=rolls["ussr"])
    key = "cmd.decide.space_success" if action["success"] else "cmd.decide.space_failure"
    return say(key, roll=action["roll"])


def choices_text(rules: Ruleset, choices: dict[str, list[Any]]) -> str:
    """An event's answers in words, by kind: `countries: Angola, Zaire; yes no: yes`."""
    from twsolo.cli.render import answer_label

    if not choices:
        return say("cmd.decide.no_choices")
    return "; ".join(
        f"{kind.replace('_', ' ')}: "
        + ", ".join(answer_label(rules, a, "country" if kind == "countries" else kind) for a in got)
        for kind, got in choices.items()
    )


def vp_text(vp: int) -> str:
    if vp == 0:
        return say("cmd.vp.zero")
    return say("cmd.vp.side", n=abs(vp), side=(Side.US if vp > 0 else Side.USSR).label)


cli.add_command(saved_games.new)
cli.add_command(saved_games.play)
cli.add_command(saved_games.list_cmd)
cli.add_command(saved_games.show)
cli.add_command(
    LazyCommand(
        "simulate",
        "twsolo.cli.simulate:simulate",
        "Play many games of the AI against a human stand-in and report how the AI does.\n"
        "    Ctrl-C stops the run and reports the games finished so far (marked partial).",
    )
)
cli.add_command(
    LazyCommand(
        "check",
        "twsolo.cli.check:check",
        "Run decision cases (case files, or directories of them): pass or fail per case,\n"
        "    with what was expected, what the AI did and its trace. Exit 1 if any case fails.",
    )
)
cli.add_command(
    LazyCommand(
        "replay",
        "twsolo.cli.replay:replay",
        "Print a simulated game's log: every answer, the AI's reasons beside its moves, the\n"
        "    position after each action.",
    )
)
cli.add_command(
    LazyCommand(
        "rulebook",
        "twsolo.cli.rulebook:rulebook",
        "Print the rulebook: the solitaire rules, the AI's tables and every card's entry in\n"
        "    plain words, from the rules data this twsolo plays by.",
    )
)
cli.add_command(
    LazyCommand(
        "countries",
        "twsolo.cli.rulebook:countries",
        "List every country: its id (as scenario files and `adjust` write it), name, region,\n"
        "    stability and whether it is a battleground. NAME: only the countries it names, "
        "in English\n"
        "    or Russian, by the start of their words as answers are typed (`w ger`, `зап гер`).",
    )
)


with_language(cli)
when_language_changes(say_helps)
speak_the_language_in_use()


def main() -> None:
    single_threaded_numpy()
    standard_streams()
    cli(prog_name="twsolo")


def single_threaded_numpy() -> None:
    """One BLAS thread, unless the user asked for more: twsolo does no linear algebra (its
    arrays are an 84×2 board and vectors of scores), and OpenBLAS's threads, started when numpy
    is imported, spin for ≈100 ms of CPU on a 2-core machine — a third of resuming a game
    (issue #26). Set before any command imports numpy; workers of `simulate` inherit it."""
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")


def standard_streams() -> None:
    """A closed stdin, stdout or stderr (`twsolo play g <&-`) becomes /dev/null: otherwise the
    next file opened (a save's journal) would take its number and receive what is printed. A
    terminal whose encoding cannot show a character gets an escape instead of a traceback,
    and an answer it cannot decode a replacement character."""
    for fd, name, mode in ((0, "stdin", "r"), (1, "stdout", "w"), (2, "stderr", "w")):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
            setattr(sys, name, open(fd, mode, encoding="utf-8", closefd=False))  # noqa: SIM115
    for stream, errors in ((sys.stdin, "replace"), (sys.stdout, "backslashreplace")):
        if stream is not None and hasattr(stream, "reconfigure"):
            with contextlib.suppress(Exception):
                stream.reconfigure(errors=errors)
    if sys.stderr is not None and hasattr(sys.stderr, "reconfigure"):
        sys.stderr.reconfigure(errors="backslashreplace")


if __name__ == "__main__":  # pragma: no cover
    main()
