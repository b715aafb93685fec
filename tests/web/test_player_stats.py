"""Statistics (issue 14, item 5; issue 28, item 4): solves kept on the device per W x H survive a reload; the
averages drop the best and the worst; hinted games are not counted; reset, export and import (JSON and CSV); the
first record moves in; a stored record that cannot be read is set aside and the panel says so.  The averages'
arithmetic is test_stats_model.py's."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect
from player_helpers import load_game, play, stored

SITE = Path(__file__).resolve().parents[2] / "site"


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is needed to run site/play/stats-record.js")
def test_averages_drop_the_best_and_the_worst():
    script = f"""
import {{ Stats }} from "{(SITE / 'play' / 'stats-record.js').as_uri()}";
import {{ currentAverage }} from "{(SITE / 'core' / 'averages.js').as_uri()}";
import {{ openStore }} from "{(SITE / 'core' / 'store.js').as_uri()}";
let second = Date.parse("2026-11-26T10:00:00.000Z");
const stats = new Stats(await openStore({{ indexedDB: null }}), () => new Date((second += 1000)));
for (const t of [10, 50, 20, 30, 40]) await stats.record(3, {{ time: t * 1000, stm: t, mtm: t }});
const five = await stats.summary(3);
for (let i = 0; i < 7; i++) await stats.record(3, {{ time: 100000, stm: 99, mtm: 99 }});
console.log(JSON.stringify({{ five, twelve: await stats.summary(3), short: currentAverage([1, 2, 3, 4], 5) }}));
"""
    out = json.loads(subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True,
                                    timeout=60, check=True).stdout)
    five, twelve = out["five"], out["twelve"]
    assert five["solves"] == 5 and five["time"]["single"]["best"] == 10000 and five["stm"]["single"]["best"] == 10
    assert five["time"]["ao5"] == {"best": 30000, "current": 30000} and five["time"]["ao12"] == {"best": None, "current": None}
    assert twelve["time"]["ao5"] == {"best": 30000, "current": 100000}
    assert twelve["time"]["ao12"]["current"] == (20 + 30 + 40 + 50 + 6 * 100) * 1000 / 10
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
    shapes = page.get_by_test_id("stats-shape")
    expect(shapes.locator("option")).to_have_text(["3×3", "4×4"])
    shapes.select_option("3x3")
    expect(page.get_by_test_id("stats-solves")).to_have_text("2 solves on 3×3")
    single = page.locator("[data-testid=stats-table] tr[data-row=single]")
    assert single.locator("td[data-measure=stm]").text_content() == "2"   # fewest moves: two tiles, one slide
    assert single.locator("td[data-measure=mtm]").text_content() == "1"
    assert page.locator("[data-testid=stats-table] tbody tr").count() == 6   # single, ao5, ao12, ao25, ao50, ao100
    assert page.locator("[data-testid=stats-table] tr[data-row=ao5] td[data-measure=time]").text_content() == "–"
    shapes.select_option("4x4")
    expect(page.get_by_test_id("stats-solves")).to_have_text("1 solve on 4×4")
    with page.expect_download() as download:
        page.get_by_test_id("stats-export").click()
    exported = json.loads(Path(download.value.path()).read_text())
    assert len(exported["shapes"]["3x3"]) == 2 and exported["shapes"]["3x3"][0]["stm"] == 2
    assert exported["shapes"]["3x3"][0]["mtm"] == 1
    with page.expect_download() as download:
        page.get_by_test_id("stats-export-csv").click()
    csv = Path(download.value.path()).read_text().splitlines()
    assert csv[0] == "shape,date,time_ms,stm,mtm,tps,optimal,replay,penalty" and len(csv) == 4
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_test_id("stats-reset").click()
    expect(page.get_by_test_id("stats-table")).to_contain_text("No solves yet")
    context.close()


def test_import_the_first_record_and_a_record_set_aside_in_the_panel(browser, app_url, tmp_path):
    """At 375 px: the first record's solves (per side n) show in the table after a reload; an import says in one
    sentence what it took and what it refused; a stored record that cannot be read is set aside with a message."""
    context = browser.new_context(viewport={"width": 375, "height": 740}, service_workers="block")
    page = context.new_page()
    first = {"sizes": {"4": [{"time": 61234 + i, "moves": 60 + i, "optimal": None, "date": f"2026-01-0{i + 1}T00:00:00.000Z"}
                             for i in range(5)]}}
    page.goto(app_url + "manifest.webmanifest")   # the page's origin, before the app has opened its store
    page.evaluate("(text) => { localStorage.clear(); localStorage.setItem('puzzlesolver-stats-v1', text); }", json.dumps(first))
    page.goto(app_url)
    page.wait_for_function("window.__app && window.__app.viewReady")
    page.locator("[data-testid=stats-panel] summary").click()
    expect(page.get_by_test_id("stats-solves")).to_have_text("5 solves on 4×4")
    ao5 = page.locator("[data-testid=stats-table] tr[data-row=ao5]")
    assert ao5.locator("td[data-measure=time]").text_content() == "1:01.236"     # 61235, 61236, 61237
    assert ao5.locator("td[data-measure=stm]").text_content() == "62.000"
    assert ao5.locator("td[data-measure=mtm]").text_content() == "–"            # not known for the first record's solves
    assert len([s for s in stored(page, "solves") if s["shape"] == "4x4"]) == 5   # moved into the store (the old key stays, unread)
    assert page.get_by_test_id("stats-message").is_hidden()

    upload = tmp_path / "solves.csv"
    upload.write_text("shape,date,time_ms,stm,mtm\n3x3,2026-02-01T00:00:00.000Z,7000,30,20\n"
                      "3x3,2026-02-02T00:00:00.000Z,fast,30,20\n")
    page.get_by_test_id("stats-import-file").set_input_files(str(upload))
    message = page.get_by_test_id("stats-message")
    expect(message).to_have_text("Imported 1 solve; refused 1 solve: line 3 (its time is not a whole number of "
                                 "milliseconds).")
    assert page.get_by_test_id("stats-shape").locator("option").all_text_contents() == ["3×3", "4×4"]

    page.evaluate("""async () => (await (await import('./core/store.js')).pageStore()).put("solves",
        { id: "3x3|broken", shape: "3x3", time: "fast", stm: 30, date: "2026-02-03T00:00:00.000Z" })""")
    page.reload()
    page.wait_for_function("window.__app && window.__app.viewReady")
    page.locator("[data-testid=stats-panel] summary").click()
    message = page.get_by_test_id("stats-message")
    expect(message).to_have_text(re.compile(r"^1 stored solve could not be read, so it was set aside in this browser's "
                                            r"storage \(set-aside record \d+\)\.$"))
    assert json.loads(stored(page, "setAside")[-1]["text"])[0]["time"] == "fast"
    assert page.get_by_test_id("stats-shape").locator("option").all_text_contents() == ["3×3", "4×4"]
    fits = page.get_by_test_id("stats-panel").evaluate("(panel) => panel.scrollWidth <= panel.clientWidth")
    assert fits
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
    assert stored(page, "solves") == []
    load_game(page, 3, [1, 2, 3, 4, 5, 6, 7, 0, 8], origin="deal")   # as a deal: it counts, and says nothing more
    play(page, "l")
    assert page.get_by_test_id("play-result").is_visible() and uncounted.count() == 0
    expect(page.get_by_test_id("stats-solves")).to_have_text("1 solve on 3×3")
    page.get_by_test_id("play-restart").click()
    play(page, "l")
    assert page.get_by_test_id("play-result").is_visible()
    page.wait_for_timeout(200)   # time for a second record, were one made
    expect(page.get_by_test_id("stats-solves")).to_have_text("1 solve on 3×3")
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
