"""Fixtures for the smoke tests in other engines (Firefox, WebKit): dist/ served on 127.0.0.1 by the project's
own handler.  The figures each run measures go to the terminal summary and test-results/browsers.json
(tests/figures.py; reported, never asserted)."""

from __future__ import annotations

import functools
import http.server
import threading

import pytest
from buildtools.server import DistHandler
from smoke_cases import DIST


class QuietHandler(DistHandler):
    def log_message(self, format, *args):   # noqa: A002  (the base class's name)
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A browser that drops a connection (a page closed mid-download) is no error of the site's."""


@pytest.fixture(scope="session")
def smoke_url() -> str:
    """dist/ on a free port of 127.0.0.1 (a secure context, so service workers run as they would online)."""
    if not (DIST / "index.html").exists():
        pytest.skip("dist/ is not built: run `python3 build.py test` (it builds first)")
    httpd = QuietServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(DIST)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()

