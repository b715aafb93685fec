"""Moves and positions written as the speedsolvers write them (slidysim's and slidy's notation), the twin of
``site/core/notation.js``: both are held to the same cases (``tests/parity/notation_cases.json``).

Moves: one letter per move, U D L R for the way a tile moves (or, in the blank's convention, the way the blank
moves), runs counted (``R3``).  The reading of a move string, with its one-line errors, is the answer checker's
(:func:`puzzlesolver.check.move_letters`).

Positions, for any W x H with each side from 2 to 20: rows separated by ``/``, tiles by spaces, 0 for the blank,
width first in a shape's name (4x3 = 4 tiles a row, 3 rows): ``"1 2 3 4/5 6 7 8/9 10 11 0"``.

>>> position_text(parse_position("1 2 3 4 / 5 6 7 8\\n9 10 11 0").tiles, 4)
'1 2 3 4/5 6 7 8/9 10 11 0'
"""

from __future__ import annotations

import re
from typing import NamedTuple, Optional, Sequence, Tuple

from .board import Board, BoardError, check_side
from .check import OPPOSITE, move_letters, numbered_lines
from .positions import position_rows

__all__ = ["NotationError", "Position", "move_string", "to_notation", "parse_moves", "parse_position",
           "position_text", "board_text"]

_TILE = re.compile(r"[0-9]+")


class NotationError(ValueError):
    """Text that is not a position; the message is one sentence, the same as notation.js's."""


class Position(NamedTuple):
    """A position as read: ``width`` tiles a row, ``height`` rows, the tiles row-major (0 the blank)."""

    width: int
    height: int
    tiles: Tuple[int, ...]

    @property
    def n(self) -> Optional[int]:
        """The side of a square position; None for a rectangle."""
        return self.width if self.width == self.height else None


def to_notation(moves: str, convention: str = "tile") -> str:
    """Moves as lowercase letters for the way each tile moves, written as notation with runs counted
    (``site/core/notation.js``'s toNotation).

    >>> to_notation("rrrddl"), to_notation("rrrddl", "blank")
    ('R3D2L', 'L3U2R')
    """
    text = ""
    i = 0
    while i < len(moves):
        j = i
        while j < len(moves) and moves[j] == moves[i]:
            j += 1
        letter = moves[i] if convention == "tile" else OPPOSITE[moves[i]]
        text += letter.upper() + (str(j - i) if j - i > 1 else "")
        i = j
    return text


def move_string(board: Board, blank_path: Sequence[int], convention: str = "tile") -> str:
    """The answer ``blank_path`` (the blank's cell after each move) in the page's notation, runs counted; for a
    board of any shape.

    >>> move_string(Board.from_tiles([1, 2, 3, 4, 5, 6, 7, 8, 0]), [7, 6, 3])
    'R2D'
    >>> move_string(Board.from_tiles([1, 2, 3, 4, 5, 6, 7, 8, 0]), [7, 6, 3], "blank")
    'L2U'
    >>> move_string(Board.from_tiles([1, 2, 3, 4, 5, 6, 7, 0], width=4), [3, 2])
    'DR'
    """
    width = board.width
    letters = []
    blank = board.blank
    for cell in blank_path:
        step = cell - blank
        letters.append("l" if step == 1 else "r" if step == -1 else "u" if step == width else "d")
        blank = cell
    return to_notation("".join(letters), convention)


def parse_moves(text: str, convention: str = "tile") -> str:
    """A move string as lowercase letters for the way each tile moves (``site/core/notation.js``'s parseMoves).

    >>> parse_moves("R3 D2 L"), parse_moves("L3U2R", "blank")
    ('rrrddl', 'rrrddl')
    """
    letters = "".join(letter for _, letter in move_letters(numbered_lines(text)))
    return letters if convention == "tile" else "".join(OPPOSITE[letter] for letter in letters)


def parse_position(text: str) -> Position:
    """``"a b c/d e f"`` (any spacing; newlines also end rows) as a :class:`Position`, each side 2 to 20;
    :class:`NotationError` otherwise, in notation.js's words (parsePosition).

    >>> parse_position("1 2 3 4/5 6 7 0")
    Position(width=4, height=2, tiles=(1, 2, 3, 4, 5, 6, 7, 0))
    >>> parse_position("1 2 3 4/5 6 0")
    Traceback (most recent call last):
    puzzlesolver.notation.NotationError: Row 2 has 3 tiles but row 1 has 4: every row needs as many tiles.
    """
    rows = position_rows(text)
    height = len(rows)
    if height < 2:
        raise NotationError("A position needs at least two rows, separated by /.")
    width = len(rows[0])
    for number, row in enumerate(rows, start=1):
        if len(row) != width:
            if width == height:  # a square's words, as before rectangles were read
                raise NotationError(f"Each of the {height} rows needs {height} tiles.")
            raise NotationError(f"Row {number} has {len(row)} tiles but row 1 has {width}: every row needs as "
                                "many tiles.")
    try:
        check_side(width, height=height)
    except BoardError as error:
        raise NotationError(str(error)) from None
    tiles = []
    for item in (item for row in rows for item in row):
        if not _TILE.fullmatch(item):
            raise NotationError(f'"{item[:10]}" is not a tile number.')
        tiles.append(int(item))
    seen = set(tiles)
    for tile in range(len(tiles)):
        if tile not in seen:
            raise NotationError(f"Tile {tile} is missing: a {width}x{height} position uses 0 to {len(tiles) - 1} "
                                "once each.")
    return Position(width, height, tuple(tiles))


def _rows(tiles: Sequence[int], width: int) -> list:
    return [tiles[start:start + width] for start in range(0, len(tiles), width)]


def position_text(tiles: Sequence[int], width: int) -> str:
    """A position as ``"a b c/d e f/g h 0"``, ``width`` tiles a row (positionText).

    >>> position_text([1, 2, 3, 4, 5, 6, 7, 0], 4)
    '1 2 3 4/5 6 7 0'
    """
    return "/".join(" ".join(str(tile) for tile in row) for row in _rows(list(tiles), width))


def board_text(tiles: Sequence[int], width: int) -> str:
    """The board one row per line, ``width`` tiles a row, each right-aligned to the largest tile's digits, as
    slidy's grid display and notation.js's boardText write it.

    >>> print(board_text([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0], 4))
     1  2  3  4
     5  6  7  8
     9 10 11  0
    """
    digits = len(str(len(tiles) - 1))
    return "\n".join(" ".join(f"{tile:>{digits}}" for tile in row) for row in _rows(list(tiles), width))
