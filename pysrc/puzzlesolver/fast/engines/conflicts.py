"""The linear-conflict extra of a row or column by the line's key, for IDA*'s engine (:mod:`.manhattan`) and
the estimates of packed boards (:mod:`.estimates`).

A line's key packs the goal places of the tiles that belong on the line, in the order they stand (see
:func:`_line_conflict_table`), so a move updates it by two precomputed weights.  The table is built whole for
short lines, filled in as the search meets keys on longer ones (:data:`WHOLE_TABLE_UP_TO`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import List, Union

from ... import grid

__all__ = ["conflict_table", "LazyConflicts", "WHOLE_TABLE_UP_TO"]


@lru_cache(maxsize=4)
def _line_conflict_table(n: int) -> bytearray:
    """The linear-conflict extra of every line of up to n cells, by the line's key.

    The key of a row is the sum of code(tile) * (n+1)**col over its cells, where code is the tile's goal
    column + 1 if its goal is in this row, else 0 (columns alike): (n+1)**n entries, built once per n.  The IDA*
    engine reads the rows by their length W and the columns by theirs, H; the packed estimates key every line in
    the base of the longer side (a shorter line's key just has leading zero digits).
    """
    base = n + 1
    size = base ** n
    table = bytearray(size)
    for key in range(size):
        table[key] = _conflicts_of_key(key, n)
    return table


def _conflicts_of_key(key: int, n: int) -> int:
    codes = []
    for _ in range(n):
        key, code = divmod(key, n + 1)
        if code:
            codes.append(code)
    return grid.line_conflicts(codes)


#: The largest side whose linear-conflict table is built whole (6x6: 117,649 keys in 0.3 s); above it the
#: keys are filled in as the search meets them (7x7 has 2 million keys: 5 s in CPython to build them all).
WHOLE_TABLE_UP_TO = 6


class LazyConflicts(dict):
    """The linear-conflict extra of a line by its key (times ``scale``), computed the first time it is asked for."""

    def __init__(self, n: int, scale: int = 1) -> None:
        super().__init__()
        self.n = n
        self.scale = scale

    def __missing__(self, key: int) -> int:
        value = self.scale * _conflicts_of_key(key, self.n)
        self[key] = value
        return value


@lru_cache(maxsize=8)
def conflict_table(n: int, scale: int = 1) -> Union[bytearray, List[int], LazyConflicts]:
    """The linear-conflict extra of a line by its key, times ``scale``, for any side: the whole table up to
    :data:`WHOLE_TABLE_UP_TO`, a :class:`LazyConflicts` above (either is indexed by the key)."""
    if n > WHOLE_TABLE_UP_TO:
        return LazyConflicts(n, scale)
    table = _line_conflict_table(n)
    return table if scale == 1 else [scale * value for value in table]
