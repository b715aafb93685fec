"""Build the rectangles' strong pattern tables (:data:`puzzlesolver.fast.tables.rect_tables.STRONG`: 8x2's 6-6-3 and
3-6-6) with NumPy; build time only, never shipped.

``PYTHONPATH=pysrc python -m buildtools.build_rect DIR [--jobs 2]`` writes the missing ones into DIR (the
rectangles' tables' folder, ``.cache/pdb/rect``), named and compressed as
:mod:`puzzlesolver.fast.tables.rect_tables` reads them.  Each table is :func:`.build_tables.build_pattern_table`'s
0-1 breadth-first search over (placement, blank's cell) on the W x H board: the same values as the pure-Python
builder's search over (placement, blank's region), which is too slow for 6 tiles (tests/core/test_rect_strong.py
checks the two agree on a small shape).  A 6-tile table on 16 cells: 30-45 s and 600 MB; the four of 8x2 in
about 1.5 minutes on two cores.
"""

from __future__ import annotations

import argparse
import sys
import time
import zlib
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

from puzzlesolver.fast.tables import rect_tables

__all__ = ["build_table", "missing", "build_strong", "main"]


def build_table(width: int, height: int, goal: Sequence[int], pattern: Sequence[int]) -> bytes:
    """One group's table, as rect_tables indexes it (``sum(cell_i * cells**i)``; 255 where no placement is)."""
    from .build_tables import build_pattern_table
    return build_pattern_table(width, goal, pattern, height).tobytes()


def missing(folder: Path) -> List[Tuple[int, int, Tuple[int, ...]]]:
    """The (width, height, pattern) of every strong table not in ``folder`` yet."""
    out = []
    for (width, height), partitions in rect_tables.STRONG.items():
        goal = tuple(range(1, width * height)) + (0,)
        for pattern in dict.fromkeys(p for partition in partitions for p in partition):
            if not rect_tables.table_file(folder, width, height, goal, pattern).is_file():
                out.append((width, height, pattern))
    return out


def _build_one(folder: str, width: int, height: int, pattern: Tuple[int, ...]) -> Tuple[str, int, float]:
    began = time.perf_counter()
    goal = tuple(range(1, width * height)) + (0,)
    path = rect_tables.table_file(folder, width, height, goal, pattern)
    partial = path.with_suffix(".part")
    partial.write_bytes(zlib.compress(build_table(width, height, goal, pattern), 6))
    partial.replace(path)
    return path.name, path.stat().st_size, time.perf_counter() - began


def build_strong(folder, jobs: int = 2, log=lambda line: print(line, flush=True)) -> List[str]:
    """Build every missing strong table into ``folder``, ``jobs`` at a time; return the names written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    todo = missing(folder)
    written = []
    if not todo:
        return written
    args = [(str(folder), w, h, p) for w, h, p in todo]
    if jobs > 1 and len(todo) > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(min(jobs, len(todo))) as pool:
            results = pool.map(_build_one, *zip(*args))
            for name, size, seconds in results:
                log(f"pdb: rect/{name} {size:,} bytes in {seconds:.1f} s")
                written.append(name)
    else:
        for arg in args:
            name, size, seconds = _build_one(*arg)
            log(f"pdb: rect/{name} {size:,} bytes in {seconds:.1f} s")
            written.append(name)
    return written


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m buildtools.build_rect", description=__doc__.split("\n")[0])
    parser.add_argument("dir", help="the rectangles' tables' folder")
    parser.add_argument("--jobs", type=int, default=2, help="tables built at a time (600 MB each)")
    args = parser.parse_args(argv)
    build_strong(args.dir, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
