"""Manhattan distance + linear conflicts on boards packed into integers, for the searches that keep many boards.

:class:`LineEstimate` holds, for one shape (W x H) and one goal, the tables the beam search and the anytime
searches need to update the estimate of a child from its parent's in O(1):

* a board is one integer: tile ``t`` on cell ``c`` contributes ``t << (bits * c)``, so a move of the
  blank from ``b`` to ``nb`` turns ``board`` into ``board + t * step`` (``step`` precomputed per move);
* the keys of the lines' linear conflicts (as in :func:`puzzlesolver.fast.engines.conflicts._line_conflict_table`, in
  the base of the longer side) are packed into one more integer, one slot of ``key_bits`` bits per row,
  then one per column; a
  move changes it by two precomputed weights, and only the two lines the tile leaves and enters
  (two rows for a vertical move, two columns for a horizontal one) can change their conflicts.

The linear-conflict table is :func:`puzzlesolver.fast.engines.conflicts.conflict_table`'s: whole up to 6x6, filled on
demand for lines of 7 cells and more.
"""

from __future__ import annotations

from typing import List, Sequence, Tuple

from ... import grid
from .conflicts import conflict_table

__all__ = ["LineEstimate"]


class LineEstimate:
    """``md_weight`` x Manhattan distance + ``sq_weight`` x the tiles' squared distances + ``lc_weight`` x
    linear conflicts towards ``goal`` on a board ``n`` cells wide (as many rows as ``goal`` fills), on packed
    boards.

    A tile's squared distance is d*d + m*m, d its Manhattan distance and m the longer of its row and column
    distances.  The weights 1, 1, 0 give the admissible estimate; others rank boards differently, for searches that
    need not be optimal: with squares a tile far from home costs more than two tiles half as far (and one far along a
    line more than one as far diagonally), so a beam brings the far tiles home first and is left with short moves at
    the end (see :mod:`puzzlesolver.fast.searches.anytime` for what that measured).
    """

    def __init__(self, n: int, goal: Sequence[int], md_weight: int = 1, lc_weight: int = 1,
                 sq_weight: int = 0) -> None:
        cells = self.cells = len(goal)
        height = self.height = cells // n
        self.n = n
        self.goal = tuple(goal)
        self.bits = bits = max(1, (cells - 1).bit_length())
        self.tile_mask = (1 << bits) - 1
        longest = max(n, height)
        base = longest + 1
        self.key_bits = key_bits = (base ** longest - 1).bit_length()
        self.mask = (1 << key_bits) - 1
        self.md_weight, self.lc_weight, self.sq_weight = md_weight, lc_weight, sq_weight
        home = grid.goal_cells(self.goal)
        self.md = self._distances(home)
        #: the most the distance part of the estimate can rise in one move (a tile one step further from home,
        #: along a column or a row; a tile whose home is a corner meets every pair of row and column distances)
        self.max_rise = max([self._distance(dr + 1, dc) - self._distance(dr, dc) for dr in range(height - 1)
                             for dc in range(n)] + [self._distance(dr, dc + 1) - self._distance(dr, dc)
                                                    for dr in range(height) for dc in range(n - 1)], default=0)
        self.lc = conflict_table(longest, lc_weight)
        weight = [0] * (cells * cells)  # what tile t on cell c adds to the packed line keys
        for t in range(1, cells):
            gr, gc = divmod(home[t], n)
            for c in range(cells):
                r, col = divmod(c, n)
                if r == gr:
                    weight[t * cells + c] += ((gc + 1) * base ** col) << (key_bits * r)
                if col == gc:
                    weight[t * cells + c] += ((gr + 1) * base ** r) << (key_bits * (height + col))
        self.line_weight = weight
        self.moves = self._moves(home)

    def _distance(self, dr: int, dc: int) -> int:
        """The distance part of the estimate for a tile ``dr`` rows and ``dc`` columns from home."""
        d, m = dr + dc, max(dr, dc)
        return self.md_weight * d + self.sq_weight * (d * d + m * m)

    def _distances(self, home: Sequence[int]) -> List[int]:
        """``table[t * cells + c]``: the distance part of the estimate for tile t on cell c."""
        n, cells = self.n, self.cells
        if (self.md_weight, self.sq_weight) == (1, 0):
            return grid.manhattan_table(n, self.goal)
        table = [0] * (cells * cells)
        for t in range(1, cells):
            gr, gc = divmod(home[t], n)
            for c in range(cells):
                table[t * cells + c] = self._distance(abs(c // n - gr), abs(c % n - gc))
        return table

    def _moves(self, home: Sequence[int]) -> List[Tuple[tuple, ...]]:
        """Per blank cell b: (nb, step, shift of nb, slot of the line left, slot of the line entered, which
        tiles may change the conflicts) -- a tile's move changes the conflicts only if it leaves or enters
        the line of its goal cell (``home``)."""
        n, height, bits, key_bits = self.n, self.height, self.bits, self.key_bits
        out = []
        for b, targets in enumerate(grid.blank_moves(n, height)):
            entries = []
            for nb in targets:
                if nb // n != b // n:   # vertical: the tile leaves a row for another
                    leave, enter = nb // n, b // n
                    touches = bytes(h // n in (leave, enter) for h in home)
                else:                   # horizontal: a column for another (their slots follow the rows')
                    leave, enter = height + nb % n, height + b % n
                    touches = bytes(height + h % n in (leave, enter) for h in home)
                entries.append((nb, (1 << (bits * b)) - (1 << (bits * nb)), bits * nb,
                                key_bits * leave, key_bits * enter, touches))
            out.append(tuple(entries))
        return out

    def encode(self, tiles: Sequence[int]) -> Tuple[int, int, int]:
        """``(board, lines, estimate)`` of a board given as a tile list (``lines``: the packed line keys)."""
        cells, bits, key_bits, mask = self.cells, self.bits, self.key_bits, self.mask
        board = sum(t << (bits * c) for c, t in enumerate(tiles))
        lines = sum(self.line_weight[t * cells + c] for c, t in enumerate(tiles) if t)
        h = sum(self.md[t * cells + c] for c, t in enumerate(tiles) if t)
        h += sum(self.lc[(lines >> (key_bits * i)) & mask] for i in range(self.height + self.n))
        return board, lines, h

    def decode(self, board: int) -> List[int]:
        """The tile list of a packed board."""
        return [(board >> (self.bits * c)) & self.tile_mask for c in range(self.cells)]
