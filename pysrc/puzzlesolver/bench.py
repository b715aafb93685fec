"""The benchmark: ``python3 build.py bench`` (or ``python -m puzzlesolver.bench [FILE...] [--suite S]``).

Every instance is solved through :func:`puzzlesolver.policy.start` -- the same policy as the command
line and the web worker -- a slice at a time, and every answer is checked: the moves must lead from
the puzzle to its goal, and an optimal answer must have the known length.  A wrong answer is a
failure (exit status 1), never a figure.  Seconds are medians over ``--repeat`` runs.

Instances come from puzzle files or suites of the reference sets (:mod:`puzzlesolver.suites` lists them).

With no file and no ``--suite`` the default suites run.  The same instances run in headless
Chromium through the real web worker with ``python3 build.py bench --browser`` (the runner lives in
``tests/web/bench_browser.py``, outside the shipped package).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, List, Optional, Sequence, TextIO, Union

from . import grid, policy
from .board import BoardError
from .budget import CLOCK_STEP_SECONDS, within
from .fast.tables import pdb_files
from .formats import BoardPuzzle, PuzzleFormatError, WordPuzzle
from .policy import OptionError, Options
from .steps import to_end
from .suites import (ANYTIME_SECONDS, DEFAULT_DATA, DEFAULT_SUITES, SUITES, UNSOLVABLE, Instance, file_instance,
                     load_suite)
from .words import WordError, edit_distance

__all__ = ["Row", "check", "run", "summary", "main", "instances_for", "parser", "format_row", "exit_status",
           "limit_text", "HEADER"]


@dataclass
class Row:
    """One instance's figures: ``status`` is ok | WRONG | TIMEOUT | ERROR."""

    instance: Instance
    moves: Optional[int] = None
    nodes: int = 0
    seconds: float = 0.0
    runs: List[float] = field(default_factory=list)
    method: str = ""
    status: str = "ok"
    note: str = ""
    peak_mib: Optional[float] = None
    wall: Optional[float] = None  # browser: the page's time for the request (median), messages included
    bound: Optional[int] = None   # the proven lower bound of an answer not proven optimal

    @property
    def rate(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


# -- checking an answer ------------------------------------------------------------------------------

def check(row: Row, status: str, answer: Sequence, optimal: bool, bound: Optional[int] = None) -> None:
    """Set ``row.status`` from an answer: ``answer`` is the blank's path (boards) or the ladder (words).

    The moves must lead from the puzzle to its goal; an optimal answer must have the known length, any
    answer at least that length; "unsolvable" must be expected.  The proven lower ``bound`` of an answer
    not proven optimal is kept in the row, and must not exceed the known optimum.
    """
    inst = row.instance
    expected = inst.expected
    row.bound = None if optimal or bound is None else bound
    if status != "solved":
        row.moves = None
        if expected not in (UNSOLVABLE, None):
            row.status, row.note = "WRONG", f"no solution, expected {expected}"
        return
    problem = _answer_problem(inst.puzzle, answer)
    row.moves = len(answer) if isinstance(inst.puzzle, BoardPuzzle) else len(answer) - 1
    if problem:
        row.status, row.note = "WRONG", problem
    elif expected == UNSOLVABLE:
        row.status, row.note = "WRONG", "solved an unsolvable puzzle"
    elif isinstance(expected, int) and (row.moves < expected or (optimal and row.moves != expected)):
        row.status, row.note = "WRONG", f"{row.moves} moves, the optimum is {expected}"
    elif isinstance(expected, int) and row.bound is not None and row.bound > expected:
        row.status, row.note = "WRONG", f"the bound {row.bound} is above the optimum {expected}"
    elif row.bound is not None:
        row.note = _ratios(row)


def _answer_problem(puzzle: Union[BoardPuzzle, WordPuzzle], answer: Sequence) -> str:
    """Why the answer does not solve the puzzle ("" if it does)."""
    if isinstance(puzzle, WordPuzzle):
        if not answer or answer[0] != puzzle.start or answer[-1] != puzzle.goal:
            return "the ladder does not lead from the start to the goal"
        if any(edit_distance(a, b) != 1 for a, b in zip(answer, answer[1:])):
            return "the ladder has a step that is not one edit"
        return ""
    try:
        *_, last = grid.tiles_along(puzzle.tiles, answer, puzzle.width)
    except ValueError:
        return "the answer has an illegal move"
    if last != (puzzle.goal or grid.standard_goal(puzzle.width, puzzle.height)):
        return "the answer does not reach the goal"
    return ""


def _ratios(row: Row) -> str:
    """How good an answer not proven optimal is: against the optimum when it is known, else against the bound."""
    expected = row.instance.expected
    if isinstance(expected, int) and expected > 0:
        return (f"answer/optimum {row.moves / expected:.3f}, bound {row.bound} "
                f"(bound/optimum {row.bound / expected:.3f})")
    return f"bound {row.bound}, answer/bound {row.moves / max(row.bound, 1):.3f}"


# -- running in CPython ------------------------------------------------------------------------------

def run(inst: Instance, limit: Optional[float] = None, repeat: int = 1, memory: bool = False,
        clock: Callable[[], float] = time.perf_counter) -> Row:
    """Solve ``inst`` ``repeat`` times through the policy; the row holds the median and the check.
    ``clock`` times the solves and their limit (the wall clock, or ``time.process_time``: this process's
    CPU time, for a machine shared with other work)."""
    row = Row(inst)
    times = []
    limit = limit if limit is not None else inst.limit
    for _ in range(max(1, repeat)):
        try:
            result, elapsed = _timed_solve(inst, limit, clock)
        except (BoardError, WordError, PuzzleFormatError, OptionError) as error:
            row.status, row.note = "ERROR", str(error)
            return row
        row.nodes, row.method = result.stats.expanded, result.method
        if result.status == "stopped":
            row.status, row.seconds, row.note = "TIMEOUT", elapsed, result.reason
            return row
        times.append(elapsed)
        check(row, result.status, result.blank_path if result.kind == "board" else result.ladder, result.optimal,
              result.bound)
        if row.status != "ok":
            break
    row.runs = times
    row.seconds = statistics.median(times) if times else 0.0
    if memory and row.status == "ok":
        tracemalloc.start()
        try:
            _timed_solve(inst, limit, clock)
            row.peak_mib = tracemalloc.get_traced_memory()[1] / 2 ** 20
        finally:
            tracemalloc.stop()
    return row


def _timed_solve(inst: Instance, limit: Optional[float], clock: Callable[[], float]):
    began = clock()
    solving = policy.start(inst.puzzle, inst.options)
    result = to_end(within(solving, max_seconds=limit, clock=clock, step_seconds=CLOCK_STEP_SECONDS))
    return result, clock() - began


# -- output ------------------------------------------------------------------------------------------

HEADER = (f"{'suite':9} {'instance':28} {'n':>4} {'expected':>10} {'moves':>6} {'nodes':>11} "
          f"{'seconds':>9} {'nodes/s':>13}  status  method")


def format_row(row: Row) -> str:
    inst = row.instance
    expected = "-" if inst.expected is None else str(inst.expected)
    moves = "-" if row.moves is None else str(row.moves)
    spread = f" [{min(row.runs):.4f}..{max(row.runs):.4f}]" if len(row.runs) > 1 else ""
    wall = "" if row.wall is None else f" (page {row.wall:.4f})"
    peak = "" if row.peak_mib is None else f" {row.peak_mib:.1f} MiB peak"
    return (f"{inst.suite:9} {inst.name:28} {inst.size:>4} {expected:>10} {moves:>6} {row.nodes:>11,} "
            f"{row.seconds:9.4f}{spread}{wall} {row.rate:>11,.0f}/s  {row.status:7} "
            f"{row.note or row.method}{peak}").rstrip()


def summary(rows: List[Row], out: TextIO) -> None:
    """Per suite: solved, wrong, timed out; total, median and worst seconds; nodes per second; and for
    answers not proven optimal, how far they are from the optimum (or the bound), per board size too when a
    suite has several."""
    out.write("\nsummary (seconds are medians of the repeated runs; in the browser, the worker's own time)\n")
    for suite in dict.fromkeys(r.instance.suite for r in rows):
        group = [r for r in rows if r.instance.suite == suite]
        done = [r for r in group if r.status == "ok"]
        wrong = sum(r.status in ("WRONG", "ERROR") for r in group)
        timeouts = sum(r.status == "TIMEOUT" for r in group)
        line = f"  {suite:9} {len(done)}/{len(group)} solved, {wrong} wrong, {timeouts} timed out"
        if done:
            secs = [r.seconds for r in done]
            worst = max(done, key=lambda r: r.seconds)
            line += (f"; total {sum(secs):.2f} s, median {statistics.median(secs):.3f} s, worst "
                     f"{worst.seconds:.2f} s ({worst.instance.name}), "
                     f"{sum(r.nodes for r in done) / max(sum(secs), 1e-9):,.0f} nodes/s")
        out.write(line + "\n")
        unproven = [r for r in done if r.bound is not None]
        quality = answer_quality(unproven)
        if quality:
            out.write(f"            {quality}\n")
        sizes = list(dict.fromkeys(r.instance.size for r in unproven))
        for size in sizes if len(sizes) > 1 else ():
            of_size = [r for r in unproven if r.instance.size == size]
            secs = [r.seconds for r in of_size]
            shape = size if "x" in size else f"{size}x{size}"
            out.write(f"            {shape}: {answer_quality(of_size)}; {statistics.mean(secs):.2f} s mean, "
                      f"{max(secs):.2f} s worst\n")


def answer_quality(rows: List[Row]) -> str:
    """For answers not proven optimal: mean and worst answer / optimum, mean and lowest bound / optimum
    (where the optimum is known), else mean and worst answer / bound; "" when there are none."""
    if not rows:
        return ""
    known = [r for r in rows if isinstance(r.instance.expected, int) and r.instance.expected > 0]
    parts = [f"{len(rows)} answers not proven optimal"]
    if known:
        answer = [r.moves / r.instance.expected for r in known]
        bound = [r.bound / r.instance.expected for r in known]
        parts.append(f"answer/optimum mean {statistics.mean(answer):.3f}, max {max(answer):.3f}; "
                     f"bound/optimum mean {statistics.mean(bound):.3f}, min {min(bound):.3f}")
    unknown = [r for r in rows if r not in known]
    if unknown:
        ratio = [r.moves / max(r.bound, 1) for r in unknown]
        parts.append(f"answer/bound mean {statistics.mean(ratio):.3f}, max {max(ratio):.3f}")
    return "; ".join(parts)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m puzzlesolver.bench", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("files", nargs="*", metavar="FILE", help="puzzle files to time")
    p.add_argument("--suite", action="append", choices=SUITES + ("all",),
                   help="suite to run (repeatable; default without files: %s)" % " ".join(DEFAULT_SUITES))
    p.add_argument("--repeat", type=int, default=1, help="runs per instance; the median is reported")
    p.add_argument("--limit", type=float, default=None,
                   help=f"seconds allowed per instance (default: none; {ANYTIME_SECONDS:g} for korf24, big, bigrect "
                        "and the random suites)")
    p.add_argument("--algorithm", default="auto", help="search for the file instances (default: auto)")
    p.add_argument("--heuristic", default="auto", help="estimate for the file instances (default: auto)")
    p.add_argument("--dictionary", default="common", help="word list for word-pair files")
    p.add_argument("--memory", action="store_true", help="also measure peak memory (one extra run)")
    p.add_argument("--cpu-time", action="store_true",
                   help="seconds and limits count this process's CPU time, not the wall clock (on a machine shared "
                        "with other work; with --browser, the worker's seconds are its renderer's CPU time, "
                        "its limits its own clock)")
    p.add_argument("--only", help="run only instances whose name contains this text")
    p.add_argument("--strict", action="store_true", help="time-outs fail the run too")
    p.add_argument("--data", type=Path, default=DEFAULT_DATA, help="reference data (../shared/benchmarks)")
    return p


def instances_for(args: argparse.Namespace, out: TextIO) -> List[Instance]:
    """The instances the arguments ask for (files first, then suites); unreadable files become ERROR rows."""
    instances: List[Instance] = []
    options = Options(args.algorithm, args.heuristic)
    for path in args.files:
        try:
            instances.append(file_instance(path, options, args.dictionary))
        except (OSError, PuzzleFormatError, BoardError, UnicodeDecodeError) as error:
            instances.append(Instance("file", path, WordPuzzle("", ""), error=str(error)))
    suites = args.suite or ([] if args.files else list(DEFAULT_SUITES))
    for suite in SUITES if "all" in suites else suites:
        found = load_suite(suite, args.data)
        if not found:
            out.write(f"(suite {suite}: no data, skipped)\n")
        instances += found
    return [i for i in instances if not args.only or args.only in i.name]


def main(argv: Optional[Sequence[str]] = None, out: TextIO = sys.stdout) -> int:
    """Time the instances and check every answer; exit status 1 if any is wrong (or timed out with --strict)."""
    args = parser().parse_args(argv)
    instances = instances_for(args, out)
    out.write(f"benchmark on CPython {sys.version.split()[0]}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
              f"{len(instances)} instances, repeat {args.repeat}, limit {limit_text(args.limit, instances)}"
              f"{', CPU time' if args.cpu_time else ''}\n")
    _load_tables(out)
    out.write(HEADER + "\n")
    rows = []
    for inst in instances:
        if inst.error:
            row = Row(inst, status="ERROR", note=inst.error)
        else:
            row = run(inst, args.limit, args.repeat, args.memory,
                      clock=time.process_time if args.cpu_time else time.perf_counter)
        out.write(format_row(row) + "\n")
        out.flush()
        rows.append(row)
    summary(rows, out)
    return exit_status(rows, args.strict, out)


def _load_tables(out: TextIO) -> None:
    """Load the pattern tables once, as the web worker does, so no instance's time includes it."""
    began = time.perf_counter()
    try:
        pdb_files.tables_663()
        for blank in pdb_files.EXACT_3_BLANKS:
            pdb_files.exact_3(blank)
        for name in pdb_files.COMPACT_4:   # the 15-puzzle's default search (else the first 4x4 instance reads them)
            pdb_files.load_table(name)
        out.write(f"(pattern tables loaded from {pdb_files.data_dir()} in {time.perf_counter() - began:.2f} s)\n")
    except pdb_files.TablesMissing as missing:
        out.write(f"({missing} The solver falls back to weaker heuristics.)\n")


def limit_text(limit: Optional[float], instances: List[Instance]) -> str:
    """The time limit as the header says it: the one given, or the anytime suites' own."""
    if limit is not None:
        return f"{limit:g} s"
    own = sorted({i.limit for i in instances if i.limit is not None})
    return "none" + (f" ({', '.join(f'{x:g}' for x in own)} s for the anytime suites)" if own else "")


def exit_status(rows: List[Row], strict: bool, out: TextIO) -> int:
    bad = [r for r in rows if r.status in ("WRONG", "ERROR") or (strict and r.status == "TIMEOUT")]
    if bad:
        out.write(f"FAILED: {len(bad)} instance(s): {', '.join(r.instance.name for r in bad[:10])}\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
