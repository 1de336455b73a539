"""A gettext catalog made from the phrasebook, for tests: every phrase "translated" into a
pseudo-language (its words in capitals between ⟦ ⟧, its {fields} kept), compiled into a real
.mo file that the stdlib's gettext reads, as a second language's catalog would be."""

from __future__ import annotations

import array
import re
import struct
from pathlib import Path

from twsolo.phrases import PHRASES
from twsolo.phrases.book import DOMAIN

FIELD = re.compile(r"(\{[^{}]*\})")
# Russian's plural rule, so that a three-form language is exercised.
RUSSIAN_PLURALS = (
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || "
    "n%100>=20) ? 1 : 2);"
)


def pseudo(text: str) -> str:
    """The pseudo-language: words outside the fields in capitals, the whole between ⟦ ⟧."""
    parts = FIELD.split(text)
    return "⟦" + "".join(p if FIELD.fullmatch(p) else p.upper() for p in parts) + "⟧"


def write_mo(messages: dict[bytes, bytes], path: Path) -> None:
    """A GNU .mo file of `messages` (msgid -> msgstr, contexts and plurals already encoded)."""
    keys = sorted(messages)
    ids = strs = b""
    table = []
    for key in keys:
        table.append((len(ids), len(key), len(strs), len(messages[key])))
        ids += key + b"\0"
        strs += messages[key] + b"\0"
    start = 7 * 4 + 16 * len(keys)
    key_offsets: list[int] = []
    value_offsets: list[int] = []
    for id_at, id_len, str_at, str_len in table:
        key_offsets += [id_len, start + id_at]
        value_offsets += [str_len, start + len(ids) + str_at]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 28, 28 + 8 * len(keys), 0, 0)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(header + array.array("i", key_offsets + value_offsets).tobytes() + ids + strs)


def pseudo_catalog(localedir: Path, language: str = "xx") -> Path:
    """The whole phrasebook in the pseudo-language, as `localedir/LANG/LC_MESSAGES/twsolo.mo`."""
    head = f"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: {RUSSIAN_PLURALS}\n"
    messages = {b"": head.encode()}
    for key, phrase in PHRASES.items():
        if isinstance(phrase, str):
            messages[f"{key}\x04{phrase}".encode()] = pseudo(phrase).encode()
        else:
            one, many = phrase
            forms = [pseudo(one), pseudo(many), pseudo(many) + "⁵"]  # the third form marked
            messages[f"{key}\x04{one}\x00{many}".encode()] = "\x00".join(forms).encode()
    target = localedir / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    write_mo(messages, target)
    return target
