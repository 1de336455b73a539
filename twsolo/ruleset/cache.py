"""A loaded Ruleset kept on disk between runs (issue #26: the YAML, composed and checked, was
most of a resume's CPU time). The cache is $XDG_CACHE_HOME/twsolo (else ~/.cache/twsolo), one
file per rules directory; $TWSOLO_RULES_CACHE=off turns it off.

An entry is used only when its key is the one this run computes: the rules' digest (every
file's name and bytes), the directory, and this twsolo's code (every module's size and time
of change: the loader and the vocabulary it checks against are code). Anything
else — another key, a damaged or unreadable file, an object of another type — is a miss: the
rules are loaded from the YAML and the entry written again, atomically (a temporary file
renamed over it). A cache that cannot be written is left alone: it only saves time.
"""

from __future__ import annotations

import contextlib
import copyreg
import hashlib
import io
import os
import pickle
from dataclasses import fields
from pathlib import Path
from types import MappingProxyType
from typing import Any

from twsolo.files.bounded import MIB, read_bytes
from twsolo.files.output import write_atomically
from twsolo.ruleset.model import Ruleset

ENV_VAR = "TWSOLO_RULES_CACHE"
PACKAGE = Path(__file__).resolve().parents[1]
ENTRY_LIMIT = 16 * MIB  # an entry of the shipped rules is about 86 KiB


def cache_dir() -> Path | None:
    """Where entries live; None when the cache is turned off."""
    if os.environ.get(ENV_VAR, "").lower() in ("off", "0", "no"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "twsolo"


def code_fingerprint() -> str:
    """This twsolo's code as far as a cached Ruleset depends on it: every module's path, size
    and time of change (a stat each, no reading; an upgrade changes them too)."""
    h = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*.py")):
        stat = path.stat()
        h.update(f"{path.relative_to(PACKAGE)}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())
    return h.hexdigest()


def entry_key(directory: Path, digest: str) -> str:
    text = f"{directory.resolve()}\0{digest}\0{code_fingerprint()}"
    return hashlib.sha256(text.encode()).hexdigest()


def entry_path(base: Path, directory: Path) -> Path:
    name = hashlib.sha256(str(directory.resolve()).encode()).hexdigest()[:24]
    return base / f"rules-{name}.pickle"


def read_cached(directory: Path, digest: str) -> Ruleset | None:
    """The cached Ruleset of `directory` at `digest`, or None (a miss, whatever the reason)."""
    base = cache_dir()
    if base is None:
        return None
    try:
        # not through a link, not waiting on a FIFO planted under the entry's name
        entry = read_bytes(entry_path(base, directory), ENTRY_LIMIT, follow=False)
        key, data = pickle.loads(entry)
        if key != entry_key(directory, digest) or not isinstance(data, dict):
            return None
        rules = Ruleset(**data)
    except Exception:  # a damaged entry is a miss, whatever it raises
        return None
    return rules if rules.digest == digest else None


def write_cached(rules: Ruleset) -> None:
    """Keep `rules` for the next run (its directory and digest name it)."""
    base = cache_dir()
    if base is None:
        return
    data = {f.name: getattr(rules, f.name) for f in fields(Ruleset)}
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {**copyreg.dispatch_table, MappingProxyType: _reduce_proxy}
    pickler.dump((entry_key(rules.source, rules.digest), data))
    target = entry_path(base, rules.source)
    with contextlib.suppress(OSError):
        write_atomically(target, buffer.getvalue(), durable=False)


def _reduce_proxy(proxy: MappingProxyType[Any, Any]) -> tuple[Any, tuple[dict[Any, Any]]]:
    return read_only, (dict(proxy),)


def read_only(mapping: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    """A pickled MappingProxyType, as it comes back (the type itself cannot be pickled)."""
    return MappingProxyType(mapping)
