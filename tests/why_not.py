"""The rule of "predict the next node", in Python: why a node in the queue is not the one removed next.

The page words it from the trace record alone (site/learn-drawings.js); the engine only records the nodes,
the queue's ``tie_break`` and the sentences (:func:`puzzlesolver.explain.trace_record`).  The tests hold the
record to this reading (tests/core/test_explain.py) and the page to its sentences (tests/web/test_learn.py).
Importable from both test folders: pytest puts ``tests/`` on the path for ``tests/conftest.py``.
"""

from __future__ import annotations


def why_not_reason(node: dict, upcoming: dict, tie_break: str) -> str:
    """The record's ``why_not`` key saying why ``node`` (a record's node, in the queue) is not ``upcoming``,
    the node removed next: its priority is higher, or the queue's ``tie_break`` decided."""
    if node["priority"] != upcoming["priority"]:
        return "priority"
    if tie_break == "heap":
        return "heap"
    return "tie" if tie_break == "estimate" and node["estimate"] != upcoming["estimate"] else "older"


def why_not_removed(record: dict, step: int, node: str) -> str:
    """Why ``node``, in the queue at the end of step ``step`` of a trace record, is not removed next."""
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
