"""IDA*'s engines for rectangular W x H boards, any goal: Manhattan distance + linear conflicts
(:class:`ConflictEngine`), or additive pattern tables built for the shape and goal (:class:`TableEngine`, tables from
:mod:`puzzlesolver.fast.tables.rect_tables`), which pay from about 10 cells on (``buildtools/rect_bench.py``, figures
in ``docs/performance.md``).

:class:`~puzzlesolver.fast.searches.rect_ida.RectIDAStar` drives them through the interface of
:class:`~.protocol.Engine`: one mutable list of tiles with precomputed move lists, the estimate updated in O(1) per
move, a ``dfs`` closure specialised to its estimate (as the square boards' engines of :mod:`.pdb_squares` and
:mod:`.manhattan`), and the slow helpers ``order``, ``child`` and ``undo`` that replay a path when a slice resumes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Dict, List, Sequence, Tuple

from ...grid import blank_moves, goal_cells, line_conflicts, manhattan_table
from .protocol import Suspend

__all__ = ["ConflictEngine", "TableEngine"]


# -- linear conflicts by a line's key ---------------------------------------------------------------

def _conflicts_of_key(key: int, length: int) -> int:
    places = []
    for _ in range(length):
        key, code = divmod(key, length + 1)
        if code:
            places.append(code - 1)
    return line_conflicts(places)


class _LazyConflicts(dict):
    """The linear-conflict extra of a line by its key, computed the first time it is asked for."""

    def __init__(self, length: int) -> None:
        super().__init__()
        self.length = length

    def __missing__(self, key: int) -> int:
        value = self[key] = _conflicts_of_key(key, self.length)
        return value


#: Lines up to this length get their whole conflict table ((L+1)**L keys: 117,649 for 6); longer ones
#: fill theirs in as the search meets keys (8 long: 43 million keys, of which a search meets few).
_WHOLE_TABLE_UP_TO = 6


@lru_cache(maxsize=16)
def _conflict_table(length: int):
    """The linear-conflict extra of a line ``length`` cells long, by its key: the key is the sum over the
    line's cells of code * (length+1)**place, code = the tile's goal place + 1 when its goal is on this line."""
    if length > _WHOLE_TABLE_UP_TO:
        return _LazyConflicts(length)
    return bytearray(_conflicts_of_key(key, length) for key in range((length + 1) ** length))


# -- the engines: one mutable board and a recursive expander ----------------------------------------

class ConflictEngine:
    """Manhattan distance + linear conflicts on rows and columns, for any W x H and goal.

    A vertical slide moves a tile to another row: the two rows' conflicts change, its column keeps the
    order of its tiles (only the column's key changes).  A horizontal slide is the same with rows and
    columns swapped.  Each line has an integer key (see :func:`_conflict_table`) updated per move.
    ``dfs(rem, blank, previous cell, h)`` returns True at the goal, ``found`` then holds the blank's cells
    deepest first.
    """

    def __init__(self, width: int, height: int, tiles: Sequence[int], goal: Sequence[int],
                 counter: List[int]) -> None:
        cells = self.cells = width * height
        self.width, self.height = width, height
        self.name = "Manhattan distance + linear conflicts"
        home = goal_cells(goal)
        md = self.md = manhattan_table(width, tuple(goal))
        self.moves = blank_moves(width, height)
        self.initial = list(tiles)
        board = self.board = list(tiles)
        found = self.found = []
        ctr = counter
        row_lc, col_lc = _conflict_table(width), _conflict_table(height)
        rw = [0] * (cells * cells)  # what tile t on cell c adds to the key of c's row
        cw = [0] * (cells * cells)  # ... and to the key of c's column
        for t in range(1, cells):
            gr, gc = divmod(home[t], width)
            for c in range(cells):
                r, col = divmod(c, width)
                rw[t * cells + c] = (gc + 1) * (width + 1) ** col if r == gr else 0
                cw[t * cells + c] = (gr + 1) * (height + 1) ** r if col == gc else 0
        self.row_lc, self.col_lc, self.rw, self.cw = row_lc, col_lc, rw, cw
        rows = self.rows = [0] * height
        cols = self.cols = [0] * width
        # per blank cell: (nb, vertical?, the line the tile leaves, the line it enters, the crossing line)
        moves = tuple(tuple((nb, 1, nb // width, b // width, b % width) if nb // width != b // width
                            else (nb, 0, nb % width, b % width, b // width) for nb in self.moves[b])
                      for b in range(cells))

        def dfs(rem, b, prev, h, moves=moves, board=board, md=md, cells=cells, row_lc=row_lc, col_lc=col_lc,
                rw=rw, cw=cw, rows=rows, cols=cols, ctr=ctr, found=found, Suspend=Suspend):
            c = ctr[0] - 1
            ctr[0] = c
            if c < 0:
                raise Suspend()
            rem -= 1
            for nb, vertical, old_line, new_line, same in moves[b]:
                if nb == prev:
                    continue
                t = board[nb]
                k = t * cells
                kn = k + nb
                kb = k + b
                if vertical:
                    lines, other, lc = rows, cols, row_lc
                    w0 = rw[kn]
                    w1 = rw[kb]
                    s0 = cw[kn]
                    s1 = cw[kb]
                else:
                    lines, other, lc = cols, rows, col_lc
                    w0 = cw[kn]
                    w1 = cw[kb]
                    s0 = rw[kn]
                    s1 = rw[kb]
                a0 = lines[old_line]
                b0 = lines[new_line]
                a1 = a0 - w0
                b1 = b0 + w1
                h1 = h - md[kn] + md[kb] - lc[a0] - lc[b0] + lc[a1] + lc[b1]
                if h1 > rem:
                    continue
                if h1 == 0:
                    found.append(nb)
                    return True
                board[b] = t
                lines[old_line] = a1
                lines[new_line] = b1
                o0 = other[same]
                other[same] = o0 - s0 + s1
                try:
                    if dfs(rem, nb, b, h1):
                        found.append(nb)
                        return True
                except Suspend as e:
                    e.path.append(nb)
                    raise
                board[nb] = t
                lines[old_line] = a0
                lines[new_line] = b0
                other[same] = o0
            return False

        self.dfs = dfs

    def _full(self) -> int:
        board, cells, width = self.board, self.cells, self.width
        h = sum(self.md[t * cells + c] for c, t in enumerate(board) if t)
        for r in range(self.height):
            self.rows[r] = sum(self.rw[board[c] * cells + c] for c in range(r * width, r * width + width))
        for col in range(width):
            self.cols[col] = sum(self.cw[board[c] * cells + c] for c in range(col, cells, width))
        return h + sum(self.row_lc[k] for k in self.rows) + sum(self.col_lc[k] for k in self.cols)

    def reset(self, bound: int) -> tuple:
        self.board[:] = self.initial
        return (bound, self.board.index(0), -1, self._full())

    def estimate(self) -> int:
        self.board[:] = self.initial
        return self._full()

    def order(self, args: tuple) -> List[int]:
        return [nb for nb in self.moves[args[1]] if nb != args[2]]

    def child(self, args: tuple, nb: int):
        """The move of the blank to ``nb`` as ``dfs`` makes it: the child's args and what undoes it, None when
        the bound prunes it, True at the goal (used to replay a path when a slice resumes)."""
        rem, b, _, h = args
        board, cells, md, rw, cw = self.board, self.cells, self.md, self.rw, self.cw
        t = board[nb]
        k = t * cells
        if nb // self.width != b // self.width:
            lines, other, lc = self.rows, self.cols, self.row_lc
            old_line, new_line, same = nb // self.width, b // self.width, b % self.width
            w0, w1, s0, s1 = rw[k + nb], rw[k + b], cw[k + nb], cw[k + b]
        else:
            lines, other, lc = self.cols, self.rows, self.col_lc
            old_line, new_line, same = nb % self.width, b % self.width, b // self.width
            w0, w1, s0, s1 = cw[k + nb], cw[k + b], rw[k + nb], rw[k + b]
        a0, b0, o0 = lines[old_line], lines[new_line], other[same]
        h1 = h - md[k + nb] + md[k + b] + lc[a0 - w0] + lc[b0 + w1] - lc[a0] - lc[b0]
        if h1 > rem - 1:
            return None
        if h1 == 0:
            return True
        board[b], board[nb] = t, 0
        lines[old_line], lines[new_line], other[same] = a0 - w0, b0 + w1, o0 - s0 + s1
        return (rem - 1, nb, b, h1), (t, lines, old_line, a0, new_line, b0, other, same, o0)

    def undo(self, args: tuple, nb: int, child: tuple) -> None:
        t, lines, old_line, a0, new_line, b0, other, same, o0 = child[1]
        self.board[nb] = t
        self.board[args[1]] = 0
        lines[old_line], lines[new_line], other[same] = a0, b0, o0


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
        found = self.found = []
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
        entry = self.built[b, nb]
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
