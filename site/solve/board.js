// solve/board.js -- draw a sliding board (tiles row-major, 0 = blank) and step through a solution.
// Rendering only: no puzzle rules.  Every text goes through textContent.

/** Fill `container` with the board's tiles, `n` to a row (an n x n board's, or a rectangle's width: its height
 *  is the tiles' count over n); returns the container. */
export function renderBoard(container, tiles, n, { goal = null } = {}) {
  container.classList.add("board");
  container.style.setProperty("--n", String(n));
  container.style.setProperty("--rows", String(tiles.length / n));
  container.style.setProperty("--digits", String(String(tiles.length - 1).length));   // the widest number's (style.css)
  container.setAttribute("role", "img");
  container.setAttribute("aria-label", describeBoard(tiles, n));
  const cells = container.children;
  if (cells.length !== tiles.length) container.replaceChildren(...tiles.map(() => document.createElement("span")));
  tiles.forEach((tile, i) => {
    const cell = container.children[i];
    cell.className = tile === 0 ? "tile blank" : "tile";
    if (goal && tile !== 0 && goal[i] === tile) cell.classList.add("home");
    cell.textContent = tile === 0 ? "" : String(tile);
  });
  return container;
}

/** The board in words for a screen reader, width first: "4 by 3 board: 1 2 3 4; 5 6 7 8; 9 10 blank 11". */
export function describeBoard(tiles, n) {
  const rows = [];
  for (let start = 0; start < tiles.length; start += n) {
    rows.push(tiles.slice(start, start + n).map((t) => (t === 0 ? "blank" : t)).join(" "));
  }
  return `${n} by ${rows.length} board: ${rows.join("; ")}`;
}

/**
 * Step through a solution: play, pause, step forward and back, scrub.
 *   const player = new Player({board, position, back, playPause, forward, scrub}, {intervalMs});
 *   player.load(positions, n, goal);   // [{tiles, tile}]: the start (tile null), then each move's result
 *                                      // and the tile it slid (core/rules.js's positionsAlong)
 */
export class Player {
  constructor(elements, { intervalMs = 600 } = {}) {
    this.el = elements;
    this.intervalMs = intervalMs;
    this.positions = [];
    this.n = 0;       // tiles to a row
    this.goal = null;
    this.index = 0;
    this.timer = null;
    elements.back.addEventListener("click", () => { this.pause(); this.show(this.index - 1); });
    elements.forward.addEventListener("click", () => { this.pause(); this.show(this.index + 1); });
    elements.playPause.addEventListener("click", () => (this.timer ? this.pause() : this.play()));
    elements.scrub.addEventListener("input", () => { this.pause(); this.show(Number(elements.scrub.value)); });
  }

  load(positions, n, goal = null) {
    this.pause();
    this.positions = positions;
    this.n = n;
    this.goal = goal;
    this.el.scrub.max = String(Math.max(0, positions.length - 1));
    this.show(0);
  }

  clear() {
    this.pause();
    this.positions = [];
  }

  show(index) {
    if (!this.positions.length) return;
    this.index = Math.max(0, Math.min(this.positions.length - 1, index));
    const { tiles, tile } = this.positions[this.index];
    renderBoard(this.el.board, tiles, this.n, { goal: this.goal });
    const last = this.positions.length - 1;
    let text = `Move ${this.index} of ${last}`;
    text += this.index ? `: tile ${tile} slid` : " (start)";
    if (this.index === last) text += this.index ? " (goal reached)" : " (already at the goal)";
    this.el.position.textContent = text;
    this.el.scrub.value = String(this.index);
    this.el.back.disabled = this.index === 0;
    this.el.forward.disabled = this.index === last;
  }

  play() {
    if (this.positions.length < 2) return;
    if (this.index >= this.positions.length - 1) this.show(0);
    this.el.playPause.textContent = "Pause";
    this.timer = setInterval(() => {
      if (this.index >= this.positions.length - 1) { this.pause(); return; }
      this.show(this.index + 1);
    }, this.intervalMs);
  }

  pause() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.el.playPause.textContent = "Play";
  }
}
