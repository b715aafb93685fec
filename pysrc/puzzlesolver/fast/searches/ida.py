"""IDA* on compact boards, resumable in slices: the driver (:class:`SlicedIDAStar`, :class:`IDAStar`) of the engines
(:class:`~puzzlesolver.fast.engines.protocol.Engine`).

An engine holds one mutable board and the tables of one estimate, and searches depth-first with a recursive
``dfs`` closure; the driver runs IDA*'s iterations over it and cuts them into slices.  The engines are in
:mod:`puzzlesolver.fast.engines`: pattern tables of the 8-, 15- and 24-puzzles (``pdb_squares``), the 15-puzzle's
7-tile tables (``pdb_compact``), Manhattan distance + linear conflicts for any W x H (``manhattan``), the tables of a
rectangle's shape (``pdb_rectangles``, driven by :class:`~.rect_ida.RectIDAStar`).  Which engine runs for a board is
decided in :mod:`puzzlesolver.policy`.

Why it is fast in pure Python (figures in ``docs/performance.md``):

* no Board objects while searching: one mutable list of tiles, the blank's cell, and per pattern
  an integer index; a move changes one tile, so the estimate is updated from two table reads
  (old and new entry of the one pattern that tile belongs to) instead of being recomputed;
* IDA* (depth-first, memory ~ the solution length) never undoes the previous move and raises its
  bound by 2 (every solution of a board has the same parity), so it needs no per-node bookkeeping
  for the next bound;
* each engine's hot loop is one recursive function whose tables are locals (default arguments): no method
  calls, no attribute look-ups, no allocation per node; each move carries the per-tile index
  changes and the list of moves open after it (so no multiplication and no "is this the move
  back" test).

Resumable: the search counts expansions and, when a slice's budget is spent, unwinds with the path of the node it
stopped at (:class:`~puzzlesolver.fast.engines.protocol.Suspend`); the next ``run`` replays that path from the root
with the engine's slow helpers (``order``, ``child``, ``undo``) and carries on exactly where it stopped (same order,
same answer as one uninterrupted run).
"""

from __future__ import annotations

from typing import Callable, List, Optional, Tuple

from ...board import Board
from ...search import SearchStats
from ..engines.protocol import Engine, Suspend

__all__ = ["IDAStar", "SlicedIDAStar"]

_BIG = 1 << 62


# -- the resumable IDA* driver ---------------------------------------------------------------

class SlicedIDAStar:
    """The resumable driver of iterative-deepening A* over an engine (:class:`Engine`), run in slices (the
    :class:`~puzzlesolver.search.Search` protocol's ``run``), shared by :class:`IDAStar` (square boards) and
    :class:`~puzzlesolver.fast.searches.rect_ida.RectIDAStar` (W x H boards).

    A slice that spends its budget mid-iteration raises :class:`Suspend` out of the engine's depth-first search
    with the path it was on; the next slice replays that path (:meth:`_replay`) and goes on from there.  A
    subclass sets ``engine``, ``counter`` (the engine's budget cell), ``bound``, ``stats``, ``iterations``,
    ``iteration_log``, ``done``, ``_path_cells``, ``_resume`` and ``_depth``, and may say what a board at the
    goal looks like (:meth:`_at_goal`).
    """

    engine: Engine
    counter: List[int]
    bound: int
    stats: SearchStats
    iterations: int
    iteration_log: List[Tuple[int, int]]
    done: bool
    _path_cells: Optional[List[int]]
    _resume: Optional[List[int]]
    _depth: int

    def _at_goal(self, root: tuple) -> bool:
        """Whether the search starts at the goal (``root``: the engine's reset arguments)."""
        return root[3] == 0

    @property
    def frontier_size(self) -> int:
        return self._depth

    def run(self, max_expansions: Optional[int] = None) -> bool:
        if self.done:
            return True
        engine = self.engine
        budget = _BIG if max_expansions is None else max(1, max_expansions)
        self.counter[0] = budget
        try:
            while True:
                engine.found.clear()
                root = engine.reset(self.bound)
                if self._at_goal(root):
                    found = True
                elif self._resume is not None:
                    path, self._resume = self._resume, None
                    found = self._replay(root, path, 0)
                else:
                    found = engine.dfs(*root)
                if found:
                    cells = list(reversed(engine.found))
                    self._path_cells = cells
                    self.stats.max_frontier = max(self.stats.max_frontier, len(cells))
                    self.done = True
                    return True
                self.iterations += 1
                expanded_so_far = self.stats.expanded + budget - max(self.counter[0], 0)
                self.iteration_log.append((self.bound, expanded_so_far - sum(n for _, n in self.iteration_log)))
                self.bound += 2
        except Suspend as stop:
            self._resume = list(reversed(stop.path))
            self._depth = len(self._resume)
            self.stats.max_frontier = max(self.stats.max_frontier, self._depth)
            return False
        finally:
            used = budget - max(self.counter[0], 0)
            self.stats.expanded += used
            self.stats.enqueued = self.stats.max_frontier

    def _replay(self, args: tuple, path: List[int], i: int) -> bool:
        engine = self.engine
        if i == len(path):
            return engine.dfs(*args)
        order = engine.order(args)
        start = order.index(path[i])
        for nb in order[start:]:
            child = engine.child(args, nb)
            if child is None:
                continue
            if child is True:
                engine.found.append(nb)
                return True
            try:
                if nb == path[i]:
                    ok = self._replay(child[0], path, i + 1)
                else:
                    ok = engine.dfs(*child[0])
            except Suspend as stop:
                stop.path.append(nb)
                raise
            if ok:
                engine.found.append(nb)
                return True
            engine.undo(args, nb, child)
        return False


class IDAStar(SlicedIDAStar):
    """Iterative-deepening A* over an engine, run in slices (the :class:`~puzzlesolver.search.Search` protocol).

    ``stats.expanded`` counts expanded nodes over all iterations; IDA* keeps no queue, only the path
    it is on, so ``stats.enqueued`` and ``stats.max_frontier`` are the most nodes held at once (the
    deepest path: memory stays O(solution length)); ``bound`` is the current
    iteration's cost bound (a lower bound on the optimal length), ``frontier_size`` the depth of the
    node the last slice stopped at.
    """

    optimal = True

    def __init__(self, board: Board, engine_factory: Callable[[List[int]], Engine], method: str,
                 back: Optional[List[int]] = None) -> None:
        self.board = board
        self.counter = [0]
        self.engine = engine_factory(self.counter)
        self.method = method
        self.back = back
        self.stats = SearchStats(0, 0, 0)
        self.iterations = 0
        #: One ``(bound, expansions)`` pair per finished iteration (for the explain view's IDA* chart).
        self.iteration_log: List[Tuple[int, int]] = []
        self.done = False
        self._path_cells: Optional[List[int]] = None
        self._resume: Optional[List[int]] = None
        self._depth = 0
        if not board.is_solvable():
            self.done = True
            self.bound = 0
            return
        h = self.engine.estimate()
        # every solution's length has the parity of the blank's taxicab distance to its goal cell
        n = board.width
        b, gb = board.blank, board.goal.index(0)
        parity = (abs(b // n - gb // n) + abs(b % n - gb % n)) & 1
        self.bound = h + ((h ^ parity) & 1)
        self.initial_estimate = h

    def blank_path(self) -> List[int]:
        """The blank's cells after each move of the solution, in the board's own coordinates."""
        if not self._path_cells:
            return []
        cells = self._path_cells
        if self.back is not None:
            cells = [self.back[c] for c in cells]
        return cells

    def path(self) -> List[Board]:
        if not self.done or self._path_cells is None:
            return []
        return self.board.along(self.blank_path())
