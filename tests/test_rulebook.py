"""`twsolo rulebook` prints the paper bot from the rules data and the rulebook's prose (issue
#24): every section §1–§25, the AI's tables and one entry per card, as one self-contained page
that a browser prints; an edit of rules/ shows in the book; data it cannot say is an error."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from twsolo.cli.main import cli
from twsolo.compose import load_ruleset, standard_vocabulary
from twsolo.files.browser import find_browser
from twsolo.rulebook.book import VOCABULARY_MARK, render
from twsolo.rulebook.sources import Prose, cited_sections, rulebook_dir
from twsolo.rulebook.tables import all_tables
from twsolo.rulebook.words import RulebookError, choice_lines, window_words
from twsolo.ruleset.model import RegionRules
from twsolo.ruleset.vocabulary import frozen_vocabulary

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = find_browser()


class Text(HTMLParser):
    """The page's visible text per element id: what a reader sees in each card's entry."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.tags: set[str] = set()
        self.stack: list[str | None] = []
        self.text: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.add(tag)
        if a.get("id"):
            self.ids.add(str(a["id"]))
        for key in ("href", "src"):
            if a.get(key):
                self.links.append(str(a[key]))
        if tag not in ("br", "meta", "img", "hr"):
            self.stack.append(a.get("id"))

    def handle_endtag(self, tag: str) -> None:
        if tag not in ("br", "meta", "img", "hr") and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        for open_id in self.stack:
            if open_id:
                self.text.setdefault(open_id, []).append(data)

    def of(self, element_id: str) -> str:
        return " ".join(" ".join(self.text.get(element_id, [])).split())


def book(rules_dir: Path | None = None, tmp_path: Path | None = None) -> tuple[str, Text]:
    runner = CliRunner()
    assert tmp_path is not None
    out = tmp_path / "book.html"
    args = ["rulebook", "--out", str(out)]
    if rules_dir is not None:
        args += ["--rules", str(rules_dir)]
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    parsed = Text()
    parsed.feed(html)
    return html, parsed


def test_the_book_holds_every_section_every_table_and_every_card(tmp_path: Path) -> None:
    html, page = book(tmp_path=tmp_path)
    rules = load_ruleset(None)
    for n in range(1, 26):
        assert f"s{n}" in page.ids, f"§{n} is missing"
        assert page.of(f"s{n}").startswith(f"§{n} ")
    for table in ("influence-options", "coup-order", "priority-table", "schedule", "rating"):
        assert f"table-{table}" in page.ids
    assert sorted(rules.appendix) == sorted(
        int(i.removeprefix("card-")) for i in page.ids if re.fullmatch(r"card-\d+", i)
    )
    # The Region/Country Priority Table lists every country in the data's order.
    table = page.of("table-priority-table")
    europe = [rules.country(c).name for c in ("west_germany", "east_germany", "france")]
    assert table.index(europe[0]) < table.index(europe[1]) < table.index(europe[2])
    # Self-contained: no script, no file or address fetched, every link inside the page.
    assert "script" not in page.tags
    assert all(link.startswith("#") for link in page.links), page.links
    assert all(link[1:] in page.ids for link in page.links)
    assert "@media print" in html
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids)), "an anchor is defined twice"
    assert "base-a9" in page.ids  # the base game's page: card-events A9


def test_the_page_parses_as_html5_without_errors(tmp_path: Path) -> None:
    html5lib = pytest.importorskip("html5lib", reason="html5lib comes with the dev extra")
    html, _ = book(tmp_path=tmp_path)
    parser = html5lib.HTMLParser(strict=True)
    parser.parse(html)  # strict: the first parse error raises
    assert not parser.errors


def test_a_card_entry_reads_as_sentences(tmp_path: Path) -> None:
    _, page = book(tmp_path=tmp_path)
    duck = page.of("card-4")
    assert "#4 Duck and Cover" in duck
    assert "In the Headline, if the VP the event moves toward the AI is at least 2." in duck
    assert "In any Scoring Round, if after the event the AI has won the game." in duck
    junta = page.of("card-47")
    assert "junta.place" in junta
    assert "Tier 1:" in junta


def test_an_edit_of_the_rules_shows_in_the_book(tmp_path: Path) -> None:
    """A window, a resolve key order and a priority row, each changed in a copy of rules/."""
    mine = tmp_path / "my-rules"
    shutil.copytree(ROOT / "rules", mine)
    appendix = mine / "appendix.yaml"
    text = appendix.read_text(encoding="utf-8")
    text = text.replace('- "HL if: vp >= 2"', '- "HL if: vp >= 3"', 1)
    assert "keys: [{listed: [france, israel, uk]}]" in text
    text = text.replace(
        "keys: [{listed: [france, israel, uk]}]", "keys: [{listed: [uk, israel, france]}]"
    )
    appendix.write_text(text, encoding="utf-8")
    priorities = mine / "priorities.yaml"
    ptext = priorities.read_text(encoding="utf-8")
    assert "influence_options: [score, take_bg, break_bg," in ptext
    ptext = ptext.replace("[score, take_bg, break_bg,", "[score, break_bg, take_bg,")
    priorities.write_text(ptext, encoding="utf-8")

    _, before = book(tmp_path=tmp_path)
    (tmp_path / "book.html").unlink()
    _, after = book(mine, tmp_path)
    assert "is at least 2." in before.of("card-4").split("Non-Scoring")[0]
    assert "In the Headline, if the VP the event moves toward the AI is at least 3." in after.of(
        "card-4"
    )
    assert "france, israel, uk" in before.of("card-28")
    assert "uk, israel, france" in after.of("card-28")
    options_before = before.of("table-influence-options")
    options_after = after.of("table-influence-options")
    assert options_before.index("take_bg") < options_before.index("break_bg")
    assert options_after.index("break_bg") < options_after.index("take_bg")


def test_data_the_book_cannot_say_is_an_error() -> None:
    rules = load_ruleset(None)
    vocabulary = standard_vocabulary()
    # A rules field no table shows (a new rule in the model) stops the book.
    extended = dataclasses.make_dataclass(
        "Extended",
        [("new_threshold", int, dataclasses.field(default=3))],
        bases=(RegionRules,),
        frozen=True,
        kw_only=True,
    )
    wider = dataclasses.replace(
        rules,
        regions=extended(
            **{f.name: getattr(rules.regions, f.name) for f in dataclasses.fields(RegionRules)}
        ),
    )
    with pytest.raises(RulebookError, match=r"regions\.new_threshold"):
        all_tables(wider, vocabulary)
    # A name the vocabulary does not describe cannot be put in words.
    silent = frozen_vocabulary(
        {f: dict.fromkeys(vocabulary.of(f), "") for f in vocabulary.names},
        dict(vocabulary.event_keys),
    )
    spec = rules.appendix[47].resolve["junta.place"]
    with pytest.raises(RulebookError, match="no description"):
        choice_lines(spec, silent)
    window = rules.appendix[7].windows[0]
    with pytest.raises(RulebookError, match="no description"):
        window_words(window, silent)


def test_cited_sections_are_named_with_their_titles() -> None:
    cited = cited_sections(["spec §13.2 option 1", "spec §10.1.4 again, spec §18", "§99 none"])
    assert cited == [
        "§13.2 Options (after each completed option, restart at option 0) (in §13 AI Influence"
        " Placement Priority)",
        "§10.1.4 Procedure (in §10 The human's action round)",
        "§18 Region / Country Priority Table",
    ]


def test_countries_lists_every_id_with_its_name_and_region() -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["countries"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-1] == "84 countries"
    assert any(
        re.match(
            r"west_germany +West Germany +europe \(west_europe\), stability 4  battleground", x
        )
        for x in lines
    )
    europe = runner.invoke(cli, ["countries", "--region", "southeast_asia", "--json"])
    rows = json.loads(europe.output)
    assert {r["id"] for r in rows} == {
        "burma",
        "laos_cambodia",
        "thailand",
        "vietnam",
        "malaysia",
        "indonesia",
        "philippines",
    }


def test_the_shipped_prose_is_the_checkouts() -> None:
    prose = Prose.read()
    assert prose.directory == rulebook_dir()
    assert [n for n, _ in prose.sections] == list(range(1, 26))
    assert render(load_ruleset(None), standard_vocabulary(), prose).count('class="card"') == len(
        load_ruleset(None).appendix
    )


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed: apt-get install chromium")
def test_the_book_prints_to_pdf_with_no_card_entry_cut(tmp_path: Path) -> None:
    pypdf = pytest.importorskip("pypdf", reason="pypdf comes with the dev extra")
    pdf = tmp_path / "book.pdf"
    result = CliRunner().invoke(
        cli, ["rulebook", "--out", str(tmp_path / "book.html"), "--pdf", str(pdf)]
    )
    assert result.exit_code == 0, result.output
    pages = [
        " ".join(unicodedata.normalize("NFKC", p.extract_text() or "").split())  # ligatures
        for p in pypdf.PdfReader(pdf).pages
    ]
    assert 40 <= len(pages) <= 250, len(pages)
    rules = load_ruleset(None)
    for number, entry in rules.appendix.items():
        card = rules.card(number)
        head = f"#{number} {card.name}"
        side = {"us": "US event", "ussr": "USSR event"}.get(card.side, "neutral")
        # The entry's heading and its facts line (the base game's page names the card too).
        where = [i for i, page in enumerate(pages) if f"{head} {side} · {card.ops} Ops" in page]
        assert where, f"{head} is on no page"
        last = " ".join((entry.note or entry.on_human_play or entry.choices).split())
        tail = unicodedata.normalize("NFKC", re.sub(r"[`*_]", "", last))[-24:]
        end = next(i for i in range(where[-1], len(pages)) if tail in pages[i])
        # An entry stays on one page; one longer than a page starts a page of its own.
        assert end == where[-1] or pages[where[-1]].startswith(head), f"{head} is cut"


def test_the_appendix_language_lists_this_twsolos_vocabulary() -> None:
    """The page's listing is what `twsolo validate --vocabulary` prints after its summary."""
    from twsolo.cli.card_entry import vocabulary_lines

    text = Prose.read().language
    listing = text.split(VOCABULARY_MARK, 1)[1].split("```")[1].strip("\n")
    assert listing.splitlines() == vocabulary_lines(standard_vocabulary()), (
        "stale: paste the vocabulary part of `twsolo validate --vocabulary` into"
        " docs/rules/appendix-language.md"
    )
