// core/schemes.js -- colour schemes for a board's tiles, as speedsolvers use them (Slidysim's, with the labels
// of benwh1/slidy's label.rs): each tile takes the colour of its home cell's group -- its fringe layer, its row,
// its column -- so that what is solved next reads at a glance, even where the numbers are too small.  No DOM:
// the game's board (play/settings-panel.js) and the replay's (play/replay-board.js) set --hue and --shade per tile.
//
//   tileColour("fringe", 5, 5, 0, 3)    // {hue: 210, shade: 0}: the first layer of a 5x5
//   tileColour("plain", 4, 4, 1, 1)     // null: the board's own colours
//   schemeFor(kept, 4, 4)               // the scheme kept for 4x4 (else the last one chosen, else plain)
//   kept = withScheme(kept, 4, 4, "rows")   // the settings' record with rows chosen for 4x4

/** [id, the name shown], in the menu's order. */
export const SCHEMES = [
  ["plain", "Plain"],
  ["fringe", "Fringe"],
  ["row-grids", "Row grids"],
  ["rows", "Rows"],
  ["columns", "Columns"],
  ["checkerboard", "Checkerboard"],
];
const IDS = new Set(SCHEMES.map(([id]) => id));

// Ten hues far apart, in the order the groups come: neighbouring layers, rows or columns never look alike.
const HUES = [210, 32, 140, 350, 265, 180, 55, 300, 100, 10];

/** The fringe layer of the cell (row, col) on a width x height board: a rectangle's extra rows (or columns) one
 *  layer each, from the top (or the left), then the square's fringes, each its row and its column (label.rs,
 *  SquareFringe), the order a fringe solve goes in. */
export function fringeLayer(width, height, row, col) {
  const extra = Math.abs(width - height);
  if (height > width) return row < extra ? row : extra + Math.min(row - extra, col);
  if (width > height) return col < extra ? col : extra + Math.min(row, col - extra);
  return Math.min(row, col);
}

/** {hue, shade} (shade from -1, darker, to 1, lighter) of the tile whose home is (row, col) under `scheme`;
 *  null for the plain board. */
export function tileColour(scheme, width, height, row, col) {
  const hue = (group) => HUES[group % HUES.length];
  switch (scheme) {
    case "fringe": return { hue: hue(fringeLayer(width, height, row, col)), shade: 0 };
    case "rows": return { hue: hue(row), shade: 0 };
    case "columns": return { hue: hue(col), shade: 0 };
    // Each row its hue, each tile of it its own shade, lighter to the right: every tile is told from its neighbours.
    case "row-grids": return { hue: hue(row), shade: width > 1 ? 1 - (2 * col) / (width - 1) : 0 };
    case "checkerboard": return { hue: (row + col) % 2 ? HUES[1] : HUES[0], shade: 0 };
    default: return null;
  }
}

/** The scheme `kept` ({sizes: {"4x4": id}, last: id}, the settings' record) says for a width x height board;
 *  `fallback` when it says none. */
export function schemeFor(kept, width, height, fallback = "plain") {
  const id = kept?.sizes?.[`${width}x${height}`] ?? kept?.last;
  return IDS.has(id) ? id : fallback;
}

/** `kept` with `id` chosen for width x height (and as the choice for sizes never given one). */
export function withScheme(kept, width, height, id) {
  return { sizes: { ...(kept?.sizes ?? {}), [`${width}x${height}`]: id }, last: id };
}
