"""`twsolo new`, `play`, `list`, `show`: games saved in $TWSOLO_HOME."""

from __future__ import annotations

import random
import shlex
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click
from click.shell_completion import CompletionItem

from twsolo.errors import TwsoloError
from twsolo.ids import DIFFICULTY_LEVELS, Side
from twsolo.persist.folders import game_folders, home, name_problem
from twsolo.phrases import say, value_word

if TYPE_CHECKING:  # the rest is imported by the commands that use it: a fast start (README)
    from twsolo.engine.state import GameState
    from twsolo.persist.savefile import SaveDir
    from twsolo.positions.scenario import Scenario
    from twsolo.ruleset import Ruleset

F = TypeVar("F", bound=Callable[..., Any])


def home_option(f: F) -> F:
    return click.option(
        "--home",
        "home_dir",
        type=click.Path(file_okay=False),
        default=None,
        help="Where games are saved (default: $TWSOLO_HOME or ~/.local/share/twsolo).",
    )(f)


def complete_games(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """Shell completion of saved games' names."""
    root = home(ctx.params.get("home_dir"))
    folders = game_folders(root)
    return [CompletionItem(f.name) for f in folders if f.name.startswith(incomplete)]


def game_dir(home_dir: str | None, name: str) -> SaveDir:
    from twsolo.persist.savefile import SaveDir

    if problem := name_problem(name):
        raise click.BadParameter(f"{name[:70]!r}: {problem}", param_hint=say("game.name.hint"))
    return SaveDir(home(home_dir) / "games" / name)


def create(
    *,
    home_dir: str | None,
    name: str | None,
    side: str,
    difficulty: str,
    table: bool,
    dice: str | None,
    fast_deal: bool,
    optional_cards: bool,
    seed: int | None,
    rules_path: str | None,
    from_path: str | None = None,
    enhanced: bool = False,
    draft_cap: bool = False,
    balanced_setup: bool = False,
) -> SaveDir:
    from twsolo import __version__
    from twsolo.compose import load_ruleset
    from twsolo.persist.savefile import GameExists, Header
    from twsolo.positions.scenario import load_scenario
    from twsolo.solo import SoloOptions

    rules = load_ruleset(rules_path)
    human = Side(side)
    start = None
    switches = rules.enhanced.on if enhanced else ()  # spec §25: the rules' enhanced AI
    if from_path:
        if balanced_setup:  # spec §24.6: the set-up is behind a scenario's position
            raise TwsoloError(say("game.new.balanced_scenario"))
        scenario = load_scenario(from_path, rules)
        if scenario.human_side is not human and side != "us":
            raise TwsoloError(
                say(
                    "game.new.scenario_side",
                    path=from_path,
                    ai=scenario.ai_side.label,
                    human=scenario.human_side.label,
                )
            )
        human = scenario.human_side
        start = start_position(scenario)
        switches = switches or scenario.state.enhanced
    options = SoloOptions(
        ai_side=human.other,
        difficulty=difficulty,
        fast_deal=fast_deal,
        optional_cards=optional_cards,
        enhanced=switches,
        draft_cap=draft_cap,
        balanced_setup=balanced_setup,
    )
    options.check(rules)
    now = datetime.now(UTC)
    seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    given = name
    # Unnamed games are named by the second they begin, and numbered within it.
    stamp = now.strftime("game-%Y%m%d-%H%M%S")
    names = [given] if given is not None else [stamp, *(f"{stamp}-{n}" for n in range(2, 100))]
    for name in names:
        save = game_dir(home_dir, name)
        header = Header(
            name=name,
            options=options.to_dict(),
            seed=seed,
            mode="table" if table else "digital",
            dice=dice or ("manual" if table else "auto"),
            rules_digest=rules.digest,
            twsolo_version=__version__,
            created=now.isoformat(timespec="seconds"),
            scenario=start.to_dict() if start else None,
        )
        try:
            save.create(header)
            break
        except GameExists:
            if given is not None or name == names[-1]:
                raise
    click.echo(
        say(
            "game.new.started",
            name=repr(name),
            human=human.label,
            ai=human.other.label,
            options=options.describe(),
            mode=value_word("mode", header.mode),
            dice=value_word("dice", header.dice),
        )
    )
    click.echo(say("game.new.commands"))
    return save


def start_position(scenario: Scenario) -> GameState:
    """A scenario's board as the start of a game: the game begins at the start of the
    scenario's turn (spec §5), so its headline card goes back to the human's deck/hand and the
    Scoring Cards to the Scoring Card Deck (step X gathers them anyway, spec §7.2.1)."""
    from twsolo.engine.state import hand_of

    state = scenario.state.copy()
    state.ai_side = scenario.ai_side
    for card in list(state.piles["table"].known()):
        state.piles["table"].remove(card)
        state.piles[hand_of(scenario.human_side)].shuffled.append(card)
    for pile in ("primary", "secondary"):
        for card in list(state.piles[pile].known()):
            state.piles[pile].remove(card)
            state.piles["scoring_deck"].shuffled.append(card)
    return state


def run(
    save: SaveDir,
    rules_path: str | None,
    *,
    drop_torn_line: bool = False,
    restore_backup: bool = False,
    board: str | None = None,
) -> None:
    from twsolo.cli.ingame import Terminal
    from twsolo.compose import load_ruleset
    from twsolo.session.live import GameSession

    rules = load_ruleset(rules_path)
    opened = GameSession.open(
        rules, save, drop_torn_line=drop_torn_line, restore_backup=restore_backup
    )
    with opened as session:
        Terminal(rules, session, Path(board) if board else None).run()


def board_path(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """--board FILE: refused before the game starts when it cannot be written."""
    if value is None:  # also while completing a Tab: import nothing (tests/test_cli_startup.py)
        return None
    from twsolo.cli.live_board import unwritable

    if problem := unwritable(Path(value)):
        raise click.BadParameter(say("game.cannot_write", path=value, problem=problem))
    return value


BOARD_OPTION = click.option(
    "--board",
    type=click.Path(dir_okay=False),
    default=None,
    callback=board_path,
    help="Keep the map on this web page (FILE.html), rewritten after every answer: open it in "
    "a browser beside the terminal.",
)


@click.command()
@click.option(
    "--side",
    type=click.Choice(["us", "ussr"]),
    default="us",
    show_default=True,
    help="The side you play.",
)
@click.option(
    "--difficulty",
    type=click.Choice(DIFFICULTY_LEVELS),
    default="normal",
    show_default=True,
    help="spec §2.5: the AI starts ahead on VP.",
)
@click.option(
    "--table/--digital",
    default=False,
    help="Physical cards (the program asks what you drew) or on screen (default).",
)
@click.option(
    "--dice",
    type=click.Choice(["manual", "auto"]),
    default=None,
    help="Who rolls (default: manual at the table, auto on screen).",
)
@click.option("--fast-deal", is_flag=True, help="spec §6.4: deal instead of drafting.")
@click.option("--optional-cards", is_flag=True, help="spec §24.2: cards 104-110.")
@click.option(
    "--enhanced", is_flag=True, help="spec §25: the enhanced AI (rules/enhanced.yaml's switches)."
)
@click.option(
    "--draft-cap",
    is_flag=True,
    help="spec §24.5: a difficulty option: you give the AI at most one of your events a step.",
)
@click.option(
    "--balanced-setup",
    is_flag=True,
    help="spec §24.6: side balance: the US gets 2 more extra influence in Italy.",
)
@click.option("--seed", type=int, default=None, help="Fix the shuffles and dice.")
@click.option("--name", default=None, help="The save's name (default: game-DATE-TIME).")
@click.option(
    "--from",
    "from_path",
    type=click.Path(dir_okay=False, exists=True),
    default=None,
    help="Start from a scenario's position (docs/scenario.md), at the start of its turn.",
)
@click.option("--rules", "rules_path", type=click.Path(file_okay=False, exists=True), default=None)
@BOARD_OPTION
@home_option
def new(board: str | None, **options: Any) -> None:
    """Start a new game against the AI."""
    save = create(**options)  # the options are create()'s keyword arguments, by name
    run(save, options["rules_path"], board=board)


@click.command()
@click.argument("name", required=False, shell_complete=complete_games)
@click.option(
    "--drop-torn-line",
    is_flag=True,
    help="Repair a journal whose last line was cut by a crash (keeps a .bak).",
)
@click.option(
    "--restore-backup",
    is_flag=True,
    help="Go back to the journal before the last undo or rollback (its .bak); the journal it "
    "replaces becomes the .bak, so doing it twice changes nothing.",
)
@click.option("--rules", "rules_path", type=click.Path(file_okay=False, exists=True), default=None)
@BOARD_OPTION
@home_option
def play(
    name: str | None,
    drop_torn_line: bool,
    restore_backup: bool,
    rules_path: str | None,
    board: str | None,
    home_dir: str | None,
) -> None:
    """Resume the named game, or the latest; with none saved, start a new one."""
    from twsolo.compose import load_ruleset
    from twsolo.persist.savefile import SaveError, list_games

    if name is None:
        rules = load_ruleset(rules_path)
        games = [g for g in list_games(home(home_dir)) if not _finished(rules, g)]
        if not games:
            click.echo(say("game.play.none_in_progress"))
            save = create(
                home_dir=home_dir,
                name=None,
                side="us",
                difficulty="normal",
                table=False,
                dice=None,
                fast_deal=False,
                optional_cards=False,
                seed=None,
                rules_path=rules_path,
            )
            run(save, rules_path, board=board)
            return
        save = games[-1]
    else:
        save = game_dir(home_dir, name)
        if not save.exists():
            raise SaveError(say("game.play.no_such_game", name=repr(name), folder=save.path.parent))
    click.echo(say("game.play.resuming", name=repr(save.name)))
    if drop_torn_line and restore_backup:
        raise click.UsageError(say("game.play.one_repair"))
    run(save, rules_path, drop_torn_line=drop_torn_line, restore_backup=restore_backup, board=board)


def _finished(rules: Ruleset, save: SaveDir) -> bool:
    """Over, by its cached position (a save that cannot be read counts as not over: playing it
    reports it; it never stops `play` from finding the others)."""
    try:
        snapshot = save.snapshot(rules)
    except Exception:  # damage, or a defect met reading this save alone
        return False
    return snapshot is not None and snapshot.result is not None


@click.command("list")
@click.option("--rules", "rules_path", type=click.Path(file_okay=False, exists=True), default=None)
@home_option
def list_cmd(rules_path: str | None, home_dir: str | None) -> None:
    """The saved games, oldest first. A damaged game is reported in its row."""
    from twsolo.compose import load_ruleset
    from twsolo.persist.savefile import leftovers, list_games
    from twsolo.session.saved import read_saved

    root = home(home_dir)
    for folder in leftovers(root / "games"):
        command = f"rm -r -- {shlex.quote(str(folder))}"
        click.echo(say("game.list.interrupted", name=folder.name, command=command))
    games = list_games(root)
    if not games:
        click.echo(say("game.list.none"))
        return
    rules = load_ruleset(rules_path)
    for save in games:
        try:
            saved = read_saved(rules, save)
        except TwsoloError as exc:
            click.echo(say("game.list.damaged", name=save.name, problem=exc))
            continue
        header, state = saved.header, saved.position.state
        if saved.result:
            status = say("game.list.over", rating=rules.rating_name(str(saved.result["rating"])))
        else:
            status = say("game.list.under_way", turn=state.turn, vp=state.vp)
        pid = saved.playing
        playing = "" if pid is None else " " + say("game.list.being_played", pid=pid or "?")
        you = Side(header.options["ai_side"]).other.label
        click.echo(
            say(
                "game.list.row",
                name=save.name,
                side=you,
                mode=value_word("mode", header.mode),
                status=status,
                playing=playing,
            )
        )


@click.command()
@click.argument("name")
@click.option(
    "--svg",
    "svg_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also write a picture of the board, map-shaped, to this SVG file.",
)
@click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also write the picture as a self-contained web page.",
)
@click.option(
    "--scenario",
    "scenario_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also write the position before the AI's last decision as a scenario file "
    "(`twsolo decide` on it gives that decision).",
)
@click.option("--rules", "rules_path", type=click.Path(file_okay=False, exists=True), default=None)
@home_option
def show(
    name: str,
    svg_path: str | None,
    html_path: str | None,
    scenario_path: str | None,
    rules_path: str | None,
    home_dir: str | None,
) -> None:
    """The board of a saved game (and a picture of it: --svg, --html)."""
    from twsolo.cli.render import board, tracks
    from twsolo.compose import load_ruleset
    from twsolo.persist.savefile import SaveError
    from twsolo.session.saved import read_saved

    rules = load_ruleset(rules_path)
    save = game_dir(home_dir, name)
    if not save.exists():
        raise SaveError(say("game.play.no_such_game", name=repr(name), folder=save.path.parent))
    saved = read_saved(rules, save)
    for note in saved.notes:
        click.echo(note)
    position = saved.position
    state, primary, secondary = position.state, position.primary, position.secondary
    click.echo(tracks(rules, state, primary=primary, secondary=secondary))
    click.echo(board(rules, state))
    if svg_path or html_path:  # ElementTree and the picture: loaded only when asked for
        from twsolo.cli.board_picture import board_html, board_svg
    if svg_path:
        svg = board_svg(rules, state, primary=primary, secondary=secondary)
        write_picture(Path(svg_path), svg)
    if html_path:
        title = say("game.show.page_title", name=name, turn=state.turn)
        page = board_html(rules, state, primary=primary, secondary=secondary, title=title)
        write_picture(Path(html_path), page)

    if scenario_path:
        from twsolo.positions.export import decisions_before, export

        header = saved.header
        entries = save.entries(rules, header)
        found = decisions_before(
            rules, header.solo_options, entries, start=header.start, table=header.table
        )
        click.echo(export(rules, found, scenario_path, say("game.scenario.the_game", name=name)))


def write_picture(path: Path, text: str) -> None:
    """Write a board picture atomically (a browser reloading it never reads half a page)."""
    from twsolo.cli.live_board import unwritable
    from twsolo.files.output import atomic_write_text

    if problem := unwritable(path):
        raise TwsoloError(say("game.cannot_write", path=path, problem=problem))
    try:
        atomic_write_text(path, text)
    except OSError as exc:
        problem = exc.strerror or str(exc)
        raise TwsoloError(say("game.cannot_write", path=path, problem=problem)) from None
    click.echo(say("game.show.picture_written", path=path))
