"""The web worker's API: JSON in, JSON out, over :mod:`puzzlesolver.policy`.  This docstring is the one
description of the worker protocol (``site/worker.js`` only moves messages and fetches files).

The worker passes every page message to :func:`call` as a JSON string and posts the JSON string it
returns back to the page.  A message is ``{"id", "op", ...params}``; each answer carries the same id.

Ops and their answers:

``info``
    ``{"type": "info", "version", "python", "heuristics", "default_heuristic", "algorithms",
    "dictionaries", "max_side", "max_stored_nodes", "max_seconds"}``: what the solver offers.
``check_board`` ``{board, goal?, heuristic?}``
    ``{"type": "board", "n", "tiles", "goal", "usual_goal", "board_text", "goal_text", "solvable",
    "reason"?, "estimate", "estimate_heuristic", "heuristic", "fragment"}``.
``solve_board`` ``{board, goal?, heuristic?, algorithm?, max_nodes?, max_seconds?, boards?}`` and
``solve_words`` ``{start, goal, dictionary?, algorithm?, max_nodes?, max_seconds?}``
    ``{"type": "started", "kind"}``, then the page sends ``advance`` until a result comes; or at once
    a ``result`` (unsolvable by parity, no ladder) or a ``fetch``.
``advance`` ``{max_expansions}``
    ``{"type": "progress", "expanded", "frontier", "bound", "enqueued", "seconds", "iterations"?,
    "best"?}`` or the result; ``bound`` is a proven lower bound on the moves needed, ``iterations`` IDA*'s
    ``[bound, expansions]`` per finished iteration (boards), ``best`` the length of the answer an
    anytime search (5x5 and up) already has.
``resume`` ``{job, max_seconds?}``
    continue a job that stopped on its time budget (``result.resumable``) under this message's id:
    ``{"type": "started"}``, then ``advance`` as before.
``cancel``
    ``{"type": "result", "status": "cancelled"}`` and the job is gone.
``fragment`` ``{fragment}``
    a share link decoded: ``{"type": "fragment", "kind": "board", "n", "tiles", "goal", "heuristic",
    "board_text", "goal_text"}`` or ``{"type": "fragment", "kind": "words", "start", "goal", "dictionary"}``.
``deal`` ``{n, goal?, seed?, moves?}``
    ``{"type": "deal", "n", "tiles", "goal"}``: uniform over the boards that can reach the goal, or, with
    ``moves``, a board (standard goal, 2x2 to 4x4) whose optimal solution takes exactly that many moves.
``explain`` ``{board, goal?, heuristic?, algorithm?, queue?}`` or ``{start, goal, dictionary?, ...}``
    ``{"type": "explanation", "kind", "heuristic", "algorithm", "queue_mode", "nodes", "steps", "path"}``:
    A* step by step (:func:`puzzlesolver.explain.trace_record`); ``queue`` textbook (default) or
    tiebreak; too long a search is an error whose message offers the plain solver.
``compare`` ``{board, goal?}``
    ``{"type": "comparison", "rows": [{"heuristic", "algorithm", "finished", "moves", "expanded",
    "enqueued", "max_frontier"}]}``: each estimate with A*, and the seeds' tree A*.
``quality``
    ``{"type": "quality", "exact": [...], "average": {name: [...]}}``: every estimate against the exact
    distance over all 181,440 solvable 8-puzzle boards (a few seconds, the first time).
``judge`` ``{tiles, goal?}``
    ``{"type": "judgement", "distance", "exact", "moves": [{"cell", "tile", "delta"}], "method"}``: the
    optimal distance of a game's position (``exact``; else a proven lower bound, from 5x5 on or past
    the budget) and, for each tile that can move, what moving it does to that distance (-1 or +1).

A result is ``{"type": "result", "kind": "board" | "words", "status", "moves", "method", "optimal",
"bound", "expanded", "enqueued", "max_frontier", "seconds", ...}`` with ``status`` one of

* ``solved``: boards add ``blank_path`` (the blank's cell after each move: the answer as moves) and,
  unless ``boards`` was false, ``path`` (every board's tiles); ladders add ``ladder``;
* ``unsolvable``: ``reason`` says why;
* ``stopped``: a budget ran out; ``message`` says how far it got and what to try; ``resumable`` is
  true when ``resume`` can carry on (a time budget, not a memory one).  An anytime search whose time
  budget runs out answers ``solved`` instead, with ``optimal`` false, the proven ``bound``, a
  ``message`` ("found 112 moves, not proven shortest; the optimum is at least 104 moves") and
  ``resumable``: resuming improves the answer or proves it;
* ``cancelled``.

``{"type": "fetch", "files": [{"url", "path"}]}`` asks the worker to fetch data files (word lists,
pattern tables) into the Pyodide file system and send the same message again, with ``unavailable``:
the urls this build does not have (the engine then does without them).

``{"type": "error", "field", "message"}`` is a bad input: ``field`` names what it is about
(``board``, ``goal``, ``heuristic``, ``algorithm``, ``start_word``, ``goal_word``, ``dictionary``,
``link``, ``size``, ``moves``, ``internal``) and the message is one sentence.  Nothing ever answers with a
traceback.

Solving in slices::

    >>> import json
    >>> answer = json.loads(call(json.dumps({"id": 1, "op": "solve_board", "board": "0 1\\n3 2"})))
    >>> answer["type"]
    'started'
    >>> while answer["type"] != "result":
    ...     answer = json.loads(call(json.dumps({"id": 1, "op": "advance", "max_expansions": 100})))
    >>> answer["status"], answer["moves"], answer["blank_path"]
    ('solved', 2, [1, 3])
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any, Callable, Dict, Optional

from . import __version__, explain, grid, play, policy
from .fast import tables
from .board import Board, BoardError, random_board, validate_tiles
from .formats import BoardPuzzle, PuzzleFormatError, WordPuzzle, board_fragment, parse_board_text, parse_fragment
from .policy import OptionError, Options, Result, Solving
from .search import ALGORITHMS as ASTAR_ALGORITHMS
from .search import QUEUES
from .words import DICTIONARIES, WordError

__all__ = ["call", "MAX_STORED_NODES", "MAX_SECONDS", "DEFAULT_HEURISTIC"]

#: A search that has stored this many nodes stops (a browser tab has far less memory than a shell).
MAX_STORED_NODES = 1_500_000
#: A search that has computed this long stops and offers to go on (the page may ask for another budget).
MAX_SECONDS = 30.0
DEFAULT_HEURISTIC = "auto"
#: The page's names for the fields of a word ladder, by the engine's.
_WORD_FIELDS = {"start": "start_word", "goal": "goal_word", "dictionary": "dictionary"}

Message = Dict[str, Any]


class _InputError(Exception):
    """A bad input: ``field`` names the form field, the message is one sentence for a person."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class _Job:
    """A search being advanced a slice at a time, with its budgets."""

    def __init__(self, solving: Solving, describe: Callable[[Result], Message], max_nodes: int,
                 max_seconds: float) -> None:
        self.solving = solving
        self.describe = describe
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds

    def advance(self, max_expansions: int) -> Message:
        """One slice: the final result, a stop on a budget, or a progress report."""
        solving = self.solving
        try:
            result = solving.advance(max_expansions)
        except MemoryError:
            result = solving.stop("The browser ran out of memory for this search")
        if result is not None:
            return self.describe(result)
        stored = solving.stats.enqueued
        if stored >= self.max_nodes:
            return self.describe(solving.stop(f"Stopped after storing {stored:,} search nodes, the limit "
                                              "for a browser tab,"))
        if solving.seconds >= self.max_seconds:
            answer = self.describe(solving.stop(f"Stopped after {solving.seconds:.0f} s of searching "
                                                f"({solving.stats.expanded:,} positions)"))
            answer["resumable"] = True
            return answer
        search = solving.search
        progress = {"type": "progress", "expanded": solving.stats.expanded, "frontier": search.frontier_size,
                    "bound": search.bound, "enqueued": stored, "seconds": round(solving.seconds, 3)}
        if solving.kind == "board":
            progress["iterations"] = policy.iteration_log(search)
            if search.blank_path():
                progress["best"] = len(search.blank_path())  # an anytime search's answer so far
        return progress


_jobs: Dict[Any, _Job] = {}
_paused: Dict[Any, _Job] = {}  # at most one: a job stopped on its time budget, kept for ``resume``


# -- entry point ------------------------------------------------------------------------------------

def call(message_json: str) -> str:
    """Answer one worker message (a JSON string) with one JSON string; never raises."""
    message: Message = {}
    try:
        parsed = json.loads(message_json)
        if not isinstance(parsed, dict):
            raise _InputError("internal", "A message must be a JSON object.")
        message = parsed
        handler = _OPS.get(message.get("op"))
        if handler is None:
            raise _InputError("internal", f"Unknown operation {str(message.get('op'))[:40]!r}.")
        answer = handler(message)
    except _InputError as error:
        answer = {"type": "error", "field": error.field, "message": error.message}
    except _NeedFiles as need:
        answer = {"type": "fetch", "files": need.files}
    except Exception as error:  # noqa: BLE001 - the page must get a sentence, never a traceback
        _jobs.pop(message.get("id"), None)
        answer = {"type": "error", "field": "internal",
                  "message": f"Internal error ({type(error).__name__}): {str(error)[:200]}"}
    answer["id"] = message.get("id")
    return json.dumps(answer)


class _NeedFiles(Exception):
    def __init__(self, files: list) -> None:
        super().__init__("missing data files")
        self.files = files


def _info(message: Message) -> Message:
    return {"type": "info", "version": __version__, "python": sys.version.split()[0],
            "heuristics": list(policy.HEURISTICS), "default_heuristic": DEFAULT_HEURISTIC,
            "algorithms": list(policy.ALGORITHMS), "dictionaries": list(DICTIONARIES),
            "max_side": grid.MAX_SIDE, "max_stored_nodes": MAX_STORED_NODES, "max_seconds": MAX_SECONDS}


# -- reading requests ---------------------------------------------------------------------------------

def _options(message: Message) -> Options:
    heuristic = message.get("heuristic") or DEFAULT_HEURISTIC
    algorithm = message.get("algorithm") or "auto"
    if not isinstance(heuristic, str) or heuristic not in policy.HEURISTICS:
        raise _InputError("heuristic", f"Unknown heuristic {str(heuristic)[:40]!r}; choose one of "
                                       f"{', '.join(policy.HEURISTICS)}.")
    if not isinstance(algorithm, str):
        raise _InputError("algorithm", "The algorithm must be a name.")
    return Options(algorithm, heuristic)


def _board_puzzle(message: Message) -> BoardPuzzle:
    """The board of the message's ``board`` text and optional ``goal`` text, checked once."""
    text = message.get("board")
    if not isinstance(text, str) or not text.strip():
        raise _InputError("board", "Enter a board: n rows of n numbers, 0 for the blank.")
    try:
        puzzle = parse_board_text(text)
    except (PuzzleFormatError, BoardError) as error:
        raise _InputError(error.field, str(error)) from None
    goal_text = message.get("goal")
    if not isinstance(goal_text, str) or not goal_text.strip():
        return puzzle
    try:
        goal = parse_board_text(goal_text)
    except (PuzzleFormatError, BoardError) as error:
        raise _InputError("goal", str(error).replace("board", "goal")) from None
    if goal.goal is not None:
        raise _InputError("goal", "Enter one goal board: n rows of n numbers.")
    if goal.n != puzzle.n:
        raise _InputError("goal", f"The goal is {goal.n}x{goal.n} but the board is {puzzle.n}x{puzzle.n}.")
    return BoardPuzzle(puzzle.n, puzzle.tiles, goal.tiles)


def _start(message: Message, puzzle, options: Options) -> Solving:
    """The policy's Solving for this request, after any data files it needs are on hand."""
    unavailable = set(message.get("unavailable") or ())
    needed = policy.data_files(puzzle, options)
    if isinstance(puzzle, WordPuzzle) and any(f.url in unavailable for f in needed):
        raise _InputError("dictionary", f"The {puzzle.dictionary} dictionary could not be downloaded (is this device "
                                        "offline?); connect once to use it, or choose the common dictionary.")
    wanted = [{"url": f.url, "path": f.path} for f in needed if f.url not in unavailable]
    if wanted:
        raise _NeedFiles(wanted)
    try:
        return policy.start(puzzle, options)
    except OptionError as error:
        raise _InputError(error.field, str(error)) from None
    except BoardError as error:
        raise _InputError(error.field, str(error)) from None
    except WordError as error:
        raise _InputError(_WORD_FIELDS.get(error.field, "dictionary"), str(error)) from None


# -- boards -------------------------------------------------------------------------------------------

def _rows_text(tiles, n: int) -> str:
    width = len(str(n * n - 1))
    return "\n".join(" ".join(str(t).rjust(width) for t in tiles[r * n:(r + 1) * n]) for r in range(n))


def _board_description(board: Board, heuristic: str, reason: str = "") -> Message:
    n = board.size()
    usual_goal = board.goal == grid.standard_goal(n)
    answer = {"n": n, "tiles": list(board.tiles), "goal": list(board.goal), "usual_goal": usual_goal,
              "heuristic": heuristic, "board_text": _rows_text(board.tiles, n),
              "goal_text": "" if usual_goal else _rows_text(board.goal, n),
              "solvable": board.is_solvable(), "estimate": board.estimated_distance_to_goal(),
              "estimate_heuristic": board.heuristic,
              "fragment": board_fragment(n, board.tiles, None if usual_goal else board.goal)}
    if not answer["solvable"]:
        answer["reason"] = reason
    return answer


def _check_board(message: Message) -> Message:
    options = _options(message)
    puzzle = _board_puzzle(message)
    try:
        board = Board.from_tiles(puzzle.tiles, puzzle.goal)
    except BoardError as error:
        raise _InputError("board", str(error)) from None
    reason = "" if board.is_solvable() else policy.no_answer(board)
    return {"type": "board", **_board_description(board, options.heuristic, reason)}


def _result_message(result: Result, **extra: Any) -> Message:
    stats = result.stats
    answer = {"type": "result", "kind": result.kind, "status": result.status, "moves": result.moves,
              "method": result.method, "optimal": result.optimal, "bound": result.bound,
              "expanded": stats.expanded, "enqueued": stats.enqueued, "max_frontier": stats.max_frontier,
              "seconds": round(result.seconds, 3), **extra}
    if result.status == "unsolvable":
        answer["reason"] = result.reason
    elif result.reason:  # stopped, or solved but not proven shortest when a budget ran out
        answer["message"] = result.reason
    return answer


def _solve_board(message: Message) -> Message:
    options = _options(message)
    solving = _start(message, _board_puzzle(message), options)
    board = solving.initial
    with_boards = message.get("boards", True) is not False

    def describe(result: Result) -> Message:
        description = _board_description(board, options.heuristic, result.reason)
        extra: Message = {"board": description, "iterations": policy.iteration_log(result.search)}
        if result.solved:
            extra["blank_path"] = result.blank_path
            if with_boards:
                extra["path"] = [list(tiles) for tiles in grid.tiles_along(board.tiles, result.blank_path)]
        return _result_message(result, **extra)

    return _start_job(message, solving, describe)


# -- word ladders -------------------------------------------------------------------------------------

def _solve_words(message: Message) -> Message:
    start = str(message.get("start") or "").strip().lower()
    goal = str(message.get("goal") or "").strip().lower()
    dictionary = message.get("dictionary") or "common"
    if dictionary not in DICTIONARIES:
        raise _InputError("dictionary", f"Unknown dictionary {str(dictionary)[:40]!r}: choose common or large.")
    if not start:
        raise _InputError("start_word", "Enter a start word.")
    if not goal:
        raise _InputError("goal_word", "Enter a goal word.")
    solving = _start(message, WordPuzzle(start, goal, dictionary), _options(message))
    initial = solving.initial

    def describe(result: Result) -> Message:
        extra: Message = {"start": initial.word, "goal": initial.goal, "dictionary": dictionary}
        if result.solved:
            extra["ladder"] = result.ladder
        return _result_message(result, **extra)

    return _start_job(message, solving, describe)


# -- jobs ---------------------------------------------------------------------------------------------

def _positive(value: Any, default: float) -> float:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 else default


def _start_job(message: Message, solving: Solving, describe: Callable[[Result], Message]) -> Message:
    early = solving.advance(0) if solving.search is None else None
    if early is not None:
        return describe(early)
    job = _Job(solving, describe, int(_positive(message.get("max_nodes"), MAX_STORED_NODES)),
               _positive(message.get("max_seconds"), MAX_SECONDS))
    _jobs[message.get("id")] = job
    return {"type": "started", "kind": solving.kind}


def _advance(message: Message) -> Message:
    job = _jobs.get(message.get("id"))
    if job is None:
        raise _InputError("internal", "No solve is running under this id.")
    answer = job.advance(int(_positive(message.get("max_expansions"), 1000)))
    if answer["type"] == "result":
        del _jobs[message.get("id")]
        if answer.get("resumable"):
            _paused.clear()
            _paused[message.get("id")] = job
            answer["job"] = message.get("id")
    return answer


def _resume(message: Message) -> Message:
    job = _paused.pop(message.get("job"), None)
    if job is None:
        raise _InputError("internal", "That search can no longer be resumed; start it again.")
    job.max_seconds = job.solving.seconds + _positive(message.get("max_seconds"), MAX_SECONDS)
    _jobs[message.get("id")] = job
    return {"type": "started", "kind": job.solving.kind}


def _cancel(message: Message) -> Message:
    job = _jobs.pop(message.get("id"), None)
    answer = {"type": "result", "kind": job.solving.kind if job else "board", "status": "cancelled",
              "moves": None, "message": "Cancelled."}
    if job:
        stats = job.solving.stats
        answer.update(expanded=stats.expanded, enqueued=stats.enqueued, max_frontier=stats.max_frontier,
                      seconds=round(job.solving.seconds, 3))
    return answer


# -- share links and deals ----------------------------------------------------------------------------

def _fragment(message: Message) -> Message:
    try:
        puzzle = parse_fragment(str(message.get("fragment") or ""))
    except (PuzzleFormatError, BoardError) as error:
        raise _InputError("link", f"The link is not a puzzle: {_lower_first(str(error))}") from None
    if puzzle["kind"] == "board":
        n, goal = puzzle["n"], puzzle["goal"]
        return {"type": "fragment", "kind": "board", "n": n, "tiles": list(puzzle["tiles"]),
                "goal": None if goal is None else list(goal), "heuristic": puzzle["heuristic"],
                "board_text": _rows_text(puzzle["tiles"], n),
                "goal_text": "" if goal is None else _rows_text(goal, n)}
    return {"type": "fragment", "kind": "words", "start": puzzle["start"], "goal": puzzle["goal"],
            "dictionary": puzzle["dictionary"]}


def _lower_first(sentence: str) -> str:
    return sentence[:1].lower() + sentence[1:]


def _deal(message: Message) -> Message:
    """A board drawn uniformly from those that can reach the goal: ``{n, goal?, seed?}`` -> ``{tiles}``."""
    n = message.get("n")
    if type(n) is not int or not 2 <= n <= 12:
        raise _InputError("size", "Choose a board size from 2 to 12.")
    goal = message.get("goal")
    if goal is not None:
        if not isinstance(goal, list):
            raise _InputError("goal", "The goal must be a list of tiles.")
        try:
            validate_tiles(goal, n, "goal")
        except BoardError as error:
            raise _InputError("goal", str(error)) from None
    seed = message.get("seed")
    rng = random.Random(seed if type(seed) is int else None)
    moves = message.get("moves")
    if moves is None:
        board = random_board(n, rng, goal)
    elif type(moves) is not int:
        raise _InputError("moves", "The number of moves must be a whole number.")
    else:
        try:
            board = play.deal_exactly(n, moves, rng)
        except play.DealError as error:
            raise _InputError("moves", str(error)) from None
    return {"type": "deal", "n": n, "tiles": list(board.tiles), "goal": list(board.goal)}


def _judge(message: Message) -> Message:
    tiles, goal = message.get("tiles"), message.get("goal")
    if not isinstance(tiles, list) or (goal is not None and not isinstance(goal, list)):
        raise _InputError("board", "A position is a list of tiles (and optionally a goal).")
    try:
        board = Board.from_tiles(tiles, goal)
        unavailable = set(message.get("unavailable") or ())
        wanted = [{"url": f.url, "path": f.path} for f in policy.data_files(BoardPuzzle(board.size(), board.tiles,
                  board.goal)) if f.url not in unavailable]
        if wanted:  # the tables the judging search reads, fetched first as for a solve
            raise _NeedFiles(wanted)
        verdict = play.judge(board)
    except BoardError as error:
        raise _InputError(error.field, str(error)) from None
    except ValueError as error:
        raise _InputError("board", str(error)) from None
    moves = [{"cell": cell, "tile": board.tiles[cell], "delta": delta} for cell, delta in verdict.deltas.items()]
    return {"type": "judgement", "distance": verdict.distance, "exact": verdict.exact, "moves": moves,
            "method": verdict.method}


# -- explain: the search made visible ------------------------------------------------------------------

def _explain(message: Message) -> Message:
    queue = message.get("queue") or "textbook"
    algorithm = message.get("algorithm") or "astar"
    heuristic = message.get("heuristic") or "manhattan"
    if queue not in QUEUES:
        raise _InputError("queue", f"Unknown queue {str(queue)[:40]!r}; choose textbook or tiebreak.")
    if algorithm not in ASTAR_ALGORITHMS:
        raise _InputError("algorithm", "The step-by-step view shows A*: choose astar or astar-tree.")
    if heuristic == "auto":
        heuristic = "manhattan"
    if "board" in message:
        puzzle = _board_puzzle(message)
    else:
        puzzle = WordPuzzle(str(message.get("start") or "").strip().lower(),
                            str(message.get("goal") or "").strip().lower(), message.get("dictionary") or "common")
        wanted = [{"url": f.url, "path": f.path} for f in policy.data_files(puzzle)
                  if f.url not in set(message.get("unavailable") or ())]
        if wanted:
            raise _NeedFiles(wanted)
    try:
        trace = explain.explain(puzzle, heuristic, algorithm, queue)
    except explain.ExplainTooLong as error:
        raise _InputError("board" if "board" in message else "start_word", str(error)) from None
    except BoardError as error:
        raise _InputError(error.field, str(error)) from None
    except WordError as error:
        raise _InputError(_WORD_FIELDS.get(error.field, "dictionary"), str(error)) from None
    return {"type": "explanation", **explain.trace_record(trace)}


def _compare(message: Message) -> Message:
    puzzle = _board_puzzle(message)
    if not Board.from_tiles(puzzle.tiles, puzzle.goal).is_solvable():
        raise _InputError("board", policy.no_answer(Board.from_tiles(puzzle.tiles, puzzle.goal)))
    return {"type": "comparison", "rows": explain.compare(puzzle)}


_quality: Dict[str, Any] = {}


def _heuristic_quality(message: Message) -> Message:
    needed = tables.FILES_3[:1]  # the exact distances for the standard goal
    missing = [name for name in tables.missing_files(needed) if f"pdb/{name}" not in (message.get("unavailable") or ())]
    if missing:
        raise _NeedFiles([{"url": f"pdb/{name}", "path": str(tables.data_dir() / name)} for name in missing])
    if tables.missing_files(needed):
        raise _InputError("internal", "The 8-puzzle's exact table could not be downloaded; try again when online.")
    if not _quality:
        _quality.update(explain.heuristic_quality())
    return {"type": "quality", **_quality}


_OPS: Dict[Optional[str], Callable[[Message], Message]] = {
    "info": _info,
    "check_board": _check_board,
    "solve_board": _solve_board,
    "solve_words": _solve_words,
    "advance": _advance,
    "resume": _resume,
    "cancel": _cancel,
    "fragment": _fragment,
    "deal": _deal,
    "judge": _judge,
    "explain": _explain,
    "compare": _compare,
    "quality": _heuristic_quality,
}
