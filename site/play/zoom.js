// play/zoom.js -- a big board on a small screen drawn larger: a 20x20 on a phone has tiles of 17 px and numbers
// of 6 px.  "Zoom", offered only while the numbers would be under MIN_NUMBER_PX, draws the tiles at ZOOMED_TILE_PX
// or more in a frame the width of the screen, and the frame follows the blank, so that the tiles being moved are
// always in view (the board keeps its swipes and taps; a mouse or a scrollbar can pan it too).  The choice is kept
// (settings "zoom").
//
//   boardZoom(section, settings);   // the game's section: its board, its frame and the "play-zoom" button

const MIN_NUMBER_PX = 10;
const ZOOMED_TILE_PX = 30;   // its numbers: min(30 x .38, ...) = 11.4 px at three digits

export function boardZoom(root, settings) {
  const frame = root.querySelector(".play-board-frame");
  const board = root.querySelector(".play-board");
  const toggle = root.querySelector("[data-testid=play-zoom]");
  root.style.setProperty("--zoomed-tile", `${ZOOMED_TILE_PX}px`);

  /** The numbers' size as drawn without the zoom (a tile's font size, the zoom taken off for the reading). */
  function unzoomedNumberPx() {
    const tile = board.querySelector(".play-tile");
    if (!tile) return Infinity;
    const zoomed = root.classList.contains("zoomed");
    if (zoomed) root.classList.remove("zoomed");
    const size = parseFloat(getComputedStyle(tile).fontSize);
    if (zoomed) root.classList.add("zoomed");
    return size;
  }

  function apply() {
    const needed = unzoomedNumberPx() < MIN_NUMBER_PX;
    toggle.hidden = !needed;
    const on = needed && settings.get("zoom", false);
    root.classList.toggle("zoomed", on);
    toggle.setAttribute("aria-pressed", String(on));
    toggle.textContent = on ? "Zoom out" : "Zoom in";
    if (on) follow();
  }

  /** Scroll the frame so that the blank is in the middle of it (as near as the board's edges allow). */
  function follow() {
    const blank = Number(board.dataset.blank), width = Number(board.dataset.width);
    if (!Number.isInteger(blank) || !width) return;
    const side = board.clientWidth / width;
    const row = Math.floor(blank / width), col = blank % width;
    frame.scrollTo({ left: (col + 0.5) * side - frame.clientWidth / 2, top: (row + 0.5) * side - frame.clientHeight / 2, behavior: "instant" });
  }

  toggle.addEventListener("click", () => {
    settings.set("zoom", !root.classList.contains("zoomed"));
    apply();
    board.focus();
  });
  let shape = "";
  root.addEventListener("game-render", () => {
    const now = `${board.dataset.width}x${board.dataset.height}`;
    if (now !== shape) { shape = now; apply(); } else if (root.classList.contains("zoomed")) follow();
  });
  addEventListener("resize", apply);
  settings.whenLoaded(apply);
}
