"""Every `twsolo …` command that README.md and docs/ name exists: its `--help` runs (issue #42).
In-game commands (`why`, `undo`, `board`, ...) are typed at a prompt, never after `twsolo`."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from twsolo.cli.main import cli

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
# `twsolo WORD [WORD]`, as typed: after a path (`.venv/bin/twsolo`) or alone; not `twsolo.api`,
# `twsolo/`, `twsolo[report]` nor the package named in prose ("twsolo plays", "twsolo's").
SHELL = ("", "sh", "bash", "console", "shell")  # fences whose lines are commands
NAMED = re.compile(r"(?:^|[\s`(/])twsolo ((?:[a-z][a-z-]*)(?: [a-z][a-z-]*)?)", re.MULTILINE)


def named_commands() -> dict[tuple[str, ...], str]:
    """Each command path named in a code span or block, with the first file:line naming it."""
    found: dict[tuple[str, ...], str] = {}
    for path in DOCS:
        fence: str | None = None  # the open fence's language
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("```"):
                fence = None if fence is not None else line.strip("` ")
                continue
            if fence is not None:
                text = line if fence in SHELL else ""
            else:
                text = "\n".join(re.findall(r"`([^`]*)`", line))
            for m in NAMED.finditer(text):
                words = tuple(m.group(1).split())
                found.setdefault(words, f"{path.relative_to(ROOT)}:{n}")
    return found


def command_path(words: tuple[str, ...]) -> list[str]:
    """The words that name a command of the CLI: a group's subcommand is taken along."""
    group = cli
    assert isinstance(group, click.Group)
    first = group.commands.get(words[0])
    if first is None:
        return [words[0]]
    if isinstance(first, click.Group) and len(words) > 1 and words[1] in first.commands:
        return list(words[:2])
    return [words[0]]


COMMANDS = named_commands()


def test_the_docs_name_commands() -> None:
    assert len({tuple(command_path(w)) for w in COMMANDS}) >= 10


@pytest.mark.parametrize("words", sorted({tuple(command_path(w)) for w in COMMANDS}))
def test_every_named_command_runs_its_help(words: tuple[str, ...]) -> None:
    where = next(v for k, v in COMMANDS.items() if tuple(command_path(k)) == words)
    result = CliRunner().invoke(cli, [*words, "--help"])
    assert result.exit_code == 0, f"{where}: `twsolo {' '.join(words)}` is not a command"
    assert "Usage:" in result.output
