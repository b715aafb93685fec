"""Screenshots of the Play view's Replays panel with the 7x7 and the 20x20 world records loaded (scrubbed to the
middle), at a phone's and a desktop's size, light and dark: ``.venv/bin/python tests/web/screenshots_replays.py
[OUTDIR]`` after ``python3 build.py`` (default /tmp/shots-replay)."""

import json
import sys
import threading
from pathlib import Path

W = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(W / "tests/web")); sys.path.insert(0, str(W / "tests")); sys.path.insert(0, str(W / "pysrc"))
from playwright.sync_api import sync_playwright
from conftest import CHROMIUM, CHROMIUM_ARGS
from buildtools.server import make_server
links = {c["width"]: c["link"] for c in json.loads((W / "tests/replay/slidysim_links.json").read_text())["links"]}
out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots-replay")
out.mkdir(parents=True, exist_ok=True)
server = make_server(0); threading.Thread(target=server.serve_forever, daemon=True).start()
url = f"http://127.0.0.1:{server.server_address[1]}/"
with sync_playwright() as p:
    b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS + ["--no-sandbox"])
    for scheme in ("light", "dark"):
        for size, (w, h) in {"phone": (375, 740), "desktop": (1280, 900)}.items():
            ctx = b.new_context(viewport={"width": w, "height": h}, color_scheme=scheme, service_workers="block")
            page = ctx.new_page()
            page.goto(url + "#game")
            page.wait_for_function("window.__app && window.__app.viewReady")
            page.locator("[data-testid=replay-panel] summary").click()
            for n in (7, 20):
                page.get_by_test_id("replay-import").fill(links[n]); page.get_by_test_id("replay-import").press("Enter")
                page.wait_for_function(f"document.querySelector('[data-testid=replay-board]')?.dataset.width === '{n}'", timeout=20000)
                page.get_by_test_id("replay-scrub").fill(str({7: 150, 20: 9000}[n]))
                page.wait_for_timeout(300)
                page.get_by_test_id("replay-summary").scroll_into_view_if_needed()
                page.evaluate("document.querySelector('[data-testid=replay-panel] summary').scrollIntoView()")
                page.wait_for_timeout(200)
                path = out / f"replay{n}-{size}-{scheme}.png"
                page.screenshot(path=str(path)); print(path)
            ctx.close()
    b.close()
server.shutdown()
