"""A trace written out: as the checklist's text (:func:`render_text`), or as the one JSON-ready record the
page's step-through view reads (:func:`trace_record`), with the sentences that say why a queued node is
not the one removed next (:data:`WHY_NOT`)."""

from __future__ import annotations

import json
from typing import Dict, List, TextIO

from .recorded import ExplainedNode, Step, Trace

__all__ = ["render_text", "render_json", "trace_record", "write", "WHY_NOT"]

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
         "tie_break": "heap" | "estimate" | "age",     # how equal priorities are decided (see below)
         "why_not": {reason: template},               # WHY_NOT
         "nodes": {id: {"tiles" | "word", "moves", "estimate", "priority", "parent", "enqueued", "why"?}},
         "steps": [{"removed", "inserted", "skipped",
                    "changes": [[size, position, id, ...], ...],   # per queue operation (apply_change)
                    "lines": [numbers of the pseudocode lines run],
                    "run": [[line, id], ...],          # the deciding lines, in order, with their node
                    "next": id | null,                 # the node removed in the following step
                    "discarded"?: true, "reached"?: id}],
         "path": [ids from the start to the goal]}

    Why a queued node is not ``next`` is a key of ``why_not``, whose placeholders the two nodes fill:
    ``"priority"`` when its priority is higher; at equal priorities ``"heap"`` when ``tie_break`` is
    ``"heap"``, else ``"tie"`` when ``tie_break`` is ``"estimate"`` and the estimates differ, else ``"older"``.
    ``arrays`` adds the whole queue arrays
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


def render_json(trace: Trace) -> str:
    return json.dumps(trace_record(trace))


def write(trace: Trace, as_json: bool, out: TextIO) -> None:
    out.write(render_json(trace) + "\n" if as_json else render_text(trace))
