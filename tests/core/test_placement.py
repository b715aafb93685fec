"""The placement beams (big squares): valid answers on any goal, every cell outside the last square placed once,
and answers shorter than the line-by-line solver's on the same boards (not timed)."""

from __future__ import annotations

import random

import pytest

from puzzlesolver import grid, policy
from puzzlesolver.board import Board, random_board
from puzzlesolver.search import SearchStats
from puzzlesolver.fast.searches import placement
from puzzlesolver.fast.searches.lines import SubgoalSearch, shrinking_lines
from puzzlesolver.fast.searches.placement import PlacementBeam, placement_plan
from puzzlesolver.fast.searches.placement_portfolio import BIG_KINDS, QUICK, Settings, portfolio


def reaches(board: Board, blank_path) -> bool:
    """Whether the blank's path is made of legal slides and ends at the board's goal."""
    *_, last = grid.tiles_along(board.tiles, blank_path)
    return last == board.goal


def solved(board: Board, width: int = QUICK.width, step_weight: int = QUICK.step_weight,
           carry_weight: int = QUICK.carry_weight, **options) -> list:
    search = PlacementBeam(board, width, step_weight, carry_weight, **options)
    assert search.run(None) and search.done
    return search.blank_path()


def scrambled(goal, moves: int, seed: int) -> Board:
    """A board ``moves`` random slides away from ``goal`` (so it is solvable whatever the goal)."""
    rng = random.Random(seed)
    n = int(round(len(goal) ** 0.5))
    tiles = list(goal)
    blank = tiles.index(0)
    for _ in range(moves):
        cell = rng.choice(grid.blank_moves(n)[blank])
        tiles[blank], tiles[cell], blank = tiles[cell], 0, cell
    return Board.from_tiles(tiles, goal)


@pytest.mark.parametrize("n, seed", [(5, 1), (6, 2), (9, 3), (10, 4), (12, 5), (15, 6)])
def test_answers_lead_to_the_goal_on_random_boards(n, seed):
    board = random_board(n, random.Random(seed))
    path = solved(board)
    assert reaches(board, path) and len(path) >= board.manhattan()


@pytest.mark.parametrize("blank", [0, 9, 45, 99])
def test_answers_lead_to_any_goal(blank):
    board = scrambled(grid.standard_goal_with_blank(10, blank), 3000, blank)
    assert reaches(board, solved(board))


def test_a_solved_board_needs_no_move_and_every_beam_of_the_portfolio_answers():
    assert solved(Board.from_tiles(grid.standard_goal(10))) == []
    board = random_board(9, random.Random(7))
    for settings in {s for round_ in portfolio(9) for s in round_}:
        assert reaches(board, solved(board, *settings[:3], flip=settings.flip, ahead=settings.ahead))


def test_a_flipped_plan_places_each_line_the_other_way_round():
    goal = grid.standard_goal(10)
    steps, square = placement_plan(goal, 10, 10)
    flipped, flipped_square = placement_plan(goal, 10, 10, flip=True)
    assert flipped_square == square and len(flipped) == len(steps)
    assert [s.cell for s in flipped[:8]] == list(range(9, 1, -1)) and flipped[8].pair == (1, 0, 2, 1)
    board = random_board(10, random.Random(8))
    assert reaches(board, solved(board, 16, 3, 4, flip=True))


def test_the_plan_places_every_cell_outside_the_last_square_once_and_never_unlocks_a_placed_line():
    goal = grid.standard_goal(10)
    steps, square = placement_plan(goal, 10, 10)
    placed = [step.cell for step in steps if step.tile] + [step.cell2 for step in steps if step.tile2]
    pairs = [step for step in steps if step.pair]
    assert square == [r * 10 + c for r in range(6, 10) for c in range(6, 10)]
    assert len(pairs) == 12       # the last two of each of the 12 lines
    # the joint step of a pair puts the line's last tile on the next-to-last cell, its next-to-last one below
    assert all(len(set(placed)) == len(placed) for placed in [[s.cell for s in steps if s.tile and not s.pair]])
    assert set(placed) | {s.pair[1] for s in pairs} | set(square) >= set(range(100)) - {0}
    for before, after in zip(steps, steps[1:]):
        unlocked = [c for c in range(100) if before.locked[c] and not after.locked[c]]
        assert all(c in (before.cell, before.cell2) or after.tile == 0 or before.tile == 0 for c in unlocked)


def test_the_portfolio_starts_quick_where_its_first_round_is_wide_and_flips_the_lines_in_its_second():
    assert portfolio(10)[0] == [QUICK]
    rounds = portfolio(10)
    assert [s.flip for s in rounds[1]] == [False] * 3 and [s.flip for s in rounds[2]] == [True] * 3


def test_above_10x10_the_portfolio_runs_every_big_kind_both_ways_round():
    rounds = portfolio(20)
    assert QUICK not in rounds[0] and rounds[0][0].width == 16
    settings = [s for round_ in rounds for s in round_]
    assert sorted((s.step_weight, s.carry_weight, s.ahead, s.flip) for s in settings) == sorted(
        (*kind, flip) for kind in BIG_KINDS for flip in (False, True))
    assert portfolio(15)[0] == [QUICK]


@pytest.mark.parametrize("blank", [0, 77, 143])
def test_a_beam_that_weighs_the_next_lines_answers_any_goal(blank):
    board = scrambled(grid.standard_goal_with_blank(12, blank), 4000, blank)
    path = solved(board, 8, 4, 1, ahead=(3, 3, 2, 2))
    assert reaches(board, path) and len(path) >= board.manhattan()


def test_weighing_the_next_lines_counts_their_tiles_carrying_moves_more_and_follows_the_plan():
    board = random_board(12, random.Random(9))
    search = PlacementBeam(board, 4, 12, 1, ahead=(3, 2))
    first_line = search.steps[0].line
    second = next(step for step in search.steps if step.line == first_line + 1)
    third = next(step for step in search.steps if step.line == first_line + 2)
    search._weigh(0)
    assert [search.tile_weight[s.tile] for s in (search.steps[0], second, third)] == [3, 2, 1]
    cell = board.tiles.index(second.tile)
    assert search.carry[second.tile * 144 + cell] == 2 * search.plain_carry[second.tile * 144 + cell]
    search._weigh(search.steps.index(second))
    assert [search.tile_weight[s.tile] for s in (search.steps[0], second, third)] == [1, 3, 2]


@pytest.mark.parametrize("seed", [1, 2])
def test_on_8x8_one_narrow_beam_is_shorter_than_the_line_by_line_solver(seed):
    """Measured: 813 and 833 moves against the line-by-line solver's 947 and 1,035 (the anytime search's own
    beams still answer 8x8 boards: 1.5 x the bound in 10 s)."""
    board = random_board(8, random.Random(seed))
    lines = SubgoalSearch(board, finish_side=4)
    lines.run(None)
    assert len(solved(board)) <= 0.9 * len(lines.blank_path())


def test_on_10x10_two_beams_are_shorter_than_the_line_by_line_solver_by_a_tenth():
    """Measured: 1,573 and 1,764 moves (2.6 and 2.8 x Manhattan distance) against 2,069 and 2,012 (3.4 and 3.2 x);
    the anytime search's portfolio and windows take random 10x10 boards to about 2.0 x the bound in 10 s."""
    beams = lines = 0
    for seed in (1, 2):
        board = random_board(10, random.Random(seed))
        line_search = SubgoalSearch(board, finish_side=4)
        line_search.run(None)
        lines += len(line_search.blank_path())
        beams += min(len(solved(board)), len(solved(board, 64, 2, 2)))
    assert beams <= 0.9 * lines


def test_the_anytime_search_answers_a_big_square_with_a_placement_beam():
    board = random_board(10, random.Random(3))
    search = policy.board_search(board)
    search.run(1_000_000)
    assert "placement" in search.method and search.blank_path() and reaches(board, search.blank_path())
    assert search.bound >= board.manhattan()


@pytest.mark.parametrize("width, height, side", [(10, 10, 4), (12, 9, 4), (20, 5, 3), (9, 9, 3)])
def test_the_lines_leave_the_goals_blank_on_a_corner_of_the_square_left_wherever_it_is(width, height, side):
    """So the 4x4 left at the end always has a goal the 15-puzzle's tables take by a symmetry (on boards at least
    2 x side - 1 cells each way: on narrower ones a square may have no way round the blank's row or column)."""
    for blank in range(width * height):
        top, bottom, left, right = shrinking_lines(width, height, blank, side).region
        row, column = divmod(blank, width)
        assert bottom - top + 1 == min(side, height) and right - left + 1 == min(side, width)
        assert row in (top, bottom) and column in (left, right)


def test_the_lines_of_a_goal_with_its_blank_near_the_corner_finish_on_the_tables():
    """The goal's blank two rows and three columns in from the corner of a 12x12: before, the lines left a 4x4
    with the blank inside its edge, which IDA* on Manhattan distance finished in about 52 s; now its corner."""
    n, rng = 12, random.Random(6)
    goal = list(grid.standard_goal_with_blank(n, 10 * n + 9))
    tiles = goal[:]
    rng.shuffle(tiles)
    board = Board.from_tiles(tiles, goal)
    assert board.is_solvable()
    search = SubgoalSearch(board, finish_side=4)
    assert search.run(2_000_000) and reaches(board, search.blank_path())


def test_the_optimal_finish_counts_as_the_beams_work_so_a_slice_stays_a_slice(monkeypatch):
    """A random 4x4 can take the finish seconds: before, none of its expansions counted, so one slice of an
    anytime search ran the whole of it (2.2 s over a 10 s budget on a random 20x20)."""
    slices = []           # the beam's slice under way at each of the finish's own slices

    class SlowFinish:
        """A finish that needs five slices of work."""

        def __init__(self, board, finish_side):
            self.stats = SearchStats(0, 0, 0)

        def run(self, budget):
            slices.append(len(calls))
            self.stats.expanded += budget
            return len(slices) == 5

        def blank_path(self):
            return []

    monkeypatch.setattr(placement, "SubgoalSearch", SlowFinish)
    search = PlacementBeam(random_board(9, random.Random(4)), 4)
    calls = []
    while not search.run(100):
        calls.append(1)
    assert len(slices) == 5 and len(set(slices)) == 5
    assert search.stats.expanded >= 5 * placement.FINISH_SLICE
