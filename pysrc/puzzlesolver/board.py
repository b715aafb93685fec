"""Immutable n-by-n sliding boards with any goal, as world states for the solver.

Tiles are kept row-major in a tuple, 0 is the blank.  What a board needs to know about its goal
(where each tile belongs, which cells the blank can reach) lives in one shared :class:`Goal`, built
in O(n^2), so a neighbor is one tuple copy and its Manhattan and Hamming distances are updated from
its parent's in O(1).  The geometry itself is :mod:`puzzlesolver.grid`'s.

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
from typing import Iterable, List, Optional, Sequence, Tuple

from . import grid

__all__ = ["Board", "Goal", "BoardError", "check_side", "validate_tiles", "random_board"]


class BoardError(ValueError):
    """A grid that is not a valid board; the message is one sentence fit to show a person.

    ``field`` is ``"board"`` or ``"goal"``: which of the two the problem is in.
    """

    def __init__(self, message: str, field: str = "board") -> None:
        super().__init__(message)
        self.field = field


def check_side(n: int, what: str = "board") -> None:
    """Raise :class:`BoardError` unless 2 <= n <= :data:`~puzzlesolver.grid.MAX_SIDE`."""
    if n < 2:
        raise BoardError(f"A {what} needs at least 2 rows and 2 columns, not {n}.", what)
    if n > grid.MAX_SIDE:
        raise BoardError(f"Boards up to {grid.MAX_SIDE}x{grid.MAX_SIDE} are supported; this {what} is {n}x{n}.", what)


def validate_tiles(tiles: Sequence[int], n: int, what: str = "board") -> None:
    """Raise :class:`BoardError` unless ``tiles`` holds each of 0..n*n-1 exactly once (O(n^2))."""
    if n < 2:
        raise BoardError(f"A {what} needs at least 2 rows and 2 columns, not {n}.", what)
    cells = n * n
    if len(tiles) != cells:
        raise BoardError(f"A {n}x{n} {what} needs {cells} tiles, not {len(tiles)}.", what)
    seen = bytearray(cells)
    for tile in tiles:
        if type(tile) is not int:
            raise BoardError(f"Tile {str(tile)[:20]!r} in the {what} is not a whole number.", what)
        if not 0 <= tile < cells:
            raise BoardError(f"Tile {tile} is out of range: a {n}x{n} {what} uses 0 to {cells - 1}.", what)
        if seen[tile]:
            raise BoardError(f"Tile {tile} appears twice in the {what}.", what)
        seen[tile] = 1


class Goal:
    """A goal arrangement and what every board aiming at it shares (all O(n^2)).

    ``row[tile]`` and ``col[tile]`` are where ``tile`` belongs; ``moves[cell]`` the cells the blank
    can swap with from ``cell`` (up, left, down, right).
    """

    __slots__ = ("n", "tiles", "row", "col", "cell_row", "cell_col", "moves", "parity")

    def __init__(self, n: int, tiles: Optional[Sequence[int]] = None) -> None:
        tiles = grid.standard_goal(n) if tiles is None else tuple(tiles)
        validate_tiles(tiles, n, "goal")
        self.n = n
        self.tiles = tiles
        home = grid.goal_cells(tiles)
        self.row = [cell // n for cell in home]
        self.col = [cell % n for cell in home]
        self.cell_row = [cell // n for cell in range(n * n)]
        self.cell_col = [cell % n for cell in range(n * n)]
        self.moves = grid.blank_moves(n)
        self.parity = grid.arrangement_parity(tiles, n)

    @staticmethod
    @lru_cache(maxsize=64)
    def of(n: int, tiles: Optional[Tuple[int, ...]] = None) -> "Goal":
        """The shared Goal for ``n`` and ``tiles`` (default: 1..n*n-1 then the blank)."""
        return Goal(n, tiles)

    def distance(self, tile: int, cell: int) -> int:
        """Manhattan distance of ``tile`` standing on ``cell`` from its goal cell."""
        return abs(self.cell_row[cell] - self.row[tile]) + abs(self.cell_col[cell] - self.col[tile])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Goal) and self.tiles == other.tiles

    def __hash__(self) -> int:
        return hash(self.tiles)


class Board:
    """An immutable n-by-n sliding board (2 <= n <= MAX_SIDE) aiming at a goal, solvable by A*.

    ``Board(rows)`` takes a list of rows; :meth:`from_tiles` a flat row-major sequence.  The input is
    copied.  ``goal`` is a flat row-major sequence (default 1..n*n-1 then 0).  Its own estimate is the
    seeds' Manhattan distance; a search takes any other as a function of the board
    (:data:`puzzlesolver.heuristics.ESTIMATES`), so a board knows no estimate but its two distances.
    """

    __slots__ = ("_tiles", "_blank", "_goal", "_manhattan", "_hamming")

    def __init__(self, rows: Iterable[Iterable[int]], goal: Optional[Sequence[int]] = None) -> None:
        rows = [list(row) for row in rows]
        n = len(rows)
        for i, row in enumerate(rows):
            if len(row) != n:
                raise BoardError(f"Row {i + 1} has {len(row)} tiles but the board has {n} rows: "
                                 "a board must be square.")
        self._init([tile for row in rows for tile in row], n, goal)

    @classmethod
    def from_tiles(cls, tiles: Sequence[int], goal: Optional[Sequence[int]] = None) -> "Board":
        """A board from its tiles in row-major order; the size is the square root of their count."""
        tiles = list(tiles)
        n = int(round(len(tiles) ** 0.5))
        if n * n != len(tiles):
            raise BoardError(f"{len(tiles)} tiles cannot fill a square board.")
        board = cls.__new__(cls)
        board._init(tiles, n, goal)
        return board

    def _init(self, tiles: List[int], n: int, goal: Optional[Sequence[int]]) -> None:
        check_side(n)
        validate_tiles(tiles, n)
        the_goal = Goal.of(n, None if goal is None else tuple(goal))
        if the_goal.n != n:
            raise BoardError(f"The goal is {the_goal.n}x{the_goal.n} but the board is {n}x{n}.")
        tiles = tuple(tiles)
        self._tiles = tiles
        self._blank = tiles.index(0)
        self._goal = the_goal
        distance = the_goal.distance
        self._manhattan = sum(distance(tile, cell) for cell, tile in enumerate(tiles) if tile)
        self._hamming = sum(1 for tile, want in zip(tiles, the_goal.tiles) if tile and tile != want)

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
        """The seeds' estimate: Manhattan distance."""
        return self._manhattan

    def is_goal(self) -> bool:
        return self._tiles == self._goal.tiles

    def is_solvable(self) -> bool:
        """Whether the goal can be reached, decided from parity in O(n^2) without searching."""
        return grid.arrangement_parity(self._tiles, self._goal.n) == self._goal.parity

    def neighbors(self) -> List["Board"]:
        """The 2 to 4 boards one slide away, in the order blank up, left, down, right."""
        return self._slid_to(self._goal.moves[self._blank])

    def _slid_to(self, targets: Iterable[int]) -> List["Board"]:
        """The boards after the tile on each of ``targets`` (next to the blank) slides into the blank.

        One tuple copy each; Manhattan and Hamming are updated from this board's in O(1): only the
        moved tile's row (or column) changes.  (One loop over all targets, not a call per target:
        this is A*'s inner loop, and the call measured 50% slower.)
        """
        tiles = self._tiles
        blank = self._blank
        goal = self._goal
        row, col, cell_row, cell_col = goal.row, goal.col, goal.cell_row, goal.cell_col
        want = goal.tiles
        new = Board.__new__
        result = []
        for target in targets:
            tile = tiles[target]
            cells = list(tiles)
            cells[blank] = tile
            cells[target] = 0
            board = new(Board)
            board._tiles = tuple(cells)
            board._blank = target
            board._goal = goal
            if cell_row[target] == cell_row[blank]:
                home = col[tile]
                m = self._manhattan - abs(cell_col[target] - home) + abs(cell_col[blank] - home)
            else:
                home = row[tile]
                m = self._manhattan - abs(cell_row[target] - home) + abs(cell_row[blank] - home)
            board._manhattan = m
            board._hamming = self._hamming + (want[target] == tile) - (want[blank] == tile)
            result.append(board)
        return result

    def slide(self, cell: int) -> "Board":
        """The board after the blank moves to ``cell``; ValueError unless ``cell`` is next to the blank."""
        if cell not in self._goal.moves[self._blank]:
            raise ValueError(f"the blank cannot move from cell {self._blank} to cell {cell}")
        return self._slid_to((cell,))[0]

    def along(self, blank_path: Iterable[int]) -> List["Board"]:
        """This board and the boards after each move of the blank to the cells of ``blank_path``."""
        boards = [self]
        for cell in blank_path:
            boards.append(boards[-1].slide(cell))
        return boards

    def twin(self) -> "Board":
        """The board with the first two tiles (not the blank) swapped: solvable iff this one is not."""
        tiles = list(self._tiles)
        first, second = [cell for cell, tile in enumerate(tiles) if tile][:2]
        tiles[first], tiles[second] = tiles[second], tiles[first]
        return Board.from_tiles(tiles, self._goal.tiles)

    # -- conveniences --------------------------------------------------------------------------
    @property
    def tiles(self) -> Tuple[int, ...]:
        """The tiles row-major, 0 for the blank."""
        return self._tiles

    @property
    def goal(self) -> Tuple[int, ...]:
        return self._goal.tiles

    @property
    def blank(self) -> int:
        """The blank's cell index, row-major."""
        return self._blank

    def rows(self) -> List[List[int]]:
        n = self._goal.n
        return [list(self._tiles[r * n:(r + 1) * n]) for r in range(n)]

    def __eq__(self, other: object) -> bool:
        # Boards of one search share their Goal: the identity test spares A*'s duplicate check a call.
        return isinstance(other, Board) and self._tiles == other._tiles and (
            self._goal is other._goal or self._goal == other._goal)

    def __hash__(self) -> int:
        return hash(self._tiles)

    def __repr__(self) -> str:
        return f"Board.from_tiles({list(self._tiles)!r})"

    def __str__(self) -> str:
        n = self._goal.n
        return "\n".join([str(n)] + grid.rows_text(self._tiles, n, width=2)) + "\n"


def random_board(n: int, rng: Optional[random.Random] = None, goal: Optional[Sequence[int]] = None) -> Board:
    """A board drawn uniformly from all boards that can reach ``goal`` (not a random walk).

    A uniform shuffle is solvable half of the time; swapping its first two tiles is a bijection
    from the unsolvable half onto the solvable half, so the result is uniform over solvable boards.

    >>> random_board(4, random.Random(7)).is_solvable()
    True
    """
    rng = rng or random.Random()
    cells = list(range(n * n))
    rng.shuffle(cells)
    board = Board.from_tiles(cells, goal)
    return board if board.is_solvable() else board.twin()
