"""The plan table: which search runs for a board, and what it reads, by the board's shape class and the request's kind.

A request's plan is chosen once (:func:`plan_for`), from :data:`TABLE` alone: its row is the board's *shape class*
(:func:`shape_class`: the size, and for 4x4 and 5x5 whether the pattern tables fit the goal), its column the
request's *kind* (:func:`request_kind`: the algorithm and heuristic asked for).  The data files the web worker
fetches first, the tables read into memory before the search starts and the search itself are all the plan's
(:class:`Plan`), so they always agree.  Why each entry is the one it is:

* **3x3**: IDA* on a table of exact distances (the hardest board takes 31 expansions); any goal, as a symmetry maps
  the goal's blank onto one of the three tables' (a corner, an edge, the centre).
* **4x4**: IDA* on the compact 7-tile pattern tables, else on the 6-6-3 ones when those are at hand, else on Manhattan
  distance + linear conflicts (the method says which files are missing).  The tables take goals whose blank is in a
  corner; other goals run on linear conflicts.
* **5x5 and up**, by default: the anytime search (:mod:`puzzlesolver.fast.searches.anytime`), an answer at once,
  shorter ones while it runs, and a proven lower bound.  Its bound is IDA* on the additive 5-5-5-5-4 tables on 5x5
  (goals with the blank in a corner; twice as fast as linear conflicts and stronger: the bound after 10 s, Korf &
  Felner's 24-puzzles, 0.88 -> 0.91 x the optimum), else on linear conflicts; its answers come from beams over the
  whole board up to 64 cells, from placement beams above (and on thin rectangles, where whole-board beams stall).
  ``"ida"`` asks for the bound's IDA* alone (on 5x5, the tables, or linear conflicts with the missing files named).
* **Rectangles** (W != H) of up to :data:`RECT_OPTIMAL_UP_TO` cells: optimal IDA* on additive pattern tables built
  for the shape and goal as the search starts (:mod:`puzzlesolver.fast.tables.rect_tables`; from 10 cells on), or on
  linear conflicts when that heuristic (or Manhattan distance) is asked for; larger rectangles as the big squares.
  **8x2 and 2x8** (the goal's blank in a corner) read compact 7-tile tables built once by the build instead
  (:mod:`puzzlesolver.fast.engines.pdb_8x2`: every board of the ``rect16`` suite within 2.5 million nodes, where the
  5-tile tables built for the shape took up to 131 million), and fall back on those while they cannot be had.
* ``"astar"`` / ``"astar-tree"`` (and ``"auto"`` with an estimate only A* has: hamming, walking-distance): the seeds'
  A* with that estimate, "auto" being the pattern tables on 3x3 and 4x4 and linear conflicts elsewhere.
* ``"weighted"``: weighted A* up to 4x4 and on small rectangles, the line-by-line solver above; ``"lines"``: the
  line-by-line solver on any board, its last 3x3 solved optimally (:data:`.searches.LINES_FINISH`).  Neither is
  optimal.

A plan that reads pattern tables names its :attr:`Plan.fallback`: the plan that runs when one of those files cannot
be had (the 15-puzzle's compact tables fall back on the 6-6-3 ones, and those on linear conflicts).

>>> plan_for(7, 3, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 0), Options()).name
'anytime: placement beams, bound by IDA* on linear conflicts'
>>> shape_class(7, 3, ()), request_kind(Options("ida", "pdb"))
('rectangle, 2 or 3 across, or over 64 cells', 'pdb')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Dict, NamedTuple, Optional, Sequence, Tuple

from .. import grid
from ..board import Board
from ..fast.searches.anytime import BEAM_UP_TO, AnytimeSearch, Answers
from ..fast.tables import pdb_files
from ..formats import BoardPuzzle
from ..search import BoardSearch
from ..steps import Work
from . import searches
from .options import ALGORITHMS, ASTAR_ALGORITHMS, IDA_HEURISTICS, OptionError, Options, check_options
from .searches import Factory

__all__ = ["Plan", "Row", "TABLE", "PLANS", "plan_for", "board_plan", "goal_of", "shape_class", "request_kind",
           "bound_options", "RECT_OPTIMAL_UP_TO", "THIN"]

#: Rectangles of up to this many cells get an optimal answer (2x2 to 2x8, 3x3 to 3x5, 4x4 and their transposes).
RECT_OPTIMAL_UP_TO = 16
#: A rectangle this many cells across or fewer takes placement beams whatever its cells: beams over the whole
#: board stall on such thin boards (5 s of CPU each, 10 random boards, median answer: 20x3 1,376 moves by beams,
#: 1,301 by the line-by-line solver; 2x20 893 and 882).  Placement beams against the line-by-line solver (which
#: gave the first answer on these boards, and on rectangles above 8x8, before; three random boards each, answer /
#: bound, 5 s): 20x3 2.32 / 2.70, 3x15 2.37 / 2.57, 2x20 2.57 / 2.56, 2x12 1.67 / 1.76, 3x7 1.20 / 1.24; with
#: 10 s: 20x10 2.42 / 3.31, 16x8 2.40 / 3.08, 20x5 2.23 / 3.06, 20x4 2.71 / 3.08, 10x20 2.47 / 3.35, 20x18 2.49 /
#: 3.52.
THIN = 3


@dataclass(frozen=True)
class Plan:
    """One entry of the table: ``name`` (unique), the ``search`` factory (:mod:`.searches`), the pattern-table
    ``files`` it reads (names in :func:`puzzlesolver.fast.tables.pdb_files.data_dir`), and its ``fallback``: the plan
    that runs instead when one of those cannot be had.  ``shape_tables``: it builds pattern tables for the board's own
    shape as it starts, instead of reading ``files`` (the site serves those of a few shapes)."""

    name: str
    search: Factory
    files: Tuple[str, ...] = ()
    fallback: Optional["Plan"] = None
    shape_tables: bool = False

    def searching(self, board: Board, options: Options) -> Work[BoardSearch]:
        """The search for ``board``, built in steps when it must be; the fallback's when a table is missing."""
        try:
            return (yield from self.search(board, options))
        except pdb_files.TablesMissing:
            if self.fallback is None:
                raise
            return (yield from self.fallback.searching(board, options))

    def instead(self) -> Optional["Plan"]:
        """The plan whose files are fetched and read when one of this plan's cannot be had: the fallback, when it
        reads tables of its own (the 15-puzzle's 6-6-3 ones, a rectangle's shape tables).  A fallback on linear
        conflicts reads none, and this plan's files are read all the same: those at hand may serve (a 3x3 needs
        only its goal's table)."""
        fallback = self.fallback
        return fallback if fallback is not None and (fallback.files or fallback.shape_tables) else None

    def reads(self) -> Tuple[str, ...]:
        """The files the search will read: this plan's when all are at hand, else those of :meth:`instead`."""
        other = self.instead()
        return other.reads() if other is not None and pdb_files.missing_files(self.files) else self.files


def _anytime(bound: Plan, answers: Answers) -> Factory:
    """The anytime search's factory: its lower bound proved by ``bound``'s IDA*, its answers from ``answers``."""
    def searching(board: Board, options: Options) -> Work[BoardSearch]:
        whole = yield from bound.searching(board, options)
        return AnytimeSearch(board, whole, answers)
    return searching


# -- the entries ----------------------------------------------------------------------------------------

CONFLICTS = Plan("IDA* on linear conflicts", searches.conflicts)
MANHATTAN = Plan("IDA* on Manhattan distance", searches.manhattan)
OTHER_GOAL = Plan("IDA* on linear conflicts: no tables for this goal", searches.conflicts_other_goal)
NO_TABLES = Plan("IDA* on linear conflicts: no tables for this shape", searches.conflicts_no_tables)
TABLES_MISSING = Plan("IDA* on linear conflicts: the tables missing", searches.conflicts_tables_missing)
EXACT_3 = Plan("IDA* on the exact 3x3 tables", searches.exact_3x3, pdb_files.FILES_3, TABLES_MISSING)
PDB_663 = Plan("IDA* on the 4x4 6-6-3 tables", searches.pdb_663, pdb_files.FILES_4, TABLES_MISSING)
COMPACT_4 = Plan("IDA* on the 4x4 compact tables", searches.compact_4x4, pdb_files.COMPACT_4, PDB_663)
TABLES_5 = Plan("IDA* on the 5x5 tables", searches.tables_5x5, pdb_files.FILES_5, TABLES_MISSING)
#: The anytime search's bound on 5x5: as TABLES_5, but on plain linear conflicts without the tables.
BOUND_5 = Plan("the anytime bound: IDA* on the 5x5 tables", searches.tables_5x5, pdb_files.FILES_5, CONFLICTS)
ANYTIME_5 = Plan("anytime: beams, bound by IDA* on the 5x5 tables", _anytime(BOUND_5, Answers.BEAMS), pdb_files.FILES_5)
ANYTIME_BEAMS = Plan("anytime: beams, bound by IDA* on linear conflicts", _anytime(CONFLICTS, Answers.BEAMS))
ANYTIME_PLACEMENTS = Plan("anytime: placement beams, bound by IDA* on linear conflicts",
                          _anytime(CONFLICTS, Answers.PLACEMENTS))
RECT_TABLES = Plan("IDA* on tables built for the rectangle", searches.rect_tables_search, shape_tables=True)
COMPACT_8X2 = Plan("IDA* on the 8x2 compact tables", searches.compact_8x2, pdb_files.COMPACT_8X2, RECT_TABLES)
RECT_CONFLICTS = Plan("IDA* on a rectangle's linear conflicts", searches.rect_conflicts)
ASTAR_PDB_3 = Plan("A* on the exact 3x3 tables", searches.astar_pdb, pdb_files.FILES_3)
ASTAR_PDB_4 = Plan("A* on the 4x4 6-6-3 tables", searches.astar_pdb, pdb_files.FILES_4)
#: A* with "pdb" on 5x5: its files are the 5x5 tables', though the estimate is linear conflicts there.
ASTAR_PDB_5 = Plan("A* with pdb, the 5x5 tables' files", searches.astar_pdb, pdb_files.FILES_5)
ASTAR_PDB = Plan("A* with pdb (linear conflicts: no tables for this shape)", searches.astar_pdb)
ASTAR_CONFLICTS = Plan("A* on linear conflicts", searches.astar_conflicts)
ASTAR_NAMED = Plan("A* on the estimate asked for", searches.astar_named)
WEIGHTED = Plan("weighted A*", searches.weighted)
LINES = Plan("line by line", searches.lines)

#: The plans whose search is the anytime search (an answer at once, the bound proved on the side).
ANYTIME = (ANYTIME_5, ANYTIME_BEAMS, ANYTIME_PLACEMENTS)


class Row(NamedTuple):
    """One shape class's plans, a field per request kind (:func:`request_kind`): ``auto`` (the default), ``ida``
    (IDA*'s strongest estimate), ``pdb`` (IDA* with pattern tables), ``astar`` (the seeds' A*, its estimate
    "auto"), ``astar_pdb`` (A* with pattern tables), ``weighted``; and, the same on most rows, ``conflicts`` and
    ``manhattan`` (IDA* with that estimate), ``astar_named`` (A* with any other estimate named), ``lines``."""

    auto: Plan
    ida: Plan
    pdb: Plan
    astar: Plan
    astar_pdb: Plan
    weighted: Plan
    conflicts: Plan = CONFLICTS
    manhattan: Plan = MANHATTAN
    astar_named: Plan = ASTAR_NAMED
    lines: Plan = LINES


#: THE table: the plan of every shape class (a row, see :func:`shape_class`) and request kind (a column).
TABLE: Dict[str, Row] = {
    #         auto                ida          pdb          astar            astar_pdb        weighted
    "2x2":
        Row(CONFLICTS,          CONFLICTS,   NO_TABLES,   ASTAR_CONFLICTS, ASTAR_PDB,       WEIGHTED),
    "3x3":
        Row(EXACT_3,            EXACT_3,     EXACT_3,     ASTAR_PDB_3,     ASTAR_PDB_3,     WEIGHTED),
    "4x4":
        Row(COMPACT_4,          COMPACT_4,   COMPACT_4,   ASTAR_PDB_4,     ASTAR_PDB_4,     WEIGHTED),
    "4x4, the goal's blank off the corners":
        Row(OTHER_GOAL,         OTHER_GOAL,  OTHER_GOAL,  ASTAR_PDB_4,     ASTAR_PDB_4,     WEIGHTED),
    "5x5":
        Row(ANYTIME_5,          TABLES_5,    TABLES_5,    ASTAR_CONFLICTS, ASTAR_PDB_5,     LINES),
    "5x5, the goal's blank off the corners":
        Row(ANYTIME_BEAMS,      OTHER_GOAL,  OTHER_GOAL,  ASTAR_CONFLICTS, ASTAR_PDB_5,     LINES),
    "6x6 to 8x8":
        Row(ANYTIME_BEAMS,      CONFLICTS,   NO_TABLES,   ASTAR_CONFLICTS, ASTAR_PDB,       LINES),
    "9x9 and up":
        Row(ANYTIME_PLACEMENTS, CONFLICTS,   NO_TABLES,   ASTAR_CONFLICTS, ASTAR_PDB,       LINES),
    "8x2 and 2x8, the goal's blank in a corner":
        Row(COMPACT_8X2,        COMPACT_8X2, COMPACT_8X2, ASTAR_CONFLICTS, ASTAR_CONFLICTS, WEIGHTED,
            conflicts=RECT_CONFLICTS, manhattan=RECT_CONFLICTS),
    "rectangle of up to 16 cells":
        Row(RECT_TABLES,        RECT_TABLES, RECT_TABLES, ASTAR_CONFLICTS, ASTAR_CONFLICTS, WEIGHTED,
            conflicts=RECT_CONFLICTS, manhattan=RECT_CONFLICTS),
    "rectangle of 17 to 64 cells, 4 or more across":
        Row(ANYTIME_BEAMS,      CONFLICTS,   NO_TABLES,   ASTAR_CONFLICTS, ASTAR_CONFLICTS, LINES),
    "rectangle, 2 or 3 across, or over 64 cells":
        Row(ANYTIME_PLACEMENTS, CONFLICTS,   NO_TABLES,   ASTAR_CONFLICTS, ASTAR_CONFLICTS, LINES),
}

#: Every plan the table reaches, directly or as a fallback or an anytime search's bound.
PLANS = (CONFLICTS, MANHATTAN, OTHER_GOAL, NO_TABLES, TABLES_MISSING, EXACT_3, PDB_663, COMPACT_4, TABLES_5, BOUND_5,
         *ANYTIME, RECT_TABLES, COMPACT_8X2, RECT_CONFLICTS, ASTAR_PDB_3, ASTAR_PDB_4, ASTAR_PDB_5, ASTAR_PDB, ASTAR_CONFLICTS,
         ASTAR_NAMED, WEIGHTED, LINES)


def shape_class(width: int, height: int, goal: Sequence[int]) -> str:
    """The row of :data:`TABLE` for a W x H board aiming at ``goal``."""
    if width == height:
        return _square_class(width, goal)
    cells = width * height
    if {width, height} == {8, 2} and grid.canonical_rectangle(goal, goal, width) is not None:
        return "8x2 and 2x8, the goal's blank in a corner"
    if cells <= RECT_OPTIMAL_UP_TO:
        return "rectangle of up to 16 cells"
    if min(width, height) <= THIN or cells > BEAM_UP_TO ** 2:
        return "rectangle, 2 or 3 across, or over 64 cells"
    return "rectangle of 17 to 64 cells, 4 or more across"


def _square_class(n: int, goal: Sequence[int]) -> str:
    """The row of an n x n board: its size; on 4x4 and 5x5, whether the tables fit the goal (a symmetry maps its
    blank onto theirs, in a corner)."""
    if n in (4, 5) and grid.canonical(goal, goal, n, (n * n - 1,)) is None:
        return f"{n}x{n}, the goal's blank off the corners"
    if n <= 5:
        return f"{n}x{n}"
    return "6x6 to 8x8" if n <= BEAM_UP_TO else "9x9 and up"


def request_kind(options: Options) -> str:
    """The column of :data:`TABLE` the options read (a field of :class:`Row`); :class:`OptionError` for options no
    search takes."""
    check_options(options, ALGORITHMS)
    algorithm, heuristic = options.algorithm, options.heuristic
    if algorithm in ("weighted", "lines"):
        return algorithm
    if algorithm in ASTAR_ALGORITHMS or (algorithm == "auto" and heuristic not in IDA_HEURISTICS):
        return {"auto": "astar", "pdb": "astar_pdb"}.get(heuristic, "astar_named")
    if heuristic not in IDA_HEURISTICS:
        raise OptionError(f"IDA* takes the heuristics {', '.join(IDA_HEURISTICS)}, not {heuristic!r}.", "heuristic")
    if algorithm == "auto" and heuristic == "auto":
        return "auto"
    return {"auto": "ida", "pdb": "pdb", "linear-conflict": "conflicts", "manhattan": "manhattan"}[heuristic]


@lru_cache(maxsize=64)
def plan_for(width: int, height: int, goal: Tuple[int, ...], options: Options) -> Plan:
    """The plan for a W x H board aiming at ``goal`` under ``options``: one look-up in :data:`TABLE`.  Cached, so
    that a request's data files, loading and start (each of which asks) share one choice."""
    kind = request_kind(options)
    return getattr(TABLE[shape_class(width, height, goal)], kind)


def goal_of(puzzle: BoardPuzzle) -> Tuple[int, ...]:
    """The puzzle's goal (the usual one when it names none)."""
    return tuple(puzzle.goal or grid.standard_goal(puzzle.width, puzzle.height))


def board_plan(puzzle: BoardPuzzle, options: Options) -> Optional[Plan]:
    """The plan of a board request (:func:`plan_for`), or None for options no search takes (left for the start of
    the request to report)."""
    try:
        return plan_for(puzzle.width, puzzle.height, goal_of(puzzle), options)
    except OptionError:
        return None


def bound_options(n: int, height: Optional[int] = None) -> Options:
    """The options whose search proves the best lower bound for a budget on an n x n board (n wide and ``height``
    high): IDA* alone where the default plan is the anytime search (which spends most of its work on answers, not
    on the bound), else the default (optimal, so its bound is the answer)."""
    height = height or n
    plan = plan_for(n, height, grid.standard_goal(n, height), Options())
    return Options(algorithm="ida") if plan in ANYTIME else Options()
