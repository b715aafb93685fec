"""Notation (issue 14, item 4; W x H: issue 27, item 4): a seeded random round-trip test of site/core/notation.js
run under Node (moves in both conventions, positions of every shape from 2 to 20 a side), its refusals, and the
game's import and export.  The real software's strings are tests/parity/notation_cases.json's."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from player_helpers import tiles_of, wait_solver

SITE = Path(__file__).resolve().parents[2] / "site"

ROUND_TRIPS = """
import { toNotation, parseMoves, positionText, boardText, parsePosition, NotationError } from "%s";
let seed = 12345;
const random = (k) => { seed = (seed * 1103515245 + 12345) %% 2147483648; return seed %% k; };
const failures = [];
for (let i = 0; i < 2000; i++) {
  let moves = "";
  for (let j = random(60); j > 0; j--) moves += "lrud"[random(4)].repeat(1 + random(random(3) ? 2 : 12));
  for (const convention of ["tile", "blank"]) {
    const text = toNotation(moves, convention);
    if (parseMoves(text, convention) !== moves) failures.push(["moves", moves, convention, text]);
    // spaced, lower-case and unrolled forms read the same
    const spaced = text.replace(/([UDLR][0-9]*)/g, "$1 ").toLowerCase();
    if (parseMoves(spaced, convention) !== moves) failures.push(["spaced", moves, convention, spaced]);
  }
  if (toNotation(moves, "blank") !== toNotation(parseMoves(toNotation(moves), "tile"), "blank")) failures.push(["conv", moves]);
  const n = 2 + random(6);
  const tiles = [...Array(n * n).keys()];
  for (let k = tiles.length - 1; k > 0; k--) { const j = random(k + 1); [tiles[k], tiles[j]] = [tiles[j], tiles[k]]; }
  const back = parsePosition(positionText(tiles, n));
  if (back.n !== n || back.tiles.join() !== tiles.join()) failures.push(["position", tiles]);
  // any W x H from 2 to 20 a side, in both written forms
  const width = 2 + random(19), height = 2 + random(19);
  const cells = [...Array(width * height).keys()];
  for (let k = cells.length - 1; k > 0; k--) { const j = random(k + 1); [cells[k], cells[j]] = [cells[j], cells[k]]; }
  for (const text of [positionText(cells, width), boardText(cells, width)]) {
    const read = parsePosition(text);
    if (read.width !== width || read.height !== height || read.tiles.join() !== cells.join()) failures.push(["shape", width, height, text]);
  }
}
const refused = [];
for (const bad of ["R3X", "3R", "R0", "Q", "1 2/3", "1 2/3 3", "1 2 3/4 5 6/7 8 9", "a b/c d", "1 2 3 4/5 6 0", "1/2/0"]) {
  try { bad.includes("/") || bad.includes(" ") ? parsePosition(bad) : parseMoves(bad); refused.push(null); }
  catch (e) { refused.push(e instanceof NotationError ? e.message : "other: " + e); }
}
console.log(JSON.stringify({ failures: failures.slice(0, 5), count: failures.length, refused,
  example: [toNotation("rrrddl"), parseMoves("R3 D2 L"), parseMoves("L3U2R", "blank")] }));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is needed to run site/core/notation.js")
def test_notation_round_trips_under_node():
    script = ROUND_TRIPS % (SITE / "core" / "notation.js").as_uri()
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60, check=True)
    result = json.loads(out.stdout)
    assert result["count"] == 0, result["failures"]
    assert result["example"] == ["R3D2L", "rrrddl", "rrrddl"]
    assert all(message and not message.startswith("other") for message in result["refused"]), result["refused"]
    assert result["refused"][-2:] == ["Row 2 has 3 tiles but row 1 has 4: every row needs as many tiles.",
                                      "A board needs at least 2 rows and 2 columns; this one is 1x3."]


def test_export_and_import_in_the_game(solver_page):
    page = solver_page
    wait_solver(page)
    page.locator("[data-testid=notation-panel] summary").click()
    page.get_by_test_id("notation-position-input").fill("1 2 3/4 5 6/0 7 8")
    page.get_by_test_id("notation-load").click()
    assert tiles_of(page) == [1, 2, 3, 4, 5, 6, 0, 7, 8]
    assert page.get_by_test_id("notation-position").text_content() == "1 2 3/4 5 6/0 7 8"
    page.get_by_test_id("notation-convention").select_option("blank")
    page.get_by_test_id("notation-moves-input").fill("R")         # the blank moves right: 7 slides left
    page.get_by_test_id("notation-play").click()
    assert tiles_of(page) == [1, 2, 3, 4, 5, 6, 7, 0, 8]
    assert page.get_by_test_id("notation-moves").text_content() == "R"
    page.get_by_test_id("notation-convention").select_option("tile")
    assert page.get_by_test_id("notation-moves").text_content() == "L"
    page.get_by_test_id("notation-moves-input").fill("R2")       # 7 slides right, then nothing is left of the blank
    page.get_by_test_id("notation-play").click()
    assert "cannot be played" in page.get_by_test_id("notation-error").text_content()
    page.get_by_test_id("notation-position-input").fill("1 2 3/4 5 6/8 7 0")
    page.get_by_test_id("notation-load").click()
    assert "parity" in page.get_by_test_id("notation-error").text_content()
    page.get_by_test_id("notation-position-input").fill("1 2 3 4/5 6 0 7")   # a rectangle: the game plays it, 4 wide
    page.get_by_test_id("notation-load").click()
    assert page.get_by_test_id("notation-error").text_content() == ""
    board = page.get_by_test_id("play-board")
    assert (board.get_attribute("data-width"), board.get_attribute("data-height")) == ("4", "2")
    assert tiles_of(page) == [1, 2, 3, 4, 5, 6, 0, 7]
    page.get_by_test_id("notation-position-input").fill("/".join(" ".join(["1"] * 21) for _ in range(3)))
    page.get_by_test_id("notation-load").click()
    assert page.get_by_test_id("notation-error").text_content() == (
        "Boards up to 20x20 are supported (each side 2 to 20); this board is 21x3.")
    assert tiles_of(page) == [1, 2, 3, 4, 5, 6, 0, 7]   # the board played before, untouched
    page.locator("[data-testid=notation-panel] summary").click()


def test_the_solvers_answer_in_notation(app):
    app.get_by_test_id("board-input").fill("1 2 3\n4 5 6\n0 7 8")
    app.get_by_role("button", name="Solve", exact=True).click()
    app.wait_for_function("document.querySelector('[data-testid=moves]').textContent === '2'", timeout=60_000)
    assert "L2" in app.get_by_test_id("solution-notation").text_content()


def test_enter_in_a_field_does_what_its_button_does(solver_page):
    """Enter in "Load a position" loads it, Enter in "Play moves" plays them, Enter in the exact deal's
    count deals, as their buttons do; the page stays where it is (nothing is submitted anywhere)."""
    page = solver_page
    wait_solver(page)
    url = page.url
    page.locator("[data-testid=notation-panel] summary").click()
    page.get_by_test_id("notation-convention").select_option("tile")
    page.get_by_test_id("notation-position-input").fill("1 2 3/4 5 6/0 7 8")
    page.get_by_test_id("notation-position-input").press("Enter")
    assert tiles_of(page) == [1, 2, 3, 4, 5, 6, 0, 7, 8]
    page.get_by_test_id("notation-moves-input").fill("L2")
    page.get_by_test_id("notation-moves-input").press("Enter")
    assert tiles_of(page) == [1, 2, 3, 4, 5, 6, 7, 8, 0]
    page.get_by_test_id("notation-moves-input").fill("Q")
    page.get_by_test_id("notation-moves-input").press("Enter")
    assert "is not a move" in page.get_by_test_id("notation-error").text_content()
    page.locator("[data-testid=notation-panel] summary").click()
    page.locator("[data-testid=deals-panel] summary").click()
    page.get_by_test_id("deal-moves").fill("7")
    page.get_by_test_id("deal-moves").press("Enter")
    page.wait_for_function("document.querySelector('[data-testid=deal-note]').dataset.moves === '7'", timeout=60_000)
    page.locator("[data-testid=deals-panel] summary").click()
    assert page.url.split("#")[0] == url.split("#")[0]
