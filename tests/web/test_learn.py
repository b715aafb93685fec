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
from test_solver_page import set_fragment  # noqa: E402
from webhelpers import wait_ready  # noqa: E402
from why_not import why_not_removed  # noqa: E402

from puzzlesolver.check import check  # noqa: E402
from puzzlesolver.explain import QUEUE_NOTE, compare_searches, explain, trace_record  # noqa: E402
from puzzlesolver.formats import BoardPuzzle, WordPuzzle  # noqa: E402

SHORT = BoardPuzzle(3, (1, 2, 3, 0, 4, 6, 7, 5, 8))          # 3 moves: answers to check
BOARD14 = BoardPuzzle(3, (8, 1, 3, 4, 0, 2, 7, 6, 5))        # 14 moves: IDA* with Manhattan takes three iterations
BOARD14_LINK = "explain=board=3:8,1,3,4,0,2,7,6,5"
NO_PUZZLE = "Open a puzzle first"


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


@pytest.mark.parametrize("algorithm, formula", [
    ("bfs", lambda n: f"{n['moves']} = {n['priority']}"),
    ("greedy", lambda n: f"{n['estimate']} = {n['priority']}"),
    ("weighted", lambda n: f"{n['moves']} + 2×{n['estimate']} = {n['priority']}"),
])
def test_each_node_shows_how_its_search_makes_its_priority(app, algorithm, formula):
    open_view(app, PUZZLE04_LINK)
    app.get_by_test_id("explain-algorithm").select_option(algorithm)
    expect(app.get_by_test_id("explain-status")).to_contain_text("Step 1 of", timeout=60_000)
    app.get_by_test_id("explain-last").click()
    record = trace_record(explain(PUZZLE04, algorithm=algorithm, weight=2 if algorithm == "weighted" else None),
                          arrays=False)
    for node in app.locator("#explain [data-testid=explain-game-tree] .tree-node").all():
        engine = record["nodes"][node.get_attribute("data-id")]
        assert node.locator("text.node-sum").text_content() == formula(engine)
    app.get_by_test_id("explain-algorithm").select_option("astar")


def test_a_search_the_view_refuses_leaves_no_drawing_of_another(app):
    open_view(app, BOARD14_LINK)
    expect(app.get_by_test_id("explain-game-tree").locator(".tree-node").first).to_be_visible(timeout=60_000)
    app.get_by_test_id("explain-algorithm").select_option("bfs")        # too many steps to record
    expect(app.get_by_test_id("explain-error")).not_to_be_empty(timeout=60_000)
    assert app.get_by_test_id("explain-game-tree").locator(".tree-node").count() == 0
    assert app.get_by_test_id("explain-pseudocode").inner_text() == ""
    app.get_by_test_id("explain-algorithm").select_option("astar")


def test_the_weight_slider_and_the_goal_test_rerun_the_comparison(app):
    """The goal test is one setting, above: the step-through and the comparison both run with it."""
    open_view(app, PUZZLE04_LINK)
    compare_in_page(app)
    app.get_by_test_id("compare-weight").fill("3")
    app.get_by_test_id("compare-weight").dispatch_event("change")
    expect(app.locator("tr[data-algorithm=weighted] th")).to_contain_text("w=3", timeout=60_000)
    assert app.get_by_test_id("compare-goal-test").count() == 0
    app.get_by_test_id("explain-goal-test").check()
    expect(app.get_by_test_id("compare-goal-test-note")).to_contain_text("as soon as it is generated", timeout=60_000)
    engine = compare_searches(PUZZLE04, goal_test="generation", weight=3)
    app.wait_for_function("document.querySelector('tr[data-algorithm=weighted] th')?.textContent.includes('w=3')")
    shown = comparison_rows(app)
    for row in engine["rows"]:
        assert shown[(row["algorithm"], row["heuristic"])]["expanded"] == row["expanded"], row["label"]
    steps = {test: len(explain(PUZZLE04, goal_test=test).steps) - 1 for test in ("removal", "generation")}
    assert steps["removal"] != steps["generation"]
    expect(app.get_by_test_id("explain-status")).to_contain_text(f" of {steps['generation']}")   # the step-through too
    app.get_by_test_id("explain-goal-test").uncheck()
    expect(app.get_by_test_id("explain-status")).to_contain_text(f" of {steps['removal']}")


def test_a_comparison_still_running_when_another_puzzle_opens_is_not_drawn_over_it(app):
    open_view(app, BOARD14_LINK)
    # in one task, so that no answer can come in between (a fast machine's comparison once ended before a test saw it)
    under_way = app.evaluate("""(link) => {
        document.querySelector('[data-testid=explain-compare]').click();
        const said = document.querySelector('.compare-results [role=status]')?.textContent ?? null;
        location.hash = '#' + link;
        return said;
    }""", PUZZLE04_LINK)
    assert under_way is not None and under_way.startswith("Comparing")
    app.wait_for_function("(link) => location.hash === '#' + link && !window.__solver.busy", arg=PUZZLE04_LINK, timeout=60_000)
    app.wait_for_timeout(300)
    assert app.get_by_test_id("explain-comparison").count() == 0


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
        "moves": "L U L",                                                   # the way the tiles move
        "the blank's moves": "R D R",                                       # said to be read that way
        "false claim": "No solution possible",
    }
    for name, text in answers.items():
        engine = check(text, SHORT)
        shown = checked(app, text)
        assert shown == ("✓ " if engine.right else "✗ ") + engine.message, name
        assert app.get_by_test_id("check-verdict").get_attribute("data-status") == engine.status, name
    assert checked(app, right).startswith("✓")
    assert checked(app, "R D R").endswith(" The letters were read as the way the blank moves, since read as the way "
                                          "the tiles move they do not solve the puzzle.")


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
@pytest.mark.parametrize("scheme", ["light", pytest.param("dark", marks=pytest.mark.slow)])   # (10-15 s each)
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


# -- IDA*'s iterations, charted ---------------------------------------------------------------------------

def engine_iterations(puzzle, heuristic="manhattan"):
    """The comparison's IDA* row as the page charts it: every finished iteration and the one that found the goal."""
    ida = next(row for row in compare_searches(puzzle, heuristic, algorithms=["ida"])["rows"])
    logged = [tuple(pair) for pair in ida["iterations"]]
    return ida["heuristic"], logged + [(ida["moves"], ida["expanded"] - sum(nodes for _, nodes in logged))]


def chart_bars(page, testid):
    """Each bar of a chart: its bound and nodes, its drawn top and bottom (as rendered: styles included)."""
    page.wait_for_function(f"document.querySelector('[data-testid={testid}] svg .chart-bar')", timeout=60_000)
    return page.evaluate("""(testid) => [...document.querySelectorAll(`[data-testid=${testid}] svg .chart-bar`)].map((bar) => {
      const box = bar.getBoundingClientRect();
      return { bound: Number(bar.dataset.bound), nodes: Number(bar.dataset.nodes), top: box.top, bottom: box.bottom,
               height: box.height, attribute: Number(bar.getAttribute("height")) };
    })""", testid)


def watch_ida(page):
    page.get_by_test_id("explain-ida").click()
    expect(page.get_by_test_id("explain-ida-note")).to_contain_text("Solved in", timeout=60_000)
    return page.get_by_test_id("explain-ida-note").inner_text()


@pytest.mark.parametrize("width", [375, 1280])
def test_chart_bars_stand_on_one_baseline_with_heights_proportional_to_nodes(app, width):
    app.set_viewport_size({"width": width, "height": 900})
    try:
        open_view(app, BOARD14_LINK)
        compare_in_page(app)
        watch_ida(app)
        _, iterations = engine_iterations(BOARD14)
        for testid in ("compare-ida-chart", "explain-ida-chart"):
            bars = chart_bars(app, testid)
            assert [(bar["bound"], bar["nodes"]) for bar in bars] == iterations, testid
            tallest = max(bars, key=lambda bar: bar["nodes"])
            assert tallest["height"] >= 100, testid                                 # a chart, not a row of dashes
            for bar in bars:
                assert bar["height"] == pytest.approx(bar["attribute"], abs=0.5), testid   # no stylesheet reshapes it
                assert bar["bottom"] == pytest.approx(tallest["bottom"], abs=0.5), testid  # one baseline
                assert bar["height"] == pytest.approx(tallest["height"] * bar["nodes"] / tallest["nodes"], abs=1.0)
            chart = app.get_by_test_id(testid)                                       # each bar says its count
            assert chart.locator("text.chart-value").all_text_contents() == [str(nodes) for _, nodes in iterations]
            assert chart.locator("text.chart-bound").all_text_contents() == [str(bound) for bound, _ in iterations]
            assert chart.locator("line.chart-axis").count() == 2                      # the baseline and the scale
            assert chart.locator("text.chart-tick").first.text_content() == "0"
    finally:
        app.set_viewport_size({"width": 1000, "height": 900})


def test_watch_ida_agrees_with_the_comparisons_ida_row_whatever_the_estimate(app):
    """Watch IDA* runs what the table's IDA* row ran: the same estimate (one IDA* has no engine for, walking
    distance, is replaced by Manhattan's in both, and the page says so), the same iterations."""
    open_view(app, BOARD14_LINK)
    compare_in_page(app)
    for chosen in ("manhattan", "walking-distance", "linear-conflict"):
        heuristic, iterations = engine_iterations(BOARD14, chosen)
        app.get_by_test_id("explain-heuristic").select_option(chosen)           # the table is run again with it
        expect(app.locator("tr[data-algorithm=greedy]")).to_have_attribute("data-heuristic", chosen, timeout=60_000)
        assert app.locator("tr[data-algorithm=ida]").get_attribute("data-heuristic") == heuristic
        note = watch_ida(app)
        assert [(bar["bound"], bar["nodes"]) for bar in chart_bars(app, "explain-ida-chart")] == iterations, chosen
        assert note == "; ".join(f"{'Bound' if i == 0 else 'bound'} {b}: {n} nodes"     # one capitalised sentence
                                 for i, (b, n) in enumerate(iterations)) + ". Solved in 14 moves.", chosen
        intro = app.get_by_test_id("explain-ida-intro").inner_text()
        assert intro.startswith(f"IDA* with the {heuristic} estimate"), chosen
        assert (f"{chosen} is not one of IDA*'s estimates here" in intro) == (chosen != heuristic)


def test_watch_ida_before_any_comparison_runs_the_estimate_the_engine_names(app):
    """With no comparison on screen, Watch IDA* asks the engine which estimate IDA* runs with (the worker's
    info, from explain.ida_estimate): the page keeps no list of IDA*'s estimates of its own."""
    open_view(app, BOARD14_LINK)
    app.get_by_test_id("explain-heuristic").select_option("walking-distance")
    assert app.get_by_test_id("explain-comparison").count() == 0
    heuristic, iterations = engine_iterations(BOARD14, "walking-distance")
    assert heuristic == app.evaluate("window.__solver.info.ida_estimate['walking-distance']") == "manhattan"
    watch_ida(app)
    assert [(bar["bound"], bar["nodes"]) for bar in chart_bars(app, "explain-ida-chart")] == iterations
    assert app.get_by_test_id("explain-ida-intro").inner_text().startswith(
        "IDA* with the manhattan estimate (walking-distance is not one of IDA*'s estimates here, so it uses manhattan")


def page_whose_solver_waits(browser, web_server, link):
    """A fresh page on `link` whose worker stays "booting" until the test lets its wheels download (or
    not): returns (context, page, held), `held` the wheel requests held so far."""
    context = browser.new_context(service_workers="block")
    held = []
    context.route("**/wheels/*.whl", lambda route: held.append(route))
    page = context.new_page()
    page.goto(web_server.url + "#" + link)
    page.wait_for_function("window.__app && window.__app.viewReady")
    return context, page, held


def wait_held(page, held, timeout_ms=60_000):
    """Until the worker has asked for a wheel (it is still "booting")."""
    for _ in range(timeout_ms // 100):
        if held:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the worker asked for no wheel")


def test_watch_ida_waiting_for_a_solver_that_cannot_start_says_why(browser, web_server):
    """Pressed while the solver starts, Watch IDA* waits for the engine's word on IDA*'s estimate: a solver
    that then cannot start ends the wait with its own sentence, as a request's answer would."""
    context, page, held = page_whose_solver_waits(browser, web_server, BOARD14_LINK)
    try:
        page.get_by_test_id("explain-ida").click()
        wait_held(page, held)
        assert page.evaluate("window.__solver.state") == "booting"
        for route in held:
            route.fulfill(status=404, body="gone")
        context.route("**/wheels/*.whl", lambda route: route.fulfill(status=404, body="gone"))
        expect(page.get_by_test_id("solver-status")).to_have_attribute("data-state", "fatal", timeout=60_000)
        fatal = page.evaluate("window.__solver.fatalMessage")
        assert fatal.startswith("The solver could not start")
        expect(page.get_by_test_id("explain-ida-note")).to_have_text(fatal)
        assert page.get_by_test_id("explain-ida-intro").count() == 0
        page.evaluate("document.querySelector('[data-testid=explain-ida-note]').remove()")
        page.get_by_test_id("explain-ida").click()                  # pressed again, the solver already given up
        expect(page.get_by_test_id("explain-ida-note")).to_have_text(fatal)
    finally:
        context.close()


def test_watch_ida_pressed_while_the_solver_starts_draws_nothing_over_the_next_puzzle(browser, web_server):
    """The person moves on to another board while Watch IDA* waits for the solver: once it is up, nothing of
    the first board is drawn under the second."""
    context, page, held = page_whose_solver_waits(browser, web_server, BOARD14_LINK)
    try:
        page.get_by_test_id("explain-ida").click()
        wait_held(page, held)
        set_fragment(page, "explain=board=3:1,2,3,4,5,6,0,7,8")
        page.wait_for_function("window.__app.viewReady")
        for route in held:
            route.continue_()
        context.unroute("**/wheels/*.whl")
        wait_ready(page)
        expect(page.get_by_test_id("explain-status")).to_contain_text("Step 1 of", timeout=60_000)
        assert page.get_by_test_id("explain-ida-intro").count() == 0
        assert page.get_by_test_id("explain-ida-note").count() == 0
        assert watch_ida(page).endswith("Solved in 2 moves.")       # the panel works on the board on screen
    finally:
        context.close()


# -- the queue the table used -----------------------------------------------------------------------------

def test_the_comparison_names_its_queue_and_a_rows_step_through_has_the_rows_counts(app):
    open_view(app, BOARD14_LINK)
    expect(app.get_by_test_id("explain-queue-note")).to_contain_text("algs4's MinPQ")   # the step-through's default
    compare_in_page(app)
    expect(app.get_by_test_id("compare-queue-note")).to_have_text(QUEUE_NOTE)
    assert app.get_by_test_id("explain-comparison").get_attribute("aria-describedby") == "compare-queue-note"
    astar = next(row for row in compare_searches(BOARD14, algorithms=["astar"])["rows"] if row["heuristic"] == "manhattan")
    app.locator("tr[data-algorithm=astar][data-heuristic=manhattan] button").click()
    expect(app.get_by_test_id("explain-status")).to_contain_text(f"of {astar['steps'] - 1}:", timeout=60_000)
    assert app.get_by_test_id("explain-queue").input_value() == "tiebreak"
    expect(app.get_by_test_id("explain-queue-note")).to_contain_text("nearer the goal")


# -- with no puzzle open -------------------------------------------------------------------------------------

def test_every_learn_control_says_what_to_do_when_no_puzzle_is_open(app):
    set_fragment(app, "learn")                                   # the fixture's reset forgot the last puzzle
    expect(app.get_by_test_id("explain")).to_be_visible()
    for testid in ("explain-first", "explain-back", "explain-play", "explain-forward", "explain-last",
                   "explain-zoom-in", "explain-zoom-out"):
        app.evaluate("document.querySelector('[data-testid=explain-status]').textContent = ''")
        app.get_by_test_id(testid).click()
        expect(app.get_by_test_id("explain-status")).to_have_text(
            'Open a puzzle first: follow a link above, or "Step through the search" in the Solve view.')
    app.get_by_test_id("explain-compare").click()
    expect(app.get_by_test_id("compare-hint")).to_have_text(f"{NO_PUZZLE}: the searches are compared on the puzzle on screen.")
    app.get_by_test_id("explain-ida").click()
    expect(app.get_by_test_id("ida-hint")).to_have_text(f"{NO_PUZZLE}: IDA* is watched on the board on screen.")
    app.get_by_role("button", name="Check answer", exact=True).click()
    expect(app.get_by_test_id("check-verdict")).to_contain_text(NO_PUZZLE)
    app.get_by_test_id("explain-heuristic").select_option("hamming")     # a setting changed: no error, kept
    assert app.evaluate("document.getElementById('explain').dataset.step") is None
    open_view(app, "explain=words=cold,warm")                            # a word ladder: IDA* is for boards
    app.get_by_test_id("explain-ida").click()
    expect(app.get_by_test_id("ida-hint")).to_have_text(
        'Watch IDA* needs a board: a word ladder\'s searches are the ones "Compare the searches" lists.')


# -- on a phone ----------------------------------------------------------------------------------------------

def test_on_a_phone_the_comparisons_caption_stays_put_and_the_table_says_it_scrolls(app):
    app.set_viewport_size({"width": 375, "height": 740})
    try:
        open_view(app, BOARD14_LINK)
        compare_in_page(app)
        box, caption = app.get_by_test_id("compare-scroll"), app.get_by_test_id("compare-caption")
        assert caption.evaluate("(caption, box) => !box.contains(caption)", box.element_handle())   # it stays put
        expect(app.get_by_test_id("compare-scroll-hint")).to_be_visible()
        assert box.evaluate("(box) => box.scrollWidth > box.clientWidth")
        seen = box.evaluate("""(box) => {                       // scrolled to "shortest?", beside the search names
          const th = [...box.querySelectorAll("th")].find((cell) => cell.textContent === "shortest?");
          box.scrollLeft = th.offsetLeft - box.querySelector("th[scope=row]").offsetWidth;
          const cell = th.getBoundingClientRect();
          return document.elementFromPoint(cell.left + cell.width / 2, cell.top + cell.height / 2) === th
            && cell.right <= box.getBoundingClientRect().right;
        }""")
        assert seen and app.evaluate("document.documentElement.scrollWidth") <= 375
        app.set_viewport_size({"width": 1280, "height": 900})               # wide enough: no hint
        expect(app.get_by_test_id("compare-scroll-hint")).to_be_hidden()
    finally:
        app.set_viewport_size({"width": 1000, "height": 900})


def test_on_a_phone_the_learn_settings_show_whole(app):
    """Every option of the Learn view's dropdowns fits its box, and "w = 2" stays on one line."""
    app.set_viewport_size({"width": 375, "height": 740})
    try:
        open_view(app, BOARD14_LINK)
        clipped = app.evaluate("""() => {
          const measure = document.createElement("canvas").getContext("2d");
          const panel = document.getElementById("explain").getBoundingClientRect();
          return [...document.querySelectorAll("#explain select")].flatMap((select) => {
            measure.font = getComputedStyle(select).font;
            const box = select.getBoundingClientRect();
            const room = select.clientWidth - 36;                            // padding and the arrow
            return [...select.options].filter((o) => measure.measureText(o.text).width > room || box.right > panel.right)
              .map((o) => `${select.id}: ${o.text}`);
          });
        }""")
        assert clipped == []
        lines = app.get_by_test_id("compare-weight").evaluate("""() => {
          const range = document.createRange();
          range.selectNodeContents(document.getElementById("compare-weight-value"));
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        }""")
        assert lines == 1
    finally:
        app.set_viewport_size({"width": 1000, "height": 900})


# -- issue 29: rough edges a newcomer meets ---------------------------------------------------------------

def test_a_click_anywhere_in_the_panel_is_enough_for_its_keys(app):
    """The keys the view advertises (← → step, Home End) work after a click on the panel's text, with no
    button focused first."""
    open_view(app, PUZZLE04_LINK)
    app.locator("#explain h2").click()                     # a heading: nothing that takes the focus itself
    app.keyboard.press("Home")
    assert step_of(app) == 0
    app.keyboard.press("ArrowRight")
    app.keyboard.press("ArrowRight")
    assert step_of(app) == 2
    app.keyboard.press("End")
    assert step_of(app) == 5


def test_breadth_first_search_turns_the_estimate_menu_off_and_says_why(app):
    open_view(app, PUZZLE04_LINK)
    estimate = app.get_by_test_id("explain-heuristic")
    expect(estimate).to_be_enabled()
    app.get_by_test_id("explain-algorithm").select_option("bfs")
    expect(estimate).to_be_disabled()
    expect(app.get_by_test_id("explain-estimate-note")).to_have_text("Breadth-first search uses no estimate.")
    app.get_by_test_id("explain-algorithm").select_option("astar")
    expect(estimate).to_be_enabled()
    expect(app.get_by_test_id("explain-estimate-note")).to_be_hidden()


def test_a_refused_search_leaves_no_step_button_that_looks_live(app):
    open_view(app, "explain=board=4:7,3,8,12,2,4,14,1,6,13,0,9,5,10,15,11")   # far more than 3,000 steps
    expect(app.get_by_test_id("explain-error")).to_contain_text("3,000 steps", timeout=60_000)
    for name in ("explain-first", "explain-back", "explain-play", "explain-forward", "explain-last"):
        expect(app.get_by_test_id(name)).to_be_disabled()
    expect(app.get_by_test_id("explain-drawings")).to_be_hidden()       # no empty tree, pseudocode or queue
    open_view(app, PUZZLE04_LINK)
    expect(app.get_by_test_id("explain-forward")).to_be_enabled()
    expect(app.get_by_test_id("explain-drawings")).to_be_visible()


def test_on_a_phone_the_step_buttons_stay_in_view_over_the_tree(app):
    """Scrolled down to the game tree, a phone has the step buttons at the top of the screen, over the tree."""
    app.set_viewport_size({"width": 375, "height": 740})
    try:
        open_view(app, PUZZLE04_LINK)
        app.get_by_test_id("explain-game-tree").scroll_into_view_if_needed()
        app.get_by_test_id("explain-game-tree").evaluate("(tree) => tree.scrollIntoView({ block: 'center' })")
        steps = app.locator("#explain .explain-steps").bounding_box()
        tree = app.get_by_test_id("explain-game-tree").bounding_box()
        assert 0 <= steps["y"] and steps["y"] + steps["height"] <= 740, steps          # the buttons on screen
        assert tree["y"] < 740 and tree["y"] + tree["height"] > steps["y"] + steps["height"], (tree, steps)   # the tree too
        before = step_of(app)
        app.get_by_test_id("explain-forward").click()
        assert step_of(app) == before + 1
    finally:
        app.set_viewport_size({"width": 1000, "height": 900})
