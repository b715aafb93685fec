"""IDA*'s engine for rectangular W x H boards on additive pattern tables built for the shape and goal
(:class:`TableEngine`, tables from :mod:`puzzlesolver.fast.tables.rect_tables`), which pay from about 10 cells on
(``buildtools/rect_bench.py``, figures in ``docs/performance.md``); below, and when asked for, the rectangles run on
Manhattan distance + linear conflicts (:mod:`.manhattan`, the engine of every W x H).

:class:`~puzzlesolver.fast.searches.rect_ida.RectIDAStar` drives it through the interface of
:class:`~.protocol.Engine`: one mutable list of tiles with precomputed move lists, the estimate updated in O(1) per
move, a ``dfs`` closure specialised to its estimate (as the square boards' engines of :mod:`.pdb_squares`), and the
slow helpers ``order``, ``child`` and ``undo`` that replay a path when a slice resumes.
"""

from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

from ...grid import blank_moves
from .protocol import Suspend

__all__ = ["TableEngine"]


class TableEngine:
    """Additive pattern tables for one shape and goal: one partition of the tiles, or the larger of two
    partitions' sums (:class:`puzzlesolver.fast.tables.rect_tables.PatternTables` each).

    Each tile belongs to one group per partition; a group's index is ``sum(cell_i * cells**i)`` over its
    tiles, so a slide changes one index per partition by ``(new - old) * cells**i`` and each sum by two
    reads of one table.  The groups of both partitions have one slot each in one list of indices
    (``idx``), and each move carries, per partition and per tile, what the loop needs in one tuple: (the
    tile's slot, its index's change, its group's table), then the moves open after it (never straight
    back), as in :class:`puzzlesolver.fast.engines.pdb_squares.AdditivePdb`.

    Tuned for Pyodide's interpreter as much as for CPython's: the tables are lists (see
    :class:`~puzzlesolver.fast.tables.rect_tables.PatternTables`), and ``dfs`` keeps as defaults only the three
    containers it reads on every move (the rest come from the enclosing scope, on the rare paths): a node
    costs less in both than with bytearray tables read through per-tile lists and ten defaults (measured on
    the 8 x 2 board that dominates the ``rect`` suite, see ``docs/performance.md``).
    """

    def __init__(self, width: int, height: int, tiles: Sequence[int], partitions: Sequence, counter: List[int]) -> None:
        cells = self.cells = width * height
        self.name = "additive pattern tables (" + " and ".join(p.describe() for p in partitions) + ")"
        self.moves = blank_moves(width, height)
        self.sets = len(partitions)
        if self.sets not in (1, 2):
            raise ValueError("one or two partitions of the tiles")
        # slot -> its group's table; per partition: its slots, and per tile its (slot, weight in the index)
        self.tables: List[Sequence[int]] = []
        self.slots: List[range] = []
        self.places: List[List[Tuple[int, int]]] = []
        for partition in partitions:
            first = len(self.tables)
            places = [(first, 0)] * cells   # the blank's: it is never the tile that slides
            for group, pattern in enumerate(partition.patterns):
                for i, t in enumerate(pattern):
                    places[t] = (first + group, cells ** i)
            self.tables.extend(partition.tables)
            self.slots.append(range(first, len(self.tables)))
            self.places.append(places)
        following: Dict[Tuple[int, int], list] = {(b, nb): [] for b in range(cells) for nb in self.moves[b]}
        built = {(b, nb): (nb, *[[(slot, (b - nb) * weight, self.tables[slot]) for slot, weight in places]
                                 for places in self.places], following[b, nb])
                 for (b, nb) in following}
        for (b, nb), rest in following.items():
            rest.extend(built[nb, x] for x in self.moves[nb] if x != b)
        self.built = built
        self.first_moves = {b: [built[b, nb] for nb in self.moves[b]] for b in range(cells)}
        self.initial = list(tiles)
        board = self.board = list(tiles)
        idx = self.idx = [0] * len(self.tables)
        found: List[int] = []
        self.found = found
        ctr = counter

        def dfs(rem, b, mv, h, board=board, idx=idx, ctr=ctr):
            c = ctr[0] - 1
            ctr[0] = c
            if c < 0:
                raise Suspend()
            rem -= 1
            for nb, dn, nxt in mv:
                t = board[nb]
                p, d, tab = dn[t]
                i0 = idx[p]
                i1 = i0 + d
                h1 = h - tab[i0] + tab[i1]
                if h1 > rem:
                    continue
                if h1 == 0:
                    found.append(nb)
                    return True
                board[b] = t
                idx[p] = i1
                try:
                    if dfs(rem, nb, nxt, h1):
                        found.append(nb)
                        return True
                except Suspend as e:
                    e.path.append(nb)
                    raise
                board[nb] = t
                idx[p] = i0
            return False

        def dfs2(rem, b, mv, hn, hm, board=board, idx=idx, ctr=ctr):
            c = ctr[0] - 1
            ctr[0] = c
            if c < 0:
                raise Suspend()
            rem -= 1
            for nb, dn, dm, nxt in mv:
                t = board[nb]
                p, d, tab = dn[t]
                i0 = idx[p]
                i1 = i0 + d
                h1 = hn - tab[i0] + tab[i1]
                if h1 > rem:
                    continue
                q, d, tab = dm[t]
                j0 = idx[q]
                j1 = j0 + d
                m1 = hm - tab[j0] + tab[j1]
                if m1 > rem:
                    continue
                if h1 == 0:
                    found.append(nb)
                    return True
                board[b] = t
                idx[p] = i1
                idx[q] = j1
                try:
                    if dfs2(rem, nb, nxt, h1, m1):
                        found.append(nb)
                        return True
                except Suspend as e:
                    e.path.append(nb)
                    raise
                board[nb] = t
                idx[p] = i0
                idx[q] = j0
            return False

        self.dfs = dfs if self.sets == 1 else dfs2

    def reset(self, bound: int) -> tuple:
        board, idx, tables = self.board, self.idx, self.tables
        board[:] = self.initial
        idx[:] = [0] * len(idx)
        for places in self.places:
            for c, t in enumerate(board):
                if t:
                    slot, weight = places[t]
                    idx[slot] += c * weight
        sums = [sum(tables[slot][idx[slot]] for slot in slots) for slots in self.slots]
        b = board.index(0)
        return (bound, b, self.first_moves[b], *sums)

    def estimate(self) -> int:
        return max(self.reset(0)[3:])

    def order(self, args: tuple) -> List[int]:
        return [entry[0] for entry in args[2]]

    def child(self, args: tuple, nb: int):
        """The move of the blank to ``nb`` as ``dfs`` makes it: the child's args and what undoes it, None when
        the bound prunes it, True at the goal (used to replay a path when a slice resumes)."""
        rem, b = args[0], args[1]
        board, idx = self.board, self.idx
        entry: tuple = self.built[b, nb]
        t = board[nb]
        changes, sums = [], []
        for s, per_tile in enumerate(entry[1:1 + self.sets]):
            slot, change, table = per_tile[t]
            i0 = idx[slot]
            sums.append(args[3 + s] - table[i0] + table[i0 + change])
            changes.append((slot, i0, i0 + change))
        if max(sums) > rem - 1:
            return None
        if sums[0] == 0:
            return True
        board[b], board[nb] = t, 0
        for slot, _, i1 in changes:
            idx[slot] = i1
        return (rem - 1, nb, entry[-1], *sums), (t, changes)

    def undo(self, args: tuple, nb: int, child: tuple) -> None:
        t, changes = child[1]
        self.board[nb] = t
        self.board[args[1]] = 0
        for slot, i0, _ in changes:
            self.idx[slot] = i0
