"""A small benchmark: ``python -m puzzlesolver.bench FILE...``.

For each puzzle file it prints the optimal moves found, nodes expanded, nodes per second and
seconds (the median of ``--repeat`` runs), then a summary.  When the expected answer is known --
from a Princeton file name (``puzzle4x4-30.txt`` needs 30 moves, ``*unsolvable*`` none) or from an
``index.json`` beside the file (as in ``puzzles/``) -- a different answer is a failure and the exit
status is 1.  ``--memory`` adds the peak memory of one more run (tracemalloc, which slows it).

Example::

    $ python -m puzzlesolver.bench ../shared/benchmarks/princeton/puzzle3*.txt --repeat 1
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Sequence, TextIO, Tuple, Union

from .cli import GaveUp, InputError, Outcome, read_puzzle, solve_board, solve_words
from .formats import BoardPuzzle, WordPuzzle

__all__ = ["expected_moves", "BenchRow", "bench_file", "main", "KNOWN_ANSWERS", "UNSOLVABLE"]

#: Marks an expected answer of "no solution".
UNSOLVABLE = "unsolvable"

#: Answers that the file name does not spell out (Princeton checklist FAQ).
KNOWN_ANSWERS: Dict[str, int] = {"puzzle4x4-hard1.txt": 38, "puzzle4x4-hard2.txt": 47}

#: (pattern on the file name, how to turn a match into the expected answer), tried in order.
NAME_RULES: Tuple[Tuple[re.Pattern, object], ...] = (
    (re.compile(r"unsolvable"), lambda match: UNSOLVABLE),
    (re.compile(r"^puzzle(?:\d+x\d+-)?(\d+)\.txt$"), lambda match: int(match.group(1))),
)

Expected = Union[int, str, None]


def expected_moves(path: Union[str, Path]) -> Expected:
    """The known answer for a puzzle file: moves, :data:`UNSOLVABLE`, or None if unknown.

    >>> expected_moves("princeton/puzzle4x4-30.txt"), expected_moves("puzzle2x2-unsolvable1.txt")
    (30, 'unsolvable')
    """
    path = Path(path)
    if path.name in KNOWN_ANSWERS:
        return KNOWN_ANSWERS[path.name]
    indexed = _answer_from_index(path)
    if indexed is not None:
        return indexed
    for pattern, answer in NAME_RULES:
        match = pattern.search(path.name)
        if match:
            return answer(match)
    return None


def _answer_from_index(path: Path) -> Expected:
    """The ``moves`` recorded for this file in an index.json in one of its parent folders."""
    resolved = path.resolve()
    for folder in list(resolved.parents)[:3]:
        index = folder / "index.json"
        if index.is_file():
            try:
                entries = json.loads(index.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                return None
            for entry in entries.get("puzzles", []) if isinstance(entries, dict) else entries:
                if (folder / entry.get("file", "")).resolve() == resolved:
                    return entry.get("moves")
    return None


@dataclass
class BenchRow:
    """One file's measurements."""

    file: str
    moves: Optional[int]          # None: no solution (or an error)
    expanded: int = 0
    seconds: float = 0.0
    expected: Expected = None
    peak_mib: Optional[float] = None
    error: str = ""

    @property
    def nodes_per_second(self) -> float:
        return self.expanded / self.seconds if self.seconds > 0 else 0.0

    @property
    def answer(self) -> Expected:
        return UNSOLVABLE if self.moves is None else self.moves

    @property
    def failed(self) -> bool:
        return bool(self.error) or (self.expected is not None and self.expected != self.answer)


def _solve(puzzle: Union[BoardPuzzle, WordPuzzle], options) -> Outcome:
    if isinstance(puzzle, WordPuzzle):
        return solve_words(puzzle.start, puzzle.goal, options.dictionary, options.algorithm, options.max_nodes)
    return solve_board(puzzle, options.heuristic, options.algorithm, options.max_nodes)


def bench_file(path: str, options) -> BenchRow:
    """Solve ``path`` ``options.repeat`` times; the row holds the median time."""
    row = BenchRow(path, None, expected=expected_moves(path))
    try:
        puzzle = read_puzzle(path)
        times = []
        for _ in range(max(1, options.repeat)):
            outcome = _solve(puzzle, options)
            times.append(outcome.seconds)
        if options.memory:
            tracemalloc.start()
            try:
                _solve(puzzle, options)
                row.peak_mib = tracemalloc.get_traced_memory()[1] / 2 ** 20
            finally:
                tracemalloc.stop()
    except (InputError, GaveUp) as problem:
        row.error = str(problem)
        return row
    row.moves = outcome.moves if outcome.solvable else None
    row.expanded = outcome.stats.expanded
    row.seconds = statistics.median(times)
    return row


def _format_row(row: BenchRow, width: int, memory: bool) -> str:
    name = row.file.ljust(width)
    if row.error:
        return f"{name}  ERROR: {row.error}"
    answer = "unsolvable" if row.moves is None else str(row.moves)
    verdict = "" if row.expected is None else ("ok" if not row.failed else f"FAIL (expected {row.expected})")
    peak = f"{row.peak_mib:9.1f}" if memory and row.peak_mib is not None else ""
    return (f"{name}  {answer:>10}  {row.expanded:>10,}  {row.nodes_per_second:>10,.0f}  "
            f"{row.seconds:>9.4f}{peak}  {verdict}").rstrip()


def main(argv: Optional[Sequence[str]] = None, stdout: Optional[TextIO] = None) -> int:
    """Benchmark the files; exit status 1 if any answer differs from the expected one or fails."""
    out = stdout or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m puzzlesolver.bench",
                                     description="Time the solver on puzzle files.")
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument("--repeat", type=int, default=3, help="runs per file; the median is shown (default 3)")
    parser.add_argument("--heuristic", help="board estimate (default: the solver's)")
    parser.add_argument("--algorithm", help="search to use (default: the solver's)")
    parser.add_argument("--dictionary", default="common", help="word list for word-pair files")
    parser.add_argument("--max-nodes", type=int, help="give up on a file after N expansions")
    parser.add_argument("--memory", action="store_true", help="also measure peak memory (one extra run)")
    options = parser.parse_args(argv)

    width = max(len(path) for path in options.files)
    header = f"{'file'.ljust(width)}  {'moves':>10}  {'expanded':>10}  {'nodes/s':>10}  {'seconds':>9}"
    out.write(header + ("  peak MiB" if options.memory else "") + "\n")
    rows: List[BenchRow] = []
    for path in options.files:
        row = bench_file(path, options)
        rows.append(row)
        out.write(_format_row(row, width, options.memory) + "\n")
        out.flush()
    out.write(_summary(rows) + "\n")
    return 1 if any(row.failed for row in rows) else 0


def _summary(rows: List[BenchRow]) -> str:
    solved = [row for row in rows if not row.error]
    expanded = sum(row.expanded for row in solved)
    seconds = sum(row.seconds for row in solved)
    checked = sum(1 for row in rows if row.expected is not None or row.error)
    failed = sum(1 for row in rows if row.failed)
    rate = f"{expanded / seconds:,.0f}" if seconds > 0 else "-"
    return (f"{len(rows)} files, {checked} checked, {failed} failed; {expanded:,} nodes in "
            f"{seconds:.3f} s ({rate} nodes/s)")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
