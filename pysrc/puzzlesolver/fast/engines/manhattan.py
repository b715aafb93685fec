"""IDA*'s engine on Manhattan distance, with or without linear conflicts, for any W x H board and goal.

:class:`ManhattanEngine` is an :class:`~.protocol.Engine` for :class:`~puzzlesolver.fast.searches.ida.IDAStar` (and the anytime search's bound
and windows): one mutable board, the estimate updated in O(1) per move, and a ``dfs`` closure specialised to its
estimate, as :mod:`.pdb_squares`' are.  The linear conflicts of each row and column are read by the line's key
from :func:`.conflicts.conflict_table`.
"""

from __future__ import annotations

from typing import List, Sequence

from ... import grid
from .conflicts import conflict_table
from .protocol import Engine, Suspend

__all__ = ["ManhattanEngine"]


class ManhattanEngine(Engine):
    """Any W x H board and goal: Manhattan distance, plus linear conflicts when ``conflicts``
    (:func:`.conflicts.conflict_table`).  ``n`` is the board's width; its height is as many rows as ``tiles`` fill."""

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
                    Suspend=Suspend):
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
                cols=cols, ctr=ctr, found=found, Suspend=Suspend):
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
