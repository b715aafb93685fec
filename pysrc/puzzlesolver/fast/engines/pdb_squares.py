"""The IDA* engines that read pattern tables (:mod:`puzzlesolver.fast.tables.pdb_files`) for square boards: additive
pattern databases with the mirror lookup (:class:`AdditivePdb`; the 15-puzzle's 6-6-3 and the 24-puzzle's 5-5-5-5-4,
:class:`Pdb663` and :class:`Pdb5`) and the 8-puzzle's exact distance table (:class:`Exact3`).

Each is an :class:`~.protocol.Engine` for :class:`~puzzlesolver.fast.searches.ida.IDAStar`: one mutable board, the
tables' entries updated in O(1) per move, and a ``dfs`` closure specialised to its estimate.  The engines' ``dfs``
closures (here, in :mod:`.manhattan`, :mod:`.pdb_compact` and :mod:`.pdb_rectangles`) look alike on purpose: sharing
code between them (a call per node, or a generic estimate object) measured 30-50% slower
(``docs/performance.md``).  Everything else they need (moves, goal cells, distances, symmetries) is
:mod:`puzzlesolver.grid`'s.
"""

from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

from ... import grid
from ..tables import pdb_files
from .protocol import Suspend

__all__ = ["AdditivePdb", "Pdb663", "Pdb5", "Exact3"]


class AdditivePdb:
    """Goal 1..n*n-1 then the blank: the larger of the additive pattern tables' sum and the same tables'
    sum on the board mirrored about its main diagonal (the "mirror lookup").

    ``tabs[p]`` holds pattern ``patterns[p]`` indexed by ``sum(cell_i * cells**i)`` over its tiles (as
    ``buildtools/build_tables.py`` builds them).  The mirror lookup reads the
    tables for the mirrored partition, so it only adds something when the partition is not its own
    mirror image (a symmetric one gives the same sum twice).
    """

    name = "additive pattern databases with mirror lookup"

    def __init__(self, tiles: Sequence[int], counter: List[int], n: int,
                 patterns: Sequence[Sequence[int]], tabs: Sequence[bytes]) -> None:
        cells = n * n
        tr = [(c % n) * n + c // n for c in range(cells)]
        mirror_tile = [0] + [tr[t - 1] + 1 for t in range(1, cells)]
        pn = [0] * cells
        wn = [0] * cells
        for p, pattern in enumerate(patterns):
            for i, t in enumerate(pattern):
                pn[t] = p
                wn[t] = cells ** i
        pm = [pn[mirror_tile[t]] for t in range(cells)]
        wm = [wn[mirror_tile[t]] for t in range(cells)]
        tn = [tabs[pn[t]] for t in range(cells)]
        tm = [tabs[pm[t]] for t in range(cells)]
        self.moves = grid.blank_moves(n)
        # per move of the blank b -> nb: how each tile's pattern index (normal, mirror) changes when it
        # slides nb -> b; one list look-up per index instead of a multiplication
        # and, with each move, the moves then open to the child (all but straight back), so the loop needs
        # no "is this the previous cell" test: entries are (nb, dn, dm, next entries)
        following: Dict[Tuple[int, int], list] = {(b, nb): [] for b in range(cells) for nb in self.moves[b]}
        built = {(b, nb): (nb, [(b - nb) * wn[t] for t in range(cells)],
                           [(tr[b] - tr[nb]) * wm[t] for t in range(cells)], following[b, nb]) for (b, nb) in following}
        for (b, nb), rest in following.items():
            rest.extend(built[nb, x] for x in self.moves[nb] if x != b)
        self.built = built
        self.first_moves = {b: [built[b, nb] for nb in self.moves[b]] for b in range(cells)}
        self.initial = list(tiles)
        self.tabs, self.tr, self.pn, self.wn, self.pm, self.wm = tabs, tr, pn, wn, pm, wm
        board = self.board = list(tiles)
        self.count = len(patterns)
        idx = self.idx = [0] * self.count
        midx = self.midx = [0] * self.count
        found: List[int] = []
        self.found = found
        ctr = counter

        def dfs(rem, b, mv, hn, hm, board=board, idx=idx, midx=midx, pn=pn, pm=pm,
                tn=tn, tm=tm, ctr=ctr, found=found, Suspend=Suspend):
            c = ctr[0] - 1
            ctr[0] = c
            if c < 0:
                raise Suspend()
            rem -= 1
            for nb, dn, dm, nxt in mv:
                t = board[nb]
                p = pn[t]
                i0 = idx[p]
                i1 = i0 + dn[t]
                tab = tn[t]
                h1 = hn - tab[i0] + tab[i1]
                if h1 > rem:
                    continue
                q = pm[t]
                j0 = midx[q]
                j1 = j0 + dm[t]
                tab = tm[t]
                m1 = hm - tab[j0] + tab[j1]
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

    def reset(self, bound: int) -> tuple:
        board, idx, midx = self.board, self.idx, self.midx
        board[:] = self.initial
        idx[:] = [0] * self.count
        midx[:] = [0] * self.count
        for c, t in enumerate(board):
            if t:
                idx[self.pn[t]] += c * self.wn[t]
                midx[self.pm[t]] += self.tr[c] * self.wm[t]
        hn = sum(self.tabs[p][idx[p]] for p in range(self.count))
        hm = sum(self.tabs[p][midx[p]] for p in range(self.count))
        b = board.index(0)
        return (bound, b, self.first_moves[b], hn, hm)

    def order(self, args) -> List[int]:
        return [entry[0] for entry in args[2]]

    def estimate(self) -> int:
        args = self.reset(0)
        return max(args[3], args[4])

    def child(self, args, nb):
        rem, b, _, hn, hm = args
        board, idx, midx, tr = self.board, self.idx, self.midx, self.tr
        t = board[nb]
        p, q = self.pn[t], self.pm[t]
        i1 = idx[p] + (b - nb) * self.wn[t]
        j1 = midx[q] + (tr[b] - tr[nb]) * self.wm[t]
        h1 = hn - self.tabs[p][idx[p]] + self.tabs[p][i1]
        m1 = hm - self.tabs[q][midx[q]] + self.tabs[q][j1]
        if h1 > rem - 1 or m1 > rem - 1:
            return None
        if h1 == 0:
            return True
        board[b] = t
        undo = (t, p, idx[p], q, midx[q])
        idx[p] = i1
        midx[q] = j1
        return (rem - 1, nb, self.built[b, nb][3], h1, m1), undo

    def undo(self, args, nb, child):
        t, p, i0, q, j0 = child[1]
        self.board[nb] = t
        self.idx[p] = i0
        self.midx[q] = j0


class Pdb663(AdditivePdb):
    """15-puzzle, goal 1..15 then blank: max of the 6-6-3 PDB sum and its mirror-image sum."""

    name = "6-6-3 pattern databases with mirror lookup"

    def __init__(self, tiles: Sequence[int], counter: List[int]) -> None:
        super().__init__(tiles, counter, 4, pdb_files.PATTERNS_4, pdb_files.tables_663())


class Pdb5(AdditivePdb):
    """24-puzzle, goal 1..24 then blank: max of the 5-5-5-5-4 PDB sum and its mirror-image sum."""

    name = "5-5-5-5-4 pattern databases with mirror lookup"

    def __init__(self, tiles: Sequence[int], counter: List[int]) -> None:
        super().__init__(tiles, counter, 5, pdb_files.PATTERNS_5, pdb_files.tables_5())


class Exact3:
    """8-puzzle, standard goal with the blank at cell 8, 7 or 4: the exact distance table."""

    name = "exact distance table"

    def __init__(self, tiles: Sequence[int], blank_goal: int, counter: List[int]) -> None:
        table = pdb_files.exact_3(blank_goal)
        self.table = table
        self.moves = grid.blank_moves(3)
        self.initial = list(tiles)
        board = self.board = list(tiles)
        found: List[int] = []
        self.found = found
        rank = pdb_files.rank_perm
        ctr = counter
        moves = self.moves

        def dfs(rem, b, prev, h, moves=moves, board=board, table=table, ctr=ctr, found=found, Suspend=Suspend):
            c = ctr[0] - 1
            ctr[0] = c
            if c < 0:
                raise Suspend()
            rem -= 1
            for nb in moves[b]:
                if nb == prev:
                    continue
                t = board[nb]
                board[b] = t
                board[nb] = 0
                h1 = table[rank(board)]
                if h1 <= rem:
                    if h1 == 0:
                        found.append(nb)
                        return True
                    try:
                        if dfs(rem, nb, b, h1):
                            found.append(nb)
                            return True
                    except Suspend as e:
                        e.path.append(nb)
                        raise
                board[nb] = t
                board[b] = 0
            return False

        self.dfs = dfs

    def reset(self, bound):
        self.board[:] = self.initial
        return (bound, self.board.index(0), -1, self.table[pdb_files.rank_perm(self.board)])

    def estimate(self):
        return self.table[pdb_files.rank_perm(self.initial)]

    def order(self, args: tuple) -> List[int]:
        return [nb for nb in self.moves[args[1]] if nb != args[2]]

    def child(self, args, nb):
        rem, b, prev, h = args
        board = self.board
        t = board[nb]
        board[b], board[nb] = t, 0
        h1 = self.table[pdb_files.rank_perm(board)]
        if h1 > rem - 1:
            board[b], board[nb] = 0, t
            return None
        if h1 == 0:
            return True
        return (rem - 1, nb, b, h1), t

    def undo(self, args, nb, child):
        self.board[nb] = child[1]
        self.board[args[1]] = 0
