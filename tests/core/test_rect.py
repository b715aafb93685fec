"""Rectangular W x H boards: parity, optimal lengths against breadth-first search, any goal, slices, tables.

The references here are the tests' own: a plain breadth-first search over every arrangement for shapes of
up to 10 cells, and a bidirectional breadth-first search (exact, and independent of any estimate) for the
bigger shapes.  Exhaustive checks are marked slow (``pytest -m slow``).
"""

from __future__ import annotations

import itertools
import math
import random
from typing import Dict, Optional, Sequence, Tuple

import pytest

from buildtools import rect_bench
from puzzlesolver import grid
from puzzlesolver.fast.engines.manhattan import ManhattanEngine
from puzzlesolver.fast.searches.rect_ida import RectIDAStar, preparing
from puzzlesolver.fast.tables import rect_tables
from puzzlesolver.steps import searching, to_end
from spec_helpers import bfs_distances, slide_neighbors

Tiles = Tuple[int, ...]

#: Every shape of up to 10 cells (W x H, W wide), where breadth-first search over all arrangements is the reference.
SMALL_SHAPES = [(2, 2), (3, 2), (2, 3), (4, 2), (2, 4), (3, 3), (5, 2), (2, 5)]
#: Shapes whose full breadth-first search takes a second or less.
QUICK_SHAPES = [(2, 2), (3, 2), (2, 3), (4, 2), (2, 4), (3, 3)]


# -- the tests' own rules ----------------------------------------------------------------------

_distances: Dict[Tuple[int, Tiles], Dict[Tiles, int]] = {}


def distances_to(goal: Tiles, width: int) -> Dict[Tiles, int]:
    """Breadth-first search from ``goal``: the exact distance of every arrangement that reaches it (kept)."""
    key = (width, goal)
    if key not in _distances:
        _distances[key] = bfs_distances(goal, width)
    return _distances[key]


def meet_in_the_middle(start: Tiles, goal: Tiles, width: int) -> int:
    """The exact distance by breadth-first search from both ends, a whole level at a time, smaller side first."""
    if start == goal:
        return 0
    seen = [{start: 0}, {goal: 0}]
    levels = [[start], [goal]]
    while levels[0] and levels[1]:
        side = 0 if len(levels[0]) <= len(levels[1]) else 1
        mine, other = seen[side], seen[1 - side]
        depth = mine[levels[side][0]] + 1
        following, best = [], None
        for tiles in levels[side]:
            for neighbour in slide_neighbors(tiles, width):
                if neighbour in mine:
                    continue
                mine[neighbour] = depth
                following.append(neighbour)
                if neighbour in other:
                    total = depth + other[neighbour]
                    best = total if best is None else min(best, total)
        if best is not None:
            return best
        levels[side] = following
    raise AssertionError("no path: the board cannot reach the goal")


def random_walk(goal: Tiles, width: int, steps: int, rng: random.Random) -> Tiles:
    """A board ``steps`` random slides (never straight back) from the goal: solvable, at most that far."""
    tiles, previous = goal, None
    for _ in range(steps):
        choices = [t for t in slide_neighbors(tiles, width) if t != previous]
        previous, tiles = tiles, rng.choice(choices)
    return tiles


def random_board(goal: Tiles, width: int, rng: random.Random, solvable: bool = True) -> Tiles:
    """A uniformly random arrangement on the goal's side of the parity (or the other side)."""
    reachable = set(distances_to(goal, width)) if len(goal) <= 9 else None
    while True:
        tiles = list(goal)
        rng.shuffle(tiles)
        tiles = tuple(tiles)
        if reachable is not None:
            if (tiles in reachable) == solvable:
                return tiles
        elif grid.can_reach(tiles, goal, width) == solvable:
            return tiles


def solve(width: int, height: int, tiles: Sequence[int], goal: Optional[Sequence[int]] = None, tables=None):
    search = RectIDAStar(width, height, tiles, goal, tables)
    assert search.run() is True
    return search


def assert_replays(search, width: int, tiles: Tiles, goal: Tiles) -> None:
    """The answer, replayed slide by slide with the tests' own rules, goes from the board to the goal."""
    board = tuple(tiles)
    for cell in search.blank_path():
        following = [t for t in slide_neighbors(board, width) if t.index(0) == cell]
        assert len(following) == 1, f"the blank cannot slide from {board.index(0)} to {cell}"
        board = following[0]
    assert board == goal
    assert search.path()[0] == tuple(tiles) and search.path()[-1] == goal
    assert len(search.path()) == search.moves + 1


def standard(width: int, height: int) -> Tiles:
    return tuple(range(1, width * height)) + (0,)


def shuffled_goal(width: int, height: int, seed: int) -> Tiles:
    goal = list(standard(width, height))
    random.Random(seed).shuffle(goal)
    return tuple(goal)


def reading_order_invariant(tiles: Sequence[int], goal: Sequence[int], width: int) -> int:
    """The textbook form of the engine's solvability rule (:func:`puzzlesolver.grid.can_reach`): inversions of
    the tiles read row by row without the blank (counted against the goal's reading order), plus the blank's
    row when W is even.  A horizontal slide keeps the reading order and a vertical one carries a tile past
    W - 1 others, so for odd W the tiles' own parity is invariant, for even W that parity plus the blank's row."""
    rank = {t: i for i, t in enumerate(t for t in goal if t)}
    order = [rank[t] for t in tiles if t]
    inversions = sum(1 for i in range(len(order)) for j in range(i + 1, len(order)) if order[i] > order[j])
    blank_row = list(tiles).index(0) // width
    return (inversions + (0 if width % 2 else blank_row)) & 1


# -- solvability --------------------------------------------------------------------------------

@pytest.mark.parametrize("width,height", QUICK_SHAPES)
def test_exactly_the_arrangements_of_the_goals_parity_are_reachable(width, height):
    for goal in (standard(width, height), shuffled_goal(width, height, 5)):
        reachable = distances_to(goal, width)
        assert len(reachable) == math.factorial(width * height) // 2
        arrangements = list(itertools.permutations(range(width * height)))
        if len(arrangements) > 50_000:
            arrangements = random.Random(3).sample(arrangements, 20_000)
        for tiles in arrangements:
            assert grid.can_reach(tiles, goal, width) == (tiles in reachable), tiles


@pytest.mark.parametrize("width,height", QUICK_SHAPES)
def test_the_reading_order_rule_is_the_same_invariant(width, height):
    """Odd width: the tiles' inversions read row by row; even width: those plus the blank's row."""
    rng = random.Random(11)
    goal = shuffled_goal(width, height, 8)
    for _ in range(500):
        tiles = list(goal)
        rng.shuffle(tiles)
        same_side = reading_order_invariant(tiles, goal, width) == reading_order_invariant(goal, goal, width)
        assert same_side == grid.can_reach(tiles, goal, width)


def test_an_unsolvable_rectangle_has_no_solution():
    goal = standard(4, 3)
    swapped = (2, 1) + goal[2:]
    search = RectIDAStar(4, 3, swapped)
    assert search.solvable is False
    assert search.run() is True and search.done
    assert search.blank_path() == [] and search.path() == [] and search.moves is None


def test_boards_that_are_not_arrangements_are_refused():
    with pytest.raises(ValueError):
        RectIDAStar(3, 2, (1, 2, 3, 4, 5, 5))
    with pytest.raises(ValueError):
        RectIDAStar(1, 4, (1, 2, 3, 0))
    with pytest.raises(ValueError):
        RectIDAStar(3, 2, (1, 2, 3, 4, 5, 0), goal=(1, 2, 3, 4, 5, 6))


# -- optimal lengths ------------------------------------------------------------------------------

@pytest.mark.parametrize("width,height", QUICK_SHAPES)
def test_random_boards_are_solved_optimally_on_every_small_shape(width, height):
    goal = standard(width, height)
    distance = distances_to(goal, width)
    rng = random.Random(width * 10 + height)
    for tiles in rng.sample(sorted(distance), min(60, len(distance))):
        search = solve(width, height, tiles)
        assert search.moves == distance[tiles]
        assert_replays(search, width, tiles, goal)


@pytest.mark.parametrize("width,height", [(3, 2), (2, 4), (3, 3)])
def test_any_goal(width, height):
    goal = shuffled_goal(width, height, 21)
    if not grid.can_reach(standard(width, height), goal, width):
        goal = (goal[1], goal[0]) + goal[2:] if 0 not in goal[:2] else goal[:-2] + (goal[-1], goal[-2])
    distance = distances_to(goal, width)
    rng = random.Random(2)
    for tiles in rng.sample(sorted(distance), 40) + [standard(width, height)]:
        search = solve(width, height, tiles, goal)
        assert search.moves == distance[tiles]
        assert_replays(search, width, tiles, goal)


@pytest.mark.parametrize("width,height", [(5, 2), (2, 5)])
def test_ten_cell_boards_against_search_from_both_ends(width, height):
    goal = standard(width, height)
    rng = random.Random(10)
    for _ in range(6):
        tiles = random_board(goal, width, rng)
        search = solve(width, height, tiles)
        assert search.moves == meet_in_the_middle(tiles, goal, width)
        assert_replays(search, width, tiles, goal)


@pytest.mark.parametrize("width,height,steps", [(4, 3, 36), (3, 4, 36), (6, 2, 34), (2, 6, 34), (5, 3, 30), (3, 5, 30), (7, 2, 34),
                                                (2, 7, 34), (8, 2, 34), (4, 4, 30)])
def test_bigger_shapes_against_search_from_both_ends(width, height, steps):
    goal = standard(width, height)
    rng = random.Random(width * height)
    for _ in range(2):
        tiles = random_walk(goal, width, steps, rng)
        search = solve(width, height, tiles)
        assert search.moves == meet_in_the_middle(tiles, goal, width)
        assert_replays(search, width, tiles, goal)


def test_slices_give_the_same_answer_as_one_run():
    goal = standard(4, 3)
    tiles = random_board(goal, 4, random.Random(4))
    whole = solve(4, 3, tiles)
    sliced = RectIDAStar(4, 3, tiles)
    calls = 1
    while not sliced.run(37):
        calls += 1
        assert sliced.bound <= whole.moves
    assert calls > 10
    assert sliced.blank_path() == whole.blank_path()
    assert sliced.stats.expanded == whole.stats.expanded


def test_a_board_at_its_goal_takes_no_move():
    search = solve(3, 2, standard(3, 2))
    assert search.moves == 0 and search.blank_path() == [] and search.path() == [standard(3, 2)]


def test_the_estimate_never_exceeds_the_distance():
    for width, height in QUICK_SHAPES:
        goal = shuffled_goal(width, height, 1) if width * height < 9 else standard(width, height)
        distance = distances_to(goal, width)
        for tiles in random.Random(0).sample(sorted(distance), min(3000, len(distance))):
            assert ManhattanEngine(tiles, goal, width, True, [0]).estimate() <= distance[tiles]


# -- pattern tables -------------------------------------------------------------------------------

@pytest.mark.parametrize("width,height", [(4, 2), (2, 4), (3, 3)])
def test_pattern_tables_are_admissible_and_at_least_manhattan(width, height):
    goal = shuffled_goal(width, height, 9) if width * height == 8 else standard(width, height)
    distance = distances_to(goal, width)
    partitions = (rect_tables.default_patterns(width, height, goal),
                  rect_tables.default_patterns(width, height, goal, shifted=True))
    for tables in rect_tables.tables_for(width, height, goal, partitions):
        assert sorted(t for p in tables.patterns for t in p) == list(range(1, width * height))
        for tiles in random.Random(1).sample(sorted(distance), 3000):
            value = tables.estimate(tiles)
            assert grid.manhattan(tiles, grid.goal_cells(goal), width) <= value <= distance[tiles]


@pytest.mark.parametrize("width,height", [(4, 2), (3, 3), (2, 5)])
def test_searches_on_pattern_tables_are_optimal(width, height):
    goal = standard(width, height)
    tables = rect_tables.tables_for(width, height, goal)
    rng = random.Random(6)
    for _ in range(15):
        tiles = random_board(goal, width, rng)
        search = solve(width, height, tiles, tables=tables)
        assert "pattern tables" in search.method
        expected = distances_to(goal, width)[tiles] if width * height <= 9 else meet_in_the_middle(tiles, goal, width)
        assert search.moves == expected
        assert_replays(search, width, tiles, goal)


def test_tables_with_any_goal_and_in_slices():
    goal = shuffled_goal(3, 3, 4)
    tables = rect_tables.tables_for(3, 3, goal)
    distance = distances_to(goal, 3)
    for tiles in random.Random(8).sample(sorted(distance), 10):
        whole = solve(3, 3, tiles, goal, tables)
        sliced = RectIDAStar(3, 3, tiles, goal, tables)
        while not sliced.run(5):
            pass
        assert whole.moves == sliced.moves == distance[tiles]
        assert sliced.blank_path() == whole.blank_path()


def test_tables_for_another_goal_are_refused():
    tables = rect_tables.tables_for(3, 2)
    with pytest.raises(ValueError):
        RectIDAStar(3, 2, standard(3, 2), shuffled_goal(3, 2, 1), tables)


def test_tables_are_built_in_short_steps_and_kept(tmp_path):
    rect_tables.forget()
    steps = rect_tables.building(4, 3, folder=tmp_path, step_seconds=0.0)
    progress = []
    while True:
        try:
            progress.append(next(steps))
        except StopIteration as finished:
            built = finished.value
            break
    assert [t.describe() for t in built] == ["4-4-3", "2-5-4"]
    assert progress and all(p["tables"] == 6 for p in progress)
    assert all(t.seconds > 0 for t in built)
    assert rect_tables.cached(4, 3) == built
    assert len(list(tmp_path.glob("rect-4x3-*.zpdb"))) == 6
    rect_tables.forget()
    assert rect_tables.cached(4, 3) is None
    read = to_end(rect_tables.building(4, 3, folder=tmp_path))
    assert [t.tables for t in read] == [t.tables for t in built]


def test_only_the_tables_of_the_last_few_shapes_asked_for_stay_in_memory():
    """A table is a list in memory (4 bytes an entry in the worker): a session that tries many shapes and goals
    keeps those of the last MEMORY_SHAPES only, the one asked for again counting as the latest."""
    rect_tables.forget()
    shapes = [(3, 2), (2, 3), (4, 2), (2, 4)]
    assert rect_tables.MEMORY_SHAPES == 3
    for width, height in shapes[:3]:
        rect_tables.tables_for(width, height)
    rect_tables.tables_for(3, 2)                     # asked for again: now the latest
    rect_tables.tables_for(2, 4)
    assert rect_tables.cached(2, 3) is None          # the least recently asked for went
    assert all(rect_tables.cached(w, h) is not None for w, h in [(4, 2), (3, 2), (2, 4)])
    rect_tables.forget()


def test_groups_are_blocks_of_the_goal():
    assert rect_tables.default_patterns(7, 2, standard(7, 2)) == ((1, 8, 2, 9, 3), (10, 4, 11, 5), (12, 6, 13, 7))
    assert rect_tables.default_patterns(7, 2, standard(7, 2), shifted=True) == (
        (1, 8, 2), (9, 3, 10, 4, 11), (5, 12, 6, 13, 7))
    assert rect_tables.default_patterns(3, 5, standard(3, 5)) == ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10), (11, 12, 13, 14))
    assert len(rect_tables.default_partitions(3, 3, standard(3, 3))) == 1


def test_preparing_a_search_builds_tables_only_where_they_pay():
    small = to_end(preparing(3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8)))
    assert "linear conflicts" in small.method
    rect_tables.forget()
    goal = standard(5, 2)
    unsolvable = to_end(preparing(5, 2, (2, 1) + goal[2:]))
    assert unsolvable.solvable is False and unsolvable.run() and unsolvable.blank_path() == []
    assert rect_tables.cached(5, 2) is None
    tiles = random_walk(goal, 5, 40, random.Random(3))
    search = to_end(preparing(5, 2, tiles))
    assert "pattern tables (5-4)" in search.method
    assert to_end(searching(search)) and search.moves == meet_in_the_middle(tiles, goal, 5)


# -- the benchmark -------------------------------------------------------------------------------

def test_the_rect_benchmark_checks_its_answers(capsys):
    assert rect_bench.main(["--shapes", "3x2,2x4", "--boards", "3", "--estimates", "tables,conflicts",
                            "--check"]) == 0
    out = capsys.readouterr().out
    assert out.count("= breadth-first") == 12
    assert "2x4 tables: tables 4-3 built in" in out and "WRONG" not in out


def test_the_benchmark_deals_the_same_boards_for_a_seed():
    boards = rect_bench.random_boards(5, 3, 4, seed=27)
    assert boards == rect_bench.random_boards(5, 3, 4, seed=27) != rect_bench.random_boards(5, 3, 4, seed=28)
    assert all(grid.can_reach(b, standard(5, 3), 5) for b in boards)


# -- exhaustive (slow) ----------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("width,height", [(3, 2), (2, 3), (4, 2), (2, 4), (3, 3)])
def test_every_arrangement_of_the_small_shapes(width, height):
    goal = standard(width, height)
    for tiles, moves in distances_to(goal, width).items():
        assert solve(width, height, tiles).moves == moves


@pytest.mark.slow
@pytest.mark.parametrize("width,height", [(5, 2), (2, 5)])
def test_ten_cell_shapes_against_full_breadth_first_search(width, height):
    goal = standard(width, height)
    distance = distances_to(goal, width)
    assert len(distance) == math.factorial(10) // 2
    rng = random.Random(55)
    for tiles in rng.sample(sorted(distance), 300):
        assert solve(width, height, tiles).moves == distance[tiles]
    rect_tables.forget()


@pytest.mark.slow
@pytest.mark.parametrize("width,height", [(4, 3), (3, 4), (6, 2), (2, 6)])
def test_random_boards_of_twelve_cells_against_search_from_both_ends(width, height):
    goal = standard(width, height)
    tables = rect_tables.tables_for(width, height, goal)
    rng = random.Random(99)
    for _ in range(5):
        tiles = random_board(goal, width, rng)
        assert solve(width, height, tiles, tables=tables).moves == meet_in_the_middle(tiles, goal, width)
