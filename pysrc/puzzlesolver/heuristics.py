"""Admissible estimates for sliding boards on the teaching path, in one explicit table.

:data:`ESTIMATES` maps each name to a function of a :class:`~puzzlesolver.board.Board`, which the teaching
path's search takes as its heuristic (``hamming`` and ``manhattan`` are kept up to date by the Board
itself, in O(1) per move):

``hamming``
    Tiles off their goal cell (seed 003's "misplaced tiles").
``manhattan``
    Sum of each tile's row and column distance to its goal cell.
``linear-conflict``
    Manhattan distance plus 2 for every tile that must leave its goal line (row or column) to let
    another tile of that line pass (:func:`puzzlesolver.grid.linear_conflicts`).  Any n, any goal.
``walking-distance``
    Ken'ichiro Takahashi's walking distance: for rows, the fewest vertical moves that bring every
    tile into its goal row when tiles of the same goal row are indistinguishable (found by a
    breadth-first search over "how many tiles of goal row g sit in row r" tables); plus the same
    for columns.  n <= 4 (the tables grow fast beyond); linear conflict on larger boards.
``pdb``
    Pattern databases (:mod:`puzzlesolver.fast.tables.pdb_files`): the exact distance on 3x3, the max of the
    6-6-3 sum and its mirror image on 4x4; linear conflict where no table applies.

These recompute from scratch on every board, for clarity; the fast path (:mod:`puzzlesolver.fast`)
updates the same estimates incrementally.

>>> from puzzlesolver.board import Board
>>> b = Board([[3, 2, 1], [4, 5, 6], [7, 8, 0]])
>>> b.manhattan(), linear_conflict(b)
(4, 8)
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Callable, Dict, Optional, Tuple

from . import grid
from .board import Board, BoardError
from .fast.tables import pdb_files

__all__ = ["ESTIMATES", "CHOICES", "Estimate", "estimate_named", "linear_conflict", "walking_distance",
           "pattern_database"]

#: An estimate: a function of a board that never overestimates its distance to the goal.
Estimate = Callable[[Board], int]


@lru_cache(maxsize=32)
def _goal_cells(goal: Tuple[int, ...]):
    return grid.goal_cells(goal)


def linear_conflict(board: Board) -> int:
    """Manhattan distance plus linear conflicts (admissible, any goal)."""
    return board.manhattan() + grid.linear_conflicts(board.tiles, _goal_cells(board.goal), board.width)


@lru_cache(maxsize=8)
def _walking_table(n: int, goal_blank_row: int) -> Dict[tuple, int]:
    """Distances from the goal in the row walking-distance space for an n x n board.

    A state is (counts, blank row): counts[r][g] = tiles in row r whose goal row is g.  A move takes
    a tile from a row next to the blank's into the blank's row.
    """
    goal_counts = tuple(tuple((n - (1 if r == goal_blank_row else 0)) if g == r else 0 for g in range(n))
                        for r in range(n))
    start = (goal_counts, goal_blank_row)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        counts, blank = state
        d = dist[state] + 1
        for src in (blank - 1, blank + 1):
            if not 0 <= src < n:
                continue
            for g in range(n):
                if counts[src][g]:
                    rows = [list(row) for row in counts]
                    rows[src][g] -= 1
                    rows[blank][g] += 1
                    nxt = (tuple(tuple(row) for row in rows), src)
                    if nxt not in dist:
                        dist[nxt] = d
                        queue.append(nxt)
    return dist


def walking_distance(board: Board) -> int:
    """Walking distance (rows + columns) for square boards up to 4x4; linear conflict for others."""
    n = board.width
    if n > 4 or board.height != n:
        return linear_conflict(board)
    tiles = board.tiles
    where = _goal_cells(board.goal)
    gb = where[0]
    rows = [[0] * n for _ in range(n)]
    cols = [[0] * n for _ in range(n)]
    for c, t in enumerate(tiles):
        if t:
            rows[c // n][where[t] // n] += 1
            cols[c % n][where[t] % n] += 1
    b = board.blank
    vertical = _walking_table(n, gb // n)[(tuple(map(tuple, rows)), b // n)]
    horizontal = _walking_table(n, gb % n)[(tuple(map(tuple, cols)), b % n)]
    return vertical + horizontal


@lru_cache(maxsize=16)
def _canonical_map(n: int, goal: Tuple[int, ...]) -> Optional[tuple]:
    """(cell map board->canonical, label map board->canonical, canonical blank) or None."""
    blanks = (15,) if n == 4 else pdb_files.EXACT_3_BLANKS if n == 3 else ()
    goal_blank = goal.index(0)
    for sym in grid.symmetries(n):
        if sym[goal_blank] in blanks:
            standard = grid.standard_goal_with_blank(n, sym[goal_blank])
            relabel = [0] * (n * n)
            for cell in range(n * n):
                relabel[goal[cell]] = standard[sym[cell]]
            return sym, relabel, sym[goal_blank]
    return None


def pattern_database(board: Board) -> int:
    """Exact distance (3x3) or max(6-6-3, mirrored 6-6-3) (4x4); linear conflict where no table applies."""
    n = board.width
    mapping = _canonical_map(n, board.goal) if n in (3, 4) and board.height == n else None
    if mapping is None:
        return linear_conflict(board)
    sym, relabel, blank = mapping
    canon = [0] * (n * n)
    for cell, t in enumerate(board.tiles):
        canon[sym[cell]] = relabel[t]
    try:
        if n == 3:
            return pdb_files.exact_3(blank)[pdb_files.rank_perm(canon)]
        tabs = pdb_files.tables_663()
    except pdb_files.TablesMissing:
        return linear_conflict(board)
    tr = [(c % 4) * 4 + c // 4 for c in range(16)]
    normal = mirror = 0
    pos = [0] * 16
    for c, t in enumerate(canon):
        pos[t] = c
    for p, pattern in enumerate(pdb_files.PATTERNS_4):
        normal += tabs[p][sum(pos[t] << (4 * i) for i, t in enumerate(pattern))]
        # the mirror image: tile u of the pattern stands where the mirror tile of u stands, transposed
        mirror += tabs[p][sum(tr[pos[tr[t - 1] + 1]] << (4 * i) for i, t in enumerate(pattern))]
    return max(normal, mirror)


#: Every estimate of the teaching path, by name, weakest first.
ESTIMATES: Dict[str, Estimate] = {
    "hamming": Board.hamming,
    "manhattan": Board.manhattan,
    "linear-conflict": linear_conflict,
    "walking-distance": walking_distance,
    "pdb": pattern_database,
}

#: The names a request may give: "auto" (the strongest estimate :mod:`puzzlesolver.policy` has for the
#: board) and every estimate above.
CHOICES = ("auto",) + tuple(ESTIMATES)


def estimate_named(name: str) -> Estimate:
    """The estimate called ``name`` (:data:`ESTIMATES`); :class:`~puzzlesolver.board.BoardError`, one
    sentence, for any other name."""
    try:
        return ESTIMATES[name]
    except KeyError:
        raise BoardError(f"Unknown heuristic {name[:40]!r}; choose one of {', '.join(ESTIMATES)}.") from None
