"""Every view in WebKit (Safari's engine): Debian's WebKitGTK MiniBrowser driven by Selenium through
WebKitWebDriver, on an Xvfb display started once for the session.  The steps are smoke_cases.py's, read here."""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from smoke_cases import CASE_IDS, CASES, ERRORS, NAVIGATE, READY_TIMEOUT_MS, check, clean_error, record, require, screenshot_path

WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
XVFB = Path("/usr/bin/Xvfb")
MINIBROWSER = next(iter(sorted(Path("/usr/lib").glob("*/webkit2gtk-4.*/MiniBrowser"))), Path("/usr/lib/MiniBrowser"))
#: Selenium's own WebKitGTK class still uses what it deprecates.
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")
READY = "window.__solver && window.__solver.state === 'ready' && window.__app && window.__app.viewReady"


# Module-scoped, not session-scoped: the browser and its display go when this file's cases end.  Left open to the
# end of the run, the Code case's page kept a WebKit web process busy at one core for all the tests after it.
@pytest.fixture(scope="module")
def xvfb_display():
    """One X display for this file's cases (Xvfb picks a free number and writes it to a pipe)."""
    require(XVFB, "xvfb")
    read, write = os.pipe()
    server = subprocess.Popen([str(XVFB), "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        server.kill()
        pytest.fail("Xvfb did not start", pytrace=False)
    yield f":{number}"
    server.terminate()
    server.wait(10)


@pytest.fixture(scope="module")
def webkit(xvfb_display):
    require(WEBKIT_DRIVER, "webkit2gtk-driver")
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service
    options = Options()
    options.binary_location = str(MINIBROWSER)
    options.add_argument("--automation")
    service = Service(executable_path=str(WEBKIT_DRIVER), env={**os.environ, "DISPLAY": xvfb_display})
    began = time.perf_counter()
    driver = webdriver.WebKitGTK(options=options, service=service)
    driver.set_window_size(1280, 900)
    driver.set_script_timeout(120)
    caps = driver.capabilities
    record("webkit", "start", {"browser": f"{caps.get('browserName')} {caps.get('browserVersion')}",
                               "start_s": round(time.perf_counter() - began, 2)})
    driver.smoke_loaded = False   # the page shows the site: the next "open" follows a link in it (smoke_cases.py)
    with tempfile.TemporaryDirectory(prefix="smoke-uploads-") as uploads:
        driver.smoke_uploads = Path(uploads)   # the "upload" steps' files, kept until the session ends
        yield driver
    driver.quit()


class StepFailed(Exception):
    pass


def run_case(driver, base: str, case, screenshot: Path) -> dict:
    """Run the case's steps (smoke_cases.py says what each does) in this page; the result as the Node driver's."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    values: dict = {}
    figures: dict = {}
    last_action = time.perf_counter()
    result = {"ok": False, "values": values, "figures": figures, "errors": []}

    def wait(expression: str, timeout_ms: float):
        deadline = time.perf_counter() + timeout_ms / 1000
        while True:
            value = driver.execute_script(f"return ({expression})")
            if value:
                return value
            if time.perf_counter() > deadline:
                raise StepFailed(f"waited {timeout_ms / 1000:g} s for {expression}")
            time.sleep(0.05)

    index = 0
    try:
        if driver.smoke_loaded:   # the page's errors are the case's own
            driver.execute_script("if (window.__smokeErrors) window.__smokeErrors.length = 0")
        for index, step in enumerate(case.steps):
            if "open" in step:
                began = time.perf_counter()
                # in the page already loaded, as a link followed there would; else a full load (a query of its own)
                followed = driver.smoke_loaded and driver.execute_script(
                    f"return ({NAVIGATE})(arguments[0])", step["open"])
                if not followed:
                    driver.smoke_loaded = False
                    driver.get(f"{base}?smoke={case.name}{step['open']}")
                    driver.execute_script(ERRORS)   # classic WebDriver runs nothing before the page: from its load on
                wait(READY, step.get("timeout", READY_TIMEOUT_MS))
                driver.smoke_loaded = True
                figures["open_s" if followed else "ready_s"] = round(time.perf_counter() - began, 2)
            elif "eval" in step:
                value = driver.execute_script(f"return (async () => ({step['eval']}))()")
                if step.get("as"):
                    values[step["as"]] = value
                if step.get("figure"):
                    figures[step["figure"]] = value
            elif "click" in step:
                element = driver.find_element(By.CSS_SELECTOR, f'[data-testid="{step["click"]}"]')
                last_action = time.perf_counter()
                element.click()
            elif "button" in step:
                buttons = [b for b in driver.find_elements(By.XPATH, f"//button[normalize-space(.)='{step['button']}']")
                           if b.is_displayed()]
                if not buttons:
                    raise StepFailed(f"no button named {step['button']!r}")
                last_action = time.perf_counter()
                buttons[0].click()
            elif "key" in step:
                if step.get("focus"):
                    driver.execute_script(f"document.querySelector('[data-testid=\"{step['focus']}\"]').focus()")
                key = getattr(Keys, {"ArrowLeft": "ARROW_LEFT", "ArrowRight": "ARROW_RIGHT", "ArrowUp": "ARROW_UP",
                                     "ArrowDown": "ARROW_DOWN", "Enter": "ENTER"}.get(step["key"], ""), step["key"])
                last_action = time.perf_counter()
                ActionChains(driver).send_keys(key).perform()
            elif "wait" in step:
                value = wait(step["wait"], step.get("timeout", 60_000))
                if step.get("time"):
                    figures[step["time"]] = round(time.perf_counter() - last_action, 2)
                if step.get("as"):
                    values[step["as"]] = value
            elif "upload" in step:
                folder = Path(tempfile.mkdtemp(dir=driver.smoke_uploads))
                paths = []
                for name, text in step["files"].items():
                    (folder / name).write_text(text)
                    paths.append(str(folder / name))
                # WebDriver's file upload: Element Send Keys on an <input type=file>, one path a line
                driver.find_element(By.CSS_SELECTOR, f'[data-testid="{step["upload"]}"]').send_keys("\n".join(paths))
            elif "sleep" in step:
                time.sleep(step["sleep"] / 1000)
            else:
                raise StepFailed(f"unknown step {step}")
        result["ok"] = True
    except Exception as error:  # noqa: BLE001  (any driver error is the case's failure, reported with its step)
        result.update(step=index, error=clean_error(f"{type(error).__name__}: {error}"))
        driver.smoke_loaded = False   # the next case loads the page afresh
    try:
        result["errors"] = driver.execute_script("return window.__smokeErrors || []")
        result["status_line"] = driver.execute_script("return document.getElementById('solver-status')?.textContent")
        screenshot.parent.mkdir(parents=True, exist_ok=True)
        if driver.save_screenshot(str(screenshot)):
            result["screenshot"] = str(screenshot)
    except Exception as error:  # noqa: BLE001
        result["errors"].append(f"(no screenshot: {clean_error(error)})")
    return result


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_view_in_webkit(webkit, smoke_url, case):
    reason = case.skip_unless()
    if reason:
        pytest.skip(reason)
    result = run_case(webkit, smoke_url, case, screenshot_path("webkit", case.name))
    record("webkit", case.name, result["figures"])
    check(case, result, "webkit")
