"""The rulebook reads hostile rules data as text (issue #40): HTML in an appendix entry's
`choices`, `on_human_play` or `note` (or a card's name) is shown as written, never made into
markup; the page's Content-Security-Policy lets nothing run or load; the PDF is printed by a
sealed Chromium (no script, nothing read but the page); the Markdown step is bounded in size and
time. docs/decisions.md §16."""

from __future__ import annotations

import base64
import hashlib
import re
import time
from pathlib import Path

import html5lib
import pypdf
import pytest
import yaml
from click.testing import CliRunner

from tests.browser import CHROMIUM, chromium
from twsolo.cli.main import cli
from twsolo.compose import load_ruleset, standard_vocabulary
from twsolo.files.browser import headless
from twsolo.rulebook import data_text
from twsolo.rulebook.book import render
from twsolo.rulebook.pdf import print_pdf

needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="apt-get install chromium")

SECRET = "TWSOLO-PLANTED-SECRET-5e1f"
# What every injected script would do; its result never appears as written ('SCRIPT'+'RAN').
JS = "document.title='PWN'+'ED';document.documentElement.append('SCRIPT'+'RAN')"
RAN = "SCRIPTRAN"
HOSTILE_NAME = "Duck <script>document.title='PWN'+'ED'</script> Cover"
# The only elements the page may hold, and the page's own head.
ALLOWED = {
    "html", "head", "meta", "title", "style", "body", "section", "nav", "h1", "h2", "h3", "h4",
    "h5", "h6", "p", "ol", "ul", "li", "dl", "dt", "dd", "table", "thead", "tbody", "tr", "th",
    "td", "code", "pre", "em", "strong", "i", "a", "small", "hr", "br", "blockquote",
}  # fmt: skip


def payloads(secret: Path) -> list[str]:
    """Each way in that the reliability round found, and the usual others."""
    uri = secret.as_uri()
    return [
        f"<script>{JS}</script>",
        f'<img src="x" onerror="{JS}">',
        f'<iframe src="{uri}"></iframe>',
        f'<svg onload="{JS}"><circle r="9"/></svg>',
        f'<a href="javascript:{JS}">raw link</a> and [md link](javascript:{JS})',
        f'<object data="{uri}"></object><embed src="{uri}">',
        f'<meta http-equiv="refresh" content="0; url={uri}">',
        f"![an image]({uri}) and <{uri}> and [ref][r]\n\n[r]: {uri}",
        f'<base href="{secret.parent.as_uri()}/"><link rel="stylesheet" href="{uri}">',
        f"inline <script>{JS}</script> in a sentence, `<code>` and &lt;entities&gt;",
    ]


def hostile_rules(rules_copy: Path, secret: Path) -> Path:
    """The rules copy with the payloads in #4-#7's choices, on_human_play and note, and in #4's
    name (cards.yaml and appendix.yaml)."""
    path = rules_copy / "appendix.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    text = "\n\n".join(payloads(secret))
    for entry in data["entries"][:4]:
        for field in ("choices", "on_human_play", "note"):
            entry[field] = f"{field} of #{entry['card']}:\n\n{text}"
    data["entries"][0]["name"] = HOSTILE_NAME
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    cards = rules_copy / "cards.yaml"
    cards.write_text(
        cards.read_text(encoding="utf-8").replace(
            "name: Duck and Cover", f'name: "{HOSTILE_NAME}"'
        ),
        encoding="utf-8",
    )
    return rules_copy


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "private" / "secret.txt"
    path.parent.mkdir()
    path.write_text(SECRET + "\n", encoding="utf-8")
    return path


@pytest.fixture
def hostile_page(rules_copy: Path, secret: Path) -> str:
    rules = load_ruleset(hostile_rules(rules_copy, secret))
    return render(rules, standard_vocabulary())


def pdf_text(path: Path) -> str:
    return "".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def test_html_in_the_data_is_text_not_markup(hostile_page: str) -> None:
    root = html5lib.parse(hostile_page, namespaceHTMLElements=False)
    tags = {e.tag for e in root.iter() if isinstance(e.tag, str)}
    assert tags <= ALLOWED, tags - ALLOWED
    for element in root.iter():
        for name, value in element.attrib.items():
            assert not name.lower().startswith("on"), (element.tag, name)
            if name in ("href", "src", "data", "action"):
                assert value.startswith("#"), (element.tag, value)
    metas = [m.attrib for m in root.iter("meta")]
    assert [m.get("http-equiv") for m in metas] == [None, "Content-Security-Policy"]
    assert len(list(root.iter("style"))) == 1
    # Shown as written: the entry's text holds the payload's characters.
    entry = next(e for e in root.iter("section") if e.get("id") == "card-4")
    words = "".join(entry.itertext())
    assert f"<script>{JS}</script>" in words
    assert f"[md link](javascript:{JS})" in words
    assert HOSTILE_NAME in words


def test_the_csp_allows_no_script_no_load_and_only_the_pages_style(hostile_page: str) -> None:
    root = html5lib.parse(hostile_page, namespaceHTMLElements=False)
    meta = next(m for m in root.iter("meta") if m.get("http-equiv"))
    policy = dict(d.strip().split(" ", 1) for d in meta.attrib["content"].split(";"))
    assert policy["default-src"] == "'none'"
    assert set(policy) <= {"default-src", "style-src", "base-uri", "form-action"}
    style = next(root.iter("style")).text or ""
    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    assert policy["style-src"] == f"'sha256-{digest}'"
    # The digest covers all the page's styling: no style attribute the policy would refuse.
    assert not [e.tag for e in root.iter() if "style" in e.attrib]


@needs_chromium
def test_no_script_runs_when_a_browser_opens_the_page(hostile_page: str, tmp_path: Path) -> None:
    page = tmp_path / "book.html"
    page.write_text(hostile_page, encoding="utf-8")
    dom = chromium("--dump-dom", page.as_uri())  # script on, as in a player's browser
    assert "twsolo — the solitaire rulebook</title>" in dom
    assert RAN not in dom
    assert "PWNED" not in dom


def raw_page(secret: Path, head: str = "") -> str:
    """A page with the payloads as live markup: what each guard must hold against alone. No
    meta refresh: it makes headless Chromium print nothing, sealed or not (and the escaping
    leaves the page no meta element but its own, test_html_in_the_data_is_text_not_markup)."""
    shown = [p for p in payloads(secret) if "refresh" not in p]
    body = "".join(shown).replace("[r]: ", "")
    return (
        f'<!DOCTYPE html><html><head><meta charset="utf-8">{head}<title>raw</title></head>'
        f"<body><p>printed</p>{body}</body></html>"
    )


@needs_chromium
def test_the_pages_policy_alone_stops_scripts_and_local_files(
    hostile_page: str, secret: Path, tmp_path: Path
) -> None:
    """Were the escaping to fail, the page's own head keeps a browser from running or reading."""
    head = re.search(r"<meta http-equiv=[^>]*>", hostile_page)
    assert head is not None
    page = tmp_path / "raw.html"
    page.write_text(raw_page(secret, head.group(0)), encoding="utf-8")
    assert RAN not in chromium("--dump-dom", page.as_uri())
    pdf = tmp_path / "raw.pdf"
    headless("--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri())
    text = pdf_text(pdf)
    assert "printed" in text
    assert RAN not in text
    assert SECRET not in text
    # Without the policy the same page runs its script and frames the file: the test can fail.
    page.write_text(raw_page(secret), encoding="utf-8")
    headless("--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri())
    text = pdf_text(pdf)
    assert RAN in text
    assert SECRET in text


@needs_chromium
def test_the_printing_browser_alone_runs_no_script_and_reads_no_other_file(
    secret: Path, tmp_path: Path
) -> None:
    """Were escaping and policy both to fail, the sealed browser runs nothing and reads only
    the page; the rulebook's own PDF goes through this print_pdf (test_rulebook.py prints the
    book)."""
    pdf = tmp_path / "raw.pdf"
    print_pdf(raw_page(secret), pdf)
    text = pdf_text(pdf)
    assert "printed" in text
    assert RAN not in text
    assert SECRET not in text


def set_notes(rules_copy: Path, notes: dict[int, str]) -> Path:
    """The copy with these entries' (by position) notes."""
    path = rules_copy / "appendix.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for index, note in notes.items():
        data["entries"][index]["note"] = note
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return rules_copy


def rulebook(rules_dir: Path, tmp_path: Path) -> tuple[int, str, float]:
    start = time.perf_counter()
    result = CliRunner().invoke(
        cli, ["rulebook", "--rules", str(rules_dir), "--out", str(tmp_path / "book.html")]
    )
    return result.exit_code, result.output, time.perf_counter() - start


def test_a_90_kb_note_of_open_tags_is_refused_at_once(rules_copy: Path, tmp_path: Path) -> None:
    code, output, seconds = rulebook(set_notes(rules_copy, {0: "<a " * 30_000}), tmp_path)
    assert code != 0
    assert "appendix.yaml: #4 note is 90,000 characters" in output
    assert "Traceback" not in output
    assert seconds < 30  # was over 120 s
    assert not (tmp_path / "book.html").exists()


def test_open_tags_under_the_limit_print_as_text_fast(rules_copy: Path) -> None:
    note = "<a " * 3_300  # 9,900 characters: 1.66 s at 4,000 when Markdown read HTML
    rules = load_ruleset(set_notes(rules_copy, {0: note}))
    text = data_text.DataText("appendix.yaml")
    start = time.perf_counter()
    html = text.html(note, "#4 note")
    assert time.perf_counter() - start < 0.5
    assert html.count("&lt;a ") == 3_300
    assert "<a" not in html
    assert "&lt;a &lt;a" in render(rules, standard_vocabulary())


def test_the_entries_text_is_bounded_in_total(rules_copy: Path, tmp_path: Path) -> None:
    notes = dict.fromkeys(range(25), "x" * 9_000)  # 225,000 characters, each under the limit
    code, output, _ = rulebook(set_notes(rules_copy, notes), tmp_path)
    assert code != 0
    assert "the entries' text passes 200,000 characters at #" in output


def test_markdown_past_its_time_limit_is_an_error_naming_the_field(
    rules_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(data_text, "TIME_LIMIT", 0.0)
    code, output, _ = rulebook(rules_copy, tmp_path)
    assert code != 0
    assert re.search(r"appendix\.yaml: the entries' text took Markdown [\d.]+ s by #4 ", output)
