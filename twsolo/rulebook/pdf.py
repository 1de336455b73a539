"""Printing the rulebook's page to PDF with headless Chromium (the browser's own print engine
reads the page's print CSS: page breaks per part, no card entry cut across pages). The browser
is sealed (twsolo/files/browser.py): script off, and it reads the page and nothing else."""

from __future__ import annotations

import tempfile
from pathlib import Path

from twsolo.errors import TwsoloError
from twsolo.files.browser import find_browser, headless
from twsolo.files.output import write_atomically

TIMEOUT = 180  # seconds: the book is about 100 pages


def print_pdf(html: str, target: Path) -> None:
    """Write `html` as a PDF at `target` (replaced only once the browser has finished)."""
    if find_browser() is None:
        raise TwsoloError(
            "--pdf needs Chromium (or Chrome) on the PATH, e.g. `apt-get install chromium`;"
            " --out FILE.html writes the page, which any browser prints"
        )
    with tempfile.TemporaryDirectory(prefix="twsolo-rulebook-") as tmp:
        page = Path(tmp) / "rulebook.html"
        page.write_text(html, encoding="utf-8")
        out = Path(tmp) / "rulebook.pdf"
        # The page alone in its folder, opened sealed: no script, nothing read but the page.
        done = headless(
            "--no-pdf-header-footer",
            f"--print-to-pdf={out}",
            page.as_uri(),
            timeout=TIMEOUT,
            sealed=page.as_uri(),
        )
        if not out.is_file() or out.stat().st_size == 0:
            tail = (done.stderr or "").strip().splitlines()[-3:]
            raise TwsoloError("the browser printed no PDF: " + " / ".join(tail))
        write_atomically(target, out.read_bytes())
