"""Screenshots of every view at a phone's and a desktop's size, light and dark, to look at before calling a
page done: ``.venv/bin/python tests/web/screenshots.py [OUTDIR]`` (after ``python3 build.py``; default
test-results/screenshots/).  Each view opens from its link, once the solver is ready and the view's first
answer is in (a solved board, a trace, a ladder)."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from typing import Callable, Dict, Optional

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pysrc"))  # buildtools: the site's server
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (tests/conftest.py: the browser's settings)
from buildtools.server import make_server  # noqa: E402
from webhelpers import ROOT  # noqa: E402

VIEWS = {
    "play": ("", None),
    "solve": ("#board=3:8,1,3,4,0,2,7,6,5", "document.getElementById('solve-button').click()"),
    "learn": ("#explain=board=3:0,1,3,4,2,5,7,8,6", None),
    "ladders": ("#words=horse,nurse", "document.getElementById('solve-button').click()"),
}
SIZES = {"phone": (375, 740), "desktop": (1280, 900)}
SCHEMES = ("light", "dark")

#: A scene: sets up a fresh page (on the site's root url) for its screenshot.
Scene = Callable[[Page, str], None]


def shoot(out: Path, scenes: Dict[str, Scene]) -> None:
    """Serve dist/ and, in each colour scheme and size, open a fresh page per scene, let the scene set it up, and
    save ``out/<scene>-<size>-<scheme>.png`` (printing its path).  The other screenshot scripts use this too."""
    out.mkdir(parents=True, exist_ok=True)
    server = make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM) if CHROMIUM.exists() else None,
                                             args=CHROMIUM_ARGS + ["--no-sandbox"])
        for scheme in SCHEMES:
            for size, (width, height) in SIZES.items():
                for name, scene in scenes.items():
                    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                                                  service_workers="block", bypass_csp=True)  # (wait_for_function's eval)
                    page = context.new_page()
                    scene(page, url)
                    path = out / f"{name}-{size}-{scheme}.png"
                    page.screenshot(path=str(path))
                    print(path)
                    context.close()
        browser.close()
    server.shutdown()


def view_scene(link: str, then: Optional[str]) -> Scene:
    """A view opened from its link, once the solver is ready and the view's first answer is in."""
    def scene(page: Page, url: str) -> None:
        page.goto(url + link)
        page.wait_for_function("window.__solver?.state === 'ready' && window.__app.viewReady", timeout=90_000)
        if then:
            page.evaluate(then)
            page.wait_for_function("document.getElementById('result').dataset.status !== ''", timeout=60_000)
        page.wait_for_timeout(800)
    return scene


if __name__ == "__main__":
    shoot(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "test-results" / "screenshots",
          {view: view_scene(link, then) for view, (link, then) in VIEWS.items()})
