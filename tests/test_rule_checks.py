"""`validate`'s checks for the silent mistakes of an appendix edit (issue #25): each an error or
a warning naming file:line (and column where it is one place)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from twsolo.cli.main import cli
from twsolo.compose import standard_vocabulary
from twsolo.ruleset.conditions import Condition, parse_condition
from twsolo.ruleset.conditions import never_holds as never

DUCK = '      - "HL if: vp >= 2"\n      - "NSR if: vp >= 2"\n'


def parsed(text: str) -> Condition:
    return parse_condition(text, standard_vocabulary())


def validate(rules: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["validate", "--rules", str(rules)])
    return result.exit_code, result.output


def edit(rules: Path, old: str, new: str, name: str = "appendix.yaml") -> str:
    path = rules / name
    text = path.read_text()
    assert old in text
    text = text.replace(old, new, 1)
    path.write_text(text)
    return text


def line_of(text: str, fragment: str) -> int:
    return text[: text.index(fragment)].count("\n") + 1


def where(rules: Path, text: str, fragment: str) -> str:
    return f"{rules / 'appendix.yaml'}:{line_of(text, fragment)}:"


def test_never_with_other_windows(rules_copy: Path) -> None:
    text = edit(rules_copy, DUCK, DUCK + '      - "never"\n')
    code, out = validate(rules_copy)
    assert code == 2
    never_line = '- "never"\n      - "SR'
    assert f"{where(rules_copy, text, never_line)}9: " in out
    assert "'never' together with other windows (HL, NSR, SR)" in out


def test_two_windows_of_one_kind(rules_copy: Path) -> None:
    text = edit(rules_copy, DUCK, DUCK + '      - "NSR if: controls >= 2"\n')
    code, out = validate(rules_copy)
    assert code == 2
    first = line_of(text, '"NSR if: vp >= 2"')
    second = '- "NSR if: controls'
    assert f"{where(rules_copy, text, second)}9: " in out
    assert f"a second NSR window (the first is at line {first})" in out


@pytest.mark.parametrize(
    "condition", ["vp >= 2 and vp < 1", "controls > 3 and (wins or vp == 1) and controls <= 3"]
)
def test_a_condition_that_can_never_hold(rules_copy: Path, condition: str) -> None:
    text = edit(rules_copy, '"HL if: vp >= 2"', f'"HL if: {condition}"')
    code, out = validate(rules_copy)
    assert code == 2
    assert f"{where(rules_copy, text, condition)}9: " in out
    assert "the condition can never hold: " in out


def test_interval_reasoning() -> None:
    def holds(text: str) -> bool:
        return never(parsed(text)) is None

    assert not holds("vp >= 2 and vp < 1")
    assert not holds("vp == 3 and vp != 3")
    assert not holds("wins or (vp > 1 and vp < 2)")  # a dead branch is a mistake too
    assert holds("vp >= 2 and vp < 3")
    assert holds("vp >= 2 or vp < 1")
    assert holds("not (vp >= 2 and vp < 1)")
    assert holds("vp >= 2 and controls < 1")
    assert never(parsed("vp >= 2 and vp < 1")) == "vp >= 2 and vp < 1"


def test_a_card_without_an_entry_is_listed(rules_copy: Path) -> None:
    path = rules_copy / "appendix.yaml"
    text = path.read_text()
    start, end = text.index("  - card: 14\n"), text.index("  - card: 15\n")
    path.write_text(text[:start] + text[end:])
    code, out = validate(rules_copy)
    assert code == 0  # a warning: the rules load
    entries = line_of(text, "entries:")
    assert f"{path}:{entries}: entries: no entry for #14 COMECON (the AI never plays" in out
    code, out = validate(Path(__file__).parents[1] / "rules")
    assert "warnings" not in out  # the shipped rules: every card without one scores


def test_prose_written_for_other_data_is_flagged(rules_copy: Path) -> None:
    text = edit(rules_copy, DUCK, '      - "HL if: vp >= 3"\n      - "NSR if: vp >= 2"\n')
    line = line_of(text, "  - card: 4\n")
    message = f"{rules_copy / 'appendix.yaml'}:{line}: #4's choices/on_human_play/note were written"
    code, out = validate(rules_copy)
    assert code == 0
    assert message in out
    shown = CliRunner().invoke(cli, ["cards", "show", "4", "--rules", str(rules_copy)]).output
    assert "  ! " + message in shown
    digest = re.search(r"write `4: (\w+)` under written_for", shown)
    assert digest
    # The text checked, its new digest written: nothing to flag.
    edit(rules_copy, "  4: ", f'  4: "{digest.group(1)}"\n  #', "prose.yaml")
    assert "were written for other data" not in validate(rules_copy)[1]


def test_unknown_names_get_a_did_you_mean(rules_copy: Path) -> None:
    text = edit(rules_copy, '"HL if: vp >= 2"', '"HL if: contols >= 2"')
    edit(rules_copy, "    source: seed\n", "    source: sed\n")
    code, out = validate(rules_copy)
    assert code == 2
    column = text.splitlines()[line_of(text, "contols") - 1].index("contols") + 1
    assert f"{where(rules_copy, text, 'contols')}{column}: " in out
    assert "unknown term 'contols' (did you mean 'controls'?)" in out
    assert "unknown value 'sed' (did you mean 'seed'?)" in out


@pytest.mark.parametrize("indent", ["   ", "     "])
def test_a_mis_indented_key_is_said_in_the_files_terms(rules_copy: Path, indent: str) -> None:
    text = edit(rules_copy, '    name: "Duck and Cover"\n', f'{indent}name: "Duck and Cover"\n')
    code, out = validate(rules_copy)
    assert code == 2
    assert f"{where(rules_copy, text, indent + 'name: ')}{len(indent) + 1}: " in out
    assert (
        f"the key 'name' is indented by {len(indent)} spaces, but 'card' on the line above by 4"
        in out
    )
    assert "<block end>" not in out


def test_one_column_per_message(rules_copy: Path) -> None:
    """`&&`: the file's column of the `&&`, and no second column inside the message."""
    text = edit(rules_copy, '"HL if: vp >= 2"', '"HL if: vp >= 2 && wins"')
    code, out = validate(rules_copy)
    assert code == 2
    line = text.splitlines()[line_of(text, "&&") - 1]
    message = next(m for m in out.splitlines() if "&&" in m)
    assert message.removeprefix("error: ").startswith(
        f"{where(rules_copy, text, '&&')}{line.index('&&') + 1}: "
    )
    assert "unexpected '&&' (write 'and')" in message
    assert "at column" not in message.split(": ", 2)[-1]
