"""What the build's tools run in: the pinned build-time and test-time Python packages (in .venv, never in
the engine's wheel) and the Chromium the browser tests and the audit drive."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from .console import run
from .layout import VENV

#: Build-time only: the pattern-database builder (the engine itself is standard library only).
NUMPY_REQUIREMENT = "numpy==2.4.6"
#: Build-time only: the brotli copies of the big files the site serves.
BROTLI_REQUIREMENT = "Brotli==1.1.0"
#: Exact versions of what `build.py test` installs into .venv.
TEST_REQUIREMENTS = (
    "pytest==9.2.0",
    "pytest-playwright==0.10.0",
    "pytest-base-url==2.1.0",
    "playwright==1.65.2",
    "hypothesis==6.170.15",
    "jsonschema==4.26.0",  # the worker protocol's schema (pysrc/puzzlesolver/protocol.json) checks the answers
    NUMPY_REQUIREMENT,  # so the tests also check the pattern-database builder
)
CHROMIUM = Path("/usr/bin/chromium")


def venv_python() -> Path:
    return VENV / "bin" / "python"


def _make_venv() -> None:
    if not venv_python().exists():
        run([sys.executable, "-m", "venv", str(VENV)])


def _pip_install(*requirements: str) -> None:
    run([str(venv_python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *requirements])


def step_venv() -> None:
    """Create .venv and install the pinned test tools (skipped when the pins did not change)."""
    marker = VENV / ".puzzlesolver-requirements"
    want = "\n".join(TEST_REQUIREMENTS) + "\n"
    if venv_python().exists() and marker.exists() and marker.read_text() == want:
        return
    _make_venv()
    _pip_install(*TEST_REQUIREMENTS)
    marker.write_text(want)


def step_chromium() -> None:
    """Make sure a Chromium exists: Debian's package, else Playwright's own download."""
    if CHROMIUM.exists():
        return
    if shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        run(["apt-get", "update", "-qq"], env=env)
        run(["apt-get", "install", "-y", "-qq", "chromium"], env=env)
    else:
        run([str(venv_python()), "-m", "playwright", "install", "chromium"])


def build_python(requirement: str, module: str) -> str:
    """A Python that can import ``module`` (a build-time tool: NumPy, Brotli): this one, else .venv, where
    the pinned ``requirement`` is installed if needed."""
    if subprocess.call([sys.executable, "-c", f"import {module}"], stderr=subprocess.DEVNULL) == 0:
        return sys.executable
    _make_venv()
    if subprocess.call([str(venv_python()), "-c", f"import {module}"], stderr=subprocess.DEVNULL) != 0:
        _pip_install(requirement)
    return str(venv_python())
