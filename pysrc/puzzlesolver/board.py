"""Immutable W x H sliding boards (n x n is the seeds' case) with any goal, as world states for the solver.

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


def shape_name(width: int, height: Optional[int] = None) -> str:
    """How messages name a shape, width first: ``"4x3"`` (``height`` defaults to ``width``)."""
    return f"{width}x{width if height is None else height}"


def check_side(width: int, what: str = "board", height: Optional[int] = None) -> None:
    """Raise :class:`BoardError` unless each side is from 2 to :data:`~puzzlesolver.grid.MAX_SIDE`
    (``height`` defaults to ``width``: an n x n board).

    >>> check_side(21, height=3)
    Traceback (most recent call last):
    puzzlesolver.board.BoardError: Boards up to 20x20 are supported (each side 2 to 20); this board is 21x3.
    """
    height = width if height is None else height
    if min(width, height) < 2:
        if width == height:
            raise BoardError(f"A {what} needs at least 2 rows and 2 columns, not {width}.", what)
        raise BoardError(f"A {what} needs at least 2 rows and 2 columns; this one is "
                         f"{shape_name(width, height)}.", what)
    if max(width, height) > grid.MAX_SIDE:
        each = "" if width == height else f" (each side 2 to {grid.MAX_SIDE})"
        raise BoardError(f"Boards up to {grid.MAX_SIDE}x{grid.MAX_SIDE} are supported{each}; this {what} is "
                         f"{shape_name(width, height)}.", what)


def validate_tiles(tiles: Sequence[int], width: int, what: str = "board", height: Optional[int] = None) -> None:
    """Raise :class:`BoardError` unless ``tiles`` holds each of 0..W*H-1 exactly once (O(W*H))."""
    height = width if height is None else height
    if min(width, height) < 2:
        check_side(width, what, height)
    cells = width * height
    shape = shape_name(width, height)
    if len(tiles) != cells:
        raise BoardError(f"A {shape} {what} needs {cells} tiles, not {len(tiles)}.", what)
    seen = bytearray(cells)
    for tile in tiles:
        if type(tile) is not int:
            raise BoardError(f"Tile {str(tile)[:20]!r} in the {what} is not a whole number.", what)
        if not 0 <= tile < cells:
            raise BoardError(f"Tile {tile} is out of range: a {shape} {what} uses 0 to {cells - 1}.", what)
        if seen[tile]:
            raise BoardError(f"Tile {tile} appears twice in the {what}.", what)
        seen[tile] = 1


class Goal:
    """A goal arrangement on a W x H board and what every board aiming at it shares (all O(W*H)).

    ``row[tile]`` and ``col[tile]`` are where ``tile`` belongs; ``moves[cell]`` the cells the blank
    can swap with from ``cell`` (up, left, down, right).
    """

    __slots__ = ("width", "height", "tiles", "row", "col", "cell_row", "cell_col", "moves", "parity")

    def __init__(self, width: int, tiles: Optional[Sequence[int]] = None, height: Optional[int] = None) -> None:
        height = width if height is None else height
        tiles = grid.standard_goal(width, height) if tiles is None else tuple(tiles)
        validate_tiles(tiles, width, "goal", height)
        self.width = width
        self.height = height
        self.tiles = tiles
        home = grid.goal_cells(tiles)
        self.row = [cell // width for cell in home]
        self.col = [cell % width for cell in home]
        self.cell_row = [cell // width for cell in range(width * height)]
        self.cell_col = [cell % width for cell in range(width * height)]
        self.moves = grid.blank_moves(width, height)
        self.parity = grid.arrangement_parity(tiles, width)

    @staticmethod
    @lru_cache(maxsize=64)
    def of(width: int, tiles: Optional[Tuple[int, ...]] = None, height: Optional[int] = None) -> "Goal":
        """The shared Goal for the shape and ``tiles`` (default: 1..W*H-1 then the blank)."""
        return Goal(width, tiles, height)

    def distance(self, tile: int, cell: int) -> int:
        """Manhattan distance of ``tile`` standing on ``cell`` from its goal cell."""
        return abs(self.cell_row[cell] - self.row[tile]) + abs(self.cell_col[cell] - self.col[tile])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Goal) and self.tiles == other.tiles and self.width == other.width

    def __hash__(self) -> int:
        return hash(self.tiles)


class Board:
    """An immutable W x H sliding board (each side 2 to MAX_SIDE) aiming at a goal, solvable by A*.

    ``Board(rows)`` takes a list of rows; :meth:`from_tiles` a flat row-major sequence.  The input is
    copied.  ``goal`` is a flat row-major sequence (default 1..W*H-1 then 0).  Its own estimate is the
    seeds' Manhattan distance; a search takes any other as a function of the board
    (:data:`puzzlesolver.heuristics.ESTIMATES`), so a board knows no estimate but its two distances.
    The seeds' API (``size``, ``dimension``) is the n x n one; a rectangle has a :attr:`width` and a
    :attr:`height`.

    >>> Board([[1, 2, 3, 4], [5, 6, 0, 7]]).width, Board([[1, 2, 3, 4], [5, 6, 0, 7]]).height
    (4, 2)
    """

    __slots__ = ("_tiles", "_blank", "_goal", "_manhattan", "_hamming")

    def __init__(self, rows: Iterable[Iterable[int]], goal: Optional[Sequence[int]] = None) -> None:
        rows = [list(row) for row in rows]
        width = len(rows[0]) if rows else 0
        for i, row in enumerate(rows):
            if len(row) != width:
                raise BoardError(f"Row {i + 1} has {len(row)} tiles but row 1 has {width}: "
                                 "every row needs as many tiles.")
        self._init([tile for row in rows for tile in row], width, len(rows), goal)

    @classmethod
    def from_tiles(cls, tiles: Sequence[int], goal: Optional[Sequence[int]] = None,
                   width: Optional[int] = None) -> "Board":
        """A board from its tiles in row-major order, ``width`` to a row (by default a square board's).

        >>> Board.from_tiles([1, 2, 3, 4, 5, 0], width=3).height
        2
        """
        tiles = list(tiles)
        if width is None:
            width = int(round(len(tiles) ** 0.5))
            if width * width != len(tiles):
                raise BoardError(f"{len(tiles)} tiles cannot fill a square board.")
        elif width < 1 or len(tiles) % width:
            raise BoardError(f"{len(tiles)} tiles cannot fill rows of {width}.")
        board = cls.__new__(cls)
        board._init(tiles, width, len(tiles) // width, goal)
        return board

    def _init(self, tiles: List[int], width: int, height: int, goal: Optional[Sequence[int]]) -> None:
        check_side(width, height=height)
        validate_tiles(tiles, width, height=height)
        the_goal = Goal.of(width, None if goal is None else tuple(goal), height)
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
        width, height = self._goal.width, self._goal.height
        if not (0 <= row < height and 0 <= col < width):
            raise IndexError(f"({row}, {col}) is outside a {shape_name(width, height)} board")
        return self._tiles[row * width + col]

    def size(self) -> int:
        """n, for an n x n board (the seeds' API); a rectangle has a width and a height instead."""
        if self._goal.width != self._goal.height:
            raise ValueError(f"a {self.shape} board has a width and a height, not one size")
        return self._goal.width

    dimension = size

    @property
    def width(self) -> int:
        """Cells in a row."""
        return self._goal.width

    @property
    def height(self) -> int:
        """Rows."""
        return self._goal.height

    @property
    def shape(self) -> str:
        """Width x height as messages write it: ``"4x3"``."""
        return shape_name(self._goal.width, self._goal.height)

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
        return grid.arrangement_parity(self._tiles, self._goal.width) == self._goal.parity

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
        return Board.from_tiles(tiles, self._goal.tiles, self._goal.width)

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
        width = self._goal.width
        return [list(self._tiles[r * width:(r + 1) * width]) for r in range(self._goal.height)]

    def __eq__(self, other: object) -> bool:
        # Boards of one search share their Goal: the identity test spares A*'s duplicate check a call.
        return isinstance(other, Board) and self._tiles == other._tiles and (
            self._goal is other._goal or self._goal == other._goal)

    def __hash__(self) -> int:
        return hash(self._tiles)

    def __repr__(self) -> str:
        if self._goal.width == self._goal.height:
            return f"Board.from_tiles({list(self._tiles)!r})"
        return f"Board.from_tiles({list(self._tiles)!r}, width={self._goal.width})"

    def __str__(self) -> str:
        width, height = self._goal.width, self._goal.height
        size = str(width) if width == height else self.shape
        return "\n".join([size] + grid.rows_text(self._tiles, width, width=2)) + "\n"


def random_board(n: int, rng: Optional[random.Random] = None, goal: Optional[Sequence[int]] = None,
                 height: Optional[int] = None) -> Board:
    """A board ``n`` wide and ``height`` high (by default n x n) drawn uniformly from all boards that can
    reach ``goal`` (not a random walk).

    A uniform shuffle is solvable half of the time; swapping its first two tiles is a bijection
    from the unsolvable half onto the solvable half, so the result is uniform over solvable boards.

    >>> random_board(4, random.Random(7)).is_solvable()
    True
    """
    rng = rng or random.Random()
    cells = list(range(n * (height or n)))
    rng.shuffle(cells)
    board = Board.from_tiles(cells, goal, n)
    return board if board.is_solvable() else board.twin()
