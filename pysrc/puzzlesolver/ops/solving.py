"""Solving: a typed board checked (``check_board``), a board or a word ladder solved (``solve_board``,
``solve_words``), and a solve that paused on its budget resumed (``resume``, run by the scheduler)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Optional

from .. import grid, policy
from ..board import Board, BoardError
from ..budget import stopped_after, took, within
from ..formats import BoardPuzzle, PuzzleFormatError, WordPuzzle, parse_board_text
from ..links import board_fragment
from ..jobs import Job
from ..policy import Options
from ..results import BoardResult, Kind, LadderResult, Result
from ..steps import Work
from ..words import DICTIONARIES, check_words
from .declare import Answer, InputError, Message, Op, Params, needs, positive, wire
from .progress import SEARCH

__all__ = ["OPS", "BoardFields", "WordFields", "solve_job", "board_puzzle", "rows_text",
           "DEFAULT_HEURISTIC", "SOLVE_SECONDS", "MAX_STORED_NODES"]

DEFAULT_HEURISTIC = "auto"
#: A search that has computed this long stops and offers to go on.
SOLVE_SECONDS = 30.0
#: A search that has stored this many nodes stops (a browser tab has far less memory than a shell).
MAX_STORED_NODES = 1_500_000

BOARD_TEXT = {"type": "string", "description": "Rows of numbers, 0 for the blank (any text a person typed)."}
DICTIONARY = {"enum": list(DICTIONARIES)}


# -- reading puzzles ------------------------------------------------------------------------------------

def rows_text(tiles, n: int) -> str:
    """A board as the page's text box shows it: rows of right-aligned numbers."""
    return "\n".join(row.rstrip() for row in grid.rows_text(tiles, n))


def board_puzzle(text: Any, goal_text: Any) -> BoardPuzzle:
    """The board of a request's ``board`` text and optional ``goal`` text, checked once; a bad board and a
    bad goal are both named (the goal's problem in the error's ``also``)."""
    try:
        puzzle = _typed_board(text)
    except InputError as error:
        if isinstance(goal_text, str) and goal_text.strip():
            try:
                _goal_board(goal_text, None)
            except InputError as goal_error:
                raise InputError(error.field, error.message, also=[goal_error]) from None
        raise
    if not isinstance(goal_text, str) or not goal_text.strip():
        return puzzle
    goal = _goal_board(goal_text, puzzle.shape)
    return BoardPuzzle(puzzle.n, puzzle.tiles, goal.tiles)


def _typed_board(text: Any) -> BoardPuzzle:
    """The ``board`` text read (it may carry its own goal, as seed 003's files do)."""
    if not isinstance(text, str) or not text.strip():
        raise InputError("board", "Enter a board: rows of numbers, 0 for the blank.")
    try:
        return parse_board_text(text)
    except (PuzzleFormatError, BoardError) as error:
        raise InputError(error.field, str(error)) from None


def _goal_board(goal_text: str, shape: Optional[str]) -> BoardPuzzle:
    """The ``goal`` text read as one board, of the board's ``shape`` (``"4x3"``) when that is known."""
    try:
        goal = parse_board_text(goal_text)
    except (PuzzleFormatError, BoardError) as error:
        raise InputError("goal", str(error).replace("board", "goal")) from None
    if goal.goal is not None:
        raise InputError("goal", "Enter one goal board: rows of numbers, as the board has.")
    if shape is not None and goal.shape != shape:
        raise InputError("goal", f"The goal is {goal.shape} but the board is {shape}.")
    return goal


def options_of(algorithm: Any, heuristic: Any) -> Options:
    """The search options a request names (``auto`` for those it leaves out)."""
    heuristic = heuristic or DEFAULT_HEURISTIC
    if not isinstance(heuristic, str) or heuristic not in policy.HEURISTICS:
        raise InputError("heuristic", f"Unknown heuristic {str(heuristic)[:40]!r}; choose one of "
                                      f"{', '.join(policy.HEURISTICS)}.")
    if not isinstance(algorithm or "auto", str):
        raise InputError("algorithm", "The algorithm must be a name.")
    return Options(algorithm or "auto", heuristic)


@dataclass
class BoardFields(Params):
    """A board typed by a person (``board``, optional ``goal``) and the heuristic asked for."""

    board: str = wire(BOARD_TEXT, required=True)
    goal: Optional[str] = wire({"type": ["string", "null"]})
    heuristic: Optional[str] = wire({"type": "string"})
    puzzle: BoardPuzzle = field(init=False)

    def check(self) -> None:
        self.puzzle = board_puzzle(self.board, self.goal)


@dataclass
class WordFields(Params):
    """A word pair and the dictionary to find the ladder in."""

    start: str = wire({"type": "string"}, "", required=True)
    goal: str = wire({"type": "string"}, "", required=True)
    dictionary: str = wire(DICTIONARY, "common")
    unavailable: Optional[list] = wire({"$ref": "#/$defs/unavailable"})
    puzzle: WordPuzzle = field(init=False)
    puzzle_field = "start_word"

    def check(self) -> None:
        """The word pair; a dictionary this device cannot download is refused in one sentence."""
        dictionary = self.dictionary
        if dictionary not in DICTIONARIES:
            raise InputError("dictionary", f"Unknown dictionary {str(dictionary)[:40]!r}: choose common or large.")
        self.puzzle = WordPuzzle(str(self.start).strip().lower(), str(self.goal).strip().lower(), dictionary)
        if any(f.url in (self.unavailable or ()) for f in policy.data_files(self.puzzle)):
            raise InputError("dictionary", f"The {dictionary} dictionary could not be downloaded (is this device "
                                           "offline?); connect once to use it, or choose the common dictionary.")


@dataclass
class Budgeted:
    """What a solve may spend: seconds of searching and stored nodes (the page's budget, a tab's memory)."""

    max_seconds: Optional[float] = wire({"$ref": "#/$defs/max_seconds"})
    max_nodes: Optional[int] = wire({"type": "integer", "exclusiveMinimum": 0})

    def seconds(self) -> float:
        return positive(self.max_seconds, SOLVE_SECONDS)

    def nodes(self) -> int:
        return int(positive(self.max_nodes, MAX_STORED_NODES))


# -- the solve job ---------------------------------------------------------------------------------------

def solve_job(puzzle, options: Options = Options(), *, max_seconds: float = SOLVE_SECONDS,
              max_nodes: int = MAX_STORED_NODES) -> Job[Result]:
    """Solve a :class:`BoardPuzzle` or :class:`WordPuzzle` through the policy.  Past ``max_seconds``
    the job pauses with the policy's stopped answer (an anytime search's best answer, or advice) and can
    be resumed; past ``max_nodes`` stored nodes it ends (a browser tab's memory).

    >>> job = solve_job(BoardPuzzle(3, (8, 1, 3, 4, 0, 2, 7, 6, 5)))
    >>> outcome = job.advance(0.05)
    >>> while outcome.kind == "progress":
    ...     outcome = job.advance(0.05)
    >>> outcome.kind, outcome.value.moves
    ('done', 14)
    """
    run = _Solve(puzzle, options, max_nodes)
    return Job(run.work(), needs=needs(puzzle, options), budget=max_seconds, on_budget=run.on_budget,
               spent=run.searched, on_stop=run.on_cancel, can_stop=run.begun)


class _Solve:
    """A solve's work and its answer when the budget runs out (the two share the Solving)."""

    def __init__(self, puzzle, options: Options, max_nodes: int) -> None:
        self.puzzle, self.options, self.max_nodes = puzzle, options, max_nodes
        self.solving: Optional[policy.Solving] = None

    def work(self) -> Work[Result]:
        solving = self.solving = yield from policy.starting(self.puzzle, self.options)
        try:
            return (yield from within(solving, max_stored=self.max_nodes, progress=search_progress))
        except MemoryError:
            return solving.stop("The browser ran out of memory for this search", "memory")

    def searched(self) -> float:
        """Seconds of searching so far (reading the tables first does not count)."""
        return self.solving.seconds if self.solving is not None else 0.0

    def begun(self) -> bool:
        """Whether the search has begun (its tables read), so that a stop has something to say."""
        return self.solving is not None

    def on_budget(self, cancelled: bool = False) -> Result:
        """The answer when the budget runs out, or at a Cancel that keeps what the search has (``cancelled``):
        its best answer so far, or how far it got with its advice; either can be resumed."""
        solving = self.solving
        return solving.stop(stopped_after(seconds=solving.seconds, expanded=solving.stats.expanded,
                                          cancelled=cancelled), "cancel" if cancelled else "budget")

    def on_cancel(self) -> Result:
        """The answer at a Cancel that keeps what the search has (the form's): as the budget's, 'Cancelled after'."""
        return self.on_budget(cancelled=True)


def search_progress(solving: policy.Solving) -> Dict[str, Any]:
    """A search's progress record (tag ``search``): positions expanded, frontier, proven bound, IDA*'s
    iterations and an anytime search's best answer so far."""
    search = solving.search
    progress = {"expanded": solving.stats.expanded, "frontier": search.frontier_size,
                "bound": solving.bound, "enqueued": solving.stats.enqueued, "method": solving.method}
    if solving.kind == Kind.BOARD:
        progress["iterations"] = policy.iteration_log(search)
        best = solving.best_answer()
        if best:
            progress["best"] = len(best)
    return progress


# -- answers ---------------------------------------------------------------------------------------------

def board_description(board: Board, heuristic: str, reason: str = "") -> Message:
    """What the page shows about a board: its tiles and goal as lists and text, solvable or why not, its
    estimate and its share link."""
    n = board.width
    usual_goal = board.goal == grid.standard_goal(n, board.height)
    answer = {"n": n, "height": board.height, "tiles": list(board.tiles), "goal": list(board.goal),
              "usual_goal": usual_goal,
              "heuristic": heuristic, "board_text": rows_text(board.tiles, n),
              "goal_text": "" if usual_goal else rows_text(board.goal, n),
              "solvable": board.is_solvable(), "estimate": board.estimated_distance_to_goal(),
              "estimate_heuristic": "manhattan",   # the estimate a Board keeps: Manhattan distance
              "fragment": board_fragment(n, board.tiles, None if usual_goal else board.goal)}
    if not answer["solvable"]:
        answer["reason"] = reason
        blank_first = policy.blank_first_goal(board)
        if blank_first:  # the page offers to solve it for that goal
            answer["blank_first_goal"] = list(blank_first)
    return answer


def result_message(result: Result, **extra: Any) -> Message:
    """A solve's answer: how it ended, its counters and time, and what the kind of puzzle adds."""
    stats = result.stats
    answer = {"type": "result", "kind": result.kind, "status": result.status, "moves": result.moves,
              "method": result.method, "optimal": result.optimal, "bound": result.bound,
              "expanded": stats.expanded, "enqueued": stats.enqueued, "max_frontier": stats.max_frontier,
              "seconds": round(result.seconds, 3), "took": took(result.seconds), **extra}
    if isinstance(result, BoardResult):
        answer["iterations"] = [list(pair) for pair in result.iterations]
        if result.solved:
            answer["blank_path"] = list(result.blank_path)
    elif isinstance(result, LadderResult):
        answer.update(start=result.initial.word, goal=result.initial.goal)
        if result.solved:
            answer["ladder"] = list(result.ladder)
    if result.status == "unsolvable":
        answer["reason"] = result.reason
    elif result.reason:  # stopped, or solved but not proven shortest when a budget ran out
        answer["message"] = result.reason
    return answer


# -- the ops ---------------------------------------------------------------------------------------------

@dataclass
class CheckBoard(BoardFields):
    board_checked: Board = field(init=False)

    def check(self) -> None:
        super().check()
        options_of(None, self.heuristic)
        try:
            self.board_checked = self.puzzle.board()
        except BoardError as error:
            raise InputError("board", str(error)) from None


def _check_board(params: CheckBoard) -> Message:
    board = params.board_checked
    reason = "" if board.is_solvable() else policy.no_answer(board)
    return {"type": "board", **board_description(board, params.heuristic or DEFAULT_HEURISTIC, reason)}


@dataclass
class SolveBoard(BoardFields, Budgeted):
    algorithm: Optional[str] = wire({"type": "string"})
    options: Options = field(init=False)

    def check(self) -> None:
        self.options = options_of(self.algorithm, self.heuristic)
        super().check()


def _describe_board(params: SolveBoard, result: Result) -> Message:
    board = params.puzzle.board()
    return result_message(result, board=board_description(board, params.options.heuristic, result.reason))


@dataclass
class SolveWords(WordFields, Budgeted):
    algorithm: Optional[str] = wire({"type": "string"})
    options: Options = field(init=False)

    def check(self) -> None:
        self.options = options_of(self.algorithm, None)
        super().check()
        check_words(self.puzzle.start, self.puzzle.goal)   # both empty words named at once, before the dictionary is read


def _solve(params) -> Job[Result]:
    return solve_job(params.puzzle, params.options, max_seconds=params.seconds(), max_nodes=params.nodes())



RESULT_DESCRIPTION = (
    "A solve's answer; took: its seconds as every answer writes them (budget.took: '3 ms', '0.2 s', '32 s'), for "
    "the page's Details. Boards add board (the board described, as check_board does) and iterations (IDA*'s "
    "[bound, expansions] per finished iteration); solved, blank_path (the blank's cell after each move: the page "
    "rebuilds the boards). Ladders add start and goal; solved, ladder. unsolvable: reason says why. stopped: a "
    "budget ran out, message says how far it got and what to try. resumable + job: the time budget ran out and "
    "resume can go on (an anytime search then answers solved, not optimal, with its message).")

BOARD_ANSWER = Answer("board",
    {"type": "object", "required": ["type", "id", "n", "height", "tiles", "goal", "usual_goal", "board_text",
                                    "goal_text", "solvable", "estimate", "estimate_heuristic", "heuristic",
                                    "fragment"],
     "description": "A typed board checked; `reason` says why an unsolvable one cannot reach its goal, and "
                    "`blank_first_goal` is the goal with the blank first (0 1 2 3 ...) when it would reach that "
                    "one (Korf's boards).",
     "properties": {"n": {"type": "integer", "description": "Tiles to a row (the side of an n x n board)."},
                    "height": {"type": "integer", "description": "Rows."},
                    "tiles": {"$ref": "#/$defs/tiles"},
                    "goal": {"$ref": "#/$defs/tiles"}, "solvable": {"type": "boolean"},
                    "estimate": {"type": "integer"}, "fragment": {"type": "string"},
                    "reason": {"type": "string"}, "blank_first_goal": {"$ref": "#/$defs/tiles"}}})

RESULT_ANSWER = Answer("result",
    {"type": "object", "required": ["type", "id", "kind", "status", "moves", "method", "optimal", "bound",
                                    "expanded", "enqueued", "max_frontier", "seconds", "took"],
     "description": RESULT_DESCRIPTION,
     "properties": {"kind": {"enum": [kind.value for kind in Kind]},
                    "status": {"enum": ["solved", "unsolvable", "stopped"]},
                    "moves": {"type": ["integer", "null"]}, "method": {"type": "string"},
                    "optimal": {"type": "boolean"}, "bound": {"type": "integer"},
                    "blank_path": {"type": "array", "items": {"type": "integer"}},
                    "ladder": {"type": "array", "items": {"type": "string"}},
                    "reason": {"type": "string"}, "message": {"type": "string"}, "took": {"type": "string"},
                    "resumable": {"const": True}, "job": {"$ref": "#/$defs/id"},
                    "iterations": {"type": "array"}, "board": {"type": "object"}}})

OPS = (
    Op("check_board", CheckBoard, (BOARD_ANSWER,), answer=_check_board,
       description="A typed board (and its goal) checked as the solver form shows it: each problem in a sentence, "
                   "or its shape, whether it can be solved, and its share link.",
       examples=({"board": "8 1 3\n4 0 2\n7 6 5"}, {"board": "1 2 3\n4 5\n6 7 0", "goal": "1 2\n3 0"},
              {"board": "1 0 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15"})),
    Op("solve_board", SolveBoard, (RESULT_ANSWER,), job=_solve, describe=_describe_board, progress=SEARCH,
       description="A board solved: optimally up to 16 cells (and by any chosen search), near-optimally with a "
                   "proven bound beyond, within max_seconds (then resumable).",
       budget=True, fast_answer={"algorithm": "weighted"},
       examples=({"board": "8 1 3\n4 0 2\n7 6 5"},
                 {"board": "8 1 3\n4 0 2\n7 6 5", "heuristic": "hamming", "algorithm": "astar-tree"},
                 {"board": "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 0 14 15"},
                 {"board": "5 1 3 4\n9 2 7 8\n0 6 11 12\n13 10 14 15", "algorithm": "weighted"},
                 {"board": "13 19 5 22 23\n16 7 24 9 6\n15 0 18 8 14\n21 11 3 17 2\n1 20 12 4 10", "max_seconds": 0.3},
                 {"board": "24 31 10 5 29 27\n8 23 14 12 28 22\n34 15 0 19 30 7\n21 35 13 2 33 6\n16 1 18 11 32 17\n"
                           "26 4 3 25 9 20", "algorithm": "lines"},
                 {"board": "1 2 3\n4 5 6\n8 7 0"})),
    Op("solve_words", SolveWords, (RESULT_ANSWER,), job=_solve, describe=lambda params, result: result_message(result),
       description="A word ladder solved: the fewest steps from `start` to `goal`, one letter changed, added or "
                   "removed a step, every word in `dictionary`.",
       progress=SEARCH, budget=True,
       examples=({"start": "cold", "goal": "warm"}, {"start": "cold", "goal": "qqq"})),
)
