"""The web worker's API: JSON in, JSON out, over :mod:`puzzlesolver.jobs` and :mod:`puzzlesolver.policy`.

The worker passes every page message to :func:`call` as a JSON string and posts back what it returns.
Every message is declared in ``protocol.json`` beside this module (a JSON Schema: each request's
fields, each answer's type; the tests validate answers against it and the page's client reads it);
this docstring says how the messages go together.

* A request is ``{"id", "op", "owner"?, ...}``; ids count up.  Every request gets exactly one answer
  with its id: the result, or ``{"type": "error", "field", "message"}`` (``field`` names what it is
  about, the message is one sentence; never a traceback; ``also``: ``[{"field", "message"}]``, the other
  fields' problems when one check found several, as a ladder's two unknown or empty words).
* Quick ops (``info``, ``check_board``, ``fragment``, ``cancel``) answer at once.
* Every op that can take longer (``solve_board``, ``solve_words``, ``resume``, ``judge``, ``deal``,
  ``explain``, ``compare``, ``check``, ``quality``) is a *job* (:mod:`puzzlesolver.jobs`).  Its first answer is
  its result when its first slice finished it, else ``{"type": "started", ...progress}``; the worker
  then sends ``{"op": "advance", "id", "slice_ms"}`` until the result comes, forwarding each
  ``{"type": "progress", ...}`` to the page.  A job first declares the data files it reads: if some
  are not on hand the answer is ``{"type": "fetch", "files": [{"url", "path"}]}``, and the worker sends
  the request again with ``unavailable``: the urls it could not get (the engine then does without
  them, or says in one sentence why it cannot).
* One running job per ``owner`` (a part of the page: "form", "game", "judge", ...): a newer request of
  an owner replaces the older one, which answers ``{"type": "cancelled"}``.  ``cancel`` ``{job?,
  owner?, keep_best?}`` stops one running job, or every running job of an owner (of every owner without
  one); with ``keep_best``, a solve that has an answer so far answers it as when its budget runs out
  (resumable) instead of ``cancelled``.  The worker itself drops requests still fetching their files.
* A solve whose time budget (``max_seconds``) runs out answers ``result`` with ``resumable: true`` and
  ``job``: its id; ``resume`` ``{job, max_seconds?}`` goes on with it (one such job is kept per owner).

Solving in slices::

    >>> import json
    >>> ask = lambda **message: json.loads(call(json.dumps(message)))
    >>> answer = ask(id=1, op="solve_board", board="0 1\\n3 2")
    >>> while answer["type"] in ("started", "progress"):
    ...     answer = ask(id=1, op="advance", slice_ms=50)
    >>> answer["status"], answer["moves"], answer["blank_path"]
    ('solved', 2, [1, 3])
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, Optional

from . import __version__, explain, grid, jobs, play, policy
from .board import Board, BoardError, validate_tiles
from .check import AnswerFormatError
from .fast import tables
from .formats import BoardPuzzle, PuzzleFormatError, WordPuzzle, board_fragment, parse_board_text, parse_fragment
from .policy import OptionError, Options, Result
from .search import DEFAULT_WEIGHT, check_options
from .words import DICTIONARIES, WordError, check_words

__all__ = ["call", "answer", "PROTOCOL", "DEFAULT_HEURISTIC"]

#: The messages, declared once (JSON Schema); the page's client reads the same file.
PROTOCOL = Path(__file__).with_name("protocol.json")
DEFAULT_HEURISTIC = "auto"
#: A slice of a job when the worker does not say (milliseconds).
DEFAULT_SLICE_MS = 50
#: The page's names for the fields of a word ladder, by the engine's.
_WORD_FIELDS = {"start": "start_word", "goal": "goal_word", "dictionary": "dictionary"}

Message = Dict[str, Any]


class _InputError(Exception):
    """A bad input: ``field`` names the form field, the message is one sentence for a person."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class _JobFailed(Exception):
    """A job's work raised ``error``; ``puzzle_field`` is the field its puzzle is shown in."""

    def __init__(self, error: Exception, puzzle_field: str) -> None:
        super().__init__(str(error))
        self.error = error
        self.puzzle_field = puzzle_field


class _NeedFiles(Exception):
    def __init__(self, files: list) -> None:
        super().__init__("missing data files")
        self.files = files


@dataclass
class _Answering:
    """How a running job's answer becomes a message, and which field a problem with its puzzle is on."""

    describe: Callable[[Any], Message]
    puzzle_field: str = "board"


_jobs = jobs.Jobs()


# -- entry point ------------------------------------------------------------------------------------

def call(message_json: str) -> str:
    """Answer one worker message (a JSON string) with one JSON string; never raises."""
    message: Message = {}
    try:
        parsed = json.loads(message_json)
        if not isinstance(parsed, dict):
            raise _InputError("internal", "A message must be a JSON object.")
        message = parsed
        op = message.get("op")
        if op in _OPS:
            answer = _OPS[op](message)
        elif op in _JOBS:
            answer = _start(message, _JOBS[op])
        else:
            raise _InputError("internal", f"Unknown operation {str(op)[:40]!r}.")
    except _NeedFiles as need:
        answer = {"type": "fetch", "files": need.files}
    except _JobFailed as failed:
        answer = _error(failed.error, failed.puzzle_field)
    except Exception as error:  # noqa: BLE001 - the page must get a sentence, never a traceback
        answer = _error(error)
    answer["id"] = message.get("id")
    return json.dumps(answer)


def answer(message: Message) -> Message:
    """A request's final answer: what :func:`call` and the worker's ``advance`` loop give the page, without
    the interleaving (for tools and tests).

    >>> answer({"id": 7, "op": "deal", "n": 3, "moves": 5, "seed": 1})["type"]
    'deal'
    """
    reply = json.loads(call(json.dumps(message)))
    while reply["type"] in ("started", "progress"):
        reply = json.loads(call(json.dumps({"id": message.get("id"), "op": "advance"})))
    return reply


def _error(error: Exception, puzzle_field: str = "board") -> Message:
    """The one-sentence error answer for anything a request or its job raised."""
    if isinstance(error, _InputError):
        field = error.field
    elif isinstance(error, WordError):
        field = _WORD_FIELDS.get(error.field, "dictionary")
    elif isinstance(error, (BoardError, PuzzleFormatError, OptionError, jobs.BudgetSpent)):
        field = error.field
    elif isinstance(error, play.DealError):
        field = "moves"
    elif isinstance(error, explain.ExplainTooLong):
        field = puzzle_field
    elif isinstance(error, AnswerFormatError):
        field = "answer"
    else:
        return {"type": "error", "field": "internal",
                "message": f"Internal error ({type(error).__name__}): {str(error)[:200]}"}
    answer = {"type": "error", "field": field, "message": str(error)}
    if isinstance(error, WordError) and error.also:  # the other word's problem too
        answer["also"] = [{"field": _WORD_FIELDS.get(other.field, "dictionary"), "message": str(other)}
                          for other in error.also]
    return answer


def _info(message: Message) -> Message:
    return {"type": "info", "version": __version__, "python": sys.version.split()[0],
            "heuristics": list(policy.HEURISTICS), "default_heuristic": DEFAULT_HEURISTIC,
            "algorithms": list(policy.ALGORITHMS), "dictionaries": list(DICTIONARIES),
            "max_side": grid.MAX_SIDE, "max_stored_nodes": jobs.MAX_STORED_NODES, "max_seconds": jobs.SOLVE_SECONDS,
            "ida_estimate": {name: explain.ida_estimate(name) for name in explain.COMPARED}}


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
              "estimate_heuristic": "manhattan",
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
              "seconds": round(result.seconds, 3), "took": jobs.took(result.seconds), **extra}
    if result.status == "unsolvable":
        answer["reason"] = result.reason
    elif result.reason:  # stopped, or solved but not proven shortest when a budget ran out
        answer["message"] = result.reason
    return answer


# -- jobs ---------------------------------------------------------------------------------------------

def _start(message: Message, make: Callable[[Message], tuple]) -> Message:
    """Make the request's job, fetch its data files first, register it under its owner, run one slice."""
    job, answering = make(message)
    unavailable = set(message.get("unavailable") or ())
    wanted = [{"url": f.url, "path": f.path} for f in job.files(unavailable)]
    if wanted:
        job.cancel()
        raise _NeedFiles(wanted)
    job.answering = answering
    _jobs.start(message.get("id"), _owner(message), job)
    return _first_slice(message)


def _first_slice(message: Message) -> Message:
    answer = _advance({"id": message.get("id"), "slice_ms": message.get("slice_ms")})
    return {**answer, "type": "started"} if answer["type"] == "progress" else answer


def _owner(message: Message) -> str:
    owner = message.get("owner")
    return owner if isinstance(owner, str) and owner else "page"


def _advance(message: Message) -> Message:
    job_id = message.get("id")
    job = _jobs.job(job_id)
    if job is None and not _jobs.knows(job_id):
        raise _InputError("internal", "No request is running under this id.")
    try:
        outcome = _jobs.advance(job_id, _positive(message.get("slice_ms"), DEFAULT_SLICE_MS) / 1000)
    except Exception as error:  # noqa: BLE001 - reported as a sentence by call()
        raise _JobFailed(error, job.answering.puzzle_field) from error
    if outcome.kind == "progress":  # its time written as the answer's will be
        return {"type": "progress", **outcome.value, "took": jobs.took(outcome.value["seconds"])}
    if outcome.kind == "cancelled":
        return {"type": "cancelled", "message": jobs.cancelled_message(outcome.value), "progress": outcome.value,
                "took": jobs.took(outcome.value.get("seconds", 0))}
    answer = outcome.job.answering.describe(outcome.value)
    if outcome.kind == "paused":
        answer.update(resumable=True, job=job_id)
    return answer


def _cancel(message: Message) -> Message:
    cancelled = _jobs.cancel(message.get("job"), message.get("owner"), keep_best=message.get("keep_best") is True)
    return {"type": "cancel", "jobs": cancelled}


def _positive(value: Any, default: float) -> float:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0 else default


# -- solving --------------------------------------------------------------------------------------------

def _budgets(message: Message) -> Message:
    return {"max_seconds": _positive(message.get("max_seconds"), jobs.SOLVE_SECONDS),
            "max_nodes": int(_positive(message.get("max_nodes"), jobs.MAX_STORED_NODES))}


def _solve_board(message: Message) -> tuple:
    options = _options(message)
    puzzle = _board_puzzle(message)
    board = Board.from_tiles(puzzle.tiles, puzzle.goal)
    with_boards = message.get("boards", True) is not False

    def describe(result: Result) -> Message:
        description = _board_description(board, options.heuristic, result.reason)
        extra: Message = {"board": description, "iterations": policy.iteration_log(result.search)}
        if result.solved:
            extra["blank_path"] = result.blank_path
            if with_boards:
                extra["path"] = [list(tiles) for tiles in grid.tiles_along(board.tiles, result.blank_path)]
        return _result_message(result, **extra)

    return jobs.solve(puzzle, options, **_budgets(message)), _Answering(describe)


def _solve_words(message: Message) -> tuple:
    puzzle = _word_puzzle(message)
    check_words(puzzle.start, puzzle.goal)   # both empty words named at once, before the dictionary is read

    def describe(result: Result) -> Message:
        extra: Message = {"start": result.initial.word, "goal": result.initial.goal, "dictionary": puzzle.dictionary}
        if result.solved:
            extra["ladder"] = result.ladder
        return _result_message(result, **extra)

    return jobs.solve(puzzle, _options(message), **_budgets(message)), _Answering(describe, "start_word")


def _word_puzzle(message: Message) -> WordPuzzle:
    """The message's word pair; a dictionary this device cannot download is refused in one sentence."""
    dictionary = message.get("dictionary") or "common"
    if dictionary not in DICTIONARIES:
        raise _InputError("dictionary", f"Unknown dictionary {str(dictionary)[:40]!r}: choose common or large.")
    puzzle = WordPuzzle(str(message.get("start") or "").strip().lower(), str(message.get("goal") or "").strip().lower(),
                        dictionary)
    if any(f.url in (message.get("unavailable") or ()) for f in policy.data_files(puzzle)):
        raise _InputError("dictionary", f"The {dictionary} dictionary could not be downloaded (is this device offline?); "
                                        "connect once to use it, or choose the common dictionary.")
    return puzzle


def _resume(message: Message) -> Message:
    """Not made like the other jobs: it takes a paused one back (:meth:`puzzlesolver.jobs.Jobs.resume`)."""
    try:
        _jobs.resume(message.get("job"), message.get("id"), _owner(message),
                     _positive(message.get("max_seconds"), jobs.SOLVE_SECONDS))
    except KeyError:
        raise _InputError("internal", "That search can no longer be resumed; start it again.") from None
    return _first_slice(message)


# -- share links, deals, judged moves -------------------------------------------------------------------

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


def _deal(message: Message) -> tuple:
    """A board drawn uniformly from those that can reach the goal, or (``moves``) one that needs exactly that many."""
    n = message.get("n")
    if type(n) is not int or not 2 <= n <= 12:
        raise _InputError("size", "Choose a board size from 2 to 12.")
    goal = message.get("goal")
    if goal is not None:
        if not isinstance(goal, list):
            raise _InputError("goal", "The goal must be a list of tiles.")
        validate_tiles(goal, n, "goal")
    moves = message.get("moves")
    if moves is not None and type(moves) is not int:
        raise _InputError("moves", "The number of moves must be a whole number.")
    if moves is not None:
        play.check_deal(n, moves)
    seed = message.get("seed")
    rng = random.Random(seed if type(seed) is int else None)

    def describe(board: Board) -> Message:
        return {"type": "deal", "n": n, "tiles": list(board.tiles), "goal": list(board.goal)}

    return jobs.deal(n, moves, None if goal is None else tuple(goal), rng), _Answering(describe, "moves")


def _judge(message: Message) -> tuple:
    tiles, goal = message.get("tiles"), message.get("goal")
    if not isinstance(tiles, list) or (goal is not None and not isinstance(goal, list)):
        raise _InputError("board", "A position is a list of tiles (and optionally a goal).")
    board = Board.from_tiles(tiles, goal)
    if not board.is_solvable():
        raise _InputError("board", "This board cannot reach its goal.")

    def describe(verdict: play.Judgement) -> Message:
        moves = [{"cell": cell, "tile": board.tiles[cell], "delta": delta} for cell, delta in verdict.deltas.items()]
        return {"type": "judgement", "distance": verdict.distance, "exact": verdict.exact, "moves": moves,
                "method": verdict.method}

    return jobs.judge(board), _Answering(describe)


# -- explain: the search made visible ------------------------------------------------------------------

def _explain(message: Message) -> tuple:
    puzzle, field = _any_puzzle(message)
    algorithm, queue = message.get("algorithm") or "astar", message.get("queue") or "textbook"
    weight, goal_test = message.get("weight"), message.get("goal_test") or "removal"
    _check_search_options(algorithm, queue, weight, goal_test)

    def describe(trace: explain.Trace) -> Message:
        return {"type": "explanation", **explain.trace_record(trace)}

    job = jobs.explain(puzzle, _search_estimate(message), algorithm, queue, weight, goal_test)
    return job, _Answering(describe, field)


def _compare(message: Message) -> tuple:
    puzzle, field = _any_puzzle(message)
    weight, goal_test = message.get("weight", DEFAULT_WEIGHT), message.get("goal_test") or "removal"
    _check_search_options("weighted", "tiebreak", weight, goal_test)
    job = jobs.compare(puzzle, _search_estimate(message), weight, goal_test, message.get("algorithms"))
    return job, _Answering(lambda searches: {"type": "comparison", **searches}, field)


def _check_search_options(algorithm: str, queue: str, weight: Any, goal_test: str) -> None:
    try:
        check_options(algorithm, queue, weight, goal_test)
    except ValueError as error:
        raise _InputError("algorithm", str(error)) from None


def _search_estimate(message: Message) -> str:
    """The estimate of the Learn view's searches: Manhattan distance unless another is named."""
    heuristic = message.get("heuristic") or "manhattan"
    return "manhattan" if heuristic == "auto" else heuristic


def _check(message: Message) -> tuple:
    puzzle, field = _any_puzzle(message)
    text = message.get("answer")
    if not isinstance(text, str) or not text.strip():
        raise _InputError("answer", "Paste your program's output first.")
    return jobs.check(text, puzzle), _Answering(lambda verdict: {"type": "verdict", **verdict.to_record()}, field)


def _any_puzzle(message: Message) -> tuple:
    """The request's board (``board``, ``goal``) or word pair (``start``, ``goal``, ``dictionary``), and the
    field a problem with it is shown on."""
    if "board" in message:
        return _board_puzzle(message), "board"
    return _word_puzzle(message), "start_word"


def _quality(message: Message) -> tuple:
    return jobs.quality(), _Answering(lambda quality: {"type": "quality", **quality})


#: Ops answered by their handler at once (``resume`` too: it takes back a paused job and runs a slice).
_OPS: Dict[str, Callable[[Message], Message]] = {
    "info": _info,
    "check_board": _check_board,
    "fragment": _fragment,
    "advance": _advance,
    "cancel": _cancel,
    "resume": _resume,
}

#: Ops that are jobs: each handler reads the request and makes its job (and how to describe its answer).
_JOBS: Dict[str, Callable[[Message], tuple]] = {
    "solve_board": _solve_board,
    "solve_words": _solve_words,
    "judge": _judge,
    "deal": _deal,
    "explain": _explain,
    "compare": _compare,
    "check": _check,
    "quality": _quality,
}
