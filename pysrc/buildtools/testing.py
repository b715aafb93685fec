"""The test runner (``python3 build.py test``) and the benchmark (``python3 build.py bench``): each gets its
tools ready (.venv, Chromium, the built site or the pattern tables), then hands over to pytest or to
puzzlesolver.bench."""

from __future__ import annotations

import os
import subprocess
import sys

from .console import log
from .environment import step_chromium, step_other_browsers, step_venv, venv_python
from .layout import DIST, PYSRC, ROOT, TESTS
from .steps import build
from .tables import PDB_CACHE, step_pdb


def _ready_for_the_browser() -> None:
    """The pinned test tools, a Chromium and the built site (its brotli copies left out: gzip will do; 8x2's strong
    tables too: 1.5 minutes of the run's time, and the page does without them)."""
    step_venv()
    step_chromium()
    build(brotli=False)


#: The marker of the tests that time themselves against the wall clock (a call into the worker under 250 ms, a
#: solve within 3 s): they run one at a time, on a machine the other tests leave alone.
ALONE = "alone"
NO_TESTS_COLLECTED = 5   # pytest's exit code when a selection is empty (no test marked alone, say)


def test(pytest_args: list) -> int:
    """pytest on tests/ (or on the paths in ``pytest_args``).  The whole run goes in two parts: the tests marked
    :data:`ALONE`, one at a time, then the others spread over the machine's cores with pytest-xdist (a file's tests on
    one worker, so they share its page): on 2 cores the run took 13.0 minutes instead of 16.0 (2026-12-07).  Given
    paths, a ``-m`` or a ``-n``, it is one plain pytest with those arguments."""
    _ready_for_the_browser()
    step_other_browsers()  # Firefox ESR, WebKitWebDriver and Xvfb for tests/browsers/ (puppeteer-core comes with npm ci)
    names_paths = any((ROOT / arg.split("::")[0]).exists() for arg in pytest_args if not arg.startswith("-"))
    workers = min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
    if names_paths or workers < 2 or {"-m", "-n"} & set(pytest_args):
        return _pytest([*([] if names_paths else ["tests"]), *pytest_args])
    alone = _pytest(["tests", "-m", f"not slow and {ALONE}", *pytest_args])
    rest = _pytest(["tests", "-m", f"not slow and not {ALONE}", "-n", str(workers), "--dist", "loadfile", *pytest_args])
    return next((code for code in (alone, rest) if code not in (0, NO_TESTS_COLLECTED)), 0)


def _pytest(args: list) -> int:
    command = [str(venv_python()), "-m", "pytest", *args]
    log("$ " + " ".join(command))
    return subprocess.call(command, cwd=ROOT)


def bench(bench_args: list) -> int:
    """Run the benchmark (``python3 build.py bench --help``); ``--browser`` runs it through the built site's worker."""
    env = {**os.environ, "PYTHONPATH": str(PYSRC), "PUZZLESOLVER_PDB_DIR": str(PDB_CACHE)}
    if "--browser" in bench_args:
        _ready_for_the_browser()
        args = [a for a in bench_args if a != "--browser"]
        return subprocess.call([str(venv_python()), str(TESTS / "web" / "bench_browser.py"), *args], cwd=ROOT, env=env)
    DIST.mkdir(exist_ok=True)
    step_pdb()
    return subprocess.call([sys.executable, "-m", "puzzlesolver.bench", *bench_args], cwd=ROOT, env=env)
