"""Statistics (issue 14, item 5): solves kept on the device survive a reload; ao5/ao12 drop the best and
the worst; hinted games are not counted; reset and export."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from player_helpers import load_game, play

SITE = Path(__file__).resolve().parents[2] / "site"


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is needed to run site/play/stats.js")
def test_averages_drop_the_best_and_the_worst():
    script = f"""
import {{ Stats, averageOf }} from "{(SITE / 'play' / 'stats.js').as_uri()}";
const store = new Map();
const storage = {{ getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) }};
const stats = new Stats(storage);
for (const t of [10, 50, 20, 30, 40]) stats.record(3, {{ time: t * 1000, moves: t }});
const five = stats.summary(3);
for (let i = 0; i < 7; i++) stats.record(3, {{ time: 100000, moves: 99 }});
console.log(JSON.stringify({{ five, twelve: stats.summary(3), short: averageOf([1, 2, 3, 4], 5) }}));
"""
    out = json.loads(subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True,
                                    timeout=60, check=True).stdout)
    assert out["five"] == {"solves": 5, "bestTime": 10000, "bestMoves": 10, "ao5": 30000, "ao12": None}
    assert out["twelve"]["ao5"] == 100000 and out["twelve"]["ao12"] == (20 + 30 + 40 + 50 + 6 * 100) * 1000 / 10
    assert out["short"] is None


def test_solves_survive_a_reload(browser, app_url):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(app_url)
    page.wait_for_function("window.__app && window.__app.viewReady")
    page.evaluate("localStorage.clear()")
    for _ in range(2):
        load_game(page, 3, [1, 2, 3, 4, 5, 6, 0, 7, 8], origin="deal")
        play(page, "l")
        play(page, "l")
    load_game(page, 4, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15], origin="deal")
    play(page, "l")
    page.reload()
    page.wait_for_function("window.__app && window.__app.viewReady")
    page.locator("[data-testid=stats-panel] summary").click()
    rows = page.locator("[data-testid=stats-table] tbody tr")
    assert rows.count() == 2
    row3 = page.locator("[data-testid=stats-table] tr[data-size='3'] td")
    assert row3.nth(0).text_content() == "2" and row3.nth(2).text_content() == "2"   # solves, fewest moves
    assert page.locator("[data-testid=stats-table] tr[data-size='4'] td").nth(0).text_content() == "1"
    with page.expect_download() as download:
        page.get_by_test_id("stats-export").click()
    exported = json.loads(Path(download.value.path()).read_text())
    assert len(exported["sizes"]["3"]) == 2 and exported["sizes"]["3"][0]["moves"] == 2
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_test_id("stats-reset").click()
    assert "No solves yet" in page.get_by_test_id("stats-table").text_content()
    context.close()


def test_only_games_the_game_dealt_count(browser, app_url):
    """A position typed under Notation (or a game opened from a link, an exact deal, or one the solver helped
    with) one move from its goal is not a record: the finished game says it is left out and why, and nothing is
    kept.  A board the game dealt counts, once: solved again after a restart, it is not a second record."""
    context = browser.new_context(viewport={"width": 375, "height": 740}, service_workers="block")
    page = context.new_page()
    page.goto(app_url)
    page.wait_for_function("window.__app && window.__app.viewReady")
    page.evaluate("localStorage.clear()")
    page.locator("[data-testid=stats-panel] summary").click()
    empty = page.locator("[data-testid=stats-table] td.stats-empty")
    assert "No solves yet" in empty.text_content()
    assert empty.evaluate("(td) => getComputedStyle(td).textAlign") == "left"   # under "Size", not under ao12
    page.locator("[data-testid=notation-panel] summary").click()
    page.get_by_test_id("notation-position-input").fill("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15")
    page.get_by_test_id("notation-load").click()
    play(page, "l")
    uncounted = page.get_by_test_id("play-uncounted")
    assert uncounted.text_content() == ("Not counted in your statistics: this game began from a position typed in, "
                                        "not one the game dealt.")
    assert uncounted.is_visible()
    page.evaluate("window.__app.game.loadFragment('play=3:1,2,3,4,5,6,7,0,8')")
    play(page, "l")
    assert "opened from a link" in uncounted.text_content()
    load_game(page, 3, [1, 2, 3, 4, 5, 6, 7, 0, 8], origin="exact")   # an exact deal of one move
    play(page, "l")
    assert uncounted.text_content() == "Not counted in your statistics: an exact deal chooses how far the board is from the goal."
    assert "No solves yet" in page.get_by_test_id("stats-table").text_content()
    assert page.evaluate("localStorage.getItem('puzzlesolver-stats-v1')") is None
    load_game(page, 3, [1, 2, 3, 4, 5, 6, 7, 0, 8], origin="deal")   # as a deal: it counts, and says nothing more
    play(page, "l")
    assert page.get_by_test_id("play-result").is_visible() and uncounted.count() == 0
    assert page.locator("[data-testid=stats-table] tr[data-size='3'] td").nth(0).text_content() == "1"
    page.get_by_test_id("play-restart").click()
    play(page, "l")
    assert page.get_by_test_id("play-result").is_visible()
    assert page.locator("[data-testid=stats-table] tr[data-size='3'] td").nth(0).text_content() == "1"
    context.close()


def test_the_notation_panels_letters_fit_a_phone(browser, app_url):
    """At 375 px the "Letters" menu shows its choice whole: its longest option fits inside the menu (past its
    padding and arrow), and the menu inside the panel."""
    context = browser.new_context(viewport={"width": 375, "height": 740}, service_workers="block")
    page = context.new_page()
    page.goto(app_url)
    page.wait_for_function("window.__app && window.__app.viewReady")
    page.locator("[data-testid=notation-panel] summary").click()
    fit = page.get_by_test_id("notation-convention").evaluate("""(menu) => {
      const style = getComputedStyle(menu), panel = menu.closest('details').getBoundingClientRect();
      const pen = document.createElement('canvas').getContext('2d');
      pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = Math.max(...[...menu.options].map((option) => pen.measureText(option.text).width));
      const room = menu.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;   // 24: the arrow
      const box = menu.getBoundingClientRect();
      return { text, room, inside: box.left >= panel.left && box.right <= panel.right }; }""")
    assert fit["text"] <= fit["room"] and fit["inside"], fit
    context.close()
