"""Screenshots of the Play view's Replays panel with the 7x7 and the 20x20 world records loaded (scrubbed to the
middle), and of the 7x7's graph and Moves/MD table, at a phone's and a desktop's size, light and dark:
``.venv/bin/python tests/web/screenshots_replays.py [OUTDIR] [SCENE...]`` after ``python3 build.py`` (default
/tmp/shots-replay; every scene unless some are named)."""

import json
import sys
from pathlib import Path

from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import Scene, shoot  # noqa: E402  (it puts tests/ and pysrc/ on the path)
from webhelpers import ROOT  # noqa: E402

LINKS = {c["width"]: c["link"] for c in json.loads((ROOT / "tests/replay/slidysim_links.json").read_text())["links"]}
#: The move each replay is scrubbed to.
MIDDLE = {7: 150, 20: 9000}


def replay_scene(side: int, graph: bool = False) -> Scene:
    """The Replays panel with the side x side world record imported and scrubbed to its middle (`graph`: its graph
    and table in view)."""
    def scene(page: Page, url: str) -> None:
        page.goto(url + "#game")
        page.wait_for_function("window.__app && window.__app.viewReady")
        page.locator("[data-testid=replay-panel] summary").click()
        page.get_by_test_id("replay-import").fill(LINKS[side])
        page.get_by_test_id("replay-import").press("Enter")
        page.wait_for_function(f"document.querySelector('[data-testid=replay-board]')?.dataset.width === '{side}'",
                               timeout=20000)
        page.get_by_test_id("replay-scrub").fill(str(MIDDLE[side]))
        page.wait_for_timeout(300)
        if graph:
            page.wait_for_selector("[data-testid=replay-graph]")
            page.evaluate("document.querySelector('.replay-graph').scrollIntoView({ block: 'center' })")
        else:
            page.evaluate("document.querySelector('[data-testid=replay-panel] summary').scrollIntoView()")
        page.wait_for_timeout(200)
    return scene


if __name__ == "__main__":
    scenes = {**{f"replay{side}": replay_scene(side) for side in MIDDLE}, "replay7-graph": replay_scene(7, graph=True),
              "replay20-graph": replay_scene(20, graph=True)}
    chosen = sys.argv[2:] or list(scenes)
    shoot(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots-replay"), {name: scenes[name] for name in chosen})
