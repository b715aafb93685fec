"""The Learn view (issue 20): the checklist's drawings in the browser, every classic search side by side, the
pseudocode following the step, "predict the next node", and an answer checker that judges as algs4's
PuzzleChecker would.  Every number and verdict the page shows is compared with the engine's own, run here
on CPython (puzzlesolver.explain, puzzlesolver.check): the page only draws what the worker answered.
"""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")

from playwright.sync_api import expect  # noqa: E402
from test_explain_page import PUZZLE04, PUZZLE04_LINK, open_view, queue_in_page  # noqa: E402
from test_player_layout import AXE, axe_violations  # noqa: E402

from puzzlesolver.check import check  # noqa: E402
from puzzlesolver.explain import compare_searches, explain, trace_record, why_not_removed  # noqa: E402
from puzzlesolver.formats import BoardPuzzle, WordPuzzle  # noqa: E402

SHORT = BoardPuzzle(3, (1, 2, 3, 0, 4, 6, 7, 5, 8))          # 3 moves: answers to check


def step_of(page) -> int:
    return int(page.evaluate("document.getElementById('explain').dataset.step"))


def algs4_output(boards, n) -> str:
    lines = [f"Minimum number of moves = {len(boards) - 1}"]
    for tiles in boards:
        lines += [""] + [" ".join(f"{t:2d}" for t in tiles[r * n:(r + 1) * n]) for r in range(n)]
    return "\n".join(lines) + "\n"


def checked(page, text: str) -> str:
    page.get_by_test_id("check-answer").fill(text)
    page.get_by_role("button", name="Check answer", exact=True).click()
    verdict = page.get_by_test_id("check-verdict")
    page.wait_for_function("(el) => /^[✓✗]|[.]$/.test(el.textContent) && el.textContent !== 'Checking…'",
                           arg=verdict.element_handle(), timeout=60_000)
    return verdict.inner_text()


# -- the drawings ---------------------------------------------------------------------------------------

def test_at_1280_the_view_is_wide_and_every_tree_node_is_its_board_with_its_sum(app):
    app.set_viewport_size({"width": 1280, "height": 900})
    open_view(app, PUZZLE04_LINK)
    assert app.get_by_test_id("explain").bounding_box()["width"] >= 900
    app.get_by_test_id("explain-last").click()
    record = trace_record(explain(PUZZLE04), arrays=False)
    for node in app.locator("#explain [data-testid=explain-game-tree] .tree-node").all():
        engine = record["nodes"][node.get_attribute("data-id")]
        tiles = [int(t) for t in node.locator("text.tile").all_text_contents()]
        assert tiles == [t for t in engine["tiles"] if t], node.get_attribute("data-id")   # row by row, blank left out
        assert node.locator("text.node-sum").text_content() == \
            f"{engine['moves']} + {engine['estimate']} = {engine['priority']}"
    assert app.locator("#explain .tree-node.was-removed").count() == 4     # the removed nodes stay marked
    assert app.locator("[data-testid=explain-queue-array] li svg .tree-node").count() == len(queue_in_page(app))


def test_zoom_scales_the_game_tree(app):
    open_view(app, PUZZLE04_LINK)
    width = lambda: app.locator("[data-testid=explain-game-tree] svg").bounding_box()["width"]  # noqa: E731
    before = width()
    app.get_by_test_id("explain-zoom-in").click()
    assert width() == pytest.approx(before * 1.25, abs=2)
    app.get_by_test_id("explain-zoom-out").click()
    app.get_by_test_id("explain-zoom-out").click()
    assert width() == pytest.approx(before / 1.25, abs=2)
    app.get_by_test_id("explain-zoom-in").click()


def test_the_pseudocode_marks_the_lines_each_step_ran(app):
    record = trace_record(explain(PUZZLE04), arrays=False)
    open_view(app, PUZZLE04_LINK)
    app.get_by_test_id("explain-first").click()
    code = app.get_by_test_id("explain-pseudocode")
    assert code.locator("li").all_inner_texts()[0].startswith(record["pseudocode"][0])
    for step in range(len(record["steps"])):
        marked = app.evaluate("[...document.querySelectorAll('[data-testid=explain-pseudocode] li')]"
                              ".flatMap((li, k) => li.classList.contains('is-run') ? [k + 1] : [])")
        assert marked == record["steps"][step]["lines"], step
        app.get_by_test_id("explain-forward").click()


def test_predict_the_next_node_says_why_a_wrong_pick_is_wrong(app):
    record = trace_record(explain(PUZZLE04), arrays=False)
    open_view(app, PUZZLE04_LINK)
    app.get_by_test_id("explain-first").click()
    app.get_by_test_id("explain-forward").click()                       # step 1: B, C, D... in the queue
    app.get_by_test_id("explain-predict").check()
    upcoming = record["steps"][1]["next"]
    wrong = next(node for node in queue_in_page(app) if node != upcoming)
    app.locator(f"[data-testid=explain-queue-array] button[data-id={wrong}]").click()
    feedback = app.get_by_test_id("explain-predict-feedback")
    expect(feedback).to_have_text(f"Not {wrong}: {why_not_removed(record, 1, wrong)}")
    assert step_of(app) == 1
    app.locator(f"[data-testid=explain-queue-array] button[data-id={upcoming}]").click()
    expect(feedback).to_contain_text(f"Right: {upcoming} is removed next")
    assert step_of(app) == 2
    app.get_by_test_id("explain-predict").uncheck()
    assert app.locator("[data-testid=explain-queue-array] button").count() == 0


# -- the searches side by side -----------------------------------------------------------------------------

def comparison_rows(page) -> dict:
    table = page.get_by_test_id("explain-comparison")
    rows = {}
    for row in table.locator("tr[data-algorithm]").all():
        cells = row.locator("td").all_inner_texts()
        key = (row.get_attribute("data-algorithm"), row.get_attribute("data-heuristic"))
        rows[key] = {"label": row.locator("th").inner_text(), "moves": cells[1], "optimal": cells[2],
                     "expanded": int(cells[3].replace(",", "")), "enqueued": int(cells[4].replace(",", "")),
                     "max_frontier": int(cells[5].replace(",", ""))}
    return rows


def compare_in_page(page):
    page.get_by_test_id("explain-compare").click()
    expect(page.get_by_test_id("explain-comparison")).to_be_visible(timeout=60_000)
    return comparison_rows(page)


def test_every_classic_search_side_by_side_with_the_engines_counts(app):
    open_view(app, PUZZLE04_LINK)
    shown = compare_in_page(app)
    engine = compare_searches(PUZZLE04)
    assert {row["label"].split(" (w=")[0] for row in shown.values()} >= {
        "Breadth-first search", "Greedy best-first search", "A* (graph search)", "IDA*"}
    for row in engine["rows"]:
        page_row = shown[(row["algorithm"], row["heuristic"])]
        assert (page_row["expanded"], page_row["enqueued"], page_row["max_frontier"]) == \
            (row["expanded"], row["enqueued"], row["max_frontier"]), row["label"]
        assert page_row["moves"] == str(row["moves"])
    expect(app.get_by_test_id("compare-ida-chart")).to_be_visible()


def test_a_comparison_row_opens_its_search_step_by_step(app):
    open_view(app, PUZZLE04_LINK)
    compare_in_page(app)
    bfs = next(row for row in compare_searches(PUZZLE04)["rows"] if row["algorithm"] == "bfs")
    app.locator("tr[data-algorithm=bfs] button").click()
    expect(app.get_by_test_id("explain-status")).to_contain_text(f"of {bfs['steps'] - 1}:", timeout=60_000)
    assert app.get_by_test_id("explain-algorithm").input_value() == "bfs"
    assert "moves" in app.get_by_test_id("explain-pseudocode").inner_text()    # breadth-first: priority = moves


def test_the_weight_slider_and_the_goal_test_rerun_the_comparison(app):
    open_view(app, PUZZLE04_LINK)
    compare_in_page(app)
    app.get_by_test_id("compare-weight").fill("3")
    app.get_by_test_id("compare-weight").dispatch_event("change")
    expect(app.locator("tr[data-algorithm=weighted] th")).to_contain_text("w=3", timeout=60_000)
    app.get_by_test_id("compare-goal-test").check()
    expect(app.get_by_test_id("compare-goal-test-note")).to_contain_text("as soon as it is generated", timeout=60_000)
    engine = compare_searches(PUZZLE04, goal_test="generation", weight=3)
    app.wait_for_function("document.querySelector('tr[data-algorithm=weighted] th')?.textContent.includes('w=3')")
    shown = comparison_rows(app)
    for row in engine["rows"]:
        assert shown[(row["algorithm"], row["heuristic"])]["expanded"] == row["expanded"], row["label"]
    app.get_by_test_id("compare-goal-test").uncheck()


# -- the answer checker --------------------------------------------------------------------------------------

def test_the_checker_judges_answers_as_the_engine_does(app):
    from puzzlesolver.policy import Options, solve
    open_view(app, "explain=board=3:1,2,3,0,4,6,7,5,8")
    result = solve(SHORT, Options())
    boards = [state.tiles for state in result.states()]
    right = algs4_output(boards, 3)
    answers = {
        "right": right,
        "miscounted": right.replace(f"= {len(boards) - 1}", f"= {len(boards)}", 1),
        "illegal": algs4_output(boards[:2] + [boards[3]] + boards[3:], 3),
        "longer": algs4_output(boards[:2] + boards, 3),                 # there and back first
        "moves": "L U L",                                                   # not the answer: ends elsewhere
        "false claim": "No solution possible",
    }
    for name, text in answers.items():
        engine = check(text, SHORT)
        shown = checked(app, text)
        assert shown == ("✓ " if engine.right else "✗ ") + engine.message, name
        assert app.get_by_test_id("check-verdict").get_attribute("data-status") == engine.status, name
    assert checked(app, right).startswith("✓")


def test_the_checker_names_the_line_of_text_that_is_no_answer(app):
    open_view(app, "explain=board=3:1,2,3,0,4,6,7,5,8")
    text = "Minimum number of moves = 1\n1 2 3\n0 4\n7 5 8\n"
    with pytest.raises(ValueError) as engine:
        check(text, SHORT)
    assert checked(app, text) == str(engine.value)
    app.get_by_test_id("check-answer").fill("  ")
    app.get_by_role("button", name="Check answer", exact=True).click()
    expect(app.get_by_test_id("check-verdict")).to_have_text("Paste your program's output first.")


def test_the_checker_judges_a_word_ladder(app):
    open_view(app, "explain=words=cold,warm")
    puzzle = WordPuzzle("cold", "warm", "common")
    for text in ["cold cord card ward warm", "cold cord word ward warm x", "cold warm"]:
        engine = check(text, puzzle)
        assert checked(app, text) == ("✓ " if engine.right else "✗ ") + engine.message, text


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed (npm ci)")
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violations_on_the_learn_view_in_use(browser, app_url, scheme):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme, service_workers="block")
    page = context.new_page()                       # its own page: axe's script stays out of the shared one
    page.goto(app_url + "#" + PUZZLE04_LINK)
    page.wait_for_function("window.__solver && window.__solver.state === 'ready'", timeout=60_000)
    open_view(page, PUZZLE04_LINK)
    page.get_by_test_id("explain-predict").check()
    compare_in_page(page)
    checked(page, "No solution possible")
    assert axe_violations(page) == []
    context.close()


def test_on_a_phone_nothing_in_the_view_scrolls_the_page_sideways(app):
    app.set_viewport_size({"width": 375, "height": 740})
    try:
        open_view(app, PUZZLE04_LINK)
        app.get_by_test_id("explain-last").click()
        compare_in_page(app)                                   # the wide table scrolls inside its own box
        checked(app, "No solution possible")
        assert app.evaluate("document.documentElement.scrollWidth") <= 375
    finally:
        app.set_viewport_size({"width": 1000, "height": 900})
