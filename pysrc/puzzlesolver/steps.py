"""Long work done in short steps: the convention every long computation of the engine follows.

A piece of *work* is a generator: it does a little (about :data:`STEP_SECONDS` of computing), yields,
does a little more, and finally *returns* its answer.  What it yields is progress for a person: a
dict of plain numbers (``{"expanded": 5000, "bound": 41}``), or None when there is nothing new to say.
Whoever drives it decides how many steps to run before looking up: the web worker's jobs
(:mod:`puzzlesolver.jobs`) run steps for one slice of time and then let other requests in; the command
line and the library simply run every step (:func:`to_end`).

>>> def count_to(k):
...     for i in range(k):
...         yield {"done": i}
...     return "counted"
>>> to_end(count_to(3))
'counted'
"""

from __future__ import annotations

import time
from typing import Any, Callable, Dict, Generator, Optional, TypeVar

from .search import Search

__all__ = ["Work", "Progress", "STEP_SECONDS", "searching", "reporting", "labelled", "to_end"]

T = TypeVar("T")
Progress = Optional[Dict[str, Any]]
#: A piece of work: yields progress between steps, returns its answer.
Work = Generator[Progress, None, T]

#: A step aims to take about this long: short enough that a 50 ms slice ends close to its time, long
#: enough that the clock is read rarely.
STEP_SECONDS = 0.01
_FIRST_STEP = 64


def searching(search: Search, max_expansions: Optional[int] = None,
              step_seconds: float = STEP_SECONDS) -> Work[bool]:
    """Run ``search`` in steps of about ``step_seconds``: returns True once it has finished, False when
    it has used ``max_expansions`` more expansions (None: no limit) first.

    The number of expansions per step adapts to the search's speed (a pattern-database IDA* expands a
    million nodes a second, A* with walking distance a few thousand), within a factor of 4 per step.
    """
    expansions = _FIRST_STEP
    limit = None if max_expansions is None else search.stats.expanded + max_expansions
    while not search.done:
        step = expansions if limit is None else min(expansions, limit - search.stats.expanded)
        if step <= 0:
            return False
        began = time.perf_counter()
        if search.run(step):
            return True
        took = max(time.perf_counter() - began, 1e-6)
        expansions = max(8, int(expansions * min(4.0, max(0.25, step_seconds / took))))
        yield None
    return True


def to_end(work: Work[T]) -> T:
    """Run every step of ``work`` and return its answer."""
    while True:
        try:
            next(work)
        except StopIteration as finished:
            return finished.value


def reporting(work: Work[T], progress: Callable[[], Progress]) -> Work[T]:
    """Run ``work``, yielding ``progress()`` after each of its steps instead of what it yields; returns its answer."""
    while True:
        try:
            next(work)
        except StopIteration as finished:
            return finished.value
        yield progress()


def labelled(work: Work[T], **extra: Any) -> Work[T]:
    """Run ``work``, adding ``extra`` to each progress dict it yields; returns its answer.

    >>> def two():
    ...     yield {"done": 1}
    ...     return 2
    >>> steps = labelled(two(), of=5)
    >>> next(steps)
    {'done': 1, 'of': 5}
    """
    while True:
        try:
            progress = next(work)
        except StopIteration as finished:
            return finished.value
        yield {**progress, **extra} if progress is not None else None
