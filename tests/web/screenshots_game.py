"""Screenshots of the game at the shapes the size menu now offers (2x2, a 5x3 rectangle, 20x20), at a phone's and a
desktop's size, light and dark: ``.venv/bin/python tests/web/screenshots_game.py [OUTDIR]`` (after ``python3
build.py``; default /tmp/shots-game/).  Each game opens from its link; the 5x3 with a hint shown."""

from __future__ import annotations

import random
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pysrc"))  # buildtools: the site's server
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (tests/conftest.py: the browser's settings)
from buildtools.server import make_server  # noqa: E402
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
SIZES = {"phone": (375, 740), "desktop": (1280, 900)}


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    server = make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM) if CHROMIUM.exists() else None,
                                             args=CHROMIUM_ARGS + ["--no-sandbox"])
        for scheme in ("light", "dark"):
            for size, (width, height) in SIZES.items():
                for name, (w, h, hint) in GAMES.items():
                    shape = str(w) if w == h else f"{w}x{h}"
                    link = f"#play={shape}:" + ",".join(map(str, dealt(w, h, 7)))
                    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                                                  service_workers="block")
                    page = context.new_page()
                    page.goto(url + link)
                    page.wait_for_function("window.__solver?.state === 'ready' && window.__app.viewReady", timeout=90_000)
                    if hint:
                        page.get_by_test_id("play-hint").click()
                        page.locator(".play-tile.is-hint").wait_for(timeout=60_000)
                    page.wait_for_timeout(600)
                    path = out / f"game-{name}-{size}-{scheme}.png"
                    page.screenshot(path=str(path))
                    print(path)
                    context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots-game"))
