"""Damaged saves (issue #18): every kind of damage a tester found is reported with the file, the
line and the field and what to do, leaves the save untouched, and never ends in a traceback or is
taken silently. state.json is a cache: damaged, it is rebuilt from the journal and no answer is
lost. `twsolo list` reports a damaged game in its row and goes on."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from twsolo.cli.main import cli

from .table_person import FIRST, first, run_typing

Damage = Callable[[Path], None]


def run(home: Path, args: list[str], text: str = "") -> Result:
    result = CliRunner().invoke(cli, [*args, "--home", str(home)], input=text)
    assert "Traceback" not in result.output + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game 24 answers in, with one correction (an `adjust` entry)."""
    home = tmp_path_factory.mktemp("template")
    script = [*first(20), "adjust vp 3", *first(4), "quit"]
    assert run_typing(home, ["new", "--seed", "8", "--name", "d"], script).exit_code == 0
    return home


@pytest.fixture
def home(template: Path, tmp_path: Path) -> Path:
    shutil.copytree(template, tmp_path / "home")
    return tmp_path / "home"


def folder(home: Path) -> Path:
    return home / "games" / "d"


def lines(home: Path) -> list[dict[str, Any]]:
    text = (folder(home) / "journal.jsonl").read_text()
    return [json.loads(line) for line in text.splitlines()]


def write_lines(home: Path, entries: list[dict[str, Any]]) -> None:
    text = "".join(json.dumps(e) + "\n" for e in entries)
    (folder(home) / "journal.jsonl").write_text(text)


def entry_field(line: int, key: str, value: object) -> Damage:
    """Set one field of the journal's line `line` (1-based)."""

    def damage(home: Path) -> None:
        entries = lines(home)
        entries[line - 1][key] = value
        write_lines(home, entries)

    return damage


def adjust_data(key: str, value: object, **more: object) -> Damage:
    """Change the `adjust` entry's data (the template's `adjust vp 3`)."""

    def damage(home: Path) -> None:
        entries = lines(home)
        entry = next(e for e in entries if e["type"] == "adjust")
        entry["data"].update({key: value, **more})
        write_lines(home, entries)

    return damage


def header_field(key: str, value: object, *, drop: bool = False) -> Damage:
    def damage(home: Path) -> None:
        path = folder(home) / "game.json"
        header = json.loads(path.read_text())
        if drop:
            del header[key]
        else:
            header[key] = value
        path.write_text(json.dumps(header))

    return damage


def option(key: str, value: object) -> Damage:
    def damage(home: Path) -> None:
        path = folder(home) / "game.json"
        header = json.loads(path.read_text())
        header["options"][key] = value
        path.write_text(json.dumps(header))

    return damage


def raw_line(line: int, text: str) -> Damage:
    def damage(home: Path) -> None:
        path = folder(home) / "journal.jsonl"
        rows = path.read_text().splitlines(keepends=True)
        rows[line - 1] = text + "\n"
        path.write_text("".join(rows))

    return damage


def file_bytes(name: str, data: bytes) -> Damage:
    def damage(home: Path) -> None:
        (folder(home) / name).write_bytes(data)

    return damage


def link(name: str, target: str) -> Damage:
    def damage(home: Path) -> None:
        (folder(home) / name).unlink()
        os.symlink(target, folder(home) / name)

    return damage


def adjust_line(home: Path) -> int:
    return next(i for i, e in enumerate(lines(home), 1) if e["type"] == "adjust")


J = "journal.jsonl"
# (id, damage, what the message must say: the file (and line) and the field)
REPORTED: list[tuple[str, Damage, list[str]]] = [
    ("turn-not-a-number", entry_field(3, "turn", "x"), [f"{J}:3: turn: expected an integer 1–10"]),
    ("data-a-list", entry_field(3, "data", [1, 2]), [f"{J}:3: data: expected an object"]),
    ("turn-huge", entry_field(3, "turn", 10**30), [f"{J}:3: turn:", "a number of 31 digits"]),
    ("answer-wrong-type", entry_field(3, "answer", {"a": 1}), [f"{J}:3: answer: expected"]),
    ("actor-unknown", entry_field(4, "actor", "martians"), [f"{J}:4: actor: expected one of"]),
    ("kind-unknown", entry_field(4, "kind", "teleport"), [f"{J}:4: kind: expected one of"]),
    ("seq-shifted", entry_field(5, "seq", 9), [f"{J}:5: seq: expected 4"]),
    ("unknown-field", entry_field(5, "colour", "red"), [f"{J}:5: colour: unknown field"]),
    ("bool-as-number", entry_field(5, "turn", True), [f"{J}:5: turn: expected", "got true"]),
    ("adjust-no-side", adjust_data("what", "influence"), ["data.side: missing"]),
    ("adjust-value-text", adjust_data("value", "x"), ["data.value: expected an integer"]),
    ("adjust-value-huge", adjust_data("value", 10**30), ["data.value:", "a number of 31 digits"]),
    ("adjust-out-of-range", adjust_data("value", 25), ["data: the VP track runs from -20 to 20"]),
    ("adjust-side", adjust_data("what", "milops", side="x"), ["data.side: expected one of us"]),
    ("adjust-vp-side", adjust_data("side", "us"), ["data.side: unknown field"]),
    ("adjust-narnia", adjust_data("what", "influence", side="us", country="narnia"), ["narnia"]),
    ("middle-not-json", raw_line(4, '{"seq": 3, "type": "ans'), [f"{J}:4: not a journal entry"]),
    ("thousands-of-digits", raw_line(4, '{"seq": ' + "9" * 5000 + "}"), [f"{J}:4:", "too large"]),
    ("nested-deep", raw_line(4, "[" * 30_000 + "]" * 30_000), [f"{J}:4:", "nested too deep"]),
    ("journal-binary", file_bytes(J, b"\xff\xfe"), [f"{J}: not UTF-8 text"]),
    ("journal-device", link(J, "/dev/zero"), [f"{J} is a symbolic link: refused"]),
    ("journal-emptied", file_bytes(J, b""), [f"{J}: the journal is empty"]),
    ("journal-missing", lambda home: (folder(home) / J).unlink(), [f"{J}: the journal is missing"]),
    (
        "journal-head-lost",
        lambda home: write_lines(home, [{**e, "seq": i} for i, e in enumerate(lines(home)[1:])]),
        [f"{J}:1: the journal's first line is not the game's start"],
    ),
    ("header-ai-side", option("ai_side", "martians"), ["game.json: options.ai_side: expected"]),
    ("header-options-empty", header_field("options", {}), ["game.json: options.ai_side: missing"]),
    ("header-difficulty", option("difficulty", "godlike"), ["options.difficulty: expected one of"]),
    ("header-dice-count", option("extra_influence_dice", 7), ["options.extra_influence_dice"]),
    ("header-scenario-list", header_field("scenario", [1]), ["game.json: scenario: expected an"]),
    ("header-scenario-empty", header_field("scenario", {}), ["game.json: scenario.schema_version"]),
    ("header-mode", header_field("mode", "vr"), ["game.json: mode: expected one of digital"]),
    ("header-dice", header_field("dice", "loaded"), ["game.json: dice: expected one of auto"]),
    ("version-0", header_field("schema_version", 0), ["schema_version: expected an integer 1–2"]),
    ("version--1", header_field("schema_version", -1), ["schema_version: expected an integer"]),
    ("version-true", header_field("schema_version", True), ["schema_version:", "got true"]),
    ("version-string", header_field("schema_version", "1"), ["schema_version:", "got '1'"]),
    ("version-missing", header_field("schema_version", 0, drop=True), ["schema_version: missing"]),
    ("version-newer", header_field("schema_version", 99), ["99 is newer than this twsolo reads"]),
    ("not-a-save", header_field("format", "zip"), ["game.json: format: not a twsolo save"]),
    ("header-not-json", file_bytes("game.json", b"{"), ["game.json: not JSON"]),
    ("header-binary", file_bytes("game.json", b"\xff"), ["game.json: not UTF-8 text"]),
]


@pytest.mark.parametrize(
    ("damage", "messages"), [r[1:] for r in REPORTED], ids=[r[0] for r in REPORTED]
)
def test_damage_is_reported_by_play_show_and_list_and_the_save_is_untouched(
    home: Path, damage: Damage, messages: list[str]
) -> None:
    damage(home)
    before = {p.name: p.read_bytes() for p in folder(home).iterdir() if p.is_file()}
    played = run(home, ["play", "d"], "1\n" * 5)
    assert played.exit_code == 2
    for message in messages:
        assert message in played.stderr
    assert "left untouched" in played.stderr or "upgrade twsolo" in played.stderr
    shown = run(home, ["show", "d"])
    assert shown.exit_code == 2
    assert messages[0] in shown.stderr
    listed = run(home, ["list"])
    assert listed.exit_code == 0
    assert f"d: damaged: {folder(home)}" in listed.output
    assert messages[0] in listed.output
    after = {p.name: p.read_bytes() for p in folder(home).iterdir() if p.is_file()}
    assert after == before


def test_a_recorded_answer_that_does_not_fit_names_its_line(home: Path) -> None:
    entries = lines(home)
    k = next(i for i, e in enumerate(entries) if e["actor"] == "us" and e["kind"] == "draft")
    entries[k]["answer"] = [1, 2, 3]
    write_lines(home, entries)
    result = run(home, ["play", "d"], "quit\n")
    assert result.exit_code == 2
    message = f"{J}:{k + 1}: the recorded draft answer [1, 2, 3] is not a legal answer"
    assert message in result.stderr
    assert "If the rules changed since the game began" in result.stderr


def test_one_damaged_game_does_not_stop_list(home: Path) -> None:
    shutil.copytree(folder(home), home / "games" / "good")
    (home / "games" / "good" / "game.json").write_text(
        (folder(home) / "game.json").read_text().replace('"name": "d"', '"name": "good"')
    )
    header_field("mode", "vr")(home)
    listed = run(home, ["list"])
    assert listed.exit_code == 0
    rows = listed.output.splitlines()
    assert any(r.startswith("d: damaged:") and "mode: expected one of" in r for r in rows)
    assert any(r.startswith("good: you play the US, digital; turn 1") for r in rows)


def test_a_game_without_a_journal_is_listed_first_as_damaged(home: Path) -> None:
    """`twsolo list` orders the games by when their journal was last written, oldest first; a
    game whose journal is missing has no such time: it comes first, reported as damaged, and
    the others are listed after it."""
    shutil.copytree(folder(home), home / "games" / "good")
    (home / "games" / "good" / "game.json").write_text(
        (folder(home) / "game.json").read_text().replace('"name": "d"', '"name": "good"')
    )
    journal = home / "games" / "good" / J
    os.utime(journal, (1, 1))  # 1970: older than any real time, but not "no time at all"
    (folder(home) / J).unlink()
    rows = run(home, ["list"]).output.splitlines()
    assert rows[0].startswith("d: damaged:")
    assert "the journal is missing" in rows[0]
    assert rows[1].startswith("good: you play the US")


def test_a_journal_cut_short_is_reported_not_taken_as_the_game(home: Path) -> None:
    """Whole lines lost at the end: state.json was written after more entries."""
    run(home, ["play", "d"], "quit\n")  # the cache now covers every entry
    kept = lines(home)[:6]
    write_lines(home, kept)
    before = (folder(home) / "journal.jsonl").read_bytes()
    result = run(home, ["play", "d"], "1\n" * 5)
    assert result.exit_code == 2
    assert "it holds 6 entries, but the game was saved after" in result.stderr
    assert "delete state.json" in result.stderr
    assert (folder(home) / "journal.jsonl").read_bytes() == before
    # The player accepts the journal as it is by deleting the cache.
    (folder(home) / "state.json").unlink()
    again = run(home, ["play", "d"], "quit\n")
    assert again.exit_code == 0
    assert lines(home)[: len(kept)] == kept  # the game goes on from there


@pytest.mark.parametrize(
    "content",
    [b"\xff", b'{"result": "x"}', b'{"state": {}}', b"[]", b'{"state": 1, "primary": 2}'],
    ids=["binary", "result-only", "state-empty", "a-list", "wrong-types"],
)
def test_a_damaged_state_json_is_rebuilt_from_the_journal(home: Path, content: bytes) -> None:
    good = run(home, ["show", "d"]).output
    journal = lines(home)
    (folder(home) / "state.json").write_bytes(content)
    shown = run(home, ["show", "d"])
    assert shown.exit_code == 0
    assert "state.json:" in shown.output
    assert "the position is rebuilt from the journal" in shown.output
    assert shown.output.endswith(good)  # the same board, rebuilt
    # `show` (as `list`) mended the cache: the next reader uses it.
    assert run(home, ["show", "d"]).output == good
    (folder(home) / "state.json").write_bytes(content)
    listed = run(home, ["list"])
    assert "d: you play the US, digital; turn 1" in listed.output
    assert run(home, ["show", "d"]).output == good
    (folder(home) / "state.json").write_bytes(content)
    resumed = run(home, ["play", "d"], "quit\n")
    assert resumed.exit_code == 0
    assert "the position is rebuilt from the journal" in resumed.output
    assert lines(home) == journal  # no answer lost
    # The resume mended the cache, even though the player quit at once.
    assert run(home, ["show", "d"]).output == good


def test_a_state_json_behind_the_journal_is_not_shown(home: Path) -> None:
    """A cache written before the last answers (a kill between the two writes)."""
    good = run(home, ["show", "d"]).output
    path = folder(home) / "state.json"
    cache = json.loads(path.read_text())
    cache["entries"] -= 3
    cache["state"]["vp"] = -7  # what the position was then, say
    path.write_text(json.dumps(cache))
    assert run(home, ["show", "d"]).output == good


def test_a_complete_last_line_without_its_newline_is_kept(home: Path) -> None:
    path = folder(home) / "journal.jsonl"
    whole = path.read_text()
    path.write_text(whole.rstrip("\n"))
    refused = run(home, ["play", "d", "--drop-torn-line"], "quit\n")
    assert refused.exit_code == 2
    assert "no torn line to drop" in refused.stderr
    assert path.read_text() == whole.rstrip("\n")
    result = run_typing(home, ["play", "d"], [FIRST, "quit"])
    assert result.exit_code == 0, result.output
    assert "lacked its newline; it was added" in result.output
    assert path.read_text().startswith(whole)  # the last answer kept, the next one after it
    assert len(lines(home)) > len(whole.splitlines())


def test_a_torn_last_line_is_reported_and_dropped_only_on_request(home: Path) -> None:
    path = folder(home) / "journal.jsonl"
    whole = path.read_text()
    path.write_text(whole + '{"seq": 30, "type": "ans')
    result = run(home, ["play", "d"], "quit\n")
    assert result.exit_code == 2
    assert f"{J}:{len(whole.splitlines()) + 1}: the last journal line is incomplete" in (
        result.stderr
    )
    repaired = run(home, ["play", "d", "--drop-torn-line"], "quit\n")
    assert repaired.exit_code == 0
    assert path.read_text() == whole
    assert (path.parent / "journal.jsonl.bak").read_text().endswith('"type": "ans')


def test_temporary_files_of_an_interrupted_write_are_removed_at_the_next_start(
    home: Path,
) -> None:
    for name in (".state.json.abc123.tmp", ".journal.jsonl.x.tmp"):
        (folder(home) / name).write_text("half a write")
    result = run(home, ["play", "d"], "quit\n")
    assert result.exit_code == 0
    assert "Removed 2 temporary file(s)" in result.output
    assert not list(folder(home).glob(".*.tmp"))


def test_a_save_of_the_earlier_format_that_cannot_replay_says_so(home: Path) -> None:
    """A save of format 1 (before the face-down deals were recorded as such, docs/decisions.md
    §3) whose answers no longer fit: the message says which twsolo made it and what to do,
    instead of blaming changed rules; the save is left untouched."""
    header = json.loads((folder(home) / "game.json").read_text())
    header["schema_version"] = 1
    (folder(home) / "game.json").write_text(json.dumps(header))
    old = [e for e in lines(home)[1:] if e["kind"] != "deal"]  # no start mark, no deals
    for seq, entry in enumerate(old):
        entry["seq"] = seq
    write_lines(home, old)
    (folder(home) / "state.json").unlink()
    before = {p.name: p.read_bytes() for p in folder(home).iterdir() if p.is_file()}
    result = run(home, ["play", "d"])
    assert result.exit_code == 2
    assert "saved by an earlier twsolo" in result.output + result.stderr
    assert "finish it with the twsolo that began it" in result.output + result.stderr
    after = {p.name: p.read_bytes() for p in folder(home).iterdir() if p.is_file()}
    assert after == before
