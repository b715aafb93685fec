"""The step-through view (issue 11): A* as the Princeton checklist draws it, in the page, matching the engine.

Shares the solver page of the module (Pyodide boots once).  Queue arrays are compared with the engine's own
trace (puzzlesolver.explain, run here on CPython): the page only draws what the worker recorded.
"""

from __future__ import annotations

import time

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import expect  # noqa: E402
from test_solver_page import set_fragment  # noqa: E402
from webhelpers import measure  # noqa: E402

from puzzlesolver.explain import explain, trace_record  # noqa: E402
from puzzlesolver.formats import BoardPuzzle  # noqa: E402

PUZZLE04 = BoardPuzzle(3, (0, 1, 3, 4, 2, 5, 7, 8, 6))
PUZZLE04_LINK = "explain=board=3:0,1,3,4,2,5,7,8,6"


def open_view(page, link):
    set_fragment(page, link)
    page.wait_for_function("document.getElementById('explain').dataset.step !== undefined "
                           "|| document.querySelector('[data-testid=explain-error]')?.textContent", timeout=60_000)


def queue_in_page(page):
    return [item.get_attribute("data-id") for item in page.get_by_test_id("explain-queue-array").locator("li").all()]


def test_the_checklist_trace_steps_forward_and_back_as_the_engine_records_it(app):
    engine = trace_record(explain(PUZZLE04))
    open_view(app, PUZZLE04_LINK)
    view = app.get_by_test_id("explain")
    expect(view).to_be_visible()
    app.get_by_test_id("explain-first").click()
    for step in range(6):
        assert app.evaluate("document.getElementById('explain').dataset.step") == str(step)
        assert queue_in_page(app) == engine["steps"][step]["queue"], step
        if step < 5:
            app.get_by_test_id("explain-forward").click()
    expect(app.get_by_test_id("explain-status")).to_contain_text("M is the goal")
    assert queue_in_page(app) == ["H", "F", "B", "I", "K"]  # the checklist's H F C I K, as boards
    for step in range(4, -1, -1):
        app.get_by_test_id("explain-back").click()
        assert queue_in_page(app) == engine["steps"][step]["queue"]
    assert app.locator("#explain .tree-node.is-skipped").count() == 0  # step 0: only the root is drawn


def test_the_game_tree_marks_children_not_enqueued_and_the_path(app):
    open_view(app, PUZZLE04_LINK)
    app.get_by_test_id("explain-last").click()
    skipped = sorted(node.get_attribute("data-id") for node in app.locator("#explain .tree-node.is-skipped").all())
    assert skipped == ["d", "g", "l"]
    assert app.locator("#explain .tree-node.is-path").count() == 5
    app.locator("#explain .tree-node[data-id=J]").focus()
    expect(app.get_by_test_id("explain-node")).to_contain_text("moves 3 + estimate 1 = priority 4")


def test_keyboard_alone_steps_through_the_search(app):
    open_view(app, PUZZLE04_LINK)
    app.get_by_test_id("explain-game-tree").focus()
    app.keyboard.press("Home")
    assert app.evaluate("document.getElementById('explain').dataset.step") == "0"
    for _ in range(3):
        app.keyboard.press("ArrowRight")
    assert app.evaluate("document.getElementById('explain').dataset.step") == "3"
    app.keyboard.press("End")
    assert app.evaluate("document.getElementById('explain').dataset.step") == "5"


def test_ida_iterations_are_charted_for_a_4x4(app):
    open_view(app, "explain=board=4:7,3,8,12,2,4,14,1,6,13,0,9,5,10,15,11")  # 38 moves: several iterations
    app.get_by_test_id("explain-ida").click()
    chart = app.get_by_test_id("explain-ida-chart")
    app.wait_for_function("document.querySelector('[data-testid=explain-ida-chart] svg rect')", timeout=60_000)
    assert chart.locator("rect").count() >= 1


def test_estimates_on_every_3x3_board_are_charted(app):
    open_view(app, PUZZLE04_LINK)
    app.get_by_test_id("explain-quality").click()
    expect(app.get_by_test_id("explain-quality-chart")).to_be_visible(timeout=90_000)
    assert app.locator("#explain polyline").count() == 5


def test_a_long_explain_is_recorded_and_drawn_and_too_long_ones_are_refused(app):
    open_view(app, "explain=board=3:1,6,7,4,0,8,3,2,5")  # 24 moves: 1,872 steps with Manhattan
    app.wait_for_function("document.getElementById('explain').dataset.renderMs", timeout=60_000)
    steps = app.evaluate("window.__app.explain && document.getElementById('explain').dataset.step")
    assert steps is not None
    measure("explain_record_ms", int(app.evaluate("document.getElementById('explain').dataset.recordMs")))
    measure("explain_render_ms", int(app.evaluate("document.getElementById('explain').dataset.renderMs")))
    began = time.perf_counter()
    app.get_by_test_id("explain-last").click()
    measure("explain_render_last_step_ms", round((time.perf_counter() - began) * 1000))
    open_view(app, "explain=board=3:8,6,7,2,5,4,3,0,1&h=hamming")
    expect(app.get_by_test_id("explain-error")).to_contain_text("plain solver", timeout=60_000)


def test_cs61b_stories_to_shore_steps_through_the_word_ladder(app):
    open_view(app, "explain=words=stories,shore")
    app.wait_for_function("document.getElementById('explain').dataset.step === '1'", timeout=60_000)
    expect(app.get_by_test_id("explain-status")).to_contain_text("removed A")
    app.get_by_test_id("explain-forward").click()
    app.get_by_test_id("explain-forward").click()
    app.locator("#explain .tree-node.is-removed").focus()
    expect(app.get_by_test_id("explain-node")).to_contain_text("store")
