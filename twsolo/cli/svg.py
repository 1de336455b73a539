"""A picture of the board as SVG: the six regions as panels, every country as a box with its
stability, battleground mark, both sides' influence and its controller's colour; the tracks and
the Primary/Secondary Regions on top. Pure: returns the document as a string."""

from __future__ import annotations

from xml.sax.saxutils import escape

from twsolo.cli.render import china_card
from twsolo.engine.board import controller
from twsolo.engine.state import GameState
from twsolo.ids import MAP_REGIONS, SOUTHEAST_ASIA, Side
from twsolo.ruleset import Ruleset

COLOURS = {Side.US: "#3b6fd4", Side.USSR: "#d43b3b", None: "#e8e8e8"}
BOX_W, BOX_H, GAP = 150, 34, 6
PANEL_COLS = 3
PER_ROW = 3  # countries per row inside a region panel
HEADER_H = 90


def _text(
    x: float, y: float, content: str, size: int = 11, weight: str = "normal", fill: str = "#111"
) -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-family="sans-serif" font-size="{size}" '
        f'font-weight="{weight}" fill="{fill}">{escape(content)}</text>'
    )


def board_svg(
    rules: Ruleset, state: GameState, *, primary: str | None = None, secondary: str | None = None
) -> str:
    panels = []
    rows_per_panel = {r: -(-len(rules.members(r)) // PER_ROW) for r in MAP_REGIONS}
    panel_w = PER_ROW * (BOX_W + GAP) + GAP
    panel_h = max(rows_per_panel.values()) * (BOX_H + GAP) + 30
    for n, region in enumerate(MAP_REGIONS):
        px = GAP + (n % PANEL_COLS) * (panel_w + GAP)
        py = HEADER_H + (n // PANEL_COLS) * (panel_h + GAP)
        panels.append(_panel(rules, state, region, px, py, panel_w, panel_h, primary, secondary))
    width = PANEL_COLS * (panel_w + GAP) + GAP
    height = HEADER_H + 2 * (panel_h + GAP) + GAP
    header = _header(rules, state, primary, secondary)
    body = "\n".join([header, *panels])
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">\n'
        f'<rect width="{width}" height="{height}" fill="#fbfaf5"/>\n{body}\n</svg>\n'
    )


def _header(rules: Ruleset, state: GameState, primary: str | None, secondary: str | None) -> str:
    vp = "0" if state.vp == 0 else (f"US +{state.vp}" if state.vp > 0 else f"USSR +{-state.vp}")
    ar = "Headline" if state.action_round == 0 else f"AR {state.action_round}"
    lines = [
        f"Turn {state.turn} · {ar} · DEFCON {state.defcon} · VP {vp}",
        f"Military ops US {state.milops[0]} / USSR {state.milops[1]} · "
        f"Space race US {state.space[0]} / USSR {state.space[1]}",
        f"Primary: {_name(primary)} · Secondary: {_name(secondary)} · "
        f"China Card: {china_card(state)}",
    ]
    return "\n".join(
        _text(
            GAP * 2,
            24 + 22 * i,
            line,
            size=15 if i == 0 else 13,
            weight="bold" if i == 0 else "normal",
        )
        for i, line in enumerate(lines)
    )


def _name(region: str | None) -> str:
    return region.replace("_", " ").title() if region else "none"


def _panel(
    rules: Ruleset,
    state: GameState,
    region: str,
    px: float,
    py: float,
    w: float,
    h: float,
    primary: str | None,
    secondary: str | None,
) -> str:
    tag = " (Primary)" if region == primary else " (Secondary)" if region == secondary else ""
    stroke = "#222" if tag else "#999"
    out = [
        f'<g id="region-{region}">',
        f'<rect x="{px:.0f}" y="{py:.0f}" width="{w:.0f}" height="{h:.0f}" rx="6" fill="none" '
        f'stroke="{stroke}" stroke-width="{2 if tag else 1}"/>',
        _text(px + 8, py + 18, _name(region) + tag, size=13, weight="bold"),
    ]
    for k, i in enumerate(rules.members(region)):
        c = rules.countries[i]
        x = px + GAP + (k % PER_ROW) * (BOX_W + GAP)
        y = py + 26 + (k // PER_ROW) * (BOX_H + GAP)
        owner = controller(state, rules, i)
        sea = SOUTHEAST_ASIA in c.subregions
        dash = ' stroke-dasharray="4 2"' if sea else ""
        us, ussr = state.inf(i, Side.US), state.inf(i, Side.USSR)
        out += [
            f'<g id="country-{c.id}">',
            f'<rect x="{x:.0f}" y="{y:.0f}" width="{BOX_W}" height="{BOX_H}" rx="3" '
            f'fill="{COLOURS[owner]}" fill-opacity="{0.85 if owner else 1}" '
            f'stroke="{"#000" if c.battleground else "#777"}" '
            f'stroke-width="{2 if c.battleground else 1}"{dash}/>',
            _text(
                x + 4,
                y + 13,
                f"{'★ ' if c.battleground else ''}{c.name} [{c.stability}]",
                size=10,
                weight="bold" if c.battleground else "normal",
                fill="#fff" if owner else "#111",
            ),
            _text(
                x + 4, y + 28, f"US {us}  USSR {ussr}", size=10, fill="#fff" if owner else "#111"
            ),
            "</g>",
        ]
    out.append("</g>")
    return "\n".join(out)
