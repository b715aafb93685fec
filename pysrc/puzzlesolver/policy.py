"""The policy: a puzzle and options -> which search runs (and which data files it reads) -> one Result.

This is the one place that decides how a request is searched.  The command line, the web worker's
API and the benchmark all call it, so the same puzzle with the same options runs the same method
everywhere.

Boards (``algorithm`` / ``heuristic``):

* ``"auto"`` / ``"auto"``: the fastest optimal search measured for the size: IDA* on the exact
  distance table (3x3, any goal), IDA* with the compact 7-tile pattern databases (4x4, goals the
  tables fit; the 6-6-3 ones when those are not at hand), else IDA* with Manhattan distance + linear
  conflicts; from 5x5 on, the anytime search (:mod:`puzzlesolver.fast.anytime`): IDA* proving a
  lower bound (and, if it finishes, the optimum), while beam searches from both ends find shorter and
  shorter answers (the line-by-line solver first from 9x9 on), so a budget that runs out still leaves a
  good answer and a proven lower bound.  On 5x5 (goals with the blank in a corner) that IDA* reads the
  additive 5-5-5-5-4 pattern tables (5.3 MB of files, 39 MB in memory) when they are at hand: twice as
  fast as linear conflicts and stronger (the bound after 10 s, Korf & Felner's 24-puzzles: 0.88 -> 0.91
  x the optimum);
* ``"ida"``: IDA* with ``"pdb"`` (as above), ``"linear-conflict"`` (any size: from 7x7 on the conflicts
  of a line are computed the first time it is met) or ``"manhattan"``;
* ``"astar"`` / ``"astar-tree"``: the seeds' A* on :class:`~puzzlesolver.board.Board` objects with
  any estimate of :data:`puzzlesolver.heuristics.ESTIMATES` ("auto": pdb on 3x3 and 4x4, linear
  conflict on larger boards); ``"astar-tree"`` is the seeds' version without duplicate pruning;
* ``"weighted"``: NOT optimal but fast: weighted A* up to 4x4, the line-by-line solver from 5x5 on;
* ``"lines"``: the line-by-line solver (NOT optimal) on any size.

With ``"auto"``, a heuristic only A* offers (hamming, walking-distance) runs on A*.  When pattern
tables are missing the search does without them and its ``method`` says so.

Rectangles (W x H, W != H): up to :data:`RECT_OPTIMAL_UP_TO` cells, ``"auto"`` and ``"ida"`` are optimal:
IDA* (:mod:`puzzlesolver.fast.rect`) on additive pattern tables built for the shape and goal on demand, in
steps (:mod:`puzzlesolver.fast.rect_tables`; from 10 cells on), or on Manhattan distance + linear conflicts
when that heuristic is asked for; above that, the anytime search as on big squares.  ``"weighted"`` and
``"lines"`` are the line-by-line solver, the A* searches the seeds' A*.

:func:`starting` does the work of :func:`start` in steps (:mod:`puzzlesolver.steps`): the pattern
tables are read a few megabytes at a time, so that the web worker can answer other requests meanwhile.

Word ladders: A* (``"auto"`` = ``"astar"``, or ``"astar-tree"``) with the edit distance, after a
bounded two-sided breadth-first search that settles most "no ladder" cases at once.

>>> from puzzlesolver.formats import BoardPuzzle
>>> result = solve(BoardPuzzle(3, (8, 1, 3, 4, 0, 2, 7, 6, 5)))
>>> print(result.status, result.moves, result.optimal, result.method)
solved 14 True IDA* + exact 8-puzzle distance table
>>> solve(BoardPuzzle(3, (8, 1, 3, 4, 0, 2, 7, 6, 5)), Options(algorithm="astar")).method
'A* with pdb'
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Collection, List, Optional, Sequence, Tuple, Union

from . import grid
from .board import Board
from .fast import compact, rect_tables, tables
from .fast.anytime import AnytimeSearch, bound_search
from .fast.ida import Exact3, IDAStar, ManhattanEngine, Pdb663
from .fast.lines import SubgoalSearch
from .fast.rect import RectIDAStar
from .fast.weighted import WeightedAStar
from .formats import BoardPuzzle, WordPuzzle
from .budget import within
from .results import BoardResult, Kind, LadderResult, Result, Status
from .steps import Work, to_end
from .heuristics import CHOICES as HEURISTICS
from .heuristics import ESTIMATES
from .search import ALGORITHMS as ASTAR_ALGORITHMS
from .search import AStar, BoardSearch, Search, SearchStats
from .words import DICTIONARIES, WordState, ladder_exists, ladder_start, word_list_path

__all__ = ["Options", "Result", "BoardResult", "LadderResult", "Kind", "Status", "Solving", "DataFile", "OptionError", "solve", "start", "starting", "data_files", "loading",
           "no_answer", "blank_first_goal", "board_search", "bound_options", "iteration_log", "ALGORITHMS", "HEURISTICS",
           "WORD_ALGORITHMS"]

Puzzle = Union[BoardPuzzle, WordPuzzle]

#: Algorithm names a board request accepts.
ALGORITHMS = ("auto", "ida", "astar", "astar-tree", "weighted", "lines")
#: Algorithm names a word-ladder request accepts.
WORD_ALGORITHMS = ("auto",) + ASTAR_ALGORITHMS
#: From this side on, "auto" runs the anytime search: an answer at once, optimal when IDA* can prove it.
ANYTIME_FROM = 5

#: Rectangles of up to this many cells get an optimal answer (2x2 to 2x8, 3x3 to 3x5, 4x4 and their transposes).
RECT_OPTIMAL_UP_TO = 16

#: Heuristics the IDA* engines update incrementally.
IDA_HEURISTICS = ("auto", "pdb", "linear-conflict", "manhattan")


class OptionError(ValueError):
    """An option no search accepts; ``field`` is ``"algorithm"`` or ``"heuristic"``."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Options:
    """How to search: ``algorithm`` and ``heuristic`` (see the module docstring), ``weight`` for
    the weighted searches (None: their default)."""

    algorithm: str = "auto"
    heuristic: str = "auto"
    weight: Optional[float] = None


def bound_options(n: int, height: Optional[int] = None) -> Options:
    """The options whose search proves the best lower bound for a budget on an n x n board (n wide and
    ``height`` high): the default search up to 4x4 and on rectangles of up to :data:`RECT_OPTIMAL_UP_TO` cells
    (optimal, so its bound is the answer), IDA* alone from 5x5 on and on larger rectangles (the anytime search
    spends most of its work on answers, not on the bound)."""
    if height is not None and height != n:
        return Options(algorithm="ida") if n * height > RECT_OPTIMAL_UP_TO else Options()
    return Options(algorithm="ida") if n >= ANYTIME_FROM else Options()


@dataclass(frozen=True)
class DataFile:
    """A file a search reads: ``url`` relative to the web app's root, ``path`` where the engine reads it
    (a ``.gz`` url for a path that is not is to be inflated on the way: the web worker does it natively)."""

    url: str
    path: str


# -- choosing the search ---------------------------------------------------------------------------

@dataclass(frozen=True)
class _Choice:
    """What the policy picked for a board: how to build the search, the table files it reads, and the
    files it reads instead when one of those cannot be had."""

    build: Callable[[Board], BoardSearch]
    files: Tuple[str, ...] = ()
    fallback: Tuple[str, ...] = ()
    #: Builds the search in steps (a rectangle's pattern tables are built for its shape first), if it must.
    preparing: Optional[Callable[[Board], Work[BoardSearch]]] = None

    def searching(self, board: Board) -> Work[BoardSearch]:
        """The search for ``board``, built in steps when it must be (yielding their progress)."""
        if self.preparing is None:
            return self.build(board)
        return (yield from self.preparing(board))

    def tables_read(self) -> Tuple[str, ...]:
        """The files the search will read: its own when all are at hand, else its fallback's."""
        return self.fallback if self.fallback and tables.missing_files(self.files) else self.files


def _check_options(options: Options, algorithms: Sequence[str]) -> None:
    if options.algorithm not in algorithms:
        raise OptionError(f"Unknown algorithm {options.algorithm[:40]!r}; choose one of "
                          f"{', '.join(algorithms)}.", "algorithm")
    if options.heuristic not in HEURISTICS:
        raise OptionError(f"Unknown heuristic {options.heuristic[:40]!r}; choose one of "
                          f"{', '.join(HEURISTICS)}.", "heuristic")


def _choose(n: int, goal: Tuple[int, ...], options: Options) -> _Choice:
    """The search for a board ``n`` tiles wide aiming at ``goal`` under ``options`` (the whole policy)."""
    _check_options(options, ALGORITHMS)
    if len(goal) != n * n:
        return _choose_rectangle(n, len(goal) // n, goal, options)
    algorithm, heuristic, weight = options.algorithm, options.heuristic, options.weight
    if algorithm == "weighted" and n <= 4:
        return _Choice(lambda board: WeightedAStar(board, weight))
    if algorithm in ("weighted", "lines"):
        return _Choice(lambda board: SubgoalSearch(board, 3.0 if weight is None else weight))
    if algorithm == "auto" and heuristic not in IDA_HEURISTICS:
        algorithm = "astar"
    if algorithm in ASTAR_ALGORITHMS:
        estimate = heuristic if heuristic != "auto" else "pdb" if n in (3, 4) else "linear-conflict"
        files = tables.files_for(n) if estimate == "pdb" else ()
        return _Choice(lambda board: _astar(board, algorithm, estimate), files)
    if heuristic not in IDA_HEURISTICS:
        raise OptionError(f"IDA* takes the heuristics {', '.join(IDA_HEURISTICS)}, not {heuristic!r}.",
                          "heuristic")
    fits = n in (3, 4, 5) and _table_blank(n, goal) is not None
    if algorithm == "auto" and heuristic == "auto" and n >= ANYTIME_FROM:
        return _Choice(AnytimeSearch, tables.files_for(n) if fits else ())
    if heuristic in ("auto", "pdb") and fits:
        if n == 4:
            return _Choice(_ida_with_tables, tables.COMPACT_4, tables.FILES_4)
        return _Choice(_ida_with_tables, tables.files_for(n))
    note = ""
    if heuristic in ("auto", "pdb") and n in (3, 4, 5):
        note = " (no pattern database for this goal)"
    elif heuristic == "pdb":
        note = f" (no pattern databases for {n}x{n})"
    conflicts = heuristic != "manhattan"
    return _Choice(lambda board: _ida_manhattan(board, conflicts, note))


def _choose_rectangle(width: int, height: int, goal: Tuple[int, ...], options: Options) -> _Choice:
    """The search for a W x H board (W != H): optimal up to :data:`RECT_OPTIMAL_UP_TO` cells."""
    algorithm, heuristic, weight = options.algorithm, options.heuristic, options.weight
    small = width * height <= RECT_OPTIMAL_UP_TO
    if algorithm == "weighted" and small:
        return _Choice(lambda board: WeightedAStar(board, weight))
    if algorithm in ("weighted", "lines"):
        return _Choice(lambda board: SubgoalSearch(board, 3.0 if weight is None else weight))
    if algorithm == "auto" and heuristic not in IDA_HEURISTICS:
        algorithm = "astar"
    if algorithm in ASTAR_ALGORITHMS:
        estimate = "linear-conflict" if heuristic in ("auto", "pdb") else heuristic
        return _Choice(lambda board: _astar(board, algorithm, estimate))
    if heuristic not in IDA_HEURISTICS:
        raise OptionError(f"IDA* takes the heuristics {', '.join(IDA_HEURISTICS)}, not {heuristic!r}.",
                          "heuristic")
    if not small:
        if algorithm == "auto" and heuristic == "auto":
            return _Choice(AnytimeSearch)
        note = f" (no pattern databases for {width}x{height})" if heuristic == "pdb" else ""
        return _Choice(lambda board: _ida_manhattan(board, heuristic != "manhattan", note))
    if heuristic in ("auto", "pdb"):
        return _Choice(_rect_search, preparing=_rect_tables_search)
    return _Choice(_rect_search)


def _rect_search(board: Board) -> RectIDAStar:
    """Optimal IDA* on a small rectangle with Manhattan distance + linear conflicts."""
    return RectIDAStar(board.width, board.height, board.tiles, board.goal)


def _rect_tables_search(board: Board) -> Work[RectIDAStar]:
    """Optimal IDA* on a small rectangle with pattern tables built for its shape and goal, in steps; each step's
    progress is a search record (no positions searched yet) saying which table is being built.

    A board taller than wide, or with its goal's blank in another corner, is searched as its symmetric image
    wide side first with the usual goal (:func:`~puzzlesolver.grid.canonical_rectangle`): one set of tables
    per shape serves all of them."""
    canon = grid.canonical_rectangle(board.tiles, board.goal, board.width)
    folder = rect_tables.folder()
    if canon is None:
        building = rect_tables.preparing(board.width, board.height, board.tiles, board.goal, folder)
    else:
        tiles, back, width = canon
        building = rect_tables.preparing(width, len(tiles) // width, tiles, folder=folder, back=back)
    while True:
        try:
            step = next(building)
        except StopIteration as built:
            return built.value
        yield None if step is None else {"expanded": 0, "frontier": 0, "bound": board.manhattan(), "enqueued": 0,
                                         "method": "building pattern tables for this shape",
                                         "table": step["table"], "tables": step["tables"]}


def _table_blank(n: int, goal: Sequence[int]) -> Optional[int]:
    """The standard blank cell whose tables fit this goal after a symmetry, None if none does."""
    blanks = tables.EXACT_3_BLANKS if n == 3 else (n * n - 1,)
    canon = grid.canonical(goal, goal, n, blanks)
    return None if canon is None else canon[2]


class _BoardAStar(AStar):
    """The seeds' A* on Boards, giving its answer as moves too (the :class:`BoardSearch` protocol)."""

    def blank_path(self) -> List[int]:
        return [board.blank for board in self.path()[1:]]


def _astar(board: Board, algorithm: str, estimate: str) -> _BoardAStar:
    method = f"{_astar_name(algorithm)} with {estimate}"
    return _BoardAStar(board, algorithm, heuristic=ESTIMATES[estimate], method=method)


def _astar_name(algorithm: str) -> str:
    """How a method line names the seeds' A*: "astar" is A*, "astar-tree" the tree search the seeds start with."""
    return "A* tree search (no duplicate check)" if algorithm == "astar-tree" else "A*"


def _ida_with_tables(board: Board) -> BoardSearch:
    """IDA* on the table engine for this board's size, or on Manhattan + conflicts if a file is missing."""
    n = board.size()
    blank = _table_blank(n, board.goal)
    tiles, back, _ = grid.canonical(board.tiles, board.goal, n, (blank,))
    try:
        if n == 4:
            return _ida_4x4(board, tiles, back)
        if n == 5:
            tables.tables_5()
            return bound_search(board)
        tables.exact_3(blank)
        return IDAStar(board, lambda counter: Exact3(tiles, blank, counter),
                       "IDA* + exact 8-puzzle distance table", back)
    except tables.TablesMissing:
        missing = tables.missing_files(tables.files_for(n))
        return _ida_manhattan(board, True, f" (pattern tables missing: {', '.join(missing)}; build them with "
                                           "`python3 build.py`)")


def _ida_4x4(board: Board, tiles: List[int], back: List[int]) -> IDAStar:
    """The strongest 15-puzzle search whose tables are at hand: the compact 7-tile tables, else 6-6-3."""
    try:
        for name in tables.COMPACT_4:
            tables.load_table(name)
        return IDAStar(board, lambda counter: compact.EngineMax(tiles, counter),
                       "IDA* + 7-7-1 compact pattern databases (two partitions, max, mirror lookup)", back)
    except tables.TablesMissing:
        tables.tables_663()
        return IDAStar(board, lambda counter: Pdb663(tiles, counter),
                       "IDA* + 6-6-3 pattern databases (mirror lookup)", back)


def _ida_manhattan(board: Board, conflicts: bool, note: str = "") -> IDAStar:
    n, tiles, goal = board.width, board.tiles, board.goal
    method = "IDA* + Manhattan distance" + (" + linear conflicts" if conflicts else "") + note
    return IDAStar(board, lambda counter: ManhattanEngine(tiles, goal, n, conflicts, counter), method)


# -- running it --------------------------------------------------------------------------------------

class Solving:
    """One request being solved: run it with :func:`puzzlesolver.budget.within` (to its result, or to a
    limit), or a step at a time with :meth:`run` until it is :attr:`done`, then take its :meth:`result`.

    Built by :func:`start`.  :meth:`stop` ends it early with what it has: an anytime search's best answer
    (not proven shortest), or a "stopped" result that says how far it got and what to try instead.
    """

    def __init__(self, kind: Kind, initial: Union[Board, WordState], search: Optional[Search],
                 advice: str, early: Optional[Result] = None) -> None:
        self.kind = kind
        self.initial = initial
        self.search = search
        self.advice = advice
        self.seconds = 0.0
        self._early = early

    @property
    def method(self) -> str:
        return self.search.method if self.search is not None else (self._early.method if self._early else "")

    @property
    def optimal(self) -> bool:
        return self.search.optimal if self.search is not None else True

    @property
    def stats(self) -> SearchStats:
        return self.search.stats if self.search is not None else SearchStats()

    @property
    def done(self) -> bool:
        return self.search is None or self.search.done

    @property
    def bound(self) -> int:
        """The best proven lower bound on the optimum: the search's, or a board's Manhattan distance when that
        is higher (a search guided by a weaker estimate, Hamming's, starts below it).  The page's note under a
        board says the Manhattan distance, so a stopped search never says less than the note."""
        if self.search is None:
            return self._initial_bound()
        if self.kind == Kind.BOARD:
            return max(self.search.bound, self.initial.manhattan())
        return self.search.bound

    def run(self, max_expansions: Optional[int] = None) -> bool:
        """Run up to ``max_expansions`` expansions (all needed if None); True once finished."""
        if self.search is None:
            return True
        began = time.perf_counter()
        try:
            return self.search.run(max_expansions)
        finally:
            self.seconds += time.perf_counter() - began

    def stored_nodes(self) -> int:
        """The nodes the search holds in memory (what a browser tab's budget counts)."""
        if self.search is None:
            return 0
        return getattr(self.search, "stored_nodes", self.search.stats.enqueued)

    def best_answer(self) -> Tuple[int, ...]:
        """An anytime search's answer so far, not proven shortest (empty if none, or for a ladder)."""
        search = self.search
        return tuple(search.blank_path()) if self.kind == Kind.BOARD and search is not None else ()

    def result(self) -> Result:
        """The finished search's answer (call once :meth:`run` said True)."""
        if self._early is not None:
            return self._early
        search = self.search
        if self.kind == Kind.BOARD:
            moves = search.blank_path()
            if not moves and not self.initial.is_goal():
                return self._result(Status.UNSOLVABLE, reason=no_answer(self.initial), bound=0)
            bound = len(moves) if search.optimal else self.bound
            return self._result(Status.SOLVED, blank_path=tuple(moves), bound=bound)
        ladder = tuple(str(state) for state in search.path())
        if not ladder:
            return self._result(Status.UNSOLVABLE, reason=no_answer(self.initial), bound=0)
        return self._result(Status.SOLVED, ladder=ladder, bound=len(ladder) - 1)

    def stop(self, why: str, stopped_by: str = "budget") -> Result:
        """End the search now, ``why`` being :func:`puzzlesolver.budget.stopped_after`'s sentence.  With an
        answer in hand (an anytime search): that answer, solved but not proven optimal, with the proven lower
        bound; otherwise "stopped", with what to try instead."""
        bound = self.bound
        answer = self.best_answer()
        if answer:
            reason = (f"{why}: found {len(answer)} moves, not proven shortest; the optimum is at least {bound} "
                      "moves. Keep going to improve the answer or prove it.")
            return self._result(Status.SOLVED, blank_path=answer, bound=bound, reason=reason, stopped_by=stopped_by)
        reason = f"{why} with no solution yet (at least {bound} moves are needed); to get further, {self.advice}."
        return self._result(Status.STOPPED, reason=reason, bound=bound, stopped_by=stopped_by)

    def _initial_bound(self) -> int:
        return self.initial.estimated_distance_to_goal() if self.kind == Kind.WORDS else self.initial.manhattan()

    def _result(self, status: Status, **fields) -> Result:
        common = dict(status=status, initial=self.initial, method=self.method, optimal=self.optimal,
                      stats=replace(self.stats), seconds=self.seconds, **fields)
        if self.kind == Kind.BOARD:
            return BoardResult(iterations=tuple(iteration_log(self.search)), **common)
        return LadderResult(**common)


def blank_first_goal(board: Board) -> Optional[Tuple[int, ...]]:
    """The goal with the blank first (``0 1 2 3 ...``: Korf's 15-puzzles' and some courses'), when ``board``
    cannot reach its own goal but would reach that one; else None."""
    n, tiles = board.width, board.tiles
    blank_first = tuple(range(len(tiles)))
    if tuple(board.goal) == blank_first or grid.can_reach(tiles, board.goal, n):
        return None
    return blank_first if grid.can_reach(tiles, blank_first, n) else None


def no_answer(initial: Union[Board, WordState]) -> str:
    """Why there is no answer, in one sentence; a board that would reach the goal with the blank first (the
    goal of Korf's 15-puzzles and of some courses) says so."""
    if isinstance(initial, Board):
        blank_first = blank_first_goal(initial)
        other = (f"; it would reach the goal with the blank first ({', '.join(map(str, blank_first[:4]))}, ...)"
                 if blank_first else "")
        return ("This board cannot reach the goal: every slide keeps the parity of the tile permutation "
                f"plus the blank's row and column, and here that parity differs from the goal's{other}.")
    return f"There is no ladder from {initial.word!r} to {initial.goal!r} in this dictionary."


def iteration_log(search: Optional[Search]) -> List[Tuple[int, int]]:
    """IDA*'s ``(bound, expansions)`` per finished iteration, for the searches that iterate (else empty)."""
    if isinstance(search, (IDAStar, AnytimeSearch, RectIDAStar)):
        return list(search.iteration_log)
    return []


def board_search(board: Board, options: Options = Options()) -> BoardSearch:
    """The search the policy picks for ``board`` (not yet run): for callers that drive a search
    themselves, such as the explain view and the tests.  Raises :class:`OptionError`."""
    return to_end(_choose(board.width, board.goal, options).searching(board))


def start(puzzle: Puzzle, options: Options = Options()) -> Solving:
    """Check the puzzle and the options, choose the search, and return it ready to :meth:`~Solving.advance`.

    Raises BoardError / WordError / PuzzleFormatError for a bad puzzle and :class:`OptionError`
    for a bad option; each carries ``field`` and a one-sentence message.
    """
    return to_end(starting(puzzle, options))


def starting(puzzle: Puzzle, options: Options = Options()) -> Work[Solving]:
    """:func:`start` in steps: the data files the search reads are loaded a few megabytes at a time."""
    if isinstance(puzzle, WordPuzzle):
        return (yield from _starting_words(puzzle, options))
    board = puzzle.board()
    choice = _choose(board.width, board.goal, options)
    advice = _board_advice(options)
    if not board.is_solvable():
        early = BoardResult(Status.UNSOLVABLE, board, "parity (no search needed)", reason=no_answer(board))
        return Solving(Kind.BOARD, board, None, advice, early)
    yield from tables.loading(choice.tables_read())
    return Solving(Kind.BOARD, board, (yield from choice.searching(board)), advice)


def _board_advice(options: Options) -> str:
    if options.heuristic == "hamming":
        return "choose a stronger heuristic (manhattan or better instead of hamming)"
    if options.algorithm in ("weighted", "lines"):
        return "try a smaller board"
    return "keep going, or ask for a fast answer that is not proven shortest"


def _starting_words(puzzle: WordPuzzle, options: Options) -> Work[Solving]:
    _check_options(Options(options.algorithm, "auto"), WORD_ALGORITHMS)
    algorithm = "astar" if options.algorithm == "auto" else options.algorithm
    began = time.perf_counter()
    initial = ladder_start(puzzle.start, puzzle.goal, puzzle.dictionary)
    yield None  # reading the dictionary was one step; the breadth-first check is the next
    advice = "try the common dictionary, or closer words"
    exists, expanded = ladder_exists(initial.word, initial.goal, initial.dictionary)
    if exists is False:  # one end reaches only a few words: settled without A*
        early = LadderResult(Status.UNSOLVABLE, initial, "breadth-first search from both ends",
                       stats=SearchStats(expanded=expanded), seconds=time.perf_counter() - began,
                       reason=no_answer(initial))
        return Solving(Kind.WORDS, initial, None, advice, early)
    search = AStar(initial, algorithm, method=f"{_astar_name(algorithm)} with edit distance")
    return Solving(Kind.WORDS, initial, search, advice)


def solve(puzzle: Puzzle, options: Options = Options(), max_expansions: Optional[int] = None) -> Result:
    """Solve ``puzzle`` to the end (or stop after ``max_expansions`` expansions) and return the Result."""
    return to_end(within(start(puzzle, options), max_expansions=max_expansions))


def data_files(puzzle: Puzzle, options: Options = Options(), unavailable: Collection[str] = ()) -> List[DataFile]:
    """The data files the search for this request reads that are not on hand yet (so the web worker
    can fetch them first), leaving out the ``unavailable`` urls: when one of a search's tables cannot
    be had, the tables it falls back on.  Bad options or puzzles are left for :func:`start` to report.

    >>> [f.url for f in data_files(BoardPuzzle(4, tuple(range(1, 16)) + (0,)), unavailable=["pdb/x"])][:1] in (
    ...     [], ["pdb/p15-3-4-7-8-11-12-15.bin.gz"])
    True
    """
    if isinstance(puzzle, WordPuzzle):
        name = puzzle.dictionary
        if name in DICTIONARIES and not word_list_path(name).is_file():
            return [DataFile(f"data/{word_list_path(name).name}", str(word_list_path(name)))]
        return []
    choice = _board_choice(puzzle, options)
    goal = puzzle.goal or grid.standard_goal(puzzle.width, puzzle.height)
    if choice is None or not grid.can_reach(puzzle.tiles, goal, puzzle.n):   # parity settles it: no tables
        return []
    if choice.preparing is _rect_tables_search:
        return [file for file in _rect_table_files(puzzle.tiles, goal, puzzle.width) if file.url not in unavailable]
    url = lambda name: f"pdb/{tables.stored(name)}"  # noqa: E731 - the file the site serves
    names = choice.files
    if choice.fallback and any(url(name) in unavailable for name in names):
        names = choice.fallback
    folder = tables.data_dir()
    return [DataFile(url(name), str(Path(folder) / name)) for name in tables.missing_files(names)
            if url(name) not in unavailable]


def _rect_table_files(tiles: Sequence[int], goal: Sequence[int], width: int) -> List[DataFile]:
    """The served tables a rectangle's search reads (those of its wide, usual-goal image) not on hand yet."""
    canon = grid.canonical_rectangle(tiles, goal, width)
    if canon is None:
        return []
    moved, _, wide = canon
    folder = rect_tables.folder()
    names = rect_tables.shipped_files(wide, len(moved) // wide)
    return [DataFile(f"pdb/{rect_tables.FOLDER_NAME}/{name}", str(folder / name)) for name in names
            if not (folder / name).is_file()]


def loading(puzzle: Puzzle, options: Options = Options()) -> Work[None]:
    """Read the pattern tables the request's search will use into memory, in steps, before it runs
    (for callers that run a board search of their own: judging, dealing, comparing)."""
    choice = _board_choice(puzzle, options) if isinstance(puzzle, BoardPuzzle) else None
    if choice is not None:
        yield from tables.loading(choice.tables_read())


def _board_choice(puzzle: BoardPuzzle, options: Options) -> Optional[_Choice]:
    try:
        return _choose(puzzle.n, puzzle.goal or grid.standard_goal(puzzle.width, puzzle.height), options)
    except OptionError:
        return None
