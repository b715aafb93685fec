"""Replays the solver explains (issue 35, item 6): up to 16 cells, a replay's optimum, its moves against it, the
moves wasted and where (the distance to the goal after each move, drawn); beyond 16 cells, the solver's
near-optimal answer with its proven bound.  Asked by a press, in the Replays panel (play/replay-analysis.js)."""

from __future__ import annotations

import pytest
from player_helpers import load_game, play


@pytest.fixture
def page(browser, app_url):
    """A fresh page (its own storage) on the Play view with the solver up, the Replays panel open."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(app_url + "#game")
    page.wait_for_function("window.__app && window.__app.viewReady && window.__solver.state === 'ready'", timeout=90_000)
    page.locator("[data-testid=replay-panel] summary").click()
    yield page
    context.close()


def analysed(page) -> str:
    page.get_by_test_id("replay-item").first.click()
    page.get_by_test_id("replay-analyse").click()
    page.wait_for_function("() => { const a = document.querySelector('[data-testid=replay-analysis]');"
                           " return a.dataset.optimal !== undefined || a.dataset.answer !== undefined; }", timeout=60_000)
    return page.get_by_test_id("replay-analysis-summary").text_content()


def test_a_4x4_replay_with_a_detour_names_its_optimum_the_waste_and_where(page):
    load_game(page, 4, list(range(1, 15)) + [0, 15], origin="deal")   # one move from the goal
    for direction in "rll":   # a step away, back, and home: 3 moves where 1 would do
        play(page, direction)
    summary = analysed(page)
    assert summary == "Optimal for this scramble: 1 move. This solve took 3: 2 moves wasted. Moves that lost ground: 1."
    analysis = page.get_by_test_id("replay-analysis")
    assert (analysis.get_attribute("data-optimal"), analysis.get_attribute("data-wasted"), analysis.get_attribute("data-lost")) == ("1", "2", "1")
    assert analysis.locator("[data-testid=analysis-chart]").count() == 1


def test_beyond_16_cells_the_solver_gives_its_answer_and_its_bound(page):
    load_game(page, 5, list(range(1, 24)) + [0, 24], origin="deal")
    for direction in "rll":
        play(page, direction)
    summary = analysed(page)
    assert summary.startswith("The solver's answer: 1 move") and "the shortest takes at least 1 move" in summary
    assert summary.endswith("This solve took 3.")
