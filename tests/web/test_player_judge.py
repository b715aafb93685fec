"""Every move judged (issue 14, item 2): the distance shown after each move is the engine's optimal one,
each move is called optimal or a step back correctly, movable tiles carry -1/+1, and a finished game
gets its analysis (chart, lost moves, "your N moves vs the optimal M")."""

from __future__ import annotations

import pytest
from player_helpers import load_game, optimal, play, slide, tiles_of, wait_solver


@pytest.fixture
def judged(solver_page):
    page = solver_page
    wait_solver(page)
    page.get_by_test_id("judge-toggle").check()
    page.get_by_test_id("judge-labels").check()
    yield page
    page.get_by_test_id("judge-labels").uncheck()
    page.get_by_test_id("judge-toggle").uncheck()


def expect_distance(page, distance, verdict=None):
    line = page.get_by_test_id("judge-line")
    page.wait_for_function("(d) => document.querySelector('[data-testid=judge-line]').dataset.distance === String(d)",
                           arg=distance, timeout=30_000)
    if verdict:
        page.wait_for_function("(v) => document.querySelector('[data-testid=judge-line]').dataset.verdict === v",
                               arg=verdict, timeout=30_000)
    assert line.get_attribute("data-exact") == "true"


@pytest.mark.parametrize("n, start, script", [
    (3, [8, 1, 3, 4, 0, 2, 7, 6, 5], "ldrulldru"),
    (4, [5, 1, 2, 4, 9, 6, 3, 8, 13, 10, 7, 11, 0, 14, 15, 12], "ddlluurdl"),
])
def test_each_move_is_judged_against_the_engine(judged, n, start, script):
    page = judged
    load_game(page, n, start)
    tiles = list(start)
    distance = optimal(tiles)
    expect_distance(page, distance)
    for direction in script:
        after = slide(tiles, direction)
        if after is None:
            continue
        labels = {int(t): page.locator(f".play-tile[data-tile='{t}']").get_attribute("data-delta")
                  for t in range(1, n * n)}
        moved_tile = tiles[tiles.index(0) - (n * {"u": -1, "d": 1}.get(direction, 0) + {"l": -1, "r": 1}.get(direction, 0))]
        new_distance = optimal(after)
        play(page, direction)
        tiles = after
        expect_distance(page, new_distance, "optimal" if new_distance < distance else "back")
        assert labels[moved_tile] == ("−1" if new_distance < distance else "+1"), (moved_tile, labels)
        assert abs(new_distance - distance) == 1          # no neutral move in the sliding puzzle
        distance = new_distance
    assert tiles_of(page) == tiles
    assert page.get_by_test_id("play-distance").text_content() == str(distance)   # the stats line knows it too


def test_undo_and_revisits_are_answered_from_the_cache(judged):
    page = judged
    load_game(page, 3, [1, 2, 3, 4, 5, 6, 0, 7, 8])
    expect_distance(page, 2)
    play(page, "d")                                        # 4 slides down: a step back
    expect_distance(page, 3, "back")
    page.get_by_test_id("play-undo").click()               # both positions are cached now: no wait
    assert page.get_by_test_id("judge-line").get_attribute("data-distance") == "2"
    page.get_by_test_id("play-redo").click()
    assert page.get_by_test_id("judge-line").get_attribute("data-distance") == "3"
    assert page.get_by_test_id("judge-line").get_attribute("data-verdict") == "back"


def test_a_finished_game_is_analysed(judged):
    page = judged
    start = [1, 2, 3, 4, 5, 6, 0, 7, 8]                  # 2 moves: l l; played as d u l l (1 lost, 1 regained)
    load_game(page, 3, start)
    for direction in "dull":
        play(page, direction)
    analysis = page.get_by_test_id("analysis")
    page.wait_for_function("document.querySelector('[data-testid=analysis-summary]')", timeout=30_000)
    summary = page.get_by_test_id("analysis-summary").text_content()
    assert summary.startswith("Your 4 moves vs the optimal 2")
    assert analysis.get_attribute("data-lost") == "1"
    assert page.locator("[data-testid=analysis-chart] circle.lost").count() == 1
    assert page.locator("[data-testid=analysis-chart] title").text_content()
    page.get_by_test_id("play-new").click()                # a new game: the old game's analysis goes
    assert analysis.is_hidden()


def test_a_game_finished_before_the_solver_came_says_its_analysis_will_come_until_the_next_game(browser, app_url):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.route("**/pyodide/**", lambda route: route.abort())
    page.goto(app_url + "#game")
    page.wait_for_function("window.__app && window.__app.viewReady")
    load_game(page, 3, [1, 2, 3, 4, 5, 6, 7, 0, 8])
    play(page, "l")
    analysis = page.get_by_test_id("analysis")
    assert analysis.text_content() == "The analysis appears once the solver has loaded."
    page.get_by_test_id("play-new").click()   # a new game, not solved: no word of an analysis
    assert analysis.is_hidden()
    context.close()


HARD_5X5 = [13, 19, 5, 22, 23, 16, 7, 24, 9, 6, 15, 0, 18, 8, 14, 21, 11, 3, 17, 2, 1, 20, 12, 4, 10]


def distance_shown(page, known, timeout=60_000):
    """Wait until "Optimal from here" holds a number of that kind (data-known); returns its text."""
    page.wait_for_function("(k) => document.querySelector('[data-testid=play-distance]').dataset.known === k",
                           arg=known, timeout=timeout)
    return page.get_by_test_id("play-distance").text_content()


def test_optimal_from_here_says_which_kind_of_number_it_shows(judged):
    """"Optimal from here" keeps what it holds in data-known: "none" ("?"), "exact", "at-most" (the game's plan,
    not proven shortest: "≤ N") or "at-least" (the judge's lower bound: "≥ N").  The judge fills it only where
    the game knows nothing better, so an exact distance or the game's "≤ N" is never replaced by a bound."""
    page = judged
    load_game(page, 3, [1, 2, 3, 4, 5, 6, 0, 7, 8])
    expect_distance(page, 2)
    assert distance_shown(page, "exact") == "2"
    load_game(page, 5, HARD_5X5)                                    # too far for the judge to prove in its budget
    bound = distance_shown(page, "at-least")
    assert bound == f"≥ {page.get_by_test_id('judge-line').get_attribute('data-distance')}"
    assert page.get_by_test_id("judge-line").get_attribute("data-exact") == "false"
    page.evaluate("window.__app.game.maxSeconds = 1")
    try:
        page.get_by_test_id("play-distance-button").click()         # the game's own plan: not proven shortest
        page.wait_for_function("!document.querySelector('.play').dataset.busy", timeout=60_000)
        assert distance_shown(page, "at-most").startswith("≤ ")
        page.evaluate("delete document.querySelector('[data-testid=judge-line]').dataset.distance")
        page.get_by_test_id("judge-labels").uncheck()                # the judge answers again, from its cache ...
        page.wait_for_function("document.querySelector('[data-testid=judge-line]').dataset.distance !== undefined",
                               timeout=30_000)
        assert page.get_by_test_id("judge-line").get_attribute("data-distance") == bound.removeprefix("≥ ")
        shown = page.get_by_test_id("play-distance")                 # ... and leaves the plan's number alone
        assert shown.get_attribute("data-known") == "at-most" and shown.text_content().startswith("≤ ")
        page.get_by_test_id("judge-labels").check()
    finally:
        page.evaluate("window.__app.game.maxSeconds = 0")


def test_a_slow_verdict_shows_it_is_pending_and_never_outlives_its_position(judged):
    """A 5x5 verdict takes the worker seconds: meanwhile the line says the position is being judged (at
    once, when the judge is turned on and after each move), never what it said about an earlier position."""
    page = judged
    line = page.get_by_test_id("judge-line")
    start = slide(slide(HARD_5X5, "u"), "l")                       # a board no other test has judged
    page.get_by_test_id("judge-toggle").uncheck()
    load_game(page, 5, start)
    page.get_by_test_id("judge-toggle").check()
    assert line.text_content() == "Judging this position…" and line.get_attribute("data-verdict") == "pending"
    assert line.get_attribute("data-distance") is None
    page.wait_for_function("document.querySelector('[data-testid=judge-line]').dataset.distance", timeout=60_000)
    assert line.text_content().startswith("At least ") and line.get_attribute("data-exact") == "false"
    assert page.get_by_test_id("play-distance").text_content() == f"≥ {line.get_attribute('data-distance')}"
    play(page, "l")
    assert line.text_content() == "Judging this position…" and line.get_attribute("data-distance") is None
    assert page.get_by_test_id("play-distance").text_content() == "?"      # the old bound went with its position
    page.wait_for_function("document.querySelector('[data-testid=judge-line]').dataset.distance", timeout=60_000)
    assert "last move: the bound went" in line.text_content()
