"""Every classic search on one puzzle, side by side: breadth-first, greedy best-first, A* with each estimate,
the seeds' tree A*, IDA* and weighted A*.

:func:`compare_searches` reports, per search, the nodes expanded, enqueued, the largest frontier, the
answer's length and whether it is optimal (against the optimum the policy proves), and the options that
record the same search step by step (:func:`~puzzlesolver.explain.recorder.recording`).
"""

from __future__ import annotations

from typing import Collection, Dict, List, Optional, Sequence

from .. import policy
from ..check import optimum
from ..formats import BoardPuzzle, WordPuzzle
from ..search import DEFAULT_WEIGHT, AStar, check_options
from ..steps import Work, reporting, searching, to_end
from .recorder import MAX_STEPS, Puzzle, initial_state

__all__ = ["compare_searches", "comparing_searches", "searches_data_files", "loading_searches_tables", "COMPARED",
           "IDA_ESTIMATES", "ida_estimate", "GOAL_TEST_NOTES", "QUEUE_NOTE"]

#: The estimates the comparison runs, weakest first.
COMPARED = ("hamming", "manhattan", "linear-conflict", "walking-distance", "pdb")
#: The estimates IDA*'s engines update as they go (:mod:`puzzlesolver.fast.engines.manhattan`,
#: :mod:`puzzlesolver.fast.engines.pdb_squares`).
IDA_ESTIMATES = ("manhattan", "linear-conflict", "pdb")


def ida_estimate(heuristic: str) -> str:
    """The estimate IDA* runs with when the Learn view's searches are asked for ``heuristic``: that one if
    it is one of :data:`IDA_ESTIMATES`, else Manhattan distance.  The comparison's IDA* row and "Watch IDA*"
    both follow it (the page learns it from the worker's ``info``, ``ida_estimate``).

    >>> ida_estimate("linear-conflict"), ida_estimate("walking-distance")
    ('linear-conflict', 'manhattan')
    """
    return heuristic if heuristic in IDA_ESTIMATES else "manhattan"


#: What the goal test's choice means, for the page to show beside the comparison.
GOAL_TEST_NOTES = {
    "removal": "Each node is tested for the goal when it is removed from the queue, as the seeds' A* does: that "
               "is what makes A* return a shortest answer with any estimate that never overestimates.",
    "generation": "Each child is tested for the goal as soon as it is generated: breadth-first search saves its "
                  "whole last level and still finds a shortest answer; A* saves the expansions it would have made "
                  "before removing that goal, and stays optimal here only because every move costs 1 and every "
                  "estimate is at least 1 away from the goal -- with other costs or estimates it can return a "
                  "longer path, which is why the checklist keeps the test on removal.",
}

#: The queue the comparison's best-first searches use, for the page to name beside the table: the
#: step-through starts with the textbook queue, whose ties can cost more expansions.
QUEUE_NOTE = ("These rows use the solver's queue (a tie in priority goes to the node nearer the goal); the "
              "step-through's textbook queue (algs4's MinPQ) may expand more. A row's \"Step through\" uses the "
              "solver's queue, with the same counts.")

#: What each row of the searches' comparison is called.
_LABELS = {"bfs": "Breadth-first search", "greedy": "Greedy best-first search", "astar": "A* (graph search)",
           "astar-tree": "The seeds' A* (tree search)", "ida": "IDA*", "weighted": "Weighted A*"}


def compare_searches(puzzle: Puzzle, heuristic: str = "manhattan", weight: float = DEFAULT_WEIGHT,
                     goal_test: str = "removal", max_expansions: int = 200_000,
                     algorithms: Optional[Sequence[str]] = None) -> dict:
    """Every classic search on ``puzzle``, side by side (see :func:`comparing_searches`)."""
    return to_end(comparing_searches(puzzle, heuristic, weight, goal_test, max_expansions, algorithms))


def comparing_searches(puzzle: Puzzle, heuristic: str = "manhattan", weight: float = DEFAULT_WEIGHT,
                       goal_test: str = "removal", max_expansions: int = 200_000,
                       algorithms: Optional[Sequence[str]] = None) -> Work[dict]:
    """Breadth-first, greedy best-first, A* with each estimate, the seeds' tree A*, IDA* and weighted A* on
    one puzzle, as work in steps; yields ``{"rows", "of", "search", "expanded"}`` as it goes.

    Boards: greedy, tree A*, IDA* and weighted A* use ``heuristic`` (IDA*: :func:`ida_estimate`, Manhattan
    unless it is one of :data:`IDA_ESTIMATES`); A* runs with every estimate of :data:`COMPARED`; breadth-first search ignores
    the estimate (its nodes show Manhattan's).  Word ladders: every search
    but IDA*, with the edit distance.  ``goal_test`` applies to the best-first searches (IDA*'s engines
    test a child when they generate it).  Each search stops after ``max_expansions`` expansions.
    ``algorithms`` keeps only the rows of those searches (e.g. ``["weighted"]`` when a weight slider moves).

    Returns ``{"optimum", "optimum_method", "goal_test", "goal_test_note", "queue", "queue_note", "cap",
    "rows"}``: ``optimum`` is the optimal number of moves the policy proves (the solver's own method; None
    when there is no solution or it was not proven within the cap), ``goal_test_note`` what the goal test's
    choice means (:data:`GOAL_TEST_NOTES`), ``queue`` the best-first searches' queue ("tiebreak") and
    ``queue_note`` what that means beside the step-through's textbook queue (:data:`QUEUE_NOTE`), and each
    row is::

        {"algorithm", "label", "heuristic", "weight", "goal_test", "method",
         "finished",            # False: stopped at the cap
         "moves",               # the answer's length (None: none found)
         "optimal",             # moves == optimum (None when either is unknown)
         "guaranteed_optimal",  # whether the search always finds a shortest answer
         "expanded", "enqueued", "max_frontier",   # the search's own counters
         "iterations",          # IDA* only: [[bound, nodes expanded], ...] per finished iteration
         "trace",               # the options to record it step by step (explain/recording), None for IDA*
         "steps", "traceable"}  # how many steps that trace has, and whether that is at most MAX_STEPS

    Recording a row's ``trace`` options gives the same counters as the row.
    """
    check_options("weighted", "tiebreak", weight, goal_test)
    words = isinstance(puzzle, WordPuzzle)
    runs = [("bfs", "manhattan"), ("greedy", heuristic)]  # breadth-first ignores the estimate: the cheapest one
    runs += [("astar", heuristic)] if words else [("astar", estimate) for estimate in COMPARED]
    runs += [("astar-tree", heuristic)] + ([] if words else [("ida", heuristic)]) + [("weighted", heuristic)]
    if algorithms is not None:
        unknown = set(algorithms) - set(_LABELS)
        if unknown:
            raise ValueError(f"Unknown search {sorted(unknown)[0][:40]!r}; choose among {', '.join(_LABELS)}.")
        runs = [run for run in runs if run[0] in algorithms]
    progress = {"rows": 0, "of": len(runs), "search": "the optimum", "expanded": 0}
    best = yield from reporting(optimum(puzzle, max_expansions), lambda: progress)
    proven = best.moves if best.solved and best.optimal else None
    rows: List[dict] = []
    for algorithm, estimate in runs:
        progress.update(rows=len(rows), search=_LABELS[algorithm], expanded=0)
        if algorithm == "ida":
            row = yield from _ida_row(puzzle, estimate, max_expansions, progress)
        else:
            row = yield from _best_first_row(puzzle, algorithm, estimate, weight if algorithm == "weighted" else None,
                                             goal_test, max_expansions, progress)
        row["optimal"] = None if proven is None or row["moves"] is None else row["moves"] == proven
        rows.append(row)
    return {"optimum": proven, "optimum_method": best.method, "goal_test": goal_test,
            "goal_test_note": GOAL_TEST_NOTES[goal_test], "queue": "tiebreak", "queue_note": QUEUE_NOTE,
            "cap": max_expansions, "rows": rows}


def _best_first_row(puzzle: Puzzle, algorithm: str, heuristic: str, weight: Optional[float], goal_test: str,
                    cap: int, progress: dict) -> Work[dict]:
    start = initial_state(puzzle, heuristic)
    heuristic = start.heuristic  # words: the edit distance
    search = AStar(start.state, algorithm, "tiebreak", weight=weight, goal_test=goal_test, heuristic=start.estimate)
    finished = yield from reporting(searching(search, cap), lambda: {**progress, "expanded": search.stats.expanded})
    stats = search.stats
    found = search.goal_node is not None
    goal_removed = found and (goal_test == "removal" or search.goal_node.moves == 0)
    steps = 1 + stats.expanded + search.discarded + goal_removed
    return {"algorithm": algorithm, "label": _LABELS[algorithm] + (f" (w={search.weight})" if weight else ""),
            "heuristic": heuristic, "weight": search.weight, "goal_test": goal_test, "method": search.method,
            "finished": finished, "moves": search.goal_node.moves if found else None,
            "guaranteed_optimal": search.optimal, "expanded": stats.expanded, "enqueued": stats.enqueued,
            "max_frontier": stats.max_frontier, "iterations": None,
            "trace": {"algorithm": algorithm, "heuristic": heuristic, "weight": search.weight,
                      "goal_test": goal_test, "queue": "tiebreak"},
            "steps": steps if finished else None, "traceable": finished and steps - 1 <= MAX_STEPS}


def _ida_row(puzzle: BoardPuzzle, heuristic: str, cap: int, progress: dict) -> Work[dict]:
    estimate = ida_estimate(heuristic)
    search = policy.board_search(puzzle.board(), policy.Options("ida", estimate))
    finished = yield from reporting(searching(search, cap), lambda: {**progress, "expanded": search.stats.expanded})
    answer = search.blank_path() if finished else []
    solved = finished and (bool(answer) or puzzle.board().is_goal())
    stats = search.stats
    return {"algorithm": "ida", "label": _LABELS["ida"], "heuristic": estimate, "weight": None,
            "goal_test": "generation", "method": search.method, "finished": finished,
            "moves": len(answer) if solved else None, "guaranteed_optimal": True, "expanded": stats.expanded,
            "enqueued": stats.enqueued, "max_frontier": stats.max_frontier,
            "iterations": [list(pair) for pair in policy.iteration_log(search)], "trace": None, "steps": None,
            "traceable": False}


def searches_data_files(puzzle: Puzzle, heuristic: str = "manhattan",
                        unavailable: Collection[str] = ()) -> List[policy.DataFile]:
    """The data files :func:`comparing_searches` reads that are not on hand (pattern tables for the "pdb"
    rows and IDA*, the optimum's tables, a word list), leaving out the ``unavailable`` urls, so that the web
    worker can fetch them first."""
    if isinstance(puzzle, WordPuzzle):
        return policy.data_files(puzzle, unavailable=unavailable)
    files: Dict[str, policy.DataFile] = {}
    for options in _searches_options(heuristic):
        for data_file in policy.data_files(puzzle, options, unavailable):
            files[data_file.url] = data_file
    return list(files.values())


def loading_searches_tables(puzzle: Puzzle, heuristic: str = "manhattan") -> Work[None]:
    """Read the pattern tables :func:`comparing_searches` uses into memory, a step at a time."""
    for options in _searches_options(heuristic):
        yield from policy.loading(puzzle, options)


def _searches_options(heuristic: str) -> List[policy.Options]:
    """The policy requests whose tables the comparison reads: the optimum's, A* with "pdb", IDA*'s."""
    wanted = [policy.Options(), policy.Options("astar", "pdb")]
    if heuristic in IDA_ESTIMATES:
        wanted.append(policy.Options("ida", heuristic))
    return wanted
