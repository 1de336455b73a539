"""The reader of rules/space.yaml: the Space Race boxes, their rolls, VP and abilities."""

from __future__ import annotations

from twsolo.ruleset.model import (
    SpaceBox,
)
from twsolo.ruleset.nodes import Located, iter_entries

SPACE_BOXES = 8
ABILITIES = ("none", "two_attempts", "headline_second", "discard_held", "eighth_round")


def read_space(root: Located) -> tuple[SpaceBox, ...]:
    top = root.mapping(["boxes"])
    if top is None or "boxes" not in top:
        return ()
    boxes: list[SpaceBox] = []
    entries = list(iter_entries(top["boxes"]))
    for i, loc in enumerate(entries):
        m = loc.mapping(["box", "name", "ops", "success", "vp", "ability"])
        if m is None or len(m) < 6:
            continue
        box = m["box"].integer(i + 1, i + 1)
        name = m["name"].string()
        ops = m["ops"].integer(1, 4)
        success = m["success"].integer(1, 6)
        vp = m["vp"].integers(0, 20)
        ability = m["ability"].string(ABILITIES)
        if vp is not None and len(vp) != 2:
            m["vp"].fail("expected [first, second]")
            vp = None
        if None in (box, name, ops, success, vp, ability):
            continue
        assert vp is not None
        boxes.append(
            SpaceBox(
                box=int(box or 0),
                english=str(name),
                ops=int(ops or 0),
                success=int(success or 0),
                vp_first=vp[0],
                vp_second=vp[1],
                ability=str(ability),
            )
        )
    if len(entries) != SPACE_BOXES:
        top["boxes"].fail(f"the track has {SPACE_BOXES} boxes, found {len(entries)}")
    return tuple(boxes)
