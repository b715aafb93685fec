"""Screenshots of the solve types (site/play/modes.js): a marathon's second board, a relay's, a width relay's and a
height relay's first, a blind solve memorising and hidden, a DNF, a fewest-moves solve counting down and solved
(its optimum and waste named), and a finished marathon with its statistics; at a phone's and a desktop's size, light
and dark: ``.venv/bin/python tests/web/screenshots_modes.py [OUTDIR]`` (after ``python3 build.py``; default
/tmp/shots-modes/)."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import Scene, shoot  # noqa: E402  (it puts tests/ and pysrc/ on the path)
from player_helpers import play, tiles_of  # noqa: E402
from test_solve_types import choose, solution  # noqa: E402


def opened(page: Page, url: str, size: str = "3") -> None:
    page.goto(url + "#game")
    page.wait_for_function("window.__app && window.__app.viewReady", timeout=90_000)
    page.get_by_test_id("play-size").select_option(size)


def solved(page: Page) -> None:
    for letter in solution(tiles_of(page)):
        play(page, letter)


def top(page: Page) -> None:
    page.get_by_test_id("play-mode").scroll_into_view_if_needed()


def marathon(page: Page, url: str) -> None:
    opened(page, url, "2")
    choose(page, "marathon", 10)
    solved(page)
    top(page)


def relay(kind: str) -> Scene:
    def scene(page: Page, url: str) -> None:
        opened(page, url)
        choose(page, kind, 4)
        top(page)
    return scene


def blind(stage: str) -> Scene:
    def scene(page: Page, url: str) -> None:
        opened(page, url)
        choose(page, "blind")
        if stage != "memorise":
            page.get_by_test_id("play-mode-start").click()
            play(page, solution(tiles_of(page))[0])
        if stage == "dnf":
            page.get_by_test_id("play-mode-done").click()
            top(page)
        else:
            page.evaluate("scrollTo(0, 0)")   # the board and its Start and Done, above it
    return scene


def fewest(stage: str) -> Scene:
    def scene(page: Page, url: str) -> None:
        opened(page, url)
        page.wait_for_function("window.__solver?.state === 'ready'", timeout=90_000)
        choose(page, "fewest", 60)
        if stage == "solved":
            solved(page)
            page.get_by_test_id("mode-optimal").wait_for(timeout=60_000)
            page.evaluate("document.querySelector('[data-testid=play-result]').scrollIntoView({ block: 'start' })")
        else:
            top(page)
    return scene


def marathon_done(page: Page, url: str) -> None:
    opened(page, url, "2")
    choose(page, "marathon", 2)
    solved(page)
    solved(page)
    page.get_by_test_id("mode-result").wait_for()
    page.locator("[data-testid=stats-panel] summary").click()
    page.get_by_test_id("stats-solves").wait_for()
    page.get_by_test_id("play-result").scroll_into_view_if_needed()


SCENES: dict[str, Scene] = {
    "mode-marathon": marathon, "mode-relay": relay("relay"), "mode-width-relay": relay("width-relay"),
    "mode-height-relay": relay("height-relay"), "mode-blind-memorise": blind("memorise"), "mode-blind-hidden": blind("hidden"),
    "mode-blind-dnf": blind("dnf"), "mode-fewest": fewest("counting"), "mode-fewest-solved": fewest("solved"),
    "mode-marathon-done": marathon_done,
}

if __name__ == "__main__":
    shoot(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots-modes"), SCENES)
