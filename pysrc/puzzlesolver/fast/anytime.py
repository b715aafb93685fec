"""An answer at once, better answers while you wait, and a proven lower bound: for 5x5 boards and up.

On boards where an optimal search may run for minutes (a random 24-puzzle), :class:`AnytimeSearch`
gives, in slices, three things at the same time:

* **an answer within the first slices**: the line-by-line solver (:mod:`.lines`), not optimal, which
  places tiles until a 4x4 corner is left and finishes that optimally with the 15-puzzle's tables;
* **better answers**: windows of the answer are replaced by optimal paths between their two ends
  (IDA* with Manhattan distance + linear conflicts towards the window's last board as goal), the
  windows sweeping along the answer and growing when a sweep finds nothing shorter;
* **a proven lower bound**: IDA* on the whole board (the same engine) raises its bound as each of its
  iterations ends; if it finishes, the answer is optimal.

The answer is *proven* optimal once its length equals the bound.  Half of each slice goes to the
whole-board IDA* (easy boards are still solved optimally in a fraction of a second); the rest improves
the answer.  Measured on random boards (CPython, 2 cores shared): 5x5, a first answer of 186 moves
after 0.4 s and 180 after 20 s, with the bound at 98; 6x6, 324 -> 298 (bound 136); 7x7, 704 -> 682
(bound 260).  The line-by-line placements are the weak point: a better first answer is the next step.  ``blank_path()`` is the best answer so far, so a caller whose budget runs out still has one,
with ``bound`` to say how far from optimal it can be at most.

>>> from puzzlesolver.board import Board
>>> search = AnytimeSearch(Board.from_tiles([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
...                                          19, 20, 21, 22, 23, 0, 24]))
>>> search.run(None), search.blank_path(), search.optimal
(True, [24], True)
"""

from __future__ import annotations

from typing import List, Optional

from .. import grid
from ..board import Board
from ..search import SearchStats
from .ida import IDAStar, ManhattanEngine
from .lines import SubgoalSearch, cut_loops

__all__ = ["AnytimeSearch"]

#: Share of each slice given to the whole-board IDA* (the rest improves the answer).
BOUND_SHARE = 0.5
#: Window lengths tried in turn; a sweep that finds nothing shorter moves to the next.
WINDOWS = (12, 18, 24, 32, 40, 50, 60, 72)
#: Expansions one window's optimal search may use before it is given up (the window is skipped).
WINDOW_LIMIT = 1_000_000


class AnytimeSearch:
    """Line-by-line answer, improved by optimal windows, with IDA* proving a lower bound (the Search protocol)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.n = n = board.size()
        self.stats = SearchStats(0, 0, 0)
        tiles, goal = board.tiles, board.goal
        self._conflicts = n <= 6  # the line table has (n+1)**n entries
        estimate = "Manhattan + linear conflicts" if self._conflicts else "Manhattan distance"
        self.method = (f"anytime: a line-by-line answer shortened by optimal windows while IDA* ({estimate}) "
                       "proves a lower bound")
        self._whole = IDAStar(board, lambda counter: ManhattanEngine(tiles, goal, n, self._conflicts, counter),
                              "IDA* + Manhattan distance" + (" + linear conflicts" if self._conflicts else ""))
        self._first = SubgoalSearch(board, finish_side=4)
        self._best: Optional[List[int]] = None
        self._window = 0          # index into WINDOWS
        self._start = 0           # where the next window begins
        self._improved = False    # whether the current sweep shortened the answer
        self._window_search: Optional[tuple] = None  # (IDAStar, start, end) being run
        self.done = not board.is_solvable()

    # -- the Search protocol ---------------------------------------------------------------------
    @property
    def bound(self) -> int:
        """A proven lower bound on the optimal length (the whole-board IDA*'s current bound)."""
        return self._whole.bound

    @property
    def optimal(self) -> bool:
        """Whether the answer so far is proven shortest."""
        return self._best is not None and (self._whole.done or len(self._best) <= self._whole.bound)

    @property
    def frontier_size(self) -> int:
        return self._whole.frontier_size

    @property
    def iteration_log(self):
        """The whole-board IDA*'s ``(bound, expansions)`` per finished iteration."""
        return self._whole.iteration_log

    def blank_path(self) -> List[int]:
        """The best answer so far as the blank's cells (empty before the first one)."""
        return list(self._best or [])

    def path(self) -> List[Board]:
        return self.board.along(self._best) if self._best is not None else []

    def run(self, max_expansions: Optional[int] = None) -> bool:
        """Work for up to ``max_expansions`` expansions; True once the answer is proven optimal."""
        if self.done:
            return True
        if self._best is None:
            before = self._first.stats.expanded
            if self._first.run(max_expansions):
                self._best = self._first.blank_path()
            self._count(self._first.stats.expanded - before)
            if self._best is None:  # the first answer takes more than this slice
                return False
        if max_expansions is None:
            self._finish_whole(None)
            return True
        whole_share = max(1, int(max_expansions * BOUND_SHARE))
        self._finish_whole(whole_share)
        if not self.done:
            self._improve(max(1, max_expansions - whole_share))
        self.done = self.done or self.optimal
        return self.done

    # -- the two halves ----------------------------------------------------------------------------
    def _count(self, expanded: int) -> None:
        self.stats.expanded += expanded

    def _finish_whole(self, budget: Optional[int]) -> None:
        before = self._whole.stats.expanded
        finished = self._whole.run(budget)
        self._count(self._whole.stats.expanded - before)
        self.stats.max_frontier = max(self.stats.max_frontier, self._whole.stats.max_frontier)
        if finished:
            self._best = self._whole.blank_path()
            self.done = True

    def _improve(self, budget: int) -> None:
        """Spend ``budget`` expansions on the current window (starting the next one when it is settled)."""
        while budget > 0 and self._window < len(WINDOWS):
            if self._window_search is None and not self._next_window():
                return
            search, start, end = self._window_search
            before = search.stats.expanded
            finished = search.run(min(budget, WINDOW_LIMIT - before))
            used = search.stats.expanded - before
            self._count(used)
            budget -= max(used, 1)
            if finished:
                self._splice(start, end, search.blank_path())
            if finished or search.stats.expanded >= WINDOW_LIMIT:
                self._window_search = None
                self._start += WINDOWS[self._window] // 2

    def _next_window(self) -> bool:
        """Set up the optimal search over the next window of the answer; False when there is none left.

        Windows sweep along the answer; a sweep that shortened it is repeated, one that did not moves
        on to longer windows, up to the last of :data:`WINDOWS` or the answer's own length.
        """
        while self._window < len(WINDOWS):
            length = WINDOWS[self._window]
            if length >= len(self._best):
                break
            if self._start + length <= len(self._best):
                boards = list(grid.tiles_along(self.board.tiles, self._best[:self._start + length]))
                self._window_search = (self._optimal_between(boards[self._start], boards[-1]),
                                       self._start, self._start + length)
                return True
            if not self._improved:
                self._window += 1
            self._improved = False
            self._start = 0
        self._window = len(WINDOWS)
        return False

    def _optimal_between(self, first, last) -> IDAStar:
        n = self.n
        conflicts = self._conflicts
        return IDAStar(Board.from_tiles(first, last),
                       lambda counter: ManhattanEngine(first, last, n, conflicts, counter), "window")

    def _splice(self, start: int, end: int, shorter: List[int]) -> None:
        if len(shorter) >= end - start:
            return
        best = self._best[:start] + shorter + self._best[end:]
        self._best = cut_loops(self.board.tiles, best, self.n)
        self._improved = True
