"""Screenshots of the colour schemes (site/core/schemes.js): a dealt 5x5 game in each scheme, and the 7x7 world
record's replay in fringe, at a phone's and a desktop's size, light and dark: ``.venv/bin/python
tests/web/screenshots_schemes.py [OUTDIR]`` (after ``python3 build.py``; default /tmp/shots-schemes/)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import Scene, shoot  # noqa: E402  (it puts tests/ and pysrc/ on the path)
from screenshots_game import dealt  # noqa: E402

SCHEMES = ("fringe", "row-grids", "rows", "columns", "checkerboard")
SEVEN = next(case for case in json.loads((Path(__file__).resolve().parents[1] / "replay" / "slidysim_links.json")
                                         .read_text(encoding="utf-8"))["links"] if case["width"] == 7)


def game_scene(scheme: str) -> Scene:
    def scene(page: Page, url: str) -> None:
        page.goto(url + "#play=5:" + ",".join(map(str, dealt(5, 5, 7))))
        page.wait_for_function("window.__app && window.__app.viewReady", timeout=90_000)
        page.locator("[data-testid=settings-panel] summary").click()
        page.get_by_test_id("play-scheme").select_option(scheme)
        page.get_by_test_id("play-board").scroll_into_view_if_needed()
    return scene


def replay_scene(page: Page, url: str) -> None:
    page.goto(url + "#game")
    page.wait_for_function("window.__app && window.__app.viewReady", timeout=90_000)
    page.locator("[data-testid=replay-panel] summary").click()
    page.get_by_test_id("replay-import").fill(SEVEN["link"])
    page.get_by_test_id("replay-import").press("Enter")
    page.get_by_test_id("replay-scrub").fill("150")
    page.get_by_test_id("replay-board").scroll_into_view_if_needed()


SCENES: dict[str, Scene] = {**{f"scheme-{scheme}": game_scene(scheme) for scheme in SCHEMES}, "scheme-replay": replay_scene}

if __name__ == "__main__":
    shoot(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots-schemes"), SCENES)
