"""The benchmark in headless Chromium, through the built site's real web worker: ``python3 build.py bench --browser``.

Same instances, checks and summary as :mod:`puzzlesolver.bench` (the CPython run); each instance is
sent to the worker as the page sends it (``solve_board`` then ``advance`` slices) and timed by the
worker's own clock.  Each instance is then solved on CPython in this process, right after (so that both
meet the same load on a shared machine), and the summary gives per suite the worker's time over
CPython's: above :data:`MAX_WORKER_RATIO` on a suite long enough to time (:data:`RATIO_MIN_SECONDS`),
it is flagged, and fails the run with ``--strict``.  Not a test: a script that lives beside the web
tests because it needs Playwright and the built ``dist/``, which the shipped package must not.
"""

from __future__ import annotations

import functools
import http.server
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Dict, List, Optional, TextIO, Tuple

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pysrc"))

from puzzlesolver import bench, grid, policy  # noqa: E402
from puzzlesolver.bench import Row, check  # noqa: E402
from puzzlesolver.suites import Instance  # noqa: E402
from puzzlesolver.formats import BoardPuzzle  # noqa: E402
from puzzlesolver.ops.solving import rows_text  # noqa: E402

#: Solves the instances in the page with the page's own SolverClient; returns each answer and its wall time.
SCRIPT = """
async ([requests, limitMs]) => {
  const { SolverClient } = await import("./core/solver-client.js");
  const solver = window.__benchSolver || (window.__benchSolver = new SolverClient());
  await solver.ready;
  const out = [];
  for (const params of requests) {
    const began = performance.now();
    const timer = limitMs ? setTimeout(() => solver.cancel(), limitMs) : null;
    const answer = await solver.request("solve_board", params, () => {});
    if (timer) clearTimeout(timer);
    out.push({ wall: (performance.now() - began) / 1000, answer });
  }
  return out;
}
"""


#: Seconds the page waits past an instance's limit before it cancels the request (the worker's own clock
#: stops the search at the limit: an anytime search then answers with its best answer so far).
CANCEL_GRACE = 10.0


def request_for(inst: Instance, limit: Optional[float]) -> dict:
    puzzle = inst.puzzle
    params = {"board": rows_text(puzzle.tiles, puzzle.n), "heuristic": inst.options.heuristic,
              "algorithm": inst.options.algorithm,
              "max_seconds": limit or 3600, "max_nodes": 10 ** 12}
    if puzzle.goal:
        params["goal"] = rows_text(puzzle.goal, puzzle.n)
    return params


def renderer_cpu_seconds() -> float:
    """The CPU seconds of this script's Chromium renderers so far (the worker runs in the page's renderer,
    which is idle meanwhile): for ``--cpu-time`` on a machine shared with other work (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in _descendants(os.getpid()):
        try:
            if b"--type=renderer" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:   # the process ended meanwhile
            continue
        total += (int(fields[11]) + int(fields[12])) / tick   # utime and stime
    return total


def _descendants(root: int) -> List[int]:
    """The ids of the processes below ``root`` (children, their children...)."""
    children: Dict[int, List[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int(entry.joinpath("stat").read_text().rsplit(")", 1)[1].split()[1])
        except OSError:   # the process ended meanwhile
            continue
        children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def run_in_page(page, inst: Instance, limit: Optional[float], repeat: int, cpu_time: bool = False) -> Row:
    """``inst`` solved ``repeat`` times in the worker; seconds by the worker's clock (its search's own), or
    with ``cpu_time`` the renderer's CPU time for the whole request."""
    row = Row(inst)
    times, walls = [], []
    limit = limit if limit is not None else inst.limit
    cancel_ms = int((limit + CANCEL_GRACE) * 1000) if limit else None
    for _ in range(max(1, repeat)):
        cpu_before = renderer_cpu_seconds() if cpu_time else 0.0
        result = page.evaluate(SCRIPT, [[request_for(inst, limit)], cancel_ms])[0]
        cpu = renderer_cpu_seconds() - cpu_before if cpu_time else 0.0
        answer = result["answer"]
        if answer.get("type") != "result":
            row.status, row.note = "ERROR", answer.get("message", str(answer))[:120]
            break
        row.method, row.nodes = answer.get("method", ""), answer.get("expanded", 0)
        if answer["status"] in ("cancelled", "stopped"):
            row.status, row.note, row.seconds = "TIMEOUT", answer.get("message", "cancelled")[:120], result["wall"]
            break
        times.append(cpu if cpu_time else answer.get("seconds", result["wall"]))
        walls.append(result["wall"])
        check(row, answer["status"], answer.get("blank_path") or [], answer.get("optimal", True), answer.get("bound"))
        if row.status != "ok":
            break
    row.runs = times
    if times:
        row.seconds, row.wall = statistics.median(times), statistics.median(walls)
    return row


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript", ".wasm": "application/wasm"}

    def log_message(self, *args) -> None:
        pass


#: The worker may take at most this many times CPython's time on the same instances (issue 26: Pyodide's
#: interpreter is slower, the slices must not add much to that).
MAX_WORKER_RATIO = 1.5
#: Suites shorter than this on CPython get no ratio (milliseconds are noise on a shared machine).
RATIO_MIN_SECONDS = 1.0


def run_browser(instances: List[Instance], limit: Optional[float], repeat: int, dist: Path,
                out: TextIO, cpu_time: bool = False) -> Tuple[List[Row], List[Row]]:
    """Each instance in the worker then on CPython; returns the worker's rows and CPython's."""
    from playwright.sync_api import sync_playwright

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(dist)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    rows, cpython_rows = [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
                "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1", "--no-sandbox"])
            page = browser.new_page(bypass_csp=True)   # wait_for_function evaluates strings: the site forbids that
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
            began = time.perf_counter()
            page.evaluate(SCRIPT, [[], None])
            out.write(f"(worker booted in {time.perf_counter() - began:.1f} s)\n")
            for n, tiles in ((3, (1, 2, 3, 4, 5, 6, 7, 0, 8)), (4, tuple(range(1, 15)) + (0, 15))):
                began = time.perf_counter()
                page.evaluate(SCRIPT, [[request_for(Instance("warm-up", "", BoardPuzzle(n, tiles)), None)], None])
                out.write(f"(first {n}x{n} solve, fetching and loading its tables: {time.perf_counter() - began:.2f} s)\n")
            warm_up_cpython()
            out.write(bench.HEADER + "  (then CPython's seconds)\n")
            for inst in instances:
                row = run_in_page(page, inst, limit, repeat, cpu_time)
                cpython = bench.run(inst, limit, repeat, clock=time.process_time if cpu_time else time.perf_counter)
                out.write(f"{bench.format_row(row)}  (CPython {cpython.seconds:.4f})\n")
                out.flush()
                rows.append(row)
                cpython_rows.append(cpython)
            browser.close()
    finally:
        server.shutdown()
    return rows, cpython_rows


def warm_up_cpython() -> None:
    """Read CPython's tables as the worker's warm-up solves read its own, so no instance's time includes it."""
    for n in (3, 4):
        policy.start(BoardPuzzle(n, grid.standard_goal(n)))


def worker_ratios(rows: List[Row], cpython_rows: List[Row], out: TextIO) -> List[str]:
    """Per suite, the worker's total seconds over CPython's on the instances both solved; returns the suites
    above :data:`MAX_WORKER_RATIO`."""
    out.write(f"\nworker / CPython (same instances, same run; target at most {MAX_WORKER_RATIO:g})\n")
    slow = []
    for suite in dict.fromkeys(r.instance.suite for r in rows):
        both = [(w, c) for w, c in zip(rows, cpython_rows)
                if w.instance.suite == suite and w.status == c.status == "ok"]
        worker, cpython = sum(w.seconds for w, _ in both), sum(c.seconds for _, c in both)
        if cpython < RATIO_MIN_SECONDS:
            out.write(f"  {suite:9} {worker:.2f} s / {cpython:.2f} s (too short to compare)\n")
            continue
        ratio = worker / cpython
        flag = f"  ABOVE {MAX_WORKER_RATIO:g}" if ratio > MAX_WORKER_RATIO else ""
        out.write(f"  {suite:9} {worker:.2f} s / {cpython:.2f} s = {ratio:.2f}{flag}\n")
        if flag:
            slow.append(suite)
    return slow


def main(argv=None, out: TextIO = sys.stdout) -> int:
    parser = bench.parser()
    parser.prog = "python3 build.py bench --browser"
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site (default: dist/)")
    args = parser.parse_args(argv)
    instances = [i for i in bench.instances_for(args, out) if isinstance(i.puzzle, BoardPuzzle) and not i.error]
    out.write(f"benchmark in headless Chromium (web worker), {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
              f"{len(instances)} instances, repeat {args.repeat}, limit {bench.limit_text(args.limit, instances)}"
              f"{', CPU time (the renderer process, CPython)' if args.cpu_time else ''}\n")
    rows, cpython_rows = run_browser(instances, args.limit, args.repeat, args.dist, out, args.cpu_time)
    bench.summary(rows, out)
    slow = worker_ratios(rows, cpython_rows, out)
    status = bench.exit_status(rows, args.strict, out)
    if slow and args.strict:
        out.write(f"FAILED: the worker took more than {MAX_WORKER_RATIO:g} x CPython's time on {', '.join(slow)}\n")
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
