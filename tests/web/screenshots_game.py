"""Screenshots of the game at the shapes the size menu now offers (2x2, a 5x3 rectangle, 20x20), at a phone's and a
desktop's size, light and dark: ``.venv/bin/python tests/web/screenshots_game.py [OUTDIR]`` (after ``python3
build.py``; default /tmp/shots-game/).  Each game opens from its link; the 5x3 with a hint shown."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import Scene, shoot  # noqa: E402  (it puts tests/ and pysrc/ on the path)
from puzzlesolver.board import Board  # noqa: E402


def dealt(width: int, height: int, seed: int) -> list:
    """A board of that shape that reaches the standard goal, the same each run."""
    tiles = list(range(width * height))
    random.Random(seed).shuffle(tiles)
    if not Board.from_tiles(tiles, width=width).is_solvable():
        first, second = [i for i, t in enumerate(tiles) if t][:2]
        tiles[first], tiles[second] = tiles[second], tiles[first]
    return tiles


GAMES = {
    "2x2": (2, 2, False),
    "5x3": (5, 3, True),
    "20x20": (20, 20, False),
}


def game_scene(width: int, height: int, hint: bool) -> Scene:
    """A game opened from its link (a seeded deal), with a hint shown when ``hint``."""
    def scene(page: Page, url: str) -> None:
        shape = str(width) if width == height else f"{width}x{height}"
        page.goto(url + f"#play={shape}:" + ",".join(map(str, dealt(width, height, 7))))
        page.wait_for_function("window.__solver?.state === 'ready' && window.__app.viewReady", timeout=90_000)
        if hint:
            page.get_by_test_id("play-hint").click()
            page.locator(".play-tile.is-hint").wait_for(timeout=60_000)
        page.wait_for_timeout(600)
    return scene


if __name__ == "__main__":
    shoot(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots-game"),
          {f"game-{name}": game_scene(*game) for name, game in GAMES.items()})
