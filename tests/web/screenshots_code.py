"""Screenshots of the Code view: the starter as plain lines, then in the editor after a press, then a run with passing, failing and timed-out rows
(a solution that misses unsolvable boards, with a weighted priority), at a phone's and a desktop's size, light and
dark: ``.venv/bin/python tests/web/screenshots_code.py [OUTDIR]`` after ``python3 build.py`` (default
/tmp/shots-code).  The timeout row waits for its time limit (20 s), so the run scene takes about half a minute."""

import sys
from pathlib import Path

from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import Scene, shoot  # noqa: E402  (it puts tests/ and pysrc/ on the path)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "teach" / "solutions"))
from classic_bugs import solution  # noqa: E402


def _opened(page: Page, url: str) -> None:
    page.goto(url + "#code")
    page.wait_for_function("() => !document.querySelector('[data-testid=code-run]').disabled", timeout=90_000)


def plain_scene(page: Page, url: str) -> None:
    """The file as plain numbered lines, before any press."""
    _opened(page, url)


def editor_scene(page: Page, url: str) -> None:
    """CodeMirror, after a press in the text: nothing should have moved."""
    _opened(page, url)
    page.get_by_test_id("code-editor").click(position={"x": 5, "y": 5})
    page.locator("[data-code-editor][data-ready=true]").wait_for()
    page.wait_for_timeout(200)


def run_scene(page: Page, url: str, shown: str = "moves_3x3_ladder") -> None:
    """A run whose rows pass, fail (moves, with the board drawn) and time out (unsolvable), scrolled to ``shown``."""
    _opened(page, url)
    text = solution("bug_no_unsolvable_detection")
    text = text.replace("self.priority = moves + board.manhattan()", "self.priority = moves + 2 * board.manhattan()")
    page.get_by_test_id("code-upload").set_input_files(
        [{"name": "solution.py", "mimeType": "text/x-python", "buffer": text.encode()}])
    page.get_by_test_id("code-run").click()
    page.wait_for_function("() => /passed/.test(document.querySelector('[data-testid=code-summary]').textContent)",
                           timeout=180_000)
    page.locator(f"[data-test={shown}]").evaluate("(row) => row.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(200)


SCENES: dict[str, Scene] = {"code-plain": plain_scene, "code-editor": editor_scene, "code-run": run_scene,
                            "code-timeout": lambda page, url: run_scene(page, url, "unsolvable")}

if __name__ == "__main__":
    shoot(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots-code"), SCENES)
