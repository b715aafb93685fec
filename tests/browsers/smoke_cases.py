"""The smoke test of every view, as a table both drivers run: Firefox (puppeteer-core over WebDriver BiDi,
firefox_driver.mjs) and WebKit (Selenium and WebKitWebDriver, test_webkit.py).

A case is a list of steps, each a dict with one action key; both drivers read the same steps:

    {"open": "#board=..."}          show that fragment, then wait (90 s at most) for window.__solver.state ===
                                    "ready" and window.__app.viewReady.  One page serves every case of a
                                    browser (one Python boot per engine, to keep the run short): the first
                                    case, and any case after a failure, loads the page afresh at the fragment
                                    (figure "ready_s"); the others set location.hash in that page, as a link
                                    followed in it would (figure "open_s")
    {"eval": "JS", "as": "name"}    run a JS expression in the page (a promise is awaited); keep its value
                                    ("figure": "name" reports it among the figures too)
    {"click": "testid"}             a real click on [data-testid=testid]
    {"button": "Solve"}             a real click on the button whose text is exactly that
    {"key": "ArrowLeft", "focus": "testid"}   focus that element (optional), then press the key for real
    {"wait": "JS", "timeout": ms, "as": "name", "time": "figure"}
                                    poll the JS expression until it is truthy (the case fails after timeout
                                    ms, default 60 s); keep its last value under "as"; "time" names a figure:
                                    the seconds since the last click or key
    {"upload": "testid", "files": {"name.py": "text"}}
                                    write those files to a temporary folder and give them to the
                                    <input type=file> [data-testid=testid] as a user's choice would (the
                                    driver's own file upload: the page gets its change event)
    {"sleep": ms}

A driver returns {"values": {...}, "figures": {...}, "errors": [...]} or a failure with the step that failed;
then ``check(values)`` (plain Python, shared) decides.  Adding a view is one more entry in CASES.

The expressions are strings, evaluated through WebDriver (BiDi's script.evaluate in Firefox, classic Execute Script
in WebKit): the site's Content-Security-Policy (no 'unsafe-eval') does not govern those, in either engine.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
RESULTS = ROOT / "test-results" / "browsers"
#: Generous: a shared 2-core machine; speed is reported in figures, never asserted here.
READY_TIMEOUT_MS = 90_000
SOLVE_TIMEOUT_MS = 60_000
#: How a case after the first opens its fragment in the page already loaded: set location.hash and resolve once
#: the router has seen it (hashchange: its listener, registered first, has set viewReady false by then).
NAVIGATE = """(fragment) => new Promise((resolve) => {
  if (location.hash === fragment) { resolve(false); return; }
  addEventListener("hashchange", () => resolve(true), { once: true });
  location.hash = fragment;
})"""
#: The page's errors and console.error calls, kept in window.__smokeErrors (Firefox: before the page's scripts run;
#: WebKit, where classic WebDriver cannot, from the load event on). An Error's stack is kept too.
ERRORS = """
if (!window.__smokeErrors) {
  window.__smokeErrors = [];
  addEventListener("error", (e) => window.__smokeErrors.push(`page error: ${e.message} (${e.filename}:${e.lineno})`));
  addEventListener("unhandledrejection", (e) => window.__smokeErrors.push(`unhandled rejection: ${e.reason} ${e.reason?.stack || ""}`));
  const original = console.error;
  console.error = (...args) => {
    window.__smokeErrors.push(`console: ${args.map((a) => (a instanceof Error ? `${a} ${a.stack}` : String(a))).join(" ")}`);
    original.apply(console, args);
  };
}
"""
BOARD_3 = "8,1,3,4,0,2,7,6,5"
#: Korf's first 15-puzzle (Korf 1985): 57 moves to the goal with the blank first, the published optimum
#: (tests/web/test_late_tables.py checks the same figure in Chromium).
KORF_1 = "14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3"
KORF_1_GOAL = ",".join(str(t) for t in range(16))
KORF_1_OPTIMUM = 57

#: The answer's status and count, read once the result is in.
RESULT = "document.getElementById('result').dataset.status"
MOVES = "document.querySelector('[data-testid=moves]').textContent.trim()"
NOTE = "document.querySelector('[data-testid=board-note]').textContent"
TILES = "document.querySelector('[data-testid=play-board]').dataset.tiles"


@functools.lru_cache(maxsize=None)
def engine_optimum(board: str = "", words: tuple = ()) -> int:
    """The optimum by the engine itself (pysrc/puzzlesolver, in CPython): the figure the page must show."""
    args = ["--words", *words] if words else ["-"]
    out = subprocess.run([sys.executable, "-m", "puzzlesolver", "--json", *args], input=board,
                         capture_output=True, text=True, timeout=120, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT / "pysrc")})
    return json.loads(out.stdout.splitlines()[0])["moves"]


def one_letter_apart(a: str, b: str) -> bool:
    """A ladder's rung: one letter changed, added or removed."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


@dataclass
class Case:
    name: str
    steps: list
    check: Callable[[dict], str | None]          # values -> None when right, else what is wrong
    skip_unless: Callable[[], str | None] = lambda: None   # a reason to skip, or None
    note: str = ""


def check_play(v: dict) -> str | None:
    if not v.get("tiles_before"):
        return "the board drew no tiles"
    # blank in the middle: ArrowLeft slides the 5 left (tiles move), or the 4 right (keys move the blank)
    if v.get("tiles_after") not in ("1,2,3,4,5,0,7,8,6", "1,2,3,0,4,5,7,8,6"):
        return f"ArrowLeft did not slide one tile: data-tiles {v.get('tiles_loaded')} -> {v.get('tiles_after')}"
    return None


def check_solve(v: dict) -> str | None:
    want = engine_optimum(board=BOARD_3.replace(",", " "))
    if (v.get("status"), v.get("moves")) != ("solved", str(want)):
        return f"8-puzzle: status {v.get('status')!r}, moves {v.get('moves')!r}; the engine says {want}"
    if (v.get("korf_status"), v.get("korf_moves")) != ("solved", str(KORF_1_OPTIMUM)):
        return f"Korf's first: status {v.get('korf_status')!r}, moves {v.get('korf_moves')!r}; published {KORF_1_OPTIMUM}"
    return None


def check_learn(v: dict) -> str | None:
    if not v.get("tree_nodes") or not v.get("drawn"):
        return f"the Learn view drew nothing: {v.get('tree_nodes')} tree nodes, {v.get('drawn')} drawings"
    return None


def check_ladder(v: dict) -> str | None:
    ladder = v.get("ladder") or []
    want = engine_optimum(words=("horse", "nurse"))
    if v.get("status") != "solved" or v.get("moves") != str(want):
        return f"status {v.get('status')!r}, moves {v.get('moves')!r}; the engine says {want}"
    if ladder[:1] != ["horse"] or ladder[-1:] != ["nurse"] or len(ladder) != want + 1 \
            or not all(one_letter_apart(a, b) for a, b in zip(ladder, ladder[1:])):
        return f"not a ladder from horse to nurse in {want} steps: {ladder}"
    return None


def check_code(v: dict) -> str | None:
    if "class Board" not in (v.get("starter") or ""):
        return f"the editor did not show the starter's Board: {(v.get('starter') or '')[:200]!r}"
    if "stopped" not in (v.get("stop_rows") or {}).values():
        return f"Stop: no row says stopped: {v.get('stop_rows')} (summary {v.get('after_stop')!r})"
    if not re.match(r"Stopped: \d+ of \d+ passed", v.get("after_stop") or ""):
        return f"Stop: the summary says {v.get('after_stop')!r}"
    summary, rows = v.get("run") or "", v.get("run_rows") or {}
    passed = re.match(r"(\d+) of (\d+) passed", summary)
    if not passed or passed[1] != passed[2] or not rows or set(rows.values()) != {"pass"} or len(rows) != int(passed[2]):
        return f"Run after Stop: the correct solution did not pass every test: {summary!r}, rows {rows}"
    return None


def code_view_built() -> str | None:
    return None if (DIST / "code").is_dir() else "the Code view is not built yet (no dist/code/)"


SUMMARY = "(document.querySelector('[data-testid=code-summary]')?.textContent || '')"
RUN = "document.querySelector('[data-testid=code-run]')"
EDITOR = "(document.querySelector('[data-testid=code-editor]')?.textContent || '')"
#: {test name: status} of the rows shown
ROWS = ("Object.fromEntries([...document.querySelectorAll('[data-testid=code-results] > [data-status]')]"
        ".map((row) => [row.dataset.test, row.dataset.status]))")
ENDED = f"/\\d+ of \\d+ passed/.test({SUMMARY}) && {SUMMARY}"
CORRECT = (ROOT / "tests" / "teach" / "solutions" / "eight_correct.py").read_text()
#: A Board whose constructor never returns: only Stop (an interrupt, or the worker ended) gets out of it.
LOOPS_FOREVER = """\
class Board:  # loops forever
    def __init__(self, tiles):
        while True:
            pass


class Solver:
    pass
"""


CASES = [
    Case("play", [
        {"open": "#game"},
        {"wait": TILES, "as": "tiles_before", "timeout": 10_000},
        {"eval": "window.__app.game.loadGame({n: 3, tiles: [1, 2, 3, 4, 0, 5, 7, 8, 6]}).then(() => null)"},
        {"wait": f"{TILES} === '1,2,3,4,0,5,7,8,6' && {TILES}", "as": "tiles_loaded", "timeout": 10_000},
        {"key": "ArrowLeft", "focus": "play-board"},
        {"wait": f"{TILES} !== '1,2,3,4,0,5,7,8,6' && {TILES}", "as": "tiles_after", "timeout": 10_000},
    ], check_play, note="the board draws; an arrow key slides a tile (data-tiles)"),
    Case("solve", [
        {"open": f"#board=3:{BOARD_3}"},
        # The board's note ("3×3 board, solvable in at least 10 moves.") comes once the solver has checked it, a moment
        # after "ready", and moves the Solve button down a line: a click aimed before it lands beside the button.
        {"wait": f"{NOTE}.startsWith('3×3')", "timeout": 10_000},
        {"button": "Solve"},
        {"wait": f"{RESULT} && {RESULT}", "as": "status", "timeout": SOLVE_TIMEOUT_MS, "time": "solve_8_s"},
        {"eval": MOVES, "as": "moves"},
        {"eval": f"(location.hash = 'board=4:{KORF_1}&goal={KORF_1_GOAL}', null)"},
        {"wait": "document.querySelector('[data-testid=board-input]').value.startsWith('14')", "timeout": 10_000},
        {"wait": f"{NOTE}.startsWith('4×4')", "timeout": 10_000},
        {"eval": "window.__app.clearResult().then(() => null)"},
        {"button": "Solve"},
        {"wait": f"{RESULT} && {RESULT}", "as": "korf_status", "timeout": 120_000, "time": "solve_korf_s"},
        {"eval": MOVES, "as": "korf_moves"},
    ], check_solve, note="the 8-puzzle and Korf's first 15-puzzle, optimal counts"),
    Case("learn", [
        {"open": "#explain=board=3:0,1,3,4,2,5,7,8,6"},
        {"wait": "document.querySelectorAll('[data-testid=explain-game-tree] .tree-node').length",
         "as": "tree_nodes", "timeout": SOLVE_TIMEOUT_MS},
        {"eval": "document.querySelectorAll('[data-testid=explain-drawings] svg').length", "as": "drawn"},
    ], check_learn, note="A* step by step draws its tree"),
    Case("ladders", [
        {"open": "#words=horse,nurse"},
        {"button": "Solve"},
        {"wait": f"{RESULT} && {RESULT}", "as": "status", "timeout": SOLVE_TIMEOUT_MS, "time": "solve_ladder_s"},
        {"eval": MOVES, "as": "moves"},
        {"eval": "[...document.querySelectorAll('[data-testid=ladder] li')].map((li) => li.textContent.trim())",
         "as": "ladder"},
    ], check_ladder, note="horse to nurse"),
    # The Code view: the starter in the editor; Stop ends a tight loop (by the interrupt when the page is cross-origin
    # isolated with a SharedArrayBuffer, as in Firefox; else by ending the worker, its warm spare taking over, as in
    # WebKitGTK); then Run works again: the correct solution
    # passes every test (one full run per engine: it is most of this case's time).
    Case("code", [
        {"open": "#code"},
        {"wait": f"!{RUN}.disabled && {EDITOR}", "as": "starter", "timeout": 90_000, "time": "code_ready_s"},
        # how Stop will end the code (code/runner.js): WebKitGTK is cross-origin isolated yet has no SharedArrayBuffer
        {"eval": "window.crossOriginIsolated && typeof SharedArrayBuffer === 'function' ? 'interrupt' : 'worker ended'",
         "as": "stop_by", "figure": "stop_by"},
        {"upload": "code-upload", "files": {"board.py": LOOPS_FOREVER}},   # over the untouched starter: alone
        {"wait": f"{EDITOR}.includes('loops forever')", "timeout": 10_000},
        {"click": "code-run"},
        {"wait": f"/running: \\d/i.test({SUMMARY})", "timeout": 30_000},   # the files are read: a test runs
        {"sleep": 1000},                                                      # well inside Board's loop
        {"click": "code-stop"},
        {"wait": f"!/running/i.test({SUMMARY}) && {SUMMARY}", "as": "after_stop", "timeout": 5_000,
         "time": "code_stop_s"},
        {"eval": ROWS, "as": "stop_rows"},
        {"click": "code-reset"},
        {"upload": "code-upload", "files": {"solution.py": CORRECT}},
        {"wait": f"{EDITOR}.includes('A plain, correct 8-puzzle solution')", "timeout": 10_000},
        {"click": "code-run"},
        {"wait": ENDED, "as": "run", "timeout": 150_000, "time": "code_run_s"},
        {"eval": ROWS, "as": "run_rows"},
    ], check_code, skip_unless=code_view_built,
        note="the starter shown; Stop ends a tight loop; then the correct solution passes every test"),
]

CASE_IDS = [case.name for case in CASES]


def screenshot_path(browser: str, case: str) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    return RESULTS / f"{browser}-{case}.png"


def failure_message(browser: str, case: Case, result: dict) -> str:
    """What a failed case says: the step, the values so far, the page's errors, the screenshot."""
    lines = [f"{browser}, {case.name} ({case.note}): {result.get('error') or result.get('wrong')}"]
    if result.get("step") is not None:
        lines.append(f"  at step {result['step']}: {case.steps[result['step']]}")
    lines.append(f"  values: {result.get('values')}")
    errors = result.get("errors") or []
    lines.append(f"  console errors ({len(errors)}):" + "".join(f"\n    {e}" for e in errors[-20:]))
    if result.get("status_line"):
        lines.append(f"  status line: {result['status_line']!r}")
    if result.get("screenshot"):
        lines.append(f"  screenshot: {result['screenshot']}")
    return "\n".join(lines)


def require(path: Path, package: str) -> None:
    """Skip, saying why, when ``path`` is missing: ``python3 build.py test`` installs Debian's ``package`` where it
    can (apt-get as root), and its log says why it did not."""
    if path.exists():
        return
    how = ("`python3 build.py test` installs it (apt-get as root); its log says why it did not"
           if shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0
           else "it needs apt-get as root to install")
    pytest.skip(f"{path} is missing: Debian's {package} is not installed ({how})")


def record(browser: str, case: str, timings: dict) -> None:
    """Keep a case's timings for the summary and test-results/browsers.json (tests/figures.py)."""
    import figures   # tests/: on the path in a pytest run (tests/conftest.py's folder)
    figures.record("browsers", browser, {case: timings})
    print(f"[browsers] {browser} {case}: {timings}")


def clean_error(text: str) -> str:
    return re.sub(r"\s+", " ", str(text))[:500]


def check(case: Case, result: dict, browser: str) -> None:
    """Assert a driver's result: every step ran and ``case.check`` finds the values right.  The driver left a
    screenshot of the page as the case ended: kept in test-results/browsers/ on a failure, removed otherwise."""
    result["errors"] = [clean_error(e) for e in result.get("errors", [])]
    if result.get("ok"):
        result["wrong"] = case.check(result["values"])
    failed = not result.get("ok") or result.get("wrong")
    shot = result.get("screenshot")
    if shot and not failed:
        Path(shot).unlink(missing_ok=True)
    assert not failed, failure_message(browser, case, result)
