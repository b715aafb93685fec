"""Screenshots of the Solve view's refusal of a board link, at a phone's and a desktop's size, light and dark: a
5x3 link with a tile twice (a fresh 5x3 board, on the grid editor too), a 21x3 link over a 4x3 board typed (the
form keeps it), the same over the 4x3 board solved (its Result stays) and a 21x3 link on a first load (the form's
own board):
``.venv/bin/python tests/web/screenshots_solve_refusal.py [OUTDIR]`` (after ``python3 build.py``; default
/tmp/shots-solve-refusal/)."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import Scene, shoot  # noqa: E402  (it puts tests/ and pysrc/ on the path)

BAD_5X3 = "board=5x3:" + ",".join(map(str, [1, 1] + list(range(2, 14)) + [0]))
WIDE_21X3 = "board=21x3:" + ",".join(map(str, range(63)))
TYPED_4X3 = "5 0 7 4\n2 3 1 8\n9 6 10 11"


def wait_checked(page: Page) -> None:
    """The solver ready and its note under the board in."""
    page.wait_for_function("window.__solver?.state === 'ready' && window.__app.viewReady", timeout=90_000)
    page.wait_for_function("document.getElementById('board-note').textContent !== ''", timeout=30_000)


def over_typed_board(link: str, grid: bool = False, solved: bool = False) -> Scene:
    """`link` opened over a 4x3 board typed in the form (the grid editor open when `grid`, solved when `solved`)."""
    def scene(page: Page, url: str) -> None:
        page.goto(url + "#solve")
        page.wait_for_function("window.__solver?.state === 'ready' && window.__app.viewReady", timeout=90_000)
        page.get_by_label("Board: one row per line").fill(TYPED_4X3)
        if grid:
            page.get_by_text("Edit on a grid").click()
        page.wait_for_function("location.hash.startsWith('#board=4x3:')", timeout=30_000)
        if solved:
            page.get_by_role("button", name="Solve", exact=True).click()
            page.wait_for_function("document.getElementById('result').dataset.status === 'solved'", timeout=30_000)
        page.evaluate("(f) => { location.hash = f; }", link)
        page.get_by_test_id("link-error").wait_for(state="visible")
        wait_checked(page)
        page.wait_for_timeout(400)
    return scene


def first_load(page: Page, url: str) -> None:
    page.goto(url + "#" + WIDE_21X3)
    page.get_by_test_id("link-error").wait_for(state="visible")
    wait_checked(page)
    page.wait_for_timeout(400)


if __name__ == "__main__":
    shoot(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots-solve-refusal"),
          {"refused-5x3": over_typed_board(BAD_5X3, grid=True), "refused-21x3": over_typed_board(WIDE_21X3),
           "refused-21x3-over-solved": over_typed_board(WIDE_21X3, solved=True),
           "refused-21x3-first-load": first_load})
