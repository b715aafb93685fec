"""Additive pattern tables for a W x H board and goal, built on demand in pure Python, in steps.

The tiles are split into disjoint groups (:func:`default_patterns`: blocks of at most 5 tiles that are
neighbours in the goal).  A group's table holds, for every placement of its tiles, the fewest moves *of
that group's tiles* that bring them home, the other tiles being indistinguishable and their moves free.
Moves of different groups never overlap, so the groups' values add up to an admissible estimate (at
least the Manhattan distance, which is what makes them worth it on 2 x N boards, where Manhattan distance
is weak: their optima are long and the tiles must queue past each other).

Each table comes from one breadth-first search from the goal over (placement of the group, the region
of free cells the blank is in): the blank's moves among free cells cost nothing, so all the cells of one
free region are one state (a 0-1 search done as a plain one), and a group's move carries one of its tiles
into the blank's region.  The regions of each occupancy of the board are found once and kept, and so are
the group's slides from each (occupancy, region).  A placement's value is the depth at which the search
first meets it, whichever region the blank is in.

Measured on 500 random boards (mean estimate, first partition): the blank's region is what makes these
tables strong -- letting a tile slide into any free cell, wherever the blank is, averages 38.7 on 7 x 2
and 36.1 on 5 x 3 (linear conflicts: 40.3 and 37.2), the regions 52.8 and 40.3.  Keeping a value per
(placement, region) instead of the least over regions would add only 1.1 and 0.5, for 15 times the memory
and more work per move: not done.  A second partition (:func:`default_partitions`) adds 1.8 on 7 x 2.

Tables are indexed as the engine reads them (:class:`puzzlesolver.fast.engines.pdb_rectangles.TableEngine`):
``sum(cell_i * cells**i)`` over the group's tiles (16**5 = 1,048,576 entries on 16 cells, a byte each in
the files, lists in memory: see :class:`PatternTables`).
:func:`building` is a generator of steps of about 10 ms (:mod:`puzzlesolver.steps`) so that the web
worker stays responsive; :func:`tables_for` runs it to the end.  Built tables are kept in memory, and in
a folder when one is given (zlib files named after the shape, the goal and the groups).

The build makes the tables of :data:`SHIPPED` (the shapes of 10 to 16 cells, wide side first, usual goal:
2.4 MB of files, 17 s of CPython) into the pattern tables' folder (:func:`folder`), and the web app serves
them, so that the first solve of one of those shapes downloads its tables instead of building them (8x2:
9 s of CPython, about twice that in the web worker); every taller-than-wide board and every goal with its
blank in a corner maps onto them (:func:`puzzlesolver.grid.canonical_rectangle`).  8x2 and 2x8 read stronger
tables when they are at hand (:mod:`puzzlesolver.fast.engines.pdb_8x2`); these stand in until then.

>>> [t.describe() for t in tables_for(3, 2, (1, 2, 3, 4, 5, 0))]
['5']
>>> [t.describe() for t in tables_for(4, 3)]
['4-4-3', '2-5-4']
"""

from __future__ import annotations

import hashlib
import time
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple, Union

from ...grid import blank_moves, check_rectangle, goal_cells
from ...steps import STEP_SECONDS, Work, to_end
from . import pdb_files

__all__ = ["PatternTables", "default_patterns", "default_partitions", "TWO_PARTITIONS_FROM", "TABLES_FROM",
           "building", "tables_for", "cached", "forget", "table_file", "folder", "shipped_files",
           "SHIPPED", "FOLDER_NAME", "GROUP_SIZE", "UNSEEN"]

#: The largest group :func:`default_patterns` makes: a 5-tile group on 15-16 cells is 360,360-524,160
#: placements (a few seconds of breadth-first search in CPython); 6 tiles would be 6 to 11 times that.
GROUP_SIZE = 5
#: From this many cells on the solver reads tables (below, Manhattan distance and linear conflicts solve every
#: board in a few milliseconds; on 2 x 5 they took up to 0.9 s, the tables 0.25 s to build and then 1 ms).
TABLES_FROM = 10
#: Boards of this many cells and more read two partitions (below, one is enough: they are solved at once).
TWO_PARTITIONS_FROM = 12
#: A table entry no search reached (a placement that cannot occur).
UNSEEN = 255
#: The shapes (wide side first) whose tables for the usual goal the build makes and the web app serves.
SHIPPED = ((5, 2), (6, 2), (7, 2), (8, 2), (4, 3), (5, 3))
#: The subfolder of the pattern tables' folder (:func:`puzzlesolver.fast.tables.pdb_files.data_dir`) they are kept in.
FOLDER_NAME = "rect"

Key = Tuple[int, int, Tuple[int, ...], Tuple[int, ...]]
_memory: Dict[Key, List[int]] = {}  # (width, height, goal, group) -> its table
_seconds: Dict[Key, float] = {}  # how long each table kept in memory took to build or read
#: The shapes and goals whose tables stay in memory, the most recently asked for last: at most
#: :data:`MEMORY_SHAPES`, since a list table costs 4 bytes an entry in the worker (21 MB for 8 x 2's).
MEMORY_SHAPES = 3
_recent: List[Tuple[int, int, Tuple[int, ...]]] = []


@dataclass
class PatternTables:
    """The additive tables of one shape and goal: ``tables[p]`` for the tiles ``patterns[p]``.

    The tables are lists of small ints, not the bytearrays they are built and stored as: the search reads
    a list's item by a specialised bytecode and a bytearray's by the generic subscript, which costs over
    twice as much in Pyodide (CPython is a little faster with lists too).  The price is memory: 4 bytes an
    entry in the web worker (21 MB for 8 x 2's tables instead of 5), 8 on 64-bit CPython.
    """

    width: int
    height: int
    goal: Tuple[int, ...]
    patterns: Tuple[Tuple[int, ...], ...]
    tables: List[Sequence[int]]
    seconds: float = 0.0  # how long its tables took to build (or to read from a file)

    def describe(self) -> str:
        """The group sizes, as pattern databases are named (``5-5-4``)."""
        return "-".join(str(len(p)) for p in self.patterns)

    def estimate(self, tiles: Sequence[int]) -> int:
        """The tables' estimate of ``tiles`` (the sum over groups)."""
        cells = self.width * self.height
        where = {t: c for c, t in enumerate(tiles)}
        total = 0
        for pattern, table in zip(self.patterns, self.tables):
            total += table[sum(where[t] * cells ** i for i, t in enumerate(pattern))]
        return total


def default_patterns(width: int, height: int, goal: Sequence[int], group: int = GROUP_SIZE,
                     shifted: bool = False) -> Tuple[Tuple[int, ...], ...]:
    """Split the tiles into groups of at most ``group`` that are neighbours in the goal.

    On a wide board the tiles are taken column by column (a group is a block of whole columns), on a
    tall one row by row, so that each group's tiles share the short lines they must pass each other in.
    The sizes are as even as can be; ``shifted`` gives a second partition whose borders fall inside the
    first one's groups (a first group half as big, then groups of ``group``), so that the larger of the
    two sums sees the pairs of tiles that one of them splits.

    >>> default_patterns(4, 2, (1, 2, 3, 4, 5, 6, 7, 0))
    ((1, 5, 2, 6), (3, 7, 4))
    >>> default_patterns(4, 2, (1, 2, 3, 4, 5, 6, 7, 0), shifted=True)
    ((1, 5), (2, 6, 3, 7, 4))
    """
    home = goal_cells(goal)
    tiles = sorted(range(1, width * height),
                   key=lambda t: divmod(home[t], width) if width <= height else (home[t] % width, home[t] // width))
    count = -(-len(tiles) // group)
    sizes = [len(tiles) // count + (1 if i < len(tiles) % count else 0) for i in range(count)]
    if shifted:
        first = -(-sizes[0] // 2)
        rest = len(tiles) - first
        sizes = [first] + [group] * (rest // group) + ([rest % group] if rest % group else [])
    patterns, start = [], 0
    for size in sizes:
        patterns.append(tuple(tiles[start:start + size]))
        start += size
    return tuple(patterns)


def default_partitions(width: int, height: int, goal: Sequence[int]) -> Tuple[Tuple[Tuple[int, ...], ...], ...]:
    """The partitions the solver reads: :func:`default_patterns` and, from 12 cells on, its shifted twin
    (the larger of the two sums: on random 7 x 2 boards the worst search went from 19 s to under 1 s)."""
    first = default_patterns(width, height, goal)
    if width * height < TWO_PARTITIONS_FROM:
        return (first,)
    return (first, default_patterns(width, height, goal, shifted=True))


def _regions(width: int, height: int):
    """A function: occupancy bitmask -> per cell (region id = smallest cell of its free region, the region's
    bitmask), None for an occupied cell; each occupancy is worked out once."""
    cells = width * height
    moves = blank_moves(width, height)
    known: Dict[int, list] = {}

    def regions(occupied: int) -> list:
        found = known.get(occupied)
        if found is not None:
            return found
        found = [None] * cells
        for start in range(cells):
            if found[start] is not None or occupied >> start & 1:
                continue
            members, stack, mask = [], [start], 1 << start
            while stack:
                c = stack.pop()
                members.append(c)
                for nb in moves[c]:
                    if not (occupied | mask) >> nb & 1:
                        mask |= 1 << nb
                        stack.append(nb)
            for c in members:
                found[c] = (start, mask)
        known[occupied] = found
        return found

    return regions


def _building_one(width: int, height: int, goal: Sequence[int], pattern: Sequence[int],
                  step_seconds: float) -> Work[bytearray]:
    """The breadth-first search that fills one group's table, yielding about every ``step_seconds``."""
    cells = width * height
    home = goal_cells(goal)
    k = len(pattern)
    weights = [cells ** i for i in range(k)]
    table = bytearray([UNSEEN]) * (cells ** k)
    seen = bytearray(cells ** k * cells)  # (placement index, region id) already met
    regions = _regions(width, height)
    moves = blank_moves(width, height)
    slides_of: Dict[int, list] = {}  # occupancy * cells + blank's region -> the group's slides from there

    def slides(occupied: int, region: int) -> list:
        """Every slide of one of the group's tiles into the blank's region: (from, to, to - from, the
        occupancy after, the blank's region after), worked out once per occupancy and region."""
        free = regions(occupied)[region][1]
        found = []
        for c in range(cells):
            if occupied >> c & 1:
                for nb in moves[c]:
                    if free >> nb & 1:
                        now = occupied ^ (1 << c) ^ (1 << nb)
                        found.append((c, nb - c, now, regions(now)[c][0], nb))
        slides_of[occupied * cells + region] = found
        return found

    start = tuple(home[t] for t in pattern)
    occupied = sum(1 << c for c in start)
    region = regions(occupied)[home[0]][0]
    index = sum(c * w for c, w in zip(start, weights))
    table[index] = 0
    seen[index * cells + region] = 1
    frontier = [(index, start, occupied, region)]
    depth = 0
    began = time.perf_counter()
    done = 0
    while frontier:
        depth += 1
        following = []
        add = following.append
        for index, placed, occupied, region in frontier:
            for c, shift, now, new_region, nb in slides_of.get(occupied * cells + region) or slides(occupied, region):
                i = placed.index(c)
                new_index = index + shift * weights[i]
                key = new_index * cells + new_region
                if seen[key]:
                    continue
                seen[key] = 1
                if table[new_index] == UNSEEN:
                    table[new_index] = depth
                add((new_index, placed[:i] + (nb,) + placed[i + 1:], now, new_region))
            done += 1
            if not done & 1023 and time.perf_counter() - began > step_seconds:
                yield {"positions": done}
                began = time.perf_counter()
        frontier = following
    return table


def table_file(folder: Union[str, Path], width: int, height: int, goal: Sequence[int], pattern: Sequence[int]) -> Path:
    """Where one group's table is kept in ``folder`` (the name says the shape; a digest, the goal and group)."""
    digest = hashlib.sha256(repr((tuple(goal), tuple(pattern))).encode()).hexdigest()[:16]
    return Path(folder) / f"rect-{width}x{height}-{digest}.zpdb"


def _read(path: Path, size: int) -> Optional[bytearray]:
    try:
        data = bytearray(zlib.decompress(path.read_bytes()))
    except (OSError, zlib.error):
        return None
    return data if len(data) == size else None


def _write(path: Path, table: bytearray) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".part")
        partial.write_bytes(zlib.compress(bytes(table), 6))
        partial.replace(path)
    except OSError:
        pass  # a cache that cannot be written only costs the next build


def folder() -> Path:
    """Where rectangle tables are kept: the :data:`FOLDER_NAME` subfolder of the pattern tables' folder."""
    return pdb_files.data_dir() / FOLDER_NAME


def shipped_files(width: int, height: int, goal: Optional[Sequence[int]] = None) -> List[str]:
    """The file names of the tables the build makes for this shape and goal (none unless it is one of
    :data:`SHIPPED` with the usual goal).

    >>> len(shipped_files(4, 3)), shipped_files(3, 4)
    (6, [])
    """
    goal = _standard(width, height, goal)
    if (width, height) not in SHIPPED or goal != _standard(width, height, None):
        return []
    groups = dict.fromkeys(p for partition in default_partitions(width, height, goal) for p in partition)
    return [table_file(".", width, height, goal, pattern).name for pattern in groups]


def _standard(width: int, height: int, goal: Optional[Sequence[int]]) -> Tuple[int, ...]:
    return tuple(goal) if goal is not None else tuple(range(1, width * height)) + (0,)


def building(width: int, height: int, goal: Optional[Sequence[int]] = None,
             partitions: Optional[Sequence[Sequence[Sequence[int]]]] = None,
             folder: Optional[Union[str, Path]] = None,
             step_seconds: float = STEP_SECONDS) -> Work[Tuple[PatternTables, ...]]:
    """Build the tables of a shape and goal (:func:`default_partitions` unless ``partitions`` are given), in
    steps; each table is taken from memory, else from ``folder`` when given, else built (and kept in both).

    Yields ``{"table": k, "tables": count, "positions": n}`` about every ``step_seconds``; returns one
    :class:`PatternTables` per partition (what :class:`puzzlesolver.fast.searches.rect_ida.RectIDAStar` takes).
    """
    goal = _standard(width, height, goal)
    check_rectangle(width, height, goal, goal)
    partitions = tuple(tuple(tuple(p) for p in partition)
                       for partition in (partitions or default_partitions(width, height, goal)))
    groups = list(dict.fromkeys(p for partition in partitions for p in partition))
    cells = width * height
    _keep_recent((width, height, goal))
    for k, pattern in enumerate(groups):
        key = (width, height, goal, pattern)
        if key in _memory:
            continue
        began = time.perf_counter()
        path = table_file(folder, width, height, goal, pattern) if folder is not None else None
        table = _read(path, cells ** len(pattern)) if path is not None and path.exists() else None
        if table is None:
            work = _building_one(width, height, goal, pattern, step_seconds)
            while True:
                try:
                    progress = next(work)
                except StopIteration as finished:
                    table = finished.value
                    break
                yield {"table": k + 1, "tables": len(groups), **progress}
            if path is not None:
                _write(path, table)
        _memory[key] = list(table)
        _seconds[key] = time.perf_counter() - began
    return tuple(PatternTables(width, height, goal, partition, [_memory[width, height, goal, p] for p in partition],
                               sum(_seconds.get((width, height, goal, p), 0.0) for p in partition))
                 for partition in partitions)


def tables_for(width: int, height: int, goal: Optional[Sequence[int]] = None,
               partitions: Optional[Sequence[Sequence[Sequence[int]]]] = None,
               folder: Optional[Union[str, Path]] = None) -> Tuple[PatternTables, ...]:
    """:func:`building` run to the end."""
    return to_end(building(width, height, goal, partitions, folder))


def cached(width: int, height: int, goal: Optional[Sequence[int]] = None,
           partitions: Optional[Sequence[Sequence[Sequence[int]]]] = None) -> Optional[Tuple[PatternTables, ...]]:
    """The tables of a shape and goal if every one is in memory already, else None (nothing is built)."""
    goal = _standard(width, height, goal)
    partitions = partitions or default_partitions(width, height, goal)
    if any((width, height, goal, tuple(p)) not in _memory for partition in partitions for p in partition):
        return None
    return to_end(building(width, height, goal, partitions))


def forget() -> None:
    """Drop every table kept in memory (tests and benchmarks measure building with it)."""
    _memory.clear()
    _seconds.clear()
    _recent.clear()


def _keep_recent(shape: Tuple[int, int, Tuple[int, ...]]) -> None:
    """Note ``shape`` (width, height, goal) as the most recently asked for, and drop from memory the tables of
    the shapes asked for least recently beyond :data:`MEMORY_SHAPES` (a search still running on them keeps
    its own reference)."""
    if shape in _recent:
        _recent.remove(shape)
    _recent.append(shape)
    while len(_recent) > MEMORY_SHAPES:
        dropped = _recent.pop(0)
        for key in [key for key in _memory if key[:3] == dropped]:
            del _memory[key]
            _seconds.pop(key, None)
