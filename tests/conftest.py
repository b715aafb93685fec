"""Settings shared by the engine tests (tests/core) and the browser tests (tests/web).

Browser tests use Debian's Chromium at /usr/bin/chromium when it is there (``python3 build.py test``
installs it; Playwright cannot download its own browser on these machines), headless, and with host
resolution limited to 127.0.0.1 so that nothing the page does can reach another host.

The figures tests measure without asserting (tests/figures.py) are reported at the end of the run; under
pytest-xdist each worker hands its own to the controller, which reports them all.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import figures
import pytest

CHROMIUM = Path(os.environ.get("PUZZLESOLVER_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(pytestconfig):
    """pytest-playwright's launch options, pointed at Debian's Chromium (overrides the plugin's fixture)."""
    args = {"headless": not pytestconfig.getoption("--headed", default=False)}
    if CHROMIUM.exists():
        args["executable_path"] = str(CHROMIUM)
    extra = list(CHROMIUM_ARGS)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        extra.append("--no-sandbox")  # Chromium refuses to start its sandbox as root
    args["args"] = extra
    return args


def pytest_sessionfinish(session):
    workeroutput = getattr(session.config, "workeroutput", None)   # set in a pytest-xdist worker
    if workeroutput is not None:
        workeroutput["figures"] = json.dumps(figures.SECTIONS)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """A pytest-xdist worker ended (in the controller): keep its figures."""
    figures.merge(json.loads(getattr(node, "workeroutput", {}).get("figures", "{}")))


def pytest_terminal_summary(terminalreporter):
    figures.report(terminalreporter)
