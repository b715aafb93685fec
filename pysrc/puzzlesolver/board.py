"""Immutable n-by-n sliding boards with any goal, as world states for the solver.

Tiles are kept row-major in a tuple, 0 is the blank.  Everything a board needs to know about its
goal (where each tile belongs, the Manhattan distance of every tile from every cell) lives in one
shared :class:`Goal`, so a neighbor is built with one tuple copy and its distances are updated from
its parent's in O(1).

>>> board = Board([[8, 1, 3], [4, 0, 2], [7, 6, 5]])
>>> board.hamming(), board.manhattan()
(5, 10)
>>> print(board, end="")
3
 8  1  3 
 4  0  2 
 7  6  5 
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

__all__ = ["Board", "Goal", "BoardError", "HEURISTICS", "permutation_parity", "random_board"]

#: Names accepted by ``Board(..., heuristic=...)``; more are registered by :mod:`puzzlesolver.heuristics`.
HEURISTICS: Dict[str, Optional[Callable[["Board"], int]]] = {"manhattan": None, "hamming": None}


class BoardError(ValueError):
    """A grid that is not a valid board; the message is one sentence fit to show a person."""


def permutation_parity(values: Sequence[int]) -> int:
    """Parity (0 even, 1 odd) of a permutation of 0..len-1, by counting cycles in O(len).

    >>> permutation_parity([1, 0, 2]), permutation_parity([0, 1, 2])
    (1, 0)
    """
    seen = [False] * len(values)
    transpositions = 0
    for start in range(len(values)):
        if seen[start]:
            continue
        length = 0
        i = start
        while not seen[i]:
            seen[i] = True
            i = values[i]
            length += 1
        transpositions += length - 1
    return transpositions & 1


def validate_tiles(tiles: Sequence[int], n: int, what: str = "board") -> None:
    """Raise :class:`BoardError` unless ``tiles`` holds each of 0..n*n-1 exactly once."""
    if n < 2:
        raise BoardError(f"a {what} needs at least 2 rows and 2 columns, not {n}")
    cells = n * n
    if len(tiles) != cells:
        raise BoardError(f"a {n}x{n} {what} needs {cells} tiles, not {len(tiles)}")
    seen = set()
    for tile in tiles:
        if type(tile) is not int:
            raise BoardError(f"tile {tile!r} in the {what} is not a whole number")
        if not 0 <= tile < cells:
            raise BoardError(f"tile {tile} is out of range: a {n}x{n} {what} uses 0 to {cells - 1}")
        if tile in seen:
            raise BoardError(f"tile {tile} appears twice in the {what}")
        seen.add(tile)


class Goal:
    """A goal arrangement and the lookup tables every board aiming at it shares.

    ``distance[tile][cell]`` is the Manhattan distance of ``tile`` standing on ``cell`` from its
    goal cell (0 for the blank, which is not a tile).
    """

    __slots__ = ("n", "tiles", "cell_of", "distance", "moves", "_parity")

    def __init__(self, n: int, tiles: Optional[Sequence[int]] = None) -> None:
        cells = n * n
        if tiles is None:
            tiles = tuple(range(1, cells)) + (0,)
        tiles = tuple(tiles)
        validate_tiles(tiles, n, "goal")
        self.n = n
        self.tiles = tiles
        self.cell_of = [0] * cells
        for cell, tile in enumerate(tiles):
            self.cell_of[tile] = cell
        self.distance = [
            [0] * cells if tile == 0 else
            [abs(c // n - self.cell_of[tile] // n) + abs(c % n - self.cell_of[tile] % n) for c in range(cells)]
            for tile in range(cells)
        ]
        #: For each blank cell, the cells the blank can swap with, in the order up, left, down, right.
        self.moves = [
            tuple(target for target, ok in ((c - n, c >= n), (c - 1, c % n > 0),
                                            (c + n, c < cells - n), (c + 1, c % n < n - 1)) if ok)
            for c in range(cells)
        ]
        self._parity = _arrangement_parity(tiles, n)

    @staticmethod
    @lru_cache(maxsize=64)
    def of(n: int, tiles: Optional[Tuple[int, ...]] = None) -> "Goal":
        """The shared Goal for ``n`` and ``tiles`` (default: 1..n*n-1 then the blank)."""
        return Goal(n, tiles)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Goal) and self.tiles == other.tiles

    def __hash__(self) -> int:
        return hash(self.tiles)


def _arrangement_parity(tiles: Sequence[int], n: int) -> int:
    """An invariant of sliding moves: permutation parity plus the blank's row (or taxicab) parity.

    Every move is one transposition (blank with a tile) and moves the blank one cell, so
    ``permutation parity + blank row + blank column`` keeps its parity; two arrangements are
    reachable from each other exactly when this value agrees (the classic result for n >= 2).
    """
    blank = tiles.index(0)
    return (permutation_parity(tiles) + blank // n + blank % n) & 1


class Board:
    """An immutable n-by-n sliding board (n >= 2) aiming at a goal, solvable by :class:`Solver`.

    ``Board(rows)`` takes a list of rows; :meth:`from_tiles` a flat row-major sequence.  The input is
    copied.  ``goal`` is a flat row-major sequence (default 1..n*n-1 then 0) and ``heuristic`` names
    the estimate the solver uses (``"manhattan"`` by default, ``"hamming"``, or one registered in
    :data:`HEURISTICS`).
    """

    __slots__ = ("_tiles", "_blank", "_goal", "_manhattan", "_hamming", "_heuristic", "_estimate")

    def __init__(self, rows: Iterable[Iterable[int]], goal: Optional[Sequence[int]] = None,
                 heuristic: str = "manhattan") -> None:
        rows = [list(row) for row in rows]
        n = len(rows)
        for i, row in enumerate(rows):
            if len(row) != n:
                raise BoardError(f"row {i + 1} has {len(row)} tiles but the board has {n} rows: "
                                 "a board must be square")
        self._init([tile for row in rows for tile in row], n, goal, heuristic)

    @classmethod
    def from_tiles(cls, tiles: Sequence[int], goal: Optional[Sequence[int]] = None,
                   heuristic: str = "manhattan") -> "Board":
        """A board from its tiles in row-major order; the size is the square root of their count."""
        tiles = list(tiles)
        n = int(round(len(tiles) ** 0.5))
        if n * n != len(tiles):
            raise BoardError(f"{len(tiles)} tiles cannot fill a square board")
        board = cls.__new__(cls)
        board._init(tiles, n, goal, heuristic)
        return board

    def _init(self, tiles: List[int], n: int, goal: Optional[Sequence[int]], heuristic: str) -> None:
        validate_tiles(tiles, n)
        if heuristic not in HEURISTICS:
            raise BoardError(f"unknown heuristic {heuristic!r}; choose one of {', '.join(HEURISTICS)}")
        the_goal = Goal.of(n, None if goal is None else tuple(goal))
        if the_goal.n != n:
            raise BoardError(f"the goal is {the_goal.n}x{the_goal.n} but the board is {n}x{n}")
        tiles = tuple(tiles)
        distance = the_goal.distance
        self._tiles = tiles
        self._blank = tiles.index(0)
        self._goal = the_goal
        self._manhattan = sum(distance[tile][cell] for cell, tile in enumerate(tiles))
        self._hamming = sum(1 for tile, want in zip(tiles, the_goal.tiles) if tile and tile != want)
        self._heuristic = heuristic
        self._estimate = self._compute_estimate()

    def _compute_estimate(self) -> int:
        if self._heuristic == "manhattan":
            return self._manhattan
        if self._heuristic == "hamming":
            return self._hamming
        return HEURISTICS[self._heuristic](self)

    # -- the algs4 API -------------------------------------------------------------------------
    def tile_at(self, row: int, col: int) -> int:
        """The tile at (row, col), 0 for the blank; IndexError outside the board."""
        n = self._goal.n
        if not (0 <= row < n and 0 <= col < n):
            raise IndexError(f"({row}, {col}) is outside a {n}x{n} board")
        return self._tiles[row * n + col]

    def size(self) -> int:
        return self._goal.n

    dimension = size

    def hamming(self) -> int:
        """Number of tiles (not the blank) off their goal cell."""
        return self._hamming

    def manhattan(self) -> int:
        """Sum over tiles (not the blank) of the row and column distance to their goal cell."""
        return self._manhattan

    def estimated_distance_to_goal(self) -> int:
        return self._estimate

    def is_goal(self) -> bool:
        return self._tiles == self._goal.tiles

    def is_solvable(self) -> bool:
        """Whether the goal can be reached, decided from parity in O(n^2) without searching."""
        return _arrangement_parity(self._tiles, self._goal.n) == self._goal._parity

    def neighbors(self) -> List["Board"]:
        """The 2 to 4 boards one slide away, in the order blank up, left, down, right."""
        tiles = self._tiles
        blank = self._blank
        goal = self._goal
        distance = goal.distance
        want = goal.tiles
        heuristic = self._heuristic
        new = Board.__new__
        result = []
        for target in goal.moves[blank]:
            tile = tiles[target]
            cells = list(tiles)
            cells[blank] = tile
            cells[target] = 0
            board = new(Board)
            board._tiles = tuple(cells)
            board._blank = target
            board._goal = goal
            board._manhattan = m = self._manhattan - distance[tile][target] + distance[tile][blank]
            board._hamming = self._hamming + (want[target] == tile) - (want[blank] == tile)
            board._heuristic = heuristic
            board._estimate = (m if heuristic == "manhattan" else board._hamming if heuristic == "hamming"
                               else HEURISTICS[heuristic](board))
            result.append(board)
        return result

    def twin(self) -> "Board":
        """The board with the first two tiles (not the blank) swapped: solvable iff this one is not."""
        tiles = list(self._tiles)
        first, second = [cell for cell, tile in enumerate(tiles) if tile][:2]
        tiles[first], tiles[second] = tiles[second], tiles[first]
        return Board.from_tiles(tiles, self._goal.tiles, self._heuristic)

    # -- conveniences --------------------------------------------------------------------------
    @property
    def tiles(self) -> Tuple[int, ...]:
        """The tiles row-major, 0 for the blank."""
        return self._tiles

    @property
    def goal(self) -> Tuple[int, ...]:
        return self._goal.tiles

    @property
    def heuristic(self) -> str:
        return self._heuristic

    @property
    def blank(self) -> int:
        """The blank's cell index, row-major."""
        return self._blank

    def rows(self) -> List[List[int]]:
        n = self._goal.n
        return [list(self._tiles[r * n:(r + 1) * n]) for r in range(n)]

    def with_heuristic(self, heuristic: str) -> "Board":
        return Board.from_tiles(self._tiles, self._goal.tiles, heuristic)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self._tiles == other._tiles and self._goal == other._goal

    def __hash__(self) -> int:
        return hash(self._tiles)

    def __repr__(self) -> str:
        return f"Board.from_tiles({list(self._tiles)!r})"

    def __str__(self) -> str:
        n = self._goal.n
        lines = [str(n)]
        for r in range(n):
            lines.append("".join("%2d " % tile for tile in self._tiles[r * n:(r + 1) * n]))
        return "\n".join(lines) + "\n"


def random_board(n: int, rng: Optional[random.Random] = None, goal: Optional[Sequence[int]] = None,
                 heuristic: str = "manhattan") -> Board:
    """A board drawn uniformly from all boards that can reach ``goal`` (not a random walk).

    A uniform shuffle is solvable half of the time; swapping its first two tiles is a bijection
    from the unsolvable half onto the solvable half, so the result is uniform over solvable boards.

    >>> random_board(4, random.Random(7)).is_solvable()
    True
    """
    rng = rng or random.Random()
    cells = list(range(n * n))
    rng.shuffle(cells)
    board = Board.from_tiles(cells, goal, heuristic)
    return board if board.is_solvable() else board.twin()
