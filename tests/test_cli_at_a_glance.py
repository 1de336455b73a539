"""Reading the game at a glance (issue #13), through the real command line: a person types at
every prompt (tests/table_person.py) in a seeded table game and a seeded digital game, and the
screens are read as that person reads them — the round banner, the scoring breakdowns, the
military ops check, the end-of-turn checklist, the off-region mark and warning, coup odds, plain
words for how cards are played, one way to answer, the commands that look back, the end of the
game and what may follow it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from twsolo.cli.main import cli
from twsolo.compose import load_ruleset
from twsolo.engine.choices import CHANCE, Choice
from twsolo.engine.game import Game

from .table_person import FIRST, Person, Prompt, first, run_typing, run_with

RULES = load_ruleset()
BANNER = re.compile(
    r"── Turn (\d+) AR(\d+) of \d+, (your|the AI's) action │ (.*?) │ VP you [+-]\d+ │ "
    r"DEFCON \d │ Mil ops you \d/\d, AI \d/\d"
)
BREAKDOWN = re.compile(
    r"(?:final scoring: )?([A-Z][a-z]+(?: [A-Z][a-z]+)*) scores: (no VP|net (?:US|USSR) \+\d+)\n"
    r" +US: +(.*)\n +USSR: +(.*)"
)
PLAYED_FOR_OPS = re.compile(
    r"(US|USSR) plays #(\d+) [^\n(]+(?:\((US|USSR) event\) )?for (\d) Ops?(.*)"
)
INTERNAL = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\(\d+:\d+:\w+\)|\bvp20\b")


play = run_with


def questions(person: Person, out: str) -> list[tuple[Prompt, list[str], str]]:
    """Each question asked: its last prompt, every line typed at it (commands, the answer, a
    confirmation), and what was printed from its start to the next question's start."""
    groups: list[list[Prompt]] = []
    for p in person.prompts:
        if groups and groups[-1][-1].choice is p.choice and groups[-1][-1].output_at == p.output_at:
            groups[-1].append(p)
        else:
            groups.append([p])
    ends = [g[0].output_at for g in groups[1:]] + [len(out)]
    return [
        (g[-1], [p.typed for p in g], out[g[0].output_at : end])
        for g, end in zip(groups, ends, strict=True)
    ]


def check_screens(person: Person, out: str, human: str) -> None:
    """What both modes show: banners, breakdowns, marks, warnings, odds, plain words."""
    rules = RULES
    cards_played = 0
    for p, typed, text in questions(person, out):
        choice = p.choice
        if choice.kind == "ar_card":
            banner = BANNER.search(text)
            assert banner, text[:600]
            assert (int(banner[1]), int(banner[2]), banner[3]) == (p.turn, p.action_round, "your")
            where = banner[4]
            assert where.startswith("SCORING ROUND:") is p.scoring_round
            if p.scoring_round:
                assert re.fullmatch(
                    r"SCORING ROUND: [A-Za-z ]+ scores after both act — you act first · "
                    r"Secondary [A-Za-z -]+",
                    where,
                ), where
        costly = choice.context.get("off_region", ())
        assert ("(-1 VP)" in text) is bool(costly), (choice.prompt, text[:400])
        if costly and {rules.country(str(c)).name for c in costly} & set(typed):
            assert "Warning:" in text
            assert "is outside the Primary and Secondary Regions: it costs you 1 VP" in text
        if choice.kind == "coup" and choice.actor != CHANCE:
            assert re.search(r"\((?:-1 VP; )?(needs \d\+: \d+%|any roll: 100%|no roll)", text)
        if choice.kind == "play" and "ops" in typed:
            # Said before the next question (after the order of an opponent's event).
            card = int(choice.context["card"])
            after = PLAYED_FOR_OPS.search(out, p.output_at)
            assert after is not None
            assert (after[1], int(after[2])) == (human.upper(), card), after[0]
            cards_played += 1
    assert cards_played, "the person never played a card for ops"
    # The AI's cards played for ops say so, with their Ops after modifiers.
    ai_plays = [m for m in PLAYED_FOR_OPS.finditer(out) if m[1] != human.upper()]
    assert ai_plays
    for m in ai_plays:
        assert 1 <= int(m[4]) <= 4
        if m[3]:  # the opponent's event: whose, and in which order
            assert re.search(r" — (your event happens first|then your event)$", m[5]), m[0]
    # A Scoring Round's note is followed by both sides' breakdown, also when it nets zero.
    notes = re.findall(r"Scoring Round: #\d+ ([A-Za-z ]+) Scoring scores", out)
    breakdowns = [m[1] for m in BREAKDOWN.finditer(out) if "final" not in m[0]]
    assert notes
    assert all(n in breakdowns for n in notes)
    for m in BREAKDOWN.finditer(out):
        for side_line in (m[3], m[4]):
            assert re.search(r"= \d+ VP", side_line), side_line
    lines = [line for line in out.splitlines() if not line.startswith("> ")]
    leaks = [line for line in lines if INTERNAL.search(line)]
    assert not leaks, leaks[:5]


def at_the_table(game: Game, choice: Choice) -> list[str] | None:
    """The person's own ways of answering, tried at chosen questions (see the test)."""
    both = 1 in choice.options and 38 in choice.options
    if choice.prompt == "reveal the Primary Region" and both:
        return ["asia scoring"]  # the exact name, not ambiguous with Southeast Asia's
    if choice.prompt == "draft step 1: draw (1 of 6)" and game.state.turn == 1:
        return ["?", "12", "x" * 500]
    if game.state.turn >= 4:
        return ["quit"]
    return None


@pytest.mark.slow
def test_three_table_turns_read_at_a_glance(tmp_path: Path) -> None:
    commands = {3: "inspect 9", 4: "inspect 1", 5: "history 99", 6: "show europe"}
    person = Person(seed=4, commands=commands, say=at_the_table)
    args = ["new", "--side", "ussr", "--table", "--dice", "manual", "--seed", "4", "--name", "t"]
    out = play(tmp_path, args, person)
    check_screens(person, out, "ussr")
    # Commands that look back refuse turns that do not exist; show takes a region.
    assert "There is no turn 9 to inspect: this is turn 1." in out
    assert "Turn 1 has not ended yet: `show` prints the board now." in out
    assert "There is no turn 99 to show: this is turn 1." in out
    shown = out.split("> show europe\n", 1)[1].split("\n> ", 1)[0]
    assert "== Europe ==" in shown
    assert "== Asia ==" not in shown
    # One way to answer: a long list of cards is not numbered, `?` lists it two a line, a
    # plain number is refused with the hint, a long bad input is quoted cut to 60 characters.
    assert re.search(r"\n  #4 Duck and Cover \(3 ops, US\) +#\d+ ", out)
    assert "Refused: no list is numbered here: type #12 for card 12" in out
    assert "Refused: '" + "x" * 59 + "…' is not a legal answer here" in out
    # The exact name wins: `asia scoring` is Asia Scoring, echoed as understood.
    assert "> asia scoring\n  = #1 Asia Scoring (scores Asia)" in out
    lines = (tmp_path / "games/t/journal.jsonl").read_text().splitlines()
    journal = [json.loads(line) for line in lines]
    primary = next(e for e in journal if e["kind"] == "draw" and e["answer"] in (1, 38))
    assert primary["answer"] == 1
    # The military ops check of each turn, and the checklist after it.
    for turn in (1, 2, 3):
        assert len(re.findall(r"military operations check, DEFCON \d: US \d", out)) >= turn
        checklist = out.split(f"End of turn {turn}: check the board\n", 1)[1]
        assert checklist.startswith(f"  [ ] the turn marker on turn {turn + 1}\n  [ ] DEFCON at ")
        assert "  [ ] both military ops markers at 0 (US 0, USSR 0)\n" in checklist
        assert "  [ ] the China Card turned face up: " in checklist
    assert "Saved. Resume with: twsolo play t" in out


@pytest.mark.slow
def test_a_digital_game_reads_at_a_glance_to_its_end_and_after(tmp_path: Path) -> None:
    after = ["history 99", "inspect 99", "show asia", "undo"]
    person = Person(seed=7, after_end=after)
    out = play(tmp_path, ["new", "--side", "us", "--seed", "7", "--name", "d"], person)
    check_screens(person, out, "us")
    over = out.split("Game over: ", 1)[1]
    assert re.match(r"the (US|USSR) [a-z]", over)  # how it ended, in words
    assert re.search(r"\nVictory Rating: [A-Z][a-z]+ (victory|defeat)|Draw", over)
    summary = over.split("Turn by turn (VP from your side, DEFCON at the end of each turn):\n")[1]
    turn_row, vp_row, defcon_row = summary.splitlines()[:3]
    assert turn_row.split()[1:] == [str(t) for t in range(1, len(turn_row.split()))]
    assert vp_row.startswith("  VP ")
    assert defcon_row.startswith("  DEFCON ")
    assert "Scorings (VP from your side):\n  turn 1 AR" in over
    # After the end: the commands look back, and undo takes back the last decision and plays on.
    assert "There is no turn 99 to show: the game lasted" in over
    assert "There is no turn 99 to inspect: the game lasted" in over
    assert "== Asia ==" in over.split("> show asia\n", 1)[1].split("\n> ", 1)[0]
    assert "undo: " in over
    assert over.count("Game over: ") == 1  # played on after the undo, and over again
    # A finished game can be opened again: the summary, then undo.
    again = run_typing(tmp_path, ["play", "d"], ["undo", FIRST, FIRST, FIRST])
    assert again.exit_code == 0, again.output[-2000:]
    assert "Turn by turn (VP from your side" in again.output
    assert "answer(s) taken back." in again.output


def test_ctrl_d_and_ctrl_c_say_how_to_resume(tmp_path: Path) -> None:
    stopped = run_typing(tmp_path, ["new", "--seed", "3", "--name", "c"], first(5))
    assert stopped.exit_code == 0
    assert stopped.output.endswith("\nSaved. Resume with: twsolo play c\n")

    def interrupt(game: Game, choice: Choice) -> list[str]:
        raise KeyboardInterrupt

    with pytest.MonkeyPatch.context() as patch:
        Person(say=interrupt).sit_down(patch)
        result = CliRunner().invoke(cli, ["play", "c", "--home", str(tmp_path)])
    assert result.exit_code == 0
    assert result.output.endswith("\nSaved. Resume with: twsolo play c\n")


def test_the_summary_of_a_game_begun_from_a_scenario_starts_at_its_turn(tmp_path: Path) -> None:
    """A game begun at turn 5 (VP 2 to the USSR, DEFCON 3): the "Turn by turn" table begins at
    turn 5 with the VP and DEFCON the turn ended with, not at turn 1 from the set-up's."""
    scenario = Path(__file__).parent / "scenarios" / "full_position.yaml"
    out = play(tmp_path, ["new", "--from", str(scenario), "--seed", "4", "--name", "s"], Person(3))
    summary = out.split("Turn by turn (VP from your side, DEFCON at the end of each turn):\n")[1]
    turn_row = summary.splitlines()[0]
    assert turn_row.split()[1:] == [str(t) for t in range(5, 4 + len(turn_row.split()))]
