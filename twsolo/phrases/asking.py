"""The phrases of ... (twsolo/phrases/book.py)."""

from __future__ import annotations

PHRASES: dict[str, str | tuple[str, str]] = {}
