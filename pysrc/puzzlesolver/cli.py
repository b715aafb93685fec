"""The command line: ``python -m puzzlesolver FILE...`` (or the ``puzzlesolver`` script).

Each FILE holds a board (Princeton layout, seed 003's pair of boards, or bare rows) or a word pair;
``--words START GOAL`` adds a word ladder.  The output is the seeds' test-client output::

    $ puzzlesolver puzzle04.txt
    Minimum number of moves = 4
    3
     0  1  3
    ...

or ``No solution possible``; ``--trace`` prints seed 003's report instead and ``--json`` one JSON
object per input (``{"file": ..., "error": ...}`` for an input that could not be solved).  With
several inputs each answer is headed ``==> FILE <==``.  A bad input costs one line on stderr (``puzzlesolver: FILE: problem``) and exit
status 2 at the end, while the other inputs are still solved; a search that passes ``--max-nodes``
(or runs out of memory) gives exit status 3.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from typing import List, Optional, Sequence, TextIO, Union

from . import fast
from . import search as search_module
from .board import HEURISTICS, Board, BoardError
from .formats import BoardPuzzle, PuzzleFormatError, WordPuzzle, parse_puzzle_text
from .search import AStar, SearchBudgetExceeded, SearchStats
from .words import WordError, find_ladder, ladder_exists, ladder_start

__all__ = ["main", "solve_board", "solve_words", "read_puzzle", "Outcome", "InputError", "TRACE_LENGTH"]

#: How many dequeued states ``--trace`` shows (seed 003: "the first five").
TRACE_LENGTH = 5

EXIT_BAD_INPUT = 2
EXIT_GAVE_UP = 3


class InputError(Exception):
    """An input that cannot be solved as given: bad file, bad format, unknown word."""


class GaveUp(Exception):
    """A search stopped before an answer: past the node budget or out of memory."""


# -- solving ------------------------------------------------------------------------------------

@dataclass
class Outcome:
    """What solving one input produced, ready to print as text, trace or JSON."""

    label: Optional[str]
    kind: str                       # "board" or "word"
    solution: List[object]          # states (Boards or WordStates) from the initial one to the goal
    stats: SearchStats = field(default_factory=SearchStats)
    seconds: float = 0.0
    method: str = ""
    initial: object = None
    search: Optional[AStar] = None  # kept for --trace
    details: dict = field(default_factory=dict)
    optimal: bool = True            # False only for a deliberately inexact search (weighted A*)

    @property
    def solvable(self) -> bool:
        return bool(self.solution)

    @property
    def moves(self) -> int:
        return len(self.solution) - 1


def read_puzzle(path: str, stdin: Optional[TextIO] = None) -> Union[BoardPuzzle, WordPuzzle]:
    """Read and parse one input file (``-`` is standard input); InputError with a short reason."""
    try:
        if path == "-":
            text = (stdin or sys.stdin).read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except FileNotFoundError:
        raise InputError("no such file") from None
    except IsADirectoryError:
        raise InputError("is a directory, not a puzzle file") from None
    except PermissionError:
        raise InputError("permission denied") from None
    except UnicodeDecodeError:
        raise InputError("is not a text file") from None
    except OSError as error:
        raise InputError(f"cannot read it: {error.strerror or error}") from None
    try:
        return parse_puzzle_text(text)
    except (PuzzleFormatError, BoardError) as error:
        raise InputError(str(error)) from None


def _run(search, max_nodes: Optional[int]) -> None:
    try:
        finished = search.run(max_nodes)
    except MemoryError:
        raise GaveUp(f"ran out of memory after expanding {search.stats.expanded:,} nodes; "
                     "try a stronger heuristic or a smaller puzzle") from None
    if not finished:
        raise GaveUp(f"gave up after expanding {search.stats.expanded:,} nodes without reaching the goal "
                     "(raise --max-nodes)")


def _chosen_names(algorithm: Optional[str], heuristic: Optional[str], trace: bool) -> tuple:
    """Fill in the defaults: the best available search, and the estimate that suits it."""
    seeds_astar = search_module.ALGORITHMS
    if algorithm is None:
        algorithm = "astar" if trace else "auto"
    if trace and algorithm not in seeds_astar:
        raise InputError(f"--trace shows A*'s queue: use --algorithm {' or '.join(seeds_astar)}")
    if heuristic is None:
        heuristic = "hamming" if trace else "auto"  # seed 003 counts misplaced tiles
    if heuristic == "auto" and algorithm in seeds_astar:
        heuristic = "manhattan"
    if algorithm in seeds_astar and heuristic not in HEURISTICS:
        raise InputError(f"unknown heuristic {heuristic!r}; choose one of {', '.join(HEURISTICS)}")
    return algorithm, heuristic


def _board_search(board: Board, algorithm: str, heuristic: str, trace: bool):
    """The search object (AStar step protocol) and a description of it.

    The seeds' A* runs here on the Board itself, so that ``--trace`` can read its queue; every other
    algorithm comes from :func:`puzzlesolver.fast.make_search`.
    """
    if algorithm in search_module.ALGORITHMS:
        search = AStar(board, algorithm)
        search.trace_limit = TRACE_LENGTH if trace else 0
        return search, f"A* ({algorithm}) with {heuristic}"
    try:
        search = fast.make_search(board, algorithm, heuristic)
    except (ValueError, BoardError) as error:
        raise InputError(str(error)) from None
    return search, getattr(search, "method", algorithm)


def solve_board(puzzle: BoardPuzzle, heuristic: Optional[str] = None, algorithm: Optional[str] = None,
                max_nodes: Optional[int] = None, trace: bool = False, label: Optional[str] = None) -> Outcome:
    """Solve one board optimally; an unsolvable board is recognised by parity, without searching.

    ``algorithm`` None means "auto" (the fastest optimal search for the size; "astar" with
    ``trace``); ``heuristic`` None means the best for that search (Manhattan
    for A*; Hamming with ``trace``, as seed 003 counts misplaced tiles).  Raises InputError for an
    unknown name and GaveUp past ``max_nodes`` expansions.
    """
    algorithm, heuristic = _chosen_names(algorithm, heuristic, trace)
    try:
        board = Board.from_tiles(puzzle.tiles, puzzle.goal, heuristic if heuristic in HEURISTICS else "manhattan")
    except BoardError as error:
        raise InputError(str(error)) from None
    details = {"n": puzzle.n, "goal": list(board.goal), "heuristic": heuristic, "algorithm": algorithm}
    if not board.is_solvable():
        return Outcome(label, "board", [], initial=board, method="parity (no search needed)", details=details)
    began = time.perf_counter()
    search, method = _board_search(board, algorithm, heuristic, trace)
    _run(search, max_nodes)
    return Outcome(label, "board", list(search.path()), search.stats, time.perf_counter() - began, method,
                   board, search if trace else None, details, bool(getattr(search, "optimal", True)))


def solve_words(start: str, goal: str, dictionary: str = "common", algorithm: Optional[str] = None,
                max_nodes: Optional[int] = None, trace: bool = False, label: Optional[str] = None) -> Outcome:
    """Solve one word ladder optimally, or show quickly that there is none.

    Raises InputError for an unknown word or dictionary and GaveUp past ``max_nodes`` expansions.
    """
    if algorithm in (None, "auto"):
        algorithm = "astar"
    if algorithm not in search_module.ALGORITHMS:
        raise InputError(f"word ladders are solved with {' or '.join(search_module.ALGORITHMS)}, "
                         f"not {algorithm!r}")
    details = {"start": start, "goal": goal, "dictionary": dictionary, "algorithm": algorithm}
    try:
        if not trace:
            result = find_ladder(start, goal, dictionary, algorithm, max_nodes)
            return Outcome(label, "word", list(result.path), result.stats, result.seconds, result.method, details=details)
        initial = ladder_start(start, goal, dictionary)
    except WordError as error:
        raise InputError(str(error)) from None
    except SearchBudgetExceeded as error:
        raise GaveUp(f"{error} (raise --max-nodes)") from None
    began = time.perf_counter()
    if ladder_exists(initial.word, initial.goal, initial.dictionary)[0] is False:
        return Outcome(label, "word", [], seconds=time.perf_counter() - began, initial=initial,
                       method="breadth-first search from both ends", details=details)
    search = AStar(initial, algorithm)
    search.trace_limit = TRACE_LENGTH
    _run(search, max_nodes)
    return Outcome(label, "word", search.path(), search.stats, time.perf_counter() - began,
                   f"A* ({algorithm}) with edit distance", initial, search, details)


# -- rendering ----------------------------------------------------------------------------------

def render_text(outcome: Outcome) -> str:
    """The seeds' test-client output: the move count, then every state, or "No solution possible".

    Boards print in the algs4 format followed by a blank line (Java's ``println(board)`` after the
    board's own trailing newline); words print one per line, as Berkeley's WordPuzzleSolver does.
    """
    if not outcome.solvable:
        return "No solution possible\n"
    if outcome.optimal:
        lines = [f"Minimum number of moves = {outcome.moves}\n"]
    else:
        lines = [f"Number of moves = {outcome.moves} (not proven minimal: {outcome.method})\n"]
    for state in outcome.solution:
        lines.append(f"{state}\n")  # str(board) ends in a newline: a blank line follows each board
    return "".join(lines)


def _trace_rows(state: object) -> str:
    if isinstance(state, Board):
        width = len(str(state.size() ** 2 - 1))
        return "".join("".join(f"{tile:>{width}} " for tile in row) + "\n" for row in state.rows())
    return f"{state}\n"


def _trace_state(state: object, moves: int, estimate: int) -> str:
    return f"{_trace_rows(state)}Cost = {moves + estimate:2d}\ng = {moves:2d}\nh = {estimate:2d}\n"


def render_trace(outcome: Outcome) -> str:
    """Seed 003's report: initial and goal states, solution cost, queue size, first five removed."""
    initial = outcome.initial
    out = ["[*]Initial state(S0)\n", "[*]======================\n",
           _trace_state(initial, 0, initial.estimated_distance_to_goal()), "[*]======================\n"]
    search = outcome.search
    if not outcome.solvable or search is None:
        return "".join(out) + "No solution possible\n"
    goal_state, goal_moves, goal_estimate, _ = search.goal_node
    out += ["[*]Goal state (Sg) reached: \n", _trace_state(goal_state, goal_moves, goal_estimate),
            "[*]---------\n", f"[*]Solution cost is: {outcome.moves}\n",
            f"[*]Size of the openQ at end of search process: {search.frontier_size}\n",
            "[*]First five states removed from openQ: \n"]
    for number, (state, moves, estimate, _) in enumerate(search.dequeued, start=1):
        out += [f"[*]State #{number}\n", _trace_state(state, moves, estimate)]
    return "".join(out)


def render_json(outcome: Outcome) -> str:
    """One line of JSON: file, kind, solvable, moves (null if none), solution, counters, seconds."""
    if outcome.kind == "board":
        solution = [list(board.tiles) for board in outcome.solution]
    else:
        solution = [str(state) for state in outcome.solution]
    record = {
        "file": outcome.label, "kind": outcome.kind, "solvable": outcome.solvable,
        "moves": outcome.moves if outcome.solvable else None, "solution": solution,
        "expanded": outcome.stats.expanded, "enqueued": outcome.stats.enqueued,
        "max_frontier": outcome.stats.max_frontier, "seconds": round(outcome.seconds, 6),
        "method": outcome.method, "optimal": outcome.optimal,
    }
    record.update(outcome.details)
    return json.dumps(record)


# -- the command --------------------------------------------------------------------------------

def _names_offered() -> tuple:
    """(algorithms, heuristics) the command accepts: "auto" first, the seeds' A* last."""
    seeds = list(search_module.ALGORITHMS)
    algorithms = ["auto"] + [name for name in fast.ALGORITHMS if name not in seeds + ["auto"]] + seeds
    heuristics = ["auto"] + sorted((set(HEURISTICS) | set(fast.HEURISTIC_NAMES)) - {"auto"})
    return algorithms, heuristics


def build_parser() -> argparse.ArgumentParser:
    algorithms, heuristics = _names_offered()
    parser = argparse.ArgumentParser(
        prog="puzzlesolver",
        description="Solve sliding-tile puzzles and word ladders optimally (A* search).",
        epilog="Files: Princeton format (n, then n*n tiles, 0 = blank), seed 003's pair of boards "
               "(initial rows then goal rows), bare rows, or two words (a ladder). '-' reads stdin. "
               "Exit status: 0 solved (or shown unsolvable), 2 bad input, 3 gave up (--max-nodes).")
    parser.add_argument("files", nargs="*", metavar="FILE", help="puzzle files to solve")
    parser.add_argument("--heuristic", choices=heuristics,
                        help=f"board estimate (default: {heuristics[0] if 'auto' in heuristics else 'manhattan'}; "
                             "hamming with --trace)")
    parser.add_argument("--algorithm", choices=algorithms,
                        help=f"search to use (default: {algorithms[0]}); astar-tree is the seeds' plain A*")
    parser.add_argument("--words", nargs=2, metavar=("START", "GOAL"), help="solve a word ladder")
    parser.add_argument("--dictionary", default="common", metavar="common|large|FILE",
                        help="word list for ladders (default: common)")
    parser.add_argument("--trace", action="store_true",
                        help="seed 003's report: first five states removed, solution cost, final queue size")
    parser.add_argument("--json", action="store_true", help="one JSON object per input, one per line")
    parser.add_argument("--max-nodes", type=_positive_int, metavar="N",
                        help="give up after expanding N nodes (default: no limit)")
    return parser


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _solve_input(label: Optional[str], puzzle: Union[BoardPuzzle, WordPuzzle], options) -> Outcome:
    if isinstance(puzzle, WordPuzzle):
        return solve_words(puzzle.start, puzzle.goal, options.dictionary, options.algorithm,
                           options.max_nodes, options.trace, label)
    return solve_board(puzzle, options.heuristic, options.algorithm, options.max_nodes, options.trace, label)


def main(argv: Optional[Sequence[str]] = None, stdout: Optional[TextIO] = None,
         stderr: Optional[TextIO] = None) -> int:
    """Run the command line; returns the exit status (0, 2 bad input, 3 gave up)."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    parser = build_parser()
    options = parser.parse_args(argv)
    inputs: List[tuple] = [(path, None) for path in options.files]
    if options.words:
        inputs.append((None, WordPuzzle(*options.words)))
    if not inputs:
        parser.error("give at least one FILE or --words START GOAL")
    bad_input = gave_up = False
    for label, puzzle in inputs:
        shown = label if label is not None else "--words " + " ".join(options.words)
        try:
            if puzzle is None:
                puzzle = read_puzzle(label)
            outcome = _solve_input(label, puzzle, options)
        except (InputError, GaveUp) as problem:
            bad_input = bad_input or isinstance(problem, InputError)
            gave_up = gave_up or isinstance(problem, GaveUp)
            stderr.write(f"puzzlesolver: {shown}: {problem}\n")
            if options.json:
                stdout.write(json.dumps({"file": label, "error": str(problem)}) + "\n")
            stdout.flush()
            continue
        except KeyboardInterrupt:
            stderr.write(f"puzzlesolver: {shown}: interrupted\n")
            return 130
        if options.json:
            stdout.write(render_json(outcome) + "\n")
        else:
            if len(inputs) > 1:
                stdout.write(f"==> {shown} <==\n")
            stdout.write(render_trace(outcome) if options.trace else render_text(outcome))
        stdout.flush()
    return EXIT_BAD_INPUT if bad_input else EXIT_GAVE_UP if gave_up else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
