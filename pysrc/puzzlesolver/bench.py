"""The benchmark: ``python3 build.py bench`` (or ``python -m puzzlesolver.bench [FILE...] [--suite S]``).

Every instance is solved through :func:`puzzlesolver.policy.start` -- the same policy as the command
line and the web worker -- a slice at a time, and every answer is checked: the moves must lead from
the puzzle to its goal, and an optimal answer must have the known length.  A wrong answer is a
failure (exit status 1), never a figure.  Seconds are medians over ``--repeat`` runs.

Instances come from puzzle files (expected answers from the file name, as Princeton names them, or
from an ``index.json`` beside the file, as in ``puzzles/``) or from suites of the reference sets in
``../shared/benchmarks`` (skipped with a note when absent):

``puzzles``   the project's own examples (puzzles/index.json gives each optimal length)
``3x3``       every Princeton 3x3 file (the two 31-move ones included)
``princeton`` every Princeton file up to 5x5 but the two near-80-move ones, unsolvable ones too
``5x5``       Princeton's 5x5 files (puzzle12, puzzle41, puzzle44)
``hard``      puzzle4x4-hard1 (38), -hard2 (47) and puzzle4x4-78
``80``        puzzle4x4-80 (the stretch: 80 moves, the most any 15-puzzle needs)
``korf100``   Korf's 100 random 15-puzzles, optimal lengths from the file
``large``     the NOT-optimal mode on Princeton's 6x6..10x10 files and random 10x10/12x12 boards:
              checked for a valid solution only
``korf24``    Korf & Felner's 50 random 24-puzzles with their published optimal lengths, solved by the
              default (anytime) search for 10 s each (``--limit`` to change it): per board and on average,
              the answer / the optimum and the proven bound / the optimum (a bound above the optimum fails)
``random6``, ``random7``  ten seeded random 6x6 and 7x7 boards, 10 s each: the answer / the proven bound

The last three are not among the default suites (they take about 8 and 2 minutes); ``all`` runs them.

With no file and no ``--suite`` the default suites run.  The same instances run in headless
Chromium through the real web worker with ``python3 build.py bench --browser`` (the runner lives in
``tests/web/bench_browser.py``, outside the shipped package).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, TextIO, Union

from . import grid, policy
from .board import BoardError, random_board
from .fast import tables
from .formats import BoardPuzzle, PuzzleFormatError, WordPuzzle, parse_board_text, parse_puzzle_text
from .policy import OptionError, Options
from .words import WordError, edit_distance

__all__ = ["Instance", "Row", "expected_moves", "load_suite", "check", "run", "summary", "main",
           "UNSOLVABLE", "SUITES", "DEFAULT_SUITES"]

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DATA = ROOT.parent / "shared" / "benchmarks"
SUITES = ("puzzles", "3x3", "princeton", "5x5", "hard", "80", "korf100", "large", "korf24", "random6", "random7")
DEFAULT_SUITES = ("puzzles", "3x3", "princeton", "5x5", "hard", "korf100", "large")
#: Marks an expected answer of "no solution".
UNSOLVABLE = "unsolvable"
#: Seconds per instance of the suites whose boards no search solves optimally in a benchmark's time (the
#: anytime search's best answer by then counts), unless ``--limit`` says otherwise.
ANYTIME_SECONDS = 10.0
#: Boards per random suite, and the seed they are drawn with.
RANDOM_BOARDS = 10
RANDOM_SEED = 2026

Expected = Union[int, str, None]


@dataclass
class Instance:
    """One puzzle to time: where it comes from, the puzzle, the known answer and the options."""

    suite: str
    name: str
    puzzle: Union[BoardPuzzle, WordPuzzle]
    expected: Expected = None
    options: Options = field(default_factory=Options)
    error: str = ""  # why the instance could not even be read
    limit: Optional[float] = None  # seconds allowed unless --limit is given (the anytime suites)

    @property
    def size(self) -> str:
        return str(self.puzzle.n) if isinstance(self.puzzle, BoardPuzzle) else "w"


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


# -- expected answers ------------------------------------------------------------------------------

#: (pattern on a file name, the answer it promises), tried in order.
_NAME_RULES = ((re.compile(r"unsolvable"), lambda match: UNSOLVABLE),
               (re.compile(r"^puzzle(?:\d+x\d+-)?(\d+)\.txt$"), lambda match: int(match.group(1))))


def expected_moves(path: Union[str, Path], data: Path = DEFAULT_DATA) -> Expected:
    """The known answer for a puzzle file: moves, :data:`UNSOLVABLE`, or None if unknown.

    Looked up in an ``index.json`` in one of the file's folders, then in Princeton's index (for
    names such as puzzle4x4-hard1.txt), then read from the name.

    >>> expected_moves("princeton/puzzle4x4-30.txt"), expected_moves("puzzle2x2-unsolvable1.txt")
    (30, 'unsolvable')
    """
    path = Path(path)
    indexed = _answer_from_index(path)
    if indexed is not None:
        return indexed
    princeton = _princeton_answers(data)
    if path.name in princeton:
        return princeton[path.name]
    for pattern, answer in _NAME_RULES:
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
                    moves = entry.get("moves")
                    return UNSOLVABLE if moves is None and entry.get("solvable") is False else moves
    return None


def _princeton_answers(data: Path) -> Dict[str, Expected]:
    """Princeton's files and their answers, from ``princeton_index.tsv`` (empty when it is absent)."""
    index = data / "princeton_index.tsv"
    if not index.is_file():
        return {}
    answers: Dict[str, Expected] = {}
    for line in index.read_text().splitlines()[1:]:
        name, _, solvable, expected = line.split("\t")[:4]
        answers[name] = int(expected) if solvable == "True" and expected else UNSOLVABLE
    return answers


# -- instances ---------------------------------------------------------------------------------------

def file_instance(path: str, options: Options, dictionary: str = "common") -> Instance:
    """An instance from a puzzle file; PuzzleFormatError / BoardError / OSError if it cannot be read."""
    puzzle = parse_puzzle_text(Path(path).read_text(encoding="utf-8"))
    if isinstance(puzzle, WordPuzzle):
        puzzle = WordPuzzle(puzzle.start, puzzle.goal, dictionary)
    return Instance("file", path, puzzle, expected_moves(path), options)


def load_suite(suite: str, data: Path = DEFAULT_DATA) -> List[Instance]:
    """The instances of one suite (empty when its data is missing)."""
    if suite not in SUITES:
        raise ValueError(f"unknown suite {suite!r}; choose from {', '.join(SUITES)}")
    if suite == "puzzles":
        return _project_puzzles(suite)
    if suite == "korf100":
        return _korf(data, "korf100_goal_1to15_0.txt", suite, 4)
    if suite == "korf24":  # Korf & Felner's 50 24-puzzles
        return _korf(data, "korf50_24puzzle.txt", suite, 5, ANYTIME_SECONDS)
    if suite in ("random6", "random7"):
        return _random_boards(suite, int(suite[-1]))
    keep = {
        "3x3": lambda name, n: n == 3,
        "princeton": lambda name, n: n <= 5 and name not in ("puzzle4x4-78.txt", "puzzle4x4-80.txt"),
        "5x5": lambda name, n: n == 5,
        "hard": lambda name, n: name in ("puzzle4x4-hard1.txt", "puzzle4x4-hard2.txt", "puzzle4x4-78.txt"),
        "80": lambda name, n: name == "puzzle4x4-80.txt",
        "large": lambda name, n: n >= 6,
    }[suite]
    answers = _princeton_answers(data)
    out = []
    for name, expected in answers.items():
        puzzle = parse_board_text((data / "princeton" / name).read_text())
        if keep(name, puzzle.n):
            options = Options("weighted") if suite == "large" else Options()
            out.append(Instance(suite, name[:-4], puzzle, expected, options))
    if suite == "large" and out:
        rng = random.Random(2026)
        for n in (10, 12):
            tiles = random_board(n, rng).tiles
            out.append(Instance(suite, f"random{n}x{n}", BoardPuzzle(n, tiles), None, Options("weighted")))
    return out


def _project_puzzles(suite: str) -> List[Instance]:
    index = ROOT / "puzzles" / "index.json"
    if not index.is_file():
        return []
    out = []
    for entry in json.loads(index.read_text()).get("puzzles", []):
        if entry.get("kind") == "board":
            path = ROOT / "puzzles" / entry["file"]
            out.append(Instance(suite, entry["file"].rsplit(".", 1)[0], parse_board_text(path.read_text()),
                                expected_moves(path)))
    return out


def _korf(data: Path, file_name: str, suite: str, n: int, limit: Optional[float] = None) -> List[Instance]:
    """Korf's boards, mapped to the goal 1..n*n-1 then the blank: ``id optimum t0 ..`` per line."""
    path = data / file_name
    if not path.is_file():
        return []
    out = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            values = [int(v) for v in line.split()]
            name = f"korf{values[0]:03d}" if suite == "korf100" else f"{suite}-{values[0]:02d}"
            out.append(Instance(suite, name, BoardPuzzle(n, tuple(values[2:2 + n * n])), values[1], limit=limit))
    return out


def _random_boards(suite: str, n: int) -> List[Instance]:
    rng = random.Random(RANDOM_SEED + n)
    return [Instance(suite, f"random{n}x{n}-{i + 1}", BoardPuzzle(n, random_board(n, rng).tiles), None,
                     limit=ANYTIME_SECONDS) for i in range(RANDOM_BOARDS)]


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
        *_, last = grid.tiles_along(puzzle.tiles, answer)
    except ValueError:
        return "the answer has an illegal move"
    if last != (puzzle.goal or grid.standard_goal(puzzle.n)):
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
        slice_size: int = 200_000, clock: Callable[[], float] = time.perf_counter) -> Row:
    """Solve ``inst`` ``repeat`` times through the policy; the row holds the median and the check.
    ``clock`` times the solves and their limit (the wall clock, or ``time.process_time``: this process's
    CPU time, for a machine shared with other work)."""
    row = Row(inst)
    times = []
    limit = limit if limit is not None else inst.limit
    if limit is not None:
        slice_size = min(slice_size, CLOCK_SLICE)
    for _ in range(max(1, repeat)):
        try:
            result, elapsed = _timed_solve(inst, limit, slice_size, clock)
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
            _timed_solve(inst, limit, slice_size, clock)
            row.peak_mib = tracemalloc.get_traced_memory()[1] / 2 ** 20
        finally:
            tracemalloc.stop()
    return row


#: Expansions between two looks at the clock when an instance has a time limit.
CLOCK_SLICE = 50_000


def _timed_solve(inst: Instance, limit: Optional[float], slice_size: int, clock: Callable[[], float]):
    began = clock()
    solving = policy.start(inst.puzzle, inst.options)
    while True:
        result = solving.advance(slice_size)
        if result is not None:
            return result, clock() - began
        if limit is not None and clock() - began > limit:
            return solving.stop(f"Gave up after {limit:g} s"), clock() - began


# -- output ------------------------------------------------------------------------------------------

HEADER = (f"{'suite':9} {'instance':28} {'n':>2} {'expected':>10} {'moves':>6} {'nodes':>11} "
          f"{'seconds':>9} {'nodes/s':>13}  status  method")


def format_row(row: Row) -> str:
    inst = row.instance
    expected = "-" if inst.expected is None else str(inst.expected)
    moves = "-" if row.moves is None else str(row.moves)
    spread = f" [{min(row.runs):.4f}..{max(row.runs):.4f}]" if len(row.runs) > 1 else ""
    wall = "" if row.wall is None else f" (page {row.wall:.4f})"
    peak = "" if row.peak_mib is None else f" {row.peak_mib:.1f} MiB peak"
    return (f"{inst.suite:9} {inst.name:28} {inst.size:>2} {expected:>10} {moves:>6} {row.nodes:>11,} "
            f"{row.seconds:9.4f}{spread}{wall} {row.rate:>11,.0f}/s  {row.status:7} "
            f"{row.note or row.method}{peak}").rstrip()


def summary(rows: List[Row], out: TextIO) -> None:
    """Per suite: solved, wrong, timed out; total, median and worst seconds; nodes per second; and for
    answers not proven optimal, how far they are from the optimum (or the bound)."""
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
        quality = answer_quality([r for r in done if r.bound is not None])
        if quality:
            out.write(f"            {quality}\n")


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
                   help=f"seconds allowed per instance (default: none; {ANYTIME_SECONDS:g} for korf24, random6, random7)")
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
        tables.tables_663()
        for blank in tables.EXACT_3_BLANKS:
            tables.exact_3(blank)
        for name in tables.COMPACT_4:   # the 15-puzzle's default search (else the first 4x4 instance reads them)
            tables.load_table(name)
        out.write(f"(pattern tables loaded from {tables.data_dir()} in {time.perf_counter() - began:.2f} s)\n")
    except tables.TablesMissing as missing:
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
