"""The screenshots owed by issue 35's "Done when" (the speedsolver's home), at a phone's and a desktop's size, light
and dark: each colour scheme on a dealt 5x5 (fringe colouring its layers), each solve type under way and its result
(marathon, relay, width and height relays, blind memorising, hidden, solved and a DNF, fewest moves counting down
and solved), the 7x7 world record's graph and Moves/MD table, and a 4x4 replay with a detour analysed (its optimum
and the moves wasted): ``.venv/bin/python tests/web/screenshots_speedsolving.py [OUTDIR] [SCENE...]`` after
``python3 build.py`` (default /tmp/shots35; every scene unless some are named).  The scenes of the older scripts
(screenshots_schemes.py, screenshots_modes.py, screenshots_replays.py) are reused; the results and the analysis
are this script's."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import Scene, shoot  # noqa: E402  (it puts tests/ and pysrc/ on the path)
from screenshots_modes import SCENES as MODE_SCENES, opened, solved  # noqa: E402
from screenshots_replays import replay_scene  # noqa: E402
from screenshots_schemes import SCHEMES, game_scene  # noqa: E402
from player_helpers import load_game, play, tiles_of  # noqa: E402
from test_solve_types import choose, rectangle_solution  # noqa: E402


def result_in_view(page: Page) -> None:
    page.get_by_test_id("mode-result").wait_for()
    page.evaluate("document.querySelector('[data-testid=play-result]').scrollIntoView({ block: 'center' })")
    page.wait_for_timeout(200)


def relay_done(kind: str) -> Scene:
    """A relay from 3 down to 2, each board solved (a rectangle's by breadth-first search), its one result."""
    def scene(page: Page, url: str) -> None:
        opened(page, url)
        choose(page, kind, 3)
        while page.get_by_test_id("mode-result").count() == 0:
            board = page.get_by_test_id("play-board")
            for letter in rectangle_solution(tiles_of(page), int(board.get_attribute("data-width"))):
                play(page, letter)
        result_in_view(page)
    return scene


def blind_solved(page: Page, url: str) -> None:
    opened(page, url, "2")
    choose(page, "blind")
    page.get_by_test_id("play-mode-start").click()
    solved(page)
    page.get_by_test_id("play-mode-done").click()
    result_in_view(page)


def replay_analysis(page: Page, url: str) -> None:
    """A dealt 4x4 one move from its goal solved in three (a step away, back, and home), its replay analysed."""
    page.goto(url + "#game")
    page.wait_for_function("window.__app?.viewReady && window.__solver?.state === 'ready'", timeout=90_000)
    load_game(page, 4, list(range(1, 15)) + [0, 15], origin="deal")
    for direction in "rll":
        play(page, direction)
    page.locator("[data-testid=replay-panel] summary").click()
    page.get_by_test_id("replay-item").first.click()
    page.get_by_test_id("replay-analyse").click()
    page.wait_for_function("document.querySelector('[data-testid=replay-analysis]').dataset.optimal !== undefined",
                           timeout=60_000)
    page.evaluate("document.querySelector('[data-testid=replay-analysis]').scrollIntoView({ block: 'center' })")
    page.wait_for_timeout(200)


SCENES: dict[str, Scene] = {
    **{f"scheme-{scheme}": game_scene(scheme) for scheme in SCHEMES},
    **MODE_SCENES,
    "mode-relay-done": relay_done("relay"), "mode-width-relay-done": relay_done("width-relay"),
    "mode-height-relay-done": relay_done("height-relay"), "mode-blind-solved": blind_solved,
    "replay7-graph": replay_scene(7, graph=True), "replay-analysis": replay_analysis,
}

if __name__ == "__main__":
    chosen = sys.argv[2:] or list(SCENES)
    shoot(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots35"), {name: SCENES[name] for name in chosen})
