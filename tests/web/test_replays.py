"""Replays (issue 28, item 3): a Slidysim world-record link pasted in the Play view's Replays panel is summed up in
the link's own numbers and plays to a solved board; a damaged link gets one sentence and changes nothing; a
#replay= link opens the Play view with its replay; a game finished here is kept as a replay and plays back solved;
the 20x20 record (14,203 moves) imports without a task of 200 ms."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import expect
from player_helpers import load_game, play, stored

LINKS = json.loads((Path(__file__).resolve().parents[1] / "replay" / "slidysim_links.json").read_text(encoding="utf-8"))["links"]
RECORD = {case["width"]: case for case in LINKS}
# MTM is not in a Slidysim link: these are the runs of one direction in each record's solution (tests/replay).
MTM = {7: 263, 20: 5668}
SITE = Path(__file__).resolve().parents[2] / "site"
# Every task of 50 ms or more the page runs, from its start (as tests/replay/test_replay_in_chromium.py watches).
LONG_TASKS = """window.__longtasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longtasks.push({ duration: e.duration }); })
  .observe({ type: "longtask", buffered: true });"""


@pytest.fixture
def fresh(browser, app_url):
    """A page of its own (its own storage), on the Play view, the Replays panel open; no solver (replays need
    none: Python is not booted)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    context.add_init_script(LONG_TASKS)
    page = context.new_page()
    page.route("**/pyodide/**", lambda route: route.abort())
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(app_url + "#game")
    page.wait_for_function("window.__app && window.__app.viewReady")
    page.evaluate("localStorage.clear()")
    page.locator("[data-testid=replay-panel] summary").click()
    yield page
    assert page.errors == []
    context.close()


def paste(page, link):
    field = page.get_by_test_id("replay-import")
    field.fill(link)
    field.press("Enter")


def summary(page):
    cells = page.locator("[data-testid=replay-summary] dd")
    return {cells.nth(i).get_attribute("data-measure"): cells.nth(i).inner_text() for i in range(cells.count())}


def expected_summary(width):
    states = RECORD[width]["states"]
    return {"size": f"{width}x{width}", "stm": str(states["moves_x1000"] // 1000), "mtm": str(MTM[width]),
            "time": f"{states['time_ms'] / 1000:.3f}", "tps": f"{states['tps_x1000'] / 1000:.3f}"}


@pytest.mark.parametrize("width", [7, 20])
def test_a_world_record_link_is_summed_up_in_its_own_numbers_and_plays_to_solved(fresh, width):
    paste(fresh, RECORD[width]["link"])
    expect(fresh.get_by_test_id("replay-summary")).to_be_visible(timeout=20_000)
    assert summary(fresh) == expected_summary(width)
    board = fresh.get_by_test_id("replay-board")
    assert board.get_attribute("data-solved") == "false"
    assert fresh.locator("[data-testid=replay-board] .replay-tile").count() == width * width - 1
    fresh.get_by_test_id("replay-end").click()
    expect(board).to_have_attribute("data-solved", "true")
    expect(fresh.get_by_test_id("replay-where")).to_contain_text(f"Move {RECORD[width]['states']['moves_x1000'] // 1000} of")
    # back one move, forward again, by the keyboard
    fresh.get_by_test_id("replay-end").focus()
    fresh.keyboard.press("ArrowLeft")
    expect(board).to_have_attribute("data-solved", "false")
    fresh.keyboard.press("ArrowRight")
    expect(board).to_have_attribute("data-solved", "true")


def test_playing_at_x8_reaches_the_goal_of_the_7x7(fresh):
    paste(fresh, RECORD[7]["link"])
    expect(fresh.get_by_test_id("replay-summary")).to_be_visible(timeout=20_000)
    fresh.get_by_test_id("replay-speed").select_option("8")
    fresh.get_by_test_id("replay-play").click()
    expect(fresh.get_by_test_id("replay-board")).to_have_attribute("data-solved", "true", timeout=10_000)
    expect(fresh.get_by_test_id("replay-play")).to_have_text("Play")


def test_the_scrub_bar_jumps_to_a_move(fresh):
    paste(fresh, RECORD[7]["link"])
    expect(fresh.get_by_test_id("replay-summary")).to_be_visible(timeout=20_000)
    fresh.get_by_test_id("replay-scrub").fill("425")
    expect(fresh.get_by_test_id("replay-board")).to_have_attribute("data-solved", "true")
    fresh.get_by_test_id("replay-scrub").fill("200")
    expect(fresh.get_by_test_id("replay-where")).to_contain_text("Move 200 of 425")


PACK_SLIDYSIM = """async (text) => { const { packText, bytesBase64 } = await import("./core/packing.js");
    return "https://slidysim.github.io/replay?r=" + encodeURIComponent(bytesBase64(await packText(text))); }"""
PACK_OURS = """async (text) => { const { packText, bytesBase64Url } = await import("./core/packing.js");
    return "#replay=" + bytesBase64Url(await packText(text)); }"""
DAMAGED = {
    "base64": ("link", RECORD[7]["link"][:-20] + "!!!!", "This replay link is damaged: its data is not base64."),
    "zlib": ("link", "https://slidysim.github.io/replay?r=QUFBQUFBQUFBQUFB", "This replay link is damaged: its data does not decompress."),
    "shape": ("slidysim", '{"width": 7, "moves": "RRD"}', "This replay link is damaged: its data is not laid out as a slidysim replay."),
    "unplayable": ("ours", "1;3x3;1000;UUUUUU;", "This replay cannot be played on a 3x3 board: move 4 (U) has no tile to slide."),
    "unsolved": ("slidysim", '["R", 1000, "1 2 3/4 5 6/7 8 0", -1]', None),
    "size": ("ours", "1;21x21;1000;R;", None),
}


@pytest.mark.parametrize("damage", list(DAMAGED))
def test_a_damaged_link_gets_one_sentence_and_changes_nothing(fresh, damage):
    how, text, sentence = DAMAGED[damage]
    broken = text if how == "link" else fresh.evaluate(PACK_SLIDYSIM if how == "slidysim" else PACK_OURS, text)
    paste(fresh, broken)
    message = fresh.get_by_test_id("replay-message")
    expect(message).not_to_have_text("Reading the replay…", timeout=10_000)
    text = message.inner_text()
    if sentence:
        assert text == sentence
    assert re.fullmatch(r"[A-Z][^.]*[.:][^.]*\.?", text) and text.endswith("."), text
    assert text.count(". ") == 0, text
    expect(fresh.get_by_test_id("replay-summary")).to_be_hidden()
    assert stored(fresh, "replays") == []


def expect_about_of_the_7x7_record(page):
    """Who set the record and its video, from the link's own score: shown as text, the video an https: link."""
    expect(page.get_by_test_id("replay-about")).to_contain_text("Solved by vovker")
    expect(page.get_by_test_id("replay-video")).to_have_attribute("href", RECORD[7]["video"])
    assert page.get_by_test_id("replay-video").get_attribute("rel") == "noopener noreferrer"


def test_a_replay_link_opens_the_play_view_with_its_replay(fresh, app_url):
    fresh.get_by_test_id("replay-import").fill(RECORD[7]["link"])
    fresh.get_by_test_id("replay-import").press("Enter")
    expect(fresh.get_by_test_id("replay-summary")).to_be_visible(timeout=20_000)
    expect_about_of_the_7x7_record(fresh)
    fresh.get_by_test_id("replay-share").click()
    link = fresh.get_by_test_id("replay-share-link").input_value()
    assert "#replay=" in link
    fresh.get_by_test_id("replay-share-slidysim").click()
    expect(fresh.get_by_test_id("replay-share-link")).to_have_value(re.compile(r"^https://slidysim\.github\.io/replay\?r="))
    fresh.goto(app_url + "#solve")
    fresh.wait_for_function("window.__app && window.__app.viewReady")
    fresh.goto(link)
    fresh.wait_for_function("window.__app && window.__app.viewReady")
    assert fresh.evaluate("document.documentElement.dataset.view") == "play"
    expect(fresh.get_by_test_id("replay-summary")).to_be_visible(timeout=20_000)
    assert summary(fresh) == expected_summary(7)
    expect_about_of_the_7x7_record(fresh)   # our link keeps who, when and the video
    assert "#replay=" in fresh.url
    fresh.get_by_test_id("replay-end").click()
    expect(fresh.get_by_test_id("replay-board")).to_have_attribute("data-solved", "true")


def test_a_name_from_a_link_is_shown_as_text_and_a_video_only_when_it_is_https(fresh):
    data = fresh.evaluate("""async (link) => { const { base64Bytes, unpackText } = await import("./core/packing.js");
        return JSON.parse(await unpackText(base64Bytes(decodeURIComponent(link.split("r=")[1])), 1 << 22)); }""", RECORD[4]["link"])
    data[0].update(nameFilter='<img src=x onerror="window.__hacked=1">', videolink="javascript:window.__hacked=1")
    data[7] = "javascript:window.__hacked=1"
    paste(fresh, fresh.evaluate(PACK_SLIDYSIM, json.dumps(data)))
    expect(fresh.get_by_test_id("replay-summary")).to_be_visible(timeout=20_000)
    expect(fresh.get_by_test_id("replay-about")).to_contain_text('Solved by <img src=x onerror="window.__hacked=1">')
    assert fresh.locator("[data-testid=replay-about] img").count() == 0
    assert fresh.get_by_test_id("replay-video").count() == 0
    assert fresh.evaluate("window.__hacked") is None


def test_a_broken_replay_link_in_the_address_gets_its_sentence(fresh, app_url):
    fresh.goto(app_url + "#replay=AAAA")
    fresh.wait_for_function("window.__app && window.__app.viewReady")
    expect(fresh.get_by_test_id("replay-message")).to_have_text(re.compile(r"^This replay link is damaged: .*\.$"), timeout=10_000)
    expect(fresh.get_by_test_id("replay-summary")).to_be_hidden()


def test_a_finished_game_is_kept_as_a_replay_and_plays_back_solved(fresh):
    load_game(fresh, 3, [1, 2, 3, 4, 5, 6, 0, 7, 8], origin="deal")
    play(fresh, "l")
    fresh.wait_for_timeout(30)
    play(fresh, "l")
    items = fresh.get_by_test_id("replay-item")
    expect(items).to_have_count(1)
    assert re.search(r"3×3 · \d+\.\d{3} · 2 STM · ", items.first.inner_text())
    replays = stored(fresh, "replays")
    assert [(r["width"], r["moves"]) for r in replays] == [(3, "ll")]
    assert replays[0]["times"][0] == 0 and replays[0]["times"][1] == replays[0]["timeMs"] >= 30
    solves = [s for s in stored(fresh, "solves") if s["shape"] == "3x3"]
    assert solves[0]["replay"] == replays[0]["id"]
    fresh.reload()
    fresh.wait_for_function("window.__app && window.__app.viewReady")
    fresh.locator("[data-testid=replay-panel] summary").click()
    fresh.get_by_test_id("replay-item").first.click()
    assert summary(fresh)["stm"] == "2"
    board = fresh.get_by_test_id("replay-board")
    assert board.get_attribute("data-solved") == "false"
    fresh.get_by_test_id("replay-play").click()
    expect(board).to_have_attribute("data-solved", "true", timeout=5_000)


def test_a_solve_the_solver_helped_is_marked_in_the_list_and_in_its_export(fresh):
    load_game(fresh, 3, [1, 2, 3, 4, 5, 6, 7, 0, 8], origin="deal")
    play(fresh, "l")    # on its own
    fresh.evaluate("window.__app.game.loadGame({n: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 0, 8], origin: 'deal', helped: true})")
    play(fresh, "l")    # after a hint (a board the solver helped on)
    items = fresh.locator("[data-testid=replay-list] li")
    expect(items).to_have_count(2)
    assert items.first.get_attribute("data-helped") == "true" and "helped by the solver" in items.first.inner_text()
    assert items.nth(1).get_attribute("data-helped") is None and "helped" not in items.nth(1).inner_text()
    exported = json.loads(fresh.evaluate("async () => (await import('./play/player-data.js')).playerData().then(({ replays }) => replays.exportJson())"))
    assert [record.get("helped", False) for record in exported["replays"]] == [False, True]


def test_an_unreadable_stored_record_is_set_aside_and_said(fresh):
    """A record in the store that no longer plays to its goal is moved to the store's set-aside records, with a
    sentence (an unreadable record of before the store: test_player_data.py)."""
    fresh.evaluate("""async () => (await (await import('./core/store.js')).pageStore()).put("replays",
        { id: "3x3-broken", date: "2026-01-01T00:00:00.000Z", width: 3, height: 3, scramble: [1, 2, 3, 4, 5, 6, 7, 0, 8],
          moves: "r", times: null, timeMs: 1000 })""")
    fresh.reload()
    fresh.wait_for_function("window.__app && window.__app.viewReady")
    fresh.locator("[data-testid=replay-panel] summary").click()   # the panel says so
    expect(fresh.get_by_test_id("replay-message")).to_have_text(re.compile(
        r"^1 stored replay could not be read, so it was set aside in this browser's storage \(set-aside record \d+\)\.$"))
    aside = stored(fresh, "setAside")
    assert len(aside) == 1 and json.loads(aside[0]["text"])[0]["id"] == "3x3-broken"
    assert stored(fresh, "replays") == []


@pytest.mark.alone   # times itself: run on a machine the other tests leave alone
def test_the_20x20_record_imports_with_no_task_of_200_ms(fresh):
    fresh.evaluate("window.__longtasks = []")
    paste(fresh, RECORD[20]["link"])
    expect(fresh.get_by_test_id("replay-summary")).to_be_visible(timeout=20_000)
    fresh.get_by_test_id("replay-end").click()
    expect(fresh.get_by_test_id("replay-board")).to_have_attribute("data-solved", "true")
    fresh.wait_for_timeout(200)
    tasks = fresh.evaluate("window.__longtasks")
    assert tasks is not None and all(task["duration"] < 200 for task in tasks), tasks


def test_a_damaged_link_leaves_the_replay_on_screen_as_it_was(fresh):
    paste(fresh, RECORD[7]["link"])
    expect(fresh.get_by_test_id("replay-summary")).to_be_visible(timeout=20_000)
    paste(fresh, RECORD[7]["link"][:-20] + "!!!!")
    expect(fresh.get_by_test_id("replay-message")).to_have_text("This replay link is damaged: its data is not base64.")
    assert summary(fresh) == expected_summary(7)
    assert stored(fresh, "replays") == []


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is needed to run site/play/replay-store.js")
def test_the_store_keeps_the_latest_replays_and_sets_aside_what_it_cannot_read():
    script = f"""
import {{ ReplayStore, MAX_KEPT }} from "{(SITE / 'play' / 'replay-store.js').as_uri()}";
import {{ openStore }} from "{(SITE / 'core' / 'store.js').as_uri()}";
import {{ Replay }} from "{(SITE / 'core' / 'replay.js').as_uri()}";
const store = await openStore({{ indexedDB: null }});   // the same store, in memory
const one = new Replay({{ width: 3, height: 2, scramble: [1, 2, 3, 4, 0, 5], moves: "l", times: [0], timeMs: 0 }});
let second = Date.parse("2026-11-26T10:00:00.000Z");
const replays = new ReplayStore(store, () => new Date((second += 1000)));
for (let i = 0; i <= MAX_KEPT; i++) await replays.add(one);
const afterCap = {{ kept: (await new ReplayStore(store).list()).length, notices: replays.notices.splice(0) }};
const [first] = await store.all("replays");
await store.put("replays", {{ ...first, moves: "r" }});   // no longer plays to the goal
const reread = new ReplayStore(store);
const left = (await reread.list()).length;
const aside = await store.all("setAside");
const exported = JSON.parse(await reread.exportJson());
console.log(JSON.stringify({{ max: MAX_KEPT, afterCap, left, notices: reread.notices, aside: aside.map((a) => JSON.parse(a.text)),
  exported: exported.replays.length, first: exported.replays[0] }}));
"""
    out = json.loads(subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True,
                                    timeout=60, check=True).stdout)
    assert out["afterCap"]["kept"] == out["max"]
    assert out["afterCap"]["notices"] == [f"Only the latest {out['max']} replays are kept, and your bests: the oldest other one was dropped."]
    assert out["left"] == out["max"] - 1
    assert len(out["aside"]) == 1 and out["aside"][0][0]["moves"] == "r"
    assert out["notices"] == ["1 stored replay could not be read, so it was set aside in this browser's storage (set-aside record 1)."]
    assert out["exported"] == out["max"] - 1
    assert {k: out["first"][k] for k in ("width", "height", "scramble", "moves", "times", "timeMs")} == {
        "width": 3, "height": 2, "scramble": [1, 2, 3, 4, 0, 5], "moves": "l", "times": [0], "timeMs": 0}
