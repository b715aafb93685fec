"""Every request ends well (issue 13): offline in the tab that first loaded the app, huge boards refused at
once and never sent again, budgets that end with an answer or advice in the form and in the game, the form
and the game side by side, messages of one sentence that fit a phone, the answer brought into view.

The solver-page tests share the session's page (Pyodide boots once); the offline tests open their own
context with the service worker allowed and cut the network in the tab that loaded the app.
"""

from __future__ import annotations

import random
import re
import threading
import time

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import expect  # noqa: E402
from test_offline import context, site, solve_words, wait_offline_ready  # noqa: E402,F401 -- fixtures
from test_solver_page import moves, set_fragment, solve, type_board  # noqa: E402
from webhelpers import measure, open_view, wait_ready  # noqa: E402

EIGHT_MOVE_4X4 = "5 1 3 4\n9 2 7 8\n0 6 11 12\n13 10 14 15"
HARD_4X4 = "7 3 8 12\n2 4 14 1\n6 13 0 9\n5 10 15 11"      # 38 moves; long with Hamming or Manhattan
FAR_4X4 = "play=4:0,12,9,13,15,11,10,14,3,7,5,6,4,8,2,1"    # 80 moves: never proven within a few hundredths of a second
LONG_4X4 = "5 10 8 7\n11 4 14 13\n3 1 9 2\n0 15 12 6"       # the same: ~10 s in a browser with linear conflicts
MESSAGES = ("link-error", "board-error", "goal-error", "start-word-error", "goal-word-error", "dictionary-error",
            "form-error", "result-message", "play-message", "solver-status")


def shuffled_board(n: int, seed: int = 1) -> list:
    tiles = list(range(n * n))
    random.Random(seed).shuffle(tiles)
    return tiles


def rows(tiles, n):
    return "\n".join(" ".join(str(t) for t in tiles[r * n:(r + 1) * n]) for r in range(n))


def random_5x5():
    from puzzlesolver.board import random_board
    return rows(random_board(5, random.Random(5)).tiles, 5)


def shown_messages(page) -> dict:
    """Every message on the page that is showing, by its test id."""
    return page.evaluate("""(ids) => Object.fromEntries(ids.map((id) => [id, document.querySelector(`[data-testid=${id}]`)])
        .filter(([, el]) => el && el.textContent.trim() && el.getClientRects().length)
        .map(([id, el]) => [id, el.textContent.trim()]))""", list(MESSAGES))


def assert_one_sentence(text: str) -> None:
    """Capitalised, one full stop at the end, no second sentence, no browser error text."""
    assert re.match(r"^[A-Z0-9]", text) and text.endswith("."), text
    assert not re.search(r"[.!?] [A-Z]", text[:-1].replace("e.g. ", "")), f"more than one sentence: {text}"
    assert not re.search(r"Failed to fetch|TypeError|NetworkError|Uncaught", text), text


def game_idle(page, timeout=60_000):
    page.wait_for_function("!document.querySelector('.play').dataset.busy", timeout=timeout)


def result_status(page):
    return page.evaluate("document.getElementById('result').dataset.status")


# -- offline in the tab that first loaded the app -------------------------------------------------------

def solve_in_form(page, board: str) -> str:
    """Solve a board through the form; returns the method line."""
    open_view(page, "solve")
    page.get_by_test_id("board-input").fill(board)
    page.evaluate("window.__app.clearResult()")
    page.get_by_test_id("solve").click()
    page.wait_for_function("document.getElementById('result').dataset.status !== ''", timeout=60_000)
    return page.get_by_test_id("result-stats").text_content()


def test_the_tab_that_first_loaded_the_app_keeps_working_offline(context, site):  # noqa: F811
    site.held["/sw.js"] = threading.Event()     # the offline cache comes late: the 15-puzzle's tables come first
    page = context.new_page()
    page.goto(site.url)
    wait_ready(page)
    assert "7-7-1" in solve_in_form(page, EIGHT_MOVE_4X4) and moves(page) == "8"
    site.held["/sw.js"].set()
    wait_offline_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)  # this tab, no reload
    context.set_offline(True)
    try:
        solve_words(page, "cold", "warm", "large")                     # never used online
        began = time.perf_counter()
        page.evaluate("window.__solver.terminateForTest()")             # even a new solver starts offline
        wait_ready(page)
        measure("offline_same_tab_restart_seconds", round(time.perf_counter() - began, 2))
        assert "7-7-1" in solve_in_form(page, EIGHT_MOVE_4X4) and moves(page) == "8"  # the tables were kept
        assert "Failed to fetch" not in page.locator("body").inner_text()
    finally:
        context.set_offline(False)


def test_offline_before_any_table_was_used_a_15_puzzle_is_solved_and_a_missing_file_is_one_sentence(context, site):  # noqa: F811
    page = context.new_page()
    page.goto(site.url)
    wait_ready(page)
    wait_offline_ready(page)
    page.evaluate("""async () => { for (const name of await caches.keys())
        await (await caches.open(name)).delete(new URL('data/words-large.txt', location.href)); }""")
    context.set_offline(True)
    try:
        method = solve_in_form(page, EIGHT_MOVE_4X4)
        assert moves(page) == "8", method                             # a weaker estimate, and it says which
        assert "7-7-1" not in method and "Failed" not in method
        open_view(page, "ladders")
        page.get_by_test_id("start-word").fill("cold")
        page.get_by_test_id("goal-word").fill("warm")
        page.get_by_test_id("dictionary").select_option("large")
        page.get_by_test_id("solve").click()
        error = page.get_by_test_id("dictionary-error")
        expect(error).to_contain_text("could not be downloaded", timeout=60_000)
        assert_one_sentence(error.inner_text())
    finally:
        context.set_offline(False)


# -- huge boards: refused at once, and a request the solver died on is never sent again by itself -------

@pytest.mark.alone   # times itself: run on a machine the other tests leave alone
def test_a_200x200_link_is_refused_within_2_s_with_no_worker_restart(app):
    type_board(app, "8 1 3\n4 0 2\n7 6 5")
    restarts = app.evaluate("window.__solver.restarts")
    began = time.perf_counter()
    set_fragment(app, "board=200:" + ",".join(map(str, shuffled_board(200))))
    expect(app.get_by_test_id("link-error")).to_contain_text("boards up to 20x20 are supported; this board is 200x200")
    seconds = time.perf_counter() - began
    measure("refuse_200x200_link_seconds", round(seconds, 3))
    assert seconds < 2
    assert_one_sentence(app.get_by_test_id("link-error").inner_text())
    app.wait_for_function("document.getElementById('board-note').textContent.includes('solvable')")  # the form's board, kept
    assert app.get_by_test_id("board-error").inner_text().strip() == ""   # ... has no stale error
    assert "board=200" not in app.evaluate("location.hash")               # and the broken link left the address bar
    time.sleep(1)
    assert app.evaluate("window.__solver.restarts") == restarts


def test_a_115x115_board_pasted_into_the_form_is_refused_in_one_line_with_no_restart(app):
    restarts = app.evaluate("window.__solver.restarts")
    began = time.perf_counter()
    app.get_by_test_id("mode-board").check()
    app.get_by_label("Board: one row per line").fill(rows(shuffled_board(115), 115))
    expect(app.get_by_test_id("board-error")).to_contain_text("Boards up to 20x20 are supported", timeout=5000)
    measure("refuse_115x115_board_seconds", round(time.perf_counter() - began, 3))
    began = time.perf_counter()
    assert solve(app, timeout=5000) == "error"
    measure("solve_115x115_board_refused_seconds", round(time.perf_counter() - began, 3))
    assert_one_sentence(app.get_by_test_id("board-error").inner_text())
    assert app.evaluate("window.__solver.restarts") == restarts


def test_a_board_the_solver_died_on_is_not_checked_again_by_itself(app):
    note = app.get_by_test_id("board-note")
    type_board(app, "1 2 3\n4 5 6\n0 7 8")
    expect(note).to_have_text("3×3 board, solvable in at least 2 moves.")
    # The worker swallows the check of the next board, as a worker that hangs on it would, and then dies.
    app.evaluate("""() => { const worker = window.__solver.worker, send = worker.postMessage.bind(worker);
        worker.postMessage = (m) => (m.op === 'check_board' ? undefined : send(m)); }""")
    type_board(app, "0 1 2\n4 5 3\n7 8 6")
    app.wait_for_timeout(600)                                        # the check is sent, and never answered
    app.evaluate("window.__solver.terminateForTest()")
    app.evaluate("""() => { window.__sent = []; const worker = window.__solver.worker, send = worker.postMessage.bind(worker);
        worker.postMessage = (m) => { window.__sent.push(m.op); send(m); }; }""")
    wait_ready(app)
    app.wait_for_timeout(1000)
    assert "check_board" not in app.evaluate("window.__sent")       # the new worker is not asked again by itself
    expect(note).to_have_text("The solver stopped while working on this before, so it was not asked again.")
    assert solve(app) == "solved" and moves(app) == "4"              # asked for, it is answered


# -- budgets: every search from the page ends, with an answer or with advice -----------------------------

def test_a_random_5x5_with_the_default_settings_ends_with_an_answer_its_bound_and_keep_going(app):
    app.evaluate("window.__app.maxSeconds = 2")
    try:
        type_board(app, random_5x5())
        began = time.perf_counter()
        assert solve(app) == "solved"
        measure("random_5x5_2s_budget_to_answer_seconds", round(time.perf_counter() - began, 2))
        message = app.get_by_test_id("result-message").inner_text()
        assert "not proven shortest" in message and "at least" in message
        expect(app.locator("#moves-line")).to_contain_text("not proven shortest")
        expect(app.get_by_test_id("keep-going")).to_be_visible()
        first = int(moves(app))
        app.get_by_test_id("keep-going").click()
        app.wait_for_function("document.getElementById('result').dataset.status === 'solved'", timeout=60_000)
        assert int(moves(app)) <= first
    finally:
        app.evaluate("window.__app.maxSeconds = null")


def test_a_long_answer_scrolls_in_its_own_box_and_the_replay_stays_close(app):
    from puzzlesolver.board import random_board
    app.evaluate("window.__app.maxSeconds = 1")
    try:
        type_board(app, rows(random_board(10, random.Random(3)).tiles, 10))
        assert solve(app) == "solved" and int(moves(app)) > 300
        notation = app.get_by_test_id("solution-notation")
        assert notation.evaluate("(box) => box.scrollHeight > 2 * box.clientHeight")   # hundreds of letters
        below = app.get_by_test_id("player-board").bounding_box()["y"] - notation.bounding_box()["y"]
        assert 0 < below < 400
    finally:
        app.evaluate("window.__app.maxSeconds = null")


def test_cancel_on_a_5x5_keeps_the_best_answer_so_far_and_keep_going_goes_on(app):
    type_board(app, random_5x5())
    app.get_by_role("button", name="Solve", exact=True).click()
    expect(app.get_by_test_id("progress")).to_contain_text("best answer so far", timeout=30_000)
    app.get_by_test_id("cancel").click()
    app.wait_for_function("document.getElementById('result').dataset.status === 'solved'", timeout=30_000)
    expect(app.locator("#moves-line")).to_contain_text("not proven shortest")
    assert "at least" in app.get_by_test_id("result-message").inner_text()
    expect(app.get_by_test_id("keep-going")).to_be_visible()


def test_an_optimal_search_past_its_budget_stops_with_advice_keep_going_and_a_fast_answer(app):
    app.evaluate("window.__app.maxSeconds = 1")
    try:
        type_board(app, random_5x5())
        app.get_by_test_id("heuristic").select_option("manhattan")    # plain IDA*: no answer before the proof
        assert solve(app) == "stopped"
        assert "at least" in app.get_by_test_id("result-message").inner_text()
        assert_one_sentence(app.get_by_test_id("result-message").inner_text())
        app.get_by_test_id("keep-going").click()                      # the same search goes on
        app.wait_for_function("['stopped', 'solved'].includes(document.getElementById('result').dataset.status)",
                              timeout=60_000)
        if result_status(app) == "solved":
            return
        app.get_by_test_id("fast-answer").click()
        app.wait_for_function("document.getElementById('result').dataset.status === 'solved'", timeout=60_000)
        expect(app.locator("#moves-line")).to_contain_text("Number of moves (not proven shortest)")
    finally:
        app.evaluate("window.__app.maxSeconds = null")


def test_the_games_hint_past_its_budget_offers_keep_going_and_a_fast_answer(solver_page):
    page = solver_page
    wait_ready(page)
    page.evaluate("window.__app.game.maxSeconds = 0.01")             # test hook: a budget that runs out at once
    try:
        page.evaluate(f"window.__app.game.loadFragment({FAR_4X4!r})")   # (a 55-move deal was proven after Keep going)
        page.get_by_test_id("play-hint").click()
        game_idle(page)
        message = page.get_by_test_id("play-message")
        expect(message).to_contain_text("at least")
        assert_one_sentence(message.inner_text())
        expect(page.get_by_test_id("play-keep-going")).to_be_visible()
        page.get_by_test_id("play-keep-going").click()               # resumed: still within the tiny budget
        game_idle(page)
        expect(page.get_by_test_id("play-fast-answer")).to_be_visible()
        page.evaluate("window.__app.game.maxSeconds = null")
        page.get_by_test_id("play-fast-answer").click()
        game_idle(page)
        expect(page.locator(".play-tile.is-hint")).to_have_count(1)
        expect(message).to_contain_text("not proven shortest")
        assert page.get_by_test_id("play-distance").inner_text().startswith("≤ ")
        page.locator(".play-tile.is-hint").click()                   # the offer was for the position it was made in
        expect(page.get_by_test_id("play-keep-going")).to_be_hidden()
    finally:
        page.evaluate("window.__app.game.maxSeconds = null")


@pytest.mark.parametrize("n", [6, 7])
def test_the_games_hint_on_a_big_board_ends_within_its_budget(solver_page, n):
    page = solver_page
    wait_ready(page)
    page.evaluate(f"window.__app.game.newPuzzle({n})")
    began = time.perf_counter()
    page.get_by_test_id("play-hint").click()
    game_idle(page, timeout=20_000)                                   # the default budget is 8 s
    measure(f"hint_{n}x{n}_seconds", round(time.perf_counter() - began, 2))
    expect(page.locator(".play-tile.is-hint")).to_have_count(1)
    assert "Thinking" not in page.get_by_test_id("play-solver-note").inner_text()
    expect(page.get_by_test_id("play-message")).to_contain_text("not proven shortest")
    expect(page.get_by_test_id("play-keep-going")).to_be_visible()


# -- the form and the game at once -----------------------------------------------------------------------

def solve_in_the_form_and_ask_the_game_for_a_hint(app, heuristic, board=HARD_4X4):
    """Start a long solve in the form (a 4x4), then press the game's Hint on a 3x3."""
    type_board(app, board)
    app.get_by_test_id("heuristic").select_option(heuristic)
    app.evaluate("window.__app.clearResult()")
    app.get_by_role("button", name="Solve", exact=True).click()
    expect(app.get_by_test_id("progress")).to_contain_text("Searching", timeout=30_000)
    app.evaluate("window.__app.game.loadFragment('play=3:1,2,3,4,5,6,7,0,8')")
    app.get_by_test_id("play-hint").click()


def test_the_form_and_the_games_hint_both_get_their_answers(app):
    solve_in_the_form_and_ask_the_game_for_a_hint(app, "linear-conflict", LONG_4X4)
    app.wait_for_function("document.querySelector('.play-tile.is-hint') || "
                          "!document.querySelector('[data-testid=play-message]').hidden", timeout=60_000)
    assert app.locator(".play-tile.is-hint").count() == 1
    app.wait_for_function("document.getElementById('result').dataset.status !== ''", timeout=120_000)
    assert result_status(app) == "solved" and moves(app) == "55"


def test_cancel_in_the_form_leaves_the_games_request_alone(app):
    solve_in_the_form_and_ask_the_game_for_a_hint(app, "hamming")
    open_view(app, "solve")                                          # the game's hint goes on out of sight
    app.get_by_test_id("cancel").click()   # the form's search stops as its budget would, with its advice
    app.wait_for_function("document.getElementById('result').dataset.status === 'stopped'", timeout=30_000)
    assert app.get_by_test_id("result-message").text_content().startswith("Cancelled after")
    app.wait_for_function("document.querySelector('.play-tile.is-hint')", timeout=60_000)


def test_a_new_puzzle_in_the_form_stops_only_the_forms_solve(app):
    app.evaluate("window.__app.game.maxSeconds = 3")
    try:
        type_board(app, HARD_4X4)
        app.get_by_test_id("heuristic").select_option("hamming")
        app.get_by_role("button", name="Solve", exact=True).click()
        app.evaluate("window.__app.game.newPuzzle(7)")
        app.get_by_test_id("play-hint").click()                      # 7x7: thinks for its whole budget
        open_view(app, "solve")
        app.get_by_test_id("example").select_option(label="3x3-14 (14 moves)")   # the form's solve stops
        game_idle(app, timeout=30_000)
        expect(app.locator(".play-tile.is-hint")).to_have_count(1)   # the game's hint did not
        assert result_status(app) == ""                               # and nobody says "Cancelled"
    finally:
        app.evaluate("window.__app.game.maxSeconds = null")


# -- messages: one sentence, at most ~40 characters of the input, wrapping on a phone --------------------

def test_long_words_and_huge_word_links_do_not_widen_a_phone_screen(app):
    app.set_viewport_size({"width": 375, "height": 740})
    try:
        set_fragment(app, "words=" + "a" * 45 + ",horse")
        app.get_by_role("button", name="Solve", exact=True).click()
        expect(app.get_by_test_id("start-word-error")).to_contain_text("is not in the common dictionary",
                                                                       timeout=30_000)  # the word list may load first
        assert len(app.get_by_test_id("start-word-error").inner_text()) < 120
        assert app.evaluate("document.documentElement.scrollWidth") <= 375
        set_fragment(app, "words=" + "b" * 1_500_000 + ",horse")
        app.get_by_role("button", name="Solve", exact=True).click()
        expect(app.get_by_test_id("start-word-error")).to_contain_text("...", timeout=30_000)
        assert len(app.get_by_test_id("start-word-error").inner_text()) < 120
        assert app.evaluate("document.documentElement.scrollWidth") <= 375
        set_fragment(app, "board=3:8,1,3,4,0,2,7,6,5&h=" + "z" * 100_000)
        expect(app.get_by_test_id("link-error")).to_contain_text("which this solver does not have")
        assert len(app.get_by_test_id("link-error").inner_text()) < 160
        assert app.evaluate("document.documentElement.scrollWidth") <= 375
        set_fragment(app, "play=3:" + "W" * 100_000)
        expect(app.get_by_test_id("play-message")).to_contain_text("is not a whole number")
        assert len(app.get_by_test_id("play-message").inner_text()) < 160
        assert app.evaluate("document.documentElement.scrollWidth") <= 375
    finally:
        app.set_viewport_size({"width": 1000, "height": 900})


REFUSED = [
    ("board=3:1,2,3", "link-error"),
    ("board=3:1,2,3,4,5,6,7,8,9&goal=1", "link-error"),
    ("board=31:1", "link-error"),
    ("words=horse", "link-error"),
    ("words=horse,nurse&dict=klingon", "link-error"),
    ("play=3:1,2,3,4,5,6,8,7,0", "play-message"),
    ("play=9:1,2", "play-message"),
]


@pytest.mark.parametrize("fragment, where", REFUSED, ids=[f for f, _ in REFUSED])
def test_a_refused_link_gets_one_sentence_and_leaves_the_address_bar(app, fragment, where):
    set_fragment(app, fragment)
    message = app.get_by_test_id(where)
    expect(message).to_contain_text("This link could not be opened")
    assert_one_sentence(message.inner_text())
    app.wait_for_function("(f) => location.hash !== '#' + f", arg=fragment)
    assert app.get_by_test_id("board-error").inner_text().strip() == ""


BAD_INPUTS = [
    ("board", "1 2 3\n4 5\n6 7 0"), ("board", "1 2 3\n4 5 6\n7 7 0"), ("board", "   "),
    ("board", "0 3 4\n2 7 6\n5 1 8"), ("words", ("xyzzyq", "nurse")), ("words", ("quiz", "xylophone")),
]


@pytest.mark.parametrize("kind, value", BAD_INPUTS, ids=[str(v) for _, v in BAD_INPUTS])
def test_every_message_is_one_capitalised_sentence(app, kind, value):
    if kind == "board":
        type_board(app, value)
    else:
        app.get_by_test_id("mode-words").check()
        app.get_by_label("Start word").fill(value[0])
        app.get_by_label("Goal word").fill(value[1])
    solve(app)
    app.wait_for_timeout(500)                                         # the check as you type, too
    shown = shown_messages(app)
    assert set(shown) - {"solver-status"}, "no message was shown"
    for text in shown.values():
        assert_one_sentence(text)


# -- on a phone the answer comes into view ---------------------------------------------------------------

def test_on_a_phone_the_answer_is_brought_into_view(app):
    app.set_viewport_size({"width": 375, "height": 740})
    try:
        type_board(app, "8 1 3\n4 0 2\n7 6 5")
        app.evaluate("window.scrollTo(0, 0)")
        assert app.locator("#result").bounding_box()["y"] > 740, "the result starts below the fold"
        assert solve(app) == "solved"
        box = app.get_by_test_id("moves").bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 740
        type_board(app, HARD_4X4)
        app.get_by_test_id("heuristic").select_option("hamming")       # a long search: its progress shows
        app.evaluate("window.scrollTo(0, 0)")
        app.get_by_role("button", name="Solve", exact=True).click()
        expect(app.get_by_test_id("progress")).to_be_in_viewport()
        app.evaluate("window.__app.clearResult()")
        app.get_by_test_id("heuristic").select_option("auto")
    finally:
        app.set_viewport_size({"width": 1000, "height": 900})
