"""Build compact additive pattern databases (NumPy, build time only): the 15-puzzle's 7-tile tables and 8x2's.

    PYTHONPATH=pysrc python -m buildtools.build_compact OUTDIR [--jobs 2] [--only 4x4|8x2]   (python3 build.py runs it)

Index ("k-permutation rank"): a pattern of k tiles (t_0..t_{k-1}) on cells c_0..c_{k-1} of a 16-cell board has the
mixed-radix digits d_i = c_i - #{j < i : c_j < c_i} (radix 16 - i) and rank = sum d_i * W_i with
W_i = prod_{j > i} (16 - j): a perfect hash onto 0 .. 16!/(16-k)! - 1 (7 tiles: 57,657,600 entries,
one byte each, instead of 16**7 = 268M for the base-16 sparse index).  The cells are numbered in the
:class:`Layout`'s order: row by row on 4x4, column by column on 8x2, so that the moves the board makes most
change a rank by a constant.

The rank is updated in O(1) when one tile moves: a move to the next number changes it by +-W_i; a move
that jumps over cells (a vertical move on 4x4: three; a move along a row of 8x2: one) also by one correction
per pattern tile on a cell jumped over (-W_i for an earlier tile of the pattern, +W_j for a later one j).

Values: the fewest moves of the pattern's tiles that bring them home, the other tiles being
indistinguishable and free to move ("additive" PDB), computed by breadth-first search backwards from
the goal in the pattern space.  The blank moves for free within its region of the empty cells; the search
tells the regions apart (:func:`comp_table`).  The goal is the pattern at home with the blank in the goal
blank's region (``any_blank``: in any region, a weaker table that holds for the board's symmetric images
too, whose goal blank lies elsewhere: see :mod:`puzzlesolver.fast.engines.pdb_8x2`).

Stored as the value minus the pattern tiles' Manhattan distance (the "excess": even, 0..14 on 4x4, 0..36
on 8x2; the engine adds Manhattan distance itself), one byte per rank, gzip level 9: ``<name>.bin.gz``, exactly the bytes the
engine reads once inflated (:mod:`puzzlesolver.fast.tables.pdb_files`).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from math import prod
from pathlib import Path
from typing import List, Sequence, Tuple

from puzzlesolver.fast.tables.pdb_files import COMPACT_TABLES, CompactTable, stored


@dataclass(frozen=True)
class Layout:
    """A 16-cell board and the order its cells are numbered in for the rank (``by_columns``: column by column)."""

    width: int
    height: int
    by_columns: bool = False

    def number(self, cell: int) -> int:
        """The rank's number of a row-major ``cell``."""
        row, col = divmod(cell, self.width)
        return col * self.height + row if self.by_columns else cell

    def cell(self, number: int) -> int:
        """The row-major cell of a rank's ``number``."""
        if not self.by_columns:
            return number
        col, row = divmod(number, self.height)
        return row * self.width + col

    def neighbours(self) -> List[List[int]]:
        """Per number, the numbers of the cells next to it."""
        out = []
        for number in range(16):
            row, col = divmod(self.cell(number), self.width)
            out.append([self.number(r * self.width + c) for r, c in
                        ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
                        if 0 <= r < self.height and 0 <= c < self.width])
        return out

    def steps(self) -> List[int]:
        """The changes of number a move makes (a number's neighbours are some of these away)."""
        return sorted({b - a for a, nbs in enumerate(self.neighbours()) for b in nbs})


LAYOUTS = {(4, 4): Layout(4, 4), (8, 2): Layout(8, 2, by_columns=True)}


def weights(k: int):
    radix = [16 - i for i in range(k)]
    return [prod(radix[i + 1:]) for i in range(k)], prod(radix)


def rank_cells(cells) -> int:
    """Pure-Python rank of a placement (the numbers of the pattern's tiles' cells, in pattern order)."""
    k = len(cells)
    w, _ = weights(k)
    r = 0
    for i, c in enumerate(cells):
        r += (c - sum(1 for j in range(i) if cells[j] < c)) * w[i]
    return r


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


def comp_table(k: int, ncomp: int, neighbours: Sequence[Sequence[int]]):
    """uint8 [free mask * 16 + number] -> which connected region of the free cells that cell is in.

    Regions are numbered by their smallest cell; numbers >= ncomp - 1 are merged into ncomp - 1
    (an abstraction: merged states get the smaller distance, so values stay admissible).
    Only masks with 16 - k free cells are filled; 255 elsewhere and on occupied cells.
    """
    import numpy as np
    from itertools import combinations
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
                for y in neighbours[x]:
                    if y not in occset and y not in label:
                        label[y] = n
                        stack.append(y)
            n += 1
        for c, m in label.items():
            out[mask * 16 + c] = min(m, ncomp - 1)
    return out


def build_compact(pattern, layout: Layout = LAYOUTS[4, 4], any_blank: bool = False, ncomp=None, log=None,
                  chunk=1 << 17, block=1 << 21):
    """uint8 array: the additive PDB value of every placement of ``pattern``, by rank.

    Breadth-first search over (placement, region of the free cells the blank is in): inside its
    region the blank moves for free; moving a pattern tile into the blank's region costs 1 and
    leaves the blank where the tile was.  The value of a placement is the minimum over regions.
    ``ncomp`` regions are told apart per placement (more are merged: see comp_table).
    """
    import numpy as np

    k = len(pattern)
    w, size = weights(k)
    nth = _nth_free()
    if ncomp is None:
        # on 4x4, the most regions k tiles can cut the 16 cells into is k (k = 6, 7, 8); for k = 7 the 7th region
        # occurs in 4 of the 11,440 sets of cells: merged (ncomp 6) to keep the build well under 1 GB
        ncomp = min(k, 6) if not layout.by_columns else k
    neighbours = layout.neighbours()
    comp = comp_table(k, ncomp, neighbours)
    C = ncomp
    assert size * C < 2 ** 31
    number = np.arange(16)
    # per change of number: the numbers it may leave (the move stays on the board), and the numbers jumped over
    dirs = []
    for delta in layout.steps():
        ok = np.array([number + delta in neighbours[number] for number in range(16)])
        dirs.append((delta, ok, range(1, abs(delta))))
    # a pattern tile i jumping over pattern tile j changes the rank by corr[i, j] on top of delta * w[i] (j = k: none)
    corr = np.zeros((k, k + 1), dtype=np.int32)
    for i in range(k):
        for j in range(k):
            if j != i:
                corr[i, j] = -w[i] if j < i else w[j]
    # per direction, by (free-cell mask * 16 + number of the moving tile): the region of the target cell
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
    goal = [layout.number(t - 1) for t in pattern]
    gmask = 0xFFFF ^ sum(1 << c for c in goal)
    blanks = [c for c in range(16) if gmask >> c & 1] if any_blank else [layout.number(15)]
    for region in {int(comp[gmask * 16 + c]) for c in blanks}:
        dist[rank_cells(goal) * C + region] = 0
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
                who = np.full(16 * n, k, dtype=np.int8)   # who[number * n + state]: the pattern place there, k if none
                col_ids = np.arange(n, dtype=np.int32)
                for j in range(k):
                    who[cells[j] * n + col_ids] = j
                for i in range(k):
                    c = cells[i]
                    fc = free16 + c
                    for (delta, _, jumped), treg, areg in zip(dirs, target_region, after_region):
                        sel = np.flatnonzero(treg[fc] == where)   # target free and in the blank's region
                        if sel.size == 0:
                            continue
                        step = np.full(sel.size, abs(delta) * w[i], dtype=np.int32)
                        low = np.minimum(c[sel], c[sel] + delta)
                        for over in jumped:
                            step += corr[i][who[(low + over) * n + sel]]
                        nr = ranks[sel] + (step if delta > 0 else -step)
                        # the tile leaves c for c + delta; the blank is then on c
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


def placements(k: int, layout: Layout, step: int = 1 << 20):
    """Every placement of a k-tile pattern in rank order, a slice at a time: (the slice of ranks, per pattern tile an
    array of its row-major cells)."""
    import numpy as np
    w, size = weights(k)
    nth = _nth_free()
    to_cell = np.array([layout.cell(number) for number in range(16)], dtype=np.int64)
    for s in range(0, size, step):
        numbers, _ = unrank(np.arange(s, min(size, s + step), dtype=np.int32), k, w, nth)
        yield slice(s, min(size, s + step)), [to_cell[number] for number in numbers]


def build_sparse(pattern, layout: Layout = LAYOUTS[4, 4]):
    """The same values as :func:`build_compact`, indexed as the 6-6-3 engine reads them: ``sum(cell_i << 4*i)`` over
    the pattern's tiles' row-major cells (16**k entries, 255 where no placement is).  The 15-puzzle's 6-6-3 tables
    come from here: a 6-tile search over 5.8 million placements instead of 0-1 search over the 268 million (placement,
    blank's cell) states of :func:`buildtools.build_tables.build_pattern_table`, which took a minute."""
    import numpy as np
    values = build_compact(pattern, layout)
    table = np.full(16 ** len(pattern), 255, dtype=np.uint8)
    for span, cells in placements(len(pattern), layout):
        index = np.zeros(len(cells[0]), dtype=np.int64)
        for i, cell in enumerate(cells):
            index += cell << (4 * i)
        table[index] = values[span]
    return table


def build_one(folder: str, name: str, verbose: bool = False) -> Tuple[str, float, int]:
    """Breadth-first search for the table ``name`` (:data:`~puzzlesolver.fast.tables.pdb_files.COMPACT_TABLES`), then
    its excess over Manhattan distance written to ``<name>.gz`` in ``folder``; returns (file name, seconds,
    compressed bytes)."""
    import numpy as np
    t0 = time.perf_counter()
    spec: CompactTable = COMPACT_TABLES[name]
    layout = LAYOUTS[spec.width, spec.height]
    pattern = spec.pattern
    dist = build_compact(pattern, layout, spec.any_blank, log=(lambda m: print(m, flush=True)) if verbose else None)
    for span, cells in placements(len(pattern), layout):   # dist becomes the excess, in place, slice by slice
        md = np.zeros(len(cells[0]), dtype=np.int16)
        for t, cell in zip(pattern, cells):
            row, col = np.divmod(cell, spec.width)
            md += np.abs(row - (t - 1) // spec.width) + np.abs(col - (t - 1) % spec.width)
        diff = dist[span].astype(np.int16) - md
        assert (diff >= 0).all() and not (diff & 1).any()
        dist[span] = diff
    return _store(Path(folder), name, dist.tobytes(), t0)


def _store(folder: Path, name: str, table: bytes, t0: float) -> Tuple[str, float, int]:
    import gzip
    path = folder / stored(name)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(gzip.compress(table, compresslevel=9, mtime=0))
    tmp.replace(path)
    return path.name, time.perf_counter() - t0, path.stat().st_size


def build_set(folder, names: Sequence[str], jobs: int = 2, log=print, verbose: bool = False) -> None:
    """Build the missing tables of ``names`` (:data:`~puzzlesolver.fast.tables.pdb_files.COMPACT_TABLES`) into
    ``folder``, ``jobs`` at a time (each search holds about 450 MB)."""
    from concurrent.futures import ProcessPoolExecutor, as_completed
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    todo = [name for name in names if not (folder / stored(name)).exists()]
    with ProcessPoolExecutor(max(1, min(jobs, len(todo) or 1))) as pool:
        futures = [pool.submit(build_one, str(folder), name, verbose) for name in todo]
        for future in as_completed(futures):
            name, seconds, nbytes = future.result()
            log(f"{name}: {nbytes:,} bytes in {seconds:.1f} s")
    log(f"compact tables: {time.perf_counter() - t0:.1f} s")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", choices=("4x4", "8x2"), help="one board's tables (default: all)")
    ap.add_argument("--verbose", action="store_true", help="print each level of each search")
    args = ap.parse_args(argv)
    names = [name for name, spec in COMPACT_TABLES.items()
             if args.only is None or args.only == f"{spec.width}x{spec.height}"]
    build_set(args.dir, names, args.jobs, verbose=args.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
