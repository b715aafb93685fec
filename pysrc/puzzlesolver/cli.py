"""The command line: ``python -m puzzlesolver FILE...`` (or the ``puzzlesolver`` script).

Each FILE holds a board (Princeton layout, seed 003's pair of boards, bare rows, or one line) or a word pair;
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
(or runs out of memory) gives exit status 3.  ``--max-seconds S`` bounds each solve by time: from 5x5 on
the best answer found by then is printed (not proven minimal, with the proven lower bound; exit
status 0), on smaller boards the optimal search stops with advice (exit status 3).

``--check OUTPUT PUZZLE`` judges a program's answer instead (:mod:`puzzlesolver.check`): one line, exit
status 0 when it is right, 1 when it is wrong.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Callable, List, Optional, Sequence, TextIO, Tuple, Union

from . import grid, policy
from .board import Board, BoardError
from .check import AnswerFormatError, check
from .heuristics import ESTIMATES
from .formats import BoardPuzzle, PuzzleFormatError, WordPuzzle, parse_puzzle_text
from .explain import ExplainTooLong, explain
from .explain import write as write_explained
from .search import ALGORITHMS as ASTAR_ALGORITHMS
from .search import QUEUES
from .budget import CLOCK_STEP_SECONDS, stopped_after, within
from .policy import OptionError, Options
from .results import Result, Status
from .search import Search
from .steps import to_end
from .words import WordError

__all__ = ["main", "read_puzzle", "solve_input", "InputError", "GaveUp", "TRACE_LENGTH"]

#: How many dequeued states ``--trace`` shows (seed 003: "the first five").
TRACE_LENGTH = 5

EXIT_BAD_INPUT = 2
EXIT_GAVE_UP = 3


class InputError(Exception):
    """An input that cannot be solved as given: bad file, bad format, unknown word or option."""


class GaveUp(Exception):
    """A search stopped before an answer: past the node budget or out of memory."""


def every_problem(error: Exception) -> str:
    """The error's sentence, followed by those of the problems it carries besides (a ladder whose two words are
    both unknown: :class:`~puzzlesolver.words.WordError`'s ``also``), so that one line names them all."""
    return " ".join([str(error)] + [str(other) for other in getattr(error, "also", ())])


def read_puzzle(path: str, stdin: Optional[TextIO] = None) -> Union[BoardPuzzle, WordPuzzle]:
    """Read and parse one input file (``-`` is standard input); InputError with a short reason."""
    text = read_text(path, stdin)
    try:
        return parse_puzzle_text(text)
    except (PuzzleFormatError, BoardError) as error:
        raise InputError(str(error)) from None


def read_text(path: str, stdin: Optional[TextIO] = None) -> str:
    """The text of one file (``-`` is standard input); InputError with a short reason."""
    try:
        if path == "-":
            return (stdin or sys.stdin).read()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        raise InputError("No such file.") from None
    except IsADirectoryError:
        raise InputError("It is a directory, not a puzzle file.") from None
    except PermissionError:
        raise InputError("Permission denied.") from None
    except UnicodeDecodeError:
        raise InputError("It is not a text file.") from None
    except OSError as error:
        raise InputError(f"Cannot read it: {error.strerror or error}.") from None


def chosen_options(algorithm: Optional[str], heuristic: Optional[str], trace: bool) -> Options:
    """The options a command asks for; ``--trace`` shows A*'s queue and counts misplaced tiles by
    default, as seed 003 does."""
    if trace:
        algorithm = algorithm or "astar"
        if algorithm not in ASTAR_ALGORITHMS:
            raise InputError(f"--trace shows A*'s queue: use --algorithm {' or '.join(ASTAR_ALGORITHMS)}.")
        heuristic = heuristic or "hamming"
    return Options(algorithm or "auto", heuristic or "auto")


def solve_input(puzzle: Union[BoardPuzzle, WordPuzzle], options: Options, max_nodes: Optional[int] = None,
                trace: bool = False, max_seconds: Optional[float] = None) -> Tuple[Result, Optional[Search]]:
    """Solve one puzzle through the policy within the limits (:func:`puzzlesolver.budget.within`): the
    Result and the search that ran (for ``--trace``).  InputError for a bad puzzle or option, GaveUp past
    ``max_nodes`` expansions or out of memory, or past ``max_seconds`` without an answer (an anytime search
    stopped by the clock returns its best answer, not proven minimal)."""
    try:
        solving = policy.start(puzzle, options)
    except (BoardError, WordError, PuzzleFormatError, OptionError) as error:
        raise InputError(every_problem(error)) from None
    if trace and solving.search is not None:
        solving.search.keep_removed(TRACE_LENGTH)
    try:
        result = to_end(within(solving, max_expansions=max_nodes, max_seconds=max_seconds,
                               step_seconds=CLOCK_STEP_SECONDS))
    except MemoryError:
        raise GaveUp(f"Ran out of memory after expanding {solving.stats.expanded:,} nodes; "
                     "try a stronger heuristic or a smaller puzzle.") from None
    if result.stopped_by == "expansions":
        raise GaveUp(f"Gave up after expanding {solving.stats.expanded:,} nodes without reaching the goal "
                     "(raise --max-nodes).")
    if result.status == Status.STOPPED:
        raise GaveUp(f"{stopped_after(seconds=max_seconds)} with no solution yet (at least {result.bound} moves "
                     "are needed); raise --max-seconds, or use --algorithm weighted for a fast answer that is not "
                     "proven minimal.")
    return result, solving.search


def explain_input(puzzle: Union[BoardPuzzle, WordPuzzle], options, stdout: TextIO, labelled: bool,
                  shown: str) -> None:
    """``--explain``: the step-by-step trace of A* (textbook queue, Manhattan and duplicate pruning by default)."""
    algorithm = options.algorithm or "astar"
    if algorithm not in ASTAR_ALGORITHMS:
        raise InputError(f"--explain shows A*'s steps: use --algorithm {' or '.join(ASTAR_ALGORITHMS)}.")
    heuristic = options.heuristic if options.heuristic not in (None, "auto") else "manhattan"
    try:
        trace = explain(puzzle, heuristic, algorithm, options.queue)
    except (BoardError, WordError, ExplainTooLong, ValueError) as error:
        raise InputError(every_problem(error)) from None
    if labelled:
        stdout.write(f"==> {shown} <==\n")
    write_explained(trace, options.json, stdout)


# -- rendering ----------------------------------------------------------------------------------

def render_text(result: Result) -> str:
    """The seeds' test-client output: the move count, then every state, or "No solution possible".

    Boards print in the algs4 format followed by a blank line (Java's ``println(board)`` after the
    board's own trailing newline); words print one per line, as Berkeley's WordPuzzleSolver does.
    """
    if not result.solved:
        return "No solution possible\n"
    if result.optimal:
        lines = [f"Minimum number of moves = {result.moves}\n"]
    else:
        lines = [f"Number of moves = {result.moves} (not proven minimal: {result.method}; the optimum is at "
                 f"least {result.bound} moves)\n"]
    for state in result.states():
        lines.append(f"{state}\n")  # str(board) ends in a newline: a blank line follows each board
    return "".join(lines)


def _trace_rows(state: object) -> str:
    if isinstance(state, Board):
        return "".join(row + "\n" for row in grid.rows_text(state.tiles, state.width))
    return f"{state}\n"


def _trace_state(state: object, moves: int, estimate: int) -> str:
    return f"{_trace_rows(state)}Cost = {moves + estimate:2d}\ng = {moves:2d}\nh = {estimate:2d}\n"


def render_trace(result: Result, search: Optional[Search], heuristic: str) -> str:
    """Seed 003's report: initial and goal states, solution cost, queue size, first five removed."""
    initial = result.initial
    own_estimate = type(initial).estimated_distance_to_goal
    estimate = ESTIMATES[heuristic] if isinstance(initial, Board) and heuristic in ESTIMATES else own_estimate
    out = ["[*]Initial state(S0)\n", "[*]======================\n",
           _trace_state(initial, 0, estimate(initial)), "[*]======================\n"]
    if not result.solved or search is None:
        return "".join(out) + "No solution possible\n"
    goal_state, goal_moves, goal_estimate, _ = search.goal_node
    out += ["[*]Goal state (Sg) reached: \n", _trace_state(goal_state, goal_moves, goal_estimate),
            "[*]---------\n", f"[*]Solution cost is: {result.moves}\n",
            f"[*]Size of the openQ at end of search process: {search.frontier_size}\n",
            "[*]First five states removed from openQ: \n"]
    for number, (state, moves, estimate, _) in enumerate(search.dequeued, start=1):
        out += [f"[*]State #{number}\n", _trace_state(state, moves, estimate)]
    return "".join(out)


def render_json(result: Result, label: Optional[str], options: Options) -> str:
    """One line of JSON: file, kind, solvable, moves (null if none), the answer, counters, seconds, whether it
    is optimal and the proven lower bound on the optimum."""
    record = {"file": label, "kind": result.kind, "solvable": result.solved,
              "moves": result.moves, "status": result.status}
    if result.kind == "board":
        initial = result.initial
        record["solution"] = [list(board.tiles) for board in result.states()]
        record["blank_path"] = result.blank_path
        record.update(n=initial.width, height=initial.height, goal=list(initial.goal))
    else:
        record["solution"] = result.ladder
        record.update(start=result.initial.word, goal=result.initial.goal)
    record.update(expanded=result.stats.expanded, enqueued=result.stats.enqueued,
                  max_frontier=result.stats.max_frontier, seconds=round(result.seconds, 6),
                  method=result.method, optimal=result.optimal, bound=result.bound, algorithm=options.algorithm,
                  heuristic=options.heuristic)
    return json.dumps(record)


# -- the command --------------------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    algorithms, heuristics = policy.ALGORITHMS, policy.HEURISTICS
    parser = argparse.ArgumentParser(
        prog="puzzlesolver",
        description="Solve sliding-tile puzzles and word ladders optimally (A* search).",
        epilog="Files: Princeton format (n, then n*n tiles, 0 = blank), seed 003's pair of boards "
               "(initial rows then goal rows), bare rows (any W x H, each side 2 to 20), one line (rows separated "
               "by '/', or the n*n tiles), a shape then its tiles ('4x3: 1 2 3 ...'), or two words (a ladder). "
               "'-' reads stdin. "
               "Exit status: 0 solved (or shown unsolvable; from 5x5 on, the best answer by --max-seconds), "
               "2 bad input, 3 gave up (--max-nodes, or --max-seconds on an optimal search).")
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
    parser.add_argument("--explain", action="store_true",
                        help="A* step by step as the Princeton checklist draws it: every node, and per step the "
                             "node removed, the children inserted or skipped and the queue array")
    parser.add_argument("--queue", choices=QUEUES, default="textbook",
                        help="with --explain: textbook (algs4's MinPQ, priorities only; the default) or tiebreak "
                             "(the solver's own queue)")
    parser.add_argument("--max-nodes", type=_positive_int, metavar="N",
                        help="give up after expanding N nodes (default: no limit)")
    parser.add_argument("--max-seconds", type=_positive_seconds, metavar="S",
                        help="stop each solve after S seconds: from 5x5 on with the best answer found by then (not "
                             "proven minimal, with a lower bound), else with advice (default: no limit)")
    parser.add_argument("--grade", action="store_true",
                        help="run the assignment's tests on your own Board and Solver: FILE... are your .py files "
                             "(exit status 0 all pass, 1 some fail, 2 bad input)")
    parser.add_argument("--exercise", choices=("8puzzle", "cs61b"),
                        help="with --grade: the assignment (default: cs61b if the files define "
                             "estimated_distance_to_goal, else 8puzzle)")
    parser.add_argument("--check", metavar="OUTPUT",
                        help="judge OUTPUT, a program's answer to the one puzzle given (its algs4 output, 'No "
                             "solution possible', a move string such as 'R3 D L', or a ladder): exit status 0 "
                             "right, 1 wrong")
    return parser


def _positive(convert: Callable[[str], float], what: str, too_small: str, quoted: int) -> Callable[[str], float]:
    """An argparse type: text ``convert``ed to a positive, finite number (``what`` it must be, ``too_small``
    what a number below it is told; at most ``quoted`` characters of the text are quoted)."""
    def positive(text: str) -> float:
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:quoted]!r} is not {what}") from None
        if not value > 0 or math.isinf(value):
            raise argparse.ArgumentTypeError(too_small)
        return value
    return positive


_positive_int = _positive(int, "a whole number", "must be at least 1", quoted=1000)
_positive_seconds = _positive(float, "a number of seconds", "must be a positive number of seconds", quoted=40)


def main(argv: Optional[Sequence[str]] = None, stdout: Optional[TextIO] = None,
         stderr: Optional[TextIO] = None) -> int:
    """Run the command line; returns the exit status (0, 2 bad input, 3 gave up)."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    parser = build_parser()
    options = parser.parse_args(argv)
    if options.check is not None:
        return check_answer(options, stdout, stderr)
    if options.grade:
        from .teach.grade_files import grade
        if not options.files:
            parser.error("--grade needs your .py files")
        return grade(options.files, options.exercise, stdout, stderr)
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
            if isinstance(puzzle, WordPuzzle):
                puzzle = WordPuzzle(puzzle.start, puzzle.goal, options.dictionary)
            if options.explain:
                explain_input(puzzle, options, stdout, len(inputs) > 1 and not options.json, shown)
                continue
            chosen = chosen_options(options.algorithm, options.heuristic, options.trace)
            result, search = solve_input(puzzle, chosen, options.max_nodes, options.trace, options.max_seconds)
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
            stdout.write(render_json(result, label, chosen) + "\n")
        else:
            if len(inputs) > 1:
                stdout.write(f"==> {shown} <==\n")
            stdout.write(render_trace(result, search, chosen.heuristic) if options.trace else render_text(result))
        stdout.flush()
    return EXIT_BAD_INPUT if bad_input else EXIT_GAVE_UP if gave_up else 0


# -- checking an answer ----------------------------------------------------------------------------

#: ``--check``'s exit status when the answer is wrong (0: right; 2: bad input; 3: the optimum was not settled).
EXIT_WRONG = 1


def check_answer(options: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    """``--check OUTPUT PUZZLE``: one line with the verdict (the record as JSON with ``--json``); the exit status
    says whether the answer is right.  Bad input is one line on stderr naming the file, and status 2."""
    if len(options.files) + bool(options.words) != 1:
        stderr.write("puzzlesolver: --check judges one answer: give one PUZZLE file or --words START GOAL.\n")
        return EXIT_BAD_INPUT
    named = options.files[0] if options.files else "--words " + " ".join(options.words)
    shown = named
    try:
        puzzle = read_puzzle(options.files[0]) if options.files else WordPuzzle(*options.words)
        if isinstance(puzzle, WordPuzzle):
            puzzle = WordPuzzle(puzzle.start, puzzle.goal, options.dictionary)
        shown = options.check
        answer = read_text(options.check)
        verdict = check(answer, puzzle, max_expansions=options.max_nodes)
    except (InputError, AnswerFormatError, BoardError, WordError, PuzzleFormatError) as problem:
        about = named if isinstance(problem, (BoardError, WordError, PuzzleFormatError)) else shown
        stderr.write(f"puzzlesolver: {about}: {every_problem(problem)}\n")
        return EXIT_BAD_INPUT
    stdout.write((json.dumps(verdict.to_record()) if options.json else verdict.message) + "\n")
    return 0 if verdict.right else EXIT_GAVE_UP if verdict.status == "unproven" else EXIT_WRONG


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
