// play/board-view.js -- the game's board on screen: one button per tile, placed on its cell by CSS (--r, --c),
// for any W x H from 2 to 20 a side.  A 20x20 has 399 buttons, so a position is drawn by writing only what
// changed since the last one: the tiles that slid, and those whose state (movable, hinted, in place) or label
// changed -- a few dozen on a move.  The board's element carries the hooks data-width, data-height,
// data-tiles and data-blank.
//
//   const view = new BoardView(element, (tile) => ...);   // a click on a tile
//   view.build(width, height);                             // a new shape: every button afresh
//   view.draw(session);                                    // a GameSession's position, hint and goal

import { DIRS, slidesFor } from "../core/rules.js";
import { arrange } from "../core/dom.js";

export class BoardView {
  constructor(element, onTile) {
    this.element = element;
    this.onTile = onTile;
    this.buttons = new Map();   // tile -> its button
    this.drawn = new Map();     // tile -> what its button shows: {r, c, home, hint, hintDir, slides, label}
    this.width = 0;
  }

  build(width, height) {
    const board = this.element;
    this.buttons.clear();
    this.drawn.clear();
    this.width = width;
    board.style.setProperty("--n", String(width));
    board.style.setProperty("--rows", String(height));
    board.style.setProperty("--digits", String(String(width * height - 1).length));
    board.dataset.width = String(width);
    board.dataset.height = String(height);
    board.setAttribute("aria-label", `Board, ${width} by ${height}`);
    board.replaceChildren();
    for (let t = 1; t < width * height; t++) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "play-tile";
      b.dataset.tile = String(t);
      b.textContent = String(t);
      b.addEventListener("click", () => this.onTile(t));
      this.buttons.set(t, b);
      board.append(b);
    }
  }

  /** Draw the session's position: only the buttons whose cell, state or label changed are written. */
  draw({ n, tiles, goal, hintTile, hint: hintDir }) {
    const sliding = new Set();
    tiles.forEach((t, cell) => {
      if (!t) return;
      const home = goal[cell] === t, hint = hintTile === t, slides = slidesFor(tiles, n, cell);
      if (this._drawTile(t, cell, { home, hint, hintDir: hint ? hintDir : null, slides: slides && slides[0] })) {
        sliding.add(this.buttons.get(t));
      }
    });
    // The buttons in the board's reading order, row by row, as Tab and a screen reader go through them.
    if (sliding.size) arrange(this.element, tiles.filter(Boolean).map((t) => this.buttons.get(t)), sliding);
    this.element.dataset.blank = String(tiles.indexOf(0));
    this.element.dataset.tiles = tiles.join(",");
  }

  /** Bring tile `t`'s button up to date on `cell`; returns whether the tile moved to another cell. */
  _drawTile(t, cell, state) {
    const b = this.buttons.get(t), was = this.drawn.get(t) || {};
    const r = Math.floor(cell / this.width), c = cell % this.width;
    const moved = was.r !== r || was.c !== c;
    if (moved) { b.style.setProperty("--r", String(r)); b.style.setProperty("--c", String(c)); }
    if (was.home !== state.home) b.classList.toggle("is-home", state.home);
    if (was.hint !== state.hint) b.classList.toggle("is-hint", state.hint);
    if (was.hintDir !== state.hintDir) { if (state.hintDir) b.dataset.hintDir = state.hintDir; else delete b.dataset.hintDir; }
    if (Boolean(was.slides) !== Boolean(state.slides)) b.classList.toggle("can-move", Boolean(state.slides));
    const label = `${t}, row ${r + 1}, column ${c + 1}` + (state.home ? ", in place" : "") +
      (state.slides ? `, slides ${DIRS[state.slides].name}` : "") + (state.hint ? ", hint" : "");
    if (was.label !== label) b.setAttribute("aria-label", label);
    this.drawn.set(t, { r, c, label, ...state });
    return moved;
  }
}
