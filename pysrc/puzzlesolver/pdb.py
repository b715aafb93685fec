"""Pattern databases for sliding boards: where they live, how they load, how they are built.

Two kinds ship:

* **4x4, additive 6-6-3** (goal 1..15 then the blank).  Tiles are split into three disjoint groups
  (:data:`PATTERNS_4`); for each group a table holds the fewest moves *of that group's tiles* that put
  them home, over every placement of the group (the other tiles are indistinguishable and their moves
  are free).  Moves of different groups never overlap, so the three values add up to an admissible
  estimate.  The same tables read on the board mirrored about its main diagonal give a second
  estimate (the "mirror lookup"); the solver takes the larger.  A table is indexed by the cells of the
  group's tiles as base-16 digits (``sum(cell_i << 4*i)``), a sparse but perfect-for-lookup hash: a
  move of one tile changes the index by ``(new - old) << 4*i``, so the search updates it in O(1).
* **3x3, exact**: the true distance of every one of the 181,440 solvable arrangements, indexed by
  the permutation's Lehmer rank, for the goal with the blank in a corner (cell 8), on an edge (cell 7)
  or in the centre (cell 4); any other 3x3 goal is one of these after a symmetry of the square and a
  relabelling of the tiles.

Files are zlib-compressed byte tables (``*.zpdb``).  The search looks for them in a data directory:
:func:`set_data_dir` (the web worker), else ``$PUZZLESOLVER_PDB_DIR``, else ``.cache/pdb`` at the
repository root, else ``puzzlesolver/data/pdb``.  Build them with ``python -m puzzlesolver.pdb build
DIR`` (needs NumPy at build time only; the loader is standard library).
"""

from __future__ import annotations

import os
import sys
import time
import zlib
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

__all__ = ["PATTERNS_4", "EXACT_3_BLANKS", "files_for", "missing_files", "set_data_dir", "data_dir",
           "load_table", "tables_663", "exact_3", "rank_perm", "build_all", "build_pattern_table",
           "PdbMissing"]

#: The 6-6-3 partition of the 15-puzzle (goal 1..15, blank bottom right), by tile label:
#:   A A C C      1  2  3  4
#:   A A B B      5  6  7  8
#:   A A B B      9 10 11 12
#:   A B B .     13 14 15  .
PATTERNS_4: Tuple[Tuple[int, ...], ...] = ((1, 5, 6, 9, 10, 13), (7, 8, 11, 12, 14, 15), (2, 3, 4))
#: Goal blank cells of the three exact 3x3 tables (corner, edge, centre).
EXACT_3_BLANKS = (8, 7, 4)

FILES_4 = tuple(f"15puzzle-663-{'abc'[i]}.zpdb" for i in range(3))
FILES_3 = tuple(f"8puzzle-exact-blank{b}.zpdb" for b in EXACT_3_BLANKS)
#: Uncompressed size of each file, checked on load.
SIZES = {**{name: 16 ** len(p) for name, p in zip(FILES_4, PATTERNS_4)}, **{name: 362880 for name in FILES_3}}

_data_dir: Optional[Path] = None
_cache: Dict[str, bytes] = {}


class PdbMissing(LookupError):
    """A pattern database file is not in the data directory."""


def set_data_dir(path) -> None:
    """Use ``path`` for pattern databases from now on (the web worker calls this)."""
    global _data_dir
    _data_dir = Path(path)
    _cache.clear()


def _candidates() -> List[Path]:
    if _data_dir is not None:
        return [_data_dir]
    env = os.environ.get("PUZZLESOLVER_PDB_DIR")
    if env:
        return [Path(env)]
    here = Path(__file__).resolve().parent
    if here.parent.name == "pysrc":  # running from the repository: the build's cache comes first
        return [here.parent.parent / ".cache" / "pdb", here / "data" / "pdb"]
    return [here / "data" / "pdb"]


def data_dir() -> Path:
    """The directory pattern databases are read from (the first candidate holding any, else the first)."""
    candidates = _candidates()
    for candidate in candidates:
        if any((candidate / name).is_file() for name in SIZES):
            return candidate
    return candidates[0]


def files_for(n: int) -> Tuple[str, ...]:
    """Names of the files an n x n board's default search uses (none for other sizes)."""
    return FILES_4 if n == 4 else FILES_3 if n == 3 else ()


def missing_files(n: int) -> List[str]:
    """Files an n x n board needs that are neither loaded nor in the data directory."""
    folder = data_dir()
    return [name for name in files_for(n) if name not in _cache and not (folder / name).is_file()]


def load_table(name: str) -> bytes:
    """The uncompressed table in file ``name`` (cached); :class:`PdbMissing` if it is not there."""
    table = _cache.get(name)
    if table is None:
        path = data_dir() / name
        try:
            raw = path.read_bytes()
        except OSError:
            raise PdbMissing(f"pattern database {name} is missing from {path.parent}") from None
        table = zlib.decompress(raw)
        if len(table) != SIZES[name]:
            raise PdbMissing(f"pattern database {name} is damaged (size {len(table)})")
        _cache[name] = table
    return table


def tables_663() -> List[bytes]:
    """The three 4x4 tables, in the order of :data:`PATTERNS_4`."""
    return [load_table(name) for name in FILES_4]


def exact_3(blank: int) -> bytes:
    """The exact 3x3 distance table for the goal 1..8 with the blank at cell ``blank`` (8, 7 or 4)."""
    return load_table(FILES_3[EXACT_3_BLANKS.index(blank)])


def rank_perm(values: Sequence[int]) -> int:
    """Lehmer rank of a permutation of 0..len-1 (0 for the sorted one)."""
    rank = 0
    size = len(values)
    for i in range(size - 1):
        v = values[i]
        smaller = 0
        for j in range(i + 1, size):
            if values[j] < v:
                smaller += 1
        rank = rank * (size - i) + smaller
    return rank


def standard_goal_with_blank(n: int, blank: int) -> Tuple[int, ...]:
    """Tiles 1..n*n-1 in reading order with the blank inserted at cell ``blank``."""
    tiles = list(range(1, n * n))
    tiles.insert(blank, 0)
    return tuple(tiles)


# -- building (NumPy, build time only) ----------------------------------------------------------

def build_pattern_table(n: int, goal: Sequence[int], pattern: Sequence[int]):
    """Additive pattern database for ``pattern`` (tile labels) on an n x n board aiming at ``goal``.

    Returns a NumPy uint8 array of (n*n) ** len(pattern) entries indexed by ``sum(cell_i * N**i)``
    (N = n*n, cell_i = where the i-th pattern tile is); 255 marks impossible placements.  0-1
    breadth-first search backwards from the goal over (pattern cells, blank cell): moving a pattern
    tile costs 1, moving any other tile costs 0; the value is the minimum over blank cells.
    """
    import numpy as np

    cells = n * n
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
        for delta, ok in ((-n, row > 0), (n, row < n - 1), (-1, col > 0), (1, col < n - 1)):
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


def _build_4(folder: str, name: str, pattern: Sequence[int]) -> Tuple[str, float]:
    t0 = time.perf_counter()
    table = build_pattern_table(4, standard_goal_with_blank(4, 15), pattern)
    _write(Path(folder), name, table.tobytes())
    return name, time.perf_counter() - t0


def build_all(folder, force: bool = False, log=print) -> List[Path]:
    """Build every missing table into ``folder`` (all of them with ``force``); return the files written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, blank in zip(FILES_3, EXACT_3_BLANKS):
        if force or not (folder / name).is_file():
            t0 = time.perf_counter()
            _write(folder, name, build_exact_3(blank))
            written.append(folder / name)
            log(f"pdb: {name} {(folder / name).stat().st_size:,} bytes in {time.perf_counter() - t0:.1f} s")
    todo = [(name, pattern) for name, pattern in zip(FILES_4, PATTERNS_4)
            if force or not (folder / name).is_file()]
    if todo:
        t0 = time.perf_counter()
        workers = min(len(todo), max(1, min(2, os.cpu_count() or 1)))
        if workers > 1:
            from concurrent.futures import ProcessPoolExecutor
            with ProcessPoolExecutor(workers) as pool:
                for name, seconds in pool.map(_build_4, [str(folder)] * len(todo), [t[0] for t in todo],
                                              [t[1] for t in todo]):
                    log(f"pdb: {name} {(folder / name).stat().st_size:,} bytes in {seconds:.1f} s")
        else:
            for name, pattern in todo:
                _, seconds = _build_4(str(folder), name, pattern)
                log(f"pdb: {name} {(folder / name).stat().st_size:,} bytes in {seconds:.1f} s")
        written += [folder / name for name, _ in todo]
        log(f"pdb: 4x4 tables built in {time.perf_counter() - t0:.1f} s")
    _cache.clear()
    return written


def main(argv: Optional[Sequence[str]] = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m puzzlesolver.pdb", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build the pattern databases (needs NumPy)")
    b.add_argument("dir", nargs="?", help="output directory (default: the data directory)")
    b.add_argument("--force", action="store_true", help="rebuild even if the files exist")
    sub.add_parser("where", help="print the data directory and the files missing from it")
    args = parser.parse_args(argv)
    if args.command == "where":
        print(data_dir())
        for n in (3, 4):
            print(f"{n}x{n} missing: {', '.join(missing_files(n)) or 'none'}")
        return 0
    build_all(args.dir or _candidates()[0], force=args.force)
    return 0


if __name__ == "__main__":
    sys.exit(main())
