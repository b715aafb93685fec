"""How fast the game draws a move on a 20x20 board, in headless Chromium: ``python3 tests/web/bench_game_frames.py``.

Opens the built site (``dist/``, ``python3 build.py`` first) at a 20x20 game (or the side given: ``... 4``) and plays moves through the page's
own key handler (a keydown on the board, as the arrow keys send) and tile clicks that slide a whole row.  For
each it takes, with performance.now():

* script: from the keydown to the handler's return (the game's render: the tiles redrawn, the DOM order kept);
* frame: from the keydown to the end of the next frame, past its style, layout and paint (a requestAnimationFrame
  callback, then a message posted from it, which runs once the frame is done).  A frame is 16.7 ms at 60 Hz, so
  a move drawn "within one frame" has its frame figure at most about that plus the wait for the next frame.

Prints the medians (and the 90th percentiles) for keys and for row-long clicks.  Not a test: a figure for the
README, measured on demand.
"""

from __future__ import annotations

import functools
import http.server
import json
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
MOVES = 200

MEASURE = """
async ([count, mode]) => {
  const board = document.querySelector('[data-testid=play-board]');
  const afterFrame = () => new Promise((resolve) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(0);
  }));
  await afterFrame();
  const keys = ["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"];   // the blank goes round a 2x2 square
  const script = [], frame = [];
  for (let i = 0; i < count; i++) {
    const tiles = board.dataset.tiles.split(",").map(Number);
    const blank = tiles.indexOf(0), width = Number(board.dataset.width);
    const t0 = performance.now();
    if (mode === "keys") {
      board.dispatchEvent(new KeyboardEvent("keydown", { key: keys[i % 4], bubbles: true, cancelable: true }));
    } else {
      // a click on the far end of the blank's row: the whole row slides (19 tiles on a 20x20)
      const row = Math.floor(blank / width), col = blank % width;
      const target = tiles[row * width + (col === 0 ? width - 1 : 0)];
      board.querySelector(`.play-tile[data-tile="${target}"]`).click();
    }
    const t1 = performance.now();
    const t2 = await afterFrame();
    script.push(t1 - t0);
    frame.push(t2 - t0);
  }
  const tiles = board.dataset.tiles;
  return { script, frame, moved: tiles };
}
"""


def serve(directory: Path):
    handler = functools.partial(QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> int:
    server = serve(ROOT / "dist")
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    # the goal, then the blank half way left and up: in the middle, where every key of the round is legal
    side = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    link = (f"#play={side}:" + ",".join(map(str, list(range(1, side * side)) + [0])) + "&moves=" + "r" * (side // 2)
            + "d" * (side // 2))
    results = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        for width, height in ((1280, 900), (375, 740)):
            page = browser.new_page(viewport={"width": width, "height": height}, bypass_csp=True)   # (wait_for_function evaluates strings)
            page.goto(url + link)
            page.wait_for_function("(w) => document.querySelector('[data-testid=play-board]')?.dataset.width === w",
                                   arg=str(side))
            page.wait_for_timeout(500)
            for mode in ("keys", "row clicks"):
                out = page.evaluate(MEASURE, [MOVES, "keys" if mode == "keys" else "clicks"])
                results[f"{width}x{height} {mode}"] = {
                    "script_ms_median": round(percentile(out["script"], .5), 2),
                    "frame_ms_median": round(percentile(out["frame"], .5), 2),
                    "frame_ms_p90": round(percentile(out["frame"], .9), 2),
                }
            page.close()
        browser.close()
    server.shutdown()
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
