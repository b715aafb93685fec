"""The Board tests, as the Princeton checklist and CS61B's TestBoard ask: each a function of a Grading.

Every check runs on boards from 2x2 to 4x4 (:data:`~puzzlesolver.teach.boards.BOARD_API_BOARDS`) and stops at
the first board that is wrong, naming it.  The right answers are the package's Board's.
"""

from __future__ import annotations

from typing import Dict

from .boards import BOARD_API_BOARDS, EASY_4X4, LADDER_3X3, PUZZLE04, reference_board, rows_of, side_of
from .grading import CheckFailed, Grading, one_line

__all__ = ["BOARD_CHECKS"]


def check_size(grading: Grading) -> None:
    for tiles in BOARD_API_BOARDS:
        board = grading.board(tiles)
        n = side_of(tiles)
        if board.size() != n:
            raise CheckFailed(f"size() of this {n}x{n} board is {board.size()!r}.", n, board.size())
        for cell, tile in enumerate(tiles):
            got = board.tile_at(cell // n, cell % n)
            if got != tile:
                raise CheckFailed(f"tile_at({cell // n}, {cell % n}) is {got!r}, expected {tile}.", tile, got)
        if grading.exercise_id == "cs61b":
            try:
                board.tile_at(n, 0)
            except IndexError:
                continue
            raise CheckFailed(f"tile_at({n}, 0) is outside the board: it must raise IndexError.")


def _check_distance(grading: Grading, method: str) -> None:
    for tiles in BOARD_API_BOARDS:
        board = grading.board(tiles)
        expected = getattr(reference_board(tiles), method)()
        got = getattr(board, method)()
        if got == expected:
            continue
        blank = tiles.index(0)
        n = side_of(tiles)
        blank_distance = (n - 1 - blank // n) + (n - 1 - blank % n)
        message = f"{method}() of {one_line(tiles)} is {got!r}, expected {expected}."
        if method == "hamming" and blank_distance and got == expected + 1:
            message += " It counts the blank: 0 is not a tile."
        if method == "manhattan" and blank_distance and got == expected + blank_distance:
            message += " It counts the blank's distance: 0 is not a tile."
        raise CheckFailed(message, expected, got)


def check_hamming(grading: Grading) -> None:
    _check_distance(grading, "hamming")


def check_manhattan(grading: Grading) -> None:
    _check_distance(grading, "manhattan")


def check_estimate(grading: Grading) -> None:
    """CS61B: estimated_distance_to_goal() is manhattan()."""
    for tiles in BOARD_API_BOARDS:
        board = grading.board(tiles)
        expected = reference_board(tiles).manhattan()
        got = board.estimated_distance_to_goal()
        if got != expected:
            raise CheckFailed(f"estimated_distance_to_goal() of {one_line(tiles)} is {got!r}; it should return "
                              f"manhattan(), {expected}.", expected, got)


def check_is_goal(grading: Grading) -> None:
    for tiles in BOARD_API_BOARDS:
        board = grading.board(tiles)
        expected = reference_board(tiles).is_goal()
        got = board.is_goal()
        if got != expected:
            raise CheckFailed(f"is_goal() of {one_line(tiles)} is {got!r}.", expected, got)


def check_neighbors(grading: Grading) -> None:
    for tiles in BOARD_API_BOARDS:
        board = grading.board(tiles)
        expected = sorted(neighbor.tiles for neighbor in reference_board(tiles).neighbors())
        made = board.neighbors()
        if made is None:
            raise CheckFailed("neighbors() returned None: return a list of Boards.")
        got = sorted(grading.tiles_of(neighbor, "a neighbor") for neighbor in made)
        if got != expected:
            missing = [one_line(t) for t in expected if t not in got]
            extra = [one_line(t) for t in got if t not in expected]
            message = f"neighbors() gave {len(got)} boards, expected {len(expected)}."
            if missing:
                message += f" Missing: {'; '.join(missing)}."
            if extra:
                message += f" Not a neighbor (or twice): {'; '.join(extra)}."
            raise CheckFailed(message, [one_line(t) for t in expected], [one_line(t) for t in got])


def check_twin(grading: Grading) -> None:
    for tiles in BOARD_API_BOARDS:
        board = grading.board(tiles)
        twin = grading.tiles_of(board.twin(), "twin()")
        changed = [cell for cell in range(len(tiles)) if twin[cell] != tiles[cell]]
        if twin.index(0) != tiles.index(0):
            raise CheckFailed(f"twin() of {one_line(tiles)} moved the blank: swap two tiles, never the blank.",
                              "two tiles swapped", one_line(twin))
        if len(changed) != 2 or sorted(twin[cell] for cell in changed) != sorted(tiles[cell] for cell in changed):
            raise CheckFailed(f"twin() of {one_line(tiles)} must swap exactly two tiles; it changed "
                              f"{len(changed)} cells.", "two tiles swapped", one_line(twin))
        again = grading.tiles_of(board.twin(), "twin()")
        if again != twin:
            raise CheckFailed(f"twin() of {one_line(tiles)} gave a different board on a second call: a board "
                              "has one twin.", one_line(twin), one_line(again))


def check_equals(grading: Grading) -> None:
    for tiles in BOARD_API_BOARDS:
        board = grading.board(tiles)
        if not board == grading.Board(rows_of(tiles)):
            raise CheckFailed("A board is not == to another Board with the same tiles.", True, False)
        other = reference_board(tiles).neighbors()[0].tiles
        if board == grading.Board(rows_of(other)):
            raise CheckFailed(f"== says {one_line(tiles)} equals {one_line(other)}.", False, True)
        for stranger in ("not a board", None, 3):
            if board == stranger:
                raise CheckFailed(f"A Board is == to {stranger!r}: compare only with Boards.", False, True)
        smaller = (1, 2, 3, 0) if side_of(tiles) > 2 else LADDER_3X3[0]
        if board == grading.Board(rows_of(smaller)):
            raise CheckFailed(f"== says {one_line(tiles)} equals a board of another size.", False, True)


def check_str(grading: Grading) -> None:
    for tiles in BOARD_API_BOARDS:
        board = grading.board(tiles)
        expected = str(reference_board(tiles))
        got = str(board)
        if got != expected:
            raise CheckFailed("str() must be the algs4 text: n on the first line, then each row with every tile "
                              "written f\"{tile:2d} \" and a newline after each row.", expected, got)


def check_immutable(grading: Grading) -> None:
    for tiles in (PUZZLE04, LADDER_3X3[31], EASY_4X4[2], (1, 0, 3, 2)):
        rows = rows_of(tiles)
        board = grading.Board(rows)
        grading.current = tuple(tiles)
        before = (grading.tiles_of(board), board.hamming(), board.manhattan())
        rows[0][0], rows[0][1] = rows[0][1], rows[0][0]
        rows[-1].reverse()
        rows.reverse()
        board.neighbors()
        if grading.exercise_id == "8puzzle":
            board.twin()
        after = (grading.tiles_of(board), board.hamming(), board.manhattan())
        if after != before:
            how = "after changing the lists it was made from" if after[0] != before[0] else "after neighbors()"
            raise CheckFailed(f"The board {one_line(tiles)} changed {how}: a Board must copy the tiles it is "
                              "given and never change them.", one_line(before[0]), one_line(after[0]))


#: name -> (method, title, check): the Board rows of both exercises (twin: 8puzzle; estimate: cs61b).
BOARD_CHECKS: Dict[str, tuple] = {
    "size": ("size", "size() and tile_at() read the tiles given", check_size),
    "hamming": ("hamming", "hamming() counts the tiles out of place, not the blank", check_hamming),
    "manhattan": ("manhattan", "manhattan() sums the tiles' distances to their goal cells", check_manhattan),
    "estimate": ("estimated_distance_to_goal", "estimated_distance_to_goal() is manhattan()", check_estimate),
    "is_goal": ("is_goal", "is_goal() is True on the goal board only", check_is_goal),
    "neighbors": ("neighbors", "neighbors() gives exactly the boards one slide away", check_neighbors),
    "twin": ("twin", "twin() swaps two tiles, never the blank, the same each time", check_twin),
    "equals": ("__eq__", "== compares tiles, and is False against a non-Board", check_equals),
    "str": ("__str__", "str() is the algs4 text", check_str),
    "immutable": ("__init__", "a Board never changes, even when the caller's lists do", check_immutable),
}
