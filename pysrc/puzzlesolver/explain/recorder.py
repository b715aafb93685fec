"""Searches step by step, as the Princeton checklist draws A*: the game tree and the priority queue after each step.

:func:`explain` runs the project's own :class:`~puzzlesolver.search.AStar` (no second A*) with a
:class:`Recorder` attached, one expansion per step, and returns a :class:`~.recorded.Trace`: every search node
(id, state, moves, estimate, priority, parent, whether it was enqueued and, if not, why) and every
step (the node removed, the children inserted or skipped, how the queue array changed).  The same
recorder follows the classic searches set beside A* (:data:`~puzzlesolver.search.SEARCHES`:
breadth-first, greedy best-first, weighted A*, the seeds' tree A*), with the goal tested when a node
is removed or when it is generated.  Each step also says which lines of the search's
:func:`~.pseudocode.pseudocode` ran, and -- for a "predict the next node" exercise -- which node is
removed next.

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
"""

from __future__ import annotations

from typing import Dict, List, NamedTuple, Optional, Union

from ..board import Board
from ..formats import BoardPuzzle, WordPuzzle
from ..heuristics import Estimate, estimate_named
from ..search import ENTRY_NODE, AStar, SearchNode, check_options, path_nodes
from ..steps import Work, to_end
from ..words import ladder_start
from .recorded import ExplainedNode, Step, Trace

__all__ = ["explain", "recording", "Recorder", "ExplainTooLong", "MAX_STEPS", "node_id", "initial_state", "Puzzle",
           "Start"]

Puzzle = Union[BoardPuzzle, WordPuzzle]

#: Past this many steps a trace is too long to follow; explaining stops and says so.
MAX_STEPS = 3000


class ExplainTooLong(ValueError):
    """The search needs more steps than a trace can usefully show; the message says what to do instead.
    It is about the request's puzzle, whichever field shows it."""

    field = "puzzle"


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
        name = self._ids[id(node)] = self._new(node.state, node.moves, node.estimate, node.previous, **options)
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
            while k < len(shown) and heap[k + offset][ENTRY_NODE] is not shown[k]:
                moved.append(k)
                left = 2 * k + 1
                k = left if left < len(shown) and heap[left + offset][ENTRY_NODE] is not shown[left] else left + 1
        else:
            k = size - 1
            while k >= 0 and (k >= len(shown) or heap[k + offset][ENTRY_NODE] is not shown[k]):
                moved.append(k)
                k = (k - 1) // 2 if k else -1
        shown += [None] * (size - len(shown))
        change: list = [size]
        for position in sorted(moved):
            node = shown[position] = heap[position + offset][ENTRY_NODE]
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
        name = self._new(state, moves, self.search.heuristic(state), parent, False, why)
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
        path = [self._ids[id(node)] for node in path_nodes(search.goal_node)]
        last = self.steps[-1]
        if search.goal_node is not None and search.goal_node.moves == 0:
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
    start = initial_state(puzzle, heuristic)
    recorder = Recorder()
    search = AStar(start.state, algorithm, queue, observer=recorder, weight=weight, goal_test=goal_test,
                   heuristic=start.estimate)
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
    return Trace(start.kind, start.heuristic, algorithm, queue, recorder.nodes, recorder.steps, path, search.weight,
                 goal_test,
                 search.method, stats.expanded, stats.enqueued, stats.max_frontier)


class Start(NamedTuple):
    """Where an explained search starts: its ``state``, the puzzle's ``kind`` ("board" or "words"), the
    estimate's name, and the estimate itself (None: the state's own, a word's edit distance)."""

    state: object
    kind: str
    heuristic: str
    estimate: Optional[Estimate]


def initial_state(puzzle: Puzzle, heuristic: str) -> Start:
    """The search's start for ``puzzle`` with the estimate named ``heuristic`` (boards; words use the edit
    distance).  Raises the puzzle's own errors, and BoardError for an unknown estimate."""
    if isinstance(puzzle, WordPuzzle):
        return Start(ladder_start(puzzle.start, puzzle.goal, puzzle.dictionary), "words", "edit-distance", None)
    board = puzzle.board()
    return Start(board, "board", heuristic, estimate_named(heuristic))

