"""`twsolo simulate --report` (issue #17): one self-contained HTML page whose every chart a real
browser (headless Chromium) lays out and draws."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from twsolo.cli.main import cli

from .browser import CHROMIUM, chromium

pytest.importorskip(
    "matplotlib", reason="the report extra is not installed: pip install 'twsolo[report]'"
)
CHARTS = ["win-rate", "final-vp", "end-reasons", "game-length", "tracks"]

# Appended to a copy of the page (the report itself has no script): after layout, each chart's
# size on the page and what its SVG draws, written into the DOM that Chromium dumps.
MEASURE = """<script>
const out = [...document.querySelectorAll("figure.chart")].map(f => {
  const svg = f.querySelector("svg");
  const box = svg.getBoundingClientRect();
  const laidOut = sel => [...svg.querySelectorAll(sel)].filter(g => {
    const b = g.getBBox();
    return b.width > 0 || b.height > 0;
  }).length;
  return {id: f.id, width: box.width, height: box.height,
          marks: laidOut('g[id^="patch_"], g[id^="line2d_"], g[id*="PolyCollection_"]'),
          texts: laidOut('g[id^="text_"]')};
});
const pre = document.createElement("pre");
pre.id = "measured";
pre.textContent = JSON.stringify(out);
document.body.appendChild(pre);
</script>"""


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    here = tmp_path_factory.mktemp("report")
    variant = here / "variant"
    shutil.copytree(Path(__file__).resolve().parents[1] / "rules", variant)
    priorities = variant / "priorities.yaml"
    priorities.write_text(
        priorities.read_text().replace("battleground_extra: 1", "battleground_extra: 3")
    )
    path = here / "report.html"
    args = ["simulate", "--games", "12", "--human", "random", "--report", str(path)]
    args += ["--difficulty", "normal", "--difficulty", "expert"]
    result = CliRunner().invoke(cli, [*args, "--compare-rules", str(variant)])
    assert result.exit_code == 0, result.output
    return path


def test_the_page_is_self_contained_with_every_chart(page: Path) -> None:
    text = page.read_text()
    assert re.findall(r'<figure class="chart" id="chart-([a-z-]+)">', text) == CHARTS
    assert text.count("<svg") == len(CHARTS)
    # Nothing fetched: no script, stylesheet, image or font from anywhere.
    assert not re.search(r"<(script|link|img|iframe)\b", text)
    assert not re.search(r"""(src|href)=["'](https?:|//)""", text)
    assert "@font-face" not in text
    # The two rule sets are side by side.
    assert text.count("variant") >= 2


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed: apt-get install chromium")
def test_a_browser_draws_every_chart(page: Path) -> None:
    probe = page.with_name("probe.html")
    probe.write_text(page.read_text().replace("</body>", MEASURE + "</body>"))
    dom = chromium("--dump-dom", probe.as_uri())
    found = re.search(r'<pre id="measured">(.*?)</pre>', dom, re.S)
    assert found, dom[-2000:]
    charts = json.loads(found.group(1).replace("&quot;", '"'))
    assert [c["id"] for c in charts] == [f"chart-{k}" for k in CHARTS]
    for chart in charts:
        assert chart["width"] > 300, chart
        assert chart["height"] > 100, chart
        assert chart["marks"] >= 10, chart  # bars, lines, bands: drawn with a size
        assert chart["texts"] >= 5, chart  # tick labels and axis titles
    shot = page.with_name("report.png")
    chromium("--window-size=1000,3000", f"--screenshot={shot}", page.as_uri())
    assert shot.stat().st_size > 20_000
