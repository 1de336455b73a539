"""The one filter between a file's text and the terminal: every name and text twsolo prints
(a save's, a log's, a rules file's, an error quoting any of them) passes through
`twsolo.files.bounded.printable`, so an escape sequence planted in a file can neither move the
cursor, retitle the window nor hide a line. The command line installs it on stdout and stderr
(`Printable`) for every command.
"""

from __future__ import annotations

import io
from typing import Any

from twsolo.files.bounded import printable


def unfiltered(stream: Any) -> Any:
    """The stream under the filter, for what twsolo itself draws with control characters (the
    progress bar's carriage returns and cursor codes on a terminal), never file text."""
    return stream.inner if isinstance(stream, Printable) else stream


class Printable(io.TextIOBase):
    """A text stream that writes `printable(text)` to `inner` (stdout, stderr)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:  # the rest of the stream's interface, as it is
        return getattr(self.inner, name)

    def write(self, text: str) -> int:
        self.inner.write(printable(text))
        return len(text)

    def flush(self) -> None:
        self.inner.flush()

    def isatty(self) -> bool:
        return bool(self.inner.isatty())

    def fileno(self) -> int:
        return int(self.inner.fileno())

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return str(getattr(self.inner, "encoding", "utf-8"))

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self.inner, "errors", None)
