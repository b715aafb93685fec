"""algs4's MinPQ, the textbook priority queue the Learn view steps through (the seeds' course queue).

Kept apart from :mod:`puzzlesolver.search`, whose solver's own queue is :mod:`heapq` with tie-breaking
keys: this one compares priorities only, so equal priorities keep the positions algs4 gives them.
"""

from __future__ import annotations

from typing import List, Optional

__all__ = ["MinPQ"]


class MinPQ:
    """algs4's MinPQ over search entries: a 1-based binary heap with swim and sink that compares
    priorities only (``entry[0]``), so equal priorities keep the positions algs4 gives them.

    >>> pq = MinPQ((4, 4, 0, "A"))
    >>> pq.del_min()[3], len(pq)
    ('A', 0)
    >>> for entry in [(4, 3, 1, "B"), (6, 5, 2, "C"), (4, 2, 3, "E")]:
    ...     pq.insert(entry)
    >>> [entry[3] for entry in pq.array()]
    ['B', 'C', 'E']
    """

    __slots__ = ("pq",)

    def __init__(self, first: tuple) -> None:
        self.pq: List[Optional[tuple]] = [None, first]

    def __len__(self) -> int:
        return len(self.pq) - 1

    def min(self) -> tuple:
        return self.pq[1]

    def array(self) -> List[tuple]:
        return self.pq[1:]

    def insert(self, entry: tuple) -> None:
        pq = self.pq
        pq.append(entry)
        k = len(pq) - 1
        while k > 1 and pq[k // 2][0] > pq[k][0]:  # swim
            pq[k // 2], pq[k] = pq[k], pq[k // 2]
            k //= 2

    def del_min(self) -> tuple:
        pq = self.pq
        n = len(pq) - 1
        top = pq[1]
        pq[1], pq[n] = pq[n], pq[1]
        pq.pop()
        n -= 1
        k = 1
        while 2 * k <= n:  # sink
            j = 2 * k
            if j < n and pq[j][0] > pq[j + 1][0]:
                j += 1
            if not pq[k][0] > pq[j][0]:
                break
            pq[k], pq[j] = pq[j], pq[k]
            k = j
        return top
