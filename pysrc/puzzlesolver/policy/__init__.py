"""The policy: a puzzle and options -> which search runs (and which data files it reads) -> one Result.

This is the one place that decides how a request is searched.  The command line, the web worker's API and the
benchmark all call it, so the same puzzle with the same options runs the same method everywhere.

A board request's search is its *plan*, chosen once from one table by the board's shape class and the request's
kind (:mod:`.plans`: read :data:`.plans.TABLE` for which search runs on which board, and why): the data files the
web worker fetches first (:func:`data_files`), the tables read into memory before it runs (:func:`loading`) and the
search :func:`starting` builds are that plan's.  When a table file is missing the plan's fallback runs, and the
result's ``method`` says so.  Word ladders: A* (``"auto"`` = ``"astar"``, or ``"astar-tree"``) with the edit
distance, after a bounded two-sided breadth-first search that settles most "no ladder" cases at once.

The package by concern: :mod:`.options` (what a request may ask), :mod:`.plans` (the table),
:mod:`.searches` (how each search is built), :mod:`.running` (:class:`Solving`, run by
:func:`puzzlesolver.budget.within`), :mod:`.datafiles` (the files and their urls); this module, the requests.
:func:`starting` does the work of :func:`start` in steps (:mod:`puzzlesolver.steps`): the pattern tables are read a
few megabytes at a time, so that the web worker can answer other requests meanwhile.

>>> from puzzlesolver.formats import BoardPuzzle
>>> result = solve(BoardPuzzle(3, (8, 1, 3, 4, 0, 2, 7, 6, 5)))
>>> print(result.status, result.moves, result.optimal, result.method)
solved 14 True IDA* + exact 8-puzzle distance table
>>> solve(BoardPuzzle(3, (8, 1, 3, 4, 0, 2, 7, 6, 5)), Options(algorithm="astar")).method
'A* with pdb'
"""

from __future__ import annotations

import time
from typing import Optional, Union

from ..board import Board
from ..budget import within
from ..fast.tables import pdb_files
from ..formats import BoardPuzzle, WordPuzzle
from ..results import BoardResult, Kind, LadderResult, Result, Status
from ..search import AStar, BoardSearch, SearchStats
from ..steps import Work, to_end
from ..words import ladder_exists, ladder_start
from .datafiles import DataFile, data_files
from .options import ALGORITHMS, HEURISTICS, WORD_ALGORITHMS, OptionError, Options, check_options
from .plans import board_plan, bound_options, goal_of, plan_for
from .running import Solving, blank_first_goal, iteration_log, no_answer
from .searches import astar_name

__all__ = ["Options", "Result", "BoardResult", "LadderResult", "Kind", "Status", "Solving", "DataFile", "OptionError",
           "solve", "start", "starting", "data_files", "loading", "no_answer", "blank_first_goal", "board_search",
           "bound_options", "iteration_log", "ALGORITHMS", "HEURISTICS", "WORD_ALGORITHMS"]

Puzzle = Union[BoardPuzzle, WordPuzzle]


def solve(puzzle: Puzzle, options: Options = Options(), max_expansions: Optional[int] = None) -> Result:
    """Solve ``puzzle`` to the end (or stop after ``max_expansions`` expansions) and return the Result."""
    return to_end(within(start(puzzle, options), max_expansions=max_expansions))


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
    plan = plan_for(board.width, board.height, goal_of(puzzle), options)
    advice = _board_advice(options)
    if not board.is_solvable():
        early = BoardResult(Status.UNSOLVABLE, board, "parity (no search needed)", reason=no_answer(board))
        return Solving(Kind.BOARD, board, None, advice, early)
    yield from pdb_files.loading(plan.reads())
    return Solving(Kind.BOARD, board, (yield from plan.searching(board, options)), advice)


def loading(puzzle: Puzzle, options: Options = Options()) -> Work[None]:
    """Read the pattern tables the request's search will use into memory, in steps, before it runs
    (for callers that run a board search of their own: judging, dealing, comparing)."""
    plan = board_plan(puzzle, options) if isinstance(puzzle, BoardPuzzle) else None
    if plan is not None:
        yield from pdb_files.loading(plan.reads())


def board_search(board: Board, options: Options = Options()) -> BoardSearch:
    """The search the policy picks for ``board`` (not yet run): for callers that drive a search
    themselves, such as the explain view and the tests.  Raises :class:`OptionError`."""
    plan = plan_for(board.width, board.height, board.goal, options)
    return to_end(plan.searching(board, options))


def _board_advice(options: Options) -> str:
    if options.heuristic == "hamming":
        return "choose a stronger heuristic (manhattan or better instead of hamming)"
    if options.algorithm in ("weighted", "lines"):
        return "try a smaller board"
    return "keep going, or ask for a fast answer that is not proven shortest"


def _starting_words(puzzle: WordPuzzle, options: Options) -> Work[Solving]:
    check_options(Options(options.algorithm, "auto"), WORD_ALGORITHMS)
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
    search = AStar(initial, algorithm, method=f"{astar_name(algorithm)} with edit distance")
    return Solving(Kind.WORDS, initial, search, advice)
