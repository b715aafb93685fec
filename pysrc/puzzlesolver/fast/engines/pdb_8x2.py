"""8x2's engine: two 7-7-1 partitions read from one compact 7-tile pattern (standard library only at run time).

The board is 8 wide and 2 high, its goal 1..15 then the blank (a 2x8 board and every goal with its blank in a corner
map onto it: :func:`puzzlesolver.grid.canonical_rectangle`).  The tiles of the right half, R = 5 6 7 8 13 14 15, have
a compact table (:data:`puzzlesolver.fast.tables.pdb_files.COMPACT_PATTERN_8X2`, built by
``buildtools/build_compact.py``).  The left half's tiles are R's image under two symmetries of the board, the
half turn (L = 2 3 4 9 10 11 12, tile 1 left out) and the left-right mirror (M = 1 2 3 4 10 11 12, tile 9 left
out), so the same table reads them on the board turned or mirrored.  The estimate is

    h = Manhattan distance + excess(R) + max(excess(L), excess(M))

that is the larger of the two 7-7-1 partitions R + L + {1} and R + M + {9} (a lone tile's value is its Manhattan
distance).  A symmetry moves the goal's blank out of its corner, so L and M read the table counted to the pattern at
home with the blank anywhere, and R the one counted to the goal itself: the blank's way back to its corner, through
R's cells, is most of what makes these boards long (on the ``rect16`` suite's hard boards, R counted to the blank
anywhere needed 10 to 50 times the nodes: ``docs/performance.md``).

A table's index is the k-permutation rank of its tiles' cells numbered column by column
(``buildtools/build_compact.py``), in the turned or mirrored board's numbering for L and M.  A move changes one rank
per partition it touches: by a constant when the tile's new cell is the next number (a move between the rows), else
by a constant and a correction for the pattern tile, if any, on the one cell jumped over (a move along a row).  Each
move carries, per lookup, the cell it jumps over and a table of the rank's change by (moving tile, tile jumped over):
``change[t << 4 | u]``, with a spare 17th cell that is always empty standing in for "no cell".

>>> from puzzlesolver.grid import standard_goal
>>> no_excess = bytes(57_657_600)    # tables of zeros: the estimate is Manhattan distance
>>> engine = Engine8x2(standard_goal(8, 2), [0], no_excess, no_excess)
>>> engine.estimate(), engine.reset(2)[3]
(0, 0)
"""

from __future__ import annotations

from math import prod
from typing import Dict, List, Sequence, Tuple, cast

from ...grid import blank_moves
from .protocol import Child, Suspend

__all__ = ["Engine8x2", "WIDTH", "HEIGHT", "PATTERN", "LOOKUPS", "rank", "number"]

WIDTH, HEIGHT, CELLS = 8, 2, 16
#: R: the table's tiles, in its order.
PATTERN = (5, 6, 7, 8, 13, 14, 15)
_K = len(PATTERN)
_WEIGHTS = [prod(CELLS - j for j in range(i + 1, _K)) for i in range(_K)]
#: The cell that is never a tile's: where a move along a column "jumps over" nothing.
_NOWHERE = CELLS


def number(cell: int) -> int:
    """A cell's number in the tables' order, column by column (``buildtools.build_compact.Layout``)."""
    row, col = divmod(cell, WIDTH)
    return col * HEIGHT + row


def _turned(cell: int) -> int:
    return CELLS - 1 - cell


def _mirrored(cell: int) -> int:
    row, col = divmod(cell, WIDTH)
    return row * WIDTH + WIDTH - 1 - col


#: The three lookups of the table, as maps of the board's cells: R on the board, L on it turned, M on it mirrored.
LOOKUPS = (lambda cell: cell, _turned, _mirrored)


def rank(numbers: Sequence[int]) -> int:
    """The k-permutation rank of the pattern's tiles' cell numbers (in :data:`PATTERN`'s order)."""
    r = 0
    for i, c in enumerate(numbers):
        r += (c - sum(1 for j in range(i) if numbers[j] < c)) * _WEIGHTS[i]
    return r


def _places(symmetry) -> List[int]:
    """Per tile, its place in :data:`PATTERN` as the tile it stands for on the board seen through ``symmetry``
    (-1 for a tile the lookup leaves out)."""
    places = [-1] * CELLS
    for t in range(1, CELLS):
        home = symmetry(t - 1)
        if home + 1 in PATTERN:
            places[t] = PATTERN.index(home + 1)
    return places


def _change(symmetry, places: List[int], b: int, nb: int) -> Tuple[int, List[int]]:
    """A move of a tile from ``nb`` to ``b`` in one lookup: the cell it jumps over (:data:`_NOWHERE` if none) and
    its rank's change by ``t << 4 | u`` (t the moving tile, u the tile on the cell jumped over)."""
    start, end = number(symmetry(nb)), number(symmetry(b))
    sign = 1 if end > start else -1
    over = _NOWHERE
    if abs(end - start) == 2:
        middle = (start + end) // 2
        over = next(c for c in range(CELLS) if number(symmetry(c)) == middle)
    change = [0] * 256
    for t in range(1, CELLS):
        i = places[t]
        if i < 0:
            continue
        for u in range(CELLS):
            j = places[u] if u else -1
            if over == _NOWHERE:
                step = _WEIGHTS[i]
            elif j < 0:
                step = 2 * _WEIGHTS[i]
            elif j < i:
                step = _WEIGHTS[i]
            else:
                step = 2 * _WEIGHTS[i] + _WEIGHTS[j]
            change[t << 4 | u] = sign * step
    return over, change


class Engine8x2:
    """IDA*'s 8x2 engine on one compact table read three ways (see above).

    ``exact``: the table counted to the goal (R's lookup), ``free``: counted to the blank anywhere (L's and M's), both
    as :func:`puzzlesolver.fast.tables.pdb_files.load_table` gives them (the excess over Manhattan distance).
    ``dfs(rem, b, moves, md, iR, iL, iM, vR, vLM)``: the three ranks, R's excess and the larger of L's and M's.
    """

    def __init__(self, tiles: Sequence[int], counter: List[int], exact: Sequence[int], free: Sequence[int]) -> None:
        self.name = "7-7-1 compact pattern tables (two partitions, max, turned and mirrored lookups)"
        self.exact, self.free = exact, free
        self.moves = blank_moves(WIDTH, HEIGHT)
        places = self.places = [_places(symmetry) for symmetry in LOOKUPS]
        left = self.left = [0] + [0 if places[0][t] >= 0 else 1 for t in range(1, CELLS)]
        self.distance = [[abs(c // WIDTH - (t - 1) // WIDTH) + abs(c % WIDTH - (t - 1) % WIDTH) if t else 0
                          for c in range(CELLS)] for t in range(CELLS)]
        following: Dict[Tuple[int, int], list] = {(b, nb): [] for b in range(CELLS) for nb in self.moves[b]}
        built: Dict[Tuple[int, int], tuple] = {}
        for (b, nb), after in following.items():
            oR, cR = _change(LOOKUPS[0], places[0], b, nb)
            oL, cL = _change(LOOKUPS[1], places[1], b, nb)
            oM, cM = _change(LOOKUPS[2], places[2], b, nb)
            closer = [self.distance[t][b] - self.distance[t][nb] for t in range(CELLS)]
            built[b, nb] = (nb, closer, cR, oR, cL, oL, cM, oM, after)
        for (b, nb), after in following.items():
            after.extend(built[nb, x] for x in self.moves[nb] if x != b)
        self.built = built
        self.first_moves = {b: [built[b, nb] for nb in self.moves[b]] for b in range(CELLS)}
        self.initial = list(tiles)
        board = self.board = list(tiles) + [0]
        found: List[int] = []
        self.found = found

        def dfs(rem, b, mv, md, iR, iL, iM, vR, vLM, board=board, left=left, exact=exact, free=free, ctr=counter):
            c = ctr[0] - 1
            ctr[0] = c
            if c < 0:
                raise Suspend()
            rem -= 1
            for nb, closer, cR, oR, cL, oL, cM, oM, after in mv:
                t = board[nb]
                md1 = md + closer[t]
                if left[t]:
                    jL = iL + cL[t << 4 | board[oL]]
                    jM = iM + cM[t << 4 | board[oM]]
                    v = free[jL]
                    x = free[jM]
                    if x > v:
                        v = x
                    if md1 + vR + v > rem:
                        continue
                    if md1 == 0:
                        found.append(nb)
                        return True
                    board[b] = t
                    try:
                        if dfs(rem, nb, after, md1, iR, jL, jM, vR, v):
                            found.append(nb)
                            return True
                    except Suspend as e:
                        e.path.append(nb)
                        raise
                    board[nb] = t
                else:
                    jR = iR + cR[t << 4 | board[oR]]
                    v = exact[jR]
                    if md1 + v + vLM > rem:
                        continue
                    if md1 == 0:
                        found.append(nb)
                        return True
                    board[b] = t
                    try:
                        if dfs(rem, nb, after, md1, jR, iL, iM, v, vLM):
                            found.append(nb)
                            return True
                    except Suspend as e:
                        e.path.append(nb)
                        raise
                    board[nb] = t
            return False

        self.dfs = dfs

    def state(self, tiles: Sequence[int]) -> Tuple[int, int, int, int, int, int]:
        """(Manhattan distance, the three ranks, R's excess, the larger of L's and M's) of ``tiles``, from scratch."""
        where = [0] * CELLS
        for c, t in enumerate(tiles[:CELLS]):
            where[t] = c
        ranks = []
        for symmetry, places in zip(LOOKUPS, self.places):
            numbers = [0] * _K
            for t in range(1, CELLS):
                if places[t] >= 0:
                    numbers[places[t]] = number(symmetry(where[t]))
            ranks.append(rank(numbers))
        md = sum(self.distance[t][c] for c, t in enumerate(tiles[:CELLS]))
        return md, ranks[0], ranks[1], ranks[2], self.exact[ranks[0]], max(self.free[ranks[1]], self.free[ranks[2]])

    def reset(self, bound: int) -> tuple:
        self.board[:CELLS] = self.initial
        b = self.initial.index(0)
        return (bound, b, self.first_moves[b]) + self.state(self.initial)

    def estimate(self) -> int:
        md, _, _, _, vR, vLM = self.state(self.initial)
        return md + vR + vLM

    def order(self, args: tuple) -> List[int]:
        return [entry[0] for entry in args[2]]

    def child(self, args: tuple, nb: int) -> Child:
        rem, b, _, md, iR, iL, iM, vR, vLM = args
        _, closer, cR, oR, cL, oL, cM, oM, after = self.built[b, nb]
        board = self.board
        t = board[nb]
        md += closer[t]
        if self.left[t]:
            iL, iM = iL + cL[t << 4 | board[oL]], iM + cM[t << 4 | board[oM]]
            vLM = max(self.free[iL], self.free[iM])
        else:
            iR += cR[t << 4 | board[oR]]
            vR = self.exact[iR]
        if md + vR + vLM > rem - 1:
            return None
        if md == 0:
            return True
        board[b], board[nb] = t, 0
        return (rem - 1, nb, after, md, iR, iL, iM, vR, vLM), t

    def undo(self, args: tuple, nb: int, child: Tuple[tuple, object]) -> None:
        self.board[nb] = cast(int, child[1])
        self.board[args[1]] = 0
