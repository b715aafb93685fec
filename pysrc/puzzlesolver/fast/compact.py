"""15-puzzle engines for :class:`~puzzlesolver.fast.ida.IDAStar`: compact 7-tile additive pattern databases + mirror lookup.

Pure Python (standard library only) at run time; the tables are built by :mod:`.build_compact` (NumPy).
The policy runs :class:`EngineMax`; its hot loop is specialised like :mod:`.ida`'s, on purpose.

Two engines, the interface of :class:`~puzzlesolver.fast.ida.Pdb663` (constructor ``(tiles, counter)``; a recursive closure
``self.dfs(rem, blank, moves, ...)`` that decrements ``counter[0]`` per expansion, raises the driver's
Suspend exception when it goes below zero (appending the blank's cells on the way out), appends the
blank's cells to ``self.found`` (deepest first) at the goal and returns True; ``reset(bound)`` returns
the root's argument tuple with ``[3] == 0`` exactly at the goal; ``order``, ``child``, ``undo``,
``estimate`` for resuming a suspended search):

* :class:`EngineMax` (recommended, partition "7c7b"): h = md + R + max(A, B) on the board and on its
  mirror image (transpose), max of the two.  R = tiles 3 4 7 8 11 12 15 (right half), A = 1 2 5 6 9 10
  14 and B = 2 5 6 9 10 13 14 (the left half minus 13, minus 1): two 7-7-1 partitions sharing R,
  three tables of 57,657,600 one-byte entries (173 MB in memory, 14.6 MB as .xz).
* :class:`Engine` (lighter, partition "771c"): one 7-7-1 partition (R, A, tile 13 by Manhattan
  distance) + mirror; two tables (115 MB, 9.0 MB .xz).  Also runs "663" on compact 6-6-3 tables.

Tables store each placement's value minus the pattern tiles' Manhattan distance, halved ("excess",
0..7); the loader doubles it (bytes.translate) and the engines keep the board's Manhattan distance
``md`` themselves (one small-table read per move).  A pattern's index is its k-permutation rank
(build_compact.py): a horizontal move of a tile changes it by a constant, a vertical move also by one
correction per same-pattern tile on the three cells jumped over (row-major order).  A move is
horizontal on the board or on the mirror board, never both: the side where it is horizontal is
tested first (no correction needed), the other only if that did not prune.

Both engines keep a transposition table for nodes whose ``rem`` exceeds their estimate
(``tt_slack=0``): a state met again in the same iteration with no more ``rem`` is not searched twice.
It lives in the engine and survives a suspended slice (cleared when the bound changes).
"""

from __future__ import annotations

import os
import zlib
from math import prod
from typing import Dict, List, Optional, Sequence

from . import tables
from .ida import _Suspend

__all__ = ["Engine", "EngineMax", "PARTITIONS", "MAX_SETS", "load_table", "load_tables", "table_name"]

PARTITIONS = {
    "663": ((1, 5, 6, 9, 10, 13), (7, 8, 11, 12, 14, 15), (2, 3, 4)),
    "771": ((1, 2, 5, 6, 9, 10, 13), (3, 4, 7, 8, 11, 12, 15), (14,)),
    "771b": ((2, 5, 6, 9, 10, 13, 14), (3, 4, 7, 8, 11, 12, 15), (1,)),
    "771c": ((1, 2, 5, 6, 9, 10, 14), (3, 4, 7, 8, 11, 12, 15), (13,)),
}
DEFAULT = "771c"
#: Most states the transposition table holds (~80 bytes each in CPython: 200 MB at the cap; the 80-move
#: board needs 1.8M); beyond it, new states are not stored (the search stays correct, only less pruned).
TT_CAP = 2_500_000

_cache: Dict[tuple, bytes] = {}

# tables hold the excess over Manhattan distance, halved; the engine wants it doubled (2 * 2e = value - md... no:
# value = md + 2 * excess), so the loader maps each byte e -> 2e once (bytes.translate runs at C speed)
_DOUBLE = bytes(min(255, 2 * v) for v in range(256))


class TablesMissing(tables.TablesMissing):
    """A compact table is not in the data directory."""


def table_name(pattern, fmt="xz") -> str:
    return "p15-" + "-".join(str(t) for t in pattern) + ".excess." + fmt


def load_table(pattern) -> bytearray:
    """The table of ``pattern`` (doubled excess per rank), cached; decompressed in slices straight into
    one bytearray (no second full-size copy: the page's memory peak matters in the browser)."""
    key = tuple(pattern)
    tab = _cache.get(key)
    if tab is None:
        if len(pattern) == 1:
            tab = bytearray(16)
        else:
            size = prod(16 - i for i in range(len(pattern)))
            folder = str(tables.data_dir())
            path = os.path.join(folder, table_name(pattern, "xz"))
            if not os.path.exists(path) and not os.path.exists(os.path.join(folder, table_name(pattern, "z"))):
                raise TablesMissing(f"The pattern table {table_name(pattern, 'xz')} is missing from {folder}.")
            if os.path.exists(path):
                import lzma  # in Pyodide's standard library too
                dec = lzma.LZMADecompressor()
            else:
                path = os.path.join(folder, table_name(pattern, "z"))
                dec = zlib.decompressobj()
            with open(path, "rb") as f:
                data = f.read()
            tab = bytearray(size)
            pos = 0
            step = 1 << 22
            while True:
                if hasattr(dec, "needs_input"):      # lzma: stop at the end of the stream
                    if dec.eof:
                        break
                    part = dec.decompress(data, max_length=step)
                    data = b""
                    if not part and dec.needs_input:
                        break                        # truncated: caught by the size check below
                else:                                 # zlib
                    part = dec.decompress(data, step) if data else dec.flush()
                    data = dec.unconsumed_tail
                    if not part:
                        break
                if pos + len(part) > size:
                    raise ValueError(f"table {os.path.basename(path)} is longer than {size} entries")
                tab[pos:pos + len(part)] = part.translate(_DOUBLE)
                pos += len(part)
            if pos != size:
                raise ValueError(f"table {os.path.basename(path)} has {pos} entries, expected {size}")
        _cache[key] = tab
    return tab


def load_tables(partition=DEFAULT) -> List[bytes]:
    return [load_table(p) for p in PARTITIONS[partition]]


def _weights(k: int) -> List[int]:
    return [prod(16 - j for j in range(i + 1, k)) for i in range(k)]


def _rank(cells: Sequence[int]) -> int:
    w = _weights(len(cells))
    r = 0
    for i, c in enumerate(cells):
        r += (c - sum(1 for j in range(i) if cells[j] < c)) * w[i]
    return r


def _moves(n: int = 4) -> List[List[int]]:
    table = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        table.append([x for x, ok in ((cell - n, r > 0), (cell + n, r < n - 1),
                                      (cell - 1, c > 0), (cell + 1, c < n - 1)) if ok])
    return table


class Engine:
    """15-puzzle, goal 1..15 then the blank: IDA* expander on compact additive PDBs + mirror lookup."""

    name = "7-7-1 compact pattern databases with mirror lookup"

    def __init__(self, tiles: Sequence[int], counter: List[int], partition: str = DEFAULT,
                 suspend: Optional[type] = None, tt_slack: Optional[int] = 0, tt_cap: int = TT_CAP) -> None:
        Suspend = suspend or _Suspend
        self.Suspend = Suspend
        patterns = PARTITIONS[partition]
        self.name = "-".join(str(len(p)) for p in patterns) + " compact pattern databases with mirror lookup"
        tabs = load_tables(partition)
        tr = [(c % 4) * 4 + c // 4 for c in range(16)]
        mirror_tile = [0] + [tr[t - 1] + 1 for t in range(1, 16)]
        pn = [0] * 16      # pattern of each tile
        pos = [0] * 16     # its place in the pattern
        wt = [0] * 16      # its weight in the rank
        for p, pattern in enumerate(patterns):
            w = _weights(len(pattern)) if len(pattern) > 1 else [0]
            for i, t in enumerate(pattern):
                pn[t], pos[t], wt[t] = p, i, w[i]
        # correction of the rank when tile t moves down (+4 cells) over tile u: -W_t if u comes earlier in
        # the same pattern, +W_u if later (u = 0, the blank, or another pattern's tile: 0); up: the negation
        down = [[0] * 16 for _ in range(16)]
        for t in range(1, 16):
            for u in range(1, 16):
                if u != t and pn[u] == pn[t] and wt[t]:
                    down[t][u] = -wt[t] if pos[u] < pos[t] else wt[u]
        up = [[-x for x in row] for row in down]
        # the mirror board: tile t on cell c appears as mirror_tile[t] on cell tr[c]
        pm = [pn[mirror_tile[t]] for t in range(16)]
        wm = [wt[mirror_tile[t]] for t in range(16)]
        mdown = [[down[mirror_tile[t]][mirror_tile[u]] if t and u else 0 for u in range(16)] for t in range(16)]
        mup = [[-x for x in row] for row in mdown]
        tn = [tabs[pn[t]] for t in range(16)]
        tm = [tabs[pm[t]] for t in range(16)]
        mdist = [[0] * 16 for _ in range(16)]  # mdist[t][c]
        for t in range(1, 16):
            g = t - 1
            for c in range(16):
                mdist[t][c] = abs(c // 4 - g // 4) + abs(c % 4 - g % 4)
        self.moves = _moves(4)
        # each move of the blank b -> nb (the tile on nb slides to b), as one entry:
        # (nb, rank change per tile regular, mirror, Manhattan change per tile, correction rows, the three
        #  cells jumped over, moves open after it); entries vertical on the board go in list 0
        # (correction on the regular rank), horizontal ones in list 1 (correction on the mirror rank)
        following: Dict[tuple, tuple] = {}
        entries: Dict[tuple, tuple] = {}
        for b in range(16):
            for nb in self.moves[b]:
                following[b, nb] = ([], [])
        for (b, nb), nxt in following.items():
            dn = [(b - nb) * wt[t] for t in range(16)]
            dm = [(tr[b] - tr[nb]) * wm[t] for t in range(16)]
            dd = [mdist[t][b] - mdist[t][nb] if t else 0 for t in range(16)]
            if abs(b - nb) == 4:      # vertical: the regular rank needs the correction
                lo = min(b, nb)
                over = (lo + 1, lo + 2, lo + 3)
                corr = down if b > nb else up
            else:                     # horizontal here, vertical on the mirror board
                lo = min(tr[b], tr[nb])
                over = (tr[lo + 1], tr[lo + 2], tr[lo + 3])
                corr = mdown if tr[b] > tr[nb] else mup
            entries[b, nb] = (nb, dn, dm, dd, corr, over[0], over[1], over[2], nxt)
        for (b, nb), nxt in following.items():
            for x in self.moves[nb]:
                if x != b:
                    nxt[0 if abs(x - nb) == 4 else 1].append(entries[nb, x])
        self.entries = entries
        self.first_moves = {}
        for b in range(16):
            first = ([], [])
            for nb in self.moves[b]:
                first[0 if abs(nb - b) == 4 else 1].append(entries[b, nb])
            self.first_moves[b] = first
        self.patterns, self.tabs, self.tr, self.mirror_tile = patterns, tabs, tr, mirror_tile
        self.pn, self.pm, self.mdist = pn, pm, mdist
        self.initial = list(tiles)
        board = self.board = list(tiles)
        idx = self.idx = [0] * len(patterns)
        midx = self.midx = [0] * len(patterns)
        found = self.found = []
        ctr = counter
        # transposition table for the nodes whose rem - hn > tt_slack (the largest subtrees): state -> the largest rem it
        # was (or is being) searched with in this iteration; a second visit with no more rem is pruned
        self.tt_slack = tt_slack
        tt = self.tt = {}
        ttlim = self.ttlim = [1 << 30]
        self._tt_bound = None

        def dfs(rem, b, mv, hn, hm, board=board, idx=idx, midx=midx, pn=pn, pm=pm,
                tn=tn, tm=tm, ctr=ctr, found=found, Suspend=Suspend, tt=tt, ttlim=ttlim,
                S1=len(tabs[1]), S2=len(tabs[2]), ttcap=tt_cap):
            c = ctr[0] - 1
            ctr[0] = c
            if c < 0:
                raise Suspend()
            if rem - hn > ttlim[0]:
                key = (idx[0] * S1 + idx[1]) * S2 + idx[2] << 4 | b
                old = tt.get(key, -1)
                if old >= rem:
                    return False
                if old >= 0 or len(tt) < ttcap:
                    tt[key] = rem
            rem -= 1
            vert, horiz = mv
            # vertical moves: the mirror rank needs no correction, so it is tried first
            for nb, dn, dm, dd, corr, x1, x2, x3, nxt in vert:
                t = board[nb]
                d = dd[t]
                q = pm[t]
                j0 = midx[q]
                j1 = j0 + dm[t]
                tab = tm[t]
                m1 = hm + d - tab[j0] + tab[j1]
                if m1 > rem:
                    continue
                p = pn[t]
                i0 = idx[p]
                k = corr[t]
                i1 = i0 + dn[t] + k[board[x1]] + k[board[x2]] + k[board[x3]]
                tab = tn[t]
                h1 = hn + d - tab[i0] + tab[i1]
                if h1 > rem:
                    continue
                if h1 == 0:
                    found.append(nb)
                    return True
                board[b] = t
                idx[p] = i1
                midx[q] = j1
                try:
                    if dfs(rem, nb, nxt, h1, m1):
                        found.append(nb)
                        return True
                except Suspend as e:
                    e.path.append(nb)
                    raise
                board[nb] = t
                idx[p] = i0
                midx[q] = j0
            # horizontal moves: the regular rank needs no correction
            for nb, dn, dm, dd, corr, x1, x2, x3, nxt in horiz:
                t = board[nb]
                d = dd[t]
                p = pn[t]
                i0 = idx[p]
                i1 = i0 + dn[t]
                tab = tn[t]
                h1 = hn + d - tab[i0] + tab[i1]
                if h1 > rem:
                    continue
                q = pm[t]
                j0 = midx[q]
                k = corr[t]
                j1 = j0 + dm[t] + k[board[x1]] + k[board[x2]] + k[board[x3]]
                tab = tm[t]
                m1 = hm + d - tab[j0] + tab[j1]
                if m1 > rem:
                    continue
                if h1 == 0:
                    found.append(nb)
                    return True
                board[b] = t
                idx[p] = i1
                midx[q] = j1
                try:
                    if dfs(rem, nb, nxt, h1, m1):
                        found.append(nb)
                        return True
                except Suspend as e:
                    e.path.append(nb)
                    raise
                board[nb] = t
                idx[p] = i0
                midx[q] = j0
            return False

        self.dfs = dfs

    # -- the slow helpers resumption needs -------------------------------------------------------

    def _indices(self, board):
        tr, mt = self.tr, self.mirror_tile
        where = [0] * 16
        for c, t in enumerate(board):
            where[t] = c
        idx = [_rank([where[t] for t in p]) if len(p) > 1 else 0 for p in self.patterns]
        # the mirror board holds tile mt[t] on cell tr[where[t]]: pattern tile s sits on tr[where[mt[s]]]
        midx = [_rank([tr[where[mt[s]]] for s in p]) if len(p) > 1 else 0 for p in self.patterns]
        md = sum(self.mdist[t][c] for c, t in enumerate(board) if t)
        return idx, midx, md

    def reset(self, bound: int) -> tuple:
        if bound != self._tt_bound:  # a new iteration (not a resumption of the same one)
            self.tt.clear()
            self._tt_bound = bound
            # nodes whose rem exceeds their (regular) estimate by more than tt_slack: the big subtrees
            self.ttlim[0] = self.tt_slack if self.tt_slack is not None else 1 << 30
        board = self.board
        board[:] = self.initial
        idx, midx, md = self._indices(board)
        self.idx[:] = idx
        self.midx[:] = midx
        hn = md + sum(self.tabs[p][idx[p]] for p in range(len(idx)))
        hm = md + sum(self.tabs[p][midx[p]] for p in range(len(idx)))
        b = board.index(0)
        return (bound, b, self.first_moves[b], hn, hm)

    def order(self, args) -> List[int]:
        vert, horiz = args[2]
        return [e[0] for e in vert] + [e[0] for e in horiz]

    def estimate(self) -> int:
        args = self.reset(0)
        return max(args[3], args[4])

    def child(self, args, nb):
        rem, b = args[0], args[1]
        board = self.board
        t = board[nb]
        entry = self.entries[b, nb]
        # recompute from scratch (slow path): move, rank, compare
        before = (list(self.idx), list(self.midx))
        board[b], board[nb] = t, 0
        idx, midx, md1 = self._indices(board)
        h1 = md1 + sum(self.tabs[p][idx[p]] for p in range(len(idx)))
        m1 = md1 + sum(self.tabs[p][midx[p]] for p in range(len(idx)))
        if h1 > rem - 1 or m1 > rem - 1:
            board[b], board[nb] = 0, t
            return None
        if h1 == 0:
            return True
        self.idx[:] = idx
        self.midx[:] = midx
        return (rem - 1, nb, entry[8], h1, m1), (t, before)

    def undo(self, args, nb, child):
        t, (idx, midx) = child[1]
        self.board[nb] = t
        self.board[args[1]] = 0
        self.idx[:] = idx
        self.midx[:] = midx


# -- max over two partitions that share one table ---------------------------------------------

#: (shared table, first and second table for the other tiles): h = md + R + max(A, B), A and B each
#: leaving out one tile of the other 8 (two 7-7-1 partitions, maxed), plus the same on the mirror board.
MAX_SETS = {
    "7c7b": ((3, 4, 7, 8, 11, 12, 15), (1, 2, 5, 6, 9, 10, 14), (2, 5, 6, 9, 10, 13, 14)),
    "7c7a": ((3, 4, 7, 8, 11, 12, 15), (1, 2, 5, 6, 9, 10, 14), (1, 2, 5, 6, 9, 10, 13)),
}


class EngineMax(Engine):
    """Like :class:`Engine`, with h = md + R + max(A, B) (and the mirror): two 7-7-1 partitions sharing R.

    ``dfs(rem, b, moves, md, iR, iA, iB, jR, jA, jB, vR, vL, wR, wL)``: the ranks on the board (i) and the
    mirror board (j), the (doubled-excess) value of R and of the max of A and B on each.
    """

    def __init__(self, tiles: Sequence[int], counter: List[int], partition: str = "7c7b",
                 suspend: Optional[type] = None, tt_slack: Optional[int] = 0, tt_cap: int = TT_CAP) -> None:
        Suspend = suspend or _Suspend
        self.Suspend = Suspend
        R, A, B = MAX_SETS[partition]
        self.name = "7-7-1 x2 (max) compact pattern databases with mirror lookup"
        self.patterns = (R, A, B)
        tR, tA, tB = tabs = [load_table(p) for p in (R, A, B)]
        self.tabs = tabs
        tr = [(c % 4) * 4 + c // 4 for c in range(16)]
        mt = [0] + [tr[t - 1] + 1 for t in range(1, 16)]
        self.tr, self.mirror_tile = tr, mt
        W = []    # W[x][t]: weight of tile t in table x (0 if not in it)
        P = []    # P[x][t]: place of t in table x (-1 if not in it)
        for pat in (R, A, B):
            w = _weights(len(pat))
            wx = [0] * 16
            px = [-1] * 16
            for i, t in enumerate(pat):
                wx[t], px[t] = w[i], i
            W.append(wx)
            P.append(px)

        def corr_down(x):
            out = [[0] * 16 for _ in range(16)]
            for t in range(1, 16):
                for u in range(1, 16):
                    if u != t and P[x][t] >= 0 and P[x][u] >= 0:
                        out[t][u] = -W[x][t] if P[x][u] < P[x][t] else W[x][u]
            return out

        down = [corr_down(x) for x in range(3)]
        kn = [0] + [0 if t in R else 1 for t in range(1, 16)]
        km = [kn[mt[t]] for t in range(16)]
        self.kn, self.km = kn, km
        # primary table of each tile: R for R's tiles, A for the others; secondary: B (weights 0 if not in B)
        prim_n = [[(W[0] if kn[t] == 0 else W[1])[t] for t in range(16)], [W[2][t] for t in range(16)]]
        prim_m = [[(W[0] if km[t] == 0 else W[1])[mt[t]] for t in range(16)], [W[2][mt[t]] for t in range(16)]]
        cdn = [[down[0 if kn[t] == 0 else 1][t] for t in range(16)], [down[2][t] for t in range(16)]]
        cdm = [[[down[0 if km[t] == 0 else 1][mt[t]][mt[u]] if t and u else 0 for u in range(16)] for t in range(16)],
               [[down[2][mt[t]][mt[u]] if t and u else 0 for u in range(16)] for t in range(16)]]
        neg = lambda m: [[-v for v in row] for row in m]  # noqa: E731
        mdist = [[0] * 16 for _ in range(16)]
        for t in range(1, 16):
            for c in range(16):
                mdist[t][c] = abs(c // 4 - (t - 1) // 4) + abs(c % 4 - (t - 1) % 4)
        self.mdist = mdist
        self.moves = _moves(4)
        following = {(b, nb): ([], []) for b in range(16) for nb in self.moves[b]}
        entries = {}
        for (b, nb), nxt in following.items():
            nP = [(b - nb) * prim_n[0][t] for t in range(16)]
            nB = [(b - nb) * prim_n[1][t] for t in range(16)]
            mP = [(tr[b] - tr[nb]) * prim_m[0][t] for t in range(16)]
            mB = [(tr[b] - tr[nb]) * prim_m[1][t] for t in range(16)]
            dd = [mdist[t][b] - mdist[t][nb] if t else 0 for t in range(16)]
            if abs(b - nb) == 4:
                lo = min(b, nb)
                over = (lo + 1, lo + 2, lo + 3)
                cP, cB = (cdn[0], cdn[1]) if b > nb else (neg(cdn[0]), neg(cdn[1]))
            else:
                lo = min(tr[b], tr[nb])
                over = (tr[lo + 1], tr[lo + 2], tr[lo + 3])
                cP, cB = (cdm[0], cdm[1]) if tr[b] > tr[nb] else (neg(cdm[0]), neg(cdm[1]))
            entries[b, nb] = (nb, nP, nB, mP, mB, dd, cP, cB, over[0], over[1], over[2], nxt)
        for (b, nb), nxt in following.items():
            for x in self.moves[nb]:
                if x != b:
                    nxt[0 if abs(x - nb) == 4 else 1].append(entries[nb, x])
        self.entries = entries
        self.first_moves = {}
        for b in range(16):
            first = ([], [])
            for nb in self.moves[b]:
                first[0 if abs(nb - b) == 4 else 1].append(entries[b, nb])
            self.first_moves[b] = first
        self.initial = list(tiles)
        board = self.board = list(tiles)
        found = self.found = []
        ctr = counter
        self.tt_slack = tt_slack
        tt = self.tt = {}
        ttlim = self.ttlim = [1 << 30]
        self._tt_bound = None
        SA = len(tA)

        def dfs(rem, b, mv, md, iR, iA, iB, jR, jA, jB, vR, vL, wR, wL, board=board, kn=kn, km=km,
                tR=tR, tA=tA, tB=tB, ctr=ctr, found=found, Suspend=Suspend, tt=tt, ttlim=ttlim, SA=SA, ttcap=tt_cap):
            c = ctr[0] - 1
            ctr[0] = c
            if c < 0:
                raise Suspend()
            if rem - md - vR - vL > ttlim[0]:
                key = (iR * SA + iA) << 4 | b
                old = tt.get(key, -1)
                if old >= rem:
                    return False
                if old >= 0 or len(tt) < ttcap:
                    tt[key] = rem
            rem -= 1
            vert, horiz = mv
            for nb, nP, nB, mP, mB, dd, cP, cB, x1, x2, x3, nxt in vert:
                t = board[nb]
                md1 = md + dd[t]
                # the mirror board first: this move is horizontal there, so its ranks change by constants
                if km[t]:
                    ja = jA + mP[t]
                    wl = tA[ja]
                    if md1 + wR + wl > rem:
                        continue
                    jb = jB + mB[t]
                    x = tB[jb]
                    if x > wl:
                        wl = x
                        if md1 + wR + wl > rem:
                            continue
                    jr = jR
                    wr = wR
                else:
                    jr = jR + mP[t]
                    wr = tR[jr]
                    if md1 + wr + wL > rem:
                        continue
                    ja = jA
                    jb = jB
                    wl = wL
                u1 = board[x1]
                u2 = board[x2]
                u3 = board[x3]
                if kn[t]:
                    k = cP[t]
                    ia = iA + nP[t] + k[u1] + k[u2] + k[u3]
                    vl = tA[ia]
                    if md1 + vR + vl > rem:
                        continue
                    k = cB[t]
                    ib = iB + nB[t] + k[u1] + k[u2] + k[u3]
                    x = tB[ib]
                    if x > vl:
                        vl = x
                        if md1 + vR + vl > rem:
                            continue
                    ir = iR
                    vr = vR
                else:
                    k = cP[t]
                    ir = iR + nP[t] + k[u1] + k[u2] + k[u3]
                    vr = tR[ir]
                    if md1 + vr + vL > rem:
                        continue
                    ia = iA
                    ib = iB
                    vl = vL
                if md1 == 0:
                    found.append(nb)
                    return True
                board[b] = t
                try:
                    if dfs(rem, nb, nxt, md1, ir, ia, ib, jr, ja, jb, vr, vl, wr, wl):
                        found.append(nb)
                        return True
                except Suspend as e:
                    e.path.append(nb)
                    raise
                board[nb] = t
            for nb, nP, nB, mP, mB, dd, cP, cB, x1, x2, x3, nxt in horiz:
                t = board[nb]
                md1 = md + dd[t]
                # the board first: the move is horizontal here
                if kn[t]:
                    ia = iA + nP[t]
                    vl = tA[ia]
                    if md1 + vR + vl > rem:
                        continue
                    ib = iB + nB[t]
                    x = tB[ib]
                    if x > vl:
                        vl = x
                        if md1 + vR + vl > rem:
                            continue
                    ir = iR
                    vr = vR
                else:
                    ir = iR + nP[t]
                    vr = tR[ir]
                    if md1 + vr + vL > rem:
                        continue
                    ia = iA
                    ib = iB
                    vl = vL
                u1 = board[x1]
                u2 = board[x2]
                u3 = board[x3]
                if km[t]:
                    k = cP[t]
                    ja = jA + mP[t] + k[u1] + k[u2] + k[u3]
                    wl = tA[ja]
                    if md1 + wR + wl > rem:
                        continue
                    k = cB[t]
                    jb = jB + mB[t] + k[u1] + k[u2] + k[u3]
                    x = tB[jb]
                    if x > wl:
                        wl = x
                        if md1 + wR + wl > rem:
                            continue
                    jr = jR
                    wr = wR
                else:
                    k = cP[t]
                    jr = jR + mP[t] + k[u1] + k[u2] + k[u3]
                    wr = tR[jr]
                    if md1 + wr + wL > rem:
                        continue
                    ja = jA
                    jb = jB
                    wl = wL
                if md1 == 0:
                    found.append(nb)
                    return True
                board[b] = t
                try:
                    if dfs(rem, nb, nxt, md1, ir, ia, ib, jr, ja, jb, vr, vl, wr, wl):
                        found.append(nb)
                        return True
                except Suspend as e:
                    e.path.append(nb)
                    raise
                board[nb] = t
            return False

        self.dfs = dfs

    def _state(self, board) -> tuple:
        tr, mt = self.tr, self.mirror_tile
        where = [0] * 16
        for c, t in enumerate(board):
            where[t] = c
        i = [_rank([where[t] for t in p]) for p in self.patterns]
        j = [_rank([tr[where[mt[s]]] for s in p]) for p in self.patterns]
        md = sum(self.mdist[t][c] for c, t in enumerate(board) if t)
        tR, tA, tB = self.tabs
        return (md, i[0], i[1], i[2], j[0], j[1], j[2], tR[i[0]], max(tA[i[1]], tB[i[2]]),
                tR[j[0]], max(tA[j[1]], tB[j[2]]))

    def reset(self, bound: int) -> tuple:
        if bound != self._tt_bound:
            self.tt.clear()
            self._tt_bound = bound
            self.ttlim[0] = self.tt_slack if self.tt_slack is not None else 1 << 30
        self.board[:] = self.initial
        b = self.board.index(0)
        return (bound, b, self.first_moves[b]) + self._state(self.board)

    def estimate(self) -> int:
        st = self._state(self.initial)
        return st[0] + max(st[7] + st[8], st[9] + st[10])

    def child(self, args, nb):
        rem, b = args[0], args[1]
        board = self.board
        t = board[nb]
        board[b], board[nb] = t, 0
        st = self._state(board)
        md = st[0]
        if md + st[7] + st[8] > rem - 1 or md + st[9] + st[10] > rem - 1:
            board[b], board[nb] = 0, t
            return None
        if md == 0:
            return True
        return (rem - 1, nb, self.entries[b, nb][11]) + st, t

    def undo(self, args, nb, child):
        self.board[nb] = child[1]
        self.board[args[1]] = 0
