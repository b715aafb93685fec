"""The student's side of the assignment: run the 8 puzzle's tests on a student's own Board and Solver.

Two exercises: ``"8puzzle"`` (Princeton: Board with twin(), Solver with is_solvable()) and ``"cs61b"``
(Berkeley hw4: Board as a WorldState with estimated_distance_to_goal(), a generic Solver, checked on boards
and on word ladders with :class:`Word`).  Students may use :class:`MinPQ`, algs4's priority queue
(``from puzzlesolver.teach import MinPQ``, or ``from algs4 import MinPQ``); the trace row then shows the boards
their search dequeued.  The page's worker and ``python -m puzzlesolver --grade`` call the same functions:

``exercises() -> [{id, title, files: {filename: starter text}, tests: [{name, method, title, limit_seconds}]}]``

``plan(exercise_id, sources) -> {"ok": False, "error": sentence} | {"ok": True, "tests": [...]}``
    ``sources`` maps file names (``board.py``) to their text or bytes.  One sentence for no files, a file over
    1 MB or not UTF-8, a syntax error (file, line, message), an import error, no ``Board`` or no ``Solver``.

``run_test(exercise_id, sources, name) -> row``
    Imports the files afresh (inter-file imports such as ``from board import Board`` work) and runs one test::

        {"name", "method", "title", "status": "pass" | "fail" | "error",
         "expected", "got",                  # for a failure: JSON values or text
         "board": {"width", "height", "tiles"} | None,    # the board it failed on
         "message": str,                     # one or two sentences ("" on a plain pass)
         "traceback": [{"file", "line", "function", "code"}],   # the student's frames only
         "advice": str | None,               # e.g. the likely cause of too many boards made
         "output": str}                      # printed text, cut at 10,000 characters (with a note)

    plus ``"counts"`` on the efficiency row and ``"trace"`` (``{width, height, student, reference,
    first_difference}``) on the trace row.  A KeyboardInterrupt raised in the student's code propagates: the
    caller stops a test that way (time limit, Stop) and builds its row with
    ``interrupted_row(exercise_id, name, "timeout" | "stopped" | "memory" | "crashed")``.

>>> sorted(exercise["id"] for exercise in exercises())
['8puzzle', 'cs61b']
>>> plan("8puzzle", {"board.py": "class Board:\\n    pass\\n"})["error"]
'No class Solver is defined in board.py: define Solver.'
"""

from .exercises import detect_exercise, exercises, interrupted_row, plan, run_test, tests_of
from .ladders import Word
from .priority_queue import MinPQ

__all__ = ["exercises", "plan", "run_test", "interrupted_row", "detect_exercise", "tests_of", "MinPQ", "Word"]
