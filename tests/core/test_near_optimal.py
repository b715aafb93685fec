"""From 5x5 on: beam searches give legal answers to any goal, the anytime search keeps improving them, and
its bound is a lower bound (never above a published optimum)."""

from __future__ import annotations

import random

import pytest

from spec_helpers import BENCHMARKS, bfs_distances

from puzzlesolver import grid, policy
from puzzlesolver.board import Board, random_board
from puzzlesolver.fast.engines.estimates import LineEstimate
from puzzlesolver.fast.engines.manhattan import ManhattanEngine
from puzzlesolver.fast.searches.anytime import CHUNK, _Windows
from puzzlesolver.fast.searches.beam import BeamSearch
from puzzlesolver.fast.searches.ida import IDAStar
from puzzlesolver.fast.searches.lines import SubgoalSearch

KORF24 = BENCHMARKS / "korf50_24puzzle.txt"


def reaches(tiles, goal, blank_path):
    """Whether the blank's path is made of legal slides and ends at the goal."""
    *_, last = grid.tiles_along(tiles, blank_path)
    return last == tuple(goal)


def scrambled(goal, n, moves, rng):
    board = Board.from_tiles(goal, goal)
    for _ in range(moves):
        board = board.slide(rng.choice(grid.blank_moves(n)[board.blank]))
    return board.tiles


def korf24():
    if not KORF24.is_file():
        pytest.skip("../shared/benchmarks/korf50_24puzzle.txt is absent")
    lines = [line.split() for line in KORF24.read_text().splitlines() if line.strip() and not line.startswith("#")]
    return [(int(values[1]), tuple(int(v) for v in values[2:27])) for values in lines]


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_the_estimate_on_packed_boards_is_manhattan_distance_plus_linear_conflicts(n):
    rng = random.Random(n)
    for _ in range(5):
        goal = random_board(n, rng).tiles
        tiles = random_board(n, rng).tiles
        home = grid.goal_cells(goal)
        expected = grid.manhattan(tiles, home, n) + grid.linear_conflicts(tiles, home, n)
        board, _, h = LineEstimate(n, goal).encode(tiles)
        assert h == expected
        assert LineEstimate(n, goal).decode(board) == list(tiles)
        assert ManhattanEngine(tiles, goal, n, True, [0]).estimate() == expected


@pytest.mark.parametrize("n", [5, 7])
def test_the_ranking_estimate_adds_squared_distances_and_weighs_each_part(n):
    """A tile's squared distance is d*d + m*m: d its Manhattan distance, m the longer of its two legs."""
    rng = random.Random(30 + n)
    goal = random_board(n, rng).tiles
    tiles = random_board(n, rng, goal).tiles
    home = grid.goal_cells(goal)
    legs = [(abs(c // n - home[t] // n), abs(c % n - home[t] % n)) for c, t in enumerate(tiles) if t]
    distance = sum(dr + dc for dr, dc in legs)
    squares = sum((dr + dc) ** 2 + max(dr, dc) ** 2 for dr, dc in legs)
    conflicts = grid.linear_conflicts(tiles, home, n)
    _, _, h = LineEstimate(n, goal, 2, 4, 1).encode(tiles)
    assert h == 2 * distance + squares + 4 * conflicts


@pytest.mark.parametrize("n, width", [(3, 8), (4, 50), (5, 100), (6, 100), (7, 60)])
def test_a_beam_reaches_any_goal_with_legal_slides(n, width):
    rng = random.Random(10 + n)
    goal = random_board(n, rng).tiles
    tiles = random_board(n, rng).tiles
    if not grid.can_reach(tiles, goal, n):
        tiles = scrambled(goal, n, 300, rng)
    search = BeamSearch(tiles, goal, width)
    assert search.run(None) and not search.optimal
    assert reaches(tiles, goal, search.blank_path())


def test_a_beam_is_never_shorter_than_the_optimum_and_often_matches_it():
    distances = bfs_distances(grid.standard_goal(3), 3)
    boards = random.Random(4).sample(sorted(distances), 40)
    lengths = []
    for tiles in boards:
        search = BeamSearch(tiles, grid.standard_goal(3), 50)
        search.run(None)
        assert reaches(tiles, grid.standard_goal(3), search.blank_path())
        lengths.append(len(search.blank_path()) - distances[tiles])
    assert min(lengths) >= 0 and lengths.count(0) >= 20


def test_a_beam_in_slices_gives_the_answer_of_one_run():
    tiles = random_board(5, random.Random(8)).tiles
    whole = BeamSearch(tiles, grid.standard_goal(5), 200)
    whole.run(None)
    sliced = BeamSearch(tiles, grid.standard_goal(5), 200)
    calls = 1
    while not sliced.run(500):
        calls += 1
    assert calls > 10 and sliced.blank_path() == whole.blank_path()


def test_a_beam_gives_up_at_its_depth_limit_with_no_answer():
    rng = random.Random(9)
    tiles = scrambled(grid.standard_goal(5), 5, 60, rng)
    search = BeamSearch(tiles, grid.standard_goal(5), 100, max_depth=4)
    assert search.run(None) and search.blank_path() == [] and search.depth == 4


def test_a_board_already_at_its_goal_needs_no_move():
    goal = grid.standard_goal(6)
    search = BeamSearch(goal, goal, 10)
    assert search.run(None) and search.blank_path() == []


@pytest.mark.parametrize("n", [5, 6, 7])
def test_the_anytime_search_answers_any_goal_and_its_answers_only_get_shorter(n):
    rng = random.Random(20 + n)
    goal = random_board(n, rng).tiles
    tiles = random_board(n, rng, goal).tiles  # uniform: a board 400 random moves away is solved well at once
    board = Board.from_tiles(tiles, goal)
    search = policy.board_search(board)
    lengths = []
    for _ in range(60):
        if search.run(40_000):
            break
        if search.blank_path():
            assert reaches(tiles, goal, search.blank_path())
            lengths.append(len(search.blank_path()))
    assert lengths and lengths == sorted(lengths, reverse=True) and len(set(lengths)) > 1
    assert lengths[-1] >= search.bound >= board.manhattan()


def test_the_anytime_search_proves_short_7x7_answers_optimal():
    rng = random.Random(7)
    tiles = scrambled(grid.standard_goal(7), 7, 12, rng)
    board = Board.from_tiles(tiles)
    optimal = IDAStar(board, lambda counter: ManhattanEngine(tiles, board.goal, 7, True, counter), "reference")
    optimal.run(None)
    search = policy.board_search(board)
    while not search.run(20_000):
        pass
    assert search.optimal and len(search.blank_path()) == len(optimal.blank_path())


def test_the_bound_is_never_above_the_published_optimum_of_korfs_24_puzzles():
    for optimum, tiles in korf24():
        search = policy.board_search(Board.from_tiles(tiles))
        search.run(60_000)
        answer = search.blank_path()
        assert Board.from_tiles(tiles).manhattan() <= search.bound <= optimum
        assert not answer or (len(answer) >= optimum and reaches(tiles, grid.standard_goal(5), answer))


def detour(tiles, n, length, rng):
    """The blank's cells along ``length`` random slides (never straight back) from ``tiles``, and the board reached."""
    board, cells, previous = list(tiles), [], None
    blank = board.index(0)
    for _ in range(length):
        cell = rng.choice([c for c in grid.blank_moves(n)[blank] if c != previous])
        board[blank], board[cell], previous, blank = board[cell], 0, blank, cell
        cells.append(cell)
    return board, cells


def test_a_sweep_of_windows_shortens_a_roundabout_answer_and_keeps_it_legal():
    """An answer that wanders 30 slides off and comes back the same way: the windows cut the excursion out."""
    n, rng = 12, random.Random(3)
    goal = grid.standard_goal(n)
    start, out = detour(goal, n, 60, rng)
    _, off = detour(start, n, 30, rng)
    back_to_start = list(reversed([start.index(0)] + off[:-1]))
    back_to_goal = list(reversed([goal.index(0)] + out[:-1]))
    roundabout = off + back_to_start + back_to_goal
    assert reaches(start, goal, roundabout)
    sweep = _Windows(start, goal, roundabout)
    while not sweep.run(50_000):
        pass
    assert reaches(start, goal, sweep.answer()) and len(sweep.answer()) <= len(roundabout) - 24


def test_a_sweep_of_windows_counts_its_set_up_as_work():
    """Windows whose searches end at once still spend the budget: a sweep over a long answer takes many calls.
    The set-up is work, not expansions: the nodes the search reports are only the windows' IDA* expansions."""
    n = 10
    goal = grid.standard_goal(n)
    tiles = scrambled(goal, n, 1000, random.Random(4))
    answer = SubgoalSearch(Board.from_tiles(tiles), finish_side=4)
    answer.run(None)
    sweep = _Windows(tiles, goal, answer.blank_path())
    calls = 1
    while not sweep.run(CHUNK):
        calls += 1
    assert calls > 10 and sweep.work >= (calls - 1) * CHUNK
    assert sweep.set_up > 0 and sweep.work == sweep.nodes + sweep.set_up
