"""The ``rect`` benchmark: optimal solves of seeded random W x H boards, per shape, with and without tables.

``PYTHONPATH=pysrc python -m buildtools.rect_bench [--shapes 2x3,3x5,...] [--boards N] [--repeat R] [--limit S]
[--estimates tables,conflicts] [--partitions 1] [--check] [--seed K] [--cpu-time]`` prints, per shape
(W wide, H tall) and estimate, the time to build the tables (from nothing, in this process), then per
board the optimal moves, the first estimate, the expansions and the seconds (median of the repeats), and
per shape the median and worst.  Every answer is replayed slide by slide; with ``--check`` each length is
also checked against a breadth-first search from both ends where that stays under a few million
positions, and the two estimates' lengths against each other.  A search over ``--limit`` seconds is
stopped and counted as over the limit; ``--cpu-time`` counts this process's CPU time instead of the wall
clock (for a machine shared with other work).  A wrong answer exits with status 1.

Measured 2026-11-26 on the 2-core development machine, shared with other work (``--cpu-time``, CPython
3.11, seed 27, 10 boards per shape; 7x2, 2x7, 5x3 and 3x5 also 30 more with seed 28).  Seconds per solve,
median / worst; the tables are built once per shape and goal, apart:

  =========  ==========================  ===================  =================================
  shape      tables (build)              with tables          Manhattan + linear conflicts
  =========  ==========================  ===================  =================================
  2x3..3x3   one partition (<= 0.06 s)   < 0.001 / 0.001      0.010 / 0.20 (5x2)
  4x3, 3x4   4-4-3 + 2-5-4 (0.3 s)       0.001 / 0.007        0.015 / 0.21
  6x2, 2x6   4-4-3 + 2-5-4 (0.25 s)      0.002 / 0.009        1.6 / over 10 s (2 of 10)
  7x2, 2x7   5-4-4 + 3-5-5 (1.9-2.5 s)   0.007-0.013 / 5.6    10 / over 10 s (13 of 20)
  5x3, 3x5   5-5-4 + 3-5-5-1 (3.8-4.9)   0.02-0.04 / 6.1      1.1-4.0 / over 10 s (6 of 20)
  8x2        5-5-5 + 3-5-5-2 (10 s)      0.34 / 3.4
  2x8        (8 s)                       0.25 / over 60 s (1 of 10; two more took 31 and 37 s)
  4x4        (9 s)                       0.065 / 0.60
  =========  ==========================  ===================  =================================

One partition instead of two: worst 7x2 over 30 s (two: 1.9 s), 5x3 6.6 s (3.6 s), 3x5 1.1 s (0.9 s).
Pyodide in Node (its CPU time, the same boards): searches 1.9-2.15 x CPython's time, table builds 1.5-1.65 x.
Building two partitions of 5-tile tables on 16 cells peaks at 95 MB in CPython.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Dict, List, Optional, Sequence, Tuple

from puzzlesolver import grid
from puzzlesolver.fast.searches.rect_ida import RectIDAStar
from puzzlesolver.fast.tables import rect_tables

__all__ = ["SHAPES", "random_boards", "reference_length", "main"]

#: Every shape of the suite, W x H: 2 x 3 to 2 x 8, 3 x 3 to 3 x 5, 4 x 4, and their transposes.
SHAPES: Tuple[Tuple[int, int], ...] = ((3, 2), (2, 3), (4, 2), (2, 4), (5, 2), (2, 5), (6, 2), (2, 6), (7, 2),
                                       (2, 7), (8, 2), (2, 8), (3, 3), (4, 3), (3, 4), (5, 3), (3, 5), (4, 4))
ESTIMATES = ("tables", "conflicts")
_SLICE = 200_000
#: The clock the benchmark reads: the wall clock, or this process's CPU time (``--cpu-time``, for a machine
#: shared with other work).
clock = time.perf_counter


def random_boards(width: int, height: int, count: int, seed: int) -> List[grid.Tiles]:
    """``count`` uniformly random boards that can reach the standard goal, the same for a seed and shape."""
    rng = random.Random(f"{seed}:{width}x{height}")
    goal = grid.standard_goal(width, height)
    boards = []
    while len(boards) < count:
        tiles = list(goal)
        rng.shuffle(tiles)
        if grid.can_reach(tiles, goal, width):
            boards.append(tuple(tiles))
    return boards


def reference_length(width: int, height: int, tiles: Sequence[int], goal: Sequence[int],
                     max_positions: int = 3_000_000) -> Optional[int]:
    """The exact distance by breadth-first search from both ends (a whole level at a time, smaller side
    first), or None once more than ``max_positions`` positions were met."""
    start, goal = tuple(tiles), tuple(goal)
    if start == goal:
        return 0
    moves = grid.blank_moves(width, height)
    seen: List[Dict[tuple, int]] = [{start: 0}, {goal: 0}]
    levels = [[start], [goal]]
    while levels[0] and levels[1]:
        side = 0 if len(levels[0]) <= len(levels[1]) else 1
        mine, other = seen[side], seen[1 - side]
        depth = mine[levels[side][0]] + 1
        following: List[tuple] = []
        best = None
        for board in levels[side]:
            blank = board.index(0)
            for nb in moves[blank]:
                cells = list(board)
                cells[blank], cells[nb] = cells[nb], 0
                child = tuple(cells)
                if child in mine:
                    continue
                mine[child] = depth
                following.append(child)
                if child in other:
                    total = depth + other[child]
                    best = total if best is None else min(best, total)
        if best is not None:
            return best
        if len(seen[0]) + len(seen[1]) > max_positions:
            return None
        levels[side] = following
    return None


def _solve(width: int, height: int, tiles: grid.Tiles, tables, limit: float):
    """One timed solve in slices; returns (search, seconds, finished within the limit)."""
    search = RectIDAStar(width, height, tiles, tables=tables)
    began = clock()
    while not search.run(_SLICE):
        if clock() - began > limit:
            return search, clock() - began, False
    return search, clock() - began, True


def _replays(width: int, tiles: grid.Tiles, search) -> bool:
    boards = list(grid.tiles_along(tiles, search.blank_path(), width))
    return boards[-1] == search.goal and len(boards) == search.moves + 1


def bench_shape(width: int, height: int, boards: int, repeat: int, limit: float, estimates: Sequence[str],
                check: bool, seed: int, out=None, partitions: Optional[int] = None) -> bool:
    """Benchmark one shape; print its lines (to ``out``, standard output by default); return False when an
    answer was wrong.  ``partitions``: how many of :func:`~puzzlesolver.fast.tables.rect_tables.default_partitions`
    to read (all by default)."""
    out = out or sys.stdout
    goal = grid.standard_goal(width, height)
    deal = random_boards(width, height, boards, seed)
    ok = True
    lengths: Dict[grid.Tiles, int] = {}
    for estimate in estimates:
        tables = None
        label = f"{width}x{height} {estimate}"
        if estimate == "tables":
            rect_tables.forget()
            began = clock()
            tables = rect_tables.tables_for(width, height, goal,
                                            rect_tables.default_partitions(width, height, goal)[:partitions])
            built = clock() - began
            print(f"{label}: tables {' and '.join(t.describe() for t in tables)} built in {built:.2f} s", file=out)
        seconds: List[float] = []
        over = 0
        for i, tiles in enumerate(deal):
            runs = []
            for _ in range(repeat):
                search, took, finished = _solve(width, height, tiles, tables, limit)
                runs.append(took)
                if not finished:
                    break
            took = statistics.median(runs)
            if not finished:
                over += 1
                seconds.append(took)
                print(f"  #{i}: over {limit:g} s (bound {search.bound}, {search.stats.expanded:,} expansions)", file=out)
                continue
            seconds.append(took)
            verdict = ""
            if not _replays(width, tiles, search):
                verdict, ok = " WRONG: the answer does not replay to the goal", False
            elif tiles in lengths and lengths[tiles] != search.moves:
                verdict, ok = f" WRONG: the other estimate found {lengths[tiles]}", False
            elif check:
                reference = reference_length(width, height, tiles, goal)
                if reference is None:
                    verdict = " (reference too big)"
                elif reference != search.moves:
                    verdict, ok = f" WRONG: breadth-first search found {reference}", False
                else:
                    verdict = " = breadth-first"
            lengths.setdefault(tiles, search.moves)
            print(f"  #{i}: {search.moves} moves, estimate {search.initial_estimate}, "
                  f"{search.stats.expanded:,} expansions, {took * 1000:.1f} ms{verdict}", file=out)
        finished_seconds = sorted(seconds)
        print(f"{label}: {len(deal)} boards, median {statistics.median(finished_seconds):.3f} s, "
              f"worst {max(finished_seconds):.3f} s" + (f", {over} over {limit:g} s" if over else ""), file=out)
        out.flush()
    return ok


def _shape(text: str) -> Tuple[int, int]:
    width, height = text.lower().split("x")
    return int(width), int(height)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m buildtools.rect_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--shapes", default=",".join(f"{w}x{h}" for w, h in SHAPES),
                        help="W x H shapes, comma-separated (W wide, H tall)")
    parser.add_argument("--boards", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--limit", type=float, default=60.0, help="seconds before a search is stopped")
    parser.add_argument("--estimates", default="tables", help="tables, conflicts, or both (comma-separated)")
    parser.add_argument("--check", action="store_true", help="check lengths by breadth-first search where affordable")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--partitions", type=int, choices=(1, 2), help="read only the first partition's tables (1)")
    parser.add_argument("--cpu-time", action="store_true", help="count this process's CPU time, not the wall clock")
    args = parser.parse_args(argv)
    global clock
    clock = time.process_time if args.cpu_time else time.perf_counter
    estimates = [e for e in args.estimates.split(",") if e]
    if any(e not in ESTIMATES for e in estimates):
        parser.error(f"estimates are {', '.join(ESTIMATES)}")
    ok = True
    for text in args.shapes.split(","):
        width, height = _shape(text)
        ok &= bench_shape(width, height, args.boards, args.repeat, args.limit, estimates, args.check, args.seed,
                          partitions=args.partitions)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
