"""Board geometry shared by every path: goals, moves, parity, distances, line conflicts, symmetries; n x n,
and W x H where a function takes a width (the rectangular boards of :mod:`puzzlesolver.fast.searches.rect_ida`).

Everything here works on plain data -- a board is a row-major sequence of tiles with 0 for the blank,
a cell is a row-major index -- so the teaching path (:class:`~puzzlesolver.board.Board` + A*) and
the fast path (:mod:`puzzlesolver.fast`) read the same rules.  Per-board set-up is O(n^2): nothing
here builds a table of size n^2 x n^2 except :func:`manhattan_table`, which only the hot loops of the
fast path ask for (and only for the small boards they can solve).

>>> blank_moves(3)[0], blank_moves(3)[4]
((3, 1), (1, 3, 7, 5))
>>> manhattan((8, 1, 3, 4, 0, 2, 7, 6, 5), goal_cells(standard_goal(3)), 3)
10
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from typing import Iterator, List, Optional, Sequence, Tuple

__all__ = [
    "MAX_SIDE", "standard_goal", "standard_goal_with_blank", "rows_text", "goal_cells", "blank_moves",
    "permutation_parity", "arrangement_parity", "can_reach", "check_rectangle", "manhattan", "manhattan_table",
    "line_conflicts", "linear_conflicts", "symmetries", "canonical", "rectangle_symmetries", "canonical_rectangle",
    "relabel", "tiles_along", "moved_tiles",
]

#: The largest board side the engine accepts (20: 400 tiles).  Every answer about a board should come
#: back within a search budget in a browser tab, and the only solver that finishes on big boards, the
#: line-by-line one, grows about as n^6: measured on CPython, 0.3 s at 10x10, 7.6 s at 20x20 (about 11 s
#: in the browser) and 76 s at 30x30.  Bigger boards are refused at once, with one sentence, before
#: anything is built.
MAX_SIDE = 20

Tiles = Tuple[int, ...]


def standard_goal(width: int, height: Optional[int] = None) -> Tiles:
    """1..W*H-1 in reading order, then the blank (``height`` defaults to ``width``: an n x n board)."""
    return tuple(range(1, width * (height or width))) + (0,)


def standard_goal_with_blank(n: int, blank: int) -> Tiles:
    """Tiles 1..n*n-1 in reading order with the blank inserted at cell ``blank``."""
    tiles = list(range(1, n * n))
    tiles.insert(blank, 0)
    return tuple(tiles)


def rows_text(tiles: Sequence[int], n: int, width: Optional[int] = None) -> List[str]:
    """The rows (``n`` tiles each) of a board as text, the one way the engine writes a board: each tile
    right-aligned to ``width`` characters (by default the widest tile's) and followed by a space, as algs4's
    ``toString`` does.

    >>> rows_text((8, 1, 3, 4, 0, 2, 7, 6, 5), 3)
    ['8 1 3 ', '4 0 2 ', '7 6 5 ']
    >>> rows_text((1, 0, 3, 2), 2, width=2)
    [' 1  0 ', ' 3  2 ']
    """
    width = width or len(str(len(tiles) - 1))
    return ["".join(f"{tile:>{width}} " for tile in tiles[r * n:(r + 1) * n]) for r in range(len(tiles) // n)]


def goal_cells(goal: Sequence[int]) -> List[int]:
    """``cells[tile]`` = the cell where ``tile`` belongs (index 0: the blank's goal cell)."""
    cells = [0] * len(goal)
    for cell, tile in enumerate(goal):
        cells[tile] = cell
    return cells


@lru_cache(maxsize=64)
def blank_moves(width: int, height: Optional[int] = None) -> Tuple[Tuple[int, ...], ...]:
    """For each cell of the blank on a W x H board (``height`` defaults to ``width``), the cells it can swap
    with, in the order up, left, down, right.

    That is the algs4 checklist's neighbor order; every search in the package uses it, so traces
    and answers are the same whichever path produced them.
    """
    w = width
    cells = w * (height or w)
    return tuple(
        tuple(target for target, ok in ((c - w, c >= w), (c - 1, c % w > 0),
                                        (c + w, c < cells - w), (c + 1, c % w < w - 1)) if ok)
        for c in range(cells)
    )


def permutation_parity(values: Sequence[int]) -> int:
    """Parity (0 even, 1 odd) of a permutation of 0..len-1, by counting cycles in O(len).

    >>> permutation_parity([1, 0, 2]), permutation_parity([0, 1, 2])
    (1, 0)
    """
    seen = bytearray(len(values))
    transpositions = 0
    for start in range(len(values)):
        if seen[start]:
            continue
        length = 0
        i = start
        while not seen[i]:
            seen[i] = 1
            i = values[i]
            length += 1
        transpositions += length - 1
    return transpositions & 1


def arrangement_parity(tiles: Sequence[int], n: int) -> int:
    """An invariant of sliding moves on a board ``n`` cells wide (square or not): permutation parity plus the
    blank's row and column.

    Every move is one transposition (blank with a tile) and moves the blank one cell, so this sum
    keeps its parity; two arrangements are reachable from each other exactly when it agrees: on every
    rectangle of at least 2 x 2 it is the only invariant, so exactly half the arrangements reach a given goal
    (checked by breadth-first search on every shape of up to 10 cells in ``tests/core/test_rect.py``, with the
    textbook rule that reads the tiles row by row).
    """
    blank = tiles.index(0)
    return (permutation_parity(tiles) + blank // n + blank % n) & 1


def can_reach(tiles: Sequence[int], goal: Sequence[int], n: int) -> bool:
    """Whether sliding moves can turn ``tiles`` into ``goal`` (decided from parity, no search)."""
    return arrangement_parity(tiles, n) == arrangement_parity(goal, n)


def check_rectangle(width: int, height: int, tiles: Sequence[int], goal: Sequence[int]) -> None:
    """Raise ValueError unless ``tiles`` and ``goal`` both hold 0..W*H-1 once each, W and H at least 2."""
    if width < 2 or height < 2:
        raise ValueError(f"a board must be at least 2 x 2, not {width} x {height}")
    wanted = list(range(width * height))
    for name, arrangement in (("tiles", tiles), ("goal", goal)):
        if sorted(arrangement) != wanted:
            raise ValueError(f"the {name} of a {width} x {height} board must hold 0..{width * height - 1} once each")


def manhattan(tiles: Sequence[int], cells_of_goal: Sequence[int], n: int) -> int:
    """Sum over tiles (not the blank) of the rows plus columns between each tile and its goal cell."""
    total = 0
    for cell, tile in enumerate(tiles):
        if tile:
            home = cells_of_goal[tile]
            total += abs(cell // n - home // n) + abs(cell % n - home % n)
    return total


@lru_cache(maxsize=16)
def manhattan_table(n: int, goal: Tiles) -> List[int]:
    """Flat table for the hot loops on a board ``n`` cells wide (as many rows as ``goal`` fills):
    ``table[tile * cells + cell]`` = that tile's Manhattan distance there.

    cells^2 entries: meant for the boards the fast path searches (up to 7x7 or so), not for big ones.
    """
    cells = len(goal)
    home = goal_cells(goal)
    table = [0] * (cells * cells)
    for tile in range(1, cells):
        gr, gc = divmod(home[tile], n)
        for c in range(cells):
            table[tile * cells + c] = abs(c // n - gr) + abs(c % n - gc)
    return table


def line_conflicts(places: Sequence[int]) -> int:
    """Linear-conflict extra of one line.

    ``places`` are the goal places (along the line) of the tiles that stand in their goal line, in
    the order they stand.  Tiles outside a longest increasing run must each leave the line and come
    back: 2 moves each.

    >>> line_conflicts([2, 0, 1]), line_conflicts([0, 1, 2])
    (2, 0)
    """
    tails: List[int] = []  # tails[k]: smallest last place of an increasing run of length k + 1
    for place in places:
        k = bisect_left(tails, place)
        if k == len(tails):
            tails.append(place)
        else:
            tails[k] = place
    return 2 * (len(places) - len(tails))


def linear_conflicts(tiles: Sequence[int], cells_of_goal: Sequence[int], n: int) -> int:
    """The linear-conflict extra of a whole board ``n`` cells wide, rows and columns (add it to the Manhattan
    distance)."""
    extra = 0
    for row in range(len(tiles) // n):
        places = [cells_of_goal[t] % n for t in tiles[row * n:(row + 1) * n] if t and cells_of_goal[t] // n == row]
        if len(places) > 1:
            extra += line_conflicts(places)
    for col in range(n):
        places = [cells_of_goal[t] // n for t in tiles[col::n] if t and cells_of_goal[t] % n == col]
        if len(places) > 1:
            extra += line_conflicts(places)
    return extra


@lru_cache(maxsize=16)
def symmetries(n: int) -> Tuple[Tuple[int, ...], ...]:
    """The 8 symmetries of the n x n square as cell maps (identity first)."""
    maps = []
    for transpose in (False, True):
        for flip_r in (False, True):
            for flip_c in (False, True):
                m = []
                for cell in range(n * n):
                    r, c = divmod(cell, n)
                    if transpose:
                        r, c = c, r
                    if flip_r:
                        r = n - 1 - r
                    if flip_c:
                        c = n - 1 - c
                    m.append(r * n + c)
                maps.append(tuple(m))
    return tuple(maps)


def canonical(tiles: Sequence[int], goal: Sequence[int], n: int,
              blanks: Sequence[int]) -> Optional[Tuple[List[int], List[int], int]]:
    """Map a (tiles, goal) pair by a symmetry and a relabelling onto a standard goal.

    The standard goal is 1..n*n-1 in reading order with the blank at one of ``blanks`` (where a
    pattern table exists).  Returns ``(canonical tiles, cell map from canonical cells back to the
    board's, blank cell)``, or None when no symmetry puts the goal's blank on one of ``blanks``.

    >>> canonical([1, 0, 3, 2], [0, 1, 2, 3], 2, (3,))
    ([2, 1, 0, 3], [3, 2, 1, 0], 3)
    """
    goal_blank = list(goal).index(0)
    cells = n * n
    for sym in symmetries(n):
        blank = sym[goal_blank]
        if blank not in blanks:
            continue
        standard = standard_goal_with_blank(n, blank)
        relabel = [0] * cells
        moved_tiles = [0] * cells
        back = [0] * cells
        for cell in range(cells):
            relabel[goal[cell]] = standard[sym[cell]]
            back[sym[cell]] = cell
        for cell in range(cells):
            moved_tiles[sym[cell]] = relabel[tiles[cell]]
        return moved_tiles, back, blank
    return None


@lru_cache(maxsize=32)
def rectangle_symmetries(width: int, height: int) -> Tuple[Tuple[int, Tuple[int, ...]], ...]:
    """The 8 symmetries of a W x H rectangle as ``(width after, cell map)``: the 4 flips onto itself (identity
    first), then the 4 onto its H x W transpose."""
    maps = []
    for transpose in (False, True):
        new_width = height if transpose else width
        for flip_r in (False, True):
            for flip_c in (False, True):
                cells = []
                for cell in range(width * height):
                    r, c = divmod(cell, width)
                    r, c = (height - 1 - r if flip_r else r), (width - 1 - c if flip_c else c)
                    cells.append(c * new_width + r if transpose else r * new_width + c)
                maps.append((new_width, tuple(cells)))
    return tuple(maps)


def canonical_rectangle(tiles: Sequence[int], goal: Sequence[int],
                        width: int) -> Optional[Tuple[List[int], List[int], int]]:
    """Map a (tiles, goal) pair on a W x H board by a symmetry and a relabelling onto the standard goal (1..k,
    then the blank) of the board at least as wide as it is high, so that one set of tables for that shape serves
    both orientations and every goal with its blank in a corner.

    Returns ``(canonical tiles, cell map from canonical cells back to the board's, canonical width)``, or None
    when the goal's blank is not in a corner.

    >>> canonical_rectangle([1, 2, 0, 3, 4, 5], [1, 2, 3, 4, 5, 0], 2)   # 2 wide, 3 high: as 3 wide, 2 high
    ([1, 0, 5, 4, 2, 3], [0, 2, 4, 1, 3, 5], 3)
    """
    height = len(tiles) // width
    goal_blank = list(goal).index(0)
    last = len(goal) - 1
    for new_width, sym in rectangle_symmetries(width, height):
        if sym[goal_blank] != last or new_width < len(goal) // new_width:
            continue
        relabel = [0] * len(goal)
        moved = [0] * len(goal)
        back = [0] * len(goal)
        for cell, target in enumerate(sym):
            relabel[goal[cell]] = target + 1 if target != last else 0
            back[target] = cell
        for cell, target in enumerate(sym):
            moved[target] = relabel[tiles[cell]]
        return moved, back, new_width
    return None


def relabel(tiles: Sequence[int], goal: Sequence[int]) -> Tuple[List[int], List[int]]:
    """The same two arrangements of one set of tiles with the tiles renamed 1..k in the order of their labels
    (the blank stays 0): a region cut out of a bigger board becomes a board of its own.

    >>> relabel([7, 0, 3, 12], [3, 7, 12, 0])
    ([2, 0, 1, 3], [1, 2, 3, 0])
    """
    names = {t: i for i, t in enumerate(sorted(goal))}
    return [names[t] for t in tiles], [names[t] for t in goal]


def tiles_along(tiles: Sequence[int], blank_path: Sequence[int], width: Optional[int] = None) -> Iterator[Tiles]:
    """The arrangements from ``tiles`` on, the blank moving to each cell of ``blank_path`` in turn, on a board
    ``width`` cells wide (by default a square one).

    Raises ValueError at the first cell that is not next to the blank.

    >>> [t for t in tiles_along((1, 2, 0, 3), [3])]
    [(1, 2, 0, 3), (1, 2, 3, 0)]
    """
    width = width or int(round(len(tiles) ** 0.5))
    moves = blank_moves(width, len(tiles) // width)
    board = list(tiles)
    blank = board.index(0)
    yield tuple(board)
    for cell in blank_path:
        if cell not in moves[blank]:
            raise ValueError(f"the blank cannot move from cell {blank} to cell {cell}")
        board[blank], board[cell] = board[cell], 0
        blank = cell
        yield tuple(board)


def moved_tiles(tiles: Sequence[int], blank_path: Sequence[int]) -> List[int]:
    """The tile that slides at each move (the one standing where the blank goes).

    >>> moved_tiles((1, 2, 0, 3), [3])
    [3]
    """
    board = list(tiles)
    blank = board.index(0)
    out = []
    for cell in blank_path:
        out.append(board[cell])
        board[blank], board[cell] = board[cell], 0
        blank = cell
    return out
