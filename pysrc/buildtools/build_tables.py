"""Build the pattern tables of :mod:`puzzlesolver.fast.tables.pdb_files` (NumPy; build time only, never shipped).

``PYTHONPATH=pysrc python -m buildtools.build_tables DIR [--only small|24|compact|8x2 ...] [--force] [--verbose]`` writes
the missing tables into DIR: the small ones (3x3 exact, 4x4 6-6-3: about 15 s), 5x5's 5-5-5-5-4 (about 50 s on two
cores, 1 GB of memory per 5-tile table), the 15-puzzle's compact 7-tile ones (:mod:`.build_compact`: about 3 minutes
on two cores, two searches at a time, 900 MB) and 8x2's (the same builder, about a minute; asked for together,
the five searches share one pool).  ``python3 build.py``
runs it into ``.cache/pdb``; ``serve`` builds the small ones before it answers, the others in the background.
"""

from __future__ import annotations

import os
import sys
import time
import zlib
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

from puzzlesolver.fast.tables.pdb_files import (COMPACT_4, COMPACT_8X2, EXACT_3_BLANKS, FILES_3, FILES_4, FILES_5, PATTERNS_4,
                                                PATTERNS_5, candidates, rank_perm, stored)
from puzzlesolver.grid import standard_goal_with_blank

__all__ = ["build_pattern_table", "build_exact_3", "build_all", "main"]


def build_pattern_table(n: int, goal: Sequence[int], pattern: Sequence[int], height: Optional[int] = None):
    """Additive pattern database for ``pattern`` (tile labels) on an n x n board (n wide and ``height`` high
    when given) aiming at ``goal``.

    Returns a NumPy uint8 array of N ** len(pattern) entries indexed by ``sum(cell_i * N**i)``
    (N = the board's cells, cell_i = where the i-th pattern tile is); 255 marks impossible placements.  0-1
    breadth-first search backwards from the goal over (pattern cells, blank cell): moving a pattern
    tile costs 1, moving any other tile costs 0; the value is the minimum over blank cells.
    """
    import numpy as np

    rows = height or n
    cells = n * rows
    k = len(pattern)
    goal = list(goal)
    itype = np.int32 if cells ** (k + 1) < 2 ** 31 else np.int64
    powers = [cells ** i for i in range(k + 1)]
    start = sum(goal.index(t) * powers[i] for i, t in enumerate(pattern)) + goal.index(0) * powers[k]
    dist = np.full(cells ** (k + 1), 255, dtype=np.uint8)
    shift = cells.bit_length() - 1 if cells & (cells - 1) == 0 else None

    def digit(states, i):
        if shift is not None:
            return (states >> (shift * i)) & (cells - 1)
        return (states // powers[i]) % cells

    def expand(states, zero_cost):
        blank = digit(states, k)
        row, col = blank // n, blank % n
        occupant = [digit(states, i) for i in range(k)]
        out = []
        for delta, ok in ((-n, row > 0), (n, row < rows - 1), (-1, col > 0), (1, col < n - 1)):
            target = blank + delta
            if zero_cost:
                sel = ok.copy()
                for i in range(k):
                    sel &= occupant[i] != target
                out.append(states[sel] + itype(delta * powers[k]))
            else:
                for i in range(k):
                    sel = ok & (occupant[i] == target)
                    out.append(states[sel] + itype(delta * (powers[k] - powers[i])))
        return np.concatenate(out) if out else np.zeros(0, dtype=itype)

    def unique(a):  # sort + neighbour test: several times faster here than np.unique's hashing
        if a.size < 2:
            return a
        a = np.sort(a)
        keep = np.empty(a.size, dtype=bool)
        keep[0] = True
        np.not_equal(a[1:], a[:-1], out=keep[1:])
        return a[keep]

    frontier = np.array([start], dtype=itype)
    dist[frontier] = 0
    level = 0
    while frontier.size:
        layer = [frontier]
        new = frontier
        while new.size:
            new = expand(new, True)
            new = new[dist[new] == 255]
            if new.size:
                new = unique(new)
                dist[new] = level
                layer.append(new)
        layer = np.concatenate(layer)
        level += 1
        nxt = expand(layer, False)
        nxt = nxt[dist[nxt] == 255]
        frontier = unique(nxt)
        dist[frontier] = level
    return dist.reshape(cells, cells ** k).min(axis=0)


def build_exact_3(blank: int) -> bytes:
    """Exact distances of every 3x3 arrangement to the goal with the blank at ``blank`` (pure Python BFS).

    Indexed by :func:`rank_perm` of the tiles; 255 for the unreachable half."""
    goal = standard_goal_with_blank(3, blank)
    moves = [[c2 for c2 in (c - 3, c + 3, c - 1 if c % 3 else -1, c + 1 if c % 3 < 2 else -1) if 0 <= c2 < 9]
             for c in range(9)]
    seen = {goal: 0}
    frontier = [goal]
    depth = 0
    while frontier:
        depth += 1
        nxt = []
        for state in frontier:
            b = state.index(0)
            for c in moves[b]:
                cells = list(state)
                cells[b], cells[c] = cells[c], 0
                child = tuple(cells)
                if child not in seen:
                    seen[child] = depth
                    nxt.append(child)
        frontier = nxt
    table = bytearray(b"\xff" * 362880)
    for state, d in seen.items():
        table[rank_perm(state)] = d
    return bytes(table)


def _write(folder: Path, name: str, data: bytes) -> None:
    tmp = folder / (name + ".tmp")
    tmp.write_bytes(zlib.compress(data, 9))
    tmp.replace(folder / name)


def _build_additive(folder: str, name: str, n: int, pattern: Sequence[int]) -> Tuple[str, float]:
    """One additive table of an n x n board: on 4x4 by the compact builder's search (the same values, ten times
    faster: :func:`.build_compact.build_sparse`), on 5x5 by :func:`build_pattern_table`."""
    t0 = time.perf_counter()
    if n == 4:
        from .build_compact import build_sparse
        table = build_sparse(pattern)
    else:
        table = build_pattern_table(n, standard_goal_with_blank(n, n * n - 1), pattern)
    _write(Path(folder), name, table.tobytes())
    return name, time.perf_counter() - t0


#: The groups of tables, by how long they take to build: ``small`` (the 8-puzzle's exact tables and the
#: 15-puzzle's 6-6-3 ones, about 15 s), ``24`` (the 24-puzzle's 5-5-5-5-4 ones, about 50 s on two cores,
#: 1 GB each), ``compact`` (the 15-puzzle's 7-tile ones, about 3 minutes on two cores) and ``8x2`` (8x2's two
#: 7-tile ones, about a minute on two cores).
GROUPS = ("small", "24", "compact", "8x2")
#: The files of each group, as the engine names them (:data:`puzzlesolver.fast.tables.pdb_files.FILES`).
GROUP_FILES = {"small": FILES_3 + FILES_4, "24": FILES_5, "compact": COMPACT_4, "8x2": COMPACT_8X2}
#: What the builder says as it starts a group of compact tables.
COMPACT_NOTES = {"compact": "the 15-puzzle's compact 7-tile tables (about 3 minutes on two cores, 900 MB of memory)",
                 "8x2": "8x2's compact 7-tile tables (about a minute on two cores, 1 GB of memory)"}


def build_all(folder, force: bool = False, log=print, only: Sequence[str] = GROUPS, verbose: bool = False) -> List[Path]:
    """Build every missing table of the groups ``only`` into ``folder`` (all of them with ``force``);
    return the files written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    if "small" in only:
        written += _build_exact_3(folder, force, log)
        written += _build_additive_set(folder, force, log, 4, FILES_4, PATTERNS_4)
    if "24" in only:
        written += _build_additive_set(folder, force, log, 5, FILES_5, PATTERNS_5)
    missing = {group: [name for name in GROUP_FILES[group] if force or not (folder / stored(name)).is_file()]
               for group in COMPACT_NOTES if group in only}
    seven_tile = [name for names in missing.values() for name in names]
    if seven_tile:   # one pool for every group's 7-tile searches: no core left idle while the last of a group runs
        from .build_compact import build_set
        for group, names in missing.items():
            if names:
                log(f"pdb: {COMPACT_NOTES[group]}")
        for name in seven_tile:
            (folder / stored(name)).unlink(missing_ok=True)
        build_set(folder, seven_tile, jobs=2, log=lambda line: log(f"pdb: {line}"), verbose=verbose)
        written += [folder / stored(name) for name in seven_tile]
    return written


def _build_exact_3(folder: Path, force: bool, log) -> List[Path]:
    written = []
    for name, blank in zip(FILES_3, EXACT_3_BLANKS):
        if force or not (folder / name).is_file():
            t0 = time.perf_counter()
            _write(folder, name, build_exact_3(blank))
            written.append(folder / name)
            log(f"pdb: {name} {(folder / name).stat().st_size:,} bytes in {time.perf_counter() - t0:.1f} s")
    return written


def _build_additive_set(folder: Path, force: bool, log, n: int, names: Sequence[str],
                        patterns: Sequence[Sequence[int]]) -> List[Path]:
    """The additive tables of one n x n partition, two at a time on a machine with two cores or more."""
    todo = [(name, n, pattern) for name, pattern in zip(names, patterns) if force or not (folder / name).is_file()]
    if not todo:
        return []
    t0 = time.perf_counter()
    workers = min(len(todo), max(1, min(2, os.cpu_count() or 1)))
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(workers) as pool:
            for name, seconds in pool.map(_build_additive, [str(folder)] * len(todo), *zip(*todo)):
                log(f"pdb: {name} {(folder / name).stat().st_size:,} bytes in {seconds:.1f} s")
    else:
        for name, n, pattern in todo:
            _, seconds = _build_additive(str(folder), name, n, pattern)
            log(f"pdb: {name} {(folder / name).stat().st_size:,} bytes in {seconds:.1f} s")
    log(f"pdb: additive {n}x{n} tables built in {time.perf_counter() - t0:.1f} s")
    return [folder / name for name, _, _ in todo]


def main(argv: Optional[Sequence[str]] = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m buildtools.build_tables", description=__doc__.split("\n")[0])
    parser.add_argument("dir", nargs="?", help="output directory (default: the first data directory)")
    parser.add_argument("--force", action="store_true", help="rebuild even if the files exist")
    parser.add_argument("--only", choices=GROUPS, action="append", help="a group of tables (again for more; default: all)")
    parser.add_argument("--verbose", action="store_true", help="print each level of each search")
    args = parser.parse_args(argv)
    build_all(args.dir or candidates()[0], force=args.force, only=args.only or GROUPS,
              verbose=args.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
