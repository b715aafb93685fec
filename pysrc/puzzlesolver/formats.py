"""Puzzle files: text in, validated puzzles out (share-URL fragments are :mod:`puzzlesolver.links`').

These board layouts are read, all with 0 as the blank; boards are W x H, each side from 2 to 20:

* **Princeton** (algs4): the size ``n``, then ``n*n`` tiles separated by any whitespace.  An optional
  second group of ``n*n`` numbers after the tiles is read as the goal.
* **Shape first**: ``WxH`` (or ``WxH:``, as a link writes it), then the W*H tiles, on one line or in rows,
  optionally followed by the goal's: ``4x3: 1 2 3 4 5 6 7 8 9 10 0 11``.  A rectangle is written so.
* **Pair** (seed 003): the initial board's rows, then the goal board's rows, no size line; blank
  lines may appear anywhere.
* **Bare rows**: ``H`` lines of ``W`` numbers, no size line; the goal is the usual 1..W*H-1 then 0.
* **One line**: rows separated by ``/`` (the game's notation, ``1 2 3/4 5 6/7 8 0``), or just the ``n*n``
  tiles of a square board row by row (``8 1 3 4 0 2 7 6 5``, or ``8,1,3,4,0,2,7,6,5`` as a share link lists
  them); the usual goal.

In every layout a comma separates numbers as whitespace does.

A file whose first word is not a number is a **word ladder**: exactly two words, start and goal.

Every problem is reported as one short sentence (no file name, no traceback) in a
:class:`PuzzleFormatError` or, for the shape and the tiles, a :class:`~puzzlesolver.board.BoardError` (the
board's own check, in its words):

>>> parse_board_text("3\\n 0 1 3\\n 4 2 5\\n 7 8 6\\n")
BoardPuzzle(n=3, tiles=(0, 1, 3, 4, 2, 5, 7, 8, 6), goal=None)
>>> parse_board_text("1 2\\n3")
Traceback (most recent call last):
...
puzzlesolver.formats.PuzzleFormatError: Row 2 has 1 number but row 1 has 2: every row must have the same length.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple, Union

from . import grid, positions
from .board import Board, check_side, shape_name, validate_tiles
from .positions import NumberError

__all__ = [
    "PuzzleFormatError", "BoardPuzzle", "WordPuzzle", "parse_board_text", "parse_puzzle_text", "quoted", "plural",
    "read_number", "validated_puzzle", "SHAPE_FIRST",
]

_INTEGER = re.compile(r"[+-]?[0-9]+")
#: The most numbers a board's text can hold: the size, then the tiles and a goal of the largest board.
_MOST_NUMBERS = 1 + 2 * grid.MAX_SIDE ** 2
#: A shape written before the tiles: ``4x3`` or ``4x3:`` (width x height).
SHAPE_FIRST = re.compile(r"\s*([0-9]{1,7})\s*[xX×]\s*([0-9]{1,7})\s*:?")


class PuzzleFormatError(ValueError):
    """Text that is not a puzzle; the message is one sentence fit to show a person.

    ``field`` is the part of the puzzle it is about: ``"board"``, ``"goal"``, ``"heuristic"``,
    ``"start"``, ``"dictionary"`` or ``"link"`` (the link as a whole).
    """

    def __init__(self, message: str, field: str = "board") -> None:
        super().__init__(message)
        self.field = field


def quoted(text: str, limit: int = 40) -> str:
    """``text`` as a message quotes it: repr, cut to ``limit`` characters (the last three an ellipsis).

    >>> quoted("0123456789" * 4)
    "'0123456789012345678901234567890123456789'"
    >>> quoted("0123456789" * 4 + "!")  # doctest: -ELLIPSIS
    "'0123456789012345678901234567890123456...'"
    """
    return repr(text) if len(text) <= limit else repr(text[:limit - 3] + "...")


@dataclass(frozen=True)
class BoardPuzzle:
    """A sliding board read from text: ``n`` tiles to a row (the size of an n x n board, the width of a
    rectangle), the tiles row-major, and the goal (None = the usual one).

    >>> BoardPuzzle(4, tuple(range(12))).shape
    '4x3'
    """

    n: int
    tiles: Tuple[int, ...]
    goal: Optional[Tuple[int, ...]] = None

    @property
    def width(self) -> int:
        return self.n

    @property
    def height(self) -> int:
        return len(self.tiles) // self.n

    @property
    def shape(self) -> str:
        return shape_name(self.width, self.height)

    @property
    def square(self) -> bool:
        return self.height == self.n

    def board(self) -> Board:
        """The puzzle as a :class:`~puzzlesolver.board.Board`."""
        return Board.from_tiles(self.tiles, self.goal, self.n)


@dataclass(frozen=True)
class WordPuzzle:
    """A word ladder: turn ``start`` into ``goal`` one letter at a time, every step a word of
    ``dictionary`` (``"common"``, ``"large"``, a word-list path, or a set of words)."""

    start: str
    goal: str
    dictionary: object = "common"


def plural(count: int, word: str) -> str:
    """A count and its noun, thousands separated: ``plural(1, "move")`` '1 move', ``plural(1500, "node")``
    '1,500 nodes' (as the page's messages.plural writes them)."""
    return f"{count:,} {word}" if count == 1 else f"{count:,} {word}s"


def read_number(word: str, template: str, field: str = "board") -> int:
    """``word`` as an int (:func:`.positions.read_number`), or PuzzleFormatError: ``template`` with ``{word}``
    (quoted) and ``{problem}``."""
    try:
        return positions.read_number(word)
    except NumberError as error:
        raise PuzzleFormatError(template.format(word=quoted(word), problem=error.problem), field) from None


def _commas_as_spaces(text: str) -> str:
    """Commas separate numbers as whitespace does: a share link lists tiles as ``8,1,3,4,0,2,7,6,5``."""
    return text.replace(",", " ")


def _number_rows(text: str) -> List[Tuple[int, List[int]]]:
    """The non-blank lines as ``(line number, numbers)``; PuzzleFormatError on a word."""
    try:
        return positions.number_rows(text, slash=False)
    except NumberError as error:
        raise PuzzleFormatError(f"Line {error.line}: {quoted(error.word)} {error.problem}.") from None


def parse_board_text(text: str) -> BoardPuzzle:
    """Read a board in the Princeton, pair or bare-rows layout, or on one line: rows separated by "/" (the
    game's notation for a position, "1 2 3/4 5 6/7 0 8") or n*n tiles row by row, and validate it completely.

    Raises :class:`PuzzleFormatError` for the layout (empty text, words, ragged or non-square
    grids, a wrong count of numbers) and :class:`~puzzlesolver.board.BoardError` for the shape (a side
    below 2 or above 20, :func:`~puzzlesolver.board.check_side`) and the tiles (a repeated tile, a number
    out of range).

    >>> parse_board_text("1 3 4\\n8 6 2\\n7 0 5\\n\\n1 2 3\\n8 0 4\\n7 6 5\\n").goal
    (1, 2, 3, 8, 0, 4, 7, 6, 5)
    >>> parse_board_text("8 1 3 4 0 2 7 6 5")
    BoardPuzzle(n=3, tiles=(8, 1, 3, 4, 0, 2, 7, 6, 5), goal=None)
    >>> parse_board_text("8,1,3,4,0,2,7,6,5")
    BoardPuzzle(n=3, tiles=(8, 1, 3, 4, 0, 2, 7, 6, 5), goal=None)
    """
    text = _commas_as_spaces(text)
    if len(text.split()) > _MOST_NUMBERS:  # checked before reading any number: huge input is refused at once
        raise PuzzleFormatError(f"Boards up to {grid.MAX_SIDE}x{grid.MAX_SIDE} are supported, and this holds far "
                                "more numbers than one of them.")
    shape = SHAPE_FIRST.match(text)
    if shape:
        return _parse_shape_first(int(shape.group(1)), int(shape.group(2)), text[shape.end():])
    if "/" in text and len(text.strip().splitlines()) == 1:
        text = text.replace("/", "\n")
    rows = _number_rows(text)
    if not rows:
        raise PuzzleFormatError("The file is empty: expected a board such as '2' then '1 2 3 0'.")
    if len(rows[0][1]) == 1:
        return _parse_princeton([number for _, numbers in rows for number in numbers])
    return _parse_rows(rows)


def _parse_princeton(numbers: List[int]) -> BoardPuzzle:
    n, values = numbers[0], numbers[1:]
    check_side(n)
    return _board_then_maybe_goal(values, n, n, after="the size")


def _parse_shape_first(width: int, height: int, text: str) -> BoardPuzzle:
    """The tiles after a ``WxH`` shape (any layout, "/" as a line break), then optionally the goal's."""
    check_side(width, height=height)
    rows = [numbers for _, numbers in _number_rows(text.replace("/", "\n"))]
    _check_rows_fit_shape(rows, width, height)
    return _board_then_maybe_goal([number for numbers in rows for number in numbers], width, height,
                                  after="its shape")


def _board_then_maybe_goal(values: List[int], width: int, height: int, after: str) -> BoardPuzzle:
    """A W x H board's numbers, then perhaps its goal's, as written ``after`` a size or a shape; any other count
    is refused in one sentence that says both counts it could be."""
    cells = width * height
    if len(values) not in (cells, 2 * cells):
        verb = "is" if len(values) == 1 else "are"
        raise PuzzleFormatError(f"A {shape_name(width, height)} board needs {cells} numbers after {after} "
                                f"({2 * cells} with its goal), but there {verb} {len(values)}.")
    return validated_puzzle(width, values[:cells], values[cells:] or None)


def _check_rows_fit_shape(rows: List[List[int]], width: int, height: int) -> None:
    """Rows of equal length other than the shape's width (nor a whole board a line) contradict the shape:
    ``2x8:`` then two rows of 8 is refused in a sentence, not read across as 2 wide and 8 high."""
    lengths = {len(numbers) for numbers in rows}
    if len(rows) < 2 or len(lengths) != 1 or lengths & {width, width * height}:
        return
    length = lengths.pop()
    fits = length * len(rows) in (width * height, 2 * width * height)
    advice = f": write {shape_name(length, width * height // length)}, or rows of {width}" if fits else ""
    raise PuzzleFormatError(f"The shape {shape_name(width, height)} says rows of {width} tiles, but these rows "
                            f"hold {length} each{advice}.")


def _parse_one_line(numbers: List[int]) -> BoardPuzzle:
    """One line of n*n numbers (n at least 2) is an n x n board, row by row."""
    side = math.isqrt(len(numbers))
    if side * side != len(numbers):
        raise PuzzleFormatError(f"One line of {len(numbers)} numbers is not a square board (a 3x3 board is 9 "
                                "numbers, a 4x4 one 16): type one row per line, separate the rows with '/' "
                                "as in '1 2 3/4 5 6/7 8 0', or give the shape first, as in '4x3: 1 2 3 ...'.")
    check_side(side)
    return validated_puzzle(side, numbers, None)


def _parse_rows(rows: List[Tuple[int, List[int]]]) -> BoardPuzzle:
    if len(rows) == 1:
        return _parse_one_line(rows[0][1])
    width = len(rows[0][1])
    if width > grid.MAX_SIDE:  # a row's length, not a size: not check_side's 'this board is 30x2'
        raise PuzzleFormatError(f"Boards up to {grid.MAX_SIDE}x{grid.MAX_SIDE} are supported, and row 1 has "
                                f"{width} numbers.")
    for index, (_, numbers) in enumerate(rows[1:], start=2):
        if len(numbers) != width:
            raise PuzzleFormatError(f"Row {index} has {plural(len(numbers), 'number')} but row 1 has "
                                    f"{width}: every row must have the same length.")
    values = [number for _, numbers in rows for number in numbers]
    if _board_then_goal(values, width):
        check_side(width, height=len(values) // 2 // width)   # a pair too is refused past 20 a side, as its board is
        return validated_puzzle(width, values[:len(values) // 2], values[len(values) // 2:])
    check_side(width, height=len(rows))
    return validated_puzzle(width, values, None)


def _board_then_goal(values: List[int], width: int) -> bool:
    """Whether the rows are a board and then its goal: the first half holds 0..k-1 once, and so does the second
    (one board of twice the rows holds 0..2k-1, so it cannot), or it is the square pair's shape (seed 003's
    files), whose goal's faults are then named as the goal's."""
    half, odd = divmod(len(values), 2)
    if odd or sorted(values[:half]) != list(range(half)):
        return False
    return half == width * width or sorted(values[half:]) == list(range(half))


def validated_puzzle(width: int, tiles: Sequence[int], goal: Optional[Sequence[int]]) -> BoardPuzzle:
    height = len(tiles) // width
    validate_tiles(tiles, width, "board", height)
    if goal is not None:
        validate_tiles(goal, width, "goal", height)
    return BoardPuzzle(width, tuple(tiles), None if goal is None else tuple(goal))


def parse_puzzle_text(text: str) -> Union[BoardPuzzle, WordPuzzle]:
    """A board (see :func:`parse_board_text`) or, when the first word is not a number, a word pair.

    Lines starting with ``#`` are comments in word files only (board files stay exactly the seeds').

    >>> parse_puzzle_text("horse nurse\\n")
    WordPuzzle(start='horse', goal='nurse', dictionary='common')
    """
    words = _commas_as_spaces(text).split()
    if not words or _INTEGER.fullmatch(words[0]) or SHAPE_FIRST.match(text):
        return parse_board_text(text)
    words = [w for line in text.splitlines() if not line.lstrip().startswith("#") for w in line.split()]
    if len(words) != 2:
        raise PuzzleFormatError(f"A word-ladder file holds two words, the start and the goal, "
                                f"but this one holds {len(words)}.", "start")
    return WordPuzzle(words[0].lower(), words[1].lower())
