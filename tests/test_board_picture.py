"""The map-shaped board picture (issue #28): its layout data checked at load time, the picture
measured in a real browser (headless Chromium), the live page `play --board` keeps, and the
`board` command at the table."""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from twsolo.cli.board_picture import Marks, board_html, changes_since, last_ai_action
from twsolo.cli.main import cli
from twsolo.engine.game import Game
from twsolo.engine.state import GameState
from twsolo.ids import Side
from twsolo.ruleset import Ruleset
from twsolo.sim.runs import GameSpec, providers
from twsolo.solo import play_game
from twsolo.solo.regions import primary_region, secondary_region

from .browser import CHROMIUM, chromium
from .table_person import Person, first, run_with

SVG = "{http://www.w3.org/2000/svg}"
# Where a card lies face up for everyone at the table: the only cards a picture may name.
FACE_UP = ("discard", "removed", "in_effect", "table", "spent", "primary", "secondary")

# Appended to a copy of the page: after layout, every country's box, every line's ends, the
# influence numbers drawn, written into the DOM that Chromium dumps.
MEASURE = """<script>
const box = el => { const b = el.getBBox(); return [b.x, b.y, b.width, b.height]; };
const out = {
  countries: [...document.querySelectorAll("g.country")].map(g => ({
    id: g.id.slice(8), box: box(g), frame: box(g.querySelector("rect")),
    us: [...g.querySelectorAll("text.inf-us")].map(t => t.textContent),
    ussr: [...g.querySelectorAll("text.inf-ussr")].map(t => t.textContent)})),
  superpowers: Object.fromEntries([...document.querySelectorAll("g.superpower")].map(
    g => [g.id, box(g)])),
  links: [...document.querySelectorAll("line.link")].map(l => ({
    a: l.dataset.a, b: l.dataset.b,
    ends: [l.x1.baseVal.value, l.y1.baseVal.value, l.x2.baseVal.value, l.y2.baseVal.value]})),
  text: document.body.innerText,
};
const pre = document.createElement("pre");
pre.id = "measured";
pre.textContent = JSON.stringify(out);
document.body.appendChild(pre);
</script>"""


# ------------------------------------------------------------------ the layout is rules data
def test_every_country_is_placed_once_with_no_box_over_another(rules: Ruleset) -> None:
    layout = rules.layout
    assert set(layout.at) == {c.id for c in rules.countries}
    w, h = layout.box
    boxes = [(*layout.at[c.id], w, h) for c in rules.countries]
    boxes += [(*xy, *layout.superpower_box) for xys in layout.superpowers.values() for xy in xys]
    for n, (x, y, bw, bh) in enumerate(boxes):
        assert x + bw <= layout.size[0]
        assert y + bh <= layout.size[1]
        for ox, oy, ow, oh in boxes[:n]:
            assert not (x < ox + ow and ox < x + bw and y < oy + oh and oy < y + bh)


def refused(rules_dir: Path) -> str:
    """What `twsolo validate` says of a broken rules directory (it must refuse it)."""
    result = CliRunner().invoke(cli, ["validate", "--rules", str(rules_dir)])
    assert result.exit_code != 0, result.output
    return result.output


def _line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def test_a_box_moved_onto_another_is_reported_where_it_stands(rules_copy: Path) -> None:
    path = rules_copy / "map.yaml"
    text = path.read_text()
    at = re.search(r"\n    uk: \[(\d+), (\d+)\]", text)
    assert at
    moved = re.sub(r"\n    benelux: \[\d+, \d+\]", f"\n    benelux: [{at[1]}, {at[2]}]", text)
    path.write_text(moved)
    line = _line_of(moved, "    benelux: [")
    assert f"map.yaml:{line}:14: layout.at.benelux: benelux's box overlaps uk's" in (
        refused(rules_copy)
    )


def test_a_country_left_out_or_unknown_is_reported(rules_copy: Path) -> None:
    path = rules_copy / "map.yaml"
    text = path.read_text()
    broken = re.sub(r"\n    cuba: \[", "\n    cubaa: [", text)
    path.write_text(broken)
    problems = refused(rules_copy)
    assert f"map.yaml:{_line_of(broken, 'cubaa')}:12: layout.at.cubaa: no country 'cubaa'" in (
        problems
    )
    assert "layout.at: cuba is not placed" in problems


# ------------------------------------------------------------------ the picture in a browser
def positions(rules: Ruleset, seed: int, *, table: bool) -> list[tuple[str, GameState, Any]]:
    """A seeded game's start, the end of the AI's middle action, and its end: each state with
    the AI's last action then."""
    ai = Side.USSR if seed % 2 else Side.US
    spec = GameSpec(seed, ai.value)
    seen: dict[str, list[tuple[GameState, Any]]] = {"setup": [], "action": [], "end": []}

    def watch(game: Game, step: str) -> None:
        if step in seen and (step != "action" or game.state.phasing is ai):
            seen[step].append((game.state.copy(), last_ai_action(rules, game.log, ai)))

    play_game(rules, spec.options(), providers(spec, ai), observer=watch, table=table)
    middle = seen["action"][len(seen["action"]) // 2]
    return [("start", *seen["setup"][0]), ("mid", *middle), ("end", *seen["end"][-1])]


def page_of(rules: Ruleset, state: GameState, marks: Marks | None) -> str:
    return board_html(
        rules,
        state,
        primary=primary_region(state, rules),
        secondary=secondary_region(state, rules),
        title="board",
        marks=marks,
    )


def inside(x: float, y: float, box: list[float]) -> bool:
    bx, by, w, h = box
    return bx <= x <= bx + w and by <= y <= by + h


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def face_up(state: GameState, marks: Marks | None, rules: Ruleset) -> set[int]:
    shown = {c for c in rules.cards if state.where(c) in FACE_UP}
    shown |= {e.card for e in state.effects}
    if marks is not None:  # the AI's last card, played face up
        shown |= {c for c in rules.cards if f"#{c} " in marks.caption}
    return shown


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed: apt-get install chromium")
@pytest.mark.parametrize(("seed", "table"), [(3, False), (8, False), (5, True)])
def test_a_browser_draws_the_board_as_the_state_has_it(
    tmp_path: Path, rules: Ruleset, seed: int, table: bool
) -> None:
    games = positions(rules, seed, table=table)
    assert [when for when, _, _ in games] == ["start", "mid", "end"]
    for when, state, marks in games:
        page = page_of(rules, state, marks)
        probe = tmp_path / f"{when}.html"
        probe.write_text(page.replace("</body>", MEASURE + "</body>"))
        dom = chromium("--dump-dom", probe.as_uri())
        found = re.search(r'<pre id="measured">(.*?)</pre>', dom, re.S)
        assert found, dom[-2000:]
        drawn = json.loads(html.unescape(found.group(1)))
        countries = {c["id"]: c for c in drawn["countries"]}
        assert set(countries) == {c.id for c in rules.countries}, when
        boxes = list(countries.values())
        for n, c in enumerate(boxes):
            assert c["box"] == c["frame"], c  # everything drawn stays inside the box
            assert min(c["box"][2:]) > 30, c
            for other in boxes[:n]:
                assert not overlap(c["box"], other["box"]), (c["id"], other["id"])
        # The numbers drawn are the state's influence (none drawn: none there).
        for country in rules.countries:
            for side in Side:
                numbers = countries[country.id][side.value]
                amount = state.inf(country.index, side)
                assert numbers == ([str(amount)] if amount else []), (when, country.id, side)
        # Every neighbour pair and superpower link is a line joining the right two boxes.
        pairs = {tuple(sorted((c.id, n))) for c in rules.countries for n in c.neighbours}
        links = drawn["links"]
        country_links = {tuple(sorted((k["a"], k["b"]))) for k in links if k["b"] in countries}
        assert country_links == pairs
        superpower_links = {
            (k["a"], k["b"].split("-")[1]) for k in links if k["b"] not in countries
        }
        assert superpower_links == {
            (c.id, c.superpower.value) for c in rules.countries if c.superpower is not None
        }
        for k in links:
            x1, y1, x2, y2 = k["ends"]
            far = drawn["superpowers"].get(k["b"]) or countries[k["b"]]["box"]
            assert inside(x1, y1, countries[k["a"]]["box"]), k
            assert inside(x2, y2, far), k
        # No card that lies face down (or in a deck, a hand, a pile unseen) is named.
        allowed = face_up(state, marks, rules)
        # The names of the face-up cards are taken out first, longest first, so that a hidden
        # name inside a shown one ("Asia Scoring" in "Southeast Asia Scoring") is not a hit.
        texts = [drawn["text"], html.unescape(page)]
        for name in sorted((rules.card(n).name for n in allowed), key=len, reverse=True):
            texts = [t.replace(name, "") for t in texts]
        for number, card in rules.cards.items():
            if number not in allowed:
                assert card.name not in texts[0], (when, card.name)
                assert card.name not in texts[1], (when, card.name)
        for number in sorted(state.piles["discard"].known()):
            assert rules.card(number).name in drawn["text"]


def test_the_last_ai_action_is_marked_with_its_changes(rules: Ruleset) -> None:
    """On the page, each country the AI's last action changed carries its +/− per side."""
    _, state, marks = positions(rules, 8, table=False)[1]
    assert marks is not None
    assert marks.changes, "seed 8's middle action changes no country"
    root = svg_of(page_of(rules, state, marks))
    for country in rules.countries:
        group = root.find(f".//{SVG}g[@id='country-{country.id}']")
        assert group is not None
        deltas = sorted(
            t.text or "" for t in group.iter(f"{SVG}text") if "delta" in t.get("class", "").split()
        )
        change = marks.changes.get(country.index, {})
        expected = sorted(f"{'+' if d > 0 else '−'}{abs(d)}" for d in change.values())
        assert deltas == expected, country.id


def svg_of(page: str) -> ET.Element:
    found = re.search(r"<svg.*</svg>", page, re.S)
    assert found, page[:500]
    return ET.fromstring(found.group(0))


def influence_drawn(page: str) -> dict[tuple[str, Side], int]:
    """The influence numbers of the page's picture, by country id and side (0: none drawn)."""
    out = {}
    for group in svg_of(page).iter(f"{SVG}g"):
        if "country" not in group.get("class", "").split():
            continue
        cid = group.get("id", "")[len("country-") :]
        for side in Side:
            texts = [
                t
                for t in group.iter(f"{SVG}text")
                if f"inf-{side.value}" in t.get("class", "").split()
            ]
            out[cid, side] = int(texts[0].text or "") if texts else 0
    return out


# ------------------------------------------------------------------ the live page
class Watching(Person):
    """A person who glances at the board page before typing each answer."""

    def __init__(self, page: Path, rules: Ruleset, **kw: Any) -> None:
        super().__init__(**kw)
        self.page, self.rules, self.looked = page, rules, 0

    def type_line(self, text: str, **kw: Any) -> str:
        if self.current is not None and self.current[0].state.result is None:
            state = self.current[0].state
            drawn = influence_drawn(self.page.read_text())
            for c in self.rules.countries:
                for side in Side:
                    assert drawn[c.id, side] == state.inf(c.index, side), (c.id, side)
            head = re.search(r'class="title"[^>]*>([^<]*)<', self.page.read_text())
            assert head
            assert head.group(1).startswith(f"Turn {state.turn} · ")
            self.looked += 1
        return super().type_line(text, **kw)


def test_play_board_rewrites_the_page_after_every_answer(tmp_path: Path, rules: Ruleset) -> None:
    page = tmp_path / "b.html"
    run_with(tmp_path, ["new", "--seed", "4", "--name", "g"], Person(script=[*first(3), "quit"]))
    person = Watching(page, rules, script=[*first(80), "quit"])
    out = run_with(tmp_path, ["play", "g", "--board", str(page)], person)
    assert person.looked >= 50, out[-2000:]
    text = page.read_text()
    assert '<meta http-equiv="refresh"' in text
    assert not re.search(r"<(script|link|img|iframe)\b", text)  # nothing fetched
    assert not list(tmp_path.glob(".b.html.*"))  # written atomically: no temporary file left
    # What `show` prints of the saved game is what the page shows.
    shown = run_with(tmp_path, ["show", "g"], Person())
    drawn = influence_drawn(text)
    for c in rules.countries:
        row = re.search(rf"  [* ]{re.escape(c.name)} +s\d  US +(\d+)  USSR +(\d+)", shown)
        assert row, c.name
        assert (drawn[c.id, Side.US], drawn[c.id, Side.USSR]) == (int(row[1]), int(row[2]))


def test_inspect_and_rollback_put_that_turns_board_on_the_page(
    tmp_path: Path, rules: Ruleset
) -> None:
    page = tmp_path / "b.html"
    seen: dict[str, Any] = {}

    def say(game: Game, choice: Any) -> list[str] | None:
        if "rolled" in seen:  # back in turn 1: what the page shows now, then stop
            seen["page"], seen["state"] = page.read_text(), game.state.copy()
            return ["quit"]
        if game.state.turn == 2:
            seen["rolled"] = True
            return ["inspect 1", "rollback 1", "y"]  # "y": taking back an ended turn asks
        return None

    out = run_with(
        tmp_path, ["new", "--seed", "4", "--name", "g", "--board", str(page)], Person(say=say)
    )
    assert "The board page shows the end of turn 1 until your next answer." in out
    text, state = seen["page"], seen["state"]
    assert state.turn == 1
    assert "Taken back: change these (marked +/−)" in text
    drawn = influence_drawn(text)
    assert all(drawn[c.id, s] == state.inf(c.index, s) for c in rules.countries for s in Side)


def test_inspect_shows_the_end_of_that_turn(tmp_path: Path, rules: Ruleset) -> None:
    page = tmp_path / "b.html"

    def say(game: Game, choice: Any) -> list[str] | None:
        return ["inspect 1", "quit"] if game.state.turn == 2 else None

    person = Person(say=say)
    out = run_with(tmp_path, ["new", "--seed", "4", "--name", "g", "--board", str(page)], person)
    assert "The board page shows the end of turn 1 until your next answer." in out
    text = page.read_text()
    assert "<title>twsolo: g, end of turn 1</title>" in text
    assert "This is the board at the end of turn 1" in text


def test_at_the_table_board_marks_what_changed_since_the_last_one(
    tmp_path: Path, rules: Ruleset
) -> None:
    person = Person(commands={40: "board", 120: "board"})
    states: list[GameState] = []
    original = Person.type_line

    def typing(text: str, **kw: Any) -> str:
        line = original(person, text, **kw)
        if line == "board" and person.current is not None:
            states.append(person.current[0].state.copy())
        if len(states) == 2 and line != "board":
            raise click.Abort  # stop right after the second picture's answer
        return line

    person.type_line = typing  # type: ignore[method-assign]
    out = run_with(tmp_path, ["new", "--table", "--seed", "2", "--name", "t"], person)
    assert out.count("The board: file://") == 2
    page = (tmp_path / "games" / "t" / "board.html").read_text()
    before, after = states
    expected = changes_since(rules, before, after, "").changes
    assert expected, "nothing changed between the two pictures"
    root = svg_of(page)
    assert "Changed since your last `board`" in page
    for country in rules.countries:
        group = root.find(f".//{SVG}g[@id='country-{country.id}']")
        assert group is not None
        framed = any("changed" in r.get("class", "") for r in group.iter(f"{SVG}rect"))
        assert framed == (country.index in expected), country.id


def test_show_writes_the_picture_and_refuses_a_folder_that_is_not_there(
    tmp_path: Path, rules: Ruleset
) -> None:
    run_with(tmp_path, ["new", "--seed", "6", "--name", "s"], Person(script=[*first(20), "quit"]))
    svg, page = tmp_path / "b.svg", tmp_path / "b.html"
    out = run_with(tmp_path, ["show", "s", "--svg", str(svg), "--html", str(page)], Person())
    assert f"Board picture written to {svg}" in out
    root = ET.parse(svg).getroot()
    drawn = {g.get("id") for g in root.iter(f"{SVG}g") if "country" in g.get("class", "")}
    assert drawn == {f"country-{c.id}" for c in rules.countries}
    text = page.read_text()
    assert influence_drawn(text) == influence_drawn(svg.read_text())
    assert "http-equiv" not in text  # a page of a saved game: nothing to reload
    missing = tmp_path / "no" / "such" / "b.html"
    result = CliRunner().invoke(cli, ["show", "s", "--html", str(missing), "--home", str(tmp_path)])
    assert result.exit_code != 0
    assert f"cannot write {missing}: there is no folder {missing.parent}" in result.output
    assert not missing.parent.exists()
    refused = CliRunner().invoke(
        cli, ["play", "s", "--board", str(missing), "--home", str(tmp_path)], input="quit\n"
    )
    assert refused.exit_code == 2
    assert "there is no folder" in refused.output
