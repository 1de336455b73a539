"""The board as players know it (issue #28): a map-shaped SVG picture drawn from the rules data.

Each country is a box where rules/map.yaml's `layout` puts it, with its stability, a dark name
band when it is a battleground, and both sides' influence markers (a controlled country's marker
solid in its side's colour); adjacency lines from the neighbours and the superpowers' links;
region areas with their names, the Primary and Secondary Regions ringed; the tracks round the
edge; the lasting effects in force; the discard and removed piles as the table sees them. Marks
(+/−) show what the AI's last action, or the play since the last picture, changed.

Built with xml.etree.ElementTree (docs/decisions.md, "The board picture": in every install, a
few milliseconds).
Pure: returns the document as a string; nothing here reads a card the table has not seen.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape

from twsolo.cli.render import china_card, effects_in_force, vp_text
from twsolo.engine.board import controller
from twsolo.engine.calendar import action_rounds
from twsolo.engine.records import (
    CardPlayed,
    EventStart,
    InfluenceChange,
    Record,
    region_name,
    result_text,
)
from twsolo.engine.state import GameState
from twsolo.ids import MAP_REGIONS, SOUTHEAST_ASIA, Side
from twsolo.phrases.book import language, say
from twsolo.ruleset import Ruleset

SVG_NS = "http://www.w3.org/2000/svg"
SIDE_COLOUR = {Side.US: "#2459b8", Side.USSR: "#c62828"}
# Region tints, outlines and name-band colours, after the printed board's.
REGION_TINT = {
    "europe": "#e6def3",
    "asia": "#fde6c8",
    SOUTHEAST_ASIA: "#f8cc94",
    "middle_east": "#d4e8f4",
    "africa": "#f8efb4",
    "central_america": "#dcefd2",
    "south_america": "#bfe0bf",
}
REGION_INK = {
    "europe": "#6a4c9c",
    "asia": "#b86a12",
    SOUTHEAST_ASIA: "#a3560a",
    "middle_east": "#2f6f9c",
    "africa": "#9a8410",
    "central_america": "#3f8a34",
    "south_america": "#23703c",
}
REGION_BAND = {
    "europe": "#cbbde6",
    "asia": "#f8c98c",
    SOUTHEAST_ASIA: "#f0ad5c",
    "middle_east": "#a9d0ea",
    "africa": "#efdd72",
    "central_america": "#b5dea5",
    "south_america": "#94cc94",
}
BATTLEGROUND_BAND = "#3d2459"
PRIMARY_RING, SECONDARY_RING = "#e0a800", "#8a8a8a"
MARK = "#ff8f00"
TOP = 112  # the tracks above the map
PAD = 12  # the page's margin
STYLE = f"""
text {{ font-family: "DejaVu Sans", Verdana, Arial, sans-serif; }}
.box {{ fill: #fffdf8; stroke-width: 1.2; }}
.name {{ font-size: 10.5px; font-weight: bold; }}
.bg .name {{ fill: #fff; }}
.stab {{ fill: #fff; stroke: #444; stroke-width: 1; }}
.stabn {{ font-size: 13px; font-weight: bold; text-anchor: middle; }}
.marker {{ stroke-width: 1.6; }}
.inf {{ font-size: 15px; font-weight: bold; text-anchor: middle; }}
.delta {{ font-size: 9.5px; font-weight: bold; text-anchor: middle; }}
.changed {{ fill: none; stroke: {MARK}; stroke-width: 3; }}
.link {{ stroke: #6b6b6b; stroke-width: 1.4; }}
.link.across {{ stroke-dasharray: 5 3; }}
.sp-link {{ stroke-width: 2.2; stroke-dasharray: 2 3; }}
.region-name {{ font-size: 17px; font-weight: bold; letter-spacing: 1px; }}
.region-tag {{ font-size: 11px; font-weight: bold; letter-spacing: 0.5px; }}
.title {{ font-size: 17px; font-weight: bold; }}
.label {{ font-size: 10.5px; font-weight: bold; fill: #555; letter-spacing: 0.5px; }}
.cell {{ stroke: #999; stroke-width: 1; }}
.celln {{ font-size: 10.5px; text-anchor: middle; }}
.on {{ fill: #fff; font-weight: bold; }}
.note {{ font-size: 11.5px; }}
.strong {{ font-weight: bold; }}
"""


@dataclass(frozen=True)
class Marks:
    """What to mark on the map: each changed country's influence change by side, and why."""

    caption: str
    changes: Mapping[int, Mapping[Side, int]]


def last_ai_action(rules: Ruleset, log: Sequence[Record], ai: Side) -> Marks | None:
    """The AI's last action in `log`: from its last card played (or headline event) to the
    human's next one; None before the AI has acted."""
    start = next(
        (i for i in range(len(log) - 1, -1, -1) if _actor(log[i]) is ai),
        None,
    )
    if start is None:
        return None
    changes: dict[int, dict[Side, int]] = {}
    for r in log[start:]:
        if _actor(r) is ai.other:
            break
        if isinstance(r, InfluenceChange):
            by_side = changes.setdefault(r.country, {})
            by_side[r.side] = by_side.get(r.side, 0) + r.after - r.before
    played = log[start]
    assert isinstance(played, CardPlayed | EventStart)
    caption = say("show.picture.ai_last_action", action=played.phrase(rules, ai.other))
    return Marks(caption, _nonzero(changes))


def changes_since(rules: Ruleset, before: GameState, after: GameState, caption: str) -> Marks:
    """The influence changes from `before` to `after` (at the table: since the last picture)."""
    changes = {
        c.index: {s: after.inf(c.index, s) - before.inf(c.index, s) for s in Side}
        for c in rules.countries
    }
    return Marks(caption, _nonzero(changes))


def _actor(r: Record) -> Side | None:
    if isinstance(r, CardPlayed):
        return r.side
    if isinstance(r, EventStart):
        return r.player
    return None


def _nonzero(changes: Mapping[int, Mapping[Side, int]]) -> dict[int, dict[Side, int]]:
    out = {i: {s: d for s, d in by.items() if d} for i, by in changes.items()}
    return {i: by for i, by in out.items() if by}


def board_html(
    rules: Ruleset,
    state: GameState,
    *,
    primary: str | None,
    secondary: str | None,
    title: str,
    marks: Marks | None = None,
    refresh_seconds: int | None = None,
) -> str:
    """A self-contained page holding the picture; with `refresh_seconds`, it reloads itself
    (a live board kept beside the terminal: nothing is fetched but the page itself)."""
    svg = board_svg(
        rules, state, primary=primary, secondary=secondary, marks=marks, xml_declaration=False
    )
    refresh = (
        f'<meta http-equiv="refresh" content="{refresh_seconds}">\n' if refresh_seconds else ""
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{language()}">\n<head>\n<meta charset="utf-8">\n'
        f"{refresh}<title>{escape(title)}</title>\n"
        "<style>body{margin:0;background:#f7f4ea}"
        "svg{display:block;width:100%;min-width:1100px;height:auto}"
        "</style>\n</head>\n<body>\n"
        f"{svg}\n</body>\n</html>\n"
    )


def board_svg(
    rules: Ruleset,
    state: GameState,
    *,
    primary: str | None,
    secondary: str | None,
    marks: Marks | None = None,
    xml_declaration: bool = True,
) -> str:
    """The picture of `state` as an SVG document, the Primary and Secondary Regions ringed."""
    layout = rules.layout
    notes = _notes(rules, state)
    width = layout.size[0] + 2 * PAD
    map_bottom = TOP + layout.size[1]
    height = map_bottom + 64 + 17 * len(notes) + PAD
    root = ET.Element(
        "svg",
        xmlns=SVG_NS,
        width=str(width),
        height=str(height),
        viewBox=f"0 0 {width} {height}",
    )
    ET.SubElement(root, "style").text = STYLE
    ET.SubElement(root, "rect", width=str(width), height=str(height), fill="#f7f4ea")
    _tracks(root, rules, state, marks, width)
    board = ET.SubElement(root, "g", id="map", transform=f"translate({PAD},{TOP})")
    _regions(board, rules, primary, secondary)
    _links(board, rules)
    _superpowers(board, rules)
    changes = marks.changes if marks else {}
    for c in rules.countries:
        _country(board, rules, state, c.index, changes.get(c.index, {}))
    _vp_track(root, state, map_bottom + 8, width)
    _write_notes(root, notes, map_bottom + 66)
    text = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' if xml_declaration else "") + text + "\n"


# ------------------------------------------------------------------ the map
def _centre(xy: tuple[int, int], size: tuple[int, int]) -> tuple[float, float]:
    return xy[0] + size[0] / 2, xy[1] + size[1] / 2


def _bridges(corners: Sequence[tuple[int, int]], w: int, h: int, gap: int = 32) -> str:
    """The gaps between boxes side by side (or one above the other) closer than `gap`, as
    rectangles: padded like the boxes, they leave no sliver of outline between two countries
    of a region."""
    out = []
    for n, (x, y) in enumerate(corners):
        for ox, oy in corners[:n]:
            left, right = sorted([x, ox])
            top, bottom = sorted([y, oy])
            if 0 < right - left - w < gap and bottom - top < h:  # side by side
                out.append(f"M{left + w} {bottom}H{right}V{top + h}H{left + w}z")
            elif 0 < bottom - top - h < gap and right - left < w:  # one above the other
                out.append(f"M{right} {top + h}V{bottom}H{left + w}V{top + h}z")
    return "".join(out)


def _regions(
    parent: ET.Element, rules: Ruleset, primary: str | None, secondary: str | None
) -> None:
    """Each region as the area round its boxes and its links (outline, then tint); Southeast
    Asia inside Asia; the Primary and Secondary Regions ringed; the names where the layout says."""
    layout = rules.layout
    w, h = layout.box
    groups = [(r, list(rules.members(r))) for r in MAP_REGIONS]
    groups.append((SOUTHEAST_ASIA, list(rules.members(SOUTHEAST_ASIA))))
    for region, members in groups:
        ring = {primary: (PRIMARY_RING, 30), secondary: (SECONDARY_RING, 28)}.get(region)
        g = ET.SubElement(parent, "g", {"class": "region", "id": f"region-{region}"})
        layers = [(ring[0], ring[1]), (REGION_INK[region], 20)] if ring else []
        layers = layers or [(REGION_INK[region], 20)]
        layers.append((REGION_TINT[region], 17))
        ids = [rules.countries[i].id for i in members]
        # One path of the boxes and one of the links per layer: a thick round-joined stroke
        # pads the boxes, so the region's area hugs its countries.
        boxes = "".join(f"M{x} {y}h{w}v{h}h{-w}z" for x, y in (layout.at[c] for c in ids))
        boxes += _bridges([layout.at[c] for c in ids], w, h)
        pairs = [(a, n) for a in ids for n in rules.country(a).neighbours if n in ids and a < n]
        centre = {c: _centre(layout.at[c], layout.box) for c in ids}
        links = "".join(
            "M{:.0f} {:.0f}L{:.0f} {:.0f}".format(*centre[a], *centre[b]) for a, b in pairs
        )
        # Three countries each next to the other two: their links enclose a hole; fill it.
        linked = set(pairs)
        boxes += "".join(
            "M{:.0f} {:.0f}L{:.0f} {:.0f}L{:.0f} {:.0f}z".format(*centre[a], *centre[b], *centre[c])
            for a, b in pairs
            for c in ids
            if b < c and (a, c) in linked and (b, c) in linked
        )
        for colour, spread in layers:
            ET.SubElement(
                g,
                "path",
                {"stroke-width": str(spread), "stroke-linejoin": "round"},
                d=boxes,
                fill=colour,
                stroke=colour,
            )
            ET.SubElement(
                g,
                "path",
                {"stroke-width": f"{min(w, h) * 0.3 + spread:g}", "stroke-linecap": "round"},
                d=links,
                fill="none",
                stroke=colour,
            )
    for region, (x, y) in layout.labels.items():
        label = _text(parent, x, y, region_name(region).upper(), "region-name")
        label.set("fill", REGION_INK[region])
        tag = "primary" if region == primary else "secondary" if region == secondary else ""
        if tag:  # after the name, on its line
            colour = PRIMARY_RING if tag == "primary" else "#555"
            ET.SubElement(
                label, "tspan", {"class": "region-tag", "dx": "8", "fill": colour}
            ).text = say(f"show.picture.{tag}_region")


def _links(parent: ET.Element, rules: Ruleset) -> None:
    """A line between every two neighbours' boxes (dashed between regions), and from each
    superpower-linked country to its superpower's nearest box."""
    layout = rules.layout
    g = ET.SubElement(parent, "g", id="links")
    for a in rules.countries:
        for n in a.neighbours:
            if a.id < n:
                b = rules.country(n)
                across = " across" if a.region != b.region else ""
                _line(g, f"link{across}", a.id, n, layout.at[a.id], layout.at[n], layout.box)
        if a.superpower is not None:
            here = _centre(layout.at[a.id], layout.box)
            boxes = layout.superpowers[a.superpower]
            nearest = min(
                range(len(boxes)),
                key=lambda k: math.dist(here, _centre(boxes[k], layout.superpower_box)),
            )
            line = _line(
                g,
                "link sp-link",
                a.id,
                f"superpower-{a.superpower.value}-{nearest}",
                layout.at[a.id],
                boxes[nearest],
                layout.box,
                layout.superpower_box,
            )
            line.set("stroke", SIDE_COLOUR[a.superpower])


def _line(
    parent: ET.Element,
    cls: str,
    a: str,
    b: str,
    xy_a: tuple[int, int],
    xy_b: tuple[int, int],
    size_a: tuple[int, int],
    size_b: tuple[int, int] | None = None,
) -> ET.Element:
    (x1, y1), (x2, y2) = _centre(xy_a, size_a), _centre(xy_b, size_b or size_a)
    return ET.SubElement(
        parent,
        "line",
        {"class": cls, "data-a": a, "data-b": b},
        x1=f"{x1:.1f}",
        y1=f"{y1:.1f}",
        x2=f"{x2:.1f}",
        y2=f"{y2:.1f}",
    )


def _superpowers(parent: ET.Element, rules: Ruleset) -> None:
    layout = rules.layout
    w, h = layout.superpower_box
    for side, boxes in layout.superpowers.items():
        for k, (x, y) in enumerate(boxes):
            g = ET.SubElement(
                parent, "g", {"class": "superpower", "id": f"superpower-{side.value}-{k}"}
            )
            _rect(g, x, y, w, h, rx=6, fill=SIDE_COLOUR[side])
            name = say(f"show.picture.superpower.{side.value}")
            _text(g, x + w / 2, y + h / 2 + 7, name, "title on", anchor="middle")


def _country(
    parent: ET.Element,
    rules: Ruleset,
    state: GameState,
    i: int,
    change: Mapping[Side, int],
) -> None:
    c = rules.countries[i]
    layout = rules.layout
    x, y = layout.at[c.id]
    w, h = layout.box
    region = SOUTHEAST_ASIA if SOUTHEAST_ASIA in c.subregions else c.region
    owner = controller(state, rules, i)
    g = ET.SubElement(
        parent,
        "g",
        {
            "class": "country bg" if c.battleground else "country",
            "id": f"country-{c.id}",
            "data-controller": owner.value if owner else "",
        },
    )
    _rect(g, x, y, w, h, cls="box").set("stroke", REGION_INK[region])
    band = BATTLEGROUND_BAND if c.battleground else REGION_BAND[region]
    _rect(g, x, y, w, 16, fill=band)
    name = _text(g, x + 4, y + 12, c.name, "name")
    room = w - 8
    if len(c.name) * 6.6 > room:  # squeeze a long name into the band rather than overflow
        name.set("textLength", str(room))
        name.set("lengthAdjust", "spacingAndGlyphs")
    sx, sy = x + w - 23, y + 21
    _rect(g, sx, sy, 19, 24, rx=2, cls="stab")
    _text(g, sx + 9.5, sy + 17, str(c.stability), "stabn")
    for k, side in enumerate(Side):
        mx, my = x + 3 + k * 34, y + 20
        amount = state.inf(i, side)
        delta = change.get(side, 0)
        if amount == 0 and not delta:
            continue
        colour = SIDE_COLOUR[side]
        solid = owner is side
        marker = _rect(g, mx, my, 31, 27, cls="marker", fill=colour if solid else "#fff")
        marker.set("stroke", colour)
        if amount == 0:
            marker.set("stroke-dasharray", "3 2")
        else:
            number = _text(
                g, mx + 13 if delta else mx + 15.5, my + 21, str(amount), f"inf inf-{side.value}"
            )
            number.set("fill", "#fff" if solid else colour)
        if delta:  # a tag on the marker's corner: what the marked play changed here
            sign = "+" if delta > 0 else "\u2212"
            _rect(g, mx + 14, my - 5, 18, 12, rx=4, fill=MARK)
            _text(g, mx + 23, my + 4.5, f"{sign}{abs(delta)}", "delta")
    if change:
        _rect(g, x + 1.5, y + 1.5, w - 3, h - 3, cls="changed")


def _rect(
    parent: ET.Element,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    rx: float = 3,
    cls: str = "",
    fill: str = "",
) -> ET.Element:
    attrs = {"x": f"{x:.1f}", "y": f"{y:.1f}", "width": f"{w:.1f}", "height": f"{h:.1f}"}
    attrs["rx"] = f"{rx:g}"
    if cls:
        attrs["class"] = cls
    if fill:
        attrs["fill"] = fill
    return ET.SubElement(parent, "rect", attrs)


def _text(
    parent: ET.Element, x: float, y: float, content: str, cls: str, anchor: str | None = None
) -> ET.Element:
    attrs = {"class": cls, "x": f"{x:g}", "y": f"{y:g}"}
    if anchor:
        attrs["text-anchor"] = anchor
    t = ET.SubElement(parent, "text", attrs)
    t.text = content
    return t


# ------------------------------------------------------------------ round the edge
def _tracks(
    root: ET.Element, rules: Ruleset, state: GameState, marks: Marks | None, width: int
) -> None:
    """Above the map: where the game stands, then the turn, action round, DEFCON, military
    operations and space race tracks, each marker on its box."""
    n = state.action_round
    ar = say("show.picture.action_round", n=n) if n else say("show.picture.headline")
    head = "show.picture.head_scoring" if state.scoring_round else "show.picture.head"
    vp = vp_text(state.vp)
    _text(root, PAD, 24, say(head, turn=state.turn, round=ar, defcon=state.defcon, vp=vp), "title")
    right = say("show.china_card", china=china_card(state))
    if state.result is not None:
        right = say("show.picture.game_over", result=result_text(state.result), china=right)
    _text(root, width - PAD, 24, right, "note strong", anchor="end")
    if marks is not None:
        caption = marks.caption
        if marks.changes:
            caption = say("show.picture.marked", caption=caption)
        _text(root, width - PAD, 42, caption, "note", anchor="end")
    x: float = PAD
    turns = [str(t) for t in range(1, 11)]
    x = _track(root, x, say("show.picture.track_turn"), turns, state.turn - 1, "#555")
    rounds = max(action_rounds(state.turn), state.action_round)
    cells = [say("show.picture.track_headline"), *map(str, range(1, rounds + 1))]
    label = say("show.picture.track_action_round")
    x = _track(root, x, label, cells, state.action_round, "#555")
    defcon = ["5", "4", "3", "2", "1"]
    label = say("show.picture.track_defcon")
    x = _track(root, x, label, defcon, 5 - state.defcon, "#b71c1c", cell=30)
    label = say("show.picture.track_milops", defcon=state.defcon)
    x = _two_rows(root, x, label, 6, state.milops, state.defcon)
    _two_rows(root, x, say("show.picture.track_space"), 9, state.space, None)


def _track(
    root: ET.Element, x: float, label: str, cells: list[str], at: int, colour: str, cell: int = 26
) -> float:
    _text(root, x, 62, label, "label")
    for k, value in enumerate(cells):
        cx = x + k * (cell + 2)
        on = k == at
        _rect(root, cx, 68, cell, 30, cls="cell", fill=colour if on else "#fff")
        _text(root, cx + cell / 2, 87, value, "celln on" if on else "celln")
    return x + len(cells) * (cell + 2) + 26


def _two_rows(
    root: ET.Element, x: float, label: str, count: int, values: list[int], needed: int | None
) -> float:
    """One row of boxes 0..count-1 per side, the side's marker on its box (military ops: the
    boxes from DEFCON up are enough)."""
    _text(root, x, 62, label, "label")
    cell = 22
    for row, side in enumerate(Side):
        y = 66 + row * 18
        _text(root, x, y + 12.5, side.label, "label")
        for k in range(count):
            cx = x + 38 + k * (cell + 2)
            on = min(values[side.col], count - 1) == k
            enough = needed is not None and k >= needed
            fill = SIDE_COLOUR[side] if on else "#e8f3e4" if enough else "#fff"
            _rect(root, cx, y, cell, 16, rx=2, cls="cell", fill=fill)
            _text(root, cx + cell / 2, y + 12.5, str(k), "celln on" if on else "celln")
    return x + max(38 + count * (cell + 2), len(label) * 7.5) + 26


def _vp_track(root: ET.Element, state: GameState, y: float, width: int) -> None:
    """The VP track under the map, USSR 20 on the left to US 20 on the right."""
    _text(root, PAD, y + 12, say("show.picture.track_vp"), "label")
    cells = 41
    cell = (width - 2 * PAD - 120) / cells
    vp = max(-20, min(20, state.vp))
    for k in range(cells):
        value = k - 20
        cx = PAD + 120 + k * cell
        side = Side.US if value > 0 else Side.USSR if value < 0 else None
        on = value == vp
        fill = (
            (SIDE_COLOUR[side] if side else "#333")
            if on
            else "#eef2fb"
            if value > 0
            else "#fbeeee"
            if value < 0
            else "#fff"
        )
        _rect(root, cx, y, cell - 2, 26, cls="cell", fill=fill)
        _text(root, cx + (cell - 2) / 2, y + 17.5, str(abs(value)), "celln on" if on else "celln")
    ussr_ahead = say("show.picture.ussr_ahead")
    _text(root, PAD + 120, y + 42, ussr_ahead, "note").set("fill", SIDE_COLOUR[Side.USSR])
    us_ahead = say("show.picture.us_ahead")
    _text(root, width - PAD, y + 42, us_ahead, "note", anchor="end").set(
        "fill", SIDE_COLOUR[Side.US]
    )


def _notes(rules: Ruleset, state: GameState) -> list[tuple[str, str]]:
    """The lines under the VP track: the legend, the lasting effects in force, then the face-up
    piles as the table sees them (a card dealt face down is only counted)."""
    lines = [(say("show.picture.key"), say("show.picture.legend"))]
    effects = ", ".join(effects_in_force(rules, state)) or say("show.picture.none")
    lines.append((say("show.picture.effects"), effects))
    for pile in ("discard", "removed"):
        title = say(f"show.picture.{pile}")
        lines += _wrapped(f"{title} ({len(state.piles[pile])})", _pile(rules, state, pile))
    return lines


def _pile(rules: Ruleset, state: GameState, pile: str) -> list[str]:
    p = state.piles[pile]
    names = [f"#{n} {rules.card(n).name}" for n in sorted(p.known())]
    if p.unseen:
        names.append(say("show.picture.face_down", n=p.unseen))
    return names or [say("show.picture.none")]


def _wrapped(title: str, items: Iterable[str], width: int = 200) -> list[tuple[str, str]]:
    lines: list[tuple[str, str]] = []
    current = ""
    for item in items:
        if current and len(current) + len(item) + 2 > width:
            lines.append((title if not lines else "", current + ","))
            current = item
        else:
            current = f"{current}, {item}" if current else item
    lines.append((title if not lines else "", current))
    return lines


def _write_notes(root: ET.Element, notes: list[tuple[str, str]], y: float) -> None:
    for k, (title, text) in enumerate(notes):
        line = _text(root, PAD, y + k * 17, "", "note")
        if title:
            ET.SubElement(line, "tspan", {"class": "strong"}).text = title + ": "
        ET.SubElement(line, "tspan").text = text
