"""Every request ends well (issue 13): offline in the same tab, huge boards refused at once, budgets that end
with an answer or advice, the form and the game side by side, messages that fit a phone.

The solver-page tests share the module's page (Pyodide boots once); the offline tests open their own
context with the service worker allowed and cut the network in the tab that loaded the app.
"""

from __future__ import annotations

import random
import time

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import expect  # noqa: E402
from test_offline import context, site, wait_offline_ready  # noqa: E402,F401 -- fixtures
from test_solver_page import moves, set_fragment, solve, type_board  # noqa: E402
from webhelpers import measure, wait_ready  # noqa: E402


def shuffled_board(n: int, seed: int = 1) -> list:
    tiles = list(range(n * n))
    random.Random(seed).shuffle(tiles)
    return tiles


def rows(tiles, n):
    return "\n".join(" ".join(str(t) for t in tiles[r * n:(r + 1) * n]) for r in range(n))


def random_5x5():
    from puzzlesolver.board import random_board
    tiles = random_board(5, random.Random(5)).tiles
    return rows(tiles, 5)


# -- huge boards ---------------------------------------------------------------------------------------

def test_a_200x200_link_is_refused_at_once_with_no_worker_restart(app):
    restarts = app.evaluate("window.__solver.restarts")
    began = time.perf_counter()
    set_fragment(app, "board=200:" + ",".join(map(str, shuffled_board(200))))
    expect(app.get_by_test_id("link-error")).to_contain_text("Boards up to 20x20 are supported; this one is 200x200")
    seconds = time.perf_counter() - began
    measure("refuse_200x200_link_seconds", round(seconds, 3))
    assert seconds < 2
    assert app.get_by_test_id("board-error").inner_text().strip() == ""  # no stale error on the fresh board
    assert "board=200" not in app.evaluate("location.hash")
    time.sleep(1)
    assert app.evaluate("window.__solver.restarts") == restarts


def test_a_115x115_board_pasted_into_the_form_is_refused_in_one_line(app):
    restarts = app.evaluate("window.__solver.restarts")
    began = time.perf_counter()
    app.get_by_test_id("mode-board").check()
    app.get_by_label("Board: one row per line").fill(rows(shuffled_board(115), 115))
    expect(app.get_by_test_id("board-error")).to_contain_text("Boards up to 20x20 are supported", timeout=5000)
    measure("refuse_115x115_board_seconds", round(time.perf_counter() - began, 3))
    assert app.evaluate("window.__solver.restarts") == restarts


# -- budgets -------------------------------------------------------------------------------------------

def test_a_random_5x5_ends_with_an_answer_its_bound_and_an_offer_to_keep_going(app):
    app.evaluate("window.__app.maxSeconds = 2")
    try:
        type_board(app, random_5x5())
        began = time.perf_counter()
        assert solve(app) == "solved"
        measure("random_5x5_budget_to_answer_seconds", round(time.perf_counter() - began, 2))
        assert "not proven shortest" in app.get_by_test_id("result-message").inner_text()
        assert "at least" in app.get_by_test_id("result-message").inner_text()
        expect(app.get_by_test_id("keep-going")).to_be_visible()
        first = int(moves(app))
        app.get_by_test_id("keep-going").click()
        app.wait_for_function("document.getElementById('result').dataset.status === 'solved'", timeout=60_000)
        assert int(moves(app)) <= first
    finally:
        app.evaluate("window.__app.maxSeconds = null")


def test_an_optimal_search_past_its_budget_stops_with_advice_and_a_fast_answer(app):
    app.evaluate("window.__app.maxSeconds = 1")
    try:
        type_board(app, random_5x5())
        app.get_by_test_id("heuristic").select_option("manhattan")  # plain IDA*: no anytime answer
        assert solve(app) == "stopped"
        assert "at least" in app.get_by_test_id("result-message").inner_text()
        app.get_by_test_id("fast-answer").click()
        app.wait_for_function("document.getElementById('result').dataset.status === 'solved'", timeout=60_000)
        assert "not proven shortest" in app.get_by_text("Number of moves (not proven shortest)").inner_text()
    finally:
        app.evaluate("window.__app.maxSeconds = null")


# -- the form and the game at once --------------------------------------------------------------------

def solve_in_the_form_and_ask_the_game_for_a_hint(app, heuristic):
    """Start a long solve in the form (a 38-move 4x4), then press the game's Hint on a 3x3."""
    type_board(app, "7 3 8 12\n2 4 14 1\n6 13 0 9\n5 10 15 11")
    app.get_by_test_id("heuristic").select_option(heuristic)
    app.evaluate("window.__app.clearResult()")
    app.get_by_role("button", name="Solve", exact=True).click()
    app.evaluate("window.__app.game.loadFragment('play=3:1,2,3,4,5,6,7,0,8')")
    app.get_by_test_id("play-hint").click()


def test_the_form_and_the_games_hint_both_get_their_answers(app):
    solve_in_the_form_and_ask_the_game_for_a_hint(app, "manhattan")
    app.wait_for_function("document.querySelector('.play-tile.is-hint') || "
                          "!document.querySelector('[data-testid=play-message]').hidden", timeout=60_000)
    app.wait_for_function("document.getElementById('result').dataset.status !== ''", timeout=120_000)
    assert app.evaluate("document.getElementById('result').dataset.status") == "solved" and moves(app) == "38"
    assert app.locator(".play-tile.is-hint").count() == 1


def test_cancel_in_the_form_leaves_the_games_request_alone(app):
    solve_in_the_form_and_ask_the_game_for_a_hint(app, "hamming")
    app.get_by_test_id("cancel").click()
    app.wait_for_function("document.getElementById('result').dataset.status === 'cancelled'", timeout=30_000)
    app.wait_for_function("document.querySelector('.play-tile.is-hint')", timeout=60_000)


# -- messages on a phone -------------------------------------------------------------------------------

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
        assert app.evaluate("document.documentElement.scrollWidth") <= 375
    finally:
        app.set_viewport_size({"width": 1000, "height": 900})


def test_on_a_phone_the_answer_is_brought_into_view(app):
    app.set_viewport_size({"width": 375, "height": 740})
    try:
        type_board(app, "8 1 3\n4 0 2\n7 6 5")
        app.evaluate("window.scrollTo(0, 0)")
        assert solve(app) == "solved"
        box = app.get_by_test_id("moves").bounding_box()
        assert box is not None and 0 <= box["y"] < 740
    finally:
        app.set_viewport_size({"width": 1000, "height": 900})


# -- offline in the same tab ---------------------------------------------------------------------------

def test_offline_in_the_same_tab_solves_a_15_puzzle_and_a_large_dictionary_ladder(context, site):  # noqa: F811
    page = context.new_page()
    page.goto(site.url)
    wait_ready(page)
    wait_offline_ready(page)
    context.set_offline(True)
    try:
        page.get_by_test_id("mode-board").check()
        page.get_by_test_id("board-input").fill("5 1 3 4\n9 2 7 8\n0 6 11 12\n13 10 14 15")
        page.get_by_test_id("solve").click()
        page.wait_for_function("document.getElementById('result').dataset.status !== ''", timeout=60_000)
        text = page.locator("#result").inner_text()
        assert "Failed to fetch" not in text
        assert page.get_by_test_id("moves").inner_text().strip() == "8", text
        page.get_by_test_id("mode-words").check()
        page.get_by_test_id("start-word").fill("cold")
        page.get_by_test_id("goal-word").fill("warm")
        page.get_by_test_id("dictionary").select_option("large")
        page.get_by_test_id("solve").click()
        page.wait_for_function("document.getElementById('result').dataset.status !== ''", timeout=60_000)
        shown = page.locator("#result").inner_text() + page.get_by_test_id("dictionary-error").inner_text()
        assert "Failed to fetch" not in shown
        assert page.get_by_test_id("moves").inner_text().strip().isdigit() or "offline" in shown, shown
    finally:
        context.set_offline(False)
