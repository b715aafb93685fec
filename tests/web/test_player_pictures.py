"""Picture tiles (issue 14, item 6): the built-in picture cut into tiles (each tile shows its home cell's
part), numbers optional, and the picture precached so that it shows offline."""

from __future__ import annotations

import re

from player_helpers import load_game
from webhelpers import DIST


def test_the_built_in_picture_is_precached():
    assert "play/pictures/harbour.svg" in (DIST / "sw.js").read_text()


def test_picture_tiles_offline(browser, app_url):
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(app_url)
    page.wait_for_function("document.documentElement.dataset.offlineReady === 'true'", timeout=90_000)
    context.set_offline(True)
    page.reload()
    page.wait_for_function("window.__app && window.__app.viewReady")
    load_game(page, 3, [1, 2, 3, 4, 5, 6, 7, 0, 8])
    page.locator("[data-testid=settings-panel] summary").click()
    page.get_by_test_id("picture-mode").select_option("builtin")
    board = page.get_by_test_id("play-board")
    assert "has-picture" in board.get_attribute("class")
    tile8 = page.locator(".play-tile[data-tile='8']")
    image = tile8.evaluate("(b) => getComputedStyle(b).backgroundImage")
    assert "play/pictures/harbour.svg" in image
    assert tile8.evaluate("(b) => [b.style.getPropertyValue('--hr'), b.style.getPropertyValue('--hc')]") == ["2", "1"]
    loaded = page.evaluate("""() => new Promise((resolve) => { const img = new Image();
        img.onload = () => resolve(img.naturalWidth > 0); img.onerror = () => resolve(false);
        img.src = 'play/pictures/harbour.svg'; })""")
    assert loaded, "the picture must load with the network cut"
    page.get_by_test_id("picture-numbers").uncheck()
    assert "hide-numbers" in board.get_attribute("class")
    assert re.match(r"rgba\(0, 0, 0, 0\)", tile8.evaluate("(b) => getComputedStyle(b).color"))
    page.get_by_test_id("picture-mode").select_option("none")
    context.close()
