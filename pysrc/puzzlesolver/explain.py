"""A* step by step, as the Princeton checklist draws it: the game tree and the priority queue after each step.

:func:`explain` runs the project's own :class:`~puzzlesolver.search.AStar` (no second A*) with a
:class:`Recorder` attached, one expansion per step, and returns a :class:`Trace`: every search node
(id, state, moves, estimate, priority, parent, whether it was enqueued and, if not, why) and every
step (the node removed, the children inserted or skipped, the queue array after each insert).

Node ids follow creation order -- A, B, ..., Z, AA, AB, ... -- and a child that was *not* enqueued is
lowercase, as the checklist marks it.  With the ``"textbook"`` queue (algs4's MinPQ, comparing
priorities only) the checklist's puzzle04 trace comes out exactly, array position by array position;
the ``"tiebreak"`` queue is the one the solver normally uses (ties go to the node nearer the goal).

>>> trace = explain(BoardPuzzle(3, (0, 1, 3, 4, 2, 5, 7, 8, 6)))
>>> [step.removed for step in trace.steps[1:]], trace.path
(['A', 'C', 'E', 'J', 'M'], ['A', 'C', 'E', 'J', 'M'])
>>> [trace.nodes[i].state for i in trace.steps[5].queue_after_removal] == [
...     (1, 2, 3, 0, 4, 5, 7, 8, 6), (1, 3, 0, 4, 2, 5, 7, 8, 6), (4, 1, 3, 0, 2, 5, 7, 8, 6),
...     (1, 2, 3, 4, 8, 5, 7, 0, 6), (1, 2, 0, 4, 5, 3, 7, 8, 6)]
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Dict, List, Optional, TextIO, Union

from .board import Board
from .heuristics import ESTIMATES
from .formats import BoardPuzzle, WordPuzzle
from .search import AStar, SearchNode
from .steps import Work, reporting, searching, to_end
from .words import ladder_start

__all__ = ["explain", "recording", "compare", "comparing", "heuristic_quality", "measuring_quality", "Trace",
           "ExplainedNode", "Step", "Recorder", "ExplainTooLong", "MAX_STEPS", "render_text", "render_json",
           "trace_record"]

#: Past this many steps a trace is too long to follow; explaining stops and says so.
MAX_STEPS = 3000


class ExplainTooLong(ValueError):
    """The search needs more steps than a trace can usefully show; the message says what to do instead."""


@dataclass
class ExplainedNode:
    """One search node: ``state`` is the board's tiles or the word."""

    id: str
    state: Union[tuple, str]
    moves: int
    estimate: int
    parent: Optional[str]
    enqueued: bool = True
    why: str = ""  # why it was not enqueued

    @property
    def priority(self) -> int:
        return self.moves + self.estimate


@dataclass
class Step:
    """One step: ``removed`` the node taken from the queue (None for step 0), ``inserted`` the children
    enqueued with the queue array after each insert, ``skipped`` the children not enqueued."""

    removed: Optional[str]
    queue_after_removal: List[str] = field(default_factory=list)
    inserted: List[str] = field(default_factory=list)
    queues_after_inserts: List[List[str]] = field(default_factory=list)
    skipped: List[str] = field(default_factory=list)

    @property
    def queue(self) -> List[str]:
        """The queue array (from position 1) at the end of the step."""
        return self.queues_after_inserts[-1] if self.queues_after_inserts else self.queue_after_removal


@dataclass
class Trace:
    """A whole explained search; ``path`` is the ids from the root to the goal (empty if none was reached)."""

    kind: str
    heuristic: str
    algorithm: str
    queue: str
    nodes: Dict[str, ExplainedNode]
    steps: List[Step]
    path: List[str]


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
    """An :class:`~puzzlesolver.search.Observer` that writes down every node and step of an A* run."""

    def __init__(self) -> None:
        self.search: Optional[AStar] = None
        self.nodes: Dict[str, ExplainedNode] = {}
        self.steps: List[Step] = []
        self._ids: Dict[int, str] = {}

    def _new(self, state, moves: int, estimate: int, parent: Optional[SearchNode], enqueued: bool,
             why: str = "") -> str:
        name = node_id(len(self.nodes))
        name = name if enqueued else name.lower()
        shown = state.tiles if isinstance(state, Board) else str(state)
        self.nodes[name] = ExplainedNode(name, shown, moves, estimate, self._ids.get(id(parent)), enqueued, why)
        return name

    def _queue(self) -> List[str]:
        return [self._ids[id(entry[3])] for entry in self.search.queue_entries()]

    def started(self, root: SearchNode) -> None:
        self._ids[id(root)] = self._new(root[0], 0, root[2], None, True)
        self.steps.append(Step(None, [], [self._ids[id(root)]], [[self._ids[id(root)]]]))

    def removed(self, node: SearchNode) -> None:
        self.steps.append(Step(self._ids[id(node)], self._queue()))

    def inserted(self, node: SearchNode) -> None:
        name = self._ids[id(node)] = self._new(node[0], node[1], node[2], node[3], True)
        step = self.steps[-1]
        step.inserted.append(name)
        step.queues_after_inserts.append(self._queue())

    def skipped(self, state, moves: int, parent: SearchNode, why: str) -> None:
        name = self._new(state, moves, state.estimated_distance_to_goal(), parent, False, why)
        self.steps[-1].skipped.append(name)

    def expanded(self, node: SearchNode, search: AStar) -> None:
        pass


def explain(puzzle: Union[BoardPuzzle, WordPuzzle], heuristic: str = "manhattan", algorithm: str = "astar",
            queue: str = "textbook", max_steps: int = MAX_STEPS) -> Trace:
    """Run A* on ``puzzle`` one expansion per step and record everything (see the module docstring).

    Raises :class:`ExplainTooLong` past ``max_steps`` steps, and the puzzle's own errors (BoardError,
    WordError) for a bad one.  ``heuristic`` applies to boards (words use the edit distance).
    """
    return to_end(recording(puzzle, heuristic, algorithm, queue, max_steps))


#: Search steps recorded between two yields of :func:`recording` (each records the queue: not free).
_RECORDED_PER_YIELD = 20


def recording(puzzle: Union[BoardPuzzle, WordPuzzle], heuristic: str = "manhattan", algorithm: str = "astar",
              queue: str = "textbook", max_steps: int = MAX_STEPS) -> Work[Trace]:
    """:func:`explain` as work in steps (:mod:`puzzlesolver.steps`); yields ``{"steps"}`` recorded so far."""
    if isinstance(puzzle, WordPuzzle):
        initial = ladder_start(puzzle.start, puzzle.goal, puzzle.dictionary)
        kind, heuristic = "words", "edit-distance"
    else:
        initial = Board.from_tiles(puzzle.tiles, puzzle.goal, heuristic)
        kind = "board"
    recorder = Recorder()
    search = AStar(initial, algorithm, queue, observer=recorder)
    recorder.search = search
    if kind == "board" and not initial.is_solvable():
        search.done = True
    while not search.run(1):
        if len(recorder.steps) > max_steps:
            raise ExplainTooLong(f"This search takes more than {max_steps:,} steps, too many to follow one by "
                                 "one; solve it with the plain solver instead, or pick a closer puzzle.")
        if len(recorder.steps) % _RECORDED_PER_YIELD == 0:
            yield {"steps": len(recorder.steps)}
    path = [recorder._ids[id(node)] for node in _nodes_to(search.goal_node)]
    return Trace(kind, heuristic, algorithm, queue, recorder.nodes, recorder.steps, path)


def _nodes_to(node: Optional[SearchNode]) -> List[SearchNode]:
    nodes = []
    while node is not None:
        nodes.append(node)
        node = node[3]
    return nodes[::-1]


# -- comparisons -------------------------------------------------------------------------------------

#: The estimates the comparison runs, weakest first.
COMPARED = ("hamming", "manhattan", "linear-conflict", "walking-distance", "pdb")


def compare(puzzle: BoardPuzzle, max_expansions: int = 200_000) -> List[dict]:
    """Nodes expanded, enqueued and the largest queue for each estimate with duplicate-pruning A*, and
    for Manhattan with the seeds' tree A*: what a better estimate and the critical optimization save.

    A row whose search passes ``max_expansions`` says so (``finished`` False) instead of running on.
    """
    return to_end(comparing(puzzle, max_expansions))


def comparing(puzzle: BoardPuzzle, max_expansions: int = 200_000) -> Work[List[dict]]:
    """:func:`compare` as work in steps; yields ``{"rows", "of", "expanded"}`` as it goes."""
    runs = [(estimate, "astar") for estimate in COMPARED] + [("manhattan", "astar-tree")]
    rows: List[dict] = []
    for estimate, algorithm in runs:
        search = AStar(Board.from_tiles(puzzle.tiles, puzzle.goal, estimate), algorithm)
        steps = searching(search, max_expansions)
        finished = yield from reporting(steps, lambda: {"rows": len(rows), "of": len(runs),
                                                          "expanded": search.stats.expanded})
        rows.append({"heuristic": estimate, "algorithm": algorithm, "finished": finished,
                     "moves": len(search.path()) - 1 if finished and search.goal_node else None,
                     "expanded": search.stats.expanded, "enqueued": search.stats.enqueued,
                     "max_frontier": search.stats.max_frontier})
    return rows


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


def render_text(trace: Trace) -> str:
    """The trace in the checklist's spirit: the nodes, then per step the removal, inserts and queue array."""
    queue_name = ("algs4's MinPQ (a 1-based binary heap comparing priorities only)" if trace.queue == "textbook"
                  else "the solver's queue (ties go to the node nearer the goal, then the older one)")
    out = [f"A* ({trace.algorithm}) with {trace.heuristic}; queue: {queue_name}.",
           "Lowercase ids are children not enqueued.", ""]
    n = int(round(len(next(iter(trace.nodes.values())).state) ** 0.5)) if trace.kind == "board" else 1
    for node in trace.nodes.values():
        lines = _state_text(node.state, n)
        facts = [f"moves {node.moves} + estimate {node.estimate} = priority {node.priority}",
                 f"parent {node.parent or '-'}"] + ([f"not enqueued: {node.why}"] if node.why else [])
        width = max(len(line) for line in lines)
        for i in range(max(len(lines), len(facts))):
            left = f"{node.id if i == 0 else '':4}{lines[i] if i < len(lines) else '':{width}}"
            out.append(f"{left}   {facts[i] if i < len(facts) else ''}".rstrip())
        out.append("")
    for number, step in enumerate(trace.steps):
        out.append(f"Step {number}")
        if step.removed is not None:
            out.append(f"  {'delMin() returns ' + step.removed:24} queue: {_array(step.queue_after_removal)}")
        for name, queue in zip(step.inserted, step.queues_after_inserts):
            out.append(f"  {'insert(' + name + ')':24} queue: {_array(queue)}")
        if step.skipped:
            out.append(f"  not enqueued: {', '.join(step.skipped)}")
    if trace.path:
        out.append(f"{trace.path[-1]} is the goal: the path is {' -> '.join(trace.path)} "
                   f"({len(trace.path) - 1} moves).")
    else:
        out.append("No goal was reached: there is no solution.")
    return "\n".join(out) + "\n"


def trace_record(trace: Trace) -> dict:
    """The trace as one JSON-ready object: ``nodes`` by id and ``steps`` in order."""
    key = "tiles" if trace.kind == "board" else "word"
    nodes = {}
    for node in trace.nodes.values():
        record = {key: list(node.state) if key == "tiles" else node.state, "moves": node.moves,
                  "estimate": node.estimate, "priority": node.priority, "parent": node.parent,
                  "enqueued": node.enqueued}
        if node.why:
            record["why"] = node.why
        nodes[node.id] = record
    steps = [{"removed": s.removed, "inserted": s.inserted, "skipped": s.skipped, "queue": s.queue,
              "queue_after_removal": s.queue_after_removal, "queues_after_inserts": s.queues_after_inserts}
             for s in trace.steps]
    return {"kind": trace.kind, "heuristic": trace.heuristic, "algorithm": trace.algorithm, "queue_mode": trace.queue,
            "nodes": nodes, "steps": steps, "path": trace.path}


def render_json(trace: Trace) -> str:
    return json.dumps(trace_record(trace))


def write(trace: Trace, as_json: bool, out: TextIO) -> None:
    out.write(render_json(trace) + "\n" if as_json else render_text(trace))
