"""How each search of the plan table (:mod:`.plans`) is built for one board: the search factories.

A factory takes the board and the request's options and returns the search, not yet run, as work
(:mod:`puzzlesolver.steps`): most build it at once; a small rectangle's builds the pattern tables for its shape first,
in steps.  A factory that needs a table file raises :class:`~puzzlesolver.fast.tables.pdb_files.TablesMissing` when it
cannot be had; its plan's fallback then runs instead.  Which factory runs for which board is the table's to say, never
a factory's.
"""

from __future__ import annotations

from functools import wraps
from typing import Callable, List

from .. import grid
from ..board import Board
from ..fast.engines.manhattan import ManhattanEngine
from ..fast.engines.pdb_8x2 import Engine8x2
from ..fast.engines.pdb_compact import EngineMax
from ..fast.engines.pdb_squares import Exact3, Pdb5, Pdb663
from ..fast.searches.ida import IDAStar
from ..fast.searches.lines import SubgoalSearch
from ..fast.searches.rect_ida import RectIDAStar, preparing
from ..fast.searches.weighted import WeightedAStar
from ..fast.tables import pdb_files, rect_tables
from ..heuristics import ESTIMATES
from ..search import AStar, BoardSearch
from ..steps import Work
from .options import Options

__all__ = ["Factory", "at_once", "exact_3x3", "compact_4x4", "compact_8x2", "pdb_663", "tables_5x5", "conflicts", "manhattan",
           "conflicts_other_goal", "conflicts_no_tables", "conflicts_tables_missing", "rect_tables_search",
           "rect_conflicts", "astar_pdb", "astar_conflicts", "astar_named", "astar_name", "weighted", "lines",
           "LINES_FINISH"]

#: Builds the search for a board under the request's options, in steps (most in none).
Factory = Callable[[Board, Options], Work[BoardSearch]]

#: The side of the corner the line-by-line plan leaves to an optimal search: a 3x3 (a 2x3 on boards 2 cells
#: across), on Manhattan distance + linear conflicts.  It reads no table, so the plan declares no data file (IDA* on
#: Manhattan distance + linear conflicts took up to 11 s on a 4x4; the placement beams of the anytime search finish on
#: a 4x4 with the 15-puzzle's tables when those are at hand, see :mod:`puzzlesolver.fast.searches.lines`).
LINES_FINISH = 3


def at_once(build: Callable[[Board, Options], BoardSearch]) -> Factory:
    """The factory of a search built in one go (work of no steps)."""
    @wraps(build)
    def searching(board: Board, options: Options) -> Work[BoardSearch]:
        yield from ()
        return build(board, options)
    return searching


# -- IDA* on the pattern tables (each raises TablesMissing without them) -------------------------------

@at_once
def exact_3x3(board: Board, _options: Options) -> IDAStar:
    """IDA* on the exact 3x3 distance table of the goal's blank (corner, edge or centre, after a symmetry)."""
    tiles, back, blank = grid.canonical(board.tiles, board.goal, 3, pdb_files.EXACT_3_BLANKS)
    pdb_files.exact_3(blank)
    return IDAStar(board, lambda counter: Exact3(tiles, blank, counter), "IDA* + exact 8-puzzle distance table", back)


@at_once
def compact_4x4(board: Board, _options: Options) -> IDAStar:
    """IDA* on the 15-puzzle's compact 7-tile tables (the goal's blank in a corner)."""
    tiles, back, _ = grid.canonical(board.tiles, board.goal, 4, (15,))
    for name in pdb_files.COMPACT_4:
        pdb_files.load_table(name)
    return IDAStar(board, lambda counter: EngineMax(tiles, counter),
                   "IDA* + 7-7-1 compact pattern databases (two partitions, max, mirror lookup)", back)


@at_once
def compact_8x2(board: Board, _options: Options) -> RectIDAStar:
    """IDA* on 8x2's compact 7-tile tables: an 8x2 or 2x8 board whose goal's blank is in a corner, searched as its
    8x2 image with the usual goal."""
    canon = grid.canonical_rectangle(board.tiles, board.goal, board.width)
    assert canon is not None and canon[2] == 8, "the plan table sends only 8x2 and 2x8 boards, goals in a corner"
    tiles, back, _ = canon
    exact, free = (pdb_files.load_table(name) for name in pdb_files.COMPACT_8X2)
    return RectIDAStar(8, 2, tiles, back=back, engine=lambda counter: Engine8x2(tiles, counter, exact, free))


@at_once
def pdb_663(board: Board, _options: Options) -> IDAStar:
    """IDA* on the 15-puzzle's 6-6-3 tables (the goal's blank in a corner)."""
    tiles, back, _ = grid.canonical(board.tiles, board.goal, 4, (15,))
    pdb_files.tables_663()
    return IDAStar(board, lambda counter: Pdb663(tiles, counter), "IDA* + 6-6-3 pattern databases (mirror lookup)",
                   back)


@at_once
def tables_5x5(board: Board, _options: Options) -> IDAStar:
    """IDA* on the 24-puzzle's additive 5-5-5-5-4 tables (the goal's blank in a corner)."""
    pdb_files.tables_5()
    tiles, back, _ = grid.canonical(board.tiles, board.goal, 5, (24,))
    return IDAStar(board, lambda counter: Pdb5(tiles, counter), "IDA* + 5-5-5-5-4 pattern databases (mirror lookup)",
                   back)


# -- IDA* on Manhattan distance (+ linear conflicts), any W x H, the method saying why no tables ------------

def _ida_manhattan(board: Board, with_conflicts: bool, note: str = "") -> IDAStar:
    n, tiles, goal = board.width, board.tiles, board.goal
    method = "IDA* + Manhattan distance" + (" + linear conflicts" if with_conflicts else "") + note
    return IDAStar(board, lambda counter: ManhattanEngine(tiles, goal, n, with_conflicts, counter), method)


@at_once
def conflicts(board: Board, _options: Options) -> IDAStar:
    return _ida_manhattan(board, True)


@at_once
def manhattan(board: Board, _options: Options) -> IDAStar:
    return _ida_manhattan(board, False)


@at_once
def conflicts_other_goal(board: Board, _options: Options) -> IDAStar:
    """Linear conflicts where the size has tables but no symmetry maps the goal onto theirs."""
    return _ida_manhattan(board, True, " (no pattern database for this goal)")


@at_once
def conflicts_no_tables(board: Board, _options: Options) -> IDAStar:
    """Linear conflicts where pattern tables were asked for and the shape has none."""
    return _ida_manhattan(board, True, f" (no pattern databases for {board.width}x{board.height})")


@at_once
def conflicts_tables_missing(board: Board, _options: Options) -> IDAStar:
    """Linear conflicts where the size's tables are not at hand (the method names the missing files)."""
    missing = pdb_files.missing_files(pdb_files.files_for(board.width))
    return _ida_manhattan(board, True, f" (pattern tables missing: {', '.join(missing)}; build them with "
                                       "`python3 build.py`)")


# -- small rectangles ------------------------------------------------------------------------------------

@at_once
def rect_conflicts(board: Board, _options: Options) -> RectIDAStar:
    """Optimal IDA* on a small rectangle with Manhattan distance + linear conflicts."""
    return RectIDAStar(board.width, board.height, board.tiles, board.goal)


def rect_tables_search(board: Board, _options: Options) -> Work[RectIDAStar]:
    """Optimal IDA* on a small rectangle with pattern tables built for its shape and goal, in steps; each step's
    progress is a search record (no positions searched yet) saying which table is being built.

    A board taller than wide, or with its goal's blank in another corner, is searched as its symmetric image
    wide side first with the usual goal (:func:`~puzzlesolver.grid.canonical_rectangle`): one set of tables
    per shape serves all of them."""
    canon = grid.canonical_rectangle(board.tiles, board.goal, board.width)
    folder = rect_tables.folder()
    if canon is None:
        building = preparing(board.width, board.height, board.tiles, board.goal, folder)
    else:
        tiles, back, width = canon
        building = preparing(width, len(tiles) // width, tiles, folder=folder, back=back)
    while True:
        try:
            step = next(building)
        except StopIteration as built:
            return built.value
        yield None if step is None else {"expanded": 0, "frontier": 0, "bound": board.manhattan(), "enqueued": 0,
                                         "method": "building pattern tables for this shape",
                                         "table": step["table"], "tables": step["tables"]}


# -- the seeds' A*, and the searches that are fast and not optimal -----------------------------------------

class _BoardAStar(AStar):
    """The seeds' A* on Boards, giving its answer as moves too (the :class:`BoardSearch` protocol)."""

    def blank_path(self) -> List[int]:
        return [board.blank for board in self.path()[1:]]


def astar_name(algorithm: str) -> str:
    """How a method line names the seeds' A*: "astar" is A*, "astar-tree" the tree search the seeds start with."""
    return "A* tree search (no duplicate check)" if algorithm == "astar-tree" else "A*"


def _astar(board: Board, options: Options, estimate: str) -> _BoardAStar:
    """The seeds' A* the options ask for ("auto" with an estimate only A* has is A*) with ``estimate``."""
    algorithm = "astar" if options.algorithm == "auto" else options.algorithm
    return _BoardAStar(board, algorithm, heuristic=ESTIMATES[estimate],
                       method=f"{astar_name(algorithm)} with {estimate}")


@at_once
def astar_pdb(board: Board, options: Options) -> _BoardAStar:
    return _astar(board, options, "pdb")


@at_once
def astar_conflicts(board: Board, options: Options) -> _BoardAStar:
    return _astar(board, options, "linear-conflict")


@at_once
def astar_named(board: Board, options: Options) -> _BoardAStar:
    """A* with the estimate the request names."""
    return _astar(board, options, options.heuristic)


@at_once
def weighted(board: Board, options: Options) -> WeightedAStar:
    return WeightedAStar(board, options.weight)


@at_once
def lines(board: Board, options: Options) -> SubgoalSearch:
    return SubgoalSearch(board, 3.0 if options.weight is None else options.weight, finish_side=LINES_FINISH)
