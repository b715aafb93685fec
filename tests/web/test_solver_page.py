"""The solver page, driven in headless Chromium against the real built dist/ (python3 build.py).

One page serves the whole module (Pyodide boots once); each test starts from ``window.__app.reset()``
and loads its puzzle by typing, by the URL fragment, or from the examples menu.  Known answers come
from puzzles/index.json (proved by tests/core/test_puzzles.py).
"""

from __future__ import annotations

import re
import time
from urllib.parse import urlsplit

import pytest

pytest.importorskip("playwright.sync_api")
pytest.importorskip("pytest_playwright")

from playwright.sync_api import expect  # noqa: E402

from webhelpers import measure, open_view, wait_ready  # noqa: E402

from puzzlesolver import budget  # noqa: E402

SOLVE_TIMEOUT = 60_000
HARD_4X4 = "7 3 8 12\n2 4 14 1\n6 13 0 9\n5 10 15 11"  # 38 moves: far beyond Hamming-guided A* in a browser


def set_fragment(page, fragment: str) -> None:
    """Navigate to #fragment without reloading; the page loads the puzzle in its own hashchange handler."""
    page.evaluate("""async (fragment) => {
      const change = (hash) => new Promise((resolve) => {
        addEventListener("hashchange", resolve, { once: true });
        location.hash = hash;
      });
      if (location.hash === "#" + fragment) await change("#none");
      await change("#" + fragment);
    }""", fragment)


def solve(page, timeout: float = SOLVE_TIMEOUT) -> str:
    """Press the button named Solve and wait for the outcome; returns the result's status."""
    page.evaluate("window.__app.clearResult()")
    page.get_by_role("button", name="Solve", exact=True).click()
    page.wait_for_function("document.getElementById('result').dataset.status !== ''", timeout=timeout)
    return page.evaluate("document.getElementById('result').dataset.status")


def moves(page) -> str:
    return page.get_by_test_id("moves").inner_text().strip()


def type_board(page, text: str, goal: str | None = None) -> None:
    page.get_by_test_id("mode-board").check()
    page.get_by_label("Board: one row per line").fill(text)
    if goal is not None:
        page.get_by_label("Custom goal").check()
        page.get_by_label("Goal board").fill(goal)


# -- boards -----------------------------------------------------------------------------------------

def test_board_typed_by_hand_is_solved_and_animated(app):
    type_board(app, "0 1 2\n4 5 3\n7 8 6")
    assert solve(app) == "solved"
    assert moves(app) == "4"
    expect(app.locator("#moves-line")).to_have_text("Minimum number of moves = 4")
    # the list of boards: start plus one per move
    items = app.get_by_test_id("solution-list").locator("li")
    expect(items).to_have_count(5)
    assert items.nth(4).locator("pre").text_content().split() == "1 2 3 4 5 6 7 8 0".split()
    # the animation: step forward and back, then play to the end
    position = app.get_by_test_id("player-position")
    expect(position).to_contain_text("Move 0 of 4")
    app.get_by_role("button", name="Step forward").click()
    expect(position).to_contain_text("Move 1 of 4: tile 1 slid")
    app.get_by_role("button", name="Step back").click()
    expect(position).to_contain_text("Move 0 of 4")
    app.get_by_role("button", name="Play").click()
    expect(position).to_contain_text("Move 4 of 4", timeout=10_000)
    expect(app.get_by_role("button", name="Play")).to_be_visible()  # it paused itself at the goal
    tiles = app.get_by_test_id("player-board").locator(".tile")
    assert [t.inner_text() for t in tiles.all()] == ["1", "2", "3", "4", "5", "6", "7", "8", ""]
    # the moves in the game's notation, its letters named in the game's words
    play_words = app.evaluate("import('/core/notation.js').then((module) => module.CONVENTIONS.tile)")
    expect(app.get_by_test_id("solution-notation")).to_have_text(f"As moves: L2U2 (letters: {play_words}).")


def test_board_from_the_url(app):
    set_fragment(app, "board=3:8,1,3,4,0,2,7,6,5")
    expect(app.get_by_test_id("board-input")).to_have_value("8 1 3\n4 0 2\n7 6 5")
    assert solve(app) == "solved"
    assert moves(app) == "14"


def test_board_from_the_url_with_a_goal_and_heuristic(app):
    set_fragment(app, "board=3:1,3,4,8,6,2,7,0,5&goal=1,2,3,8,0,4,7,6,5&h=hamming")
    expect(app.get_by_test_id("use-goal")).to_be_checked()
    expect(app.get_by_test_id("goal-input")).to_have_value("1 2 3\n8 0 4\n7 6 5")
    expect(app.get_by_test_id("heuristic")).to_have_value("hamming")
    assert solve(app) == "solved"
    assert moves(app) == "5"


def test_custom_goal_typed_by_hand(app):
    type_board(app, "1 3 4\n8 6 2\n7 0 5", goal="1 2 3\n8 0 4\n7 6 5")
    assert solve(app) == "solved"
    assert moves(app) == "5"
    last = app.get_by_test_id("solution-list").locator("li pre").last.text_content()
    assert last.split() == "1 2 3 8 0 4 7 6 5".split()


@pytest.mark.alone   # times itself: run on a machine the other tests leave alone
def test_unsolvable_board_is_reported_at_once_with_the_reason(app):
    type_board(app, "0 3 4\n2 7 6\n5 1 8")
    note = app.get_by_test_id("board-note")
    expect(note).to_contain_text("unsolvable", timeout=10_000)  # before Solve is pressed
    began = time.perf_counter()
    assert solve(app) == "unsolvable"
    assert time.perf_counter() - began < 5
    assert moves(app) == "unsolvable"
    expect(app.locator("#moves-line")).to_have_text("No solution: this board is unsolvable")
    expect(app.get_by_test_id("result-message")).to_contain_text("parity")
    # the long reason is said once on the page: by the Result now, no longer also under the board
    expect(note).to_have_text("3×3 board, unsolvable; the Result says why.")
    assert app.locator("#view-solve").inner_text().count("cannot reach the goal") == 1
    app.evaluate("window.__app.clearResult()")
    expect(note).to_contain_text("parity")


def test_two_by_two_and_five_by_five_boards(app):
    type_board(app, "2\n1 2\n0 3")
    assert solve(app) == "solved" and moves(app) == "1"
    type_board(app, "1 2 0 4 9\n6 7 3 10 5\n11 12 8 13 15\n16 17 18 14 20\n21 22 23 19 24")
    assert solve(app) == "solved" and moves(app) == "12"


def note_bound(note, n: int) -> int:
    """N, once the note under the board says "n×n board, solvable in at least N moves."."""
    expect(note).to_have_text(re.compile(rf"^{n}×{n} board, solvable in at least \d+ moves\.$"), timeout=10_000)
    return int(re.search(r"at least (\d+) moves", note.text_content()).group(1))


def test_the_note_under_the_board_says_what_a_solve_proved_of_it(app):
    """The note under a typed board gives the estimate's lower bound until a solve of that board proves more:
    then an optimal answer's length, or the higher bound a search proved (an answer not proven shortest, a
    cancelled search); an edit to the board brings back the estimate, now of the new board."""
    note = app.get_by_test_id("board-note")
    type_board(app, "8 1 3\n4 0 2\n7 6 5")
    assert note_bound(note, 3) < 14
    assert solve(app) == "solved" and moves(app) == "14"
    expect(note).to_have_text("3×3 board, solvable in 14 moves and no fewer.")
    type_board(app, "1 2 3\n0 4 6\n7 5 8")
    expect(note).to_have_text("3×3 board, solvable in at least 3 moves.")

    type_board(app, "23 0 14 18 6\n5 7 10 22 20\n4 2 21 3 17\n11 19 9 24 15\n16 8 1 13 12")
    estimate = note_bound(note, 5)
    app.evaluate("window.__app.maxSeconds = 1")
    try:
        assert solve(app) == "solved"
    finally:
        app.evaluate("window.__app.maxSeconds = 0")
    expect(app.locator("#moves-line")).to_contain_text("not proven shortest")
    proven = int(re.search(r"at least (\d+) moves", app.get_by_test_id("result-message").text_content()).group(1))
    assert proven > estimate
    expect(note).to_have_text(f"5×5 board, solvable in at least {proven} moves.")

    app.get_by_label("Heuristic").select_option("hamming")
    type_board(app, "2 1 3 4\n6 5 7 8\n10 9 11 12\n14 13 15 0")   # Manhattan distance 8, far more moves: slow with Hamming
    estimate = note_bound(note, 4)
    app.get_by_role("button", name="Solve", exact=True).click()
    expect(app.get_by_test_id("progress")).to_contain_text("positions", timeout=SOLVE_TIMEOUT)
    app.wait_for_timeout(1500)
    app.get_by_role("button", name="Cancel").click()
    expect(app.get_by_test_id("result-message")).to_contain_text("Cancelled after")
    needed = int(re.search(r"at least (\d+) moves are needed", app.get_by_test_id("result-message").text_content()).group(1))
    assert needed > estimate
    expect(note).to_have_text(f"4×4 board, solvable in at least {needed} moves.")
    app.get_by_label("Board: one row per line").fill("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15")
    expect(note).to_have_text("4×4 board, solvable in at least 1 move.")


def expect_no_answer(page) -> None:
    """The Result shows no answer: no moves, no message, no replay, no boards; nothing running."""
    expect(page.locator("#moves-line")).to_be_hidden()
    expect(page.get_by_test_id("moves")).to_have_text("")
    expect(page.get_by_test_id("result-message")).to_have_text("")
    expect(page.locator("#player")).to_be_hidden()
    expect(page.get_by_test_id("solution-list").locator("li")).to_have_count(0)
    expect(page.get_by_test_id("progress")).to_be_hidden()
    expect(page.get_by_role("button", name="Cancel")).to_be_disabled()
    assert page.evaluate("document.getElementById('result').dataset.status") == ""


def test_an_edit_clears_the_answer_and_stops_the_search_of_the_board_before(app):
    """The answer on screen is for the board it was asked for: typing another board (or a bad one), editing on
    the grid, or choosing another goal or heuristic clears it at once, and a search still running is cancelled."""
    type_board(app, "8 1 3\n4 0 2\n7 6 5")
    assert solve(app) == "solved" and moves(app) == "14"
    app.get_by_label("Board: one row per line").fill("1 2 3/4 5 6/7 0 8")
    expect_no_answer(app)
    expect(app.get_by_test_id("board-note")).to_have_text("3×3 board, solvable in at least 1 move.")
    assert solve(app) == "solved" and moves(app) == "1"
    app.get_by_label("Board: one row per line").fill("1 2 3/4 5 6/7 x 8")
    expect_no_answer(app)
    type_board(app, "1 2 3\n4 5 6\n7 0 8")
    assert solve(app) == "solved"
    open_grid(app)   # (its sizing task first: a cell typed before it is drawn over)
    app.get_by_test_id("grid").get_by_label("row 3, column 2", exact=True).fill("8")
    expect_no_answer(app)
    app.get_by_text("Edit on a grid").click()
    type_board(app, "1 2 3\n4 5 6\n7 0 8")
    assert solve(app) == "solved"
    app.get_by_label("Heuristic").select_option("hamming")
    expect_no_answer(app)
    assert solve(app) == "solved"
    app.get_by_label("Custom goal").check()
    expect_no_answer(app)
    app.get_by_label("Custom goal").uncheck()

    assert solve(app) == "solved"
    app.get_by_test_id("view-ladders").click()   # the other mode, Word ladders, shows another puzzle
    expect_no_answer(app)
    app.get_by_test_id("mode-board").check()
    expect_no_answer(app)

    type_board(app, HARD_4X4)                     # a search that runs for long: the edit cancels it
    app.get_by_role("button", name="Solve", exact=True).click()
    expect(app.get_by_role("button", name="Cancel")).to_be_enabled(timeout=SOLVE_TIMEOUT)
    app.get_by_label("Board: one row per line").fill("1 2 3\n4 5 6\n7 0 8")
    expect_no_answer(app)
    app.wait_for_timeout(1000)                    # its cancelled answer never shows
    expect_no_answer(app)
    assert solve(app) == "solved" and moves(app) == "1"


def test_a_board_typed_with_commas_as_a_link_lists_its_tiles_is_solved(app):
    type_board(app, "8,1,3,4,0,2,7,6,5")
    assert solve(app) == "solved"
    assert moves(app) == "14"
    expect(app.locator("#board-error")).to_have_text("")


def test_editable_grid_writes_the_board_text(app):
    app.get_by_text("Edit on a grid").click()
    # Opening the editor queues a "toggle" task that sizes the grid from the board text; let it run
    # before typing a size, as a person's next keystroke always would.
    app.evaluate("() => new Promise((done) => setTimeout(done, 0))")
    app.get_by_test_id("grid-size").fill("2")
    app.get_by_test_id("grid-height").fill("2")
    app.get_by_role("button", name="New solved board of this size").click()
    expect(app.get_by_test_id("board-input")).to_have_value("1 2\n3 0")
    grid = app.get_by_test_id("grid")
    grid.get_by_label("row 2, column 1", exact=True).fill("0")
    grid.get_by_label("row 2, column 2", exact=True).fill("3")
    expect(app.get_by_test_id("board-input")).to_have_value("1 2\n0 3")
    assert solve(app) == "solved" and moves(app) == "1"
    for one_line in ("8 1 3 4 0 2 7 6 5", "8 1 3/4 0 2/7 6 5",   # boards the engine reads on one line: the grid too,
                     "8,1,3,4,0,2,7,6,5", "8, 1, 3/4, 0, 2/7, 6, 5"):   # commas included, as a link lists tiles
        type_board(app, one_line)
        expect(grid.get_by_label("row 2, column 2", exact=True)).to_have_value("0")
        expect(grid.get_by_label("row 3, column 1", exact=True)).to_have_value("7")
        expect(app.locator("#grid-note")).to_have_text("")
    app.get_by_text("Edit on a grid").click()  # close it again for the other tests


def open_grid(page):
    page.get_by_text("Edit on a grid").click()
    # Opening the editor queues a "toggle" task that sizes the grid from the board text: let it run first.
    page.evaluate("() => new Promise((done) => setTimeout(done, 0))")


def test_the_grid_says_in_its_own_terms_which_cell_is_empty_and_which_sizes_it_makes(app):
    """An emptied cell is named by its row and column under the grid, and the text keeps its board meanwhile
    (no '?' written into it, no message about the text's line 1); a size too small gets no advice to type a
    bigger board."""
    type_board(app, "8 1 3\n4 0 2\n7 6 5")
    open_grid(app)
    grid, note = app.get_by_test_id("grid"), app.locator("#grid-note")
    grid.get_by_label("row 1, column 2", exact=True).fill("")
    expect(note).to_have_text("Row 1, column 2 is empty: type its number, 0 for the blank "
                              "(the board above stays as it was until then).")
    expect(app.get_by_test_id("board-input")).to_have_value("8 1 3\n4 0 2\n7 6 5")
    app.wait_for_timeout(600)                              # the board's check (350 ms after an edit) says nothing
    expect(app.get_by_test_id("board-error")).to_have_text("")
    grid.get_by_label("row 1, column 2", exact=True).fill("1")
    expect(note).to_have_text("")
    for size, said in [("1", "The grid makes boards of 2 to 12 tiles a side, not '1'."),
                       ("", "Type the grid's size first: 2 to 12 tiles a side."),
                       ("13", "The grid makes boards of 2 to 12 tiles a side, not '13'; boards up to 20x20 can be "
                              "typed above, one row per line.")]:
        app.get_by_test_id("grid-size").fill(size)
        app.get_by_role("button", name="New solved board of this size").click()
        expect(note).to_have_text(said)
    expect(app.get_by_test_id("board-input")).to_have_value("8 1 3\n4 0 2\n7 6 5")
    app.get_by_text("Edit on a grid").click()


def test_enter_in_the_grid_size_makes_a_grid_of_that_size_and_solves_nothing(app):
    type_board(app, "8 1 3\n4 0 2\n7 6 5")
    open_grid(app)
    app.get_by_test_id("grid-size").fill("4")
    app.get_by_test_id("grid-height").fill("4")
    app.get_by_test_id("grid-size").press("Enter")
    expect(app.get_by_test_id("board-input")).to_have_value(" 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15  0")
    expect(app.get_by_test_id("grid-cell-15")).to_have_value("0")
    app.wait_for_timeout(500)
    assert app.evaluate("document.getElementById('result').dataset.status") == ""   # the form was not submitted
    expect(app.locator("#moves-line")).to_be_hidden()
    app.get_by_text("Edit on a grid").click()


def test_example_from_the_menu(app):
    app.get_by_test_id("example").select_option(label="3x3-14 (14 moves)")
    assert "\n" in app.get_by_test_id("board-input").input_value()
    assert solve(app) == "solved" and moves(app) == "14"
    app.get_by_test_id("example").select_option(label="seed003-sample (5 moves), custom goal")
    expect(app.get_by_test_id("use-goal")).to_be_checked()
    assert solve(app) == "solved" and moves(app) == "5"
    word_examples = "#example optgroup[data-kind=words]"
    expect(app.locator(word_examples)).to_be_disabled()            # a board's menu offers boards
    app.get_by_test_id("mode-words").check()                        # the ladders' menu, ladders
    assert app.evaluate("location.hash") == "#ladders"
    expect(app.locator("#example optgroup[data-kind=board]")).to_be_disabled()
    app.get_by_test_id("example").select_option(label="cat-dog (3 moves)")
    expect(app.get_by_test_id("start-word")).to_have_value("cat")
    assert solve(app) == "solved" and moves(app) == "3"
    app.get_by_test_id("mode-board").check()
    assert app.evaluate("location.hash").startswith("#solve") or app.evaluate("location.hash").startswith("#board")


# -- word ladders -----------------------------------------------------------------------------------

def test_word_ladder_from_the_url(app):
    set_fragment(app, "words=horse,nurse")
    expect(app.get_by_test_id("start-word")).to_have_value("horse")
    expect(app.get_by_test_id("goal-word")).to_have_value("nurse")
    assert solve(app) == "solved"
    assert moves(app) == "5"
    ladder = app.get_by_test_id("ladder").locator("li").all_inner_texts()
    assert ladder[0] == "horse" and ladder[-1] == "nurse" and len(ladder) == 6
    expect(app.locator("#moves-line")).to_have_text("Minimum number of steps = 5")   # a ladder's, not moves


def test_word_ladder_typed_with_the_large_dictionary(app):
    app.get_by_test_id("mode-words").check()
    app.get_by_label("Start word").fill("warm")
    app.get_by_label("Goal word").fill("cold")
    app.get_by_label("Dictionary").select_option("large")
    assert solve(app) == "solved"
    assert moves(app) == "4"


def test_word_ladder_that_does_not_exist(app):
    app.get_by_test_id("mode-words").check()
    app.get_by_label("Start word").fill("quiz")
    app.get_by_label("Goal word").fill("xylophone")
    app.get_by_label("Dictionary").select_option("common")
    assert solve(app) == "unsolvable"
    assert moves(app) == "unsolvable"
    expect(app.locator("#moves-line")).to_have_text("No ladder: this pair is unsolvable")
    expect(app.get_by_test_id("result-message")).to_have_text(
        "There is no ladder from 'quiz' to 'xylophone' in this dictionary.")


# -- bad input: a clear message next to its field, never a traceback --------------------------------

def test_a_board_on_one_line_is_read_as_the_command_line_reads_it(app):
    """n*n numbers on one line are an n x n board, row by row; another count says how to type a board, the
    '/' between rows included; a line too long for any board is not called an NxN board."""
    type_board(app, "8 1 3 4 0 2 7 6 5")
    expect(app.get_by_test_id("board-note")).to_have_text(re.compile(r"^3×3 board, solvable in at least \d+ moves\.$"))
    assert solve(app) == "solved" and moves(app) == "14"
    type_board(app, "8 1 3 4 0 2 7 6")
    expect(app.get_by_test_id("board-error")).to_have_text(
        "One line of 8 numbers is not a square board (a 3x3 board is 9 numbers, a 4x4 one 16): type one row per "
        "line, separate the rows with '/' as in '1 2 3/4 5 6/7 8 0', or give the shape first, as in '4x3: 1 2 3 ...'.")
    row = " ".join(map(str, range(30)))
    type_board(app, f"{row}\n{row}")
    expect(app.get_by_test_id("board-error")).to_have_text("Boards up to 20x20 are supported, and row 1 has 30 numbers.")


BAD_BOARDS = [
    ("ragged rows", "1 2 3\n4 5\n6 7 0", "board-error", "same length"),
    ("repeated tile", "1 2 3\n4 5 6\n7 7 0", "board-error", "twice"),
    ("tile out of range", "1 2 3\n4 5 6\n7 9 0", "board-error", "out of range"),
    ("not a number", "1 2 3\n4 x 6\n7 8 0", "board-error", "not a whole number"),
    ("too small", "1\n0", "board-error", "at least 2"),
    ("one line, not square", "1 2 3 4 5 0", "board-error", "not a square board"),
    ("empty", "   ", "board-error", "Enter a board"),
]


@pytest.mark.parametrize("case, text, error_id, words", BAD_BOARDS, ids=[c[0] for c in BAD_BOARDS])
def test_bad_board_gets_a_message_next_to_the_field(app, case, text, error_id, words):
    type_board(app, text)
    assert solve(app) == "error"
    error = app.get_by_test_id(error_id)
    expect(error).to_contain_text(words)
    assert "Traceback" not in error.inner_text()
    expect(app.get_by_test_id("board-input")).to_have_attribute("aria-invalid", "true")
    assert moves(app) == ""
    expect(app.get_by_test_id("result-message")).to_have_text("No answer: see the message under the board.")


BAD_GOALS = [
    ("wrong size", "1 2\n3 0", "The goal is 2x2"),
    ("repeated tile", "1 2 3\n4 5 6\n7 7 0", "twice"),
]


@pytest.mark.parametrize("case, goal, words", BAD_GOALS, ids=[c[0] for c in BAD_GOALS])
def test_bad_goal_gets_a_message_next_to_the_goal(app, case, goal, words):
    type_board(app, "1 2 3\n4 5 6\n7 0 8", goal=goal)
    assert solve(app) == "error"
    expect(app.get_by_test_id("goal-error")).to_contain_text(words)
    expect(app.get_by_test_id("board-error")).to_have_text("")


BAD_WORDS = [
    ("unknown start", "xyzzyq", "nurse", "start-word-error", "not in the common dictionary"),
    ("unknown goal", "horse", "qqqzz", "goal-word-error", "not in the common dictionary"),
    ("empty start", "", "nurse", "start-word-error", "Enter a start word"),
    ("empty goal", "horse", "", "goal-word-error", "Enter a goal word"),
]


@pytest.mark.parametrize("case, start, goal, error_id, words", BAD_WORDS, ids=[c[0] for c in BAD_WORDS])
def test_bad_word_gets_a_message_next_to_its_field(app, case, start, goal, error_id, words):
    app.get_by_test_id("mode-words").check()
    app.get_by_label("Start word").fill(start)
    app.get_by_label("Goal word").fill(goal)
    app.get_by_label("Dictionary").select_option("common")
    assert solve(app) == "error"
    expect(app.get_by_test_id(error_id)).to_contain_text(words)
    where = "the start word" if error_id == "start-word-error" else "the goal word"
    expect(app.get_by_test_id("result-message")).to_have_text(f"No answer: see the message under {where}.")


@pytest.mark.parametrize("start, goal, said", [
    ("", "", ["Enter a start word.", "Enter a goal word."]),
    ("xyzzyq", "qqqzz", ["The start word 'xyzzyq' is not in the common dictionary.",
                         "The goal word 'qqqzz' is not in the common dictionary."]),
])
def test_two_bad_words_each_get_their_message(app, start, goal, said):
    app.get_by_test_id("mode-words").check()
    app.get_by_label("Start word").fill(start)
    app.get_by_label("Goal word").fill(goal)
    app.get_by_label("Dictionary").select_option("common")
    assert solve(app) == "error"
    expect(app.get_by_test_id("start-word-error")).to_have_text(said[0])
    expect(app.get_by_test_id("goal-word-error")).to_have_text(said[1])
    expect(app.get_by_test_id("result-message")).to_have_text(
        "No answer: see the messages under the start word and the goal word.")


def test_on_a_phone_a_bad_board_is_shown_in_view_and_the_result_says_where(app):
    """The Result is below the form on a phone: an error answer leaves the field with its message in view (not
    the Result, scrolled to the top with nothing in it), and the Result says where the message is."""
    app.set_viewport_size({"width": 375, "height": 740})
    try:
        type_board(app, "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 15")
        open_grid(app)                                   # a long form: the Result is far below the board
        assert solve(app) == "error"
        app.wait_for_timeout(300)
        for testid in ("board-input", "board-error"):
            box = app.get_by_test_id(testid).bounding_box()
            assert 0 <= box["y"] and box["y"] + box["height"] <= 740, (testid, box)
        expect(app.get_by_test_id("board-input")).to_be_focused()
        expect(app.get_by_test_id("result-message")).to_have_text("No answer: see the message under the board.")
        app.get_by_text("Edit on a grid").click()
    finally:
        app.set_viewport_size({"width": 1000, "height": 900})


@pytest.mark.parametrize("fragment, words", [
    ("board=3:1,2,3", "needs 9 tiles"),
    ("board=3:1,2,3,4,5,6,7,8,8", "twice"),
    ("board=three:1,2", "not a whole number"),
    ("words=horse", "words=horse,nurse"),
])
def test_bad_link_gets_a_message(app, fragment, words):
    set_fragment(app, fragment)
    expect(app.get_by_test_id("link-error")).to_contain_text(words)


def test_a_link_asking_for_an_unknown_heuristic_says_so(app):
    set_fragment(app, "board=3:8,1,3,4,0,2,7,6,5&h=psychic")
    expect(app.get_by_test_id("board-input")).to_have_value("8 1 3\n4 0 2\n7 6 5")
    expect(app.get_by_test_id("link-error")).to_contain_text("the heuristic 'psychic', which this solver does not have")
    assert app.get_by_test_id("heuristic").input_value() == "auto"
    assert solve(app) == "solved" and moves(app) == "14"


def test_bad_input_checked_while_typing(app):
    type_board(app, "1 2 3\n4 5 6\n7 8 8")
    expect(app.get_by_test_id("board-error")).to_contain_text("twice", timeout=10_000)
    app.get_by_label("Board: one row per line").fill("1 2 3\n4 5 6\n7 0 8")
    expect(app.get_by_test_id("board-error")).to_have_text("", timeout=10_000)
    expect(app.get_by_test_id("board-note")).to_contain_text("solvable")


# -- long solves: progress, cancel, budget, a dead worker -------------------------------------------

def test_long_solve_shows_progress_and_can_be_cancelled(app):
    type_board(app, HARD_4X4)
    app.get_by_label("Heuristic").select_option("hamming")
    app.evaluate("window.__longtasks && (window.__longtasks.length = 0)")
    app.get_by_role("button", name="Solve", exact=True).click()
    progress = app.get_by_test_id("progress")
    # the search's words are the answer's: "positions", as "Cancelled after ... (N positions)" below
    expect(progress).to_contain_text(re.compile(r"^Searching: [\d,]+ positions, [\d,]+ on the frontier, at least \d+ moves"),
                                     timeout=SOLVE_TIMEOUT)
    cancel = app.get_by_role("button", name="Cancel")
    expect(cancel).to_be_enabled()
    first = progress.inner_text()
    app.wait_for_timeout(2500)  # let the search run; the page must stay responsive meanwhile
    assert progress.inner_text() != first, "progress should keep moving"
    responsive = app.evaluate("() => new Promise((resolve) => { const t = performance.now(); "
                              "setTimeout(() => resolve(performance.now() - t), 0); })")
    cancel_ms = app.evaluate("""() => new Promise((resolve) => {
      const message = document.getElementById("result-message");
      const began = performance.now();
      new MutationObserver((_, observer) => {
        if (message.textContent.startsWith("Cancelled")) { observer.disconnect(); resolve(performance.now() - began); }
      }).observe(message, { childList: true, characterData: true, subtree: true });
      document.getElementById("cancel").click();
    })""")
    # what was done, as a stopped search says it: the time, the positions, the bound proven; the Details
    # name the method that ran and its numbers
    expect(app.get_by_test_id("result-message")).to_have_text(re.compile(
        r"^Cancelled after \d+\.\d s of searching \([\d,]+ positions\) with no solution yet "
        r"\(at least \d+ moves are needed\); to get further, choose a stronger heuristic \(manhattan or better "
        r"instead of hamming\)\.$"))
    details = app.get_by_test_id("result-stats").text_content()
    assert re.fullmatch(r"A\* with hamming: [\d,]+ positions, [\d,]+ at most on the frontier, "
                        r"at least \d+ moves proven, \d+(\.\d)? (s|ms)\.", details), details
    measure("cancel_ms", round(cancel_ms))
    measure("main_thread_timer_delay_ms_during_solve", round(responsive, 1))
    longest = app.evaluate("window.__longtasks ? Math.max(0, ...window.__longtasks.map((t) => t.duration)) : null")
    measure("longest_task_ms", longest)
    expect(cancel).to_be_disabled()
    assert moves(app) == ""
    # the worker is still usable
    type_board(app, "0 1 2\n4 5 3\n7 8 6")
    app.get_by_label("Heuristic").select_option("manhattan")
    assert solve(app) == "solved" and moves(app) == "4"


def test_cancel_before_any_answer_says_one_bound_and_offers_what_a_stopped_search_does(app):
    """Cancel of a search with no answer yet (Hamming's A*, which starts below the board's Manhattan distance)
    ends as a budget that ran out: the bound the note under the board says, the advice of a stronger estimate,
    "Keep going" and "Fast answer (not shortest)"."""
    note = app.get_by_test_id("board-note")
    type_board(app, HARD_4X4)
    app.get_by_label("Heuristic").select_option("hamming")
    estimate = note_bound(note, 4)
    app.get_by_role("button", name="Solve", exact=True).click()
    expect(app.get_by_test_id("progress")).to_contain_text("positions", timeout=SOLVE_TIMEOUT)
    app.wait_for_timeout(1000)
    app.get_by_role("button", name="Cancel").click()
    message = app.get_by_test_id("result-message")
    expect(message).to_have_text(re.compile(
        r"^Cancelled after \d+(\.\d)? m?s of searching \([\d,]+ positions\) with no solution yet \(at least \d+ moves "
        r"are needed\); to get further, choose a stronger heuristic \(manhattan or better instead of hamming\)\.$"))
    needed = int(re.search(r"at least (\d+) moves", message.text_content()).group(1))
    assert needed >= estimate
    expect(note).to_have_text(f"4×4 board, solvable in at least {needed} moves.")
    assert app.evaluate("document.getElementById('result').dataset.status") == "stopped"
    expect(app.get_by_role("button", name="Keep going")).to_be_visible()
    app.get_by_role("button", name="Fast answer (not shortest)").click()
    app.wait_for_function("document.getElementById('result').dataset.status === 'solved'", timeout=SOLVE_TIMEOUT)
    expect(app.locator("#moves-line")).to_contain_text("not proven shortest")


def test_a_stopped_search_names_its_method_in_the_details(app):
    type_board(app, HARD_4X4)
    app.get_by_label("Heuristic").select_option("hamming")
    app.evaluate("window.__app.maxSeconds = 1")
    try:
        assert solve(app) == "stopped"
    finally:
        app.evaluate("window.__app.maxSeconds = 0")
    assert app.get_by_test_id("result-message").text_content().startswith("Stopped after 1.0 s of searching")
    details = app.get_by_test_id("result-stats").text_content()
    assert re.fullmatch(r"A\* with hamming: [\d,]+ positions, [\d,]+ at most on the frontier, "
                        r"at least \d+ moves proven, 1\.\d s\.", details), details


def test_the_details_write_a_short_searchs_time_as_its_message_does(app):
    """A search stopped within a second: the message says "Stopped after 0.2 s" and the Details say "0.2 s"
    too (the engine writes both), not "174 ms"; a solve of a few milliseconds says its milliseconds."""
    type_board(app, HARD_4X4)
    app.get_by_label("Heuristic").select_option("hamming")
    app.evaluate("window.__app.maxSeconds = 0.2")
    try:
        assert solve(app) == "stopped"
    finally:
        app.evaluate("window.__app.maxSeconds = 0")
    message = app.get_by_test_id("result-message").text_content()
    said = re.match(r"Stopped after (\d+\.\d s) of searching", message)
    assert said, message
    details = app.get_by_test_id("result-stats").text_content()
    assert details.endswith(f", {said.group(1)}."), (message, details)
    type_board(app, "0 1 2\n4 5 3\n7 8 6")
    app.get_by_label("Heuristic").select_option("manhattan")
    assert solve(app) == "solved"
    assert re.search(r", \d+ ms\.$", app.get_by_test_id("result-stats").text_content())


def test_the_progress_line_writes_its_time_as_the_engine_does(app):
    """The live progress line says a search's time as its answer will (the engine's ``took`` on each progress
    message: "50 ms", "0.2 s", "12 s"), in the engine's words, with no rule of its own; so does the status
    line's tooltip."""
    lines = app.evaluate("""async (board) => {
      const { progressText } = await import("/core/job.js");
      const lines = [];
      await window.__solver.request("solve_board", { board, heuristic: "hamming", max_seconds: 0.5, owner: "test" },
        (message) => { if (message.type !== "loading") lines.push([message.seconds, message.took, progressText(message)]); });
      return lines;
    }""", HARD_4X4)
    assert len(lines) >= 3
    for seconds, took, line in lines:
        assert took == budget.took(seconds) and line.endswith(f", {took}."), (seconds, took, line)
    assert all(line.startswith("Searching: ") for _, _, line in lines)
    boot_ms = app.evaluate("window.__solver.bootMs")
    assert app.get_by_test_id("solver-status").get_attribute("title").endswith(f", started in {budget.took(boot_ms / 1000)}")


def test_node_budget_stops_with_advice(app):
    answer = app.evaluate("""() => window.__solver.request("solve_board",
        { board: "7 3 8 12\\n2 4 14 1\\n6 13 0 9\\n5 10 15 11", heuristic: "hamming", max_nodes: 20000 })""")
    assert answer["type"] == "result" and answer["status"] == "stopped"
    assert "stronger heuristic" in answer["message"] and "Traceback" not in answer["message"]


def test_killed_worker_is_replaced(app):
    type_board(app, HARD_4X4)
    app.get_by_label("Heuristic").select_option("hamming")
    app.get_by_role("button", name="Solve", exact=True).click()
    expect(app.get_by_test_id("progress")).to_contain_text("positions", timeout=SOLVE_TIMEOUT)
    restarts = app.evaluate("window.__solver.restarts")
    app.evaluate("window.__solver.terminateForTest()")
    status = app.get_by_test_id("solver-status")
    expect(app.get_by_test_id("form-error")).to_contain_text("new solver is starting")
    began = time.perf_counter()
    wait_ready(app)
    measure("restart_ready_seconds", round(time.perf_counter() - began, 2))
    assert app.evaluate("window.__solver.restarts") == restarts + 1
    expect(status).to_contain_text("Solver ready")
    type_board(app, "0 1 2\n4 5 3\n7 8 6")
    app.get_by_label("Heuristic").select_option("manhattan")
    assert solve(app) == "solved" and moves(app) == "4"


# -- the page itself ---------------------------------------------------------------------------------

def test_narrow_screen_keyboard_and_labels(app):
    app.set_viewport_size({"width": 320, "height": 800})
    try:
        overflow = app.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the page scrolls sideways by {overflow}px at 320px wide"
        # keyboard only: type a board, submit with the keyboard, read the answer
        board = app.get_by_label("Board: one row per line")
        board.focus()
        board.fill("1 2 3\n4 5 6\n7 0 8")
        app.get_by_role("button", name="Solve", exact=True).focus()
        app.evaluate("window.__app.clearResult()")
        app.keyboard.press("Enter")
        expect(app.get_by_test_id("moves")).to_have_text("1", timeout=SOLVE_TIMEOUT)
        assert app.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
        # every form control has a label
        unlabelled = app.evaluate("""[...document.querySelectorAll('input, select, textarea')]
            .filter((el) => el.offsetParent !== null && !(el.labels && el.labels.length) && !el.getAttribute('aria-label'))
            .map((el) => el.id || el.outerHTML)""")
        assert unlabelled == []
    finally:
        app.set_viewport_size({"width": 1000, "height": 900})


BOARD_7X7 = "board=7:10,23,33,36,27,3,0,37,22,14,26,6,1,4,15,8,16,38,12,29,11,9,2,24,19,7,20,21,35,44,45,18,5,42,48,13,46,30,47,43,32,28,25,39,17,31,40,34,41"


def test_a_long_answer_in_moves_shows_whole_lines_and_that_it_scrolls_on_a_phone(app):
    """Hundreds of moves scroll in a box of four whole lines (not one cut mid-line), framed, with a shadow at the
    edge that has more beyond it: a phone shows no scroll bar."""
    app.set_viewport_size({"width": 375, "height": 740})
    try:
        set_fragment(app, BOARD_7X7)
        expect(app.get_by_test_id("board-note")).to_contain_text("7×7 board")
        app.evaluate("window.__app.maxSeconds = 1")
        status = solve(app)
        if status == "stopped":
            app.get_by_role("button", name="Fast answer (not shortest)").click()
            app.wait_for_function("document.getElementById('result').dataset.status === 'solved'", timeout=SOLVE_TIMEOUT)
        box = app.get_by_test_id("solution-notation").evaluate("""(e) => { const style = getComputedStyle(e);
          return { scroll: e.scrollHeight, client: e.clientHeight, line: parseFloat(style.lineHeight),
                   attachment: style.backgroundAttachment, border: style.borderTopStyle }; }""")
        assert box["scroll"] > box["client"], box                          # it does scroll
        assert abs(box["client"] - 4 * box["line"]) < 1.5, box             # four whole lines, none cut
        assert "local" in box["attachment"] and box["border"] == "solid", box   # the shadow cue and its frame
    finally:
        app.evaluate("window.__app.maxSeconds = 0")
        app.set_viewport_size({"width": 1000, "height": 900})


def test_results_are_announced_in_a_live_region(app):
    live = app.locator("[aria-live]").filter(has=app.get_by_test_id("moves"))
    expect(live).to_have_count(1)
    assert app.get_by_test_id("solver-status").get_attribute("role") == "status"


def test_no_request_leaves_127_0_0_1(solver_context, app):
    urls = list(solver_context.requests)
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in urls), "the worker's requests were not seen"
    foreign = [url for url in urls if not url.startswith(("data:", "blob:")) and urlsplit(url).hostname != "127.0.0.1"]
    assert foreign == []
    measure("requests_seen", len(urls))


def test_a_solver_that_cannot_start_says_so(browser, web_server):
    context = browser.new_context(service_workers="block")
    try:
        context.route("**/wheels/*.whl", lambda route: route.fulfill(status=404, body="gone"))
        page = context.new_page()
        page.goto(web_server.url)
        status = page.get_by_test_id("solver-status")
        expect(status).to_have_attribute("data-state", "fatal", timeout=60_000)
        expect(status).to_contain_text("could not start")
        open_view(page, "solve")
        page.get_by_role("button", name="Solve", exact=True).click()
        expect(page.get_by_test_id("form-error")).to_contain_text("could not", timeout=10_000)
    finally:
        context.close()


def test_solve_pressed_before_the_page_script_ran(browser, web_server):
    """An outside check may press Solve the moment the button appears: the press must not be lost."""
    web_server.delays["/solve/view.js"] = 1.5
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(web_server.url + "#board=3:0,1,3,4,2,5,7,8,6", wait_until="commit")
        page.get_by_role("button", name="Solve", exact=True).click()
        assert page.evaluate("!window.__app.viewReady"), "solve/view.js should still be loading"
        expect(page.get_by_test_id("moves")).to_have_text("4", timeout=60_000)   # the link's board, not the form's first
        assert "?" not in page.url  # no native form submission reloaded the page
    finally:
        web_server.delays.pop("/solve/view.js", None)
        context.close()


def test_the_grid_editor_says_which_sizes_it_makes_and_fits_a_12x12_on_a_phone(browser, app_url):
    context = browser.new_context(viewport={"width": 375, "height": 740})
    page = context.new_page()
    page.goto(app_url + "#solve")
    page.wait_for_function("window.__app && window.__app.viewReady")
    page.get_by_text("Edit on a grid").click()
    page.evaluate("() => new Promise((done) => setTimeout(done, 0))")
    before = page.get_by_test_id("board-input").input_value()
    page.get_by_test_id("grid-size").fill("13")
    page.get_by_role("button", name="New solved board of this size").click()
    expect(page.locator("#grid-note")).to_contain_text("2 to 12 tiles a side, not '13'")
    assert page.get_by_test_id("board-input").input_value() == before      # nothing made, nothing lost
    page.get_by_test_id("grid-size").fill("12")
    page.get_by_test_id("grid-height").fill("12")
    page.get_by_role("button", name="New solved board of this size").click()
    expect(page.get_by_test_id("grid-cell-143")).to_have_value("0")
    expect(page.locator("#grid-note")).to_be_empty()
    page.get_by_test_id("grid-cell-142").fill("143")                       # three digits, the widest
    overflowing = page.evaluate("""[...document.querySelectorAll('#grid input')]
        .filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.dataset.testid)""")
    assert overflowing == []
    context.close()


# -- issue 29: rough edges a newcomer meets ---------------------------------------------------------------

KORF_LIKE = "1 0 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15"   # reaches 0 1 2 ... 15 (blank first) in one move, not 1 ... 15 0


def test_a_board_that_reaches_only_the_blank_first_goal_is_solved_for_it_with_one_button(app):
    type_board(app, KORF_LIKE)
    note = app.get_by_test_id("board-note")
    expect(note).to_contain_text("would reach the goal with the blank first", timeout=10_000)
    offer = app.get_by_role("button", name="Solve with the blank first")
    offer.click()
    app.wait_for_function("document.getElementById('result').dataset.status !== ''", timeout=SOLVE_TIMEOUT)
    assert moves(app) == "1"
    expect(app.get_by_label("Custom goal")).to_be_checked()
    assert app.get_by_label("Goal board").input_value().split() == [str(t) for t in range(16)]
    expect(offer).to_be_hidden()                               # the goal is now the form's: nothing more to offer
    expect(note).to_contain_text("solvable in 1 move", timeout=10_000)


def test_no_offer_for_a_board_that_no_goal_of_the_two_helps(app):
    type_board(app, "1 2 3\n4 5 6\n8 7 0")
    expect(app.get_by_test_id("board-note")).to_contain_text("unsolvable", timeout=10_000)
    expect(app.get_by_role("button", name="Solve with the blank first")).to_be_hidden()


def test_step_through_a_search_learn_cannot_follow_is_refused_in_solve_before_leaving(app):
    set_fragment(app, "solve")
    type_board(app, HARD_4X4)
    expect(app.get_by_test_id("board-note")).to_contain_text("solvable", timeout=10_000)
    app.get_by_test_id("step-through").click()
    expect(app.get_by_test_id("form-error")).to_have_text(re.compile(r"^This search takes more than 3,000 steps.*\.$"),
                                                           timeout=60_000)
    assert urlsplit(app.url).fragment.startswith("board="), app.url          # still in Solve
    expect(app.locator("#view-solve")).to_be_visible()
    type_board(app, "1 2 3\n4 0 6\n7 5 8")    # a short one still opens in Learn (one no test made the worker die on)
    expect(app.get_by_test_id("form-error")).to_have_text("")
    expect(app.get_by_test_id("board-note")).to_contain_text("3×3 board, solvable", timeout=10_000)  # this board's
    app.get_by_test_id("step-through").click()
    app.wait_for_function("location.hash.startsWith('#explain=')", timeout=60_000)


def test_both_a_bad_board_and_a_bad_goal_are_named_each_by_its_field(app):
    type_board(app, "1 2 3\n4 5 x\n7 8 0", goal="1 2 3\n4 5 5\n7 8 0")
    expect(app.get_by_test_id("board-error")).to_contain_text("'x' is not a whole number", timeout=10_000)
    expect(app.get_by_test_id("goal-error")).to_have_text("Tile 5 appears twice in the goal.")
    assert solve(app) == "error"
    expect(app.get_by_test_id("board-error")).to_contain_text("'x'")
    expect(app.get_by_test_id("goal-error")).to_have_text("Tile 5 appears twice in the goal.")
    expect(app.get_by_test_id("result-message")).to_have_text(
        "No answer: see the messages under the board and the goal board.")


def test_a_word_retyped_loses_the_message_about_the_word_before(app):
    set_fragment(app, "words=cold,wxyz")
    assert solve(app) == "error"
    goal_error = app.get_by_test_id("goal-word-error")
    expect(goal_error).to_contain_text("'wxyz' is not in the common dictionary")
    app.get_by_test_id("goal-word").fill("warm")
    expect(goal_error).to_have_text("")
    assert solve(app) == "solved"


def test_the_empty_result_promises_what_the_mode_shows(app):
    set_fragment(app, "ladders")
    app.evaluate("window.__app.clearResult()")
    expect(app.locator("#result-empty")).to_have_text("The answer shows here: the number of steps and every word of the ladder.")
    set_fragment(app, "solve")
    app.evaluate("window.__app.clearResult()")
    expect(app.locator("#result-empty")).to_contain_text("every board, and an animation")
