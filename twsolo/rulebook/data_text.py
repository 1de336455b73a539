"""The rules data's text as the rulebook prints it: an appendix entry's `choices`,
`on_human_play` and `note` are the editor's Markdown, and the data is not the project's (an
appendix passed between editors is what a player runs `twsolo rulebook --rules` on), so it is
read as text (docs/decisions.md §16).

Markdown keeps its paragraphs, lists, emphasis, headings and code; raw HTML, links, autolinks
and images are not recognized: `<script>`, `[x](javascript:...)` and `![x](file:///...)` show as
the characters written, escaped by Markdown's own serializer. Sizes and the time Markdown
takes are bounded, past them a RulebookError names the file, the card and the field."""

from __future__ import annotations

import time

import markdown

from twsolo.rulebook.words import RulebookError

FIELD_LIMIT = 10_000  # characters in one field; the appendix's longest is 587
TOTAL_LIMIT = 200_000  # characters in all the fields; the appendix holds about 26,000
TIME_LIMIT = 10.0  # seconds of Markdown for all the fields; the appendix takes about 0.1 s
# python-markdown has no safe mode: the parts that read HTML or make a link or an image are
# taken out by name (markdown 3.x registries).
NO_HTML_BLOCKS = ("html_block",)  # preprocessors
NO_REFERENCES = ("reference",)  # block processors: `[x]: address` lines stay text
NO_INLINE = (
    "html",
    "autolink",
    "automail",
    "link",
    "reference",
    "short_reference",
    "image_link",
    "image_reference",
    "short_image_ref",
)


def text_markdown() -> markdown.Markdown:
    """A Markdown converter that makes no HTML element from raw HTML, no link and no image."""
    md = markdown.Markdown(extensions=["sane_lists"], output_format="html")
    for name in NO_HTML_BLOCKS:
        md.preprocessors.deregister(name)
    for name in NO_REFERENCES:
        md.parser.blockprocessors.deregister(name)
    for name in NO_INLINE:
        md.inlinePatterns.deregister(name)
    return md


class DataText:
    """One book's rendering of the data's text: each field and all of them bounded in size, and
    the time Markdown takes over all of them bounded (checked after each field, so a run stops
    at most one field's time past the limit; FIELD_LIMIT keeps that short)."""

    def __init__(self, where: str) -> None:
        self.where = where  # the file the text comes from, as the user named it
        self.md = text_markdown()
        self.total = 0
        self.seconds = 0.0

    def html(self, text: str, field: str) -> str:
        """`text` (the data's field `field`, e.g. "#43 note") as HTML."""
        if len(text) > FIELD_LIMIT:
            raise RulebookError(
                f"{self.where}: {field} is {len(text):,} characters; the rulebook prints at most"
                f" {FIELD_LIMIT:,} in one field"
            )
        self.total += len(text)
        if self.total > TOTAL_LIMIT:
            raise RulebookError(
                f"{self.where}: the entries' text passes {TOTAL_LIMIT:,} characters at {field};"
                " the rulebook prints at most that much"
            )
        start = time.perf_counter()
        try:
            html = self.md.reset().convert(text)
        except RecursionError as exc:
            raise RulebookError(f"{self.where}: {field} nests too deeply to print") from exc
        self.seconds += time.perf_counter() - start
        if self.seconds > TIME_LIMIT:
            raise RulebookError(
                f"{self.where}: the entries' text took Markdown {self.seconds:.1f} s by {field},"
                f" past the rulebook's limit of {TIME_LIMIT:g} s; shorten {field}"
            )
        return html
