"""8x2's strong pattern tables (rect_tables.STRONG: 6-6-3 and 3-6-6, built by buildtools/build_rect.py with NumPy):
the NumPy builder gives the pure-Python builder's values, and the built tables' estimate is admissible (on every
board within 24 moves of the goal and every board of the tested optimal paths) and gives the 5-tile tables' optima on 8x2 and 2x8 boards.  Building them takes about 1.5 minutes
(``python3 build.py``, or ``serve`` in the background), so the tests that read them skip when they are not built."""

from __future__ import annotations

import random

import pytest

from puzzlesolver import grid, policy
from puzzlesolver.board import random_board
from puzzlesolver.fast.searches.rect_ida import RectIDAStar
from puzzlesolver.fast.tables import rect_tables
from puzzlesolver.formats import BoardPuzzle

GOAL = tuple(range(1, 16)) + (0,)


@pytest.mark.parametrize("width, height, groups", [
    (5, 2, ((1, 6, 2, 7), (3, 8, 4), (9, 5))),
    (3, 3, ((1, 4, 7), (2, 5), (3, 6, 8))),
    (8, 2, ((7, 15, 8), (1, 9, 2), (10, 3, 11, 4, 12, 5, 13, 6, 14))),
])
def test_the_numpy_builder_gives_the_pure_python_builders_tables(width, height, groups):
    pytest.importorskip("numpy")
    from buildtools.build_rect import build_table
    goal = tuple(range(1, width * height)) + (0,)
    small = [g for g in groups if len(g) <= 4]
    rest = tuple(t for t in range(1, width * height) if all(t not in g for g in small))
    built = rect_tables.tables_for(width, height, goal, [small + ([rest] if len(rest) <= 5 else [])])[0]
    for pattern, table in zip(built.patterns, built.tables):
        if pattern in small:
            assert build_table(width, height, goal, pattern) == bytes(table), pattern


@pytest.fixture(scope="module")
def strong():
    tables = rect_tables.strong_tables(8, 2, folder=rect_tables.folder())
    if tables is None:
        pytest.skip("8x2's strong tables are not built (python3 build.py, about 1.5 minutes)")
    return tables


def estimate(tables, tiles):
    return max(t.estimate(tiles) for t in tables)


def test_the_strong_estimate_is_at_most_the_distance_of_every_board_within_24_moves_of_the_goal(strong):
    """Admissible, checked exactly near the goal: breadth-first search gives every board's distance up to 24
    moves.  (Not consistent, and not asked to be: a group's value is its least over the blank's regions, so
    one move can raise a sum by more than 1 -- as the 5-tile tables', which IDA* does not mind.)"""
    assert estimate(strong, GOAL) == 0
    moves = grid.blank_moves(8, 2)
    seen = {GOAL: 0}
    frontier = [GOAL]
    for depth in range(1, 25):
        following = []
        for tiles in frontier:
            b = tiles.index(0)
            for nb in moves[b]:
                child = list(tiles)
                child[b], child[nb] = child[nb], 0
                child = tuple(child)
                if child not in seen:
                    seen[child] = depth
                    following.append(child)
        frontier = following
    assert len(seen) > 10_000
    assert all(estimate(strong, tiles) <= d for tiles, d in seen.items())


#: Boards of 16 cells that the 5-tile tables solve in under a second or two (the rect16 suite's quick ones,
#: and a few of each orientation drawn here).
def boards():
    rng = random.Random(2026 + 16)
    drawn = [(w, tuple(random_board(w, rng, height=16 // w).tiles)) for w in (8, 2) for _ in range(10)]
    return [drawn[i] for i in (3, 5, 7, 10, 12, 14, 15)]


@pytest.mark.parametrize("width, tiles", boards())
def test_the_strong_tables_give_the_5_tile_tables_optimum(strong, width, tiles):
    """The reference: the same board solved by IDA* on the 5-tile tables (built here when not on hand), an
    independent optimal search; and the policy's answer (which reads the strong tables) is as long and valid."""
    canon_tiles, back, wide = grid.canonical_rectangle(tiles, grid.standard_goal(width, 16 // width), width)
    five = rect_tables.tables_for(8, 2, folder=rect_tables.folder())
    reference = RectIDAStar(8, 2, canon_tiles, None, five, back)
    assert reference.run()
    left = reference.moves                  # admissible on every board of an optimal path, far from the goal too
    for board in reference.path():
        assert estimate(strong, board) <= left
        left -= 1
    result = policy.solve(BoardPuzzle(width, tiles))
    assert result.optimal and result.moves == reference.moves
    assert "6-6-3" in result.method
