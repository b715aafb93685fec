"""Pattern databases: generation checked against brute force, the data directory, the loader."""

from __future__ import annotations

import itertools
import random
from collections import deque

import pytest

from buildtools import build_tables
from puzzlesolver import grid
from puzzlesolver.board import Board
from puzzlesolver.fast.tables import pdb_files


def brute_force_pattern_distances(n, goal, pattern):
    """0-1 BFS over (pattern cells, blank cell) with dicts: the definition, slowly."""
    start = (tuple(goal.index(t) for t in pattern), goal.index(0))
    dist = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        cells, blank = state
        r, c = divmod(blank, n)
        for nb, ok in ((blank - n, r > 0), (blank + n, r < n - 1), (blank - 1, c > 0), (blank + 1, c < n - 1)):
            if not ok:
                continue
            if nb in cells:
                moved = list(cells)
                moved[cells.index(nb)] = blank
                nxt, cost = (tuple(moved), nb), 1
            else:
                nxt, cost = (cells, nb), 0
            if nxt not in dist or dist[nxt] > dist[state] + cost:
                dist[nxt] = dist[state] + cost
                (queue.appendleft if cost == 0 else queue.append)(nxt)
    best = {}
    for (cells, _), d in dist.items():
        best[cells] = min(best.get(cells, 255), d)
    return best


@pytest.mark.parametrize("n,pattern", [(3, (1, 2, 4)), (3, (5, 7, 8)), (4, (1, 2)), (4, (11, 14, 15))])
def test_pattern_table_matches_brute_force(n, pattern):
    pytest.importorskip("numpy")
    goal = grid.standard_goal_with_blank(n, n * n - 1)
    table = build_tables.build_pattern_table(n, goal, pattern)
    best = brute_force_pattern_distances(n, list(goal), pattern)
    cells = n * n
    for placement in itertools.permutations(range(cells), len(pattern)):
        index = sum(c * cells ** i for i, c in enumerate(placement))
        assert table[index] == best[placement], placement
    assert int((table != 255).sum()) == len(best)


def test_exact_3_table_is_breadth_first_distance():
    table = build_tables.build_exact_3(8)
    goal = grid.standard_goal_with_blank(3, 8)
    assert table[pdb_files.rank_perm(goal)] == 0
    assert sum(1 for v in table if v != 255) == 181_440
    assert max(v for v in table if v != 255) == 31
    # a few boards with known distances (Princeton puzzle files)
    for tiles, moves in (([8, 6, 7, 2, 5, 4, 3, 0, 1], 31), ([8, 1, 3, 4, 0, 2, 7, 6, 5], 14),
                         ([1, 2, 3, 4, 5, 0, 7, 8, 6], 1)):
        assert table[pdb_files.rank_perm(tiles)] == moves


def test_rank_perm_is_a_bijection():
    ranks = sorted(pdb_files.rank_perm(p) for p in itertools.permutations(range(5)))
    assert ranks == list(range(120))


def test_data_dir_and_missing_files(tmp_path, monkeypatch):
    pdb_files.set_data_dir(tmp_path)
    try:
        assert pdb_files.data_dir() == tmp_path
        assert pdb_files.missing_files(pdb_files.files_for(4)) == list(pdb_files.FILES_4)
        assert pdb_files.missing_files(pdb_files.files_for(5)) == list(pdb_files.FILES_5)
        assert pdb_files.missing_files(pdb_files.files_for(6)) == []
        with pytest.raises(pdb_files.TablesMissing):
            pdb_files.tables_663()
        # a built file is found and loads
        (tmp_path / pdb_files.FILES_3[0]).write_bytes(__import__("zlib").compress(build_tables.build_exact_3(8)))
        assert pdb_files.FILES_3[0] not in pdb_files.missing_files(pdb_files.files_for(3))
        assert pdb_files.exact_3(8)[pdb_files.rank_perm(grid.standard_goal_with_blank(3, 8))] == 0
    finally:
        pdb_files._data_dir = None
        pdb_files._cache.clear()
    monkeypatch.setenv("PUZZLESOLVER_PDB_DIR", str(tmp_path / "elsewhere"))
    assert pdb_files.data_dir() == tmp_path / "elsewhere"


def _tables_or_skip():
    try:
        return pdb_files.tables_663()
    except pdb_files.TablesMissing as missing:
        pytest.skip(f"{missing} (run `python3 build.py` or `python -m puzzlesolver.pdb build`)")


def test_663_tables_are_zero_at_the_goal_and_admissible():
    from puzzlesolver.heuristics import pattern_database
    _tables_or_skip()
    goal = Board.from_tiles(grid.standard_goal_with_blank(4, 15))
    assert pattern_database(goal) == 0
    # a board one move away has estimate 1 (exactly one pattern tile is off by one)
    assert pattern_database(Board.from_tiles([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15])) == 1
    # never above the true distance along random walks (distance <= walk length)
    rng = random.Random(5)
    board = goal
    for step in range(1, 60):
        board = rng.choice(board.neighbors())
        assert pattern_database(board) <= step


def test_the_5x5_tables_prove_the_same_optimum_as_linear_conflicts_for_goals_with_a_corner_blank():
    """IDA* on the 5-5-5-5-4 tables (mirror lookup, the goal mapped onto the tables' by a symmetry and a
    relabelling) and IDA* on Manhattan + linear conflicts find answers of the same length."""
    from puzzlesolver.fast.engines.manhattan import ManhattanEngine
    from puzzlesolver.fast.searches.ida import IDAStar
    from puzzlesolver.formats import BoardPuzzle
    from puzzlesolver.policy import Options, solve
    try:
        pdb_files.tables_5()
    except pdb_files.TablesMissing as missing:
        pytest.skip(f"{missing} (run `python3 build.py`)")
    rng = random.Random(3)
    for corner in (24, 0, 4, 20):
        goal = [t for t in grid.standard_goal(5) if t]
        rng.shuffle(goal)
        goal.insert(corner, 0)
        board = Board.from_tiles(goal, goal)
        for _ in range(60):
            board = board.slide(rng.choice(grid.blank_moves(5)[board.blank]))
        reference = IDAStar(board, lambda counter: ManhattanEngine(board.tiles, board.goal, 5, True, counter), "")
        reference.run(None)
        result = solve(BoardPuzzle(5, board.tiles, tuple(goal)), Options(algorithm="ida"))
        assert "5-5-5-5-4" in result.method and result.moves == len(reference.blank_path())
        *_, last = grid.tiles_along(board.tiles, result.blank_path)
        assert tuple(last) == tuple(goal)


@pytest.mark.parametrize("pattern", [(1, 2), (11, 14, 15), (3, 4, 8)])
def test_the_15_puzzles_6_6_3_builder_matches_brute_force(pattern):
    """The 6-6-3 tables come from the compact builder's search, re-indexed as the engine reads them."""
    pytest.importorskip("numpy")
    from buildtools.build_compact import build_sparse
    table = build_sparse(pattern)
    best = brute_force_pattern_distances(4, list(grid.standard_goal_with_blank(4, 15)), pattern)
    for placement in itertools.permutations(range(16), len(pattern)):
        assert table[sum(c << 4 * i for i, c in enumerate(placement))] == best[placement], placement
    assert int((table != 255).sum()) == len(best)
