"""Build compact additive pattern databases for the 15-puzzle (NumPy, build time only).

    PYTHONPATH=pysrc python -m buildtools.build_compact OUTDIR [--jobs 2]   (python3 build.py runs it)

Index ("k-permutation rank"): a pattern of k tiles (t_0..t_{k-1}) on cells c_0..c_{k-1} has the
mixed-radix digits d_i = c_i - #{j < i : c_j < c_i} (radix 16 - i) and rank = sum d_i * W_i with
W_i = prod_{j > i} (16 - j): a perfect hash onto 0 .. 16!/(16-k)! - 1 (7 tiles: 57,657,600 entries,
one byte each, instead of 16**7 = 268M for the base-16 sparse index).

The rank is updated in O(1) when one tile moves (see compact.py): a horizontal move changes it by
+-W_i; a vertical move by +-(4 W_i - W_i * #earlier pattern tiles in the three cells jumped over
(row-major order) + sum of W_j over later pattern tiles jumped over).

Values: the fewest moves of the pattern's tiles that bring them home, the other tiles being
indistinguishable and free to move ("additive" PDB), computed by breadth-first search backwards from
the goal in the pattern space.  The builder lets the blank reach any empty cell for free (it does not
track which region of the empty cells the blank is in): a relaxation, so the value can only be lower
than the usual table's (still admissible and consistent); measured on the 6-tile tables when this was written.

Stored as the value minus the pattern tiles' Manhattan distance (the "excess": even numbers, 0..14; the
engine adds Manhattan distance itself), one byte per rank, gzip level 9: ``p15-<tiles>.bin.gz``, exactly
the bytes the engine reads once inflated (:mod:`puzzlesolver.fast.tables.pdb_files`).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import zlib
from math import prod
from pathlib import Path

from puzzlesolver.fast.tables.pdb_files import COMPACT_PATTERNS_4, compact_name, stored


def weights(k: int):
    radix = [16 - i for i in range(k)]
    return [prod(radix[i + 1:]) for i in range(k)], prod(radix)


def rank_cells(cells) -> int:
    """Pure-Python rank of a placement (cells of the pattern's tiles, in pattern order)."""
    k = len(cells)
    w, _ = weights(k)
    r = 0
    for i, c in enumerate(cells):
        r += (c - sum(1 for j in range(i) if cells[j] < c)) * w[i]
    return r


def manhattan(pattern, cells) -> int:
    return sum(abs(c // 4 - (t - 1) // 4) + abs(c % 4 - (t - 1) % 4) for t, c in zip(pattern, cells))


def _nth_free():
    import numpy as np
    masks = np.arange(1 << 16, dtype=np.int64)
    bits = (masks[:, None] >> np.arange(16)) & 1
    free = 1 - bits
    order = np.cumsum(free, axis=1) - 1
    nth = np.full((1 << 16, 16), 255, dtype=np.uint8)
    m, c = np.nonzero(free)
    nth[m, order[m, c]] = c
    return nth


def unrank(ranks, k, w, nth):
    """cells (list of k int32 arrays) and the occupied-cell bitmask of each rank."""
    import numpy as np
    rem = ranks.astype(np.int32)
    used = np.zeros(ranks.size, dtype=np.int32)
    cells = []
    for i in range(k):
        d = rem // w[i]
        rem -= d * w[i]
        c = nth[used, d].astype(np.int32)
        used |= np.int32(1) << c
        cells.append(c)
    return cells, used


def comp_table(k: int, ncomp: int):
    """uint8 [free mask * 16 + cell] -> which connected region of the free cells ``cell`` is in.

    Regions are numbered by their smallest cell; numbers >= ncomp - 1 are merged into ncomp - 1
    (an abstraction: merged states get the smaller distance, so values stay admissible).
    Only masks with 16 - k free cells are filled; 255 elsewhere and on occupied cells.
    """
    import numpy as np
    from itertools import combinations
    nb = [[x for x, ok in ((c - 4, c >= 4), (c + 4, c < 12), (c - 1, c % 4 > 0), (c + 1, c % 4 < 3)) if ok]
          for c in range(16)]
    out = np.full((1 << 16) * 16, 255, dtype=np.uint8)
    for occ in combinations(range(16), k):
        occset = set(occ)
        free = [c for c in range(16) if c not in occset]
        mask = sum(1 << c for c in free)
        label = {}
        n = 0
        for c in free:
            if c in label:
                continue
            stack = [c]
            label[c] = n
            while stack:
                x = stack.pop()
                for y in nb[x]:
                    if y not in occset and y not in label:
                        label[y] = n
                        stack.append(y)
            n += 1
        for c, m in label.items():
            out[mask * 16 + c] = min(m, ncomp - 1)
    return out


def build_compact(pattern, ncomp=None, log=None, chunk=1 << 17, block=1 << 21):
    """uint8 array: the additive PDB value of every placement of ``pattern``, by rank.

    Breadth-first search over (placement, region of the free cells the blank is in): inside its
    region the blank moves for free; moving a pattern tile into the blank's region costs 1 and
    leaves the blank where the tile was.  The value of a placement is the minimum over regions.
    ``ncomp`` regions are told apart per placement (more are merged: see comp_table); ncomp=1
    lets the blank jump anywhere (a weaker, relaxed table).
    """
    import numpy as np

    k = len(pattern)
    w, size = weights(k)
    nth = _nth_free()
    if ncomp is None:
        # the most regions k tiles can cut the 16 cells into is k (k = 6, 7, 8); for k = 7 the 7th region
        # occurs in 4 of the 11,440 sets of cells: merged (ncomp 6) to keep the build well under 1 GB
        ncomp = min(k, 6)
    comp = comp_table(k, ncomp)
    C = ncomp
    assert size * C < 2 ** 31
    col = np.arange(16) % 4
    row = np.arange(16) // 4
    dirs = [(-1, col > 0, False), (1, col < 3, False), (-4, row > 0, True), (4, row < 3, True)]
    # rank change of a vertical move of tile i, by who sits on the three cells jumped over: key =
    # 64 * who(lo + 1) + 8 * who(lo + 2) + who(lo + 3), who = the pattern place of the tile there, 7 if none
    jump = np.zeros((k, 512), dtype=np.int32)
    for i in range(k):
        for key in range(512):
            step = 4 * w[i]
            for j in (key >> 6, (key >> 3) & 7, key & 7):
                if j < k and j != i:
                    step += -w[i] if j < i else w[j]
            jump[i, key] = step
    # per direction, by (free-cell mask * 16 + cell of the moving tile): the region of the target cell
    # (255: off the board or occupied), and the blank's region after the move (the blank ends on the cell)
    target_region = []
    after_region = []
    m16 = np.arange(1 << 20, dtype=np.int64)
    fm, cc = m16 >> 4, m16 & 15
    for delta, okmask, _ in dirs:
        ok = okmask[cc]
        tgt = np.where(ok, cc + delta, 0)
        reg = np.where(ok, comp[fm * 16 + tgt], 255).astype(np.uint8)
        newfree = fm ^ (1 << cc) ^ (1 << tgt)
        after = np.where(reg != 255, comp[(newfree & 0xFFFF) * 16 + cc], 255).astype(np.uint8)
        target_region.append(reg)
        after_region.append(after)
    del m16, fm, cc, ok, tgt, reg, newfree, after
    dist = np.full(size * C, 255, dtype=np.uint8)
    goal = [t - 1 for t in pattern]
    gmask = 0xFFFF ^ sum(1 << c for c in goal)
    dist[rank_cells(goal) * C + int(comp[gmask * 16 + 15])] = 0
    level = 0
    t0 = time.perf_counter()
    while True:
        count = 0
        nxt = np.uint8(level + 1)
        for b0 in range(0, dist.size, block):
            found = np.flatnonzero(dist[b0:b0 + block] == level).astype(np.int32)
            found += np.int32(b0)
            count += found.size
            for s in range(0, found.size, chunk):
                states = found[s:s + chunk]
                ranks = states // C
                where = states - ranks * C
                cells, used = unrank(ranks, k, w, nth)
                free16 = (used ^ 0xFFFF) * 16
                n = ranks.size
                who = np.full(19 * n, 7, dtype=np.int8)   # who[cell * n + state]; cells 16..18 pad
                col_ids = np.arange(n, dtype=np.int32)
                for j in range(k):
                    who[cells[j] * n + col_ids] = j
                for i in range(k):
                    c = cells[i]
                    fc = free16 + c
                    for (delta, okmask, vertical), treg, areg in zip(dirs, target_region, after_region):
                        sel = np.flatnonzero(treg[fc] == where)   # target free and in the blank's region
                        if sel.size == 0:
                            continue
                        cs = c[sel]
                        if not vertical:
                            nr = ranks[sel] + (w[i] if delta > 0 else -w[i])
                        else:
                            base = (cs + (1 if delta > 0 else -3)) * n + sel    # cell lo + 1, this state
                            key = who[base].astype(np.int32) << 6
                            base += n
                            key |= who[base].astype(np.int32) << 3
                            base += n
                            key |= who[base]
                            step = jump[i][key]
                            nr = ranks[sel] + (step if delta > 0 else -step)
                        # the tile leaves cs for cs + delta; the blank is then on cs
                        ns = nr * C + areg[fc[sel]]
                        ns = ns[dist[ns] == 255]
                        dist[ns] = nxt
        if count == 0:
            break
        if log:
            log(f"  {pattern}: level {level}: {count:,} states ({time.perf_counter() - t0:.0f} s)")
        level += 1
    step = 1 << 20
    for s in range(0, size, step):  # the minimum over regions, in place (row r lands on byte r <= r * C)
        e = min(size, s + step)
        dist[s:e] = dist[s * C:e * C].reshape(-1, C).min(axis=1)
    return dist[:size]  # a view: no second copy of the table next to the search's array


def build_one(folder: str, pattern, verbose: bool = False) -> tuple:
    """Breadth-first search for one table, then its excess over Manhattan distance written to
    ``<name>.bin.gz`` in ``folder``; returns (file name, seconds, compressed bytes)."""
    import numpy as np
    t0 = time.perf_counter()
    dist = build_compact(pattern, log=(lambda m: print(m, flush=True)) if verbose else None)
    k = len(pattern)
    w, size = weights(k)
    nth = _nth_free()
    step = 1 << 20
    for s in range(0, size, step):  # dist becomes the excess, in place, slice by slice
        ranks = np.arange(s, min(size, s + step), dtype=np.int32)
        cells, _ = unrank(ranks, k, w, nth)
        md = np.zeros(ranks.size, dtype=np.int16)
        for t, c in zip(pattern, cells):
            g = t - 1
            md += np.abs(c // 4 - g // 4) + np.abs(c % 4 - g % 4)
        diff = dist[s:s + ranks.size].astype(np.int16) - md
        assert (diff >= 0).all() and not (diff & 1).any()
        dist[s:s + ranks.size] = diff
    return _store(Path(folder), pattern, dist.tobytes(), t0)


def _store(folder: Path, pattern, table: bytes, t0: float) -> tuple:
    import gzip
    path = folder / stored(compact_name(pattern))
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(gzip.compress(table, compresslevel=9, mtime=0))
    tmp.replace(path)
    return path.name, time.perf_counter() - t0, path.stat().st_size


def build_set(folder, jobs: int = 2, log=print, verbose: bool = False) -> None:
    """Build the missing tables of :data:`~puzzlesolver.fast.tables.pdb_files.COMPACT_PATTERNS_4` into ``folder``, ``jobs`` at a time
    (each search holds about 450 MB)."""
    from concurrent.futures import ProcessPoolExecutor, as_completed
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    todo = [p for p in COMPACT_PATTERNS_4 if not (folder / stored(compact_name(p))).exists()]
    with ProcessPoolExecutor(max(1, min(jobs, len(todo) or 1))) as pool:
        futures = [pool.submit(build_one, str(folder), p, verbose) for p in todo]
        for future in as_completed(futures):
            name, seconds, nbytes = future.result()
            log(f"{name}: {nbytes:,} bytes in {seconds:.1f} s")
    log(f"compact tables: {time.perf_counter() - t0:.1f} s")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--verbose", action="store_true", help="print each level of each search")
    args = ap.parse_args(argv)
    build_set(args.dir, args.jobs, verbose=args.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
