"""8x2's compact 7-tile tables (pdb_files.COMPACT_8X2, built by buildtools/build_compact.py with NumPy) and their engine
(fast/engines/pdb_8x2.py): the builder gives the pure-Python builder's values, the engine's ranks follow the board, its
estimate is admissible (every board within 24 moves of the goal, and every board of tested optimal paths), and the
policy's answers are as long as an independent optimal search's, for 8x2 and 2x8 boards and corner goals.  The test
run's build makes the tables (about a minute on two cores); without them the tests that read them skip, saying so."""

from __future__ import annotations

import random

import pytest

from puzzlesolver import grid, policy
from puzzlesolver.board import random_board
from puzzlesolver.fast.engines.pdb_8x2 import Engine8x2
from puzzlesolver.fast.searches.rect_ida import RectIDAStar
from puzzlesolver.fast.tables import pdb_files, rect_tables
from puzzlesolver.formats import BoardPuzzle

GOAL = grid.standard_goal(8, 2)


@pytest.mark.parametrize("width, height, pattern", [
    (8, 2, (7, 8, 15)),
    (8, 2, (1, 9, 2, 10)),
    (4, 4, (1, 2, 5)),
    (4, 4, (12, 15, 11, 8)),
])
def test_the_compact_builder_gives_the_pure_python_builders_values(width, height, pattern):
    """Two independent searches over (placement, the blank's region): the compact builder's k-permutation ranks in
    its layout's order (8x2 column by column, 4x4 row by row) and rect_tables' base-16 digits."""
    pytest.importorskip("numpy")
    from buildtools.build_compact import LAYOUTS, build_compact, rank_cells
    layout = LAYOUTS[width, height]
    goal = grid.standard_goal(width, height)
    compact = build_compact(pattern, layout)
    reference = rect_tables.tables_for(width, height, goal, [[pattern]])[0].tables[0]
    checked = 0
    for index, value in enumerate(reference):
        cells = [index // 16 ** i % 16 for i in range(len(pattern))]
        if len(set(cells)) == len(cells):
            assert compact[rank_cells([layout.number(c) for c in cells])] == value, cells
            checked += 1
    assert checked == len(compact)


def test_a_table_counted_to_the_blank_anywhere_is_at_most_the_one_counted_to_the_goal():
    pytest.importorskip("numpy")
    from buildtools.build_compact import LAYOUTS, build_compact
    exact = build_compact((7, 8, 15), LAYOUTS[8, 2])
    free = build_compact((7, 8, 15), LAYOUTS[8, 2], any_blank=True)
    assert (free <= exact).all() and (free < exact).any()


@pytest.fixture(scope="module")
def tables():
    if pdb_files.missing_files(pdb_files.COMPACT_8X2):
        pytest.skip("8x2's compact tables are not built (python3 build.py, about a minute)")
    return [pdb_files.load_table(name) for name in pdb_files.COMPACT_8X2]


@pytest.fixture(scope="module")
def estimate(tables):
    """The engine's estimate of any 8x2 board, worked out from scratch."""
    engine = Engine8x2(GOAL, [0], *tables)

    def of(tiles):
        md, _, _, _, right, left = engine.state(tiles)
        return md + right + left
    return of


def test_the_engines_ranks_and_estimates_follow_the_board_move_by_move(tables):
    """The ranks are updated from the move alone (a constant, and the tile jumped over); along a random walk they stay
    what they are worked out from scratch."""
    engine = Engine8x2(GOAL, [10 ** 9], *tables)
    args = engine.reset(10 ** 6)
    rng = random.Random(8)
    moved = 0
    for _ in range(3000):
        child = engine.child(args, rng.choice(grid.blank_moves(8, 2)[args[1]]))
        if isinstance(child, tuple):
            args = child[0]
            moved += 1
            assert args[3:] == engine.state(engine.board)
    assert moved > 2000


def test_the_estimate_is_at_most_the_distance_of_every_board_within_24_moves_of_the_goal(estimate):
    """Admissible, checked exactly near the goal: breadth-first search gives every board's distance up to 24 moves."""
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
    assert estimate(GOAL) == 0 and all(estimate(tiles) <= d for tiles, d in seen.items())


def boards():
    """Boards of 16 cells that the 5-tile tables solve within a second or two (the rect16 suite's quick ones), and
    a 2x8 board 80 random moves from a goal with its blank in the top left corner."""
    rng = random.Random(2026 + 16)
    drawn = [(w, tuple(random_board(w, rng, height=16 // w).tiles), None) for w in (8, 2) for _ in range(10)]
    corner_goal = (0,) + tuple(range(1, 16))
    board = list(corner_goal)
    for _ in range(80):
        blank = board.index(0)
        cell = rng.choice(grid.blank_moves(2, 8)[blank])
        board[blank], board[cell] = board[cell], 0
    return [drawn[i] for i in (3, 5, 7, 10, 12, 14, 15)] + [(2, tuple(board), corner_goal)]


@pytest.mark.parametrize("width, tiles, goal", boards())
def test_the_compact_tables_give_the_5_tile_tables_optimum(estimate, width, tiles, goal):
    """The reference: the same board solved by IDA* on the 5-tile tables, an independent optimal search; the estimate
    is admissible on every board of its optimal path; and the policy's answer (on the compact tables) is as long and
    valid."""
    goal = goal or grid.standard_goal(width, 16 // width)
    canon_tiles, back, wide = grid.canonical_rectangle(tiles, goal, width)
    five = rect_tables.tables_for(8, 2, folder=rect_tables.folder())
    reference = RectIDAStar(8, 2, canon_tiles, None, five, back)
    assert reference.run()
    left = reference.moves
    for board in reference.path():
        assert estimate(board) <= left
        left -= 1
    result = policy.solve(BoardPuzzle(width, tiles, goal=goal))
    assert result.optimal and result.moves == reference.moves
    assert "7-7-1 compact pattern tables" in result.method
    board = list(tiles)
    for cell in result.blank_path:
        blank = board.index(0)
        assert cell in grid.blank_moves(width, 16 // width)[blank]
        board[blank], board[cell] = board[cell], 0
    assert tuple(board) == goal


def test_without_the_compact_tables_an_8x2_board_is_solved_on_the_5_tile_tables(monkeypatch, tmp_path):
    """The plan's fallback (the tables built for the shape) when the compact ones cannot be had, with the same
    optimum."""
    monkeypatch.setenv("PUZZLESOLVER_PDB_DIR", str(tmp_path))   # nothing on hand
    monkeypatch.setattr(pdb_files, "_cache", {})
    tiles = tuple(range(1, 13)) + (0, 13, 14, 15)               # three slides from the goal
    result = policy.solve(BoardPuzzle(8, tiles))
    assert result.optimal and result.moves == 3
    assert "additive pattern tables (5-5-5 and 3-5-5-2)" in result.method


def test_one_boards_compact_tables_are_kept_in_memory_at_a_time(tables, monkeypatch):
    """Reading 8x2's tables drops the 15-puzzle's from the cache (a tab's heap never shrinks: 173 + 115 MB would
    stay), and reading the 15-puzzle's drops 8x2's; each is read again when needed."""
    if pdb_files.missing_files(pdb_files.COMPACT_4):
        pytest.skip("the 15-puzzle's compact tables are not built")
    monkeypatch.setattr(pdb_files, "_cache", {})
    pdb_files.load_table(pdb_files.COMPACT_4[0])
    pdb_files.load_table(pdb_files.COMPACT_8X2[0])
    assert set(pdb_files._cache) == {pdb_files.COMPACT_8X2[0]}
    pdb_files.load_table(pdb_files.COMPACT_4[1])
    assert set(pdb_files._cache) == {pdb_files.COMPACT_4[1]}
