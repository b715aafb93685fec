"""The Code view (#code): a student's own Board and Solver, written in the page's editor or uploaded, run against the
assignment's tests in a Python of their own, a row per test; Stop and the time limits end any code; the files
stay on the device; the code can reach none of the players' stored data."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "teach" / "solutions"))
from classic_bugs import solution  # noqa: E402
ENDED = re.compile(r"\d+ of \d+ passed")
LOOPS_FOREVER = """
class Board:
    def __init__(self, tiles):
        while True:
            pass


class Solver:
    pass
"""


@pytest.fixture
def code_page(browser, app_url):
    """A fresh browser (nothing kept from another test) on the Code view, its Python started."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(app_url + "#code")
    page.get_by_test_id("code-run").wait_for(state="visible")
    page.wait_for_function("() => !document.querySelector('[data-testid=code-run]').disabled", timeout=60_000)
    yield page
    context.close()


def upload(page, files: dict) -> None:
    page.get_by_test_id("code-upload").set_input_files(
        [{"name": name, "mimeType": "text/x-python", "buffer": text.encode()} for name, text in files.items()])


def run_tests(page, timeout_s: float = 90) -> str:
    page.get_by_test_id("code-run").click()
    page.wait_for_function("() => /\\d+ of \\d+ passed/.test(document.querySelector('[data-testid=code-summary]').textContent)",
                           timeout=timeout_s * 1000)
    return page.get_by_test_id("code-summary").text_content()


def rows(page) -> dict:
    """{test name: status} of the rows shown."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('[data-testid=code-results] > li')]
        .map((row) => [row.dataset.test, row.dataset.status]))""")


BOARD_TEXT = "window.__app.code().then(({ files }) => files.file('board.py').text)"


def shown_text_once(page, condition, timeout_s: float = 10) -> str:
    """board.py's text in the page, once `condition(text)` holds (else the last seen, to fail on)."""
    deadline = time.monotonic() + timeout_s
    while True:
        text = page.evaluate(BOARD_TEXT)
        if condition(text) or time.monotonic() > deadline:
            return text
        page.wait_for_timeout(100)


CODEMIRROR_FETCHED = "() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/codemirror.js'))"


def test_the_view_opens_on_the_starter_files_and_the_editor_comes_at_the_first_press(code_page):
    plain = code_page.get_by_test_id("code-editor")
    assert "class Board" in plain.text_content()
    assert code_page.get_by_test_id("code-file").count() >= 1
    assert code_page.get_by_test_id("code-view").is_visible()
    assert code_page.get_by_test_id("code-results").locator("li").count() == 0   # nothing runs without a press of Run
    assert not code_page.evaluate(CODEMIRROR_FETCHED)   # a phone pays for the editor only when it is used
    plain.click()
    code_page.keyboard.type("# typed at once")   # keys pressed while the editor loads are replayed into it
    code_page.locator("[data-code-editor][data-ready=true]").wait_for()
    editor = code_page.get_by_test_id("code-editor")
    assert editor.get_attribute("contenteditable") == "true" and editor.evaluate("(node) => node === document.activeElement")
    assert "# typed at once" in editor.text_content() and "class Board" in editor.text_content()
    assert code_page.evaluate(BOARD_TEXT).count("# typed at once") == 1


def test_a_plain_correct_solution_passes_every_test_within_a_minute(code_page):
    upload(code_page, {"solution.py": solution("eight_correct")})
    began = time.perf_counter()
    summary = run_tests(code_page)
    took = time.perf_counter() - began
    print(f"\n[code] a plain correct solution: {summary!r} in {took:.1f} s")
    statuses = rows(code_page)
    assert statuses and set(statuses.values()) == {"pass"}, statuses
    total = len(statuses)
    assert summary.startswith(f"{total} of {total} passed")
    assert code_page.locator(".code-advice").count() == 0
    assert took < 60
    texts = code_page.get_by_test_id("code-results").locator("li").all_text_contents()
    for method in ("hamming()", "manhattan()", "twin()", "neighbors()", "moves()", "solution()"):
        assert any(method in text for text in texts), method   # each row names the method it checks
    assert code_page.errors == []


def run_works_again(page) -> None:
    """A run after a stopped or timed-out one gives its rows without a reload (the starters: quick, none pass)."""
    page.get_by_test_id("code-reset").click()
    assert run_tests(page, timeout_s=60).startswith("0 of")
    assert not {"stopped", "timeout"} & set(rows(page).values())


@pytest.mark.slow   # (the test run's time: run with -m slow)
def test_the_cs61b_exercise_runs_a_worldstate_solver_on_boards_and_word_ladders(code_page):
    code_page.get_by_test_id("code-exercise").select_option("cs61b")
    code_page.wait_for_function("() => /estimated_distance_to_goal/.test(document.querySelector('[data-testid=code-editor]').textContent)")
    upload(code_page, {"solution.py": solution("cs61b_correct")})
    summary = run_tests(code_page)
    statuses = rows(code_page)
    assert set(statuses.values()) == {"pass"} and any("ladder" in name for name in statuses), statuses
    assert summary.startswith(f"{len(statuses)} of {len(statuses)} passed")
    code_page.reload()   # the exercise last open is the one shown again
    code_page.wait_for_function("() => !document.querySelector('[data-testid=code-run]').disabled", timeout=60_000)
    assert code_page.get_by_test_id("code-exercise").input_value() == "cs61b"


def test_a_syntax_error_is_one_row_naming_its_line(code_page):
    upload(code_page, {"board.py": "class Board:\n    def size(self)\n        return 3\n"})
    summary = run_tests(code_page, timeout_s=30)
    row = code_page.get_by_test_id("code-results").locator("li").first
    assert row.get_attribute("data-status") == "error"
    assert "line 2" in row.text_content()
    assert summary.startswith("0 of")


@pytest.mark.alone   # times itself: run on a machine the other tests leave alone
def test_stop_ends_a_tight_loop_within_a_second_and_the_next_run_works(code_page):
    upload(code_page, {"board.py": LOOPS_FOREVER})
    code_page.get_by_test_id("code-run").click()
    code_page.wait_for_function("() => /running/.test(document.querySelector('[data-testid=code-summary]').textContent)")
    code_page.wait_for_timeout(1500)   # well inside Board's loop
    began = time.perf_counter()
    code_page.get_by_test_id("code-stop").click()
    code_page.wait_for_function("() => !/running/.test(document.querySelector('[data-testid=code-summary]').textContent)",
                                timeout=5000)
    took = time.perf_counter() - began
    print(f"\n[code] Stop in a tight loop (isolated: {code_page.evaluate('crossOriginIsolated')}): {took * 1000:.0f} ms")
    assert took < 1.0
    assert "stopped" in set(rows(code_page).values())
    run_works_again(code_page)


@pytest.mark.alone   # times itself: run on a machine the other tests leave alone
@pytest.mark.slow   # (the test run's time: run with -m slow)
def test_without_isolation_stop_ends_the_worker_and_its_warm_spare_takes_over(browser, app_url):
    context = browser.new_context()
    context.add_init_script("Object.defineProperty(window, 'crossOriginIsolated', { value: false })")
    page = context.new_page()
    try:
        page.goto(app_url + "#code")
        page.wait_for_function("() => !document.querySelector('[data-testid=code-run]').disabled", timeout=60_000)
        upload(page, {"board.py": LOOPS_FOREVER})
        page.get_by_test_id("code-run").click()
        page.wait_for_timeout(4000)   # the spare boots beside the running one
        began = time.perf_counter()
        page.get_by_test_id("code-stop").click()
        page.wait_for_function("() => !/running/.test(document.querySelector('[data-testid=code-summary]').textContent)",
                               timeout=5000)
        assert time.perf_counter() - began < 1.0
        run_works_again(page)
    finally:
        context.close()


def test_the_code_is_kept_through_a_reload_made_right_after_a_key(code_page):
    """IndexedDB cannot finish a write while the page unloads: what was typed is noted in localStorage as the page
    goes (core/pending.js) and taken up on the next load.  Without the note, this reload loses the line."""
    code_page.get_by_test_id("code-editor").click()
    code_page.wait_for_selector("[data-code-editor][data-ready=true]")   # the keys typed show in the editor
    code_page.keyboard.press("Control+End")
    code_page.keyboard.type("\n# kept through a reload\n")
    code_page.reload()
    code_page.wait_for_function("() => !document.querySelector('[data-testid=code-run]').disabled", timeout=60_000)
    assert "# kept through a reload" in code_page.get_by_test_id("code-editor").text_content()
    # the starter's other file, never changed, is kept beside the changed one
    assert code_page.get_by_test_id("code-file").all_text_contents() == ["board.py", "solver.py"]


def test_a_change_made_in_another_tab_shows_here_and_nothing_is_lost(code_page):
    other = code_page.context.new_page()
    other.goto(code_page.url)
    other.wait_for_function("() => !document.querySelector('[data-testid=code-run]').disabled", timeout=60_000)
    other.get_by_test_id("code-editor").click()
    other.keyboard.press("Control+End")
    other.keyboard.type("\n# written in the other tab\n")
    code_page.wait_for_function("() => /Changed in another tab: board.py/.test(document.querySelector('[data-testid=code-message]').textContent)")
    assert "# written in the other tab" in code_page.get_by_test_id("code-editor").text_content()
    # this tab goes on from the other tab's text, and the other tab from this one's
    code_page.get_by_test_id("code-editor").click()
    code_page.keyboard.press("Control+End")
    code_page.keyboard.type("# then here\n")
    text = shown_text_once(other, lambda text: "# then here" in text)
    assert "# written in the other tab" in text and text.endswith("# then here\n")
    other.close()


RAW_PUT = """(record) => new Promise((resolve, reject) => {
    const opening = indexedDB.open("puzzlesolver");
    opening.onsuccess = () => {
        const tx = opening.result.transaction(["code"], "readwrite");
        tx.objectStore("code").put(record);
        tx.oncomplete = () => { opening.result.close(); resolve(); };
        tx.onerror = () => reject(tx.error);
    };
})"""
RAW_ALL = """(name) => new Promise((resolve) => {
    const opening = indexedDB.open("puzzlesolver");
    opening.onsuccess = () => {
        const request = opening.result.transaction([name]).objectStore(name).getAll();
        request.onsuccess = () => { opening.result.close(); resolve(request.result); };
    };
})"""


def test_a_kept_file_that_cannot_be_read_is_set_aside_and_said(code_page):
    code_page.evaluate(RAW_PUT, {"exercise": "8puzzle", "name": "board.py", "text": 42})
    code_page.reload()
    code_page.wait_for_function("() => !document.querySelector('[data-testid=code-run]').disabled", timeout=60_000)
    assert "set aside" in code_page.get_by_test_id("code-message").text_content()
    assert "class Board" in code_page.get_by_test_id("code-editor").text_content()   # the starter, not nothing
    kept_apart = code_page.evaluate(RAW_ALL, "setAside")
    assert [record["from"] for record in kept_apart] == ["code"] and '"text":42' in kept_apart[0]["text"]
    assert code_page.evaluate(RAW_ALL, "code") == []


def test_the_students_code_reaches_no_stored_data(code_page):
    probe = """
import js
reachable = [name for name in ("indexedDB", "caches", "localStorage", "BroadcastChannel", "Worker") if hasattr(js, name)]
storage = getattr(js.navigator, "storage", None)
raise RuntimeError("reachable: " + ", ".join(reachable) if reachable or storage else "nothing reachable")
"""
    upload(code_page, {"board.py": probe})
    run_tests(code_page, timeout_s=30)
    text = code_page.get_by_test_id("code-results").text_content()
    assert "nothing reachable" in text, text


def test_the_page_gives_the_command_lines_verdicts(code_page):
    from puzzlesolver.teach import plan, run_test

    sources = {"solution.py": solution("bug_weighted_priority")}
    upload(code_page, sources)
    summary = run_tests(code_page)
    expected = {test["name"]: run_test("8puzzle", sources, test["name"])["status"]
                for test in plan("8puzzle", sources)["tests"]}
    assert rows(code_page) == expected
    assert expected["moves_3x3_ladder"] == "fail"
    assert summary.startswith(f"{list(expected.values()).count('pass')} of {len(expected)} passed")
    failed = code_page.locator("[data-test=moves_3x3_ladder]")
    assert "moves()" in failed.text_content() and "19" in failed.text_content()
    assert failed.locator(".code-board span").count() == 9   # the board it failed on, drawn


@pytest.mark.slow   # (30 s: it waits for a time limit; tests/teach checks the same limits on CPython)
def test_a_search_that_never_ends_times_out_and_the_next_run_needs_no_reload(code_page):
    upload(code_page, {"solution.py": solution("bug_no_unsolvable_detection")})
    summary = run_tests(code_page, timeout_s=120)
    statuses = rows(code_page)
    assert statuses.pop("unsolvable") == "timeout"
    assert set(statuses.values()) == {"pass"}           # the rows after it ran
    assert summary.startswith(f"{len(statuses)} of {len(statuses) + 1} passed")
    run_works_again(code_page)


@pytest.mark.slow   # (the test run's time: run with -m slow)
def test_code_that_takes_all_memory_is_stopped_and_the_next_tests_run(code_page):
    hog = solution("eight_correct").replace(
        "def hamming(self):", "def hamming(self):\n        self.hog = [bytearray(100_000_000) for _ in range(1000)]", 1)
    upload(code_page, {"solution.py": hog})
    began = time.perf_counter()
    summary = run_tests(code_page, timeout_s=120)
    print(f"\n[code] a run with one test that takes all memory: {summary!r} in {time.perf_counter() - began:.1f} s")
    statuses = rows(code_page)
    hog_rows = {statuses.pop("hamming"), statuses.pop("immutable")}   # (immutable calls hamming() too)
    assert hog_rows <= {"error", "timeout"}, hog_rows   # out of memory, or stopped at its limit on the way there
    assert re.search(r"memory|seconds", code_page.locator("[data-test=hamming]").text_content())
    assert set(statuses.values()) == {"pass"}
    assert code_page.errors == []
