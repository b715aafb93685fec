"""Board: the algs4 API, immutability, equality, neighbors order, twin, and parity-based solvability."""

import random

import pytest

from puzzlesolver.board import Board, BoardError, Goal, random_board, validate_tiles
from puzzlesolver.heuristics import ESTIMATES
from puzzlesolver.search import AStar

SEED_BOARD = [[8, 1, 3], [4, 0, 2], [7, 6, 5]]


def test_hamming_and_manhattan_of_the_seed_example_are_5_and_10():
    board = Board(SEED_BOARD)
    assert (board.hamming(), board.manhattan()) == (5, 10)


def test_estimate_is_manhattan_unless_the_search_is_given_another():
    assert Board(SEED_BOARD).estimated_distance_to_goal() == 10
    assert AStar(Board(SEED_BOARD)).bound == 10
    assert AStar(Board(SEED_BOARD), heuristic=ESTIMATES["hamming"]).bound == 5


def test_str_is_the_algs4_format():
    assert str(Board(SEED_BOARD)) == "3\n 8  1  3 \n 4  0  2 \n 7  6  5 \n"


def test_constructor_copies_its_input():
    rows = [row[:] for row in SEED_BOARD]
    board = Board(rows)
    rows[0][0] = 1
    rows[0][1] = 8
    assert board.tile_at(0, 0) == 8 and board.tiles == (8, 1, 3, 4, 0, 2, 7, 6, 5)


def test_neighbors_do_not_change_the_board():
    board = Board(SEED_BOARD)
    before = board.tiles
    for neighbor in board.neighbors():
        neighbor.neighbors()
    assert board.tiles == before


def test_equal_boards_are_equal_and_hash_alike():
    a, b = Board(SEED_BOARD), Board.from_tiles([8, 1, 3, 4, 0, 2, 7, 6, 5])
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Board([[1, 2, 3], [4, 5, 6], [7, 8, 0]])
    assert a != "not a board"


def test_boards_aiming_at_different_goals_differ():
    tiles = [1, 2, 3, 4, 5, 6, 7, 8, 0]
    assert Board.from_tiles(tiles) != Board.from_tiles(tiles, goal=[0, 1, 2, 3, 4, 5, 6, 7, 8])


@pytest.mark.parametrize("row, col", [(-1, 0), (0, -1), (3, 0), (0, 3), (5, 5)])
def test_tile_at_outside_the_board_raises_index_error(row, col):
    with pytest.raises(IndexError) as refused:
        Board(SEED_BOARD).tile_at(row, col)
    assert str(refused.value) == f"({row}, {col}) is outside a 3x3 board"


def test_tile_at_reads_row_then_column():
    board = Board(SEED_BOARD)
    assert [board.tile_at(1, c) for c in range(3)] == [4, 0, 2]
    assert board.size() == board.dimension() == 3


def test_neighbors_move_the_blank_up_left_down_right():
    center = Board(SEED_BOARD)
    assert [n.tiles for n in center.neighbors()] == [
        (8, 0, 3, 4, 1, 2, 7, 6, 5),  # up
        (8, 1, 3, 0, 4, 2, 7, 6, 5),  # left
        (8, 1, 3, 4, 6, 2, 7, 0, 5),  # down
        (8, 1, 3, 4, 2, 0, 7, 6, 5),  # right
    ]
    corner = Board([[0, 1], [2, 3]])
    assert [n.tiles for n in corner.neighbors()] == [(2, 1, 0, 3), (1, 0, 2, 3)]


def test_neighbor_distances_match_a_fresh_computation():
    board = Board(SEED_BOARD)
    for neighbor in board.neighbors():
        fresh = Board.from_tiles(neighbor.tiles)
        assert (neighbor.hamming(), neighbor.manhattan()) == (fresh.hamming(), fresh.manhattan())


def test_twin_swaps_two_tiles_and_flips_solvability():
    board = Board(SEED_BOARD)
    twin = board.twin()
    assert sum(a != b for a, b in zip(board.tiles, twin.tiles)) == 2 and twin.blank == board.blank
    assert board.is_solvable() != twin.is_solvable()


@pytest.mark.parametrize("rows, message", [
    ([[1, 2, 3], [4, 5], [6, 7, 0]], "Row 2 has 2 tiles but row 1 has 3"),
    ([[1, 1], [2, 0]], "appears twice"),
    ([[1, 2], [3, 4]], "out of range"),
    ([[0]], "at least 2"),
])
def test_invalid_grids_raise_board_error(rows, message):
    with pytest.raises(BoardError, match=message):
        Board(rows)


def test_a_rectangle_is_a_board_with_a_width_and_a_height():
    board = Board([[1, 2, 3, 4], [5, 6, 0, 7]])
    assert (board.width, board.height, board.shape) == (4, 2, "4x2")
    assert board.goal == (1, 2, 3, 4, 5, 6, 7, 0)
    assert [b.blank for b in board.neighbors()] == [2, 5, 7]
    assert board.manhattan() == 1 and board.slide(7).is_goal()
    assert str(board) == "4x2\n 1  2  3  4 \n 5  6  0  7 \n"
    assert Board.from_tiles(board.tiles, width=4) == board and board.rows() == [[1, 2, 3, 4], [5, 6, 0, 7]]


def test_a_rectangle_has_no_single_size_for_the_seeds_api():
    with pytest.raises(ValueError, match="4x2 board has a width and a height"):
        Board([[1, 2, 3, 4], [5, 6, 0, 7]]).size()


@pytest.mark.parametrize("tiles, width, message", [
    (list(range(21 * 2)), 21, "Boards up to 20x20 are supported (each side 2 to 20); this board is 21x2."),
    ([1, 2, 0], 3, "A board needs at least 2 rows and 2 columns; this one is 3x1."),
    ([1, 2, 0, 3, 4], 2, "5 tiles cannot fill rows of 2."),
])
def test_a_shape_outside_two_to_twenty_a_side_is_refused_in_one_sentence(tiles, width, message):
    with pytest.raises(BoardError) as refused:
        Board.from_tiles(tiles, width=width)
    assert str(refused.value) == message


def solvable_by_lockstep(board: Board) -> bool:
    """Seed 002's method: run A* on the board and on its twin in turn; exactly one reaches the goal."""
    mine, twins = AStar(board, check_solvable=False), AStar(board.twin(), check_solvable=False)
    while True:
        mine.run(1)
        if mine.goal_node is not None:
            return True
        twins.run(1)
        if twins.goal_node is not None:
            return False
        assert not (mine.done and twins.done), "neither board reached the goal"


@pytest.mark.parametrize("n, goal", [(2, None), (3, None), (2, [0, 3, 2, 1]), (3, [1, 2, 3, 8, 0, 4, 7, 6, 5])])
def test_parity_agrees_with_the_twin_lockstep_method(n, goal):
    rng = random.Random(n * 1000 + len(goal or []))
    for _ in range(40 if n == 2 else 12):
        tiles = list(range(n * n))
        rng.shuffle(tiles)
        board = Board.from_tiles(tiles, goal)
        assert board.is_solvable() == solvable_by_lockstep(board), tiles


def test_goals_are_equal_when_their_tiles_and_width_are_and_hash_alike():
    """Boards compare their goals (a goal built apart from the shared one, as a search's own, is the same goal)."""
    assert Goal(3) == Goal(3, tuple(range(1, 9)) + (0,)) and hash(Goal(3)) == hash(Goal(3))
    assert len({Goal(3), Goal(3), Goal(2)}) == 2
    assert Goal(3) != Goal(3, (0, 1, 2, 3, 4, 5, 6, 7, 8)) and Goal(3) != "not a goal"
    wide, tall = Goal(3, height=2), Goal(2, height=3)
    assert wide.tiles == tall.tiles and wide != tall                 # 1..5 then the blank, 3 wide or 2 wide


def test_boards_with_the_same_tiles_on_different_shapes_differ():
    assert Board.from_tiles([1, 2, 3, 4, 0, 5], width=3) != Board.from_tiles([1, 2, 3, 4, 0, 5], width=2)


@pytest.mark.parametrize("tiles, width, message", [
    ([1, 2, 3, 0], 1, "A board needs at least 2 rows and 2 columns; this one is 1x4."),
    ([0], 1, "A board needs at least 2 rows and 2 columns, not 1."),
    ([1, 2, 3, 0], 0, "4 tiles cannot fill rows of 0."),
    ([], 0, "0 tiles cannot fill rows of 0."),
    ([1, 2, 3, 0], -2, "4 tiles cannot fill rows of -2."),
    ([1, 2, 3, 4, 5, 0], None, "6 tiles cannot fill a square board."),
])
def test_rows_of_fewer_than_two_tiles_are_refused_in_one_sentence(tiles, width, message):
    with pytest.raises(BoardError) as refused:
        Board.from_tiles(tiles, width=width)
    assert str(refused.value) == message


def test_no_rows_at_all_is_refused_as_a_board_of_size_zero():
    with pytest.raises(BoardError) as refused:
        Board([])
    assert str(refused.value) == "A board needs at least 2 rows and 2 columns, not 0."


def test_repr_is_the_call_that_builds_the_board_again():
    square, wide = Board(SEED_BOARD), Board([[1, 2, 3, 4], [5, 6, 0, 7]])
    assert repr(square) == "Board.from_tiles([8, 1, 3, 4, 0, 2, 7, 6, 5])"
    assert repr(wide) == "Board.from_tiles([1, 2, 3, 4, 5, 6, 0, 7], width=4)"
    assert eval(repr(wide)) == wide and eval(repr(square)) == square


def test_along_slides_the_blank_through_each_cell_of_its_path_in_turn():
    boards = Board(SEED_BOARD).along([1, 0, 3])                     # up, left, down
    assert [b.tiles for b in boards] == [(8, 1, 3, 4, 0, 2, 7, 6, 5), (8, 0, 3, 4, 1, 2, 7, 6, 5),
                                         (0, 8, 3, 4, 1, 2, 7, 6, 5), (4, 8, 3, 0, 1, 2, 7, 6, 5)]
    with pytest.raises(ValueError):
        Board(SEED_BOARD).along([1, 2, 8])                          # 2 to 8 is not one slide


def test_a_random_board_is_drawn_from_the_generator_it_is_given():
    assert random_board(4, random.Random(11)) == random_board(4, random.Random(11))
    assert random_board(3, random.Random(11), height=2) == random_board(3, random.Random(11), height=2)
    assert len({random_board(4, random.Random(seed)) for seed in range(5)}) == 5


def test_the_largest_side_is_a_boards_limit_not_a_goals():
    """validate_tiles checks the tiles (0..W*H-1 once each, sides of at least 2); the 20-a-side limit is
    check_side's, applied when a board is made, so a goal of any size can be built (test_limits times a 100x100
    one)."""
    validate_tiles(list(range(60)), 2, height=30)
    assert Goal(2, height=30).distance(1, 59) == 29 + 1                  # tile 1 in the far corner
    with pytest.raises(BoardError, match="this board is 2x30"):
        Board.from_tiles(list(range(60)), width=2)
