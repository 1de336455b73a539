"""What a journal may hold (issue #39 item 1 and "one source"): the save reader accepts exactly
the question kinds the engine, the turn flow and the AI can ask — engine/choices.py KINDS, which
every `ask` names — and the entry's fields are the Entry's own. An enhanced game (spec §25.5
records `defer` answers) resumes, and an entry the reader would refuse is never written."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import twsolo
from twsolo.cli.main import cli
from twsolo.engine.choices import CHANCE, KINDS, FixedDice
from twsolo.engine.game import Game
from twsolo.engine.initial_state import standard_state
from twsolo.errors import TwsoloError
from twsolo.ids import Side
from twsolo.persist.save_fields import ACTORS
from twsolo.persist.savefile import ENTRY_KEYS, Entry
from twsolo.ruleset import Ruleset
from twsolo.solo import SoloOptions

from .saves import new_save
from .table_person import first, run_typing

PACKAGE = Path(twsolo.__file__).parent


def run(home: Path, args: list[str], text: str = "") -> Result:
    result = CliRunner().invoke(cli, [*args, "--home", str(home)], input=text)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def test_an_enhanced_game_resumes_lists_and_shows(tmp_path: Path) -> None:
    """Seed 1, the first legal answer 30 times: the enhanced AI defers a card (spec §25.5) at
    journal line 37. Before the fix `play`, `list` and `show` called the save damaged."""
    typed = run_typing(tmp_path, ["new", "--enhanced", "--seed", "1", "--name", "e"], first(30))
    assert typed.exit_code == 0, typed.output
    path = tmp_path / "games" / "e" / "journal.jsonl"
    kinds = [json.loads(line)["kind"] for line in path.read_text().splitlines()]
    assert "defer" in kinds
    (tmp_path / "games" / "e" / "state.json").unlink()  # `list` and `show` read the journal
    listed = run(tmp_path, ["list"])
    assert "damaged" not in listed.output
    assert "e: you play the US" in listed.output
    shown = run(tmp_path, ["show", "e"])
    assert shown.exit_code == 0, shown.output
    resumed = run(tmp_path, ["play", "e"], "quit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "damaged" not in resumed.output
    assert "journal.jsonl" not in resumed.output
    assert path.read_text().count('"kind": "defer"') == kinds.count("defer")


def asked_kinds() -> dict[str, list[str]]:
    """Every question kind an `ask` call in the package names, with where (file:line). A call
    whose kind is not written out is listed under "?" (nothing could check it)."""
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parts[-2] == "cli":  # the prompts' own `ask(game, choice)` puts no question
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            if node.func.attr != "ask" or not node.args:
                continue
            kind = node.args[0]
            name = kind.value if isinstance(kind, ast.Constant) else "?"
            found.setdefault(str(name), []).append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    return found


def test_every_kind_asked_is_declared_and_every_declared_kind_is_asked() -> None:
    """KINDS is the one list: a question asked under a kind it lacks would be recorded and then
    refused at the next resume (`defer` was, issue #39 item 1)."""
    found = asked_kinds()
    assert "?" not in found, f"a question kind not written out: {found.get('?')}"
    assert len(found) >= 20
    undeclared = {k: v for k, v in found.items() if k not in KINDS}
    assert not undeclared, f"asked but not in engine/choices.py KINDS: {undeclared}"
    assert set(KINDS) <= set(found), f"declared but never asked: {set(KINDS) - set(found)}"


def test_every_kind_and_actor_reads_back_as_written(rules: Ruleset, tmp_path: Path) -> None:
    """Each question kind, from each actor, through the journal's writer and its reader; and
    the line holds exactly the reader's fields."""
    save, header = new_save(rules, tmp_path, "k", SoloOptions(ai_side=Side.USSR))
    written = [save.entries(rules, header)[0]]
    for kind in KINDS:
        for actor in ACTORS:
            entry = Entry("answer", actor=actor, kind=kind, answer=[3, "done"], turn=2)
            save.append(entry, len(written), rules)
            written.append(entry)
    assert save.entries(rules, header) == written
    for line in (save.path / "journal.jsonl").read_text().splitlines():
        assert tuple(sorted(json.loads(line))) == tuple(sorted(ENTRY_KEYS))


@pytest.mark.parametrize(
    "entry",
    [
        Entry("answer", actor="us", kind="wager", answer=1, turn=1),
        Entry("answer", actor="nobody", kind="die", answer=1, turn=1),
        Entry("answer", actor="us", kind="die", answer=1, turn=11),
    ],
    ids=["unknown kind", "unknown actor", "turn out of range"],
)
def test_an_entry_the_reader_would_refuse_is_never_written(
    rules: Ruleset, tmp_path: Path, entry: Entry
) -> None:
    save, header = new_save(rules, tmp_path, "k", SoloOptions(ai_side=Side.USSR))
    before = (save.path / "journal.jsonl").read_bytes()
    with pytest.raises(TwsoloError, match="internal: twsolo would record an entry it cannot"):
        save.append(entry, 1, rules)
    assert (save.path / "journal.jsonl").read_bytes() == before
    assert len(save.entries(rules, header)) == 1


def test_the_engine_refuses_a_question_of_an_undeclared_kind(rules: Ruleset) -> None:
    """Game.ask checks the kind against choices.KINDS, so a new question kind cannot reach a
    journal that would refuse it at the next resume."""
    game = Game(rules, standard_state(rules), {CHANCE: FixedDice([])})
    with pytest.raises(TwsoloError, match="undeclared kind 'ponder'"):
        game.ask("ponder", CHANCE, ["x"], key="k")
    assert game.answers == []
