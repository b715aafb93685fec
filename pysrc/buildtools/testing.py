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


def test(pytest_args: list) -> int:
    _ready_for_the_browser()
    step_other_browsers()  # Firefox ESR, WebKitWebDriver and Xvfb for tests/browsers/ (puppeteer-core comes with npm ci)
    names_paths = any((ROOT / arg.split("::")[0]).exists() for arg in pytest_args if not arg.startswith("-"))
    command = [str(venv_python()), "-m", "pytest", *([] if names_paths else ["tests"]), *pytest_args]
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
