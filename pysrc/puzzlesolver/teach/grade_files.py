"""``python -m puzzlesolver --grade FILE.py... [--exercise 8puzzle|cs61b]``: the tests on the command line.

Each test runs in a child process of its own (forked where the system can), within its ``limit_seconds`` and
an address-space limit, so that a search that never ends is marked ``timeout`` and one that grows without end
``used all memory``, and the next test still runs.  The child calls the same :func:`run_test` as the page, so
the verdicts are the page's.  One line per row, then "N of M passed"; exit status 0 when all pass, 1 when some
do not, 2 for bad input (one line on stderr).
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from typing import Any, Callable, Dict, List, Optional, Sequence, TextIO

from .exercises import detect_exercise, interrupted_row, plan, run_test

__all__ = ["grade", "run_isolated", "format_row", "MEMORY_LIMIT_BYTES"]

#: The address space a test's process may use (where the system lets it be limited).
MEMORY_LIMIT_BYTES = 2 * 1024 ** 3

EXIT_SOME_FAILED = 1
EXIT_BAD_INPUT = 2


def _child(connection: Any, exercise_id: str, sources: Dict[str, str], name: str, memory: Optional[int]) -> None:
    try:
        import resource
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    except (ImportError, ValueError, OSError):  # pragma: no cover - no rlimits here (Windows, some sandboxes)
        pass
    try:
        row = run_test(exercise_id, sources, name)
    except MemoryError:
        row = interrupted_row(exercise_id, name, "memory")
    connection.send(row)
    connection.close()


def run_isolated(exercise_id: str, sources: Dict[str, str], name: str, limit_seconds: float,
                 memory: Optional[int] = MEMORY_LIMIT_BYTES) -> Dict[str, Any]:
    """:func:`run_test` in a child process ended after ``limit_seconds``: the row (a timeout row if it ran out
    of time, an error row if it ran out of memory or died)."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    receiving, sending = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(sending, exercise_id, sources, name, memory), daemon=True)
    process.start()
    sending.close()
    try:
        if receiving.poll(limit_seconds):
            try:
                return receiving.recv()
            except EOFError:
                pass
            process.join(5)
            return interrupted_row(exercise_id, name, "memory" if process.exitcode in (-9, 1) else "crashed")
        return interrupted_row(exercise_id, name, "timeout")
    finally:
        if process.is_alive():
            process.kill()
        process.join(5)
        receiving.close()


def format_row(row: Dict[str, Any]) -> List[str]:
    """The lines a row is printed as: status, name, method and title; then, indented, for a failure what was
    expected and what came, the message, the advice and the student's traceback frames."""
    lines = [f"{row['status'].upper():7} {row['name']}  ({row['method']}) {row['title']}"]
    if row["status"] != "pass" and row.get("board"):
        lines.append(f"    board: {' '.join(str(t) for t in row['board']['tiles'])}")
    if row["status"] == "fail":
        lines.append(f"    expected: {_indented(row['expected'])}")
        lines.append(f"    got:      {_indented(row['got'])}")
    if row["message"]:
        lines.append(f"    {row['message']}")
    if row.get("advice"):
        lines.append(f"    advice: {row['advice']}")
    for frame in row.get("traceback") or ():
        lines.append(f"      {frame['file']}, line {frame['line']}, in {frame['function']}: {frame['code']}")
    if row.get("output") and row["status"] != "pass":
        lines.append("    printed: " + row["output"][:500].rstrip().replace("\n", "\n             "))
    return lines


def _indented(value: Any) -> str:
    return repr(value) if isinstance(value, str) and "\n" in value else str(value)


def grade(paths: Sequence[str], exercise_id: Optional[str], stdout: TextIO, stderr: TextIO,
          runner: Callable[..., Dict[str, Any]] = run_isolated) -> int:
    """Grade the student's files; the exit status (0 all passed, 1 some did not, 2 bad input)."""
    sources: Dict[str, Any] = {}
    for path in paths:
        name = os.path.basename(path)
        if name in sources:
            stderr.write(f"puzzlesolver: two files are called {name}: give each file once.\n")
            return EXIT_BAD_INPUT
        try:
            with open(path, "rb") as handle:
                sources[name] = handle.read()
        except OSError as error:
            stderr.write(f"puzzlesolver: {path}: {error.strerror or error}.\n")
            return EXIT_BAD_INPUT
    exercise_id = exercise_id or detect_exercise(sources)
    planned = plan(exercise_id, sources)
    if not planned["ok"]:
        stderr.write(f"puzzlesolver: {planned['error']}\n")
        return EXIT_BAD_INPUT
    texts = {name: content.decode("utf-8").lstrip("\ufeff") for name, content in sources.items()}
    stdout.write(f"Grading {', '.join(texts)} as {exercise_id}:\n")
    passed = 0
    for test in planned["tests"]:
        row = runner(exercise_id, texts, test["name"], test["limit_seconds"])
        passed += row["status"] == "pass"
        stdout.write("\n".join(format_row(row)) + "\n")
        stdout.flush()
    total = len(planned["tests"])
    stdout.write(f"{passed} of {total} passed\n")
    return 0 if passed == total else EXIT_SOME_FAILED


if __name__ == "__main__":  # pragma: no cover
    sys.exit(grade(sys.argv[1:], None, sys.stdout, sys.stderr))
