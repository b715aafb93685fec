"""The pseudocode of every search the Learn view steps through, one numbered line per decision.

Each recorded step names the lines it ran (:func:`puzzlesolver.explain.render.trace_record`), so the page
can mark them beside the search's own lines.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from ..search import DEFAULT_WEIGHT, GOAL_TESTS, SEARCHES

__all__ = ["pseudocode", "PSEUDOCODE"]

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
    per level.  Each recorded step names the lines it ran by number (:func:`~.render.trace_record`); the keys are
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
