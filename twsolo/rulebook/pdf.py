"""Printing the rulebook's page to PDF with headless Chromium (the browser's own print engine
reads the page's print CSS: page breaks per part, no card entry cut across pages)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from twsolo.errors import TwsoloError

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
# Headless, and quiet on a machine without a network: no background fetches, no first-run page.
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-pdf-header-footer",
)
TIMEOUT = 180  # seconds: the book is about 100 pages


def find_browser() -> str:
    for name in BROWSERS:
        if path := shutil.which(name):
            return path
    raise TwsoloError(
        "--pdf needs Chromium (or Chrome) on the PATH, e.g. `apt-get install chromium`;"
        " --out FILE.html writes the page, which any browser prints"
    )


def print_pdf(html: str, target: Path) -> None:
    """Write `html` as a PDF at `target` (replaced only once the browser has finished)."""
    browser = find_browser()
    with tempfile.TemporaryDirectory(prefix="twsolo-rulebook-") as tmp:
        page = Path(tmp) / "rulebook.html"
        page.write_text(html, encoding="utf-8")
        out = Path(tmp) / "rulebook.pdf"
        command = [
            browser,
            *FLAGS,
            f"--user-data-dir={Path(tmp) / 'profile'}",
            f"--print-to-pdf={out}",
            page.as_uri(),
        ]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired as exc:
            raise TwsoloError(f"{browser} did not print the rulebook in {TIMEOUT} s") from exc
        if not out.is_file() or out.stat().st_size == 0:
            tail = (done.stderr or "").strip().splitlines()[-3:]
            raise TwsoloError(f"{browser} printed no PDF: " + " / ".join(tail))
        target.parent.mkdir(parents=True, exist_ok=True)
        staged = target.with_name(f".{target.name}.tmp")
        shutil.copyfile(out, staged)
        os.replace(staged, target)
