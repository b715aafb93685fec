"""Deals (issue 14, item 3): exact-difficulty deals whose length the engine confirms, and the daily puzzle:
the same board for a date and size on every device (a fresh browser), different across dates and sizes."""

from __future__ import annotations

import pytest
from player_helpers import optimal, tiles_of, wait_solver


@pytest.mark.parametrize("n, moves", [(3, 17), (4, 12)])
def test_exact_deal_needs_exactly_that_many_moves(solver_page, n, moves):
    page = solver_page
    wait_solver(page)
    page.get_by_test_id("play-size").select_option(str(n))
    page.locator("[data-testid=deals-panel] summary").click()
    page.get_by_test_id("deal-moves").fill(str(moves))
    page.get_by_test_id("deal-exact").click()
    page.wait_for_function("(m) => document.querySelector('[data-testid=deal-note]').dataset.moves === String(m)"
                           " && document.querySelector('[data-testid=deal-note]').textContent.includes('exactly')",
                           arg=moves, timeout=60_000)
    tiles = tiles_of(page)
    assert len(tiles) == n * n and optimal(tiles) == moves
    page.locator("[data-testid=deals-panel] summary").click()


def test_exact_deal_out_of_range_is_refused_with_a_reason(solver_page):
    page = solver_page
    wait_solver(page)
    page.get_by_test_id("play-size").select_option("3")
    page.locator("[data-testid=deals-panel] summary").click()
    page.get_by_test_id("deal-moves").fill("40")
    page.get_by_test_id("deal-exact").click()
    assert "1 to 31 moves" in page.get_by_test_id("deal-note").text_content()
    page.locator("[data-testid=deals-panel] summary").click()


def daily_tiles(browser, app_url, fragment):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(app_url + "#" + fragment)
    page.wait_for_function("document.querySelector('[data-testid=play-board]')?.dataset.tiles")
    page.wait_for_function("window.__app && window.__app.viewReady")
    tiles = tiles_of(page)
    context.close()
    return tiles


def test_daily_puzzle_is_the_same_everywhere_on_a_date(browser, app_url):
    first = daily_tiles(browser, app_url, "daily=2026-11-23&n=4")
    again = daily_tiles(browser, app_url, "daily=2026-11-23&n=4")
    other_day = daily_tiles(browser, app_url, "daily=2026-11-24&n=4")
    other_size = daily_tiles(browser, app_url, "daily=2026-11-23&n=3")
    assert first == again
    assert first != other_day and len(other_size) == 9
    assert sorted(first) == list(range(16))
    from puzzlesolver.board import Board
    assert Board.from_tiles(first).is_solvable() and Board.from_tiles(other_size).is_solvable()


def test_today_button_and_share(solver_page):
    page = solver_page
    page.get_by_test_id("play-size").select_option("4")
    page.locator("[data-testid=deals-panel] summary").click()
    page.get_by_test_id("daily-play").click()
    first = tiles_of(page)
    page.get_by_test_id("play-new").click()
    page.get_by_test_id("daily-play").click()
    assert tiles_of(page) == first
    page.get_by_test_id("daily-share").click()
    shared = page.get_by_test_id("daily-share-link").input_value()
    assert "#daily=" in shared and "&n=4" in shared
    page.locator("[data-testid=deals-panel] summary").click()
