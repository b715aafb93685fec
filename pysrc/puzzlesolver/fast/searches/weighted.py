"""Weighted A* on compact states (f = g + w*h, h = Manhattan + linear conflicts): fast, NOT optimal; any W x H."""

from __future__ import annotations

import heapq
from typing import Dict, List, Optional

from ... import grid
from ...board import Board
from ...search import SearchStats

__all__ = ["WeightedAStar"]

_BIG = 1 << 62


class WeightedAStar:
    """Weighted A* (f = g + w*h, h = Manhattan + linear conflicts) on compact states: fast, NOT optimal.

    The answer is a valid solution at most ``w`` times the optimal length (h is admissible), in
    practice much closer.  A child's estimate is updated from its parent's in O(n): the moved tile's
    Manhattan term and the conflicts of the two lines it left and entered.  Ties on f go to the
    smaller h (deeper nodes), so the search dives.  Duplicates are pruned by best depth seen.  The default
    weight goes by the board's cells: 1.5 up to 9 (3x3), 2 up to 16 (4x4), 3 above.
    """

    optimal = False

    def __init__(self, board: Board, weight: Optional[float] = None) -> None:
        n, height = board.width, board.height
        cells = n * height
        if weight is None:
            weight = 1.5 if cells <= 9 else 2.0 if cells <= 16 else 3.0
        self.board = board
        self.weight = weight
        self.method = f"weighted A* (w={weight:g}, Manhattan + linear conflicts): fast, NOT optimal"
        self.stats = SearchStats(0, 1, 1)
        self.done = False
        self._goal_state = None
        self.n = n
        goal = board.goal
        where = grid.goal_cells(goal)
        self._row_of = [where[t] // n for t in range(cells)]
        self._col_of = [where[t] % n for t in range(cells)]
        self._md = grid.manhattan_table(n, tuple(goal))
        self._moves = grid.blank_moves(n, height)
        self._pack = bytes if cells <= 256 else tuple
        self._goal_tuple = self._pack(t for t in goal)
        start = self._pack(board.tiles)
        h = board.manhattan() + grid.linear_conflicts(board.tiles, where, n)
        #: A proven lower bound on the optimal length: the initial estimate (the search proves no more).
        self.bound = h
        self._frontier = [(weight * h, h, 0, start)]
        self._h = {start: h}
        self._best = {start: 0}
        self._parent: Dict[object, object] = {start: None}
        if not board.is_solvable():
            self.done = True

    @property
    def frontier_size(self) -> int:
        return len(self._frontier)

    def _row_lc(self, tiles, r: int) -> int:
        n = self.n
        row_of, col_of = self._row_of, self._col_of
        places = [col_of[t] for t in tiles[r * n:r * n + n] if t and row_of[t] == r]
        return grid.line_conflicts(places) if len(places) > 1 else 0

    def _col_lc(self, tiles, c: int) -> int:
        n = self.n
        row_of, col_of = self._row_of, self._col_of
        places = [row_of[t] for t in tiles[c::n] if t and col_of[t] == c]
        return grid.line_conflicts(places) if len(places) > 1 else 0

    def run(self, max_expansions: Optional[int] = None) -> bool:
        if self.done:
            return True
        frontier, best, parent, hs = self._frontier, self._best, self._parent, self._h
        moves, w, n, md = self._moves, self.weight, self.n, self._md
        cells = len(moves)
        goal = self._goal_tuple
        stats = self.stats
        pack = self._pack
        row_lc, col_lc = self._row_lc, self._col_lc
        budget = _BIG if max_expansions is None else max_expansions
        pop, push = heapq.heappop, heapq.heappush
        while frontier:
            if budget <= 0:
                return False
            _, h, g, state = pop(frontier)
            if best[state] < g:
                continue
            if state == goal:
                self._goal_state = state
                self.done = True
                return True
            budget -= 1
            stats.expanded += 1
            b = state.index(0)
            tiles = list(state)
            g1 = g + 1
            for nb in moves[b]:
                t = tiles[nb]
                tiles[b], tiles[nb] = t, 0
                child = pack(tiles)
                known = best.get(child)
                if known is None or known > g1:
                    best[child] = g1
                    parent[child] = state
                    h1 = hs.get(child)
                    if h1 is None:
                        if nb // n != b // n:  # vertical: the rows of nb and b change
                            r0, r1 = nb // n, b // n
                            tiles[b], tiles[nb] = 0, t
                            before = row_lc(tiles, r0) + row_lc(tiles, r1)
                            tiles[b], tiles[nb] = t, 0
                            after = row_lc(tiles, r0) + row_lc(tiles, r1)
                        else:
                            c0, c1 = nb % n, b % n
                            tiles[b], tiles[nb] = 0, t
                            before = col_lc(tiles, c0) + col_lc(tiles, c1)
                            tiles[b], tiles[nb] = t, 0
                            after = col_lc(tiles, c0) + col_lc(tiles, c1)
                        h1 = h - md[t * cells + nb] + md[t * cells + b] - before + after
                        hs[child] = h1
                    push(frontier, (g1 + w * h1, h1, g1, child))
                    stats.enqueued += 1
                tiles[b], tiles[nb] = 0, t
            if len(frontier) > stats.max_frontier:
                stats.max_frontier = len(frontier)
        self.done = True
        return True

    def path(self) -> List[Board]:
        if self._goal_state is None:
            return []
        return self.board.along(self.blank_path())

    def blank_path(self) -> List[int]:
        """The blank's cells after each move of the answer found (empty before)."""
        states = []
        s = self._goal_state
        while s is not None:
            states.append(s)
            s = self._parent[s]
        return [s.index(0) for s in reversed(states[:-1])]
