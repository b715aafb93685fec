// play/replay-board.js -- the replay's own board: any W x H from 2 to 20 a side (the game's board plays
// squares only).  One element per tile, placed on its cell by a CSS transform; a move redraws the one tile
// that slid and a jump only the tiles whose cell changed, so that a 20x20 of 14,000 moves plays smoothly.
// Tiles are coloured by a scheme of core/schemes.js (fringe unless the player chose another for the size), so
// that a board whose tiles are too small for numbers still reads; the numbers show once a tile is big enough.
//
//   const board = new ReplayBoard();      // board.element: data-testid="replay-board"
//   board.reset(width, height, tiles, "fringe");   // a new replay, in a colour scheme
//   board.paint("rows");                  // another scheme
//   board.show(tiles);                    // any position of it: only the changed tiles move
//   board.slide(tile, cell);              // one move

import { el } from "../core/dom.js";
import { goalTiles, sameTiles } from "../core/rules.js";
import { tileColour } from "../core/schemes.js";

// Below this many pixels a side a tile shows its colour only: a three-digit number would not be legible.
const NUMBERS_MIN_PX = 20;

export class ReplayBoard {
  constructor() {
    this.element = el("div", { class: "replay-board", role: "img", "data-testid": "replay-board", "aria-label": "Replay board" });
    this.tiles = [];            // the position drawn, row-major, 0 the blank
    this.cellOf = [];           // tile -> its cell, as drawn
    this.pieces = [];           // tile -> its element (none for the blank)
    this.goal = [];
    this.width = 0;
    this.height = 0;
    new ResizeObserver(() => this.#sizeNumbers()).observe(this.element);
  }

  /** A new board of `width` x `height` holding `tiles`, every tile built afresh, coloured by `scheme`. */
  reset(width, height, tiles, scheme = "fringe") {
    this.width = width;
    this.height = height;
    this.goal = goalTiles(width, height);
    this.element.style.setProperty("--w", width);
    this.element.style.setProperty("--h", height);
    this.element.dataset.width = width;
    this.element.dataset.height = height;
    this.pieces = [];
    this.cellOf = [];
    const fragment = document.createDocumentFragment();
    for (let t = 1; t < width * height; t++) {
      this.pieces[t] = el("span", { class: "replay-tile", text: String(t) });
      fragment.append(this.pieces[t]);
    }
    this.element.replaceChildren(fragment);
    this.paint(scheme);
    this.tiles = new Array(width * height).fill(-1);
    this.show(tiles);
    this.#sizeNumbers();
  }

  /** Colour each tile by its home cell's group in `scheme` (core/schemes.js; "plain": the board's own colours). */
  paint(scheme) {
    this.element.dataset.scheme = scheme;
    for (let t = 1; t < this.pieces.length; t++) {
      const home = t - 1, colour = tileColour(scheme, this.width, this.height, Math.floor(home / this.width), home % this.width);
      this.pieces[t].style.setProperty("--hue", String(colour?.hue ?? 0));
      this.pieces[t].style.setProperty("--shade", String(colour?.shade ?? 0));
    }
  }

  /** Draw `tiles`: only the tiles whose cell differs from the position drawn move. */
  show(tiles) {
    for (let cell = 0; cell < tiles.length; cell++) {
      const t = tiles[cell];
      if (this.tiles[cell] !== t && t !== 0) this.#place(t, cell);
      this.tiles[cell] = t;
    }
    this.#markSolved();
  }

  /** One move: `tile` slides into the blank's cell `cell`. */
  slide(tile, cell) {
    const from = this.cellOf[tile];
    this.tiles[from] = 0;
    this.tiles[cell] = tile;
    this.#place(tile, cell);
    this.#markSolved();
  }

  /** Without the tiles' short slide (a jump, a scrub, fast play), or with it. */
  animate(on) {
    this.element.classList.toggle("no-anim", !on);
  }

  #place(tile, cell) {
    this.cellOf[tile] = cell;
    const piece = this.pieces[tile];
    piece.style.transform = `translate(${(cell % this.width) * 100}%, ${Math.floor(cell / this.width) * 100}%)`;
    piece.classList.toggle("home", cell === tile - 1);
  }

  #markSolved() {
    this.element.dataset.solved = String(this.tiles.length > 0 && sameTiles(this.tiles, this.goal));
  }

  #sizeNumbers() {
    const side = this.width ? this.element.clientWidth / this.width : 0;
    this.element.dataset.numbers = side >= NUMBERS_MIN_PX ? "shown" : "hidden";
    this.element.style.setProperty("--tile-px", `${side}px`);
  }
}
