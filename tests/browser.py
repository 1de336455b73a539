"""Headless Chromium for the tests that look at a page as a browser lays it out (the report's
charts, the board picture); skipped where it is not installed (apt-get install chromium)."""

from __future__ import annotations

from twsolo.files.browser import find_browser, headless

CHROMIUM = find_browser()


def chromium(*args: str) -> str:
    """Headless Chromium with `args` (a fresh profile): what it printed; a failure raises."""
    done = headless(*args)
    done.check_returncode()
    return done.stdout
