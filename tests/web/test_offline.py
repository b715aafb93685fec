"""Offline use (issue 4): after one visit the app loads and solves with the network cut and with the
server stopped; a new build is detected, offered, and applied whole (never a mix of two versions).

Each test serves its own copy of dist/ from a server it can stop, in a fresh browser context (service
workers and caches belong to a context).  Measurements are printed (run with -s to see them).
"""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from buildtools.server import DistHandler
from buildtools.service_worker import write_service_worker
from player_helpers import load_game, play, stored
from test_solve_types import choose, solve_board as solve_the_game_on_screen
from webhelpers import DIST, open_view


pytestmark = pytest.mark.skipif(not (DIST / "sw.js").exists() or not (DIST / "index.html").exists(),
                                reason="dist/ is not built (python3 build.py)")


class Site:
    """A copy of dist/ on 127.0.0.1 (a free port), counting the bytes it sends; stop() cuts it off.
    ``held[path] = threading.Event()`` holds back the answers for that path until the event is set."""

    def __init__(self, directory: Path) -> None:
        self.dir = directory
        self.bytes_sent = 0
        self.held: dict = {}
        site = self

        class Handler(DistHandler):
            def do_GET(self):
                gate = site.held.get(self.path.split("?", 1)[0])
                if gate is not None:
                    gate.wait(60)
                super().do_GET()

            def copyfile(self, source, outputfile):
                data = source.read()
                site.bytes_sent += len(data)
                outputfile.write(data)

        self.server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(Handler, directory=str(directory)))
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@pytest.fixture
def site(tmp_path):
    copy = tmp_path / "dist"
    shutil.copytree(DIST, copy, ignore=shutil.ignore_patterns(".stamps.json"))
    served = Site(copy)
    yield served
    served.stop()


@pytest.fixture
def context(browser):
    ctx = browser.new_context(service_workers="allow")
    ctx.foreign = []
    ctx.on("request", lambda request: ctx.foreign.append(request.url)
           if urlsplit(request.url).hostname not in ("127.0.0.1", None) and
           not request.url.startswith(("data:", "blob:")) else None)
    yield ctx
    ctx.close()


def wait_ready(page, timeout=60_000):
    page.wait_for_function(
        "document.querySelector('[data-testid=solver-status]')?.dataset.state === 'ready'", timeout=timeout)


def wait_offline_ready(page, timeout=60_000):
    page.wait_for_function("document.documentElement.dataset.offlineReady === 'true'", timeout=timeout)


def solve_board(page, text="8 1 3\n4 0 2\n7 6 5", moves="14"):
    open_view(page, "solve")
    page.get_by_test_id("board-input").fill(text)
    page.get_by_test_id("solve").click()
    page.wait_for_function(f"document.querySelector('[data-testid=moves]')?.textContent.trim() === {moves!r}",
                           timeout=60_000)


def solve_words(page, start="cold", goal="warm", dictionary="common"):
    open_view(page, "ladders")
    page.get_by_test_id("start-word").fill(start)
    page.get_by_test_id("goal-word").fill(goal)
    page.get_by_test_id("dictionary").select_option(dictionary)
    page.get_by_test_id("solve").click()
    page.wait_for_function("/^\\d+$/.test(document.querySelector('[data-testid=moves]')?.textContent.trim())",
                           timeout=60_000)
    ladder = page.get_by_test_id("ladder").inner_text().split()
    assert ladder[0] == start and ladder[-1] == goal
    return ladder


def wait_until(page, expression, expected, timeout=30.0):
    """Poll an expression that yields a promise (wait_for_function does not await promises)."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.evaluate(expression)
        if value == expected:
            return
        assert time.monotonic() < deadline, f"{expression} is {value!r}, not {expected!r}"
        time.sleep(0.2)


def hint_4x4(page):
    """A hint on a 4x4 game (the engine's 4x4 pattern databases), as the game shows it."""
    page.evaluate("window.__app.game.loadFragment('play=4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15&moves=dru')")
    page.get_by_test_id("play-hint").click()
    page.wait_for_function("document.querySelector('.play-tile.is-hint') || "
                           "!document.querySelector('[data-testid=play-message]').hidden", timeout=60_000)
    assert page.get_by_test_id("play-message").is_hidden(), page.get_by_test_id("play-message").text_content()
    assert page.get_by_test_id("play-distance").text_content() == "4"


VERSION_CACHES = "caches.keys().then((k) => k.filter((n) => n.startsWith('puzzlesolver-') && n !== 'puzzlesolver-tables'))"

# The caches of app versions (the late tables' cache, by sha256, outlives versions and is not counted).
CACHE_INFO = """async () => {
  const names = await VERSION_CACHES;
  let files = 0, bytes = 0;
  for (const name of names) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      files += 1;
      bytes += (await (await cache.match(request)).arrayBuffer()).byteLength;
    }
  }
  return {names, files, bytes};
}""".replace("VERSION_CACHES", VERSION_CACHES)


def test_loads_and_solves_offline_after_the_first_visit(context, site):
    page = context.new_page()
    began = time.perf_counter()
    page.goto(site.url)
    wait_ready(page)
    wait_offline_ready(page)
    first_visit = time.perf_counter() - began
    cache = page.evaluate(CACHE_INFO)
    assert len(cache["names"]) == 1 and cache["files"] > 10
    assert page.get_by_test_id("offline-status").text_content().startswith("Works offline")
    print(f"\n[offline] first visit: {site.bytes_sent / 1e6:.2f} MB sent by the server, offline-ready after "
          f"{first_visit:.1f} s; cache {cache['names'][0]}: {cache['files']} files, {cache['bytes'] / 1e6:.2f} MB")
    # use the large word list and a 4x4 hint once while online: whatever build.py left out of the precache
    # (to keep the first visit small) is cached then, and works offline from then on
    page.reload()
    wait_ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    solve_words(page, "sword", "words", "large")
    hint_4x4(page)

    # 1. the network is cut
    context.set_offline(True)
    began = time.perf_counter()
    page.reload()
    wait_ready(page)
    print(f"[offline] reload with the network cut: solver ready after {time.perf_counter() - began:.1f} s")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    solve_board(page)
    solve_words(page)
    solve_words(page, "sword", "words", "large")
    hint_4x4(page)
    context.set_offline(False)

    # 2. the server is gone
    site.stop()
    sent = site.bytes_sent
    began = time.perf_counter()
    page.reload()
    wait_ready(page)
    print(f"[offline] reload with the server stopped: solver ready after {time.perf_counter() - began:.1f} s")
    solve_board(page, "0 1 3\n4 2 5\n7 8 6", "4")
    solve_words(page)
    # the game is playable too, and deals new puzzles
    open_view(page, "game")
    before = page.get_by_test_id("play-board").get_attribute("data-tiles")
    page.get_by_test_id("play-new").click()
    page.wait_for_function("(before) => { const b = document.querySelector('[data-testid=play-board]');"
                           " return !b.closest('.play').dataset.busy && b.dataset.tiles !== before; }", arg=before)
    message = page.get_by_test_id("play-message")   # no problem: at most the note that Undo brings the game back
    assert message.is_hidden() or (message.get_attribute("data-kind") == "note"
                                   and "Undo brings back" in message.inner_text()), message.inner_text()
    assert site.bytes_sent == sent
    assert context.foreign == []


CORRECT_SOLUTION = (Path(__file__).resolve().parents[1] / "teach" / "solutions" / "eight_correct.py").read_text()
CODE_SUMMARY = "document.querySelector('[data-testid=code-summary]').textContent"


def test_the_code_view_runs_a_students_files_offline_and_keeps_them(context, site):
    """A first visit (of the game, not of the Code view) is enough: with the network cut, the Code view opens, runs
    a student's files against every test, and keeps them through a reload."""
    page = context.new_page()
    page.goto(site.url)
    wait_ready(page)
    wait_offline_ready(page)
    page.reload()   # the next visit: the service worker serves it
    wait_ready(page)
    context.set_offline(True)
    page.goto(site.url + "#code")
    page.wait_for_function("!document.querySelector('[data-testid=code-run]').disabled", timeout=90_000)
    page.get_by_test_id("code-upload").set_input_files(
        [{"name": "solution.py", "mimeType": "text/x-python", "buffer": CORRECT_SOLUTION.encode()}])
    page.get_by_test_id("code-run").click()
    page.wait_for_function(f"/\\d+ of \\d+ passed/.test({CODE_SUMMARY})", timeout=120_000)
    passed = page.evaluate(CODE_SUMMARY)
    total = page.locator("[data-testid=code-results] > li").count()
    assert passed.startswith(f"{total} of {total} passed"), passed
    page.reload()
    page.wait_for_function("!document.querySelector('[data-testid=code-run]').disabled", timeout=90_000)
    assert page.get_by_test_id("code-file").all_text_contents() == ["solution.py"]
    assert "class Solver" in page.get_by_test_id("code-editor").text_content()


def test_a_new_build_is_offered_and_applied_whole(context, site):
    page = context.new_page()
    page.goto(site.url)
    wait_ready(page)
    wait_offline_ready(page)
    page.reload()                                  # now the page is controlled by the service worker
    wait_ready(page)
    old_cache = page.evaluate(CACHE_INFO)["names"]
    assert page.evaluate("document.querySelector('meta[name=build-marker]')") is None

    # Deploy a new version: a changed page and stylesheet, and the sw.js build.py writes for them.
    index = site.dir / "index.html"
    index.write_text(index.read_text().replace("</head>", '<meta name="build-marker" content="v2">\n</head>', 1))
    css = site.dir / "style.css"
    css.write_text(css.read_text() + "\n/* v2 */\n")
    new_cache = write_service_worker(site.dir)
    assert [new_cache] != old_cache

    sent = site.bytes_sent
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    banner = page.get_by_test_id("update-ready")
    banner.wait_for(timeout=60_000)
    update_bytes = site.bytes_sent - sent
    print(f"\n[offline] the update downloaded {update_bytes / 1e3:.0f} kB (unchanged files come from the old cache)")
    assert update_bytes < 500_000
    assert "update" in banner.inner_text().lower() or "new version" in banner.inner_text().lower()

    # Until the person accepts, even a reload keeps the old version whole (and offers the update again).
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.querySelector('meta[name=build-marker]')") is None
    assert "/* v2 */" not in page.evaluate("fetch('style.css').then((r) => r.text())")
    page.get_by_test_id("update-ready").wait_for(timeout=60_000)
    assert page.get_by_test_id("offline-status").text_content() == "A new version is ready."

    with page.expect_navigation(timeout=60_000):
        page.get_by_test_id("update-reload").click()
    wait_ready(page)
    assert page.evaluate("document.querySelector('meta[name=build-marker]').content") == "v2"
    assert "/* v2 */" in page.evaluate("fetch('style.css').then((r) => r.text())")
    wait_until(page, VERSION_CACHES, [new_cache])
    assert context.foreign == []


def kept_records(page):
    """What the store holds of the player's solves and replays, as comparable tuples."""
    solves = sorted((s["id"], s.get("type"), s.get("shape"), s["time"], s.get("penalty"), s.get("replay")) for s in stored(page, "solves"))
    replays = sorted((r["id"], r.get("moves"), bool(r.get("run"))) for r in stored(page, "replays"))
    return solves, replays


def test_a_reload_into_a_new_build_keeps_every_solve_and_replay(context, site):
    """Solves (two singles, one given +2, and a marathon's run) and their replays, kept under one build, are all there,
    unchanged, after "Reload to update" into a new one: its page, stylesheet and store modules changed."""
    page = context.new_page()
    page.goto(site.url + "#game")
    wait_ready(page)
    wait_offline_ready(page)
    page.reload()                                  # controlled by the service worker of this build
    wait_ready(page)
    for tiles in ([1, 2, 3, 4, 5, 6, 7, 0, 8], [1, 2, 3, 4, 5, 6, 0, 7, 8]):
        load_game(page, 3, tiles, origin="deal")
        for move in "l" if tiles[7] == 0 else "ll":
            play(page, move)
    page.get_by_test_id("play-solve-plus2").click()
    page.get_by_test_id("play-size").select_option("2")
    choose(page, "marathon", 2)
    for _ in range(2):
        solve_the_game_on_screen(page)
    page.get_by_test_id("mode-result").wait_for()
    choose(page, "single")
    wait_until(page, "(async () => (await (await import('./core/store.js')).pageStore()).all('solves'))().then((all) => all.length)", 3)
    before = kept_records(page)
    assert [s[4] for s in before[0]].count("+2") == 1 and len(before[1]) == 3 and sum(r[2] for r in before[1]) == 1

    for name, comment in (("index.html", "<!-- v2 -->"), ("style.css", "/* v2 */"), ("core/store.js", "// v2"),
                          ("play/replay-store.js", "// v2"), ("play/stats-record.js", "// v2")):
        (site.dir / name).write_text((site.dir / name).read_text() + f"\n{comment}\n")
    write_service_worker(site.dir)
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.get_by_test_id("update-ready").wait_for(timeout=60_000)
    with page.expect_navigation(timeout=60_000):
        page.get_by_test_id("update-reload").click()
    wait_ready(page)
    assert "// v2" in page.evaluate("fetch('core/store.js').then((r) => r.text())")   # the new build's own store module
    assert kept_records(page) == before
    page.locator("[data-testid=replay-panel] summary").click()
    page.wait_for_function("document.querySelectorAll('[data-testid=replay-list] > li').length === 3")
    assert context.foreign == []


def test_manifest_and_icons_make_it_installable(context, site):
    page = context.new_page()
    page.goto(site.url)
    href = page.evaluate("document.querySelector('link[rel=manifest]')?.getAttribute('href')")
    assert href
    manifest = page.evaluate(f"fetch({href!r}).then((r) => r.json())")
    assert manifest["name"] and manifest["start_url"] and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        info = page.evaluate("""async (src) => {
            const r = await fetch(src); const b = await r.blob();
            if (b.type === 'image/svg+xml') return {ok: r.ok, type: b.type};
            const bmp = await createImageBitmap(b);
            return {ok: r.ok, type: b.type, size: `${bmp.width}x${bmp.height}`};
        }""", icon["src"])
        assert info["ok"] and info["type"] == icon["type"]
        if icon["sizes"] != "any":
            assert info["size"] == icon["sizes"]
    assert context.foreign == []


def test_first_visit_with_a_disk_cache(browser_type, browser_type_launch_args, site, tmp_path):
    """What a first visit costs in a normal browser profile, service worker precache included (reported)."""
    context = browser_type.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args)
    try:
        page = context.new_page()
        began = time.perf_counter()
        page.goto(site.url)
        wait_ready(page)
        ready = time.perf_counter() - began
        wait_offline_ready(page)
        page.wait_for_load_state("networkidle")
        first = site.bytes_sent
        print(f"\n[offline] first visit in a profile with a disk cache: {first / 1e6:.2f} MB sent in all, "
              f"solver ready after {ready:.1f} s, offline-ready after {time.perf_counter() - began:.1f} s")
        try:
            from webhelpers import measure
            measure("first_visit_bytes_with_offline_cache", first)
        except ImportError:
            pass
        assert first < 1.1 * sum(p.stat().st_size for p in site.dir.rglob("*") if p.is_file())
    finally:
        context.close()
