"""The appendix condition language and windows (card-appendix §1.1–§1.2), and their loading."""

from __future__ import annotations

from pathlib import Path

import pytest

from twsolo.compose import load_ruleset, standard_vocabulary
from twsolo.errors import RulesDataError
from twsolo.ruleset import Ruleset
from twsolo.ruleset.conditions import (
    All,
    Any_,
    Compare,
    ConditionError,
    Flag,
    Not,
    parse_condition,
    parse_window,
)


def test_precedence_not_then_and_then_or() -> None:
    tree = parse_condition("not wins and vp >= 2 or custom:summit_favoured", standard_vocabulary())
    assert tree == Any_(
        (All((Not(Flag("wins")), Compare("vp", ">=", 2))), Flag("custom:summit_favoured"))
    )


def test_parentheses_group() -> None:
    tree = parse_condition("defcon >= 3 and (wins or beats_ops)", standard_vocabulary())
    assert tree == All((Compare("defcon", ">=", 3), Any_((Flag("wins"), Flag("beats_ops")))))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("vp >= x", "vp >= needs an integer"),
        ("vp", "ends too early"),
        ("wins >= 1", "unexpected '>='"),
        ("glory >= 1", "unknown term 'glory'"),
        ("custom:nope", "unknown custom predicate"),
        ("(wins", "ends too early"),
        ("wins and", "ends too early"),
        ("vp >= 2; import os", "unexpected ';"),
        ("", "empty condition"),
    ],
)
def test_bad_conditions_are_refused(text: str, message: str) -> None:
    with pytest.raises(ConditionError, match=message.replace("(", r"\(")):
        parse_condition(text, standard_vocabulary())


def test_windows() -> None:
    assert parse_window("SR:asia,southeast_asia", standard_vocabulary()).regions == (
        "asia",
        "southeast_asia",
    )
    w = parse_window("midlate:AR:1-2 if: vp >= 1", standard_vocabulary())
    assert (w.kind, w.rounds, w.era) == ("AR", (1, 2), "midlate")
    assert w.condition == Compare("vp", ">=", 1)
    assert parse_window("early:AR:1", standard_vocabulary()).rounds == (1, 1)
    with pytest.raises(ConditionError, match="unknown region 'mars'"):
        parse_window("SR:mars", standard_vocabulary())
    with pytest.raises(ConditionError, match="unknown window"):
        parse_window("ALWAYS", standard_vocabulary())


def test_the_appendix_loads_every_entry(rules: Ruleset) -> None:
    assert len(rules.appendix) == 107
    assert min(rules.appendix) == 4
    duck = rules.appendix[4]
    assert [w.text for w in duck.windows] == ["HL if: vp >= 2", "NSR if: vp >= 2", "SR if: wins"]
    assert rules.appendix[21].windows[0].kind == "never"
    assert rules.appendix[104].source == "designed_optional"


def test_a_bad_condition_is_reported_with_file_and_line(rules_copy: Path) -> None:
    path = rules_copy / "appendix.yaml"
    text = path.read_text()
    old = '      - "HL if: vp >= 2"\n'
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, '      - "HL if: vp >= lots"\n', 1))
    with pytest.raises(RulesDataError) as info:
        load_ruleset(rules_copy)
    (msg,) = info.value.problems
    assert f"appendix.yaml:{line}:" in msg
    assert "entries[0].ai_play[0]: vp >= needs an integer, got 'lots'" in msg
