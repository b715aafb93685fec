"""Fixtures for the browser tests: the built dist/ served on 127.0.0.1, one solver page per session.

Pyodide takes seconds to boot, so the solver page is opened once per session (``solver_page``) and
tests reset it through the URL fragment, without a reload.  Every request the browser makes is
recorded (``solver_context.requests``) and every byte the server sends is counted, so the session
can report what the first visit costs.  Measurements go to the terminal summary and to
test-results/web-budgets.json (tests/figures.py); budgets are reported, not asserted.
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
import time
from pathlib import Path

import jsonschema
import pytest
from buildtools.server import DistHandler
from webhelpers import DIST, ROOT, measure, wait_ready


LONGTASK_OBSERVER = """
window.__longtasks = [];
try {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longtasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
} catch (error) { window.__longtasks = null; }
"""


# Every message the solver's worker posts to the page, kept for the `app` fixture to check against the protocol.
WORKER_ANSWERS_RECORDER = """
window.__workerAnswers = [];
const NativeWorker = window.Worker;
window.Worker = class extends NativeWorker {
  constructor(url, options) {
    super(url, options);
    if (options?.name === "puzzlesolver") this.addEventListener("message", (event) => window.__workerAnswers.push(event.data));
  }
};
"""
ANSWER_SCHEMA = jsonschema.Draft202012Validator({**json.loads((ROOT / "pysrc/puzzlesolver/protocol.json").read_text()),
                                                 "$ref": "#/$defs/answer"})


class CountingServer:
    """dist/ on a free port of 127.0.0.1 (threaded), logging each request and the bytes sent."""

    def __init__(self, directory: Path) -> None:
        self.log: list = []  # (monotonic time, path, bytes)
        self.directory = directory
        self.delays: dict = {}  # path -> seconds to wait before answering (to test slow loads)
        self.lock = threading.Lock()
        server = self

        class Handler(DistHandler):
            def do_GET(self):
                delay = server.delays.get(self.path.split("?", 1)[0], 0)
                if delay:
                    time.sleep(delay)
                super().do_GET()

            def copyfile(self, source, outputfile):
                sent = 0
                for chunk in iter(lambda: source.read(1 << 16), b""):
                    outputfile.write(chunk)
                    sent += len(chunk)
                with server.lock:
                    server.log.append((time.monotonic(), self.path, sent))

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(directory)))
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def bytes_since(self, moment: float) -> int:
        """Bytes sent since ``moment`` (compressed where the browser accepted gzip)."""
        with self.lock:
            return sum(sent for when, _, sent in self.log if when >= moment)

    def raw_bytes_since(self, moment: float) -> int:
        """The size of the files sent since ``moment``, as they are on disk (no compression)."""
        with self.lock:
            paths = [path for when, path, _ in self.log if when >= moment]
        total = 0
        for path in paths:
            file = self.directory / path.split("?", 1)[0].lstrip("/")
            file = file / "index.html" if file.is_dir() else file
            total += file.stat().st_size if file.is_file() else 0
        return total

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session", autouse=True)
def csp_bypassed_unless_asked():
    """The site forbids evaluating strings as script (its Content-Security-Policy), and Playwright's wait_for_function
    polls its predicate with eval: the tests' browser contexts bypass the policy unless one asks for it with
    ``bypass_csp=False``, as the tests of the policy itself do (test_security.py)."""
    from playwright.sync_api import Browser, BrowserType

    openers = [(Browser, "new_context"), (Browser, "new_page"), (BrowserType, "launch_persistent_context")]
    originals = [getattr(owner, name) for owner, name in openers]

    def with_bypass(method):
        @functools.wraps(method)
        def opened(self, *args, **kwargs):
            kwargs.setdefault("bypass_csp", True)
            return method(self, *args, **kwargs)
        return opened

    for (owner, name), method in zip(openers, originals):
        setattr(owner, name, with_bypass(method))
    yield
    for (owner, name), method in zip(openers, originals):
        setattr(owner, name, method)


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    if not (DIST / "index.html").exists() or not (DIST / "build.json").exists():
        pytest.skip("dist/ is not built: run `python3 build.py` (or `python3 build.py test`)")
    return DIST


@pytest.fixture(scope="session")
def web_server(dist_dir):
    server = CountingServer(dist_dir)
    yield server
    server.close()


@pytest.fixture(scope="session")
def app_url(web_server) -> str:
    """The root URL of the served dist/, e.g. http://127.0.0.1:PORT/."""
    return web_server.url


@pytest.fixture(scope="session")
def solver_context(browser, web_server):
    context = browser.new_context(viewport={"width": 1000, "height": 900}, service_workers="block")
    context.requests = []
    context.on("request", lambda request: context.requests.append(request.url))
    context.add_init_script(LONGTASK_OBSERVER)
    context.add_init_script(WORKER_ANSWERS_RECORDER)
    yield context
    context.close()


@pytest.fixture(scope="session")
def solver_page(solver_context, web_server):
    """The solver page, opened once; the first visit's ready time and bytes are measured here."""
    page = solver_context.new_page()
    page.on("pageerror", lambda error: print(f"[web] page error: {error}"))
    began_monotonic = time.monotonic()
    began = time.perf_counter()
    page.goto(web_server.url)
    wait_ready(page)
    seconds = time.perf_counter() - began
    measure("ready_seconds", round(seconds, 2))
    measure("worker_boot_ms", page.evaluate("window.__solver.bootMs"))
    measure("worker_boot_stages_ms", page.evaluate("window.__solver.bootTimings"))
    page.wait_for_load_state("networkidle")
    measure("first_load_bytes", web_server.bytes_since(began_monotonic))
    measure("first_load_bytes_uncompressed", web_server.raw_bytes_since(began_monotonic))
    page.errors = []
    yield page
    page.close()


@pytest.fixture
def app(solver_page):
    """The shared solver page, ready, with the result cleared and the board mode selected; afterwards, every
    message its worker posted during the test is checked against the protocol's schema."""
    wait_ready(solver_page)
    solver_page.evaluate("window.__app.reset()")
    solver_page.evaluate("window.__workerAnswers?.splice(0)")
    yield solver_page
    answers = solver_page.evaluate("window.__workerAnswers?.splice(0) || []")
    wrong = [f"{answer.get('type')}: {error.message[:200]}" for answer in answers
             for error in [jsonschema.exceptions.best_match(ANSWER_SCHEMA.iter_errors(answer))] if error]
    assert wrong == [], f"{len(wrong)} of the worker's {len(answers)} messages break the protocol"

