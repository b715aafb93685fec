"""The students' MinPQ: algs4's priority queue with a Python face, which the grader can watch.

``MinPQ(key=...)`` holds any items; ``key`` (default: the item itself) gives each item's priority, and only
priorities are compared, so items never need ``<`` and equal priorities keep the positions algs4's heap gives
them (it is :class:`puzzlesolver.minpq.MinPQ` underneath, the queue the Learn view steps through).  While a
test runs, the grader may set :data:`watchers`: every item removed by :meth:`MinPQ.del_min` is then reported
to them, so the order in which a student's search dequeues its boards can be drawn beside the reference's.

>>> pq = MinPQ(key=len)
>>> for word in ["horse", "ox", "cat"]:
...     pq.insert(word)
>>> pq.del_min(), pq.size(), pq.is_empty()
('ox', 2, False)
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional

from ..minpq import MinPQ as _Heap

__all__ = ["MinPQ", "watchers"]

#: Functions called with ``(queue, item)`` for every item a queue removes (set by the grader during a test).
watchers: List[Callable[["MinPQ", Any], None]] = []


class MinPQ:
    """A min priority queue (algs4's API, in Python spelling): ``insert``, ``del_min``, ``min``, ``size``,
    ``is_empty``; ``len(pq)`` and ``bool(pq)`` work too.  ``del_min`` and ``min`` on an empty queue raise
    IndexError, as algs4's raise NoSuchElementException."""

    __slots__ = ("_key", "_heap", "__weakref__")

    def __init__(self, key: Optional[Callable[[Any], Any]] = None) -> None:
        self._key = key
        self._heap: Optional[_Heap] = None

    def insert(self, item: Any) -> None:
        """Add ``item`` with priority ``key(item)``."""
        entry = (item if self._key is None else self._key(item), item)
        if self._heap is None:
            self._heap = _Heap(entry)
        else:
            self._heap.insert(entry)

    def del_min(self) -> Any:
        """Remove and return an item of least priority."""
        if not self:
            raise IndexError("del_min() on an empty priority queue")
        item = self._heap.del_min()[1]
        for watch in watchers:
            watch(self, item)
        return item

    def min(self) -> Any:
        """An item of least priority, left in the queue."""
        if not self:
            raise IndexError("min() on an empty priority queue")
        return self._heap.min()[1]

    def size(self) -> int:
        return 0 if self._heap is None else len(self._heap)

    def is_empty(self) -> bool:
        return self.size() == 0

    def __len__(self) -> int:
        return self.size()

    def __bool__(self) -> bool:
        return self.size() > 0

    # algs4's own spelling, for students translating Java line by line.
    delMin = del_min
    isEmpty = is_empty
