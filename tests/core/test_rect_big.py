"""Rectangles above 16 cells: the line-by-line solver, the placement beams and the beams (and, on small ones,
weighted A*) answer any W x H board with legal slides, and the anytime search's proven bound is never above the
optimum (checked against the rectangles' own optimal IDA* on 12 to 15 cells)."""

from __future__ import annotations

import random

import pytest

from puzzlesolver import grid, policy
from puzzlesolver.board import Board, random_board
from puzzlesolver.fast.engines.estimates import LineEstimate
from puzzlesolver.fast.engines.manhattan import ManhattanEngine
from puzzlesolver.fast.searches.anytime import AnytimeSearch, Answers
from puzzlesolver.fast.searches.beam import BeamSearch
from puzzlesolver.fast.searches.ida import IDAStar
from puzzlesolver.fast.searches.lines import SubgoalSearch
from puzzlesolver.fast.searches.placement import PlacementBeam
from puzzlesolver.fast.searches.placement_portfolio import QUICK
from puzzlesolver.fast.searches.rect_ida import RectIDAStar
from puzzlesolver.fast.searches.weighted import WeightedAStar
from puzzlesolver.fast.tables import rect_tables

BIG_SHAPES = [(20, 3), (3, 20), (4, 10), (10, 4), (2, 20), (20, 2), (6, 5)]
LINE_SHAPES = BIG_SHAPES + [(5, 7), (7, 5), (2, 9), (9, 2), (3, 2), (2, 3), (4, 2), (2, 4), (4, 3), (3, 4), (2, 2)]


def reaches(board: Board, blank_path) -> bool:
    """Whether the blank's path is made of legal slides on the board's shape and ends at its goal."""
    *_, last = grid.tiles_along(board.tiles, blank_path, board.width)
    return last == board.goal


def optimal_moves(board: Board) -> int:
    """The board's optimal answer length, by the rectangles' IDA* on one partition of pattern tables."""
    width, height = board.width, board.height
    partitions = rect_tables.default_partitions(width, height, board.goal)[:1]
    search = RectIDAStar(width, height, board.tiles, board.goal, rect_tables.tables_for(width, height, board.goal,
                                                                                      partitions))
    search.run()
    return search.moves


def conflicts_search(board: Board) -> IDAStar:
    """IDA* on Manhattan distance + linear conflicts: the bound of the anytime search on a rectangle."""
    return IDAStar(board, lambda counter: ManhattanEngine(board.tiles, board.goal, board.width, True, counter),
                   "IDA* + Manhattan distance + linear conflicts")


def boards(width: int, height: int, seed: int, count: int = 2):
    """Random solvable boards of the shape: the first aiming at the standard goal, the others at random goals."""
    rng = random.Random(seed)
    for i in range(count):
        goal = None if i == 0 else random_board(width, rng, height=height).tiles
        yield random_board(width, rng, goal, height=height)


@pytest.mark.parametrize("width, height", LINE_SHAPES)
def test_the_line_by_line_solver_answers_any_shape_with_legal_slides(width, height):
    for board in boards(width, height, 100 * width + height):
        for finish_side in (3, 4) if min(width, height) >= 4 else (3,):   # a last 4x4 needs 4 cells across
            search = SubgoalSearch(board, finish_side=finish_side)
            assert search.run(None) and not search.optimal
            assert reaches(board, search.blank_path())
            assert len(search.path()) == len(search.blank_path()) + 1


@pytest.mark.parametrize("width, height", [(20, 2), (2, 20), (20, 3), (4, 10), (3, 2)])
def test_the_line_by_line_solver_gives_no_answer_to_a_board_that_cannot_reach_its_goal(width, height):
    board = next(boards(width, height, 7, 1)).twin()
    search = SubgoalSearch(board)
    assert search.run(None) and search.done
    assert search.blank_path() == [] and search.path() == []


def test_on_a_board_two_cells_across_the_last_corner_is_two_by_three():
    board = next(boards(2, 20, 5, 1))
    assert SubgoalSearch(board).method == ("line by line: weighted A* per tile placement (w=3), optimal finish on "
                                           "the last 2x3: fast, NOT optimal")


@pytest.mark.parametrize("width, height", BIG_SHAPES + [(16, 8), (8, 16), (11, 7), (5, 20)])
def test_a_placement_beam_answers_any_shape_and_goal_with_legal_slides(width, height):
    for board in boards(width, height, 7 * width + height):
        for flip in (False, True):
            search = PlacementBeam(board, *QUICK._replace(flip=flip))
            assert search.run(None) and not search.optimal
            assert reaches(board, search.blank_path())


@pytest.mark.parametrize("width, height", [(16, 8), (8, 16)])
def test_on_a_big_rectangle_a_quick_placement_beam_is_shorter_than_the_line_by_line_solver_by_a_tenth(width, height):
    """Measured: 2,853 and 2,773 moves against 3,345 and 3,461 on 16x8, 2,730 and 2,978 against 3,348 and 3,684 on
    8x16 (on rectangles 2 or 3 cells across, 1-6% shorter, or as long: see ``policy.plans.THIN``)."""
    for board in boards(width, height, 5 * width + height):
        beam, lines = PlacementBeam(board, *QUICK), SubgoalSearch(board, finish_side=4)
        beam.run(None), lines.run(None)
        assert len(beam.blank_path()) <= 0.9 * len(lines.blank_path())


def test_the_anytime_search_answers_big_and_thin_rectangles_with_placement_beams():
    for width, height in ((16, 8), (20, 3), (2, 20)):
        assert policy.board_search(next(boards(width, height, 1, 1))).method.startswith("anytime: placement beams")
    assert policy.board_search(next(boards(4, 10, 1, 1))).method.startswith("anytime: beam searches from both ends")


@pytest.mark.parametrize("width, height", [(3, 2), (2, 3), (4, 3), (3, 4), (5, 2), (6, 3)])
def test_weighted_a_star_answers_a_rectangle_with_legal_slides(width, height):
    for board in boards(width, height, 9 * width + height, 3):
        search = WeightedAStar(board)
        assert search.run(None) and not search.optimal
        answer = search.blank_path()
        assert reaches(board, answer) and search.bound <= len(answer)
        unsolvable = WeightedAStar(board.twin())
        assert unsolvable.run(None) and unsolvable.blank_path() == [] and unsolvable.path() == []


@pytest.mark.parametrize("width, height", [(2, 3), (4, 3), (7, 2), (20, 3), (3, 20), (6, 5)])
def test_the_estimates_on_a_rectangle_are_manhattan_distance_plus_linear_conflicts(width, height):
    rng = random.Random(width * height)
    for board in boards(width, height, width + 50 * height, 4):
        tiles, goal = board.tiles, board.goal
        home = grid.goal_cells(goal)

        def expected(arrangement):
            return grid.manhattan(arrangement, home, width) + grid.linear_conflicts(arrangement, home, width)

        packed, _, h = LineEstimate(width, goal).encode(tiles)
        assert h == expected(tiles) and LineEstimate(width, goal).decode(packed) == list(tiles)
        engine = ManhattanEngine(tiles, goal, width, True, [1 << 40])
        assert engine.estimate() == expected(tiles)
        node = engine.reset(1 << 20)
        for _ in range(100):   # each move updates the estimate in O(1): it stays the one computed afresh
            child = engine.child(node, rng.choice(engine.order(node)))
            if child is True:
                break
            node = child[0]
            assert node[3] == expected(engine.board)


@pytest.mark.parametrize("width, height, beam", [(20, 3, 64), (2, 20, 64), (6, 5, 100), (4, 10, 100)])
def test_a_beam_reaches_any_goal_of_a_rectangle_with_legal_slides(width, height, beam):
    for board in boards(width, height, 3 * width + height):
        search = BeamSearch(board.tiles, board.goal, beam, weights=(2, 4, 1), board_width=width)
        assert search.run(None) and not search.optimal
        assert reaches(board, search.blank_path())


@pytest.mark.parametrize("width, height", BIG_SHAPES)
def test_the_anytime_search_answers_a_big_rectangle_at_once_with_a_bound_below_its_answer(width, height):
    for board in boards(width, height, 11 * width + height):
        search = policy.board_search(board)
        for _ in range(200):
            search.run(20_000)
            if search.blank_path():
                break
        answer = search.blank_path()
        assert answer and reaches(board, answer)
        assert board.manhattan() <= search.bound <= len(answer)
        assert len(search.path()) == len(answer) + 1


def test_the_anytime_search_gives_no_answer_to_a_rectangle_that_cannot_reach_its_goal():
    search = policy.board_search(next(boards(20, 3, 9, 1)).twin())
    assert search.run(1000) and search.blank_path() == [] and search.path() == []


@pytest.mark.parametrize("width, height", [(4, 3), (3, 4), (7, 2), (5, 3)])
def test_the_proven_bound_is_never_above_the_optimum(width, height):
    for seed in range(2):
        board = random_board(width, random.Random(1000 * width + seed), height=height)
        optimum = optimal_moves(board)
        whole = conflicts_search(board)
        whole.run(30_000)
        assert whole.bound <= optimum
        search = AnytimeSearch(board, conflicts_search(board), Answers.PLACEMENTS)
        for budget in (1_000, 20_000, 100_000):
            search.run(budget)
            answer = search.blank_path()
            assert search.bound <= optimum
            assert not answer or (reaches(board, answer) and optimum <= len(answer))
        assert not search.optimal or len(search.blank_path()) == optimum


@pytest.mark.parametrize("width, height", [(4, 3), (3, 4), (5, 2), (2, 5)])
def test_the_bound_search_run_to_the_end_is_optimal_on_a_rectangle(width, height):
    for seed in range(3):
        board = random_board(width, random.Random(seed), height=height)
        search = conflicts_search(board)
        assert search.run(None)
        assert reaches(board, search.blank_path()) and len(search.blank_path()) == optimal_moves(board)
