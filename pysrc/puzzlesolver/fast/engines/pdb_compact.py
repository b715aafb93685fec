"""The 15-puzzle's default engine for :class:`~puzzlesolver.fast.searches.ida.IDAStar`: compact 7-tile pattern
databases.

Pure Python (standard library only) at run time; the tables are built by ``buildtools/build_compact.py`` (NumPy)
and read by :mod:`puzzlesolver.fast.tables.pdb_files` (:data:`~puzzlesolver.fast.tables.pdb_files.COMPACT_PATTERNS_4`).
The hot loop is specialised like :mod:`.pdb_squares`', on purpose.

:class:`EngineMax` has the interface of :class:`~puzzlesolver.fast.engines.pdb_squares.Pdb663` (constructor ``(tiles,
counter)``; a recursive closure ``self.dfs(rem, blank, moves, ...)`` that decrements ``counter[0]`` per
expansion, raises the driver's Suspend exception when it goes below zero (appending the blank's cells
on the way out), appends the blank's cells to ``self.found`` (deepest first) at the goal and returns
True; ``reset(bound)`` returns the root's argument tuple with ``[3] == 0`` exactly at the goal;
``order``, ``child``, ``undo``, ``estimate`` for resuming a suspended search).  Its estimate is
h = md + R + max(A, B) on the board and on its mirror image (transpose), the larger of the two: R = tiles
3 4 7 8 11 12 15 (right half), A = 1 2 5 6 9 10 14 and B = 2 5 6 9 10 13 14 (the left half minus 13,
minus 1): two 7-7-1 partitions sharing R, three tables of 57,657,600 one-byte entries (173 MB in
memory, 14.6 MB as .xz).

Tables store each placement's value minus the pattern tiles' Manhattan distance (the "excess", even,
0..14), and the engine keeps the board's Manhattan distance ``md`` itself (one small-table read per move).  A pattern's index is its k-permutation rank (build_compact.py): a
horizontal move of a tile changes it by a constant, a vertical move also by one correction per
same-pattern tile on the three cells jumped over (row-major order).  A move is horizontal on the board
or on the mirror board, never both: the side where it is horizontal is tested first (no correction
needed), the other only if that did not prune.

The engine keeps a transposition table for nodes whose ``rem`` exceeds their estimate on the board
(``tt_slack=0``): the least depth each was met at, as ``2 * depth + the iteration's parity``.  A state met
deeper than it was ever met, in this iteration or an earlier one, is not searched: no optimal path passes it at
that depth.  Nor is one met again at the same depth in this iteration: its first visit searched all below it but
the way back to the state it came from, and an optimal path going on that way would have a shorter one beside it.
The table lives in the engine, survives a suspended slice and is no longer cleared when the bound changes, since
an earlier iteration's depths still hold (on the 80-move board 11.64 M -> 11.12 M nodes, Korf's 100 2.48 M ->
2.36 M, no more memory: ``docs/performance.md``).
"""

from __future__ import annotations

from math import prod
from typing import Dict, List, Optional, Sequence, Tuple

from ..tables import pdb_files
from .protocol import Suspend

__all__ = ["EngineMax", "TT_CAP"]

#: Most states the transposition table holds (~80 bytes each in CPython: 200 MB at the cap; the 80-move
#: board, the hardest, needs 2.25 M over all its iterations); beyond it, new states are not stored (the search stays
#: correct, only less pruned).
TT_CAP = 2_500_000


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


class EngineMax:
    """IDA*'s 15-puzzle engine with h = md + R + max(A, B) and the same on the mirror board (see above).

    ``dfs(rem, b, moves, md, iR, iA, iB, jR, jA, jB, vR, vL, wR, wL)``: the ranks on the board (i) and the
    mirror board (j), the (doubled-excess) value of R and of the max of A and B on each.
    """

    def __init__(self, tiles: Sequence[int], counter: List[int], tt_slack: Optional[int] = 0,
                 tt_cap: int = TT_CAP) -> None:
        R, A, B = pdb_files.COMPACT_PATTERNS_4
        self.name = "7-7-1 x2 (max) compact pattern databases with mirror lookup"
        self.patterns = (R, A, B)
        tR, tA, tB = tabs = [pdb_files.load_table(name) for name in pdb_files.COMPACT_4]
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
        following: Dict[Tuple[int, int], Tuple[list, list]] = {(b, nb): ([], []) for b in range(16)
                                                               for nb in self.moves[b]}
        entries: Dict[Tuple[int, int], tuple] = {}
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
        self.first_moves: Dict[int, Tuple[list, list]] = {}
        for b in range(16):
            first: Tuple[list, list] = ([], [])
            for nb in self.moves[b]:
                first[0 if abs(nb - b) == 4 else 1].append(entries[b, nb])
            self.first_moves[b] = first
        self.initial = list(tiles)
        board = self.board = list(tiles)
        found: List[int] = []
        self.found = found
        ctr = counter
        self.tt_slack = tt_slack
        tt: Dict[int, int] = {}
        self.tt = tt
        ttlim = self.ttlim = [1 << 30]
        ttnow = self.ttnow = [0, -1]   # 2 * bound + the iteration's parity, and 1 if that parity is odd else -1
        self._tt_bound: Optional[int] = None
        self._root: Optional[tuple] = None
        SA = len(tA)

        def dfs(rem, b, mv, md, iR, iA, iB, jR, jA, jB, vR, vL, wR, wL, board=board, kn=kn, km=km,
                tR=tR, tA=tA, tB=tB, ctr=ctr, found=found, Suspend=Suspend, tt=tt, ttlim=ttlim, ttnow=ttnow, SA=SA,
                ttcap=tt_cap, NEW=1 << 30):
            c = ctr[0] - 1
            ctr[0] = c
            if c < 0:
                raise Suspend()
            if rem - md - vR - vL > ttlim[0]:
                key = (iR * SA + iA) << 4 | b
                now = ttnow[0] - (rem << 1)       # 2 * depth + the iteration's parity
                old = tt.get(key, NEW)
                # met shallower, or as deep in this iteration (not as deep in the one before: other parity)
                if old <= now and old != now - ttnow[1]:
                    return False
                if old != NEW or len(tt) < ttcap:
                    tt[key] = now
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
        if bound != self._tt_bound:   # the next iteration: the entries stay, their depths still hold
            odd = self._tt_bound is not None and self.ttnow[0] & 1 == 0
            self.ttnow[:] = [2 * bound + odd, 1 if odd else -1]
            self._tt_bound = bound
            self.ttlim[0] = self.tt_slack if self.tt_slack is not None else 1 << 30
        self.board[:] = self.initial
        if self._root is None:   # the same at every reset: a resumed slice starts here too
            self._root = self._state(self.initial)
        b = self.board.index(0)
        return (bound, b, self.first_moves[b]) + self._root

    def order(self, args) -> List[int]:
        vert, horiz = args[2]
        return [e[0] for e in vert] + [e[0] for e in horiz]

    def estimate(self) -> int:
        st = self._state(self.initial)
        return st[0] + max(st[7] + st[8], st[9] + st[10])

    def child(self, args, nb):
        """The move of the blank to ``nb`` from the node ``args``, as ``dfs`` makes it: the ranks change by the
        move's constants on the side where it is horizontal and by those plus the jumped tiles' corrections
        on the other (O(1): a resumed slice replays its whole path through here)."""
        rem, b, _, md, iR, iA, iB, jR, jA, jB, vR, vL, wR, wL = args
        _, nP, nB, mP, mB, dd, cP, cB, x1, x2, x3, nxt = self.entries[b, nb]
        board, (tR, tA, tB) = self.board, self.tabs
        t = board[nb]
        kP, kB = cP[t], cB[t]
        u1, u2, u3 = board[x1], board[x2], board[x3]
        jumped_P, jumped_B = kP[u1] + kP[u2] + kP[u3], kB[u1] + kB[u2] + kB[u3]
        vertical = abs(b - nb) == 4   # jumps tiles on the board, else on the mirror board
        sP, sB = (nP[t] + jumped_P, nB[t] + jumped_B) if vertical else (nP[t], nB[t])
        if self.kn[t]:
            iA, iB = iA + sP, iB + sB
            vL = max(tA[iA], tB[iB])
        else:
            iR += sP
            vR = tR[iR]
        sP, sB = (mP[t], mB[t]) if vertical else (mP[t] + jumped_P, mB[t] + jumped_B)
        if self.km[t]:
            jA, jB = jA + sP, jB + sB
            wL = max(tA[jA], tB[jB])
        else:
            jR += sP
            wR = tR[jR]
        md += dd[t]
        if md + vR + vL > rem - 1 or md + wR + wL > rem - 1:
            return None
        if md == 0:
            return True
        board[b], board[nb] = t, 0
        return (rem - 1, nb, nxt, md, iR, iA, iB, jR, jA, jB, vR, vL, wR, wL), t

    def undo(self, args, nb, child):
        self.board[nb] = child[1]
        self.board[args[1]] = 0
