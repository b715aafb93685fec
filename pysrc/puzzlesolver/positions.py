"""One reader of a position's text: its rows and its numbers, for the puzzle files (:mod:`.formats` and the share
links of :mod:`.links`), the answer checker (:mod:`.check`) and the speedsolvers' notation (:mod:`.notation`).
Each caller phrases its own sentences (a file's "Line 3: ...", a link's "The value ... in the board ..."); what a
row and a number are is decided here, once.

* A row ends at a line break, and at ``/`` where the text is the game's notation (``1 2 3/4 5 6/7 8 0``).
* Numbers are separated by spaces or commas (a share link lists tiles as ``8,1,3,4,0,2,7,6,5``).
* A number is whole, of at most seven digits, a sign allowed (the board's own check names a negative tile);
  longer digit strings are refused before ``int()`` reads them (slow, and refused by Python past 4,300 digits).

>>> number_rows("1 2 3/4 5 6\\n\\n7,8,0")
[(1, [1, 2, 3]), (1, [4, 5, 6]), (3, [7, 8, 0])]
>>> read_number("12345678")
Traceback (most recent call last):
puzzlesolver.positions.NumberError: '12345678' is far too large
"""

from __future__ import annotations

import re
from typing import List, Tuple

__all__ = ["NumberError", "MAX_DIGITS", "read_number", "numbers", "number_rows", "position_rows", "words"]

#: The most digits a number of a board's text may have (a tile of a 20x20 has three).
MAX_DIGITS = 7
_WHOLE = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")
_DIGITS = re.compile(r"[+-]?[0-9]+")
_SEPARATORS = re.compile(r"[\s,]+")
_ROW_BREAK = re.compile(r"\s*[/\n]\s*")


class NumberError(ValueError):
    """A word that is not a number a board can hold: ``word``, and ``problem`` ("is not a whole number" or "is
    far too large") for the caller's sentence."""

    def __init__(self, word: str, problem: str) -> None:
        super().__init__(f"{word!r} {problem}")
        self.word = word
        self.problem = problem


def read_number(word: str) -> int:
    """``word`` as an int, or :class:`NumberError`."""
    if _WHOLE.fullmatch(word):
        return int(word)
    raise NumberError(word, "is far too large" if _DIGITS.fullmatch(word) else "is not a whole number")


def words(text: str) -> List[str]:
    """The words of a row: ``"1, 2  3"`` -> ``['1', '2', '3']``."""
    return [word for word in _SEPARATORS.split(text) if word]


def numbers(text: str) -> List[int]:
    """The numbers of a row, or :class:`NumberError` for its first word that is not one."""
    found = words(text)
    if all(word.isdigit() and len(word) <= MAX_DIGITS for word in found):  # the usual case, quickly
        return [int(word) for word in found]
    return [read_number(word) for word in found]


def position_rows(text: str) -> List[List[str]]:
    """The rows of a position in the game's notation, ``"a b/c d"`` (newlines end rows too), each as its words,
    split exactly as notation.js's parsePosition splits them (a leading comma makes an empty word there too).

    >>> position_rows(" 1 2 / 3,0 ")
    [['1', '2'], ['3', '0']]
    """
    return [_SEPARATORS.split(row) for row in _ROW_BREAK.split(text.strip()) if row]


def number_rows(text: str, slash: bool = True) -> List[Tuple[int, List[int]]]:
    """The rows of numbers as ``(line number, numbers)``, blank lines left out; ``/`` ends a row too unless
    ``slash`` is False.  :class:`NumberError` (with ``line``, its line number) for a word that is not a number."""
    rows = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        for chunk in line.split("/") if slash else (line,):
            try:
                found = numbers(chunk)
            except NumberError as error:
                error.line = line_number
                raise
            if found:
                rows.append((line_number, found))
    return rows
