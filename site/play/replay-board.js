// play/replay-board.js -- the replay's own board: any W x H from 2 to 20 a side (the game's board plays
// squares only).  One element per tile, placed on its cell by a CSS transform; a move redraws the one tile
// that slid and a jump only the tiles whose cell changed, so that a 20x20 of 14,000 moves plays smoothly.
// Tiles are coloured by the ring of the goal they belong to (as Slidysim's fringe scheme does), so that a
// board whose tiles are too small for numbers still reads; the numbers show once a tile is big enough.
//
//   const board = new ReplayBoard();      // board.element: data-testid="replay-board"
//   board.reset(width, height, tiles);    // a new replay
//   board.show(tiles);                    // any position of it: only the changed tiles move
//   board.slide(tile, cell);              // one move

import { el } from "../core/dom.js";
import { goalTiles, sameTiles } from "../core/rules.js";

// Below this many pixels a side a tile shows its colour only: a three-digit number would not be legible.
const NUMBERS_MIN_PX = 20;
const RING_HUES = [210, 32, 140, 350, 265, 180, 55, 300, 100, 10];

export class ReplayBoard {
  constructor() {
    this.element = el("div", { class: "replay-board", role: "img", "data-testid": "replay-board", "aria-label": "Replay board" });
    this.tiles = [];            // the position drawn, row-major, 0 the blank
    this.cellOf = [];           // tile -> its cell, as drawn
    this.pieces = [];           // tile -> its element (none for the blank)
    this.goal = [];
    this.width = 0;
    new ResizeObserver(() => this.#sizeNumbers()).observe(this.element);
  }

  /** A new board of `width` x `height` holding `tiles`, every tile built afresh. */
  reset(width, height, tiles) {
    this.width = width;
    this.goal = goalTiles(width, height);
    this.element.style.setProperty("--w", width);
    this.element.style.setProperty("--h", height);
    this.element.dataset.width = width;
    this.element.dataset.height = height;
    this.pieces = [];
    this.cellOf = [];
    const fragment = document.createDocumentFragment();
    for (let t = 1; t < width * height; t++) {
      const home = t - 1, row = Math.floor(home / width), col = home % width;
      const ring = Math.min(row, col);
      const piece = el("span", { class: "replay-tile", text: String(t) });
      piece.style.setProperty("--hue", RING_HUES[ring % RING_HUES.length]);
      this.pieces[t] = piece;
      fragment.append(piece);
    }
    this.element.replaceChildren(fragment);
    this.tiles = new Array(width * height).fill(-1);
    this.show(tiles);
    this.#sizeNumbers();
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
