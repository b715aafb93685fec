"""One search within a budget: the loop every caller runs, and the sentences a stopped search says.

The command line (``--max-nodes``, ``--max-seconds``), the benchmark (its time limit), the answer checker
(its expansions), the library's :func:`puzzlesolver.policy.solve` and the web worker's solve jobs (a browser
tab's memory) all run a search through :func:`within`: steps sized by :func:`puzzlesolver.steps.searching`'s
rule (about ``step_seconds`` each), the limits looked at between steps, and on a limit the search's own
stop (its best answer so far, or advice) with the one sentence of :func:`stopped_after`.  A solve job's
*time* budget is kept by :class:`puzzlesolver.jobs.Job` instead, since it pauses and can be resumed; its
answer then says :func:`stopped_after` too.

>>> from puzzlesolver import policy
>>> from puzzlesolver.formats import BoardPuzzle
>>> from puzzlesolver.steps import to_end
>>> solving = policy.start(BoardPuzzle(3, (8, 6, 7, 2, 5, 4, 3, 0, 1)), policy.Options("astar", "hamming"))
>>> result = to_end(within(solving, max_expansions=100))
>>> print(result.status, result.stopped_by, result.reason[:33])
stopped expansions Stopped after expanding 100 nodes
"""

from __future__ import annotations

import time
from typing import Any, Callable, Dict, Optional, Protocol, TypeVar

from .formats import plural
from .steps import STEP_SECONDS, Work, searching

__all__ = ["within", "stopped_after", "cancelled_message", "took", "Stoppable", "CLOCK_STEP_SECONDS"]

R = TypeVar("R")
#: The steps of a caller that looks only at the clock and its limits between them (the command line, the
#: benchmark): a few hundredths of a second, so that looking costs nothing measurable.
CLOCK_STEP_SECONDS = 0.05


class Stoppable(Protocol[R]):
    """What :func:`within` drives: :class:`puzzlesolver.policy.Solving` (a search with its puzzle)."""

    done: bool
    stats: Any

    def run(self, max_expansions: Optional[int]) -> bool: ...

    def result(self) -> R: ...

    def stop(self, why: str, stopped_by: str) -> R: ...

    def stored_nodes(self) -> int: ...


def within(solving: Stoppable[R], *, max_expansions: Optional[int] = None, max_seconds: Optional[float] = None,
           max_stored: Optional[int] = None, clock: Callable[[], float] = time.perf_counter,
           progress: Optional[Callable[[Stoppable[R]], Dict[str, Any]]] = None,
           step_seconds: float = STEP_SECONDS) -> Work[R]:
    """Run ``solving`` to its result, or until ``max_expansions`` more expansions, ``max_seconds`` by
    ``clock`` or ``max_stored`` stored nodes (None: no such limit), whichever comes first; then its stop,
    marked with what ran out.  Yields ``progress(solving)`` (or None) between steps."""
    began = clock()
    steps = searching(solving, max_expansions, step_seconds)
    while True:
        try:
            next(steps)
        except StopIteration as finished:
            if finished.value:
                return solving.result()
            return solving.stop(stopped_after(expanded=solving.stats.expanded), "expansions")
        if max_stored is not None and solving.stored_nodes() >= max_stored:
            return solving.stop(stopped_after(stored=solving.stored_nodes()), "memory")
        if max_seconds is not None and clock() - began >= max_seconds:
            return solving.stop(stopped_after(seconds=max_seconds), "seconds")
        yield progress(solving) if progress is not None else None


def stopped_after(*, seconds: Optional[float] = None, expanded: Optional[int] = None,
                  stored: Optional[int] = None, cancelled: bool = False) -> str:
    """How far a search got when a limit (or, ``cancelled``, the person) stopped it, as every stopped answer
    begins (the rest of the sentence, its answer so far or its advice, is the search's own:
    :meth:`puzzlesolver.policy.Solving.stop`).

    >>> stopped_after(expanded=5000)
    'Stopped after expanding 5,000 nodes'
    >>> stopped_after(seconds=4.46), stopped_after(seconds=31.7, expanded=1983637)
    ('Stopped after 4.5 s', 'Stopped after 32 s of searching (1,983,637 positions)')
    >>> stopped_after(stored=1500000)
    'Stopped after storing 1,500,000 search nodes, the limit for a browser tab,'
    >>> stopped_after(seconds=2.5, expanded=40000, cancelled=True)
    'Cancelled after 2.5 s of searching (40,000 positions)'
    """
    if stored is not None:
        return f"Stopped after storing {stored:,} search nodes, the limit for a browser tab,"
    if seconds is None:
        return f"Stopped after expanding {expanded:,} nodes"
    searched = "" if expanded is None else f" of searching ({plural(expanded, 'position')})"
    return f"{'Cancelled' if cancelled else 'Stopped'} after {took(seconds)}{searched}"


def took(seconds: float) -> str:
    """A search's time as every answer says it, in its message, in the page's Details and in its progress
    line (the one rule; the page's status line writes the worker's boot time by it too): milliseconds
    under a tenth of a second (a 3x3 solve), then seconds to a tenth under ten seconds (a Cancel may come
    within one), then whole seconds.

    >>> took(0.0034), took(0.174), took(4.46), took(31.7)
    ('3 ms', '0.2 s', '4.5 s', '32 s')
    """
    if seconds < 0.0995:
        return f"{seconds * 1000:.0f} ms"
    return f"{seconds:.1f} s" if seconds < 9.95 else f"{seconds:.0f} s"


def cancelled_message(progress: Dict[str, Any]) -> str:
    """What a cancelled job says, from its last progress, as a stopped search does: its time, the positions
    searched, and its best answer so far or the bound it proved; before the search began, what it was doing
    (building a rectangle's pattern tables, or reading its tables) and for how long.

    >>> cancelled_message({"seconds": 4.5, "expanded": 1983637, "bound": 78})
    'Cancelled after 4.5 s of searching (1,983,637 positions) with no solution yet (at least 78 moves are needed).'
    >>> cancelled_message({"seconds": 2.1, "expanded": 0, "table": 1, "tables": 7})
    'Cancelled after 2.1 s, while building the pattern tables for this shape, before the search began.'
    >>> cancelled_message({})
    'Cancelled before the search began: nothing was searched.'
    """
    seconds, expanded = progress.get("seconds", 0), progress.get("expanded")
    if "table" in progress:  # a rectangle's own tables were being built (policy's record names the table)
        return (f"Cancelled after {took(seconds)}, while building the pattern tables for this shape, "
                "before the search began.")
    if expanded is None:  # before the search began: its tables were being read, or it had not run yet
        return (f"Cancelled after {took(seconds)}, while the search was reading its tables, before it began."
                if seconds else "Cancelled before the search began: nothing was searched.")
    best, bound = progress.get("best"), progress.get("bound")
    found = f": the best answer so far took {plural(best, 'move')}" if best else " with no solution yet"
    proven = f" (at least {plural(bound, 'move')} {'is' if bound == 1 else 'are'} needed)" if bound else ""
    return f"{stopped_after(seconds=seconds, expanded=expanded, cancelled=True)}{found}{proven}."
