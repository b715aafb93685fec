"""Solve on rectangles: boards W wide and H high (each side 2 to 20) typed as rows, made on the grid editor,
opened from a board=WxH: link, drawn and replayed W x H, stopped and resumed; an unsolvable one says why, and a
side over 20 is refused in one sentence.  A refused link leaves a fresh board of its shape when the form takes
that shape, else the form as it was.  The shortest lengths are the engine's (tests/core proves its rectangles
against breadth-first search).  Runs on the solver page the whole module shares (conftest's ``app``)."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api")
pytest.importorskip("pytest_playwright")

from playwright.sync_api import expect  # noqa: E402

from test_solver_page import SOLVE_TIMEOUT, moves, open_grid, set_fragment, solve, type_board  # noqa: E402

# (text typed, width, height, the fewest moves)
BOARD_4X3 = ("5 0 7 4\n2 3 1 8\n9 6 10 11", 4, 3, 12)
BOARD_2X5 = ("6 1\n0 2\n4 8\n3 9\n5 7", 2, 5, 16)
BOARD_3X5 = "8 7 0\n13 1 6\n5 9 11\n3 2 12\n10 14 4"   # 52 moves
# The same board aiming at a goal with its blank in the middle: no served tables fit it (they are for goals with
# the blank in a corner), so its tables take seconds to build in the worker; 49 moves.
BOARD_3X5_MIDDLE_GOAL = BOARD_3X5 + "\n\n1 2 3\n4 5 6\n7 0 8\n9 10 11\n12 13 14"
SLOW_5X3 = "14 0 5 1 9\n8 12 3 7 4\n10 13 11 6 2"      # far beyond a second of IDA* with linear conflicts


def goal(width: int, height: int) -> list[str]:
    return [str(tile) for tile in range(1, width * height)] + [""]


def shown_tiles(page) -> list[str]:
    return [tile.inner_text() for tile in page.get_by_test_id("player-board").locator(".tile").all()]


def columns(locator) -> int:
    """How many columns the element's CSS grid lays out."""
    return locator.evaluate("(element) => getComputedStyle(element).gridTemplateColumns.split(' ').length")


@pytest.mark.parametrize("text, width, height, fewest", [BOARD_4X3, BOARD_2X5], ids=["4x3", "2x5"])
def test_a_rectangle_typed_as_rows_is_solved_in_the_fewest_moves_and_replayed_to_its_goal(app, text, width, height,
                                                                                            fewest):
    type_board(app, text)
    note = app.get_by_test_id("board-note")
    expect(note).to_have_text(re.compile(rf"^{width}×{height} board, solvable in at least \d+ moves\.$"), timeout=10_000)
    link = f"#board={width}x{height}:" + ",".join(text.split())   # its link in the address, width first
    app.wait_for_function("(link) => location.hash === link", arg=link, timeout=10_000)
    assert solve(app) == "solved" and moves(app) == str(fewest)
    expect(app.locator("#moves-line")).to_have_text(f"Minimum number of moves = {fewest}")
    expect(note).to_have_text(f"{width}×{height} board, solvable in {fewest} moves and no fewer.")
    # every board, as rows of the board's width
    boards = app.get_by_test_id("solution-list").locator("li pre")
    expect(boards).to_have_count(fewest + 1)
    assert [line.split() for line in boards.first.text_content().split("\n")] == [row.split() for row in text.split("\n")]
    assert boards.last.text_content().split() == [tile or "0" for tile in goal(width, height)]
    # the replay: a board of that shape, played to the goal
    board = app.get_by_test_id("player-board")
    assert columns(board) == width
    box = board.bounding_box()
    assert (box["width"] > box["height"]) == (width > height)
    first_row = " ".join(tile if tile != "0" else "blank" for tile in text.split("\n")[0].split())
    expect(board).to_have_attribute("aria-label", re.compile(rf"^{width} by {height} board: {first_row}; "))
    position = app.get_by_test_id("player-position")
    expect(position).to_have_text(f"Move 0 of {fewest} (start)")
    app.get_by_role("button", name="Play").click()
    expect(position).to_have_text(re.compile(rf"^Move {fewest} of {fewest}: tile \d+ slid \(goal reached\)$"),
                                  timeout=fewest * 1000 + 10_000)
    assert shown_tiles(app) == goal(width, height)


def test_a_board_link_of_a_rectangle_opens_it_in_the_form(app):
    set_fragment(app, "board=4x3:5,0,7,4,2,3,1,8,9,6,10,11")
    expect(app.get_by_test_id("board-input")).to_have_value(" 5  0  7  4\n 2  3  1  8\n 9  6 10 11")
    expect(app.get_by_test_id("board-note")).to_contain_text("4×3 board, solvable", timeout=10_000)
    assert solve(app) == "solved" and moves(app) == "12"


def test_the_grid_editor_makes_a_5x3_and_shows_a_typed_rectangle(app):
    type_board(app, "8 1 3\n4 0 2\n7 6 5")
    open_grid(app)
    try:
        app.get_by_test_id("grid-size").fill("5")
        app.get_by_test_id("grid-height").fill("3")
        app.get_by_role("button", name="New solved board of this size").click()
        expect(app.get_by_test_id("board-input")).to_have_value(" 1  2  3  4  5\n 6  7  8  9 10\n11 12 13 14  0")
        grid = app.get_by_test_id("grid")
        assert columns(grid) == 5
        expect(grid.get_by_label("row 3, column 5", exact=True)).to_have_value("0")
        grid.get_by_label("row 3, column 5", exact=True).fill("14")
        grid.get_by_label("row 3, column 4", exact=True).fill("0")
        expect(app.get_by_test_id("board-input")).to_have_value("1 2 3 4 5\n6 7 8 9 10\n11 12 13 0 14")
        expect(app.get_by_test_id("board-note")).to_have_text("5×3 board, solvable in at least 1 move.", timeout=10_000)
        assert solve(app) == "solved" and moves(app) == "1"

        # a rectangle typed, in rows, with '/' or after its shape, is laid out on the grid, width and height
        for typed in ("1 2 3\n4 5 6\n7 8 9\n10 0 11", "1 2 3/4 5 6/7 8 9/10 0 11", "3x4: 1 2 3 4 5 6 7 8 9 10 0 11"):
            type_board(app, typed)
            expect(app.get_by_test_id("grid-size")).to_have_value("3")
            expect(app.get_by_test_id("grid-height")).to_have_value("4")
            expect(grid.get_by_label("row 4, column 2", exact=True)).to_have_value("0")
            expect(app.locator("#grid-note")).to_have_text("")
        # a board and its goal, typed one after the other, are not one board twice as high
        type_board(app, "1 2\n0 3\n1 2\n3 0")
        expect(app.locator("#grid-note")).to_have_text("The grid shows one board typed as rows of numbers, every row "
                                                       "as long; edit the text above, or start a new grid.")
    finally:
        app.get_by_text("Edit on a grid").click()


def test_the_grid_editor_refuses_a_side_over_20_in_the_engines_words(app):
    type_board(app, "8 1 3\n4 0 2\n7 6 5")
    open_grid(app)
    try:
        note = app.locator("#grid-note")
        for width, height, said in [
            ("21", "3", "Boards up to 20x20 are supported (each side 2 to 20); this board is 21x3."),
            ("4", "13", "The grid makes boards of 2 to 12 tiles a side, not '13'; boards up to 20x20 can be typed "
                        "above, one row per line."),
            ("4", "1", "The grid makes boards of 2 to 12 tiles a side, not '1'."),
            ("4", "", "Type the grid's size first: 2 to 12 tiles a side."),
        ]:
            app.get_by_test_id("grid-size").fill(width)
            app.get_by_test_id("grid-height").fill(height)
            app.get_by_test_id("grid-height").press("Enter")   # Enter in either field makes the grid
            expect(note).to_have_text(said)
        expect(app.get_by_test_id("board-input")).to_have_value("8 1 3\n4 0 2\n7 6 5")   # nothing made, nothing lost
    finally:
        app.get_by_text("Edit on a grid").click()


def test_the_custom_goal_starts_as_the_usual_goal_of_the_rectangle_typed(app):
    type_board(app, "1 2 3 4\n5 6 7 8\n9 10 0 11")
    app.get_by_label("Custom goal").check()
    expect(app.get_by_label("Goal board")).to_have_value(" 1  2  3  4\n 5  6  7  8\n 9 10 11  0")
    assert solve(app) == "solved" and moves(app) == "1"
    app.get_by_label("Custom goal").uncheck()


def test_an_unsolvable_4x3_says_so_and_why(app):
    type_board(app, "1 2 3 4\n5 6 7 8\n9 11 10 0")
    note = app.get_by_test_id("board-note")
    expect(note).to_have_text(re.compile(r"^4×3 board, unsolvable; this board cannot reach the goal: .*parity.*\.$"),
                              timeout=10_000)
    assert solve(app) == "unsolvable" and moves(app) == "unsolvable"
    expect(app.get_by_test_id("result-message")).to_contain_text("parity")
    expect(note).to_have_text("4×3 board, unsolvable; the Result says why.")


def test_a_4x2_that_reaches_only_the_blank_first_goal_is_solved_for_it_with_one_button(app):
    """Both sides even: the blank-first goal is the other parity's, as on a 4x4; its goal goes in as 2 rows of 4."""
    type_board(app, "1 0 2 3\n4 5 6 7")
    expect(app.get_by_test_id("board-note")).to_contain_text("4×2 board, unsolvable", timeout=10_000)
    app.get_by_role("button", name="Solve with the blank first").click()
    app.wait_for_function("document.getElementById('result').dataset.status !== ''", timeout=SOLVE_TIMEOUT)
    assert moves(app) == "1"
    expect(app.get_by_label("Goal board")).to_have_value("0 1 2 3\n4 5 6 7")
    app.get_by_label("Custom goal").uncheck()


@pytest.mark.parametrize("rows, said", [
    ([list(range(r * 21, r * 21 + 21)) for r in range(3)], "Boards up to 20x20 are supported, and row 1 has 21 numbers."),
    ([list(range(r * 3, r * 3 + 3)) for r in range(21)],
     "Boards up to 20x20 are supported (each side 2 to 20); this board is 3x21."),
], ids=["21 wide", "21 high"])
def test_a_side_over_20_typed_is_refused_in_one_sentence(app, rows, said):
    type_board(app, "\n".join(" ".join(map(str, row)) for row in rows))
    expect(app.get_by_test_id("board-error")).to_have_text(said, timeout=10_000)
    assert solve(app) == "error"
    expect(app.get_by_test_id("board-error")).to_have_text(said)


def board_rows(page) -> list[list[int]]:
    return [[int(tile) for tile in row.split()] for row in page.get_by_test_id("board-input").input_value().split("\n")]


@pytest.mark.parametrize("fragment, width, height, reason", [
    ("board=5x3:" + ",".join(map(str, [1, 1] + list(range(2, 14)) + [0])), 5, 3, "tile 1 appears twice in the board."),
    ("board=5x3:1,2,3", 5, 3, "a 5x3 board needs 15 tiles, not 3."),
    ("board=4x3:1,1,2,3,4,5,6,7,8,9,10,0", 4, 3, "tile 1 appears twice in the board."),
    ("board=3x5:" + ",".join(map(str, range(1, 16))), 3, 5, "tile 15 is out of range: a 3x5 board uses 0 to 14."),
], ids=["5x3 tile twice", "5x3 too few tiles", "4x3 tile twice", "3x5 tile out of range"])
def test_a_refused_link_of_a_shape_the_form_takes_leaves_a_fresh_board_of_that_shape(app, fragment, width, height,
                                                                                      reason):
    """Its width and its height: a W x H board in the text and on the grid editor, never a square of its width."""
    type_board(app, "8 1 3\n4 0 2\n7 6 5")
    open_grid(app)
    try:
        set_fragment(app, fragment)
        expect(app.get_by_test_id("link-error")).to_have_text(
            f"This link could not be opened, so here is a fresh board instead: {reason}")
        rows = board_rows(app)
        assert [len(row) for row in rows] == [width] * height
        assert sorted(sum(rows, [])) == list(range(width * height))
        expect(app.get_by_test_id("grid-size")).to_have_value(str(width))
        expect(app.get_by_test_id("grid-height")).to_have_value(str(height))
        assert columns(app.get_by_test_id("grid")) == width
        expect(app.get_by_test_id("board-note")).to_contain_text(f"{width}×{height} board, solvable", timeout=10_000)
        link = f"#board={width}x{height}:" + ",".join(str(tile) for row in rows for tile in row)
        assert app.evaluate("location.hash") == link                  # the fresh board's link, not the refused one
    finally:
        app.get_by_text("Edit on a grid").click()


@pytest.mark.parametrize("fragment, reason", [
    ("board=21x3:" + ",".join(map(str, range(63))),
     "boards up to 20x20 are supported (each side 2 to 20); this board is 21x3."),
    ("board=3x21:1,2,3", "boards up to 20x20 are supported (each side 2 to 20); this board is 3x21."),
    ("board=21:1,2,3", "boards up to 20x20 are supported; this board is 21x21."),
    ("board=5y3:1,2,3", "the board size '5y3' in the link is not a whole number."),
], ids=["21x3", "3x21", "21", "5y3"])
def test_a_refused_link_of_a_shape_the_form_does_not_take_keeps_the_board_in_the_form(app, fragment, reason):
    """No board of a size the link did not ask for (a square of its width) replaces the one in the form: it stays
    as it was, under one sentence saying why the link was not opened, and its own link goes back in the bar."""
    type_board(app, BOARD_4X3[0])
    link = "#board=4x3:" + ",".join(BOARD_4X3[0].split())
    app.wait_for_function("(link) => location.hash === link", arg=link, timeout=10_000)
    set_fragment(app, fragment)
    expect(app.get_by_test_id("link-error")).to_have_text(f"This link could not be opened: {reason}")
    expect(app.get_by_test_id("board-input")).to_have_value(BOARD_4X3[0])
    expect(app.get_by_test_id("board-note")).to_contain_text("4×3 board, solvable", timeout=10_000)
    app.wait_for_function("(link) => location.hash === link", arg=link, timeout=10_000)


def test_a_refused_link_that_keeps_the_board_keeps_its_answer_and_the_search_under_way(app):
    """The board stays, so what was found for it stays: the Result on screen, and a search still running."""
    refused = "board=21x3:" + ",".join(map(str, range(63)))
    type_board(app, BOARD_4X3[0])
    assert solve(app) == "solved" and moves(app) == str(BOARD_4X3[3])
    set_fragment(app, refused)
    expect(app.get_by_test_id("link-error")).to_contain_text("This link could not be opened")
    assert app.evaluate("document.getElementById('result').dataset.status") == "solved"
    expect(app.get_by_test_id("moves")).to_have_text(str(BOARD_4X3[3]))
    app.evaluate("window.__app.maxSeconds = 1")
    try:
        app.get_by_label("Heuristic").select_option("linear-conflict")
        type_board(app, SLOW_5X3)
        app.evaluate("window.__app.clearResult()")
        app.get_by_role("button", name="Solve", exact=True).click()
        expect(app.get_by_test_id("progress")).to_contain_text("Searching:", timeout=10_000)
        set_fragment(app, refused)
        expect(app.get_by_test_id("link-error")).to_contain_text("This link could not be opened")
        app.wait_for_function("document.getElementById('result').dataset.status !== ''", timeout=10_000)
        assert app.evaluate("document.getElementById('result').dataset.status") == "stopped"   # by its budget
        expect(app.get_by_test_id("result-message")).to_contain_text("Stopped after")
    finally:
        app.evaluate("window.__app.maxSeconds = null")


def test_a_refused_link_is_said_in_sight_on_a_phone_scrolled_down_to_the_result(app):
    size = app.viewport_size
    app.set_viewport_size({"width": 375, "height": 740})
    try:
        type_board(app, BOARD_4X3[0])
        assert solve(app) == "solved"
        app.get_by_test_id("moves").scroll_into_view_if_needed()
        expect(app.get_by_test_id("link-error")).not_to_be_in_viewport()
        set_fragment(app, "board=21x3:" + ",".join(map(str, range(63))))
        expect(app.get_by_test_id("link-error")).to_be_in_viewport()
    finally:
        app.set_viewport_size(size)


def test_cancel_while_a_rectangles_tables_are_built_then_solve_it(app):
    type_board(app, BOARD_3X5_MIDDLE_GOAL)
    expect(app.get_by_test_id("board-note")).to_contain_text("3×5 board, solvable", timeout=10_000)
    app.get_by_role("button", name="Solve", exact=True).click()
    progress = app.get_by_test_id("progress")
    expect(progress).to_have_text(re.compile(r"^Building the pattern tables for this shape: table \d+ of \d+\.$"),
                                  timeout=30_000)
    app.get_by_role("button", name="Cancel").click()
    app.wait_for_function("document.getElementById('result').dataset.status !== ''", timeout=30_000)
    # building does not count against the search's budget: the message says what was stopped, and after how long
    expect(app.get_by_test_id("result-message")).to_have_text(re.compile(
        r"^Cancelled after \d+(\.\d)? m?s, while building the pattern tables for this shape, before the search "
        r"began\.$"))
    expect(app.get_by_test_id("board-note")).to_have_text(re.compile(r"^3×5 board, solvable in at least \d+ moves\.$"))
    assert solve(app, timeout=2 * SOLVE_TIMEOUT) == "solved" and moves(app) == "49"
    expect(app.get_by_test_id("solution-list").locator("li")).to_have_count(50)


def test_a_shape_the_app_serves_tables_for_is_solved_without_building_them(app):
    type_board(app, BOARD_3X5)
    expect(app.get_by_test_id("board-note")).to_contain_text("3×5 board, solvable", timeout=10_000)
    seen = []
    app.expose_function("__sawProgress", lambda text: seen.append(text))
    app.evaluate("""new MutationObserver(() => window.__sawProgress(document.getElementById('progress').textContent))
                    .observe(document.getElementById('progress'), {childList: true, characterData: true, subtree: true})""")
    assert solve(app, timeout=SOLVE_TIMEOUT) == "solved" and moves(app) == "52"
    assert not any(text.startswith("Building the pattern tables") for text in seen)


#: The rect16 suite's board that takes the most nodes (2.4 million), 103 moves.
HARDEST_2X8 = "11 7\n0 6\n12 14\n15 4\n13 3\n10 5\n9 2\n1 8"


def test_the_hardest_16_cell_board_tested_is_solved_optimally_on_8x2s_compact_tables(app):
    """A 2x8 board downloads 8x2's compact 7-tile tables and is searched as its 8x2 image (the time it takes in the
    page is the benchmark's to measure: ``python3 build.py bench --suite rect16 --browser``)."""
    type_board(app, HARDEST_2X8)
    expect(app.get_by_test_id("board-note")).to_contain_text("2×8 board, solvable", timeout=10_000)
    assert solve(app, timeout=SOLVE_TIMEOUT) == "solved" and moves(app) == "103"
    expect(app.get_by_test_id("result-stats")).to_contain_text("7-7-1 compact pattern tables")


def test_a_rectangle_search_past_its_budget_keeps_going_and_cancel_keeps_what_it_proved(app):
    app.evaluate("window.__app.maxSeconds = 1")
    try:
        app.get_by_label("Heuristic").select_option("linear-conflict")
        type_board(app, SLOW_5X3)
        assert solve(app) == "stopped"
        message = app.get_by_test_id("result-message")
        first = message.inner_text()
        assert first.startswith("Stopped after") and "at least" in first
        app.get_by_test_id("keep-going").click()                         # the same search goes on
        expect(app.get_by_test_id("progress")).to_contain_text("Searching:", timeout=10_000)
        app.get_by_role("button", name="Cancel").click()                  # stops it as its budget would
        expect(app.get_by_test_id("keep-going")).to_be_visible(timeout=10_000)
        expect(message).not_to_have_text(first)
        positions = [int(re.search(r"\(([\d,]+) positions\)", text).group(1).replace(",", ""))
                     for text in (first, message.inner_text())]
        assert positions[1] > positions[0]
    finally:
        app.evaluate("window.__app.maxSeconds = null")
