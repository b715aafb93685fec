"""Every view in Firefox: Debian's Firefox ESR driven by puppeteer-core (npm, no browser download) over
WebDriver BiDi, through firefox_driver.mjs (one Firefox and one page for the session: see smoke_cases.py)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest
from smoke_cases import CASE_IDS, CASES, ERRORS, NAVIGATE, ROOT, check, record, require, screenshot_path

FIREFOX = Path(os.environ.get("PUZZLESOLVER_FIREFOX", "/usr/bin/firefox-esr"))   # firefox_driver.mjs reads it too
DRIVER = Path(__file__).with_name("firefox_driver.mjs")
PUPPETEER = ROOT / "node_modules" / "puppeteer-core"
START_TIMEOUT = 60
CASE_TIMEOUT = 300


class FirefoxDriver:
    """The Node process: one JSON line in per case, one out."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(["node", str(DRIVER)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, bufsize=1)
        self.stderr: list = []
        threading.Thread(target=lambda: self.stderr.extend(self.process.stderr), daemon=True).start()
        hello = self._read(START_TIMEOUT)
        self.version = hello.get("version")

    def _read(self, timeout: float) -> dict:
        box: list = []
        reader = threading.Thread(target=lambda: box.append(self.process.stdout.readline()), daemon=True)
        reader.start()
        reader.join(timeout)
        if not box or not box[0]:
            raise RuntimeError(f"firefox_driver.mjs said nothing in {timeout} s (exit {self.process.poll()}); "
                               f"stderr: {''.join(self.stderr)[-2000:]}")
        return json.loads(box[0])

    def run(self, request: dict) -> dict:
        self.process.stdin.write(json.dumps(request) + "\n")
        return self._read(CASE_TIMEOUT)

    def close(self) -> None:
        try:
            self.process.stdin.close()
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()


@pytest.fixture(scope="module")   # closed when this file's cases end, not at the end of the run
def firefox():
    require(FIREFOX, "firefox-esr")
    if not PUPPETEER.is_dir() or not shutil.which("node"):
        pytest.fail("node_modules/puppeteer-core is missing: `python3 build.py test` runs npm ci", pytrace=False)
    began = time.perf_counter()
    driver = FirefoxDriver()
    record("firefox", "start", {"browser": driver.version, "start_s": round(time.perf_counter() - began, 2)})
    yield driver
    driver.close()


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_view_in_firefox(firefox, smoke_url, case):
    reason = case.skip_unless()
    if reason:
        pytest.skip(reason)
    shot = screenshot_path("firefox", case.name)
    result = firefox.run({"base": smoke_url, "name": case.name, "steps": case.steps, "screenshot": str(shot),
                          "collector": ERRORS, "navigate": NAVIGATE})
    record("firefox", case.name, result.get("figures", {}))
    check(case, result, "firefox")
