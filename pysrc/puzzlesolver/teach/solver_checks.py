"""The Solver tests, as the checklist, TestSolver and CommonBugDetector check: each a function of a Grading.

Optimal move counts on 2x2 boards, a ladder of 3x3 boards from 0 to 31 moves, random 3x3 boards and easy 4x4
ones (the optimum from the project's solver); a legal solution; unsolvable boards (8puzzle); word ladders
(cs61b: the Solver is generic); ``Solver(None)``.  The search's efficiency and the trace of puzzle04 are
:mod:`puzzlesolver.teach.efficiency`'s.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List

from .boards import (EASY_4X4, LADDER_3X3, PUZZLE04, SMALL_2X2, UNSOLVABLE, Tiles, optimal_moves, random_3x3,
                     side_of)
from .grading import CheckFailed, Grading, one_line
from .ladders import LADDERS, WORDS, Word, optimal_ladder
from ..words import edit_distance

__all__ = ["SOLVER_CHECKS", "solved_moves"]


def solved_moves(grading: Grading, tiles: Tiles) -> Any:
    """``(solver, moves())`` of the student's Solver on ``tiles`` (the board under test)."""
    solver = grading.Solver(grading.board(tiles))
    return solver, solver.moves()


def _check_moves(grading: Grading, boards: Iterable[Tiles]) -> None:
    for tiles in boards:
        expected = optimal_moves(tiles)
        solver, got = solved_moves(grading, tiles)
        if got != expected:
            longer = isinstance(got, int) and got > expected
            hint = (" A longer answer than the optimum: A* stops only when the goal is dequeued, its priority is "
                    "moves + manhattan(), and a board may be marked seen only when it is dequeued."
                    if longer else "")
            raise CheckFailed(f"moves() of {one_line(tiles)} is {got!r}; the fewest moves are {expected}.{hint}",
                              expected, got)
        if solver.moves() != got:
            raise CheckFailed("moves() gave a different answer when called again.", got, solver.moves())


def check_moves_2x2(grading: Grading) -> None:
    _check_moves(grading, SMALL_2X2)


def check_moves_ladder(grading: Grading) -> None:
    _check_moves(grading, LADDER_3X3)


def check_moves_random(grading: Grading) -> None:
    _check_moves(grading, random_3x3())


def check_moves_4x4(grading: Grading) -> None:
    _check_moves(grading, EASY_4X4)


def _one_slide(before: Tiles, after: Tiles) -> bool:
    if len(before) != len(after):
        return False
    n = side_of(before)
    changed = [cell for cell in range(len(before)) if before[cell] != after[cell]]
    if len(changed) != 2 or 0 not in (before[changed[0]], before[changed[1]]):
        return False
    first, second = changed
    return before[first] == after[second] and before[second] == after[first] and (
        second - first == n or (second - first == 1 and first // n == second // n))


def check_solution(grading: Grading) -> None:
    for tiles in (PUZZLE04, (1, 0, 3, 2), LADDER_3X3[14], LADDER_3X3[22], EASY_4X4[3]):
        solver, moves = solved_moves(grading, tiles)
        answer = solver.solution()
        if answer is None:
            raise CheckFailed(f"solution() of the solvable board {one_line(tiles)} is None.")
        steps = [grading.tiles_of(step, "a step of solution()") for step in answer]
        if len(steps) != moves + 1:
            raise CheckFailed(f"solution() has {len(steps)} boards but moves() is {moves}: it should have "
                              "moves() + 1, the initial board and one per move.", moves + 1, len(steps))
        if steps[0] != tuple(tiles):
            raise CheckFailed("solution() must start with the initial board.", one_line(tiles), one_line(steps[0]))
        goal = tuple(range(1, len(tiles))) + (0,)
        if steps[-1] != goal:
            raise CheckFailed("solution() must end with the goal board.", one_line(goal), one_line(steps[-1]))
        for number, (before, after) in enumerate(zip(steps, steps[1:]), start=1):
            if not _one_slide(before, after):
                raise CheckFailed(f"Step {number} of solution() is not one slide of a tile into the blank.",
                                  f"a neighbor of {one_line(before)}", one_line(after))
        again = [grading.tiles_of(step, "a step of solution()") for step in solver.solution()]
        if again != steps:
            raise CheckFailed("solution() gave another answer when called again: keep the answer, do not "
                              "consume it.", len(steps), len(again))


def check_unsolvable(grading: Grading) -> None:
    solver = grading.Solver(grading.board(PUZZLE04))
    if solver.is_solvable() is not True:
        raise CheckFailed(f"is_solvable() of the solvable board {one_line(PUZZLE04)} is not True.",
                          True, solver.is_solvable())
    for tiles in UNSOLVABLE:
        solver = grading.Solver(grading.board(tiles))
        got = (solver.is_solvable(), solver.moves(), solver.solution())
        if got[0] is not False or got[1] != -1 or got[2] is not None:
            shown = (got[0], got[1], "None" if got[2] is None else "not None")
            raise CheckFailed(f"On the unsolvable board {one_line(tiles)}, is_solvable() must be False, moves() "
                              "-1 and solution() None.", "(False, -1, None)", str(shown))


def check_null(grading: Grading) -> None:
    try:
        grading.Solver(None)
    except ValueError:
        return
    except Exception as error:
        raise CheckFailed(f"Solver(None) raised {type(error).__name__}; raise ValueError (Java's "
                          "IllegalArgumentException) in the constructor.", "ValueError", type(error).__name__)
    raise CheckFailed("Solver(None) must raise ValueError; it raised nothing.", "ValueError", "no exception")


def check_word_ladders(grading: Grading) -> None:
    for start, goal in LADDERS:
        grading.current = None
        expected = optimal_ladder(start, goal)
        solver = grading.Solver(Word(start, goal))
        got = solver.moves()
        words: List[str] = [str(step) for step in solver.solution()]
        if got != expected:
            raise CheckFailed(f"moves() from {start!r} to {goal!r} is {got!r}; the fewest moves are {expected}.",
                              expected, got)
        legal = all(word in WORDS for word in words) and all(
            edit_distance(a, b) == 1 for a, b in zip(words, words[1:]))
        if len(words) != got + 1 or words[0] != start or words[-1] != goal or not legal:
            raise CheckFailed(f"solution() from {start!r} to {goal!r} is not a ladder of moves() + 1 words, each "
                              "one letter changed, added or removed.", f"{expected + 1} words", " -> ".join(words))


#: name -> (method, title, check, seconds allowed, exercises): the Solver rows.
SOLVER_CHECKS: Dict[str, tuple] = {
    "solver_none": ("__init__", "Solver(None) raises ValueError", check_null, 5, ("8puzzle",)),
    "moves_2x2": ("moves", "moves() is the optimum on every 2x2 board", check_moves_2x2, 10, ("8puzzle", "cs61b")),
    "moves_3x3_ladder": ("moves", "moves() is the optimum on 3x3 boards of 0 to 31 moves", check_moves_ladder, 40,
                         ("8puzzle", "cs61b")),
    "moves_3x3_random": ("moves", f"moves() is the optimum on {len(random_3x3())} random 3x3 boards",
                         check_moves_random, 40, ("8puzzle", "cs61b")),
    "moves_4x4": ("moves", "moves() is the optimum on easy 4x4 boards", check_moves_4x4, 20, ("8puzzle", "cs61b")),
    "solution": ("solution", "solution() is legal, from the initial board to the goal, moves() + 1 boards",
                 check_solution, 20, ("8puzzle", "cs61b")),
    "unsolvable": ("is_solvable", "unsolvable boards: is_solvable() False, moves() -1, solution() None",
                   check_unsolvable, 20, ("8puzzle",)),
    "word_ladders": ("moves", "the Solver is generic: it solves word ladders optimally (Word)", check_word_ladders,
                     10, ("cs61b",)),
}
