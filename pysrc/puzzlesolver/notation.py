"""Moves written as the speedsolvers write them (slidysim's notation, as ``site/core/notation.js`` does): one
letter per move, U D L R for the way a tile moves (or, in the blank's convention, the way the blank moves),
runs counted (``R3``).  The reading of a move string, with its one-line errors, is the answer checker's
(:func:`puzzlesolver.check.move_letters`).
"""

from __future__ import annotations

from typing import Sequence

from .board import Board
from .check import OPPOSITE, move_letters, numbered_lines

__all__ = ["move_string", "parse_moves"]


def move_string(board: Board, blank_path: Sequence[int], convention: str = "tile") -> str:
    """The answer ``blank_path`` (the blank's cell after each move) in the page's notation, runs counted.

    >>> move_string(Board.from_tiles([1, 2, 3, 4, 5, 6, 7, 8, 0]), [7, 6, 3])
    'R2D'
    >>> move_string(Board.from_tiles([1, 2, 3, 4, 5, 6, 7, 8, 0]), [7, 6, 3], "blank")
    'L2U'
    """
    n = board.size()
    letters = []
    blank = board.blank
    for cell in blank_path:
        step = cell - blank
        tile_way = "l" if step == 1 else "r" if step == -1 else "u" if step == n else "d"
        letters.append(tile_way if convention == "tile" else OPPOSITE[tile_way])
        blank = cell
    text = ""
    i = 0
    while i < len(letters):
        j = i
        while j < len(letters) and letters[j] == letters[i]:
            j += 1
        text += letters[i].upper() + (str(j - i) if j - i > 1 else "")
        i = j
    return text


def parse_moves(text: str, convention: str = "tile") -> str:
    """A move string as lowercase letters for the way each tile moves (``site/core/notation.js``'s parseMoves).

    >>> parse_moves("R3 D2 L"), parse_moves("L3U2R", "blank")
    ('rrrddl', 'rrrddl')
    """
    letters = "".join(letter for _, letter in move_letters(numbered_lines(text)))
    return letters if convention == "tile" else "".join(OPPOSITE[letter] for letter in letters)
