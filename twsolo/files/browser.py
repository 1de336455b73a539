"""Headless Chromium, for what twsolo prints through a browser (the rulebook's PDF) and for the
tests and scripts that look at a page as a browser lays it out (the report, the board picture).
Quiet on a machine without a network: no background fetches, no first-run page; `--no-sandbox`
because CI runs as root.

A page made from data twsolo does not own (the rulebook from a `--rules` copy) is opened
`sealed`: the fresh profile's preferences turn script and images off and block every address
but the page's own, so the browser reads nothing else (docs/decisions.md §16). Preferences,
not flags: `--blink-settings=scriptEnabled=false` makes `--print-to-pdf` print nothing (exit 0,
Chromium 156), and no flag blocks a file:// page from framing another file."""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from twsolo.errors import TwsoloError

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
BLOCK = 2  # a content setting's value for "blocked"


def find_browser() -> str | None:
    """The first Chromium (or Chrome) on the PATH, if any."""
    return next((p for name in BROWSERS if (p := shutil.which(name))), None)


def sealed_preferences(page: str) -> dict[str, object]:
    """A profile's preferences that let the browser open `page` (an address) and nothing else:
    no script, no image, every other address blocked (file:, http:, data: ...), frames too."""
    return {
        "profile": {"default_content_setting_values": {"javascript": BLOCK, "images": BLOCK}},
        "policy": {"url_blocklist": ["*"], "url_allowlist": [page]},
    }


def headless(
    *args: str, timeout: float = 120, sealed: str | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the browser headless with `args` in a fresh profile; what it printed. With `sealed`
    (the page's address) the browser may open that page only, with script and images off. A
    missing browser or one that does not finish in `timeout` seconds is a TwsoloError."""
    browser = find_browser()
    if browser is None:
        raise TwsoloError("this needs Chromium (or Chrome) on the PATH: apt-get install chromium")
    with tempfile.TemporaryDirectory(prefix="twsolo-browser-") as profile:
        flags = list(FLAGS)
        if sealed is not None:
            (Path(profile) / "Default").mkdir()
            preferences = json.dumps(sealed_preferences(sealed))
            (Path(profile) / "Default" / "Preferences").write_text(preferences, encoding="utf-8")
            flags.append("--disable-remote-fonts")
        command = [browser, *flags, f"--user-data-dir={Path(profile)}", *args]
        try:
            return subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired as exc:
            raise TwsoloError(f"{browser} did not finish in {timeout:g} s") from exc
