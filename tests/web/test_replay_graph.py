"""The replay's graph and Slidysim's Moves/MD table (issue 35, item 5): the 7x7 world record shows a graph of one
point per move and its Moves/MD as Slidysim counts it (its STM over its scramble's Manhattan distance); the table's
"So far" follows the player; uPlot loads only when a graph is drawn, under the site's policy, and is precached."""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
import zlib
from pathlib import Path
from urllib.parse import unquote

import pytest
from playwright.sync_api import expect
from test_replays import RECORD, fresh, paste  # noqa: F401  (fresh: the fixture)
from webhelpers import DIST

UPLOT_FETCHED = "() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/play/uplot.js'))"


def scramble_md(link: str) -> tuple[int, int]:
    """The STM of a leaderboard link's solution and its scramble's Manhattan distance, read here apart from the page:
    the scramble is the solved board with the solution undone (Slidysim's parseScramble)."""
    data = json.loads(zlib.decompress(base64.b64decode(unquote(link.split("r=", 1)[1]))))
    solution = zlib.decompress(base64.b64decode(data[1])).decode().split(";")[0]
    moves = re.sub(r"([UDLR])(\d+)", lambda m: m.group(1) * int(m.group(2)), solution)
    width, height = data[4], data[5]
    tiles = list(range(1, width * height)) + [0]
    blank = width * height - 1
    for move in reversed(moves):   # undo: the tile that moved goes back, the blank with it
        row, col = divmod(blank, width)
        dr, dc = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}[move]
        cell = (row + dr) * width + col + dc
        tiles[blank], tiles[cell] = tiles[cell], 0
        blank = cell
    md = sum(abs(i // width - (t - 1) // width) + abs(i % width - (t - 1) % width) for i, t in enumerate(tiles) if t)
    return len(moves), md


def progress(page, measure, part):
    return page.locator(f"[data-testid=replay-progress] tr[data-measure={measure}] td[data-part={part}]").inner_text()


def test_the_7x7_world_record_shows_its_graph_with_a_point_per_move_and_its_moves_per_md(fresh):
    assert fresh.evaluate(UPLOT_FETCHED) is False   # the page came without the chart library
    paste(fresh, RECORD[7]["link"])
    graph = fresh.get_by_test_id("replay-graph")
    expect(graph).to_be_visible(timeout=20_000)
    assert fresh.evaluate(UPLOT_FETCHED) is True
    assert graph.evaluate("(node) => node.tagName") == "CANVAS"
    stm, md = scramble_md(RECORD[7]["link"])
    assert stm == 425 and graph.get_attribute("data-points") == "425"
    drawn = graph.evaluate("""(canvas) => { const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        let inked = 0; for (let i = 3; i < data.length; i += 4) if (data[i]) inked += 1; return inked; }""")
    assert drawn > 2000   # lines, axes and the shaded distance, not an empty canvas
    assert progress(fresh, "moves", "whole") == "425" and progress(fresh, "md", "whole") == str(md)
    assert progress(fresh, "mmd", "whole") == f"{stm / md + 1e-12:.3f}"
    assert progress(fresh, "time", "whole") == "14.950" and progress(fresh, "tps", "whole") == "28.428"
    assert progress(fresh, "moves", "now") == "0 (0.0%)" and progress(fresh, "mmd", "now") == "–"
    fresh.get_by_test_id("replay-end").click()
    assert progress(fresh, "moves", "now") == "425 (100.0%)" and progress(fresh, "md", "now") == f"{md} (100.0%)"
    assert progress(fresh, "mmd", "now") == progress(fresh, "mmd", "whole")


def test_a_point_of_the_graph_takes_the_player_to_its_move(fresh):
    paste(fresh, RECORD[7]["link"])
    graph = fresh.get_by_test_id("replay-graph")
    expect(graph).to_be_visible(timeout=20_000)
    over = fresh.locator(".replay-graph .u-over")
    box = over.bounding_box()
    over.click(position={"x": box["width"] / 2, "y": box["height"] / 2})
    where = fresh.get_by_test_id("replay-where")
    moves = int(re.match(r"Move (\d+) of 425", where.inner_text()).group(1))
    assert 100 < moves < 325   # about the middle of the solve's time
    assert progress(fresh, "moves", "now").startswith(f"{moves} (")


def test_the_graph_draws_under_the_sites_policy_and_offline(browser, app_url):
    """With the Content-Security-Policy on (the tests' contexts bypass it otherwise) the graph is drawn and the page
    reports no violation; the service worker precaches uPlot, so the graph draws offline too."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block", bypass_csp=False)
    page = context.new_page()
    page.route("**/pyodide/**", lambda route: route.abort())
    violations = []
    page.on("console", lambda message: violations.append(message.text) if "Content Security Policy" in message.text else None)
    page.goto(app_url + "#game")
    page.locator("[data-testid=replay-panel] summary").click()
    paste(page, RECORD[7]["link"])
    expect(page.get_by_test_id("replay-graph")).to_be_visible(timeout=20_000)
    assert violations == []
    context.close()
    precached = {path for path, _ in json.loads(re.search(r"^const PRECACHE = (.*);$", (DIST / "sw.js").read_text(), re.M).group(1))}
    assert {"play/uplot.js", "play/uplot.css"} <= precached


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is needed to run site/core/replay-progress.js")
def test_the_pace_counts_the_moves_of_the_last_second_and_the_distance_follows_each_move():
    site = Path(__file__).resolve().parents[2] / "site"
    script = f"""
import {{ distanceLine, manhattanDistance, paceLine, paceWindowMs }} from "{(site / 'core' / 'replay-progress.js').as_uri()}";
console.log(JSON.stringify({{
  pace: paceLine([0, 100, 200, 300, 1000, 1100, 1200, 2500]),
  windows: [paceWindowMs([0, 900]), paceWindowMs([0, 15000]), paceWindowMs([0, 391000])],
  md: manhattanDistance([0, 1, 3, 4, 2, 5, 7, 8, 6], 3),
  line: Array.from(distanceLine({{ width: 3, scramble: [0, 1, 3, 4, 2, 5, 7, 8, 6], moves: "lulu" }})),
}}));
"""
    out = json.loads(subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True,
                                    timeout=60, check=True).stdout)
    # none in the first second; then the moves of the second before: 4 (100, 200, 300, 1000), ..., 1 (2500 alone)
    assert out["pace"] == [None, None, None, None, 4, 4, 4, 1]
    assert out["windows"] == [450, 1000, 3910]   # half a short solve, a second, a hundredth of a long one
    assert out["md"] == 4 and out["line"] == [4, 3, 2, 1, 0]
