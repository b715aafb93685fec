"""IDA*'s engine on Manhattan distance, with or without linear conflicts, for any W x H board and any goal: the
one engine of that estimate, for the square boards' IDA* (:class:`~puzzlesolver.fast.searches.ida.IDAStar`, and the
anytime search's bound and windows) and the rectangles' (:class:`~puzzlesolver.fast.searches.rect_ida.RectIDAStar`).

:class:`ManhattanEngine` is an :class:`~.protocol.Engine`: one mutable board, the estimate updated in O(1) per move,
and a ``dfs`` closure specialised to its estimate, as :mod:`.pdb_squares`' are.  The linear conflicts of each row and
column are read by the line's key from :func:`.conflicts.conflict_table` (one table per line length: W for the rows,
H for the columns), and each move carries what it changes: the lines the tile leaves and enters, the line it crosses,
their tables and weights, so the loop has no branch on the move's direction (measured as fast as the two engines it
replaced, or faster, on every shape from 2 x 3 to 7 x 7: ``docs/performance.md``).
"""

from __future__ import annotations

from typing import Callable, List, Sequence

from ... import grid
from .conflicts import conflict_table
from .protocol import Suspend

__all__ = ["ManhattanEngine"]


class ManhattanEngine:
    """Any W x H board and goal: Manhattan distance, plus linear conflicts when ``conflicts``.  ``width`` is the
    board's width; its height is as many rows as ``tiles`` fill.

    With conflicts, a vertical slide moves a tile to another row: the two rows' conflicts change, its column keeps
    the order of its tiles (only the column's key changes); a horizontal slide is the same with rows and columns
    swapped.  ``dfs(rem, blank, previous cell, h)`` returns True at the goal, ``found`` then holds the blank's cells
    deepest first.
    """

    def __init__(self, tiles: Sequence[int], goal: Sequence[int], width: int, conflicts: bool,
                 counter: List[int]) -> None:
        cells = self.cells = len(tiles)
        height = self.height = cells // width
        self.width = width
        self.conflicts = conflicts
        self.name = "Manhattan distance + linear conflicts" if conflicts else "Manhattan distance"
        md = self.md = grid.manhattan_table(width, tuple(goal))
        self.moves = grid.blank_moves(width, height)
        self.initial = list(tiles)
        board = self.board = list(tiles)
        found: List[int] = []
        self.found = found
        ctr = counter
        if not conflicts:
            def md_dfs(rem, b, prev, h, moves=self.moves, board=board, md=md, cells=cells, ctr=ctr, found=found):
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
                        if md_dfs(rem, nb, b, h1):
                            found.append(nb)
                            return True
                    except Suspend as e:
                        e.path.append(nb)
                        raise
                    board[nb] = t
                return False

            self.dfs: Callable[..., bool] = md_dfs
            return
        home = grid.goal_cells(goal)
        row_lc, col_lc = conflict_table(width), conflict_table(height)
        rw = [0] * (cells * cells)  # what tile t on cell c adds to the key of c's row (base W + 1)
        cw = [0] * (cells * cells)  # ... and to the key of c's column (base H + 1)
        for t in range(1, cells):
            gr, gc = divmod(home[t], width)
            for c in range(cells):
                r, col = divmod(c, width)
                rw[t * cells + c] = (gc + 1) * (width + 1) ** col if r == gr else 0
                cw[t * cells + c] = (gr + 1) * (height + 1) ** r if col == gc else 0
        self.row_lc, self.col_lc, self.rw, self.cw = row_lc, col_lc, rw, cw
        rows = self.rows = [0] * height
        cols = self.cols = [0] * width
        # per blank cell, per move: (nb, the lines of the slide's direction, the crossing lines, the slide's
        # conflict table, the key weights along and across, the line the tile leaves, the one it enters, the
        # crossing line)
        self.slides = slides = tuple(
            tuple((nb, rows, cols, row_lc, rw, cw, nb // width, b // width, b % width) if nb // width != b // width
                  else (nb, cols, rows, col_lc, cw, rw, nb % width, b % width, b // width) for nb in self.moves[b])
            for b in range(cells))

        def dfs(rem, b, prev, h, slides=slides, board=board, md=md, cells=cells, ctr=ctr, found=found):
            c = ctr[0] - 1
            ctr[0] = c
            if c < 0:
                raise Suspend()
            rem -= 1
            for nb, lines, other, lc, w, s, old_line, new_line, same in slides[b]:
                if nb == prev:
                    continue
                t = board[nb]
                k = t * cells
                kn = k + nb
                kb = k + b
                a0 = lines[old_line]
                b0 = lines[new_line]
                a1 = a0 - w[kn]
                b1 = b0 + w[kb]
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
                other[same] = o0 - s[kn] + s[kb]
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
        if self.conflicts:
            for r in range(self.height):
                self.rows[r] = sum(self.rw[board[c] * cells + c] for c in range(r * width, r * width + width))
            for col in range(width):
                self.cols[col] = sum(self.cw[board[c] * cells + c] for c in range(col, cells, width))
            h += sum(self.row_lc[k] for k in self.rows) + sum(self.col_lc[k] for k in self.cols)
        return h

    def reset(self, bound: int) -> tuple:
        self.board[:] = self.initial
        return (bound, self.board.index(0), -1, self._full())

    def estimate(self) -> int:
        self.board[:] = self.initial
        return self._full()

    def order(self, args: tuple) -> List[int]:
        return [nb for nb in self.moves[args[1]] if nb != args[2]]

    def child(self, args: tuple, nb: int):
        """The move of the blank to ``nb`` as ``dfs`` makes it: the child's args and what undoes it, None when the
        bound prunes it, True at the goal (a resume replays the whole path with this, so on a big board it must not
        recompute the estimate)."""
        rem, b, _, h = args
        board, k = self.board, self.board[nb] * self.cells
        t = board[nb]
        h1 = h - self.md[k + nb] + self.md[k + b]
        if not self.conflicts:
            if h1 > rem - 1:
                return None
            if h1 == 0:
                return True
            board[b], board[nb] = t, 0
            return (rem - 1, nb, b, h1), (t,)
        _, lines, other, lc, w, s, old_line, new_line, same = next(m for m in self.slides[b] if m[0] == nb)
        a0, b0, o0 = lines[old_line], lines[new_line], other[same]
        h1 += lc[a0 - w[k + nb]] + lc[b0 + w[k + b]] - lc[a0] - lc[b0]
        if h1 > rem - 1:
            return None
        if h1 == 0:
            return True
        board[b], board[nb] = t, 0
        lines[old_line], lines[new_line], other[same] = a0 - w[k + nb], b0 + w[k + b], o0 - s[k + nb] + s[k + b]
        return (rem - 1, nb, b, h1), (t, lines, old_line, a0, new_line, b0, other, same, o0)

    def undo(self, args: tuple, nb: int, child: tuple) -> None:
        saved = child[1]
        self.board[nb] = saved[0]
        self.board[args[1]] = 0
        if len(saved) > 1:
            _, lines, old_line, a0, new_line, b0, other, same, o0 = saved
            lines[old_line], lines[new_line], other[same] = a0, b0, o0
