"""The benchmark in headless Chromium, through the built site's real web worker: ``python3 build.py bench --browser``.

Same instances, checks and summary as :mod:`puzzlesolver.bench` (the CPython run); each instance is
sent to the worker as the page sends it (``solve_board`` then ``advance`` slices) and timed by the
worker's own clock.  Not a test: a script that lives beside the web tests because it needs Playwright
and the built ``dist/``, which the shipped package must not.
"""

from __future__ import annotations

import functools
import http.server
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import List, Optional, TextIO

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "pysrc"))

from puzzlesolver import bench  # noqa: E402
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


def run_in_page(page, inst: Instance, limit: Optional[float], repeat: int) -> Row:
    row = Row(inst)
    times, walls = [], []
    limit = limit if limit is not None else inst.limit
    cancel_ms = int((limit + CANCEL_GRACE) * 1000) if limit else None
    for _ in range(max(1, repeat)):
        result = page.evaluate(SCRIPT, [[request_for(inst, limit)], cancel_ms])[0]
        answer = result["answer"]
        if answer.get("type") != "result":
            row.status, row.note = "ERROR", answer.get("message", str(answer))[:120]
            break
        row.method, row.nodes = answer.get("method", ""), answer.get("expanded", 0)
        if answer["status"] in ("cancelled", "stopped"):
            row.status, row.note, row.seconds = "TIMEOUT", answer.get("message", "cancelled")[:120], result["wall"]
            break
        times.append(answer.get("seconds", result["wall"]))
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


def run_browser(instances: List[Instance], limit: Optional[float], repeat: int, dist: Path, out: TextIO) -> List[Row]:
    from playwright.sync_api import sync_playwright

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(dist)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    rows = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
                "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1", "--no-sandbox"])
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
            began = time.perf_counter()
            page.evaluate(SCRIPT, [[], None])
            out.write(f"(worker booted in {time.perf_counter() - began:.1f} s)\n")
            for n, tiles in ((3, (1, 2, 3, 4, 5, 6, 7, 0, 8)), (4, tuple(range(1, 15)) + (0, 15))):
                began = time.perf_counter()
                page.evaluate(SCRIPT, [[request_for(Instance("warm-up", "", BoardPuzzle(n, tiles)), None)], None])
                out.write(f"(first {n}x{n} solve, fetching and loading its tables: {time.perf_counter() - began:.2f} s)\n")
            out.write(bench.HEADER + "\n")
            for inst in instances:
                row = run_in_page(page, inst, limit, repeat)
                out.write(bench.format_row(row) + "\n")
                out.flush()
                rows.append(row)
            browser.close()
    finally:
        server.shutdown()
    return rows


def main(argv=None, out: TextIO = sys.stdout) -> int:
    parser = bench.parser()
    parser.prog = "python3 build.py bench --browser"
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site (default: dist/)")
    args = parser.parse_args(argv)
    instances = [i for i in bench.instances_for(args, out) if isinstance(i.puzzle, BoardPuzzle) and not i.error]
    out.write(f"benchmark in headless Chromium (web worker), {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
              f"{len(instances)} instances, repeat {args.repeat}, limit {bench.limit_text(args.limit, instances)}\n")
    rows = run_browser(instances, args.limit, args.repeat, args.dist, out)
    bench.summary(rows, out)
    return bench.exit_status(rows, args.strict, out)


if __name__ == "__main__":
    sys.exit(main())
