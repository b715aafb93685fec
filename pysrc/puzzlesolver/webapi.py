"""The JSON-in / JSON-out calls the web worker makes (thin: the puzzle logic lives in the engine).

The worker (site/worker.js) passes every page message to :func:`call` as a JSON string and posts the
JSON string it returns back to the page.  A message is ``{"id", "op", ...params}``; an answer is one of

* ``{"id", "type": "info", ...}``                        what the solver offers (heuristics, dictionaries)
* ``{"id", "type": "board", ...}`` / ``"fragment"``       a checked board, a decoded share link
* ``{"id", "type": "started"}``                          a solve job exists; send ``advance`` until it ends
* ``{"id", "type": "progress", "expanded", "frontier", "bound", ...}``
* ``{"id", "type": "result", "kind", "status", ...}``    status: solved | unsolvable | stopped | cancelled
* ``{"id", "type": "fetch", "files": [{"url", "path"}]}`` data files the worker must fetch into the
  Pyodide file system (word lists, pattern databases) before repeating the same message
* ``{"id", "type": "error", "field", "message"}``        a bad input, with the field it belongs to

Errors never carry a traceback: input problems come from the same checks as the command line
(:func:`puzzlesolver.formats.parse_board_text`, :class:`~puzzlesolver.board.Board`,
:func:`puzzlesolver.words.ladder_start`), and anything unexpected is one line with field ``internal``.

Solving runs in slices so the worker can post progress and honour a cancel between them::

    >>> import json
    >>> answer = json.loads(call(json.dumps({"id": 1, "op": "solve_board", "board": "0 1\\n3 2"})))
    >>> answer["type"]
    'started'
    >>> while answer["type"] != "result":
    ...     answer = json.loads(call(json.dumps({"id": 1, "op": "advance", "max_expansions": 100})))
    >>> answer["status"], answer["moves"]
    ('solved', 2)
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

from . import __version__, pdb, words
from .board import HEURISTICS, Board, BoardError, random_board, validate_tiles
from .fast import make_search, uses_pattern_databases
from .formats import PuzzleFormatError, board_fragment, parse_board_text, parse_fragment
from .search import AStar

__all__ = ["call", "MAX_STORED_NODES", "DEFAULT_HEURISTIC"]

#: A search that has stored this many nodes stops (a browser tab has far less memory than a shell).
MAX_STORED_NODES = 1_500_000
DEFAULT_HEURISTIC = "auto"
DICTIONARIES = ("common", "large")
#: Where the word lists and pattern databases live inside the package (the worker writes fetched files here).
DATA_DIR = Path(__file__).resolve().parent / "data"

_jobs: Dict[Any, "_Job"] = {}
_request: Dict[str, Any] = {}  # the message being answered (for helpers deep in a call)


class _InputError(Exception):
    """A bad input: ``field`` names the form field, the message is one sentence for a person."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


class _NeedFiles(Exception):
    def __init__(self, files: List[Dict[str, str]]) -> None:
        super().__init__("missing data files")
        self.files = files


# -- the engine choice: the one place that picks how sliding boards are searched ------------------

def _board_search(board: Board, algorithm: str, heuristic: str):
    """A search object with the step protocol (run/stats/bound/frontier_size/path) for ``board``.

    ``heuristic`` is a name from :func:`_heuristic_names` (the page's choice); ``algorithm`` is "auto"
    unless a caller asks for one.  Optional attributes the answer uses: ``.method``, ``.optimal``.
    """
    if uses_pattern_databases(board.size(), algorithm, heuristic):
        _require_pdb_files(board.size())
    return make_search(board, algorithm, heuristic)


#: Heuristic names that only the engine behind :func:`_board_search` understands (e.g. "auto"); a Board
#: itself is then built with the default board heuristic and the name is passed on to the engine.
_ENGINE_HEURISTICS: tuple = ("auto",)
_BOARD_HEURISTIC = "manhattan"


def _heuristic_names() -> List[str]:
    """The page's choices: "auto", then every registered board heuristic (importing the package registers them)."""
    return list(_ENGINE_HEURISTICS) + [name for name in HEURISTICS if name not in _ENGINE_HEURISTICS]


# -- entry point ----------------------------------------------------------------------------------

def call(message_json: str) -> str:
    """Answer one worker message (a JSON string) with one JSON string; never raises."""
    message: Dict[str, Any] = {}
    try:
        parsed = json.loads(message_json)
        if not isinstance(parsed, dict):
            raise _InputError("internal", "a message must be a JSON object")
        message = parsed
        _request.clear()
        _request.update(message)
        handler = _OPS.get(message.get("op"))
        if handler is None:
            raise _InputError("internal", f"unknown operation {message.get('op')!r}")
        answer = handler(message)
    except _InputError as error:
        answer = {"type": "error", "field": error.field, "message": error.message}
    except _NeedFiles as need:
        answer = {"type": "fetch", "files": need.files}
    except MemoryError:
        _jobs.pop(message.get("id"), None)
        answer = _stopped_answer(message.get("kind", "board"), "the browser ran out of memory for this search")
    except Exception as error:  # noqa: BLE001 - the page must get a sentence, never a traceback
        _jobs.pop(message.get("id"), None)
        answer = {"type": "error", "field": "internal",
                  "message": f"internal error ({type(error).__name__}): {error}"}
    answer["id"] = message.get("id")
    return json.dumps(answer)


def _info(message: Dict[str, Any]) -> Dict[str, Any]:
    return {"type": "info", "version": __version__, "python": sys.version.split()[0],
            "heuristics": _heuristic_names(), "default_heuristic": DEFAULT_HEURISTIC,
            "dictionaries": list(DICTIONARIES), "max_stored_nodes": MAX_STORED_NODES}


# -- boards ---------------------------------------------------------------------------------------

def _read_board(message: Dict[str, Any]) -> Board:
    """The Board described by the message's ``board`` text, optional ``goal`` text and ``heuristic``."""
    heuristic = message.get("heuristic") or DEFAULT_HEURISTIC
    if heuristic not in _heuristic_names():
        raise _InputError("heuristic", f"unknown heuristic {heuristic!r}; choose one of "
                                       f"{', '.join(_heuristic_names())}")
    text = message.get("board")
    if not isinstance(text, str) or not text.strip():
        raise _InputError("board", "enter a board: n rows of n numbers, 0 for the blank")
    try:
        puzzle = parse_board_text(text)
    except (PuzzleFormatError, BoardError) as error:
        raise _InputError("board", str(error)) from None
    goal = puzzle.goal
    goal_text = message.get("goal")
    if isinstance(goal_text, str) and goal_text.strip():
        try:
            goal_puzzle = parse_board_text(goal_text)
        except (PuzzleFormatError, BoardError) as error:
            raise _InputError("goal", str(error).replace("board", "goal")) from None
        if goal_puzzle.goal is not None:
            raise _InputError("goal", "enter one goal board: n rows of n numbers")
        if goal_puzzle.n != puzzle.n:
            raise _InputError("goal", f"the goal is {goal_puzzle.n}x{goal_puzzle.n} "
                                      f"but the board is {puzzle.n}x{puzzle.n}")
        goal = goal_puzzle.tiles
    if goal is not None:
        try:
            validate_tiles(goal, puzzle.n, "goal")
        except BoardError as error:
            raise _InputError("goal", str(error)) from None
    try:
        return Board.from_tiles(puzzle.tiles, goal, heuristic if heuristic in HEURISTICS else _BOARD_HEURISTIC)
    except BoardError as error:
        raise _InputError("board", str(error)) from None


def _chosen_heuristic(message: Dict[str, Any]) -> str:
    return message.get("heuristic") or DEFAULT_HEURISTIC


def _rows_text(tiles, n: int) -> str:
    width = len(str(n * n - 1))
    return "\n".join(" ".join(str(t).rjust(width) for t in tiles[r * n:(r + 1) * n]) for r in range(n))


def _unsolvable_reason(board: Board) -> str:
    return ("this board cannot reach the goal: every slide keeps the parity of the tile permutation "
            "plus the blank's row and column, and here that parity differs from the goal's")


def _board_description(board: Board) -> Dict[str, Any]:
    n = board.size()
    usual_goal = board.goal == tuple(range(1, n * n)) + (0,)
    answer = {"n": n, "tiles": list(board.tiles), "goal": list(board.goal),
              "usual_goal": usual_goal, "heuristic": _chosen_heuristic(_request),
              "board_text": _rows_text(board.tiles, n),
              "goal_text": "" if usual_goal else _rows_text(board.goal, n),
              "solvable": board.is_solvable(), "estimate": board.estimated_distance_to_goal(),
              "estimate_heuristic": board.heuristic}
    if not answer["solvable"]:
        answer["reason"] = _unsolvable_reason(board)
    answer["fragment"] = board_fragment(n, board.tiles, None if usual_goal else board.goal)
    return answer


def _check_board(message: Dict[str, Any]) -> Dict[str, Any]:
    return {"type": "board", **_board_description(_read_board(message))}


def _solve_board(message: Dict[str, Any]) -> Dict[str, Any]:
    board = _read_board(message)
    description = _board_description(board)
    if not board.is_solvable():
        return {"type": "result", "kind": "board", "status": "unsolvable", "moves": None,
                "reason": description["reason"], "board": description}
    heuristic = _chosen_heuristic(message)
    search = _board_search(board, message.get("algorithm") or "auto", heuristic)

    def finish(job: "_Job") -> Dict[str, Any]:
        path = search.path()
        if not path:
            return {"type": "result", "kind": "board", "status": "unsolvable", "moves": None,
                    "reason": _unsolvable_reason(board), "board": description, **job.stats()}
        return {"type": "result", "kind": "board", "status": "solved", "moves": len(path) - 1,
                "path": [list(state.tiles) for state in path], "board": description,
                "blank_path": [state.blank for state in path[1:]],
                "method": getattr(search, "method", f"A* with the {heuristic} heuristic"),
                "optimal": getattr(search, "optimal", True), **job.stats()}

    advice = ("choose a stronger heuristic (manhattan or better instead of hamming)" if heuristic == "hamming" else
              "choose a stronger heuristic if there is one, or use the command line, which has no such limit")
    return _start_job(message, "board", search, finish, advice)


def _require_pdb_files(n: int) -> None:
    """Ask the worker for the pattern-database files an n x n search would use and does not have yet.

    For an engine that uses pattern databases, call this first thing in :func:`_board_search`: it raises
    :class:`_NeedFiles` (answered as ``{"type": "fetch"}``, after which the worker repeats the request).
    Files the deployed site does not have (the worker passes them back as ``unavailable``) are not
    asked for again, so the engine must then do without them.
    """
    data_dir = Path(pdb.data_dir())
    wanted = [{"url": f"pdb/{name}", "path": str(data_dir / name)} for name in pdb.missing_files(n)]
    wanted = [f for f in wanted if f["url"] not in _request.get("unavailable", ())]
    if wanted:
        raise _NeedFiles(wanted)


# -- word ladders ---------------------------------------------------------------------------------

def _word_field(message: str, start: str, goal: str) -> str:
    """Which field a WordError is about, from the words it names (the engine reports one sentence)."""
    lowered = message.lower()
    names_start = bool(start) and (repr(start) in lowered or f'"{start}"' in lowered)
    names_goal = bool(goal) and (repr(goal) in lowered or f'"{goal}"' in lowered)
    if (names_goal and not names_start) or "goal word" in lowered:
        return "goal_word"
    if "dictionary" in lowered and not (names_start or names_goal):
        return "dictionary"
    return "start_word"


def _solve_words(message: Dict[str, Any]) -> Dict[str, Any]:
    start = str(message.get("start") or "").strip().lower()
    goal = str(message.get("goal") or "").strip().lower()
    dictionary = message.get("dictionary") or "common"
    if dictionary not in DICTIONARIES:
        raise _InputError("dictionary", f"unknown dictionary {dictionary!r}: choose common or large")
    if not start:
        raise _InputError("start_word", "enter a start word")
    if not goal:
        raise _InputError("goal_word", "enter a goal word")
    word_list = Path(getattr(words, "DATA_DIR", DATA_DIR)) / f"words-{dictionary}.txt"
    if not word_list.exists():
        raise _NeedFiles([{"url": f"data/words-{dictionary}.txt", "path": str(word_list)}])
    try:
        state = words.ladder_start(start, goal, dictionary)
    except words.WordError as error:
        text = str(error)
        raise _InputError(getattr(error, "field", None) or _word_field(text, start, goal), text) from None
    no_ladder = f"there is no ladder from {state.word!r} to {state.goal!r} in the {dictionary} dictionary"
    exists, _ = words.ladder_exists(state.word, state.goal, state.dictionary)
    if exists is False:  # one end reaches only a few words: settled without A*
        return {"type": "result", "kind": "words", "status": "unsolvable", "moves": None, "reason": no_ladder,
                "start": state.word, "goal": state.goal, "dictionary": dictionary}
    search = AStar(state)

    def finish(job: "_Job") -> Dict[str, Any]:
        ladder = [getattr(s, "word", str(s)) for s in search.path()]
        if not ladder:
            return {"type": "result", "kind": "words", "status": "unsolvable", "moves": None,
                    "reason": no_ladder, "start": start, "goal": goal, "dictionary": dictionary, **job.stats()}
        return {"type": "result", "kind": "words", "status": "solved", "moves": len(ladder) - 1,
                "ladder": ladder, "start": start, "goal": goal, "dictionary": dictionary, **job.stats()}

    advice = "try the common dictionary, or closer words"
    return _start_job(message, "words", search, finish, advice)


# -- jobs: a search advanced a slice at a time ----------------------------------------------------

class _Job:
    def __init__(self, kind: str, search, finish: Callable[["_Job"], Dict[str, Any]], advice: str,
                 max_nodes: int) -> None:
        self.kind = kind
        self.search = search
        self.finish = finish
        self.advice = advice
        self.max_nodes = max_nodes
        self.seconds = 0.0

    def stats(self) -> Dict[str, Any]:
        stats = self.search.stats
        return {"expanded": stats.expanded, "enqueued": stats.enqueued, "max_frontier": stats.max_frontier,
                "seconds": round(self.seconds, 3)}

    def advance(self, max_expansions: int) -> Dict[str, Any]:
        """Run one slice; the final result, a budget stop, or a progress report."""
        began = time.perf_counter()
        try:
            done = self.search.run(max_expansions)
        finally:
            self.seconds += time.perf_counter() - began
        if done:
            return self.finish(self)
        stored = self.search.stats.enqueued
        if stored >= self.max_nodes:
            return _stopped_answer(self.kind, f"stopped after storing {stored:,} search nodes, the limit "
                                   f"for a browser tab, with no solution yet (at least "
                                   f"{self.search.bound} moves are needed); to get further, {self.advice}",
                                   **self.stats())
        return {"type": "progress", "expanded": self.search.stats.expanded,
                "frontier": self.search.frontier_size, "bound": self.search.bound,
                "enqueued": stored, "seconds": round(self.seconds, 3)}


def _stopped_answer(kind: str, why: str, **extra: Any) -> Dict[str, Any]:
    return {"type": "result", "kind": kind, "status": "stopped", "moves": None, "message": why, **extra}


def _start_job(message: Dict[str, Any], kind: str, search, finish, advice: str) -> Dict[str, Any]:
    max_nodes = message.get("max_nodes")
    if not isinstance(max_nodes, int) or max_nodes <= 0:
        max_nodes = MAX_STORED_NODES
    _jobs[message.get("id")] = _Job(kind, search, finish, advice, max_nodes)
    return {"type": "started", "kind": kind}


def _advance(message: Dict[str, Any]) -> Dict[str, Any]:
    job = _jobs.get(message.get("id"))
    if job is None:
        raise _InputError("internal", "no solve is running under this id")
    max_expansions = message.get("max_expansions")
    if not isinstance(max_expansions, int) or max_expansions <= 0:
        max_expansions = 1000
    try:
        answer = job.advance(max_expansions)
    except MemoryError:
        answer = _stopped_answer(job.kind, f"the browser ran out of memory for this search; to get further, "
                                 f"{job.advice}")
    if answer["type"] == "result":
        _jobs.pop(message.get("id"), None)
    return answer


def _cancel(message: Dict[str, Any]) -> Dict[str, Any]:
    job = _jobs.pop(message.get("id"), None)
    kind = job.kind if job else "board"
    return {"type": "result", "kind": kind, "status": "cancelled", "moves": None,
            "message": "cancelled", **(job.stats() if job else {})}


# -- share links ----------------------------------------------------------------------------------

def _fragment(message: Dict[str, Any]) -> Dict[str, Any]:
    try:
        puzzle = parse_fragment(str(message.get("fragment") or ""))
    except (PuzzleFormatError, BoardError) as error:
        raise _InputError("link", f"the link is not a puzzle: {error}") from None
    if puzzle.get("kind") == "board":
        n = int(puzzle["n"])
        goal = puzzle.get("goal")
        return {"type": "fragment", "kind": "board", "n": n, "tiles": list(puzzle["tiles"]),
                "goal": None if goal is None else list(goal), "heuristic": puzzle.get("heuristic"),
                "board_text": _rows_text(puzzle["tiles"], n),
                "goal_text": "" if goal is None else _rows_text(goal, n)}
    return {"type": "fragment", "kind": "words", "start": puzzle["start"], "goal": puzzle["goal"],
            "dictionary": puzzle.get("dictionary") or "common"}



# -- play: deal a board (issue 4; hints and "solve from here" use solve_board from the current position) ---

def _deal(message: Dict[str, Any]) -> Dict[str, Any]:
    """A board drawn uniformly from those that can reach the goal: ``{n, goal?, seed?}`` -> ``{tiles}``."""
    import random
    n = message.get("n")
    if type(n) is not int or not 2 <= n <= 12:
        raise _InputError("size", "choose a board size from 2 to 12")
    goal = message.get("goal")
    if goal is not None:
        if not isinstance(goal, list):
            raise _InputError("goal", "the goal must be a list of tiles")
        try:
            validate_tiles(goal, n, "goal")
        except BoardError as error:
            raise _InputError("goal", str(error)) from None
    seed = message.get("seed")
    rng = random.Random(seed if type(seed) is int else None)
    board = random_board(n, rng, goal)
    return {"type": "deal", "n": n, "tiles": list(board.tiles), "goal": list(board.goal)}


_OPS: Dict[Optional[str], Callable[[Dict[str, Any]], Dict[str, Any]]] = {
    "info": _info,
    "check_board": _check_board,
    "solve_board": _solve_board,
    "solve_words": _solve_words,
    "advance": _advance,
    "cancel": _cancel,
    "fragment": _fragment,
    "deal": _deal,
}
