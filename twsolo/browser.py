"""Headless Chromium, for what twsolo prints through a browser (the rulebook's PDF) and for the
tests and scripts that look at a page as a browser lays it out (the report, the board picture).
Quiet on a machine without a network: no background fetches, no first-run page; `--no-sandbox`
because CI runs as root."""

from __future__ import annotations

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


def find_browser() -> str | None:
    """The first Chromium (or Chrome) on the PATH, if any."""
    return next((p for name in BROWSERS if (p := shutil.which(name))), None)


def headless(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run the browser headless with `args` in a fresh profile; what it printed. A missing
    browser or one that does not finish in `timeout` seconds is a TwsoloError."""
    browser = find_browser()
    if browser is None:
        raise TwsoloError("this needs Chromium (or Chrome) on the PATH: apt-get install chromium")
    with tempfile.TemporaryDirectory(prefix="twsolo-browser-") as profile:
        command = [browser, *FLAGS, f"--user-data-dir={Path(profile)}", *args]
        try:
            return subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired as exc:
            raise TwsoloError(f"{browser} did not finish in {timeout:g} s") from exc
