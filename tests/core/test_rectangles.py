"""Every shape in the engine: a W x H board typed as a person types it is solved, optimally up to 16 cells, by the
command line, the policy and the web API, in the same words as a square one."""

import json
import random

import pytest

from puzzlesolver import policy
from puzzlesolver.board import random_board
from puzzlesolver.fast.searches.rect_ida import RectIDAStar
from puzzlesolver.formats import BoardPuzzle, parse_board_text
from puzzlesolver.policy import Options
from puzzlesolver.webapi import answer as handle

from spec_helpers import bfs_distances, slide_neighbors

#: Shapes of up to 10 cells: breadth-first search gives every optimum.
SMALL_SHAPES = [(3, 2), (2, 3), (4, 2), (2, 4), (5, 2), (2, 5)]
#: Shapes of 11 to 15 cells: the optimum comes from IDA* on Manhattan distance + linear conflicts alone
#: (RectIDAStar without tables: another estimate than the pattern tables the policy picks).
LARGER_SHAPES = [(4, 3), (3, 4), (6, 2), (7, 2), (5, 3), (3, 5)]


def bare_rows(tiles, width):
    """The board as a person types it: one row per line, no size line."""
    return "\n".join(" ".join(str(t) for t in tiles[r:r + width]) for r in range(0, len(tiles), width)) + "\n"


def replayed(tiles, blank_path, width):
    """The arrangement after the blank moves along ``blank_path``, each move checked to be one slide."""
    board = tuple(tiles)
    for cell in blank_path:
        after = list(board)
        blank = board.index(0)
        after[blank], after[cell] = after[cell], 0
        assert tuple(after) in slide_neighbors(board, width), f"blank {blank} -> {cell} is not one slide"
        board = tuple(after)
    return board


def goal_of(width, height):
    return tuple(range(1, width * height)) + (0,)


@pytest.mark.parametrize("width, height", SMALL_SHAPES)
def test_small_rectangles_typed_as_rows_get_the_breadth_first_optimum_with_json(run_cli, write, width, height):
    distances = bfs_distances(goal_of(width, height), width)
    for board in random.Random(width * 10 + height).sample(sorted(distances), 3):
        done = run_cli("--json", write("board.txt", bare_rows(board, width)))
        record = json.loads(done.out)
        assert done.status == 0 and record["optimal"] is True
        assert (record["n"], record["height"]) == (width, height)
        assert record["moves"] == distances[board]
        assert replayed(board, record["blank_path"], width) == goal_of(width, height)


@pytest.mark.parametrize("width, height", LARGER_SHAPES)
def test_larger_rectangles_get_the_optimum_of_an_independent_exact_search(run_cli, write, width, height):
    board = random_board(width, random.Random(width * 100 + height), height=height)
    exact = RectIDAStar(width, height, board.tiles)
    exact.run()
    done = run_cli("--json", write("board.txt", bare_rows(board.tiles, width)))
    record = json.loads(done.out)
    assert record["optimal"] is True and record["moves"] == exact.moves
    assert replayed(board.tiles, record["blank_path"], width) == board.goal


def test_an_unsolvable_rectangle_says_so_in_the_seeds_words(run_cli, write):
    done = run_cli(write("board.txt", "2 1 3 4\n5 6 7 8\n9 10 11 0\n"))
    assert done.status == 0 and done.out == "No solution possible\n"


def test_the_answer_prints_each_rectangle_under_its_shape(run_cli, write):
    done = run_cli(write("board.txt", "1 2 3\n4 0 5\n"))
    assert done.out == ("Minimum number of moves = 1\n"
                           "3x2\n 1  2  3 \n 4  0  5 \n\n"
                           "3x2\n 1  2  3 \n 4  5  0 \n\n")


def test_a_shape_outside_two_to_twenty_a_side_is_refused_on_the_command_line(run_cli, write):
    done = run_cli(write("board.txt", "21x2: " + " ".join(map(str, range(42)))))
    assert done.status == 2
    assert "Boards up to 20x20 are supported (each side 2 to 20); this board is 21x2." in done.err


def test_a_rectangle_with_its_own_goal_is_solved_for_that_goal():
    distances = bfs_distances(tuple(range(8)), 4)
    farthest = max(distances, key=distances.get)
    puzzle = parse_board_text("4x2: " + " ".join(map(str, farthest)) + "   0 1 2 3 4 5 6 7")
    result = policy.solve(puzzle)
    assert result.optimal and replayed(puzzle.tiles, result.blank_path, 4) == puzzle.goal
    assert result.moves == distances[puzzle.tiles] == 36


@pytest.mark.parametrize("algorithm, heuristic", [("astar", "manhattan"), ("astar", "hamming"),
                                                  ("astar", "walking-distance"), ("ida", "linear-conflict"),
                                                  ("ida", "manhattan"), ("auto", "pdb")])
def test_every_optimal_search_agrees_on_a_rectangle(algorithm, heuristic):
    distances = bfs_distances(goal_of(3, 3 - 1), 3)
    board = max(distances, key=distances.get)   # the farthest 3x2 board: 21 moves
    result = policy.solve(BoardPuzzle(3, board), Options(algorithm, heuristic))
    assert result.optimal and result.moves == distances[board] == 21


@pytest.mark.parametrize("algorithm", ["lines", "weighted"])
def test_the_fast_searches_give_a_valid_answer_on_a_rectangle(algorithm):
    board = random_board(5, random.Random(8), height=4)
    result = policy.solve(BoardPuzzle(5, board.tiles), Options(algorithm))
    assert result.solved and replayed(board.tiles, result.blank_path, 5) == board.goal



@pytest.mark.parametrize("width, height", [(20, 3), (4, 10)])
def test_a_big_rectangle_gets_a_valid_answer_and_a_proven_bound_within_five_seconds(run_cli, write, width, height):
    board = random_board(width, random.Random(width * height), height=height)
    done = run_cli("--json", "--max-seconds", "5", write("board.txt", bare_rows(board.tiles, width)))
    record = json.loads(done.out)
    assert done.status == 0 and record["solvable"] and record["optimal"] is False
    assert replayed(board.tiles, record["blank_path"], width) == board.goal
    assert board.manhattan() <= record["bound"] <= record["moves"]
    assert record["seconds"] < 6


def test_ida_on_a_big_rectangle_says_it_has_no_pattern_tables():
    search = policy.board_search(random_board(5, random.Random(1), height=4), Options("ida", "pdb"))
    assert search.method == "IDA* + Manhattan distance + linear conflicts (no pattern databases for 5x4)"


def test_the_web_api_describes_a_rectangle_with_its_shape_and_link():
    answer = handle({"op": "check_board", "id": 1, "board": "1 2 3 4\n5 6 7 8\n9 10 0 11"})
    assert (answer["n"], answer["height"], answer["solvable"]) == (4, 3, True)
    assert answer["fragment"] == "board=4x3:1,2,3,4,5,6,7,8,9,10,0,11"
    assert answer["board_text"] == " 1  2  3  4\n 5  6  7  8\n 9 10  0 11"


def test_the_web_api_names_a_goal_of_another_shape():
    answer = handle({"op": "check_board", "id": 1, "board": "1 2 3\n4 0 5", "goal": "1 2\n3 4\n5 0"})
    assert answer["type"] == "error" and answer["field"] == "goal"
    assert answer["message"] == "The goal is 2x3 but the board is 3x2."


@pytest.mark.parametrize("width, height, goal", [
    (2, 4, tuple(range(7, -1, -1))),
    # the 10-cell ones with -m slow (the test run's time: 20-30 s each)
    pytest.param(2, 5, None, marks=pytest.mark.slow),
    pytest.param(5, 2, (0,) + tuple(range(1, 10)), marks=pytest.mark.slow),
    pytest.param(5, 2, (1, 2, 0, 3, 4, 5, 6, 7, 8, 9), marks=pytest.mark.slow),
])
def test_one_set_of_tables_serves_both_orientations_and_every_corner_goal(width, height, goal):
    """A taller-than-wide board, or a goal with its blank in another corner, is searched as its mirror image on
    the wide shape with the usual goal; the answer is mapped back onto the board and stays optimal.  A goal
    with its blank elsewhere gets tables of its own."""
    goal = goal or goal_of(width, height)
    distances = bfs_distances(goal, width)
    for tiles in random.Random(width + height).sample(sorted(distances), 4):
        result = policy.solve(BoardPuzzle(width, tiles, goal))
        assert result.optimal and result.moves == distances[tiles]
        assert replayed(tiles, result.blank_path, width) == goal


def test_a_shape_the_app_serves_tables_for_asks_for_them_before_it_searches(monkeypatch, tmp_path):
    """The worker downloads a rectangle's tables (pdb/rect/...) instead of building them: the request declares
    them, for the board's wide image when the board is tall; 8x2's compact tables first (pdb/, inflated on the
    way), its 5-tile ones when those cannot be had."""
    from puzzlesolver.fast.tables import pdb_files, rect_tables
    rect_tables.forget()
    monkeypatch.setenv("PUZZLESOLVER_PDB_DIR", str(tmp_path))   # no table on hand
    monkeypatch.setattr(pdb_files, "_cache", {})
    tall = BoardPuzzle(2, tuple(range(1, 15)) + (0, 15))       # 2 wide, 8 high: the 8x2 tables
    files = policy.data_files(tall)
    assert [f.url for f in files] == [f"pdb/{name}.gz" for name in pdb_files.COMPACT_8X2]
    assert [f.path for f in files] == [str(tmp_path / name) for name in pdb_files.COMPACT_8X2]
    compact = files[0].url
    files = policy.data_files(tall, unavailable=[compact])   # not served (yet): the 5-tile ones
    assert len(files) == 7 and all(f.url.startswith("pdb/rect/rect-8x2-") for f in files)
    assert all(f.path.startswith(str(tmp_path / "rect")) for f in files)
    assert policy.data_files(BoardPuzzle(3, (1, 2, 3, 4, 0, 5))) == []                        # 6 cells: no tables
    assert policy.data_files(tall, Options("ida", "linear-conflict")) == []                   # no tables asked for


def test_tables_read_from_the_folder_give_the_same_answer_as_tables_built(monkeypatch, tmp_path):
    from puzzlesolver.fast.tables import rect_tables
    board = random_board(5, random.Random(3), height=2)
    monkeypatch.setenv("PUZZLESOLVER_PDB_DIR", str(tmp_path))
    rect_tables.forget()
    built = policy.solve(BoardPuzzle(5, board.tiles))
    assert sorted(p.name for p in (tmp_path / "rect").iterdir()) == sorted(rect_tables.shipped_files(5, 2))
    rect_tables.forget()
    read = policy.solve(BoardPuzzle(5, board.tiles))
    assert read.moves == built.moves and read.optimal


def test_the_answer_checker_judges_a_rectangles_answer_with_its_size_lines(run_cli, write):
    puzzle = write("board.txt", "1 2 3\n4 0 5\n")
    answer = write("answer.txt", run_cli(puzzle).out)
    assert run_cli("--check", answer, puzzle).out == "Right: 1 move, valid and optimal.\n"
    wrong = write("wrong.txt", "Minimum number of moves = 1\n3x2\n1 2 3\n4 0 5\n\n3x2\n1 2 3\n0 4 5\n")
    assert run_cli("--check", wrong, puzzle).out == "The last board (line 6) is not the goal.\n"
    sized = write("sized.txt", "Minimum number of moves = 1\n2x3\n1 2 3\n4 0 5\n")
    assert "the size line says 2x3, but the puzzle is 3x2" in run_cli("--check", sized, puzzle).err


def test_the_learn_view_refuses_a_rectangle_in_one_sentence():
    answer = handle({"op": "explain", "id": 1, "board": "1 2 3\n4 0 5"})
    assert answer["type"] == "error" and answer["field"] == "board"
    assert answer["message"] == "The Learn view steps through square boards; this one is 3x2: solve it in Solve."


def test_every_corner_goal_in_either_orientation_asks_for_the_wide_shapes_usual_tables(monkeypatch, tmp_path):
    """The tables the worker downloads are those of the board's canonical image (grid.canonical_rectangle): the
    usual goal's on the wide shape, for a tall board and for a goal with its blank in any corner; a goal with its
    blank elsewhere has tables of its own, which are not served."""
    from puzzlesolver.fast.tables import pdb_files
    monkeypatch.setenv("PUZZLESOLVER_PDB_DIR", str(tmp_path))   # no table on hand
    monkeypatch.setattr(pdb_files, "_cache", {})
    usual = [f.url for f in policy.data_files(BoardPuzzle(8, tuple(range(1, 15)) + (0, 15)))]
    assert usual == ["pdb/p8x2-5-6-7-8-13-14-15.bin.gz", "pdb/p8x2-any-5-6-7-8-13-14-15.bin.gz"]
    five_tile = [f.url for f in policy.data_files(BoardPuzzle(8, tuple(range(1, 15)) + (0, 15)), unavailable=usual[:1])]
    assert five_tile and all(url.startswith("pdb/rect/rect-8x2-") for url in five_tile)
    first_blank = (0,) + tuple(range(1, 16))                    # the goal's blank in the first corner
    assert [f.url for f in policy.data_files(BoardPuzzle(8, (1, 0) + tuple(range(2, 16)), first_blank))] == usual
    assert [f.url for f in policy.data_files(BoardPuzzle(2, (1, 0) + tuple(range(2, 16)), first_blank))] == usual
    assert [f.url for f in policy.data_files(BoardPuzzle(2, (1, 0) + tuple(range(2, 16)), first_blank),
                                             unavailable=usual[:1])] == five_tile
    off_corner = (1, 0) + tuple(range(2, 16))
    assert policy.data_files(BoardPuzzle(8, (1, 2, 0) + tuple(range(3, 16)), off_corner)) == []
