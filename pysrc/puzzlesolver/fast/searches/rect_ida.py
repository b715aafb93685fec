"""Optimal IDA* for rectangular W x H boards and any goal, run in slices: :class:`RectIDAStar`.

A board is ``width`` cells wide and ``height`` cells tall, its tiles given row-major with 0 for the
blank, with any goal (an arrangement of the same tiles): any W x H from 2 x 2 up can be asked for (the
square boards keep their own faster engines).  Standard library only: the engine runs in Pyodide.
Solvability is decided from parity, with no search (:func:`puzzlesolver.grid.can_reach`).

>>> search = RectIDAStar(3, 2, (1, 2, 3, 4, 0, 5))   # 3 wide, 2 tall: one slide from the goal
>>> search.run(), search.blank_path(), search.optimal
(True, [5], True)

The search follows :class:`puzzlesolver.search.Search`: ``run(max_expansions)`` a slice at a time (a resumed run
replays the path it stopped on and carries on exactly where it stopped, so the answer is that of one uninterrupted
run: :class:`~.ida.SlicedIDAStar`), ``stats``, ``bound``, ``frontier_size``, ``blank_path()``, ``path()``,
``method``, ``optimal``.  Its engine is Manhattan distance plus linear conflicts
(:mod:`puzzlesolver.fast.engines.manhattan`), or additive pattern tables built for the shape and goal
(:mod:`puzzlesolver.fast.engines.pdb_rectangles`, the tables from :mod:`puzzlesolver.fast.tables.rect_tables`), which
:func:`preparing` builds first, in steps, or any engine given (8x2's compact tables: :mod:`puzzlesolver.fast.engines.pdb_8x2`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, List, Optional, Sequence, Tuple, Union

from ...grid import Tiles, can_reach, check_rectangle, standard_goal, tiles_along
from ...search import SearchStats
from ...steps import STEP_SECONDS, Work
from ..tables import rect_tables
from .ida import SlicedIDAStar
from ..engines.manhattan import ManhattanEngine
from ..engines.pdb_rectangles import TableEngine
from ..engines.protocol import Engine

__all__ = ["RectIDAStar", "preparing"]


class RectIDAStar(SlicedIDAStar):
    """Optimal IDA* for a W x H board and any goal, run in slices (the :class:`~puzzlesolver.search.Search`
    protocol, with ``blank_path()`` as board searches give it).

    ``engine``: the engine, given the budget cell (8x2's compact tables' :class:`~puzzlesolver.fast.engines.pdb_8x2.Engine8x2`);
    else ``tables``: None for Manhattan distance + linear conflicts, else what
    :func:`puzzlesolver.fast.tables.rect_tables.tables_for` returns for this shape and goal (one or two
    :class:`~puzzlesolver.fast.tables.rect_tables.PatternTables`; with two, the larger sum).  An unsolvable
    board is done at once with ``solvable`` False and an empty path.  ``stats.expanded`` counts
    expansions over every iteration; IDA* holds only its path, so ``stats.enqueued`` and
    ``stats.max_frontier`` are the deepest path; ``bound`` is the current iteration's cost bound (a proven
    lower bound on the optimum), ``frontier_size`` the depth where the last slice stopped.
    """

    optimal = True

    def __init__(self, width: int, height: int, tiles: Sequence[int], goal: Optional[Sequence[int]] = None,
                 tables=None, back: Optional[Sequence[int]] = None,
                 engine: Optional[Callable[[List[int]], Engine]] = None) -> None:
        goal = tuple(goal) if goal is not None else standard_goal(width, height)
        check_rectangle(width, height, tiles, goal)
        self.width, self.height = width, height
        self.tiles, self.goal = tuple(tiles), goal
        self.back = back
        self.counter = [0]
        partitions = [] if tables is None else [tables] if hasattr(tables, "patterns") else list(tables)
        if any((p.width, p.height, p.goal) != (width, height, goal) for p in partitions):
            raise ValueError("the pattern tables were built for another shape or goal")
        self.engine = (engine(self.counter) if engine is not None
                       else TableEngine(width, height, tiles, partitions, self.counter) if partitions
                       else ManhattanEngine(tiles, goal, width, True, self.counter))
        self.method = f"IDA* + {self.engine.name}"
        if (partitions or engine) and back is not None and list(back) != list(range(len(back))):
            self.method += f" (solved as its {width}x{height} mirror image, the tables' shape and goal)"
        self.stats = SearchStats(0, 0, 0)
        self.iterations = 0
        self.iteration_log: List[Tuple[int, int]] = []
        self.done = False
        self.solvable = can_reach(tiles, goal, width)
        self._path_cells: Optional[List[int]] = None
        self._resume: Optional[List[int]] = None
        self._depth = 0
        if not self.solvable:
            self.done = True
            self.bound = 0
            self.initial_estimate = 0
            return
        h = self.engine.estimate()
        # every solution's length has the parity of the blank's taxicab distance to its goal cell
        b, gb = list(tiles).index(0), goal.index(0)
        parity = (abs(b // width - gb // width) + abs(b % width - gb % width)) & 1
        self.bound = h + ((h ^ parity) & 1)
        self.initial_estimate = h

    @property
    def moves(self) -> Optional[int]:
        """The optimal number of moves once found (None before, or when there is no solution)."""
        return None if self._path_cells is None else len(self._path_cells)

    def _at_goal(self, root: tuple) -> bool:
        """Whether the board is the goal, read from its tiles."""
        return self.tiles == self.goal

    def blank_path(self) -> List[int]:
        """The blank's cells after each move of the solution (row-major cells of the W x H board, or of the
        board ``back`` maps them onto: the board this one is a symmetric image of)."""
        cells = self._path_cells or []
        return [self.back[c] for c in cells] if self.back is not None else list(cells)

    def path(self) -> List[Tiles]:
        """The arrangements from the board to the goal (empty before the end, or when there is none)."""
        if not self.done or self._path_cells is None:
            return []
        return list(tiles_along(self.tiles, self._path_cells, self.width))


def preparing(width: int, height: int, tiles: Sequence[int], goal: Optional[Sequence[int]] = None,
              folder: Optional[Union[str, Path]] = None, step_seconds: float = STEP_SECONDS,
              back: Optional[Sequence[int]] = None) -> Work[RectIDAStar]:
    """The optimal search for one board, in steps: its tables built first (from
    :data:`~puzzlesolver.fast.tables.rect_tables.TABLES_FROM` cells on, and only when the board can reach its goal),
    yielding :func:`~puzzlesolver.fast.tables.rect_tables.building`'s progress; returns the :class:`RectIDAStar`,
    not yet run (run it in slices, e.g. with :func:`puzzlesolver.steps.searching`); ``back`` maps its cells onto
    the board it stands for (see :func:`puzzlesolver.grid.canonical_rectangle`).

    >>> from puzzlesolver.steps import searching, to_end
    >>> search = to_end(preparing(4, 3, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11)))
    >>> to_end(searching(search)), search.moves, search.method
    (True, 1, 'IDA* + additive pattern tables (4-4-3 and 2-5-4)')
    """
    goal = tuple(goal) if goal is not None else standard_goal(width, height)
    check_rectangle(width, height, tiles, goal)
    tables = None
    if width * height >= rect_tables.TABLES_FROM and can_reach(tiles, goal, width):
        tables = yield from rect_tables.building(width, height, goal, folder=folder, step_seconds=step_seconds)
    return RectIDAStar(width, height, tiles, goal, tables, back)
