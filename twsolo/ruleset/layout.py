"""rules/map.yaml's `layout`: where the board picture draws each country, superpower and region
name. Checked like the rest of the rules: every country placed once, every box inside the map,
no two boxes overlapping; each problem at its file:line:field."""

from __future__ import annotations

from collections.abc import Sequence

from twsolo.ids import SCORING_REGIONS, Side
from twsolo.ruleset.model import Country, MapLayout
from twsolo.ruleset.nodes import Located

Box = tuple[int, int, int, int]  # x, y, width, height
LIMIT = 10_000  # the largest coordinate or size: a picture, not a universe


def read_layout(root: Located, countries: Sequence[Country]) -> MapLayout | None:
    """The layout of map.yaml's top-level mapping `root` (None, with the problems noted)."""
    node = next(
        (
            root.child(v, "layout")
            for k, v in getattr(root.node, "value", ())
            if k.value == "layout"
        ),
        None,
    )
    if node is None:
        root.fail("missing key 'layout' (where the board picture draws each country)")
        return None
    fields = ["size", "box", "superpower_box", "at", "superpowers", "labels"]
    m = node.mapping(fields)
    if m is None or any(k not in m for k in fields):
        return None
    size, box, sp_box = (_pair(m[k], 1) for k in ("size", "box", "superpower_box"))
    at = _corners(m["at"])
    labels = _corners(m["labels"])
    sp = m["superpowers"].mapping([s.value for s in Side])
    sp_boxes: list[tuple[Side, tuple[int, int], Located]] = []
    for side in Side:
        listed = sp.get(side.value) if sp else None
        for e in (listed.seq() or []) if listed else []:
            if (xy := _pair(e, 0)) is not None:
                sp_boxes.append((side, xy, e))
        if listed and not any(s is side for s, _, _ in sp_boxes):
            listed.fail("give the superpower's box: [[x, y]]")
    if size is None or box is None or sp_box is None or at is None or labels is None:
        return None
    if len({s for s, _, _ in sp_boxes}) != len(Side):
        return None
    ids = [c.id for c in countries]
    _each_once(at, ids, m["at"], "no country {!r} in map.yaml's countries", "{} is not placed")
    unknown = "no region {!r} (regions: " + ", ".join(SCORING_REGIONS) + ")"
    _each_once(labels, SCORING_REGIONS, m["labels"], unknown, "{}'s name is not placed")
    placed: list[tuple[str, Box, Located]] = [
        (cid, (*xy, *box), loc) for cid, (xy, loc) in at.items() if cid in ids
    ]
    placed += [(f"the {s.label} box", (*xy, *sp_box), loc) for s, xy, loc in sp_boxes]
    _check_boxes(placed, size)
    return MapLayout(
        size=size,
        box=box,
        superpower_box=sp_box,
        at={cid: xy for cid, (xy, _) in at.items() if cid in ids},
        superpowers={side: tuple(xy for s, xy, _ in sp_boxes if s is side) for side in Side},
        labels={r: xy for r, (xy, _) in labels.items()},
    )


def _pair(loc: Located, lo: int) -> tuple[int, int] | None:
    """[x, y] or [width, height]: two integers from `lo`."""
    values = loc.integers(lo, LIMIT)
    if values is not None and len(values) != 2:
        loc.fail(f"expected two numbers [x, y], got {len(values)}")
        return None
    return (values[0], values[1]) if values is not None else None


def _corners(loc: Located) -> dict[str, tuple[tuple[int, int], Located]] | None:
    items = loc.items()
    if items is None:
        return None
    out = {k: (xy, v) for k, v in items if (xy := _pair(v, 0)) is not None}
    return out if len(out) == len(items) else None


def _each_once(
    found: dict[str, tuple[tuple[int, int], Located]],
    names: Sequence[str],
    where: Located,
    unknown: str,
    missing: str,
) -> None:
    """Every one of `names` placed in `found`, and nothing else."""
    for name, (_, loc) in found.items():
        if name not in names:
            loc.fail(unknown.format(name))
    for name in names:
        if name not in found:
            where.fail(missing.format(name))


def _check_boxes(placed: list[tuple[str, Box, Located]], size: tuple[int, int]) -> None:
    """Each box inside the map and clear of every other (a shared edge is no overlap)."""
    for n, (name, (x, y, w, h), loc) in enumerate(placed):
        if x + w > size[0] or y + h > size[1]:
            loc.fail(f"{name}'s box ({x}, {y}, {w}×{h}) leaves the map ({size[0]}×{size[1]})")
        for other, (ox, oy, ow, oh), _ in placed[:n]:
            if x < ox + ow and ox < x + w and y < oy + oh and oy < y + h:
                loc.fail(f"{name}'s box overlaps {other}'s")
