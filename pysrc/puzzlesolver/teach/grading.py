"""What every check works with: the student's classes, the board under test, failures and advice.

A check is a function of a :class:`Grading`.  It passes by returning; it fails by raising :class:`CheckFailed`
(a sentence, and optionally what was expected and what the student's code gave); an exception from the
student's own code makes the row an error.  ``grading.current`` is the board being tested when it failed
(the row shows it); ``grading.advise(...)`` adds advice without failing.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from .boards import Tiles, rows_of, side_of

__all__ = ["CheckFailed", "Grading", "one_line"]


class CheckFailed(Exception):
    """A check's verdict that the student's code is wrong: ``message`` one or two sentences."""

    def __init__(self, message: str, expected: Any = None, got: Any = None) -> None:
        super().__init__(message)
        self.message = message
        self.expected = expected
        self.got = got


def one_line(tiles: Sequence[int]) -> str:
    """A board in one line, rows separated by '/': ``0 1 3 / 4 2 5 / 7 8 6``."""
    n = side_of(tiles)
    return " / ".join(" ".join(str(tile) for tile in tiles[row * n:(row + 1) * n]) for row in range(n))


class Grading:
    """One test's view of the student's code: ``Board`` and ``Solver`` (their classes), the exercise,
    the board under test (``current``), advice given and extra fields for the row (``extra``)."""

    def __init__(self, exercise_id: str, board_class: Any, solver_class: Any) -> None:
        self.exercise_id = exercise_id
        self.Board = board_class
        self.Solver = solver_class
        self.current: Optional[Tiles] = None
        self.advice: List[str] = []
        self.extra: Dict[str, Any] = {}

    def board(self, tiles: Sequence[int]) -> Any:
        """The student's Board for ``tiles`` (given fresh lists of rows), now the board under test."""
        self.current = tuple(tiles)
        return self.Board(rows_of(tiles))

    def advise(self, text: str) -> None:
        self.advice.append(text)

    def tiles_of(self, board: Any, what: str = "the board") -> Tiles:
        """The tiles of a student's board, read with ``size()`` and ``tile_at()``; CheckFailed if it is
        not one of their Boards."""
        if not isinstance(board, self.Board):
            raise CheckFailed(f"{what} is a {type(board).__name__}, not a Board.",
                              "a Board", type(board).__name__)
        n = board.size()
        if not isinstance(n, int) or not 2 <= n <= 200:
            raise CheckFailed(f"size() of {what} gave {n!r}, not the board's side.")
        return tuple(board.tile_at(row, col) for row in range(n) for col in range(n))
