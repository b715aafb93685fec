"""The exercises, and the runner the page's worker and the command line both call: the same verdicts.

See :mod:`puzzlesolver.teach` for the API.  Every row is built here, the interrupted ones too
(:func:`interrupted_row`), so that page and command line word them alike.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, List, Mapping, NamedTuple, Optional, Tuple, Union

from .board_checks import BOARD_CHECKS
from .boards import shape_of
from .efficiency import EFFICIENCY_CHECKS
from .grading import CheckFailed, Grading
from .loading import StudentCode, StudentCodeError, checked_sources, describe_error, student_frames
from .solver_checks import SOLVER_CHECKS

__all__ = ["Test", "EXERCISES", "exercises", "tests_of", "plan", "run_test", "interrupted_row", "detect_exercise",
           "INTERRUPTIONS"]

Sources = Mapping[str, Union[str, bytes]]


class Test(NamedTuple):
    """One row: its ``name`` (stable, for run_test), the student's ``method`` it is about, a ``title``, the
    seconds it may take, and the check (a function of a Grading)."""

    name: str
    method: str
    title: str
    limit_seconds: float
    check: Any


#: Seconds allowed to a Board row.
BOARD_SECONDS = 10

_BOARD_ROWS = {"8puzzle": ("size", "hamming", "manhattan", "is_goal", "neighbors", "twin", "equals", "str",
                           "immutable"),
               "cs61b": ("size", "hamming", "manhattan", "estimate", "is_goal", "neighbors", "equals", "str",
                         "immutable")}

#: id -> (title, starter files, what the student's code must define).
EXERCISES: Dict[str, Tuple[str, Tuple[str, ...], Tuple[str, ...]]] = {
    "8puzzle": ("8 puzzle (Princeton): Board and Solver with A*, twin and unsolvable boards",
                ("board.py", "solver.py"), ("Board", "Solver")),
    "cs61b": ("8 puzzle (CS61B hw4): Board as a WorldState, and a Solver for any WorldState",
              ("board.py", "solver.py"), ("Board", "Solver")),
}


def tests_of(exercise_id: str) -> List[Test]:
    """The exercise's rows, in the order they are shown."""
    _check_exercise(exercise_id)
    rows = [Test(name, *BOARD_CHECKS[name][:2], BOARD_SECONDS, BOARD_CHECKS[name][2])
            for name in _BOARD_ROWS[exercise_id]]
    for table in (SOLVER_CHECKS, EFFICIENCY_CHECKS):
        rows += [Test(name, method, title, seconds, check)
                 for name, (method, title, check, seconds, which) in table.items() if exercise_id in which]
    return rows


def _check_exercise(exercise_id: str) -> None:
    if exercise_id not in EXERCISES:
        raise ValueError(f"Unknown exercise {str(exercise_id)[:40]!r}; choose one of {', '.join(EXERCISES)}.")


STARTERS = Path(__file__).parent / "starters"


def starter(exercise_id: str, filename: str) -> str:
    """The text of a starter file (shipped under teach/starters/)."""
    name = f"{exercise_id}-{filename[:-3]}.txt"
    return (STARTERS / name).read_text(encoding="utf-8")   # (importlib.resources would need more of the stdlib in the page)


def exercises() -> List[Dict[str, Any]]:
    """Every exercise: ``{id, title, files: {filename: starter text}, tests: [{name, method, title,
    limit_seconds}]}``."""
    return [{"id": exercise_id, "title": title, "files": {name: starter(exercise_id, name) for name in files},
             "tests": [_test_record(test) for test in tests_of(exercise_id)]}
            for exercise_id, (title, files, _) in EXERCISES.items()]


def _test_record(test: Test) -> Dict[str, Any]:
    return {"name": test.name, "method": test.method, "title": test.title, "limit_seconds": test.limit_seconds}


def detect_exercise(sources: Sources) -> str:
    """``"cs61b"`` when the files define ``estimated_distance_to_goal``, else ``"8puzzle"``."""
    for content in sources.values():
        text = content.decode("utf-8", "replace") if isinstance(content, bytes) else content
        if "def estimated_distance_to_goal" in text:
            return "cs61b"
    return "8puzzle"


def _missing(exercise_id: str, code: StudentCode) -> Optional[str]:
    needed = EXERCISES[exercise_id][2]
    missing = [name for name in needed if not isinstance(code.find(name), type)]
    if not missing:
        return None
    files = ", ".join(code.sources)
    return f"No class {' or '.join(missing)} is defined in {files}: define {' and '.join(missing)}."


def plan(exercise_id: str, sources: Sources) -> Dict[str, Any]:
    """Load the student's files once: ``{"ok": False, "error": sentence}`` or ``{"ok": True, "tests": [...]}``
    (each test ``{name, method, title, limit_seconds}``)."""
    _check_exercise(exercise_id)
    try:
        checked = checked_sources(sources)
        with StudentCode(checked) as code:
            missing = _missing(exercise_id, code)
    except StudentCodeError as problem:
        return {"ok": False, "error": str(problem)}
    if missing:
        return {"ok": False, "error": missing}
    return {"ok": True, "tests": [_test_record(test) for test in tests_of(exercise_id)]}


def _row(test: Test, status: str, **fields: Any) -> Dict[str, Any]:
    row = {"name": test.name, "method": test.method, "title": test.title, "status": status, "expected": None,
           "got": None, "board": None, "message": "", "traceback": [], "advice": None, "output": ""}
    row.update(fields)
    return row


def _shown(value: Any) -> Any:
    """A value as the row carries it: JSON's own types as they are, anything else as its text."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)) and all(isinstance(v, (bool, int, float, str)) for v in value):
        return list(value)
    return str(value)


def run_test(exercise_id: str, sources: Sources, name: str) -> Dict[str, Any]:
    """Run one test on freshly imported student files; the row (see :mod:`puzzlesolver.teach`).

    A KeyboardInterrupt (the page's Stop, or its time limit) propagates: the caller then builds the row with
    :func:`interrupted_row`."""
    _check_exercise(exercise_id)
    tests = {test.name: test for test in tests_of(exercise_id)}
    if name not in tests:
        raise ValueError(f"Unknown test {str(name)[:40]!r} for {exercise_id}; the tests are {', '.join(tests)}.")
    test = tests[name]
    try:
        checked = checked_sources(sources)
    except StudentCodeError as problem:
        return _row(test, "error", message=str(problem))
    code = StudentCode(checked)
    grading: Optional[Grading] = None
    try:
        with code:
            missing = _missing(exercise_id, code)
            if missing:
                return _row(test, "error", message=missing, output=code.output)
            grading = Grading(exercise_id, code.find("Board"), code.find("Solver"))
            try:
                test.check(grading)
            finally:
                code.__exit__(None, None, None)  # stop capturing before the row is built
            row = _row(test, "pass", message=grading.extra.pop("note", ""))
    except StudentCodeError as problem:
        return _row(test, "error", message=str(problem), output=code.output)
    except CheckFailed as failure:
        row = _row(test, "fail", message=failure.message, expected=_shown(failure.expected),
                   got=_shown(failure.got), board=_board_of(grading))
    except Exception as error:  # the student's code raised: an error row (KeyboardInterrupt passes through)
        row = _row(test, "error", message=describe_error(error, checked), traceback=student_frames(error, checked),
                   board=_board_of(grading))
    if grading is not None:
        row.update({key: value for key, value in grading.extra.items() if key not in row})
        row["advice"] = " ".join(grading.advice) or None
    row["output"] = code.output
    return row


def _board_of(grading: Optional[Grading]) -> Optional[Dict[str, Any]]:
    if grading is None or grading.current is None:
        return None
    return shape_of(grading.current)


#: How the caller marks a test it ended: ``"timeout"`` (its limit_seconds passed) or ``"stopped"`` (Stop).
INTERRUPTIONS = {
    "timeout": "Stopped after {limit:g} seconds, the time this test allows: a search that never ends (an "
               "unsolvable board not detected?) or one far slower than a plain A*.",
    "stopped": "Stopped before it finished.",
    "memory": "Stopped: the test used all the memory allowed (a search that keeps every board it ever made, or "
              "never ends?).",
    "crashed": "The test's process ended unexpectedly.",
}


def interrupted_row(exercise_id: str, name: str, reason: str = "timeout", output: str = "") -> Dict[str, Any]:
    """The row of a test the caller ended: ``reason`` one of :data:`INTERRUPTIONS` (status ``"timeout"`` or
    ``"stopped"``; ``"memory"`` and ``"crashed"`` are errors)."""
    test = {t.name: t for t in tests_of(exercise_id)}[name]
    status = reason if reason in ("timeout", "stopped") else "error"
    return _row(test, status, message=INTERRUPTIONS[reason].format(limit=test.limit_seconds), output=output)
