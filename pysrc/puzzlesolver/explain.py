"""Searches step by step, as the Princeton checklist draws A*: the game tree and the priority queue after each step.

:func:`explain` runs the project's own :class:`~puzzlesolver.search.AStar` (no second A*) with a
:class:`Recorder` attached, one expansion per step, and returns a :class:`Trace`: every search node
(id, state, moves, estimate, priority, parent, whether it was enqueued and, if not, why) and every
step (the node removed, the children inserted or skipped, how the queue array changed).  The same
recorder follows the classic searches set beside A* (:data:`~puzzlesolver.search.SEARCHES`:
breadth-first, greedy best-first, weighted A*, the seeds' tree A*), with the goal tested when a node
is removed or when it is generated.  Each step also says which lines of the search's
:func:`pseudocode` ran, and -- for a "predict the next node" exercise -- which node is removed next
and why each other node in the queue is not (:func:`why_not_reason`, :func:`why_not_removed`).

Node ids follow creation order -- A, B, ..., Z, AA, AB, ... -- and a child that was *not* enqueued is
lowercase, as the checklist marks it.  With the ``"textbook"`` queue (algs4's MinPQ, comparing
priorities only) the checklist's puzzle04 trace comes out exactly, array position by array position;
the ``"tiebreak"`` queue is the one the solver normally uses (ties go to the node nearer the goal).

>>> trace = explain(BoardPuzzle(3, (0, 1, 3, 4, 2, 5, 7, 8, 6)))
>>> [step.removed for step in trace.steps[1:]], trace.path
(['A', 'C', 'E', 'J', 'M'], ['A', 'C', 'E', 'J', 'M'])
>>> after_removal, _ = trace.queue_arrays()[5]
>>> [trace.nodes[i].state for i in after_removal] == [
...     (1, 2, 3, 0, 4, 5, 7, 8, 6), (1, 3, 0, 4, 2, 5, 7, 8, 6), (4, 1, 3, 0, 2, 5, 7, 8, 6),
...     (1, 2, 3, 4, 8, 5, 7, 0, 6), (1, 2, 0, 4, 5, 3, 7, 8, 6)]
True

:func:`compare_searches` runs every classic search on one puzzle and reports, per search, the nodes
expanded, enqueued, the largest frontier, the answer's length and whether it is optimal (against the
optimum the policy proves).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Collection, Dict, List, Optional, Sequence, TextIO, Tuple, Union

from . import policy
from .board import Board
from .check import optimum
from .formats import BoardPuzzle, WordPuzzle
from .heuristics import ESTIMATES
from .search import DEFAULT_WEIGHT, GOAL_TESTS, SEARCHES, AStar, SearchNode, check_options
from .steps import Work, reporting, searching, to_end
from .words import ladder_start

__all__ = ["explain", "recording", "compare_searches", "comparing_searches",
           "heuristic_quality", "measuring_quality", "Trace", "ExplainedNode", "Step", "Recorder", "ExplainTooLong",
           "MAX_STEPS", "render_text", "render_json", "trace_record", "pseudocode", "PSEUDOCODE", "WHY_NOT",
           "why_not_removed", "why_not_reason", "apply_change", "searches_data_files", "loading_searches_tables", "COMPARED", "IDA_ESTIMATES", "ida_estimate",
           "GOAL_TEST_NOTES"]

Puzzle = Union[BoardPuzzle, WordPuzzle]

#: Past this many steps a trace is too long to follow; explaining stops and says so.
MAX_STEPS = 3000


class ExplainTooLong(ValueError):
    """The search needs more steps than a trace can usefully show; the message says what to do instead.
    It is about the request's puzzle, whichever field shows it."""

    field = "puzzle"


# -- pseudocode --------------------------------------------------------------------------------------

#: How each search computes a node's priority, in words (``w``: the weight).
_PRIORITY = {"astar": "moves + estimate", "astar-tree": "moves + estimate", "bfs": "moves",
             "greedy": "estimate", "weighted": "moves + w * estimate"}

#: The rule that keeps a child out of the queue, per search.
_SKIP = {
    "astar-tree": "if the neighbor is the board node came from (its grandparent): skip it",
    "greedy": "if the neighbor was reached before: skip it",
}
_SKIP_GRAPH = "if the neighbor was already reached in as few moves or fewer: skip it"


def pseudocode(algorithm: str = "astar", goal_test: str = "removal",
               weight: Optional[float] = None) -> List[Tuple[str, str]]:
    """The numbered lines of a search (line ``k`` is item ``k - 1``): ``(key, text)``, indented by four spaces
    per level.  Each recorded step names the lines it ran by number (:func:`trace_record`); the keys are
    the same for every search: ``start``, ``start-goal``, ``loop``, ``remove``, ``stale``, ``goal``,
    ``neighbors``, ``skip``, ``goal-child``, ``insert``, ``fail``.

    >>> for number, (key, text) in enumerate(pseudocode("astar"), start=1):
    ...     print(number, text)
    1 insert the start node into the queue (moves 0, priority = moves + estimate)
    2 while the queue is not empty:
    3     node <- delMin(): remove the node of lowest priority
    4     if node's state was reached in fewer moves after node was queued: skip node
    5     if node's state is the goal: return the path to node
    6     for each neighbor of node's state:
    7         if the neighbor was already reached in as few moves or fewer: skip it
    8         insert the child into the queue (moves + 1, priority = moves + estimate)
    9 return "no solution"
    """
    if algorithm not in SEARCHES or goal_test not in GOAL_TESTS:
        raise ValueError(f"no pseudocode for {algorithm!r} with the goal test on {goal_test!r}")
    priority = _PRIORITY[algorithm]
    if algorithm == "weighted":
        priority = priority.replace("w", str(DEFAULT_WEIGHT if weight is None else weight), 1)
    on_generation = goal_test == "generation"
    lines = [("start", f"insert the start node into the queue (moves 0, priority = {priority})")]
    if on_generation:
        lines.insert(0, ("start-goal", "if the start is the goal: return it"))
    lines += [("loop", "while the queue is not empty:"),
              ("remove", "    node <- delMin(): remove the node of lowest priority")]
    if algorithm not in ("astar-tree", "greedy"):
        lines.append(("stale", "    if node's state was reached in fewer moves after node was queued: skip node"))
    if not on_generation:
        lines.append(("goal", "    if node's state is the goal: return the path to node"))
    lines += [("neighbors", "    for each neighbor of node's state:"),
              ("skip", "        " + _SKIP.get(algorithm, _SKIP_GRAPH))]
    if on_generation:
        lines.append(("goal-child", "        if the neighbor is the goal: return the path to it"))
    lines += [("insert", f"        insert the child into the queue (moves + 1, priority = {priority})"),
              ("fail", 'return "no solution"')]
    return lines


#: Every search's pseudocode as text lines, by algorithm and then goal test (weighted A* with ``w``).
PSEUDOCODE: Dict[str, Dict[str, List[str]]] = {
    algorithm: {test: [text for _, text in pseudocode(algorithm, test, "w")] for test in GOAL_TESTS}
    for algorithm in SEARCHES}


# -- why a node is not removed next ------------------------------------------------------------------

#: Why a node in the queue is not the one removed next, by reason; placeholders: ``{node}``, ``{priority}``,
#: ``{estimate}`` (that node's), ``{next}``, ``{next_priority}``, ``{next_estimate}`` (the node removed next).
WHY_NOT = {
    "priority": "{node} has priority {priority}, higher than {next_priority} for {next}: the node of lowest "
                "priority is always removed first.",
    "tie": "{node} has the same priority {priority} as {next}, but {next} is nearer the goal (estimate "
           "{next_estimate} against {estimate}): ties go to the smaller estimate.",
    "older": "{node} has the same priority {priority} as {next}, but {next} was queued first: the remaining "
             "ties go to the older node.",
    "heap": "{node} has the same priority {priority} as {next}: algs4's MinPQ compares priorities only, and its "
            "heap holds {next} at the top (position 1), so delMin() returns {next}.",
}


# -- the trace ---------------------------------------------------------------------------------------

@dataclass
class ExplainedNode:
    """One search node: ``state`` is the board's tiles or the word; ``priority`` the one the search gave it."""

    id: str
    state: Union[tuple, str]
    moves: int
    estimate: int
    parent: Optional[str]
    enqueued: bool = True
    why: str = ""  # why it was not enqueued
    priority: float = 0


@dataclass
class Step:
    """One step: ``removed`` the node taken from the queue (None for step 0; ``discarded`` when a cheaper
    path to its state was found after it was queued), ``inserted`` the children enqueued, ``skipped`` the
    children not enqueued, ``reached`` a child found to be the goal when generated.

    ``changes`` holds one entry per queue operation of the step (the removal, then each insert; step 0:
    the start's insert): ``[size, position, id, position, id, ...]``, the array's new length and the
    positions (0-based; algs4 numbers them from 1) that now hold another node (see :func:`apply_change`).
    ``run`` lists the pseudocode lines that decided something, in order, each with the node it was about:
    ``(key, id)``.  ``next`` is the node removed next (None after the last step); why each other node in
    the queue is not that one follows from the two nodes and the queue (:func:`why_not_reason`).
    """

    removed: Optional[str]
    inserted: List[str] = field(default_factory=list)
    skipped: List[str] = field(default_factory=list)
    changes: List[list] = field(default_factory=list)
    run: List[Tuple[str, str]] = field(default_factory=list)
    discarded: bool = False
    reached: Optional[str] = None
    next: Optional[str] = None


@dataclass
class Trace:
    """A whole explained search; ``path`` is the ids from the root to the goal (empty if none was reached).

    ``expanded``, ``enqueued`` and ``max_frontier`` are the search's own counters (the comparison's).
    """

    kind: str
    heuristic: str
    algorithm: str
    queue: str
    nodes: Dict[str, ExplainedNode]
    steps: List[Step]
    path: List[str]
    weight: Optional[float] = None
    goal_test: str = "removal"
    method: str = ""
    expanded: int = 0
    enqueued: int = 0
    max_frontier: int = 0
    exhausted: bool = False  # the queue ran empty: there is no solution

    def pseudocode(self) -> List[Tuple[str, str]]:
        return pseudocode(self.algorithm, self.goal_test, self.weight)

    def queue_arrays(self) -> List[Tuple[List[str], List[List[str]]]]:
        """Per step: the queue array after its removal (empty in step 0) and after each insert, replayed
        from the steps' ``changes`` (whole arrays for every step take memory: call it for short traces)."""
        array: List[str] = []
        arrays = []
        for step in self.steps:
            after = []
            for change in step.changes:
                array = apply_change(array, change)
                after.append(array)
            if step.removed is None:
                arrays.append(([], after))
            else:
                arrays.append((after[0], after[1:]))
        return arrays


def apply_change(array: Sequence[str], change: Sequence) -> List[str]:
    """The queue array after one recorded operation: ``change`` is ``[size, position, id, ...]``.

    >>> apply_change(["B", "C"], [3, 0, "E", 2, "B"])
    ['E', 'C', 'B']
    """
    size = change[0]
    result = list(array[:size]) + [""] * (size - len(array))
    for k in range(1, len(change), 2):
        result[change[k]] = change[k + 1]
    return result


def node_id(number: int) -> str:
    """The checklist's ids: 0 -> A, 25 -> Z, 26 -> AA, 27 -> AB, ...

    >>> [node_id(k) for k in (0, 25, 26, 27, 701, 702)]
    ['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']
    """
    letters = ""
    number += 1
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


class Recorder:
    """An :class:`~puzzlesolver.search.Observer` that writes down every node and step of a search.

    The queue is kept as changes (the O(log n) positions a heap operation moves) rather than whole arrays,
    so a trace of thousands of steps stays small and quick to record.
    """

    def __init__(self) -> None:
        self.search: Optional[AStar] = None
        self.nodes: Dict[str, ExplainedNode] = {}
        self.steps: List[Step] = []
        self._ids: Dict[int, str] = {}
        self._alive: List[SearchNode] = []  # keeps every recorded node alive, so no id() is reused
        self._shown: List[Optional[SearchNode]] = []

    def _new(self, state, moves: int, estimate: int, parent: Optional[SearchNode], enqueued: bool,
             why: str = "", upper: bool = False) -> str:
        name = node_id(len(self.nodes))
        name = name if enqueued or upper else name.lower()
        shown = state.tiles if isinstance(state, Board) else str(state)
        priority = self.search.keys(moves, estimate)[0]
        self.nodes[name] = ExplainedNode(name, shown, moves, estimate, self._ids.get(id(parent)), enqueued, why,
                                         priority)
        return name

    def _named(self, node: SearchNode, **options) -> str:
        self._alive.append(node)
        name = self._ids[id(node)] = self._new(node[0], node[1], node[2], node[3], **options)
        return name

    def _change(self, removal: bool) -> list:
        """How the queue array changed in the heap operation just done: ``[size, position, id, ...]``.

        A heap operation moves entries along one path only: an insert from the new last position up, a
        removal from the top down (positions past where the moved entry settled keep theirs).  So the
        changed positions are found by following that path while the entries differ: O(log n), not O(n).
        """
        heap, offset = self.search.heap_array()
        size = len(heap) - offset
        shown = self._shown  # the node at each position after the previous operation
        del shown[size:]
        moved = []
        if removal:
            k = 0
            while k < len(shown) and heap[k + offset][3] is not shown[k]:
                moved.append(k)
                left = 2 * k + 1
                k = left if left < len(shown) and heap[left + offset][3] is not shown[left] else left + 1
        else:
            k = size - 1
            while k >= 0 and (k >= len(shown) or heap[k + offset][3] is not shown[k]):
                moved.append(k)
                k = (k - 1) // 2 if k else -1
        shown += [None] * (size - len(shown))
        change: list = [size]
        for position in sorted(moved):
            node = shown[position] = heap[position + offset][3]
            change += (position, self._ids[id(node)])
        return change

    def _note_next(self, node: SearchNode) -> str:
        """Tell the step before this removal which node it removes next."""
        name = self._ids[id(node)]
        self.steps[-1].next = name
        return name

    def started(self, root: SearchNode, search: AStar) -> None:
        self.search = search
        name = self._named(root, enqueued=True)
        self.steps.append(Step(None, inserted=[name], changes=[self._change(removal=False)], run=[("start", name)]))

    def removed(self, node: SearchNode) -> None:
        name = self._note_next(node)
        self.steps.append(Step(name, changes=[self._change(removal=True)], run=[("remove", name)]))

    def discarded(self, node: SearchNode) -> None:
        name = self._note_next(node)
        self.steps.append(Step(name, changes=[self._change(removal=True)], run=[("remove", name), ("stale", name)],
                               discarded=True))

    def inserted(self, node: SearchNode) -> None:
        name = self._named(node, enqueued=True)
        step = self.steps[-1]
        step.inserted.append(name)
        step.changes.append(self._change(removal=False))
        step.run.append(("insert", name))

    def skipped(self, state, moves: int, parent: SearchNode, why: str) -> None:
        name = self._new(state, moves, state.estimated_distance_to_goal(), parent, False, why)
        self.steps[-1].skipped.append(name)
        self.steps[-1].run.append(("skip", name))

    def reached(self, node: SearchNode) -> None:
        name = self._named(node, enqueued=False, why="the goal, found when generated: never queued", upper=True)
        self.steps[-1].reached = name
        self.steps[-1].run.append(("goal-child", name))

    def expanded(self, node: SearchNode, search: AStar) -> None:
        pass

    def finish(self, search: AStar) -> List[str]:
        """Note how the search ended in the last step; return the path's ids."""
        path = [self._ids[id(node)] for node in _nodes_to(search.goal_node)]
        last = self.steps[-1]
        if search.goal_node is not None and search.goal_node[1] == 0:
            last.run.append(("goal" if search.goal_test == "removal" else "start-goal", path[0]))
        elif search.goal_node is not None and search.goal_test == "removal":
            last.run.append(("goal", path[-1]))
        elif search.goal_node is None and search.frontier_size == 0:
            last.run.append(("fail", ""))
        return path


def explain(puzzle: Puzzle, heuristic: str = "manhattan", algorithm: str = "astar", queue: str = "textbook",
            max_steps: int = MAX_STEPS, weight: Optional[float] = None, goal_test: str = "removal") -> Trace:
    """Run a search on ``puzzle`` one expansion per step and record everything (see the module docstring).

    ``algorithm`` is one of :data:`~puzzlesolver.search.SEARCHES` (``weight`` for ``"weighted"``),
    ``goal_test`` ``"removal"`` or ``"generation"``.  Raises :class:`ExplainTooLong` past ``max_steps``
    steps, ValueError (one sentence) for an unknown option, and the puzzle's own errors (BoardError,
    WordError) for a bad one.  ``heuristic`` applies to boards (words use the edit distance).
    """
    return to_end(recording(puzzle, heuristic, algorithm, queue, max_steps, weight, goal_test))


#: Search steps recorded between two yields of :func:`recording` (each records the queue: not free).
_RECORDED_PER_YIELD = 20


def recording(puzzle: Puzzle, heuristic: str = "manhattan", algorithm: str = "astar", queue: str = "textbook",
              max_steps: int = MAX_STEPS, weight: Optional[float] = None, goal_test: str = "removal") -> Work[Trace]:
    """:func:`explain` as work in steps (:mod:`puzzlesolver.steps`); yields ``{"steps"}`` recorded so far."""
    check_options(algorithm, queue, weight, goal_test)
    initial, kind, heuristic = _initial_state(puzzle, heuristic)
    recorder = Recorder()
    search = AStar(initial, algorithm, queue, observer=recorder, weight=weight, goal_test=goal_test)
    if kind == "board" and not initial.is_solvable():
        search.done = True
    reported = 0
    while True:
        finished = search.run(1)
        if len(recorder.steps) - 1 > max_steps:
            raise ExplainTooLong(f"This search takes more than {max_steps:,} steps, too many to follow one by "
                                 "one; solve it with the plain solver instead, or pick a closer puzzle.")
        if finished:
            break
        if len(recorder.steps) - reported >= _RECORDED_PER_YIELD:
            reported = len(recorder.steps)
            yield {"steps": reported}
    path = recorder.finish(search)
    stats = search.stats
    return Trace(kind, heuristic, algorithm, queue, recorder.nodes, recorder.steps, path, search.weight, goal_test,
                 search.method, stats.expanded, stats.enqueued, stats.max_frontier,
                 search.goal_node is None and search.frontier_size == 0)


def _initial_state(puzzle: Puzzle, heuristic: str):
    """The search's start, the puzzle's kind, and the estimate's name (words: the edit distance)."""
    if isinstance(puzzle, WordPuzzle):
        return ladder_start(puzzle.start, puzzle.goal, puzzle.dictionary), "words", "edit-distance"
    return Board.from_tiles(puzzle.tiles, puzzle.goal, heuristic), "board", heuristic


def _nodes_to(node: Optional[SearchNode]) -> List[SearchNode]:
    nodes = []
    while node is not None:
        nodes.append(node)
        node = node[3]
    return nodes[::-1]


# -- comparisons -------------------------------------------------------------------------------------

#: The estimates the comparison runs, weakest first.
COMPARED = ("hamming", "manhattan", "linear-conflict", "walking-distance", "pdb")
#: The estimates IDA*'s engines update as they go (:mod:`puzzlesolver.fast.ida`).
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
    initial, kind, heuristic = _initial_state(puzzle, heuristic)
    search = AStar(initial, algorithm, "tiebreak", weight=weight, goal_test=goal_test)
    if kind == "board" and not initial.is_solvable():
        search.done = True
    finished = yield from reporting(searching(search, cap), lambda: {**progress, "expanded": search.stats.expanded})
    stats = search.stats
    found = search.goal_node is not None
    goal_removed = found and (goal_test == "removal" or search.goal_node[1] == 0)
    steps = 1 + stats.expanded + search.discarded + goal_removed
    return {"algorithm": algorithm, "label": _LABELS[algorithm] + (f" (w={search.weight})" if weight else ""),
            "heuristic": heuristic, "weight": search.weight, "goal_test": goal_test, "method": search.method,
            "finished": finished, "moves": search.goal_node[1] if found else None,
            "guaranteed_optimal": search.optimal, "expanded": stats.expanded, "enqueued": stats.enqueued,
            "max_frontier": stats.max_frontier, "iterations": None,
            "trace": {"algorithm": algorithm, "heuristic": heuristic, "weight": search.weight,
                      "goal_test": goal_test, "queue": "tiebreak"},
            "steps": steps if finished else None, "traceable": finished and steps - 1 <= MAX_STEPS}


def _ida_row(puzzle: BoardPuzzle, heuristic: str, cap: int, progress: dict) -> Work[dict]:
    estimate = ida_estimate(heuristic)
    search = policy.board_search(Board.from_tiles(puzzle.tiles, puzzle.goal), policy.Options("ida", estimate))
    finished = yield from reporting(searching(search, cap), lambda: {**progress, "expanded": search.stats.expanded})
    answer = search.blank_path() if finished else []
    solved = finished and (bool(answer) or Board.from_tiles(puzzle.tiles, puzzle.goal).is_goal())
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


# -- the estimates' quality ----------------------------------------------------------------------------

def heuristic_quality() -> dict:
    """Every estimate against the exact distance over all 181,440 solvable 8-puzzle boards.

    ``{"exact": [boards at distance d], "average": {name: [mean estimate at distance d]}}``, from the
    exact table; a few seconds of work.
    """
    return to_end(measuring_quality())


def measuring_quality() -> Work[dict]:
    """:func:`heuristic_quality` as work in steps; yields ``{"boards", "of"}`` as it goes."""
    from .fast import tables
    table = tables.exact_3(8)
    counts = [0] * 32
    sums = {name: [0] * 32 for name in COMPARED if name != "pdb"}
    for rank, distance in enumerate(table):
        if rank % 500 == 0:
            yield {"boards": rank, "of": len(table)}
        if distance == 255:
            continue
        board = Board.from_tiles(tables.unrank_perm(rank, 9))
        counts[distance] += 1
        for name in sums:
            sums[name][distance] += ESTIMATES[name](board)
    average = {name: [round(total / count, 3) for total, count in zip(totals, counts)] for name, totals in sums.items()}
    average["pdb"] = [float(d) for d in range(32)]  # the 3x3 table is the exact distance itself
    return {"exact": counts, "average": average}


# -- output --------------------------------------------------------------------------------------------

def _state_text(state, n: int) -> List[str]:
    if isinstance(state, str):
        return [state]
    return [" ".join(str(t) for t in state[r * n:(r + 1) * n]) for r in range(n)]


def _array(ids: List[str]) -> str:
    return "- " + " ".join(ids) if ids else "-"


def _priority_text(node: ExplainedNode, trace: Trace) -> str:
    """How the node's priority is made, in the search's own terms: A* ``moves 3 + estimate 1 = priority 4``."""
    moves, estimate, priority = node.moves, node.estimate, node.priority
    if trace.algorithm == "bfs":
        return f"moves {moves} = priority {priority} (estimate {estimate}, unused)"
    if trace.algorithm == "greedy":
        return f"estimate {estimate} = priority {priority} (moves {moves}, unused)"
    if trace.algorithm == "weighted":
        return f"moves {moves} + {trace.weight} x estimate {estimate} = priority {priority}"
    return f"moves {moves} + estimate {estimate} = priority {priority}"


def render_text(trace: Trace) -> str:
    """The trace in the checklist's spirit: the nodes, then per step the removal, inserts and queue array."""
    queue_name = ("algs4's MinPQ (a 1-based binary heap comparing priorities only)" if trace.queue == "textbook"
                  else "the solver's queue (ties go to the node nearer the goal, then the older one)")
    title = f"A* ({trace.algorithm})" if trace.algorithm in ("astar", "astar-tree") else trace.method
    out = [f"{title} with {trace.heuristic}; queue: {queue_name}.", "Lowercase ids are children not enqueued.", ""]
    n = int(round(len(next(iter(trace.nodes.values())).state) ** 0.5)) if trace.kind == "board" else 1
    for node in trace.nodes.values():
        lines = _state_text(node.state, n)
        facts = [_priority_text(node, trace), f"parent {node.parent or '-'}"] + (
            [f"not enqueued: {node.why}"] if node.why else [])
        width = max(len(line) for line in lines)
        for i in range(max(len(lines), len(facts))):
            left = f"{node.id if i == 0 else '':4}{lines[i] if i < len(lines) else '':{width}}"
            out.append(f"{left}   {facts[i] if i < len(facts) else ''}".rstrip())
        out.append("")
    for number, (step, (after_removal, after_inserts)) in enumerate(zip(trace.steps, trace.queue_arrays())):
        out.append(f"Step {number}")
        if step.removed is not None:
            out.append(f"  {'delMin() returns ' + step.removed:24} queue: {_array(after_removal)}")
        if step.discarded:
            out.append(f"  {step.removed} is dropped: its state was reached in fewer moves after it was queued")
        for name, queue in zip(step.inserted, after_inserts):
            out.append(f"  {'insert(' + name + ')':24} queue: {_array(queue)}")
        if step.skipped:
            out.append(f"  not enqueued: {', '.join(step.skipped)}")
        if step.reached:
            out.append(f"  {step.reached} is the goal, found when generated")
    if trace.path:
        out.append(f"{trace.path[-1]} is the goal: the path is {' -> '.join(trace.path)} "
                   f"({len(trace.path) - 1} moves).")
    else:
        out.append("No goal was reached: there is no solution.")
    return "\n".join(out) + "\n"


def _lines_ran(step: Step, numbers: Dict[str, int], last: bool, trace: Trace) -> List[int]:
    """Every pseudocode line the step ran (its deciding lines, and the loops and tests they passed through)."""
    keys = {key for key, _ in step.run}
    if step.removed is not None:
        keys |= {"loop", "remove", "stale"}
        expanded = not step.discarded and not (last and trace.path and trace.path[-1] == step.removed)
        if trace.goal_test == "removal" and not step.discarded:
            keys.add("goal")
        if expanded:
            keys.add("neighbors")
        if step.inserted or step.skipped or step.reached:
            keys.add("skip")
        if step.inserted and trace.goal_test == "generation":
            keys.add("goal-child")
    elif trace.goal_test == "generation":
        keys.add("start-goal")
    return sorted(numbers[key] for key in keys if key in numbers)


def trace_record(trace: Trace, arrays: bool = True) -> dict:
    """The trace as one JSON-ready object (the page's step-through view reads it)::

        {"kind", "heuristic", "algorithm", "queue_mode", "weight", "goal_test", "method",
         "expanded", "enqueued", "max_frontier",      # the search's counters (the comparison's)
         "pseudocode": ["line 1", ...],               # this search's lines, numbered from 1
         "tie_break": "heap" | "estimate" | "age",     # how equal priorities are decided (why_not_reason)
         "why_not": {reason: template},               # WHY_NOT
         "nodes": {id: {"tiles" | "word", "moves", "estimate", "priority", "parent", "enqueued", "why"?}},
         "steps": [{"removed", "inserted", "skipped",
                    "changes": [[size, position, id, ...], ...],   # per queue operation (apply_change)
                    "lines": [numbers of the pseudocode lines run],
                    "run": [[line, id], ...],          # the deciding lines, in order, with their node
                    "next": id | null,                 # the node removed in the following step
                    "discarded"?: true, "reached"?: id}],
         "path": [ids from the start to the goal]}

    Why a queued node is not ``next`` is :func:`why_not_reason` of the two nodes and ``tie_break`` (a key
    of ``why_not``, whose placeholders the nodes fill); :func:`why_not_removed` words it.  ``arrays`` adds
    the whole queue arrays
    of the older format to each step (``queue``, ``queue_after_removal``, ``queues_after_inserts``):
    thousands of steps with a queue of thousands make tens of megabytes, so a page that applies
    ``changes`` should pass False.
    """
    key = "tiles" if trace.kind == "board" else "word"
    nodes = {}
    for node in trace.nodes.values():
        record = {key: list(node.state) if key == "tiles" else node.state, "moves": node.moves,
                  "estimate": node.estimate, "priority": node.priority, "parent": node.parent,
                  "enqueued": node.enqueued}
        if node.why:
            record["why"] = node.why
        nodes[node.id] = record
    lines = trace.pseudocode()
    numbers = {line_key: number for number, (line_key, _) in enumerate(lines, start=1)}
    steps = []
    for index, step in enumerate(trace.steps):
        record = {"removed": step.removed, "inserted": step.inserted, "skipped": step.skipped,
                  "changes": step.changes, "lines": _lines_ran(step, numbers, index == len(trace.steps) - 1, trace),
                  "run": [[numbers[line_key], name] for line_key, name in step.run], "next": step.next}
        if step.discarded:
            record["discarded"] = True
        if step.reached:
            record["reached"] = step.reached
        steps.append(record)
    if arrays:
        for record, (after_removal, after_inserts) in zip(steps, trace.queue_arrays()):
            record["queue_after_removal"] = after_removal
            record["queues_after_inserts"] = after_inserts
            record["queue"] = after_inserts[-1] if after_inserts else after_removal
    return {"kind": trace.kind, "heuristic": trace.heuristic, "algorithm": trace.algorithm, "queue_mode": trace.queue,
            "weight": trace.weight, "goal_test": trace.goal_test, "method": trace.method,
            "expanded": trace.expanded, "enqueued": trace.enqueued, "max_frontier": trace.max_frontier,
            "pseudocode": [text for _, text in lines], "tie_break": _tie_break(trace), "why_not": WHY_NOT,
            "nodes": nodes, "steps": steps, "path": trace.path}


def _tie_break(trace: Trace) -> str:
    """How the trace's queue decides between equal priorities: its heap's positions (algs4's MinPQ), the
    smaller estimate and then the older node (A*, weighted A*), or the older node alone (first in, first out)."""
    if trace.queue == "textbook":
        return "heap"
    return "age" if trace.algorithm in ("bfs", "greedy") else "estimate"


def why_not_reason(node: dict, upcoming: dict, tie_break: str) -> str:
    """The :data:`WHY_NOT` key saying why ``node`` (a record's node, in the queue) is not ``upcoming``, the node
    removed next: its priority is higher, or the queue's ``tie_break`` decided (see :func:`trace_record`).

    >>> why_not_reason({"priority": 6, "estimate": 3}, {"priority": 4, "estimate": 1}, "heap")
    'priority'
    >>> why_not_reason({"priority": 4, "estimate": 3}, {"priority": 4, "estimate": 1}, "estimate")
    'tie'
    """
    if node["priority"] != upcoming["priority"]:
        return "priority"
    if tie_break == "heap":
        return "heap"
    return "tie" if tie_break == "estimate" and node["estimate"] != upcoming["estimate"] else "older"


def why_not_removed(record: dict, step: int, node: str) -> str:
    """Why ``node``, in the queue at the end of step ``step`` of a :func:`trace_record`, is not removed next.

    >>> record = trace_record(explain(BoardPuzzle(3, (0, 1, 3, 4, 2, 5, 7, 8, 6))), arrays=False)
    >>> record["steps"][1]["next"], why_not_removed(record, 1, "B")
    ('C', 'B has priority 6, higher than 4 for C: the node of lowest priority is always removed first.')
    """
    at = record["steps"][step]
    upcoming = at["next"]
    if upcoming is None:
        raise ValueError(f"Step {step} is the last: no node is removed after it.")
    if node == upcoming:
        raise ValueError(f"{node} is the node removed next.")
    nodes = record["nodes"]
    reason = why_not_reason(nodes[node], nodes[upcoming], record["tie_break"])
    return record["why_not"][reason].format(
        node=node, priority=nodes[node]["priority"], estimate=nodes[node]["estimate"], next=upcoming,
        next_priority=nodes[upcoming]["priority"], next_estimate=nodes[upcoming]["estimate"])


def render_json(trace: Trace) -> str:
    return json.dumps(trace_record(trace))


def write(trace: Trace, as_json: bool, out: TextIO) -> None:
    out.write(render_json(trace) + "\n" if as_json else render_text(trace))
