"""Sessions (issue 35, item 5): the current ao5 and ao12 beside the timer, counted as Slidysim's community counts
them (one best and one worst dropped; a DNF is the worst; two DNFs make the average a DNF; a +2 adds two
seconds); +2, DNF and Delete on a solve, from the statistics' rows and right after a solve, kept in the store
(statistics recomputed, surviving a reload; a delete undone)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect
from player_helpers import load_game, play, stored

SITE = Path(__file__).resolve().parents[2] / "site"
#: Twelve 3x3 solves of 10, 11, ..., 21 seconds, one a second from 2026-02-01T00:00:00Z, 30 moves each.
TIMES = [10_000 + 1000 * i for i in range(12)]
DATES = [f"2026-02-01T00:00:{i:02d}.000Z" for i in range(12)]
CSV = "shape,date,time_ms,stm,mtm\n" + "".join(f"3x3,{d},{t},30,20\n" for d, t in zip(DATES, TIMES))


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is needed to run site/core/averages.js")
def test_a_dnf_is_the_worst_and_two_make_the_average_a_dnf():
    script = f"""
import {{ bestAverage, countedValues, currentAverage, trimmedMean }} from "{(SITE / 'core' / 'averages.js').as_uri()}";
const D = Infinity;
console.log(JSON.stringify({{
  plain: trimmedMean([10, 11, 12, 13, 14]), oneDnf: trimmedMean([10, D, 12, 13, 14]), twoDnfs: String(trimmedMean([10, D, 12, D, 14])),
  bestOverDnfs: bestAverage([10, D, 12, 13, 14, D, 30], 5), allDnf: String(bestAverage([D, D, 1, 2, 3], 5)),
  ao12: currentAverage([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, D], 12),
  plusTwo: countedValues({{ time: 1000, stm: 10, mtm: 5, penalty: "+2" }}),
  dnf: Object.values(countedValues({{ time: 1000, stm: 10, mtm: 5, penalty: "dnf" }})).map(String),
  dnfTps: String(bestAverage([1, 2, 3, -Infinity, 5], 5, "higher")),
}}));
"""
    out = json.loads(subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True,
                                    timeout=60, check=True).stdout)
    assert out["plain"] == 12 and out["oneDnf"] == 13 and out["twoDnfs"] == "Infinity"
    assert out["bestOverDnfs"] == 13   # 10 D 12 13 14 -> 13; D 12 13 14 D -> DNF; 12 13 14 D 30 -> 19
    assert out["allDnf"] == "Infinity" and out["ao12"] == 6.5   # the DNF dropped as the worst, 1 as the best
    assert out["plusTwo"] == {"time": 3000, "stm": 10, "mtm": 5, "tps": 10 / 3}
    assert out["dnf"] == ["Infinity", "Infinity", "Infinity", "-Infinity"] and out["dnfTps"] == "2"   # -Infinity and 5 dropped


@pytest.fixture
def page(browser, app_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    page.route("**/pyodide/**", lambda route: route.abort())   # no solver: the statistics need none
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(app_url + "#game")
    page.wait_for_function("window.__app && window.__app.viewReady")
    yield page
    assert page.errors == []
    context.close()


def averages(page):
    return page.get_by_test_id("play-ao5").inner_text(), page.get_by_test_id("play-ao12").inner_text()


def row(page, i):
    """The latest solves' row of the i-th of TIMES."""
    return page.locator(f"[data-testid=stats-solve-list] li[data-id='3x3|{DATES[i]}|{TIMES[i]}|30']")


def import_twelve(page, tmp_path):
    upload = tmp_path / "twelve.csv"
    upload.write_text(CSV)
    page.locator("[data-testid=stats-panel] summary").click()
    page.get_by_test_id("stats-import-file").set_input_files(str(upload))
    expect(page.get_by_test_id("stats-message")).to_have_text("Imported 12 solves.")
    page.evaluate("window.__app.game.newPuzzle(3)")


def test_ao5_and_ao12_beside_the_timer_follow_dnf_plus_two_and_delete_and_survive_a_reload(page, tmp_path):
    import_twelve(page, tmp_path)
    expect(page.get_by_test_id("play-ao5")).to_have_text("19.000")   # 17 18 19 20 21: 18, 19, 20 kept
    assert averages(page) == ("19.000", "15.500")                   # 10 ... 21: 11 to 20 kept
    row(page, 9).get_by_test_id("stats-solve-dnf").click()           # 19 s: DNF, the worst of both
    expect(page.get_by_test_id("play-ao5")).to_have_text("19.667")  # 18, 20, 21
    assert averages(page) == ("19.667", "15.700")
    expect(row(page, 9)).to_have_attribute("data-penalty", "dnf")
    assert row(page, 9).get_by_test_id("stats-solve").inner_text().startswith("DNF (19.000)")
    row(page, 10).get_by_test_id("stats-solve-dnf").click()          # a second DNF: both averages are DNFs
    expect(page.get_by_test_id("play-ao5")).to_have_text("DNF")
    assert averages(page) == ("DNF", "DNF")
    page.get_by_test_id("stats-view").select_option("current")       # the statistics say the same
    expect(page.locator("[data-testid=stats-table] tr[data-row=ao12] td[data-measure=time]")).to_have_text("DNF")
    row(page, 10).get_by_test_id("stats-solve-dnf").click()          # pressed again: taken back
    row(page, 7).get_by_test_id("stats-solve-plus2").click()         # 17 s + 2
    expect(page.get_by_test_id("play-ao5")).to_have_text("20.000")  # 19(17+2) 18 DNF 20 21: 19, 20, 21
    assert averages(page) == ("20.000", "15.900")
    assert row(page, 7).get_by_test_id("stats-solve").inner_text().startswith("19.000+")
    expect(page.locator("[data-testid=stats-table] tr[data-row=ao12] td[data-measure=time]")).to_have_text("15.900")

    row(page, 11).get_by_test_id("stats-solve-delete").click()       # 21 s: gone, and eleven solves have no ao12
    expect(page.get_by_test_id("play-ao12")).to_have_text("–")
    assert averages(page) == ("19.000", "–")                         # 16 19(+2) 18 DNF 20: 18, 19, 20
    expect(page.get_by_test_id("stats-solves")).to_have_text("11 solves on 3×3")
    page.get_by_test_id("stats-solve-undo").click()                  # Undo puts it back as it was
    expect(page.get_by_test_id("play-ao12")).to_have_text("15.900")
    row(page, 11).get_by_test_id("stats-solve-delete").click()
    expect(page.get_by_test_id("play-ao12")).to_have_text("–")

    page.reload()
    page.wait_for_function("window.__app && window.__app.viewReady")
    page.evaluate("window.__app.game.newPuzzle(3)")
    expect(page.get_by_test_id("play-ao5")).to_have_text("19.000")
    assert averages(page) == ("19.000", "–")
    kept = {s["time"]: s.get("penalty") for s in stored(page, "solves")}
    assert len(kept) == 11 and 21_000 not in kept and kept[19_000] == "dnf" and kept[17_000] == "+2" and kept[20_000] is None


TWO_MOVES = [1, 2, 3, 4, 5, 6, 0, 7, 8]


def test_a_solve_just_finished_can_be_given_plus_two_or_dnf_or_deleted(page):
    load_game(page, 3, TWO_MOVES, origin="deal")
    play(page, "l")
    play(page, "l")
    actions = page.get_by_test_id("play-solve-actions")
    expect(actions).to_be_visible()
    plus2 = page.get_by_test_id("play-solve-plus2")
    plus2.click()
    expect(plus2).to_have_attribute("aria-pressed", "true")
    assert [s.get("penalty") for s in stored(page, "solves")] == ["+2"]
    assert actions.inner_text().startswith("This solve: 2.")         # its time with the two seconds, and a +
    page.get_by_test_id("play-solve-dnf").click()
    expect(page.get_by_test_id("play-solve-dnf")).to_have_attribute("aria-pressed", "true")
    assert [s.get("penalty") for s in stored(page, "solves")] == ["dnf"]
    expect(page.get_by_test_id("play-solve-plus2")).to_have_attribute("aria-pressed", "false")
    page.get_by_test_id("play-solve-delete").click()
    expect(page.get_by_test_id("play-solve-said")).to_contain_text("Deleted the solve of DNF (")
    assert stored(page, "solves") == []
    page.get_by_test_id("play-solve-undo").click()
    expect(page.get_by_test_id("play-solve-dnf")).to_have_attribute("aria-pressed", "true")
    assert len(stored(page, "solves")) == 1
    page.evaluate("window.__app.game.newPuzzle(3)")                  # the next game: the line goes
    expect(actions).to_be_hidden()


def test_the_session_panel_draws_the_times_histogram_and_the_personal_best_history_of_a_board(page, tmp_path):
    import_twelve(page, tmp_path)
    page.locator("[data-testid=session-panel] summary").click()
    expect(page.get_by_test_id("session-summary")).to_have_text(
        "All your solves: 12 solves on 3×3 · ao5 19.000 · ao12 15.500 · mean 15.500")
    histogram = page.get_by_test_id("session-histogram")
    expect(histogram).to_be_visible()
    assert histogram.evaluate("(node) => node.tagName") == "CANVAS"
    assert histogram.get_attribute("data-points") == "6"   # 10 to 21 s in bins of 2 s, two solves each
    history = page.get_by_test_id("session-pb-history")
    expect(history).to_be_visible()
    assert history.get_attribute("data-points") == "12"    # the bests after each solve
    bests = page.get_by_test_id("session-pb-list").locator("li")
    expect(bests).to_have_count(2)                          # each solve slower than the one before: two bests
    assert bests.nth(0).inner_text().startswith("ao5 12.000 · solve 5 ·")
    assert bests.nth(1).inner_text().startswith("Single 10.000 · solve 1 ·")
    page.get_by_test_id("session-new").click()              # a new session: the averages start again
    expect(page.get_by_test_id("session-summary")).to_contain_text(": 0 solves on 3×3 · ao5 – · ao12 – · mean –")
    expect(page.get_by_test_id("play-ao5")).to_have_text("–")
    expect(page.get_by_test_id("play-ao12")).to_have_text("–")
    assert page.get_by_test_id("session-pb-list").locator("li").count() == 2   # the bests are the board's, kept
    page.reload()
    page.wait_for_function("window.__app && window.__app.viewReady")
    page.evaluate("window.__app.game.newPuzzle(3)")
    page.locator("[data-testid=session-panel] summary").click()
    expect(page.get_by_test_id("session-summary")).to_contain_text(": 0 solves on 3×3")


def test_two_tabs_change_solves_side_by_side_and_each_follows_the_other(browser, app_url, tmp_path):
    """A DNF given in one tab and a delete in the other are both kept (each a transaction on its own record), and each
    tab's averages beside the timer follow the other's change at once."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    context.route("**/pyodide/**", lambda route: route.abort())
    first, second = context.new_page(), context.new_page()
    for page in (first, second):
        page.goto(app_url + "#game")
        page.wait_for_function("window.__app && window.__app.viewReady")
    import_twelve(first, tmp_path)
    second.evaluate("window.__app.game.newPuzzle(3)")
    expect(second.get_by_test_id("play-ao12")).to_have_text("15.500")   # the first tab's import, heard
    second.locator("[data-testid=stats-panel] summary").click()
    row(first, 9).get_by_test_id("stats-solve-dnf").click()
    row(second, 11).get_by_test_id("stats-solve-delete").click()
    for page in (first, second):   # 10 ... 20 with 19 a DNF: eleven solves, no ao12; 16 17 18 DNF 20 -> 17, 18, 20
        expect(page.get_by_test_id("play-ao5")).to_have_text("18.333")
        expect(page.get_by_test_id("play-ao12")).to_have_text("–")
    kept = {s["time"]: s.get("penalty") for s in stored(first, "solves")}
    assert len(kept) == 11 and kept[19_000] == "dnf" and 21_000 not in kept
    context.close()
