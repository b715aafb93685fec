"""Settings shared by the engine tests (tests/core) and the browser tests (tests/web).

Browser tests use Debian's Chromium at /usr/bin/chromium when it is there (``python3 build.py test``
installs it; Playwright cannot download its own browser on these machines), headless, and with host
resolution limited to 127.0.0.1 so that nothing the page does can reach another host.
"""

from __future__ import annotations

import os
from pathlib import Path

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
