"""IDA* on compact boards with incrementally updated estimates, resumable in slices.

:class:`IDAStar` is the driver; the engines below hold one mutable board and the tables of one
estimate.  Which engine runs for a board is decided in :mod:`puzzlesolver.policy`.

Why it is fast in pure Python (measured, see ``python3 build.py bench``):

* no Board objects while searching: one mutable list of tiles, the blank's cell, and per pattern
  an integer index; a move changes one tile, so the estimate is updated from two table reads
  (old and new entry of the one pattern that tile belongs to) instead of being recomputed;
* IDA* (depth-first, memory ~ the solution length) never undoes the previous move and raises its
  bound by 2 (every solution of a board has the same parity), so it needs no per-node bookkeeping
  for the next bound;
* the hot loop is one recursive function whose tables are locals (default arguments): no method
  calls, no attribute look-ups, no allocation per node; each move carries the per-tile index
  changes and the list of moves open after it (so no multiplication and no "is this the move
  back" test).  About 1 million expansions per second on CPython 3.11, ~0.65 million in Pyodide.

The three engines' ``dfs`` closures look alike on purpose: each is specialised to its estimate,
and sharing code between them (a call per node, or a generic estimate object) measured 30-50%
slower.  Everything else they need (moves, goal cells, distances, symmetries) is
:mod:`puzzlesolver.grid`'s.

Resumable: the search counts expansions and, when a slice's budget is spent, unwinds with the path
of the node it stopped at; the next ``run`` replays that path from the root and carries on exactly
where it stopped (same order, same answer as one uninterrupted run).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from .. import grid
from ..board import Board
from ..search import SearchStats
from . import tables

__all__ = ["IDAStar", "SlicedIDAStar", "Engine", "AdditivePdb", "Pdb663", "Pdb5", "Exact3", "ManhattanEngine",
           "conflict_table", "LazyConflicts"]

_BIG = 1 << 62


class _Suspend(Exception):
    """Raised inside the depth-first search when a slice's budget is spent; carries the path so far."""

    def __init__(self) -> None:
        super().__init__()
        self.path: List[int] = []


# -- engines: a hot recursive expander plus the slow helpers resumption needs ------------------

class Engine:
    """Mutable board + tables + a recursive ``dfs(rem, blank, prev, *h)`` returning True at the goal.

    ``rem`` is the bound minus the node's depth.  On success every frame appends the blank's new
    cell to ``self.found`` (deepest first).  Subclasses build ``self.dfs`` as a closure.
    """

    name = ""
    moves: List[List[int]]

    def reset(self, bound: int) -> tuple:
        raise NotImplementedError

    def child(self, args: tuple, nb: int):
        """Apply the move of the blank to ``nb``; return the child's args, None if pruned, or True at the goal."""
        raise NotImplementedError

    def undo(self, args: tuple, nb: int, child: tuple) -> None:
        raise NotImplementedError

    def order(self, args: tuple) -> List[int]:
        """The cells the blank may move to from the node ``args``, in the order ``dfs`` tries them."""
        b, prev = args[1], args[2]
        return [nb for nb in self.moves[b] if nb != prev]

    def estimate(self) -> int:
        raise NotImplementedError


class AdditivePdb(Engine):
    """Goal 1..n*n-1 then the blank: the larger of the additive pattern tables' sum and the same tables'
    sum on the board mirrored about its main diagonal (the "mirror lookup").

    ``tabs[p]`` holds pattern ``patterns[p]`` indexed by ``sum(cell_i * cells**i)`` over its tiles (as
    :func:`puzzlesolver.fast.build_tables.build_pattern_table` builds them).  The mirror lookup reads the
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
        found = self.found = []
        ctr = counter

        def dfs(rem, b, mv, hn, hm, board=board, idx=idx, midx=midx, pn=pn, pm=pm,
                tn=tn, tm=tm, ctr=ctr, found=found, Suspend=_Suspend):
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
        super().__init__(tiles, counter, 4, tables.PATTERNS_4, tables.tables_663())


class Pdb5(AdditivePdb):
    """24-puzzle, goal 1..24 then blank: max of the 5-5-5-5-4 PDB sum and its mirror-image sum."""

    name = "5-5-5-5-4 pattern databases with mirror lookup"

    def __init__(self, tiles: Sequence[int], counter: List[int]) -> None:
        super().__init__(tiles, counter, 5, tables.PATTERNS_5, tables.tables_5())


class Exact3(Engine):
    """8-puzzle, standard goal with the blank at cell 8, 7 or 4: the exact distance table."""

    name = "exact distance table"

    def __init__(self, tiles: Sequence[int], blank_goal: int, counter: List[int]) -> None:
        table = tables.exact_3(blank_goal)
        self.table = table
        self.moves = grid.blank_moves(3)
        self.initial = list(tiles)
        board = self.board = list(tiles)
        found = self.found = []
        rank = tables.rank_perm
        ctr = counter
        moves = self.moves

        def dfs(rem, b, prev, h, moves=moves, board=board, table=table, ctr=ctr, found=found, Suspend=_Suspend):
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
        return (bound, self.board.index(0), -1, self.table[tables.rank_perm(self.board)])

    def estimate(self):
        return self.table[tables.rank_perm(self.initial)]

    def child(self, args, nb):
        rem, b, prev, h = args
        board = self.board
        t = board[nb]
        board[b], board[nb] = t, 0
        h1 = self.table[tables.rank_perm(board)]
        if h1 > rem - 1:
            board[b], board[nb] = 0, t
            return None
        if h1 == 0:
            return True
        return (rem - 1, nb, b, h1), t

    def undo(self, args, nb, child):
        self.board[nb] = child[1]
        self.board[args[1]] = 0


class ManhattanEngine(Engine):
    """Any W x H board and goal: Manhattan distance, plus linear conflicts when ``conflicts``
    (:func:`conflict_table`).  ``n`` is the board's width; its height is as many rows as ``tiles`` fill."""

    def __init__(self, tiles: Sequence[int], goal: Sequence[int], n: int, conflicts: bool,
                 counter: List[int]) -> None:
        cells = len(tiles)
        height = cells // n
        self.name = "Manhattan distance + linear conflicts" if conflicts else "Manhattan distance"
        goal_cell = grid.goal_cells(goal)
        md = self.md = grid.manhattan_table(n, tuple(goal))  # md[t * cells + cell]
        self.n = n
        self.height = height
        self.cells = cells
        self.goal_cell = goal_cell
        self.conflicts = conflicts
        self.moves = grid.blank_moves(n, height)
        self.initial = list(tiles)
        board = self.board = list(tiles)
        found = self.found = []
        ctr = counter
        if not conflicts:
            def dfs(rem, b, prev, h, moves=self.moves, board=board, md=md, cells=cells, ctr=ctr, found=found,
                    Suspend=_Suspend):
                c = ctr[0] - 1
                ctr[0] = c
                if c < 0:
                    raise Suspend()
                rem -= 1
                for nb in moves[b]:
                    if nb == prev:
                        continue
                    t = board[nb]
                    k = t * cells
                    h1 = h - md[k + nb] + md[k + b]
                    if h1 > rem:
                        continue
                    if h1 == 0:
                        found.append(nb)
                        return True
                    board[b] = t
                    try:
                        if dfs(rem, nb, b, h1):
                            found.append(nb)
                            return True
                    except Suspend as e:
                        e.path.append(nb)
                        raise
                    board[nb] = t
                return False

            self.dfs = dfs
            return

        # one key base for rows (W long) and columns (H long): a shorter line's key has leading zero digits
        longest = max(n, height)
        base = longest + 1
        lc = conflict_table(longest)
        rw = [0] * (cells * cells)  # contribution of tile t on cell c to the key of c's row
        cw = [0] * (cells * cells)
        for t in range(1, cells):
            gr, gc = divmod(goal_cell[t], n)
            for c in range(cells):
                r, col = divmod(c, n)
                rw[t * cells + c] = (gc + 1) * base ** col if r == gr else 0
                cw[t * cells + c] = (gr + 1) * base ** r if col == gc else 0
        self.lc, self.rw, self.cw = lc, rw, cw
        rows = self.rows = [0] * height
        cols = self.cols = [0] * n
        # moves: (nb, vertical?, line index of b's row/col for the lines that change)
        moves = []
        for b in range(cells):
            entry = []
            for nb in self.moves[b]:
                if nb // n != b // n:  # vertical move: the tile changes row; its column's order is unchanged
                    entry.append((nb, 1, nb // n, b // n, b % n))
                else:
                    entry.append((nb, 0, nb % n, b % n, b // n))
            moves.append(tuple(entry))

        def dfs(rem, b, prev, h, moves=moves, board=board, md=md, cells=cells, lc=lc, rw=rw, cw=cw, rows=rows,
                cols=cols, ctr=ctr, found=found, Suspend=_Suspend):
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
                    lines, other = rows, cols
                    w0 = rw[kn]
                    w1 = rw[kb]
                    s0 = cw[kn]
                    s1 = cw[kb]
                else:
                    lines, other = cols, rows
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
        board, cells = self.board, self.cells
        h = sum(self.md[t * cells + c] for c, t in enumerate(board) if t)
        if self.conflicts:
            n = self.n
            for i in range(self.height):
                self.rows[i] = sum(self.rw[board[c] * cells + c] for c in range(i * n, i * n + n) if board[c])
            for i in range(n):
                self.cols[i] = sum(self.cw[board[c] * cells + c] for c in range(i, cells, n) if board[c])
            h += sum(self.lc[k] for k in self.rows) + sum(self.lc[k] for k in self.cols)
        return h

    def reset(self, bound):
        self.board[:] = self.initial
        return (bound, self.board.index(0), -1, self._full())

    def estimate(self):
        self.board[:] = self.initial
        return self._full()

    def child(self, args, nb):
        """The move of the blank to ``nb`` as ``dfs`` makes it (the estimate updated in O(1), as there: a resume
        replays the whole path with this, so on a big board it must not recompute the estimate)."""
        rem, b, _, h = args
        board, cells, md = self.board, self.cells, self.md
        t = board[nb]
        k = t * cells
        h1 = h - md[k + nb] + md[k + b]
        board[b], board[nb] = t, 0
        saved: tuple = (t,)
        if self.conflicts:
            n, lc, rw, cw = self.n, self.lc, self.rw, self.cw
            if nb // n != b // n:  # vertical: the tile changes row; its column keeps its order, not its key
                lines, other, old_line, new_line, same = self.rows, self.cols, nb // n, b // n, b % n
                w0, w1, s0, s1 = rw[k + nb], rw[k + b], cw[k + nb], cw[k + b]
            else:
                lines, other, old_line, new_line, same = self.cols, self.rows, nb % n, b % n, b // n
                w0, w1, s0, s1 = cw[k + nb], cw[k + b], rw[k + nb], rw[k + b]
            a0, b0, o0 = lines[old_line], lines[new_line], other[same]
            h1 += lc[a0 - w0] + lc[b0 + w1] - lc[a0] - lc[b0]
            lines[old_line], lines[new_line], other[same] = a0 - w0, b0 + w1, o0 - s0 + s1
            saved = (t, lines, old_line, a0, new_line, b0, other, same, o0)
        if h1 > rem - 1:
            self.undo(args, nb, (None, saved))
            return None
        if h1 == 0:
            return True
        return (rem - 1, nb, b, h1), saved

    def undo(self, args, nb, child):
        saved = child[1]
        self.board[nb] = saved[0]
        self.board[args[1]] = 0
        if self.conflicts:
            _, lines, old_line, a0, new_line, b0, other, same, o0 = saved
            lines[old_line], lines[new_line], other[same] = a0, b0, o0


@lru_cache(maxsize=4)
def _line_conflict_table(n: int) -> bytearray:
    """The linear-conflict extra of every line of up to n cells, by the line's key.

    The key of a row is the sum of code(tile) * (n+1)**col over its cells, where code is the tile's goal
    column + 1 if its goal is in this row, else 0 (columns alike): (n+1)**n entries, built once per n.  On a
    W x H board n is the longer side: a shorter line's key just has leading zero digits.
    """
    base = n + 1
    size = base ** n
    table = bytearray(size)
    for key in range(size):
        table[key] = _conflicts_of_key(key, n)
    return table


def _conflicts_of_key(key: int, n: int) -> int:
    codes = []
    for _ in range(n):
        key, code = divmod(key, n + 1)
        if code:
            codes.append(code)
    return grid.line_conflicts(codes)


#: The largest side whose linear-conflict table is built whole (6x6: 117,649 keys in 0.3 s); above it the
#: keys are filled in as the search meets them (7x7 has 2 million keys: 5 s in CPython to build them all).
WHOLE_TABLE_UP_TO = 6


class LazyConflicts(dict):
    """The linear-conflict extra of a line by its key (times ``scale``), computed the first time it is asked for."""

    def __init__(self, n: int, scale: int = 1) -> None:
        super().__init__()
        self.n = n
        self.scale = scale

    def __missing__(self, key: int) -> int:
        value = self.scale * _conflicts_of_key(key, self.n)
        self[key] = value
        return value


@lru_cache(maxsize=8)
def conflict_table(n: int, scale: int = 1):
    """The linear-conflict extra of a line by its key, times ``scale``, for any side: the whole table up to
    :data:`WHOLE_TABLE_UP_TO`, a :class:`LazyConflicts` above (either is indexed by the key)."""
    if n > WHOLE_TABLE_UP_TO:
        return LazyConflicts(n, scale)
    table = _line_conflict_table(n)
    return table if scale == 1 else [scale * value for value in table]


# -- the resumable IDA* driver ---------------------------------------------------------------

class SlicedIDAStar:
    """The resumable driver of iterative-deepening A* over an engine (:class:`Engine`), run in slices (the
    :class:`~puzzlesolver.search.Search` protocol's ``run``), shared by :class:`IDAStar` (square boards) and
    :class:`~puzzlesolver.fast.rect.RectIDAStar` (W x H boards).

    A slice that spends its budget mid-iteration raises :class:`_Suspend` out of the engine's depth-first search
    with the path it was on; the next slice replays that path (:meth:`_replay`) and goes on from there.  A
    subclass sets ``engine``, ``counter`` (the engine's budget cell), ``bound``, ``stats``, ``iterations``,
    ``iteration_log``, ``done``, ``_path_cells``, ``_resume`` and ``_depth``, and may say what a board at the
    goal looks like (:meth:`_at_goal`).
    """

    def _at_goal(self, root: tuple) -> bool:
        """Whether the search starts at the goal (``root``: the engine's reset arguments)."""
        return root[3] == 0

    @property
    def frontier_size(self) -> int:
        return self._depth

    def run(self, max_expansions: Optional[int] = None) -> bool:
        if self.done:
            return True
        engine = self.engine
        budget = _BIG if max_expansions is None else max(1, max_expansions)
        self.counter[0] = budget
        try:
            while True:
                engine.found.clear()
                root = engine.reset(self.bound)
                if self._at_goal(root):
                    found = True
                elif self._resume is not None:
                    path, self._resume = self._resume, None
                    found = self._replay(root, path, 0)
                else:
                    found = engine.dfs(*root)
                if found:
                    cells = list(reversed(engine.found))
                    self._path_cells = cells
                    self.stats.max_frontier = max(self.stats.max_frontier, len(cells))
                    self.done = True
                    return True
                self.iterations += 1
                expanded_so_far = self.stats.expanded + budget - max(self.counter[0], 0)
                self.iteration_log.append((self.bound, expanded_so_far - sum(n for _, n in self.iteration_log)))
                self.bound += 2
        except _Suspend as stop:
            self._resume = list(reversed(stop.path))
            self._depth = len(self._resume)
            self.stats.max_frontier = max(self.stats.max_frontier, self._depth)
            return False
        finally:
            used = budget - max(self.counter[0], 0)
            self.stats.expanded += used
            self.stats.enqueued = self.stats.max_frontier

    def _replay(self, args: tuple, path: List[int], i: int) -> bool:
        engine = self.engine
        if i == len(path):
            return engine.dfs(*args)
        order = engine.order(args)
        start = order.index(path[i])
        for nb in order[start:]:
            child = engine.child(args, nb)
            if child is None:
                continue
            if child is True:
                engine.found.append(nb)
                return True
            try:
                if nb == path[i]:
                    ok = self._replay(child[0], path, i + 1)
                else:
                    ok = engine.dfs(*child[0])
            except _Suspend as stop:
                stop.path.append(nb)
                raise
            if ok:
                engine.found.append(nb)
                return True
            engine.undo(args, nb, child)
        return False


class IDAStar(SlicedIDAStar):
    """Iterative-deepening A* over an engine, run in slices (the :class:`~puzzlesolver.search.Search` protocol).

    ``stats.expanded`` counts expanded nodes over all iterations; IDA* keeps no queue, only the path
    it is on, so ``stats.enqueued`` and ``stats.max_frontier`` are the most nodes held at once (the
    deepest path: memory stays O(solution length)); ``bound`` is the current
    iteration's cost bound (a lower bound on the optimal length), ``frontier_size`` the depth of the
    node the last slice stopped at.
    """

    optimal = True

    def __init__(self, board: Board, engine_factory: Callable[[List[int]], Engine], method: str,
                 back: Optional[List[int]] = None) -> None:
        self.board = board
        self.counter = [0]
        self.engine = engine_factory(self.counter)
        self.method = method
        self.back = back
        self.stats = SearchStats(0, 0, 0)
        self.iterations = 0
        #: One ``(bound, expansions)`` pair per finished iteration (for the explain view's IDA* chart).
        self.iteration_log: List[Tuple[int, int]] = []
        self.done = False
        self._path_cells: Optional[List[int]] = None
        self._resume: Optional[List[int]] = None
        self._depth = 0
        if not board.is_solvable():
            self.done = True
            self.bound = 0
            return
        h = self.engine.estimate()
        # every solution's length has the parity of the blank's taxicab distance to its goal cell
        n = board.width
        b, gb = board.blank, board.goal.index(0)
        parity = (abs(b // n - gb // n) + abs(b % n - gb % n)) & 1
        self.bound = h + ((h ^ parity) & 1)
        self.initial_estimate = h

    def blank_path(self) -> List[int]:
        """The blank's cells after each move of the solution, in the board's own coordinates."""
        if not self._path_cells:
            return []
        cells = self._path_cells
        if self.back is not None:
            cells = [self.back[c] for c in cells]
        return cells

    def path(self) -> List[Board]:
        if not self.done or self._path_cells is None:
            return []
        return self.board.along(self.blank_path())
