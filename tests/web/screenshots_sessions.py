"""Screenshots of sessions (issue 35, item 5) at a phone's and a desktop's size, light and dark: the ao5 and ao12
beside the timer with a solve just finished and its +2, DNF and Delete; the statistics' latest solves with a +2 and
a DNF; the Session panel's histogram and personal-best history: ``.venv/bin/python tests/web/screenshots_sessions.py
[OUTDIR] [SCENE...]`` after ``python3 build.py`` (default /tmp/shots-sessions)."""

import sys
from pathlib import Path

from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import shoot  # noqa: E402  (it puts tests/ and pysrc/ on the path)
from test_solve_sessions import CSV, DATES, TIMES, TWO_MOVES  # noqa: E402

UPLOAD = Path("/tmp/shots-sessions-twelve.csv")


def with_twelve(page: Page, url: str) -> None:
    """The Play view with twelve 3x3 solves imported, the 19 s one a DNF and the 17 s one a +2, a 3x3 on the board."""
    page.route("**/pyodide/**", lambda route: route.abort())
    page.goto(url + "#game")
    page.wait_for_function("window.__app && window.__app.viewReady")
    UPLOAD.write_text(CSV)
    page.locator("[data-testid=stats-panel] summary").click()
    page.get_by_test_id("stats-import-file").set_input_files(str(UPLOAD))
    page.wait_for_selector("[data-testid=stats-solve-list] li >> nth=11")
    for i, which in ((9, "dnf"), (7, "plus2")):
        row = page.locator(f"[data-testid=stats-solve-list] li[data-id='3x3|{DATES[i]}|{TIMES[i]}|30']")
        row.get_by_test_id(f"stats-solve-{which}").click()
        page.wait_for_timeout(150)


def just_solved(page: Page, url: str) -> None:
    with_twelve(page, url)
    page.locator("[data-testid=stats-panel] summary").click()
    page.evaluate("(tiles) => window.__app.game.loadGame({ n: 3, tiles, origin: 'deal' })", TWO_MOVES)
    page.evaluate("window.__app.game.play('l')")
    page.wait_for_timeout(300)
    page.evaluate("window.__app.game.play('l')")
    page.wait_for_selector("[data-testid=play-solve-plus2]")
    page.get_by_test_id("play-solve-plus2").click()
    page.wait_for_timeout(300)
    page.evaluate("window.scrollTo(0, 0)")


def penalties(page: Page, url: str) -> None:
    with_twelve(page, url)
    page.evaluate("window.__app.game.newPuzzle(3)")
    page.evaluate("document.querySelector('[data-testid=stats-solve-list]').scrollIntoView({ block: 'center' })")
    page.wait_for_timeout(300)


def session_panel(page: Page, url: str) -> None:
    with_twelve(page, url)
    page.locator("[data-testid=stats-panel] summary").click()
    page.evaluate("window.__app.game.newPuzzle(3)")
    page.locator("[data-testid=session-panel] summary").click()
    page.wait_for_selector("[data-testid=session-pb-history]")
    page.evaluate("document.querySelector('[data-testid=session-panel]').scrollIntoView()")
    page.wait_for_timeout(400)


if __name__ == "__main__":
    scenes = {"just-solved": just_solved, "penalties": penalties, "session": session_panel}
    chosen = sys.argv[2:] or list(scenes)
    shoot(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots-sessions"), {name: scenes[name] for name in chosen})
