"""Screenshots of the game's controls row with the size menu's W×H fields closed and open, and of a refused link
of a shape the game does not play (the game on screen stays, with one sentence), at a phone's and a desktop's
size, light and dark: ``.venv/bin/python tests/web/screenshots_play_controls.py [OUTDIR]`` (after ``python3
build.py``; default /tmp/shots-controls/).  The game alone is shown: Python is not waited for."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import Scene, shoot  # noqa: E402  (it puts tests/ and pysrc/ on the path)

GAME_5X3 = "#play=5x3:" + ",".join(map(str, list(range(1, 13)) + [0, 13, 14]))


def controls_scene(fields_open: bool) -> Scene:
    """A 5x3 game from its link with one move played (Undo live), the W×H fields shown when ``fields_open``."""
    def scene(page: Page, url: str) -> None:
        page.goto(url + (GAME_5X3 if fields_open else "#play=4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"))
        page.wait_for_function("window.__app?.viewReady")
        page.get_by_test_id("play-board").focus()
        page.keyboard.press("ArrowRight")
        if fields_open:
            page.get_by_test_id("play-size").select_option("custom")
        page.wait_for_timeout(400)
    return scene


def refused_scene(page: Page, url: str) -> None:
    """A 21x3 link opened over a 5x3 game in progress: the game stays, and the refusal says why."""
    controls_scene(True)(page, url)
    page.evaluate("(f) => { location.hash = f; }", "play=21x3:1,2,3")
    page.get_by_test_id("play-message").wait_for(state="visible")
    page.wait_for_timeout(400)


if __name__ == "__main__":
    shoot(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots-controls"),
          {"controls-closed": controls_scene(False), "controls-wxh": controls_scene(True), "refused-21x3": refused_scene})
