"""A search written down step by step: its nodes, its steps and how the queue changed (the data the
step-through shows; :mod:`.recorder` makes it and names the nodes, :mod:`.render` writes it out).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple, Union

from .pseudocode import pseudocode

__all__ = ["ExplainedNode", "Step", "Trace", "apply_change"]


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
    the queue is not that one follows from the two nodes and the queue's tie-break (see
    :func:`~puzzlesolver.explain.render.trace_record`).
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
