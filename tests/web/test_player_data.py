"""The player's data is never lost, and time is fair (issue 35, items 1 and 2).  Replays, solves and settings are
kept in one IndexedDB store (site/core/store.js), a record each, that several tabs share: three solves in two
tabs are three, in both tabs' lists and statistics; a store that cannot keep a solve (full, or none at all) says
so under the finished game, and the export still has it; the replays' cap never drops a personal best; replays
exported on one device import on another, once; the records kept in localStorage before move in; and a reload
in the middle of a solve does not stop its clock."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from player_helpers import load_game, play, stored

ONE_MOVE = [1, 2, 3, 4, 5, 6, 7, 0, 8]      # "l" solves it
TWO_MOVES = [1, 2, 3, 4, 5, 6, 0, 7, 8]     # "l", "l"
FULL = """for (const method of ["put", "add"]) {
  IDBObjectStore.prototype[method] = function () { throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); };
}"""
NO_INDEXEDDB = """IDBFactory.prototype.open = function () { throw new DOMException("A mutation operation was attempted on a database that did not allow mutations.", "InvalidStateError"); };"""


def new_page(context, app_url, fragment="#game"):
    page = context.new_page()
    page.route("**/pyodide/**", lambda route: route.abort())   # no solver: nothing here needs it
    page.goto(app_url + fragment)
    page.wait_for_function("window.__app && window.__app.viewReady")
    return page


def old_records(context, app_url, records):
    """localStorage as the page before the store left it: written from a page of the same origin that is not the app."""
    page = context.new_page()
    page.goto(app_url + "manifest.webmanifest")
    page.evaluate("(records) => { for (const [key, text] of Object.entries(records)) localStorage.setItem(key, text); }", records)
    page.close()


def open_panels(page):
    for panel in ("stats-panel", "replay-panel"):
        if page.get_by_test_id(panel).get_attribute("open") is None:
            page.locator(f"[data-testid={panel}] summary").click()


def solve_a_deal(page, tiles=ONE_MOVE, pause_ms=0):
    load_game(page, 3, tiles, origin="deal")
    for i, move in enumerate("l" if tiles == ONE_MOVE else "ll"):
        if i:
            page.wait_for_timeout(pause_ms)
        play(page, move)


def download(page, testid):
    with page.expect_download() as event:
        page.get_by_test_id(testid).click()
    return json.loads(Path(event.value.path()).read_text())


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    yield context
    context.close()


def test_three_solves_in_two_tabs_are_all_kept(context, app_url):
    first, second = new_page(context, app_url), new_page(context, app_url)
    for page in (first, second, first):
        solve_a_deal(page)
    for page in (first, second):
        open_panels(page)
        expect(page.locator("[data-testid=replay-list] > li")).to_have_count(3)
        expect(page.get_by_test_id("stats-solves")).to_have_text("3 solves on 3×3")
        replays = set(page.locator("[data-testid=replay-list] > li").evaluate_all("(items) => items.map((li) => li.dataset.id)"))
        rows = page.locator("[data-testid=stats-solve-list] > li").evaluate_all("(items) => items.map((li) => li.dataset.replay)")
        assert len(rows) == 3 and set(rows) == replays, (rows, replays)
    assert len(stored(first, "replays")) == 3 and len(stored(first, "solves")) == 3
    # a statistics row opens its own replay
    second.get_by_test_id("stats-solve").first.click()
    expect(second.get_by_test_id("replay-summary")).to_be_visible()
    assert second.locator("[data-testid=replay-summary] dd[data-measure=stm]").inner_text() == "1"


PERSIST_COUNTED = """window.__persistAsked = 0;
StorageManager.prototype.persisted = async function () { return false; };
StorageManager.prototype.persist = async function () { window.__persistAsked += 1; return false; };"""


def test_persistent_storage_is_asked_once(context, app_url):
    """The page asks the browser to keep its store (navigator.storage.persist()) at the first solve it keeps, and
    once per device: not again at the next solve, nor after a reload."""
    context.add_init_script(PERSIST_COUNTED)
    page = new_page(context, app_url)
    assert page.evaluate("window.__persistAsked") == 0
    solve_a_deal(page)
    page.wait_for_function("window.__persistAsked === 1")
    solve_a_deal(page)
    page.reload()
    page.wait_for_function("window.__app && window.__app.viewReady")
    solve_a_deal(page)
    open_panels(page)
    expect(page.locator("[data-testid=replay-list] > li")).to_have_count(3)
    page.wait_for_timeout(300)
    assert page.evaluate("window.__persistAsked") == 0   # this page (after the reload) did not ask again
    assert [r["name"] for r in stored(page, "meta")].count("persist-asked") == 1


@pytest.mark.parametrize("storage", ["full", "none"])
def test_a_solve_that_cannot_be_kept_is_said_at_its_result_and_still_exported(context, app_url, storage):
    context.add_init_script(FULL if storage == "full" else NO_INDEXEDDB)
    page = new_page(context, app_url)
    solve_a_deal(page, TWO_MOVES, pause_ms=50)
    note = page.get_by_test_id("play-kept")
    expect(note).to_be_visible()
    expect(note).to_be_in_viewport()
    reason = "this browser's storage for this page is full" if storage == "full" else "a private window does that"
    assert note.inner_text().startswith("This solve is kept only in this tab: ") and reason in note.inner_text()
    assert note.inner_text().endswith("so export your replays and statistics (in their panels below) before you close it.")
    assert page.get_by_test_id("play-result").evaluate("(r) => r.contains(document.querySelector('[data-testid=play-kept]'))")
    open_panels(page)
    expect(page.get_by_test_id("stats-solves")).to_have_text("1 solve on 3×3")
    expect(page.locator("[data-testid=replay-list] > li")).to_have_count(1)
    expect(page.locator("[data-testid=replay-list] > li")).to_contain_text("only in this tab")
    exported = download(page, "replay-export")["replays"]
    assert [(r["width"], r["moves"]) for r in exported] == [(3, "ll")] and exported[0]["timeMs"] >= 50
    solves = download(page, "stats-export")["shapes"]["3x3"]
    assert len(solves) == 1 and solves[0]["replay"] == exported[0]["id"]
    # the next solve is said too, and both stay exported
    solve_a_deal(page)
    expect(note).to_be_visible()
    assert len(download(page, "replay-export")["replays"]) == 2


def seeded_export(count=100):
    """`count` replays of a 3x3 one move from its goal and their solves, oldest first: the first twelve the
    fastest (1 to 12 ms: the best single, the best ao5 and the best ao12 of time), the rest 100 s and more."""
    replays, solves = [], []
    for i in range(count):
        date = f"2020-01-01T{i // 60:02d}:{i % 60:02d}:00.000Z"
        time = i + 1 if i < 12 else 100_000 + i
        replays.append({"id": f"r{i}", "date": date, "width": 3, "height": 3, "scramble": ONE_MOVE, "moves": "l",
                        "times": [0], "timeMs": time})
        solves.append({"time": time, "stm": 1, "mtm": 1, "optimal": 1, "date": date, "replay": f"r{i}"})
    return ({"format": "puzzlesolver-replays", "version": 1, "replays": replays},
            {"format": "puzzlesolver statistics", "version": 2, "shapes": {"3x3": solves}})


def test_the_cap_never_drops_a_personal_best(context, app_url, tmp_path):
    page = new_page(context, app_url)
    open_panels(page)
    replays, solves = seeded_export()
    (tmp_path / "replays.json").write_text(json.dumps(replays))
    (tmp_path / "stats.json").write_text(json.dumps(solves))
    page.get_by_test_id("replay-import-file").set_input_files(str(tmp_path / "replays.json"))
    expect(page.get_by_test_id("replay-message")).to_have_text("Imported 100 replays.")
    page.get_by_test_id("stats-import-file").set_input_files(str(tmp_path / "stats.json"))
    expect(page.get_by_test_id("stats-message")).to_have_text("Imported 100 solves.")
    for _ in range(3):   # three slower solves: each past the cap makes the oldest that is not a best go
        solve_a_deal(page, TWO_MOVES, pause_ms=120)
    expect(page.get_by_test_id("stats-solves")).to_have_text("103 solves on 3×3")
    items = page.locator("[data-testid=replay-list] > li")
    expect(items).to_have_count(100)
    kept = set(items.evaluate_all("(items) => items.map((li) => li.dataset.id)"))
    assert {f"r{i}" for i in range(12)} <= kept, "a personal best was dropped"
    assert not {"r12", "r13", "r14"} & kept and {f"r{i}" for i in range(15, 100)} <= kept
    expect(page.get_by_test_id("replay-message")).to_contain_text("and your bests")
    # the best single opens its replay: the 1 ms solve
    page.get_by_test_id("stats-single").click()
    expect(page.locator("[data-testid=replay-summary] dd[data-measure=time]")).to_have_text("0.001")


def test_replays_exported_import_on_another_device_once(browser, app_url, tmp_path):
    devices = [browser.new_context(service_workers="block") for _ in range(2)]
    try:
        page = new_page(devices[0], app_url)
        solve_a_deal(page)
        solve_a_deal(page, TWO_MOVES, pause_ms=30)
        open_panels(page)
        expect(page.locator("[data-testid=replay-list] > li")).to_have_count(2)
        exported = download(page, "replay-export")
        ids = sorted(r["id"] for r in exported["replays"])
        (tmp_path / "replays.json").write_text(json.dumps(exported))

        other = new_page(devices[1], app_url)
        open_panels(other)
        expect(other.locator("[data-testid=replay-list] > li")).to_have_count(0)
        upload = other.get_by_test_id("replay-import-file")
        assert upload.get_attribute("type") == "file"
        upload.set_input_files(str(tmp_path / "replays.json"))
        expect(other.get_by_test_id("replay-message")).to_have_text("Imported 2 replays.")
        items = other.locator("[data-testid=replay-list] > li")
        expect(items).to_have_count(2)
        upload.set_input_files(str(tmp_path / "replays.json"))
        expect(other.get_by_test_id("replay-message")).to_have_text("Imported 0 replays; 2 already kept were not doubled.")
        other.reload()
        other.wait_for_function("window.__app && window.__app.viewReady")
        open_panels(other)
        expect(items).to_have_count(2)
        assert sorted(items.evaluate_all("(items) => items.map((li) => li.dataset.id)")) == ids
        assert sorted(r["id"] for r in stored(other, "replays")) == ids
        other.locator("[data-testid=replay-list] > li").last.get_by_test_id("replay-item").click()
        other.get_by_test_id("replay-end").click()
        expect(other.get_by_test_id("replay-board")).to_have_attribute("data-solved", "true")
    finally:
        for device in devices:
            device.close()


OLD_REPLAYS = {"version": 1, "replays": [
    {"id": "3x3-2026-01-02T00:00:00.000Z", "date": "2026-01-02T00:00:00.000Z", "width": 3, "height": 3,
     "scramble": ONE_MOVE, "moves": "l", "times": [0], "timeMs": 0},
    {"id": "3x3-2026-01-03T00:00:00.000Z", "date": "2026-01-03T00:00:00.000Z", "width": 3, "height": 3,
     "scramble": TWO_MOVES, "moves": "ll", "times": [0, 900], "timeMs": 900}]}
OLD_STATS = {"version": 2, "shapes": {"3x3": [
    {"time": 0, "stm": 1, "mtm": 1, "optimal": 1, "date": "2026-01-02T00:00:00.000Z", "replay": "3x3-2026-01-02T00:00:00.000Z"},
    {"time": 900, "stm": 2, "mtm": 1, "optimal": 2, "date": "2026-01-03T00:00:00.000Z", "replay": "3x3-2026-01-03T00:00:00.000Z"}]}}
OLD_FIRST_STATS = {"sizes": {"4": [{"time": 61234, "moves": 60, "optimal": None, "date": "2025-12-01T00:00:00.000Z"}]}}
OLD_SETTINGS = {"keys": "blank", "hover": True, "judge": False}


def test_the_records_kept_in_local_storage_move_in_once(context, app_url):
    old_records(context, app_url, {"puzzlesolver-replays-v1": json.dumps(OLD_REPLAYS), "puzzlesolver-stats-v2": json.dumps(OLD_STATS),
                                   "puzzlesolver-stats-v1": json.dumps(OLD_FIRST_STATS), "puzzlesolver-settings-v1": json.dumps(OLD_SETTINGS)})
    page, second = new_page(context, app_url), new_page(context, app_url)   # two tabs at once: the records move in once
    for tab in (page, second):
        open_panels(tab)
        expect(tab.locator("[data-testid=replay-list] > li")).to_have_count(2)
    expect(page.get_by_test_id("stats-shape").locator("option")).to_have_text(["3×3", "4×4"])
    page.get_by_test_id("stats-shape").select_option("3x3")
    expect(page.get_by_test_id("stats-solves")).to_have_text("2 solves on 3×3")
    assert sorted(r["id"] for r in stored(page, "replays")) == [r["id"] for r in OLD_REPLAYS["replays"]]
    solves = sorted(stored(page, "solves"), key=lambda s: s["date"])
    assert [(s["shape"], s["time"], s.get("replay")) for s in solves] == [
        ("4x4", 61234, None), ("3x3", 0, OLD_REPLAYS["replays"][0]["id"]), ("3x3", 900, OLD_REPLAYS["replays"][1]["id"])]
    assert {s["name"]: s["value"] for s in stored(page, "settings")} == OLD_SETTINGS
    page.locator("[data-testid=settings-panel] summary").click()
    expect(page.get_by_test_id("key-mode")).to_have_value("blank")
    expect(page.get_by_test_id("hover-mode")).to_be_checked()
    # the old keys stay as a backup the page no longer reads: a reload moves nothing in twice
    assert page.evaluate("localStorage.getItem('puzzlesolver-replays-v1')") == json.dumps(OLD_REPLAYS)
    page.reload()
    page.wait_for_function("window.__app && window.__app.viewReady")
    assert len(stored(page, "replays")) == 2 and len(stored(page, "solves")) == 3
    assert page.get_by_test_id("replay-message").is_hidden() and page.get_by_test_id("stats-message").is_hidden()


def test_an_old_record_that_cannot_be_read_is_set_aside_and_said(context, app_url):
    old_records(context, app_url, {"puzzlesolver-replays-v1": "{not json"})
    page = new_page(context, app_url)
    open_panels(page)
    expect(page.get_by_test_id("replay-message")).to_have_text(re.compile(
        r"^Your replays could not be read, so they were set aside in this browser's storage \(set-aside record \d+\) and new ones begun\.$"))
    assert [r["text"] for r in stored(page, "setAside")] == ["{not json"]


SLOW_COMMITS = """const open = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (names, mode, ...rest) {
  const tx = open.call(this, names, mode, ...rest);
  if (mode === "readwrite") {   // each write commits only after a long chain of reads: a reload meanwhile aborts it
    const first = [names].flat()[0];
    let left = 3000;
    const next = () => { if (left-- > 0) tx.objectStore(first).count().onsuccess = next; };
    next();
  }
  return tx;
};"""


def test_a_solve_ended_just_as_the_page_reloads_is_kept(context, app_url):
    """The last move and a reload in one go, the store's writes slowed so that the reload aborts the one under
    way: the replay and the statistic were written to localStorage at once (site/core/pending.js), and are moved
    into the store on the next load, once each.  (Without pending.js this test loses the second solve.)"""
    context.add_init_script(SLOW_COMMITS)
    page = new_page(context, app_url)
    solve_a_deal(page)   # a first solve, kept as usual
    load_game(page, 3, TWO_MOVES, origin="deal")
    play(page, "l")
    with page.expect_navigation():
        page.evaluate("window.__app.game.play('l'); location.reload()")
    page.wait_for_function("window.__app && window.__app.viewReady")
    open_panels(page)
    expect(page.locator("[data-testid=replay-list] > li")).to_have_count(2)
    expect(page.get_by_test_id("stats-solves")).to_have_text("2 solves on 3×3")
    assert sorted(r["moves"] for r in stored(page, "replays")) == ["l", "ll"] and len(stored(page, "solves")) == 2
    assert page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('puzzlesolver-pending'))") == []
    page.reload()
    page.wait_for_function("window.__app && window.__app.viewReady")
    assert len(stored(page, "replays")) == 2 and len(stored(page, "solves")) == 2


def test_a_last_move_played_before_the_players_features_have_come_is_kept(context, app_url, web_server):
    """Play's board is drawn and playable at once; its features (play/features.js: the statistics, the replays...)
    come after it.  A reload's game finished in between is kept all the same, as a solve and as a replay."""
    page = new_page(context, app_url)
    load_game(page, 3, TWO_MOVES, origin="deal")
    play(page, "l")
    web_server.delays["/play/features.js"] = 2
    try:
        page.reload(wait_until="commit")
        page.locator('.play-tile[data-tile="8"]').click()   # the last move, "l", on the board of the reload
        assert page.evaluate("!window.__app.viewReady"), "play/features.js should still be loading"
        expect(page.get_by_test_id("play-board")).to_have_attribute("data-tiles", "1,2,3,4,5,6,7,8,0")
    finally:
        web_server.delays.pop("/play/features.js", None)
    page.wait_for_function("window.__app.viewReady")
    open_panels(page)
    expect(page.locator("[data-testid=replay-list] > li")).to_have_count(1)
    expect(page.get_by_test_id("stats-solves")).to_have_text("1 solve on 3×3")
    assert [r["moves"] for r in stored(page, "replays")] == ["ll"] and len(stored(page, "solves")) == 1


def test_old_records_that_cannot_move_in_are_left_and_said(context, app_url):
    """A store that refuses the move (full): the old records stay where they were, and the panels say so."""
    old_records(context, app_url, {"puzzlesolver-replays-v1": json.dumps(OLD_REPLAYS), "puzzlesolver-stats-v2": json.dumps(OLD_STATS)})
    context.add_init_script(FULL)
    page = new_page(context, app_url)
    open_panels(page)
    for testid in ("replay-message", "stats-message"):
        expect(page.get_by_test_id(testid)).to_contain_text(
            "Your replays and statistics of before could not be moved into this browser's storage (this browser's storage "
            "for this page is full): they are left where they were, to be moved at the next visit.")
    assert page.evaluate("localStorage.getItem('puzzlesolver-replays-v1')") == json.dumps(OLD_REPLAYS)
    assert stored(page, "replays") == [] and stored(page, "meta") == []


TIME = re.compile(r"(?:(\d+):)?(\d+)\.(\d{3})")


def seconds(text):
    minutes, whole, thousandths = TIME.fullmatch(text).groups()
    return int(minutes or 0) * 60 + int(whole) + int(thousandths) / 1000


def test_a_reload_mid_solve_gives_no_free_time(context, app_url):
    """The time of a solve is wall time from its first move: the seconds before the reload, the reload's own, and
    those after it until the last move all count, and the clock runs on after the reload without a move."""
    page = new_page(context, app_url)
    load_game(page, 3, TWO_MOVES, origin="deal")
    first_move_at = page.evaluate("Date.now()")
    play(page, "l")
    page.wait_for_timeout(800)
    page.reload()
    page.wait_for_function("window.__app && window.__app.viewReady")
    timer = page.get_by_test_id("play-timer")
    shown = seconds(timer.text_content())
    page.wait_for_timeout(700)
    assert seconds(timer.text_content()) >= shown + 0.6, "the clock stood still after the reload"
    play(page, "l")
    last_move_at = page.evaluate("Date.now()")
    result = page.get_by_test_id("play-result").text_content()
    took = seconds(re.search(r"in (\S+);", result).group(1))
    wall = (last_move_at - first_move_at) / 1000
    assert wall - 0.25 <= took <= wall, (took, wall)
    assert took >= 1.5
    open_panels(page)
    assert page.locator("[data-testid=stats-table] tr[data-row=single] td[data-measure=time]").text_content() == \
        re.search(r"in (\S+);", result).group(1)
    replay = stored(page, "replays")[0]
    assert replay["timeMs"] == round(took * 1000) and replay["times"][0] == 0 and replay["times"][1] == replay["timeMs"]
