"""Screenshots of the player's data at a phone's and a desktop's size, light and dark: a finished game whose solve
the device could not keep (its storage full), the Replays panel with its list, export and import after an
import, and the Statistics panel whose rows open their replays: ``.venv/bin/python tests/web/screenshots_player_data.py [OUTDIR]`` after ``python3 build.py`` (default
/tmp/shots-player-data)."""

import sys
from pathlib import Path

from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import shoot  # noqa: E402  (it puts tests/ and pysrc/ on the path)
from test_player_data import FULL, TWO_MOVES  # noqa: E402

EXPORT = Path("/tmp/shots-player-data-replays.json")


def ready(page: Page, url: str) -> None:
    page.route("**/pyodide/**", lambda route: route.abort())   # the solver is not in these pictures
    page.goto(url + "#game")
    page.wait_for_function("window.__app && window.__app.viewReady")


def solve(page: Page, pause_ms: int = 400) -> None:
    page.evaluate("(tiles) => window.__app.game.loadGame({ n: 3, tiles, origin: 'deal' })", TWO_MOVES)
    page.evaluate("window.__app.game.play('l')")
    page.wait_for_timeout(pause_ms)
    page.evaluate("window.__app.game.play('l')")


def not_kept(page: Page, url: str) -> None:
    page.add_init_script(FULL)
    ready(page, url)
    solve(page)
    page.wait_for_selector("[data-testid=play-kept]")
    page.wait_for_timeout(300)


def replays_imported(page: Page, url: str) -> None:
    ready(page, url)
    for pause in (300, 700):
        solve(page, pause)
    page.locator("[data-testid=replay-panel] summary").click()
    page.wait_for_selector("[data-testid=replay-list] > li >> nth=1")
    exported = page.evaluate("async () => (await import('./play/player-data.js')).playerData().then((d) => d.replays.exportJson())")
    EXPORT.write_text(exported)
    page.get_by_test_id("replay-import-file").set_input_files(str(EXPORT))
    page.wait_for_selector("[data-testid=replay-message]:not([hidden])")
    page.evaluate("document.querySelector('[data-testid=replay-list]').scrollIntoView({ block: 'center' })")
    page.wait_for_timeout(300)


def stats_rows(page: Page, url: str) -> None:
    """The Statistics panel after three solves: the best single and each latest solve open their replay."""
    ready(page, url)
    for pause in (300, 500, 700):
        solve(page, pause)
    page.locator("[data-testid=stats-panel] summary").click()
    page.wait_for_selector("[data-testid=stats-solve-list] > li >> nth=2")
    page.evaluate("document.querySelector('[data-testid=stats-solve-list]').scrollIntoView({ block: 'center' })")
    page.wait_for_timeout(300)


if __name__ == "__main__":
    shoot(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots-player-data"),
          {"not-kept": not_kept, "replays-import": replays_imported, "stats-rows": stats_rows})
