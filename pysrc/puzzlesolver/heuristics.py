"""Admissible estimates for sliding boards, as interchangeable parts of :data:`board.HEURISTICS`.

Importing this module registers, next to the seeds' ``hamming`` and ``manhattan``:

``linear-conflict``
    Manhattan distance plus 2 for every tile that must leave its goal row (or column) to let
    another tile of that line pass: per line, the tiles already in their goal line minus the
    longest run of them in goal order.  Any n, any goal.
``walking-distance``
    Ken'ichiro Takahashi's walking distance: for rows, the fewest vertical moves that bring every
    tile into its goal row when tiles of the same goal row are indistinguishable (found by a
    breadth-first search over "how many tiles of goal row g sit in row r" tables); plus the same
    for columns.  n <= 4 (the tables grow fast beyond).
``pdb``
    Pattern databases (:mod:`puzzlesolver.pdb`): the exact distance on 3x3, the max of the 6-6-3
    sum and its mirror image on 4x4; linear conflict where no table applies.

These functions take a :class:`~puzzlesolver.board.Board` and recompute from scratch: they are the
teaching path (``Board(..., heuristic=name)`` + :class:`~puzzlesolver.search.AStar`).  The fast
path (:mod:`puzzlesolver.fast`) updates the same estimates incrementally.

>>> from puzzlesolver.board import Board
>>> b = Board([[3, 2, 1], [4, 5, 6], [7, 8, 0]])
>>> b.manhattan(), linear_conflict(b)
(4, 8)
"""

from __future__ import annotations

from bisect import bisect_left
from collections import deque
from functools import lru_cache
from typing import Dict, List, Sequence, Tuple

from . import pdb
from .board import HEURISTICS, Board

__all__ = ["linear_conflict", "walking_distance", "pattern_database", "line_conflicts"]


def line_conflicts(places: Sequence[int]) -> int:
    """Linear-conflict extra of one line: ``places`` are the goal places (along the line) of the
    tiles that sit in their goal line, in the order they stand; 2 x (count - longest increasing run)."""
    tails: List[int] = []  # tails[k]: smallest last place of an increasing run of length k + 1
    for place in places:
        k = bisect_left(tails, place)
        if k == len(tails):
            tails.append(place)
        else:
            tails[k] = place
    return 2 * (len(places) - len(tails))


@lru_cache(maxsize=32)
def _goal_cells(goal: Tuple[int, ...]) -> List[int]:
    cells = [0] * len(goal)
    for c, t in enumerate(goal):
        cells[t] = c
    return cells


def linear_conflict(board: Board) -> int:
    """Manhattan distance plus linear conflicts (admissible, any goal)."""
    n = board.size()
    tiles = board.tiles
    where = _goal_cells(board.goal)
    extra = 0
    for line in range(n):
        row_places = []
        col_places = []
        for k in range(n):
            t = tiles[line * n + k]
            if t and where[t] // n == line:
                row_places.append(where[t] % n)
            t = tiles[k * n + line]
            if t and where[t] % n == line:
                col_places.append(where[t] // n)
        if len(row_places) > 1:
            extra += line_conflicts(row_places)
        if len(col_places) > 1:
            extra += line_conflicts(col_places)
    return board.manhattan() + extra


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
    """Walking distance (rows + columns) for boards up to 4x4; linear conflict for larger ones."""
    n = board.size()
    if n > 4:
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


# -- pattern databases on Board objects ---------------------------------------------------------

@lru_cache(maxsize=16)
def _canonical_map(n: int, goal: Tuple[int, ...]):
    """(cell map board->canonical, label map board->canonical, canonical blank) or None."""
    from .fast import _symmetries  # the same symmetry search the fast path uses

    blanks = (15,) if n == 4 else pdb.EXACT_3_BLANKS if n == 3 else ()
    gb = goal.index(0)
    for sym in _symmetries(n):
        if sym[gb] in blanks:
            std = pdb.standard_goal_with_blank(n, sym[gb])
            relabel = [0] * (n * n)
            for cell in range(n * n):
                relabel[goal[cell]] = std[sym[cell]]
            return sym, relabel, sym[gb]
    return None


def pattern_database(board: Board) -> int:
    """Exact distance (3x3) or max(6-6-3, mirrored 6-6-3) (4x4); linear conflict where no table applies."""
    n = board.size()
    mapping = _canonical_map(n, board.goal) if n in (3, 4) else None
    if mapping is None:
        return linear_conflict(board)
    sym, relabel, blank = mapping
    canon = [0] * (n * n)
    for cell, t in enumerate(board.tiles):
        canon[sym[cell]] = relabel[t]
    try:
        if n == 3:
            return pdb.exact_3(blank)[pdb.rank_perm(canon)]
        tabs = pdb.tables_663()
    except pdb.PdbMissing:
        return linear_conflict(board)
    tr = [(c % 4) * 4 + c // 4 for c in range(16)]
    normal = mirror = 0
    pos = [0] * 16
    for c, t in enumerate(canon):
        pos[t] = c
    for p, pattern in enumerate(pdb.PATTERNS_4):
        normal += tabs[p][sum(pos[t] << (4 * i) for i, t in enumerate(pattern))]
        # the mirror image: tile u of the pattern stands where the mirror tile of u stands, transposed
        mirror += tabs[p][sum(tr[pos[tr[t - 1] + 1]] << (4 * i) for i, t in enumerate(pattern))]
    return max(normal, mirror)


HEURISTICS.setdefault("linear-conflict", linear_conflict)
HEURISTICS.setdefault("walking-distance", walking_distance)
HEURISTICS.setdefault("pdb", pattern_database)
