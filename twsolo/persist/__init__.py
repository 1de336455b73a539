"""Saved games on disk: atomic writes, the answer journal, damage reports. Only this package and
the CLI touch the disk."""
