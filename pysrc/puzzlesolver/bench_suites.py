"""Benchmark suites for the fast path: ``python3 build.py bench`` (or ``python -m puzzlesolver.bench_suites``).

Suites (``--suite``, repeatable; default: puzzles 3x3 princeton 5x5 hard korf100 large):

``puzzles``   the project's own examples (puzzles/index.json gives each optimal length)
``3x3``       every Princeton 3x3 file (the two 31-move ones included)
``princeton`` every Princeton file up to 5x5 but the two near-80-move ones, unsolvable ones too
``5x5``       Princeton's 5x5 files (puzzle12, puzzle41, puzzle44)
``hard``      puzzle4x4-hard1 (38), -hard2 (47) and puzzle4x4-78
``80``        puzzle4x4-80 (the stretch: 80 moves, the most any 15-puzzle needs)
``korf100``   Korf's 100 random 15-puzzles (goal 1..15 then blank), optimal lengths from the file
``large``     the NOT-optimal mode on Princeton's 6x6..10x10 files and random 10x10/12x12 boards:
              checked for a valid solution only

Every optimal answer is checked against the known length: a wrong length (or a path that is not a
solution) is a failure and the exit status is 1.  A time-out (``--limit`` seconds per instance) is
reported as such and does not fail the run unless ``--strict``.  Reference data is read from
``../shared/benchmarks`` next to the repository (``--data`` to point elsewhere); suites whose data is
missing are skipped with a note.

``--browser`` runs the same instances in headless Chromium through the real web worker (the built
``dist/``; needs Playwright), timing each solve inside the worker.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional, Sequence, TextIO, Union

from .board import Board

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DATA = ROOT.parent / "shared" / "benchmarks"
DEFAULT_SUITES = ("puzzles", "3x3", "princeton", "5x5", "hard", "korf100", "large")
ALL_SUITES = ("puzzles", "3x3", "princeton", "5x5", "hard", "80", "korf100", "large")
UNSOLVABLE = "unsolvable"


@dataclass
class Instance:
    suite: str
    name: str
    n: int
    tiles: List[int]
    goal: Optional[List[int]] = None
    expected: Union[int, str, None] = None
    algorithm: str = "auto"   # "weighted" for the non-optimal suite

    def board_text(self) -> str:
        n = self.n
        return "\n".join(" ".join(str(t) for t in self.tiles[r * n:(r + 1) * n]) for r in range(n))

    def goal_text(self) -> str:
        if self.goal is None:
            return ""
        n = self.n
        return "\n".join(" ".join(str(t) for t in self.goal[r * n:(r + 1) * n]) for r in range(n))


@dataclass
class Row:
    instance: Instance
    moves: Optional[int] = None
    nodes: int = 0
    seconds: float = 0.0
    runs: List[float] = field(default_factory=list)
    method: str = ""
    status: str = "ok"        # ok | WRONG | TIMEOUT | ERROR
    note: str = ""
    wall: Optional[float] = None  # browser: page-side time of the request (median), messages included

    @property
    def rate(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


# -- the suites --------------------------------------------------------------------------------

def _princeton_index(data: Path) -> List[tuple]:
    index = data / "princeton_index.tsv"
    rows = []
    for line in index.read_text().splitlines()[1:]:
        parts = line.split("\t")
        name, n, solvable, expected = parts[0], int(parts[1]), parts[2] == "True", parts[3]
        rows.append((name, n, solvable, int(expected) if solvable and expected else UNSOLVABLE))
    return rows


def _read_princeton(data: Path, name: str) -> List[int]:
    values = [int(v) for v in (data / "princeton" / name).read_text().split()]
    return values[1:1 + values[0] ** 2]


def _princeton(data: Path, suite: str, keep) -> List[Instance]:
    out = []
    for name, n, solvable, expected in _princeton_index(data):
        if keep(name, n):
            out.append(Instance(suite, name[:-4], n, _read_princeton(data, name), None, expected))
    return out


def load_suite(suite: str, data: Path) -> List[Instance]:
    """The instances of one suite (empty when its data is missing)."""
    princeton_ok = (data / "princeton_index.tsv").is_file()
    if suite == "puzzles":
        from .formats import parse_board_text
        index_path = ROOT / "puzzles" / "index.json"
        if not index_path.is_file():
            return []
        out = []
        for entry in json.loads(index_path.read_text()).get("puzzles", []):
            if entry.get("kind") != "board":
                continue
            puzzle = parse_board_text((ROOT / "puzzles" / entry["file"]).read_text())
            out.append(Instance(suite, entry["file"].rsplit(".", 1)[0], puzzle.n, list(puzzle.tiles),
                                list(puzzle.goal) if puzzle.goal else None, entry.get("moves")))
        return out
    if not princeton_ok and suite in ("3x3", "princeton", "5x5", "hard", "80", "large"):
        return []
    if suite == "3x3":
        return _princeton(data, suite, lambda name, n: n == 3)
    if suite == "princeton":
        return _princeton(data, suite, lambda name, n: n <= 5 and name not in ("puzzle4x4-78.txt",
                                                                                "puzzle4x4-80.txt"))
    if suite == "5x5":
        return _princeton(data, suite, lambda name, n: n == 5)
    if suite == "hard":
        return _princeton(data, suite, lambda name, n: name in ("puzzle4x4-hard1.txt", "puzzle4x4-hard2.txt",
                                                                "puzzle4x4-78.txt"))
    if suite == "80":
        return _princeton(data, suite, lambda name, n: name == "puzzle4x4-80.txt")
    if suite == "korf100":
        path = data / "korf100_goal_1to15_0.txt"
        if not path.is_file():
            return []
        out = []
        for line in path.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                v = line.split()
                out.append(Instance(suite, f"korf{int(v[0]):03d}", 4, [int(x) for x in v[2:18]], None, int(v[1])))
        return out
    if suite == "large":
        out = [Instance(suite, i.name, i.n, i.tiles, None, i.expected, "weighted")
               for i in _princeton(data, suite, lambda name, n: n >= 6)]
        rng = random.Random(2026)
        for n in (10, 12):
            tiles = list(range(n * n))
            while True:
                rng.shuffle(tiles)
                if Board.from_tiles(tiles).is_solvable():
                    break
            out.append(Instance(suite, f"random{n}x{n}", n, list(tiles), None, None, "weighted"))
        return out
    raise ValueError(f"unknown suite {suite!r}; choose from {', '.join(ALL_SUITES)}")


# -- running in CPython ------------------------------------------------------------------------

def check(row: Row, path_tiles: Optional[List[Sequence[int]]], optimal: bool) -> None:
    """Set row.status from the answer: the path must be a solution; an optimal one must have the known length."""
    inst = row.instance
    expected = inst.expected
    if path_tiles is None or not path_tiles:
        row.moves = None
        if expected not in (UNSOLVABLE, None):
            row.status, row.note = "WRONG", f"no solution, expected {expected}"
        return
    row.moves = len(path_tiles) - 1
    board = Board.from_tiles(inst.tiles, inst.goal)
    if list(path_tiles[0]) != list(board.tiles) or list(path_tiles[-1]) != list(board.goal):
        row.status, row.note = "WRONG", "the path does not lead from the board to the goal"
        return
    for a, b in zip(path_tiles, path_tiles[1:]):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) != 2 or 0 not in (a[diff[0]], a[diff[1]]) or \
                abs(diff[0] - diff[1]) not in (1, inst.n) or \
                (abs(diff[0] - diff[1]) == 1 and diff[0] // inst.n != diff[1] // inst.n):
            row.status, row.note = "WRONG", "the path has an illegal move"
            return
    if expected == UNSOLVABLE:
        row.status, row.note = "WRONG", "solved an unsolvable board"
    elif isinstance(expected, int):
        if optimal and row.moves != expected:
            row.status, row.note = "WRONG", f"{row.moves} moves, the optimum is {expected}"
        elif row.moves < expected:
            row.status, row.note = "WRONG", f"{row.moves} moves, fewer than the optimum {expected}"


def run_cpython(inst: Instance, limit: Optional[float], repeat: int, slice_size: int = 200_000) -> Row:
    from .fast import make_search
    row = Row(inst)
    times = []
    for attempt in range(max(1, repeat)):
        board = Board.from_tiles(inst.tiles, inst.goal)
        began = time.perf_counter()
        search = make_search(board, inst.algorithm)
        timed_out = False
        while not search.run(slice_size):
            if limit is not None and time.perf_counter() - began > limit:
                timed_out = True
                break
        elapsed = time.perf_counter() - began
        row.nodes = search.stats.expanded
        row.method = search.method
        if timed_out:
            row.status, row.seconds, row.note = "TIMEOUT", elapsed, f"gave up after {limit:g} s (bound {search.bound})"
            return row
        times.append(elapsed)
        path = search.path()
        check(row, [b.tiles for b in path], search.optimal)
        if row.status != "ok":
            break
    row.runs = times
    row.seconds = statistics.median(times) if times else 0.0
    return row


# -- running in the browser --------------------------------------------------------------------

_BROWSER_SCRIPT = """
async ([instances, limitMs]) => {
  const { SolverClient } = await import("./solver-client.js");
  const solver = window.__benchSolver || (window.__benchSolver = new SolverClient());
  const info = await solver.ready;
  const out = [];
  for (const inst of instances) {
    const params = { board: inst.board, heuristic: "auto" };
    if (inst.goal) params.goal = inst.goal;
    if (inst.algorithm !== "auto") params.algorithm = inst.algorithm;
    const began = performance.now();
    let timer = null;
    if (limitMs) timer = setTimeout(() => solver.cancel(), limitMs);
    const answer = await solver.request("solve_board", params, () => {});
    if (timer) clearTimeout(timer);
    out.push({ wall: (performance.now() - began) / 1000, answer });
  }
  return out;
}
"""


def run_browser(instances: List[Instance], limit: Optional[float], repeat: int, dist: Path,
                out: TextIO) -> List[Row]:
    """Solve every instance in headless Chromium through dist/'s worker; the worker's own seconds are the figure."""
    import functools
    import http.server
    import threading

    from playwright.sync_api import sync_playwright

    handler = functools.partial(_QuietHandler, directory=str(dist))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    rows = [Row(inst) for inst in instances]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
                "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1", "--no-sandbox"])
            page = browser.new_page()
            page.goto(url)
            began = time.perf_counter()
            page.evaluate(_BROWSER_SCRIPT, [[], None])  # boot the worker (not timed)
            out.write(f"(worker booted in {time.perf_counter() - began:.1f} s)\n")
            for n, tiles in ((3, [1, 2, 3, 4, 5, 6, 7, 0, 8]), (4, list(range(1, 15)) + [0, 15])):
                warm = Instance("warm-up", f"{n}x{n}", n, tiles)
                began = time.perf_counter()
                page.evaluate(_BROWSER_SCRIPT, [[{"board": warm.board_text(), "goal": "", "algorithm": "auto"}], None])
                out.write(f"(first {n}x{n} solve, fetching and loading its pattern databases: "
                          f"{time.perf_counter() - began:.2f} s)\n")
            for row in rows:
                inst = row.instance
                payload = [{"board": inst.board_text(), "goal": inst.goal_text(), "algorithm": inst.algorithm}]
                times, walls = [], []
                for attempt in range(max(1, repeat)):
                    result = page.evaluate(_BROWSER_SCRIPT, [payload, int(limit * 1000) if limit else None])[0]
                    answer = result["answer"]
                    if answer.get("type") != "result":
                        row.status, row.note = "ERROR", answer.get("message", str(answer))[:120]
                        break
                    row.method = answer.get("method", "")
                    row.nodes = answer.get("expanded", 0)
                    if answer.get("status") in ("cancelled", "stopped"):
                        row.status, row.note = "TIMEOUT", answer.get("message", "cancelled")[:120]
                        row.seconds = result["wall"]
                        break
                    times.append(answer.get("seconds", result["wall"]))
                    walls.append(result["wall"])
                    check(row, answer.get("path") if answer.get("status") == "solved" else None,
                          answer.get("optimal", True))
                    if row.status != "ok":
                        break
                row.runs = times
                if times:
                    row.seconds = statistics.median(times)
                    row.wall = statistics.median(walls)
                _print_row(row, out)
            browser.close()
    finally:
        server.shutdown()
    return rows


import http.server as _http_server  # noqa: E402 - for the handler class below


class _QuietHandler(_http_server.SimpleHTTPRequestHandler):
    extensions_map = {**_http_server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm"}

    def log_message(self, *args) -> None:
        pass


# -- output ------------------------------------------------------------------------------------

def _print_row(row: Row, out: TextIO) -> None:
    inst = row.instance
    expected = "-" if inst.expected is None else str(inst.expected)
    moves = "-" if row.moves is None else str(row.moves)
    spread = ""
    if len(row.runs) > 1:
        spread = f" [{min(row.runs):.4f}..{max(row.runs):.4f}]"
    wall = "" if row.wall is None else f" (page {row.wall:.4f})"
    out.write(f"{inst.suite:9} {inst.name:28} {inst.n:>2} {expected:>10} {moves:>6} {row.nodes:>11,} "
              f"{row.seconds:9.4f}{spread}{wall} {row.rate:>11,.0f}/s  {row.status:7} {row.note or row.method}\n")
    out.flush()


def summary(rows: List[Row], out: TextIO) -> None:
    out.write("\nsummary (seconds are medians of the repeated runs; in the browser, the worker's own time)\n")
    for suite in dict.fromkeys(r.instance.suite for r in rows):
        group = [r for r in rows if r.instance.suite == suite]
        done = [r for r in group if r.status == "ok"]
        secs = [r.seconds for r in done]
        nodes = sum(r.nodes for r in done)
        wrong = sum(r.status in ("WRONG", "ERROR") for r in group)
        timeouts = sum(r.status == "TIMEOUT" for r in group)
        if secs:
            worst = max(done, key=lambda r: r.seconds)
            out.write(f"  {suite:9} {len(done)}/{len(group)} solved, {wrong} wrong, {timeouts} timed out; "
                      f"total {sum(secs):.2f} s, median {statistics.median(secs):.3f} s, worst {worst.seconds:.2f} s "
                      f"({worst.instance.name}), {nodes / max(sum(secs), 1e-9):,.0f} nodes/s\n")
        else:
            out.write(f"  {suite:9} 0/{len(group)} solved, {wrong} wrong, {timeouts} timed out\n")


def main(argv: Optional[Sequence[str]] = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(prog="build.py bench", description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--suite", action="append", choices=ALL_SUITES + ("all",),
                        help="suite to run (repeatable; default: %s)" % " ".join(DEFAULT_SUITES))
    parser.add_argument("--limit", type=float, default=None, help="seconds allowed per instance (default: none)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per instance; the median is reported")
    parser.add_argument("--browser", action="store_true", help="run in headless Chromium through the web worker")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="reference data (../shared/benchmarks)")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="built site for --browser")
    parser.add_argument("--strict", action="store_true", help="time-outs fail the run too")
    parser.add_argument("--only", help="run only instances whose name contains this text")
    args = parser.parse_args(argv)
    suites = args.suite or list(DEFAULT_SUITES)
    if "all" in suites:
        suites = list(ALL_SUITES)
    instances: List[Instance] = []
    for suite in suites:
        found = load_suite(suite, args.data)
        if not found:
            out.write(f"(suite {suite}: no data, skipped)\n")
        instances += [i for i in found if not args.only or args.only in i.name]
    where = "headless Chromium (web worker)" if args.browser else f"CPython {sys.version.split()[0]}"
    out.write(f"benchmark on {where}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
              f"{len(instances)} instances, repeat {args.repeat}, limit {args.limit or 'none'}\n")
    out.write(f"{'suite':9} {'instance':28} {'n':>2} {'expected':>10} {'moves':>6} {'nodes':>11} "
              f"{'seconds':>9} {'nodes/s':>13}  status  method\n")
    if args.browser:
        rows = run_browser(instances, args.limit, args.repeat, args.dist, out)
    else:
        from . import pdb
        began = time.perf_counter()
        try:  # loaded once per process, as in the web worker; not part of any instance's time
            pdb.tables_663()
            for blank in pdb.EXACT_3_BLANKS:
                pdb.exact_3(blank)
            out.write(f"(pattern databases loaded from {pdb.data_dir()} in {time.perf_counter() - began:.2f} s)\n")
        except pdb.PdbMissing as missing:
            out.write(f"({missing}: the solver falls back to weaker heuristics)\n")
        rows = []
        for inst in instances:
            row = run_cpython(inst, args.limit, args.repeat)
            _print_row(row, out)
            rows.append(row)
    summary(rows, out)
    if not args.browser:
        try:
            import resource
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            out.write(f"  peak memory of this process (RSS): {peak:.0f} MB\n")
        except (ImportError, OSError):
            pass
    bad = [r for r in rows if r.status in ("WRONG", "ERROR") or (args.strict and r.status == "TIMEOUT")]
    if bad:
        out.write(f"FAILED: {len(bad)} instance(s): {', '.join(r.instance.name for r in bad[:10])}\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
