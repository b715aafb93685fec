"""The boards the tests use, and the right answers about them, from the package's own Board and solver.

Nothing here is a hard-coded answer: the expected Hamming and Manhattan distances, neighbors, twins and
texts come from :class:`puzzlesolver.board.Board`, and the optimal move counts from the project's solver
(:func:`optimal_moves`: IDA* with Manhattan distance and linear conflicts, which reads no data file, so it
runs in the page without network).  The ladder of 3x3 boards (one for each optimum from 0 to 31 moves) was
picked once at random among the boards at each distance; tests/core/test_teach_boards.py checks each one's
optimum against the project's solver.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import List, Sequence, Tuple

from ..board import Board, random_board

__all__ = ["Tiles", "parse", "side_of", "rows_of", "BOARD_API_BOARDS", "LADDER_3X3", "RANDOM_SEED",
           "RANDOM_3X3_COUNT", "random_3x3", "SMALL_2X2", "EASY_4X4", "UNSOLVABLE", "PUZZLE04",
           "EFFICIENCY_BOARDS", "optimal_moves", "reference_board", "shape_of"]

Tiles = Tuple[int, ...]


def parse(text: str) -> Tiles:
    """Tiles from one line of numbers, row-major (rows may be separated by '/')."""
    return tuple(int(word) for word in text.replace("/", " ").split())


def side_of(tiles: Sequence[int]) -> int:
    """n, for the n*n tiles of a square board."""
    return int(round(len(tiles) ** 0.5))


def rows_of(tiles: Sequence[int]) -> List[List[int]]:
    """A fresh list of rows (lists) for ``tiles``: what a student's Board is given."""
    n = side_of(tiles)
    return [list(tiles[row * n:(row + 1) * n]) for row in range(n)]


def shape_of(tiles: Sequence[int]) -> dict:
    """The row's ``board`` field: ``{width, height, tiles}``."""
    n = side_of(tiles)
    return {"width": n, "height": n, "tiles": list(tiles)}


def reference_board(tiles: Sequence[int]) -> Board:
    """The package's Board for ``tiles`` (standard goal)."""
    return Board.from_tiles(list(tiles))


#: puzzle04 of the Princeton checklist, whose trace dequeues A B E J M.
PUZZLE04 = parse("0 1 3 / 4 2 5 / 7 8 6")

#: One 3x3 board for each optimal length from 0 to 31 moves (index = optimum).
LADDER_3X3: Tuple[Tiles, ...] = tuple(parse(text) for text in (
    "1 2 3 4 5 6 7 8 0", "1 2 3 4 5 6 7 0 8", "1 2 0 4 5 3 7 8 6", "1 2 3 4 6 0 7 5 8", "0 2 3 1 4 6 7 5 8",
    "1 0 3 5 2 6 4 7 8", "1 2 3 5 6 8 4 7 0", "5 0 2 1 4 3 7 8 6", "0 4 2 5 1 3 7 8 6", "4 3 6 2 1 0 7 5 8",
    "1 3 8 4 2 5 7 6 0", "5 8 2 0 1 3 4 7 6", "0 8 5 1 4 2 7 6 3", "1 8 2 0 3 5 4 7 6", "4 8 3 2 5 6 1 7 0",
    "1 0 6 4 3 5 2 7 8", "0 4 2 1 5 3 8 7 6", "1 7 3 2 6 0 4 5 8", "2 3 7 5 1 8 0 4 6", "7 0 2 3 1 5 4 8 6",
    "7 2 5 3 0 8 6 1 4", "7 0 6 1 2 4 8 3 5", "1 8 4 3 7 2 0 5 6", "8 5 1 4 2 0 6 3 7", "0 6 4 2 5 8 7 1 3",
    "2 5 7 0 6 8 4 1 3", "0 2 5 8 6 1 3 4 7", "6 2 7 0 8 5 4 3 1", "3 7 0 2 5 1 6 8 4", "5 1 7 6 2 4 3 0 8",
    "0 6 7 8 5 2 3 4 1", "8 6 7 2 5 4 3 0 1"))

#: The seed and number of the random 3x3 boards (uniform over solvable boards): enough that marking boards
#: seen when they are enqueued (a longer answer on about one random board in seven) is caught.
RANDOM_SEED = 227
RANDOM_3X3_COUNT = 32

#: Every solvable 2x2 board but the goal.
SMALL_2X2: Tuple[Tiles, ...] = tuple(parse(text) for text in (
    "1 2 0 3", "1 0 3 2", "0 1 3 2", "3 1 0 2", "3 1 2 0", "3 0 2 1", "0 3 2 1", "2 3 0 1", "2 3 1 0",
    "2 0 1 3", "0 2 1 3"))

#: 4x4 boards a plain A* solves in well under a second.
EASY_4X4: Tuple[Tiles, ...] = tuple(parse(text) for text in (
    "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15",
    "1 2 3 4 / 5 6 0 8 / 9 10 7 12 / 13 14 11 15",
    "0 1 2 3 / 5 6 7 4 / 9 10 11 8 / 13 14 15 12",
    "5 1 2 3 / 0 6 7 4 / 9 10 11 8 / 13 14 15 12",
    "1 2 3 4 / 5 0 6 8 / 9 10 7 11 / 13 14 15 12",
    "2 3 4 8 / 1 6 7 12 / 5 10 11 0 / 9 13 14 15"))

#: Boards no sequence of moves solves.
#: 2x2 and 3x3 only: the twin of a 4x4 board may be far from the goal, and twins differ from one Board to another.
UNSOLVABLE: Tuple[Tiles, ...] = tuple(parse(text) for text in (
    "1 0 2 3", "2 1 3 0", "1 2 3 / 4 5 6 / 8 7 0", "2 1 3 / 4 5 6 / 7 8 0", "1 2 3 / 4 6 5 / 7 8 0"))

#: The boards the Board API is tested on: 2x2 to 4x4, the blank in corners, on edges and inside,
#: goal boards, the checklist's examples, unsolvable ones, and a few random ones.
BOARD_API_BOARDS: Tuple[Tiles, ...] = (
    parse("1 2 3 0"), parse("0 1 3 2"), parse("2 0 1 3"), parse("3 1 0 2"),
    PUZZLE04, parse("8 1 3 / 4 0 2 / 7 6 5"), LADDER_3X3[0], LADDER_3X3[31], parse("1 2 3 / 4 5 6 / 8 7 0"),
    parse("1 0 3 / 4 2 5 / 7 8 6"), parse("1 2 3 / 0 4 6 / 7 5 8"), parse("1 2 3 / 4 5 0 / 7 8 6"),
    EASY_4X4[2], EASY_4X4[4], tuple(range(1, 16)) + (0,), parse("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 15 14 0"),
) + tuple(random_board(n, random.Random(seed)).tiles for n in (2, 3, 4) for seed in (1, 2))

#: Boards of 13 to 18 moves on which the search's board count is compared with a plain A*'s: where the
#: mistakes' counts are already 6 to 40 times a correct search's, yet quick to count.
EFFICIENCY_BOARDS: Tuple[Tiles, ...] = (LADDER_3X3[13], LADDER_3X3[15], LADDER_3X3[16], LADDER_3X3[18])


@lru_cache(maxsize=1)
def _random_3x3() -> Tuple[Tiles, ...]:
    rng = random.Random(RANDOM_SEED)
    return tuple(random_board(3, rng).tiles for _ in range(RANDOM_3X3_COUNT))


def random_3x3() -> Tuple[Tiles, ...]:
    """:data:`RANDOM_3X3_COUNT` random solvable 3x3 boards, the same on every run (seed :data:`RANDOM_SEED`)."""
    return _random_3x3()


@lru_cache(maxsize=512)
def optimal_moves(tiles: Tiles) -> int:
    """The fewest moves solving ``tiles`` (-1 when none does), by the project's own solver."""
    from ..formats import BoardPuzzle
    from ..policy import Options, solve

    board = reference_board(tiles)
    if not board.is_solvable():
        return -1
    result = solve(BoardPuzzle(side_of(tiles), tuple(tiles)), Options(algorithm="ida", heuristic="linear-conflict"))
    assert result.optimal and result.moves is not None, result.method
    return result.moves
