"""What the build's tools run in: the pinned build-time and test-time Python packages (in .venv, never in
the engine's wheel) and the Chromium the browser tests and the audit drive."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from .console import log, run
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
    "pytest-xdist==3.8.0",  # the test run spread over the cores (buildtools/testing.py)
    "playwright==1.65.2",
    "hypothesis==6.170.15",
    "jsonschema==4.26.0",  # the worker protocol's schema (pysrc/puzzlesolver/protocol.json) checks the answers
    NUMPY_REQUIREMENT,  # so the tests also check the pattern-database builder
    "selenium==4.51.0",  # tests/browsers/test_webkit.py (4.52.0 wants a certifi newer than PyPI has yet)
    "import-linter==2.16",  # the layers, pyproject.toml's [tool.importlinter] (tests/core/test_architecture.py)
    "vulture==2.16",  # no dead code, with vulture_whitelist.py (tests/core/test_dead_code.py)
    "mypy==2.4.1",  # one Engine protocol for IDA*'s engines, pyproject.toml's [tool.mypy] (tests/core/test_engine_protocol.py)
)
CHROMIUM = Path("/usr/bin/chromium")
#: The other engines tests/browsers/ drives (Firefox through puppeteer-core, npm; WebKit through Selenium):
#: Debian package -> (the version tested, a file it installs). The version is preferred, not required: once
#: Debian replaces it (a security update), the candidate is installed and the log says so.
OTHER_BROWSERS = {
    "firefox-esr": ("153.8.0esr-1~deb12u1", Path("/usr/bin/firefox-esr")),
    "webkit2gtk-driver": ("2.50.6-1~deb12u2", Path("/usr/bin/WebKitWebDriver")),
    "xvfb": ("2:21.1.7-3+deb12u13", Path("/usr/bin/xvfb-run")),
}


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


def step_other_browsers() -> None:
    """Install Debian's Firefox ESR, WebKitWebDriver (with MiniBrowser) and Xvfb when missing. Where apt-get is
    missing or fails (not root) nothing is installed and tests/browsers/ skips, saying why."""
    missing = [name for name, (_, path) in OTHER_BROWSERS.items() if not path.exists()]
    if not missing:
        return
    if not shutil.which("apt-get"):
        log(f"no apt-get: {', '.join(missing)} not installed (their tests in tests/browsers/ will skip)")
        return
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    try:
        run(["apt-get", "update", "-qq"], env=env)
        wanted = []
        for name in missing:
            pinned = OTHER_BROWSERS[name][0]
            policy = subprocess.run(["apt-cache", "policy", name], capture_output=True, text=True, env=env).stdout
            if f" {pinned} " in policy:
                wanted.append(f"{name}={pinned}")
            else:
                log(f"{name} {pinned} is no longer offered: installing Debian's current {name}")
                wanted.append(name)
        run(["apt-get", "install", "-y", "-qq", *wanted], env=env)
    except (subprocess.CalledProcessError, OSError) as error:
        log(f"could not install {', '.join(missing)} ({error}): their tests in tests/browsers/ will skip")


def build_python(requirement: str, module: str) -> str:
    """A Python that can import ``module`` (a build-time tool: NumPy, Brotli): this one, else .venv, where
    the pinned ``requirement`` is installed if needed."""
    if subprocess.call([sys.executable, "-c", f"import {module}"], stderr=subprocess.DEVNULL) == 0:
        return sys.executable
    _make_venv()
    if subprocess.call([str(venv_python()), "-c", f"import {module}"], stderr=subprocess.DEVNULL) != 0:
        _pip_install(requirement)
    return str(venv_python())
