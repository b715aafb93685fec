"""CommonBugDetector's checks: how many Boards the student's search makes, and the trace of puzzle04.

:func:`check_efficiency` counts the Boards the student's Solver creates (their Board's ``__init__`` is wrapped
with a counter during the test) on :data:`~puzzlesolver.teach.boards.EFFICIENCY_BOARDS` and compares the total
with the reference A*'s (:mod:`puzzlesolver.teach.reference`).  Far above it (:data:`TOO_MANY` times), the
reference's variants are counted too and the nearest names the likely cause.  It is advice, not a failure.

:func:`check_trace` records, when the student's Solver uses the provided MinPQ, the boards it dequeues while
solving puzzle04, beside the checklist's (A B E J M), and the index of the first difference: the row's
``trace`` field, ``{"width", "height", "student", "reference", "first_difference"}``.
"""

from __future__ import annotations

import math
from typing import Any, Dict, List, Optional

from . import priority_queue
from .boards import EFFICIENCY_BOARDS, PUZZLE04, Tiles, reference_board
from .grading import Grading, one_line
from .reference import CORRECT, VARIANTS, reference_count, reference_dequeues

__all__ = ["check_efficiency", "check_trace", "TOO_MANY", "EFFICIENCY_CHECKS"]

#: How many times the reference's count a search may make before it is advised (correct searches that break
#: ties otherwise measured up to 2.5x on one board, 1.2x over a handful; the mistakes 10x and more).
TOO_MANY = 3.0


def count_boards_made(grading: Grading, tiles: Tiles) -> int:
    """How many of their Boards the student's Solver creates solving ``tiles`` (the initial one included)."""
    board_class = grading.Board
    original = board_class.__init__
    made = [0]

    def counting_init(self, *args, **kwargs):
        made[0] += 1
        return original(self, *args, **kwargs)

    had_own = "__init__" in board_class.__dict__
    board_class.__init__ = counting_init
    try:
        grading.Solver(grading.board(tiles))
    finally:
        if had_own:
            board_class.__init__ = original
        else:
            del board_class.__init__
    return made[0]


def check_efficiency(grading: Grading) -> None:
    twin = grading.exercise_id == "8puzzle"
    student = sum(count_boards_made(grading, tiles) for tiles in EFFICIENCY_BOARDS)
    reference = sum(reference_count(tiles, 3, CORRECT, twin)[0] for tiles in EFFICIENCY_BOARDS)
    grading.extra["counts"] = {"yours": student, "reference": reference}
    if student <= TOO_MANY * reference:
        return
    limit = int(student * 4)
    nearest, distance = None, math.log(4)
    for variant in VARIANTS:
        count = sum(reference_count(tiles, 3, variant, twin, limit)[0] for tiles in EFFICIENCY_BOARDS)
        gap = abs(math.log(max(count, 1) / student))
        if gap < distance:
            nearest, distance = variant, gap
    cause = (f"The likely cause: {nearest.cause}." if nearest is not None else
             "Look for boards made outside neighbors(), or for nodes expanded again and again.")
    grading.advise(f"Your search made {student:,} Boards on {len(EFFICIENCY_BOARDS)} boards of 13 to 18 moves "
                   f"where a plain A* makes about {reference:,}. {cause}")


def _board_in(item: Any, board_class: type, depth: int = 3) -> Optional[Any]:
    """The student's Board inside a dequeued item: the item itself, or in its tuple or attributes."""
    if isinstance(item, board_class):
        return item
    if depth == 0:
        return None
    if isinstance(item, (tuple, list)):
        parts = list(item)
    else:
        parts = list(getattr(item, "__dict__", {}).values())
        for slot in getattr(type(item), "__slots__", ()):
            parts.append(getattr(item, slot, None))
    for part in parts:
        if isinstance(part, board_class):
            return part
    for part in parts:
        if isinstance(part, (tuple, list)) or hasattr(part, "__dict__"):
            found = _board_in(part, board_class, depth - 1)
            if found is not None:
                return found
    return None


def check_trace(grading: Grading) -> None:
    dequeued: Dict[int, List[Any]] = {}
    queues: List[Any] = []

    def watch(queue: Any, item: Any) -> None:
        if id(queue) not in dequeued:
            queues.append(queue)  # kept alive, so that ids stay distinct
            dequeued[id(queue)] = []
        dequeued[id(queue)].append(item)

    priority_queue.watchers.append(watch)
    try:
        grading.Solver(grading.board(PUZZLE04))
    finally:
        priority_queue.watchers.remove(watch)
    expected = [list(tiles) for tiles in reference_dequeues(PUZZLE04, 3)]
    trace: Dict[str, Any] = {"width": 3, "height": 3, "student": [], "reference": expected, "first_difference": None}
    grading.extra["trace"] = trace
    if not queues:
        grading.extra["note"] = "Your Solver did not use the provided MinPQ, so its dequeues were not recorded."
        return
    lists = []
    for queue in queues:
        boards = [_board_in(item, grading.Board) for item in dequeued[id(queue)]]
        tiles = [grading.tiles_of(board) for board in boards if board is not None]
        lists.append([t for t in tiles if reference_board(t).is_solvable()])  # the twin's tree left out
    student = next((found for found in lists if found and found[0] == PUZZLE04), lists[0])
    trace["student"] = [list(tiles) for tiles in student]
    for index, (mine, theirs) in enumerate(zip(trace["student"], expected)):
        if mine != theirs:
            trace["first_difference"] = index
            break
    else:
        if len(trace["student"]) != len(expected):
            trace["first_difference"] = min(len(trace["student"]), len(expected))
    index = trace["first_difference"]
    if index is not None:
        mine = one_line(trace["student"][index]) if index < len(trace["student"]) else "nothing"
        theirs = one_line(expected[index]) if index < len(expected) else "nothing (the goal was reached)"
        grading.advise(f"Dequeue {index + 1} differs from the checklist's trace: your search took {mine}, A* on "
                       f"moves + manhattan() takes {theirs}. Check the priority and when the goal is tested.")


#: name -> (method, title, check, seconds allowed, exercises).
EFFICIENCY_CHECKS: Dict[str, tuple] = {
    "efficiency": ("Solver", "the search makes about as many Boards as a plain A* (CommonBugDetector)",
                   check_efficiency, 30, ("8puzzle", "cs61b")),
    "trace": ("Solver", "the boards dequeued on puzzle04, beside the checklist's trace", check_trace, 10,
              ("8puzzle", "cs61b")),
}
