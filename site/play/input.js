// play/input.js -- the game's keys and swipes, turned into the game's own actions: a slide in a direction
// (the way a tile moves), undo and redo, a new scramble (N), a restart (R) and a blind solve's "Done" (E), as
// speedsolvers keep them at hand; which key does what is the player's keymap (keymap.js).  Clicks on tiles are the
// game's (game.js).
//
//   bindInput(root, board, { slide, undo, redo, newGame, restart, done, suppressClicks, keys: () => keymap });

import { OPPOSITE } from "../core/rules.js";
import { DEFAULT_KEYS, actionFor } from "./keymap.js";

const SLIDES = new Set(["l", "r", "u", "d"]);
const SWIPE_MIN_PX = 24;
// Controls that take arrow keys themselves (text, lists, sliders, radio groups); a checkbox or a button does not,
// so arrows slide tiles when one of those has the focus.
const OWN_ARROWS = "select, textarea, [contenteditable='true'], input:not([type=checkbox]):not([type=button]):not([type=submit]):not([type=reset])";

function usesArrowKeys(target) {
  return Boolean(target && target.closest && target.closest(OWN_ARROWS));
}

/**
 * The keymap's keys (arrow keys and W A S D at first) slide, inside the game, or anywhere when nothing in
 * particular has the focus and the game is on screen; Ctrl+Z / Ctrl+Y undo and redo; N deals a new scramble and
 * R restarts (the game they replace comes back with Undo); E ends a blind solve; a swipe on the board slides.
 * `suppressClicks()` is called when a swipe ends, so the click that may follow is not taken as a tap.
 */
export function bindInput(root, board, { slide, undo, redo, newGame, restart, done, suppressClicks, keys = () => DEFAULT_KEYS }) {
  const actions = { newGame, restart, done };
  function onKey(event) {
    const target = event.target;
    if (usesArrowKeys(target)) return;
    if (event.altKey || event.metaKey) return;
    if (event.ctrlKey) {
      const k = event.key.toLowerCase();
      if (k === "z" && !event.shiftKey) { undo(); event.preventDefault(); }
      else if (k === "y" || (k === "z" && event.shiftKey)) { redo(); event.preventDefault(); }
      return;
    }
    const action = actionFor(keys(), event.key);
    if (actions[action]) {
      event.preventDefault();
      actions[action]();
      return;
    }
    if (!SLIDES.has(action)) return;
    event.preventDefault();
    slide(root.dataset.keys === "blank" ? OPPOSITE[action] : action);   // keys moving the blank: the tile goes the other way
  }
  root.addEventListener("keydown", onKey);
  document.addEventListener("keydown", (event) => {
    if (event.target !== document.body && event.target !== document.documentElement && event.target.id !== "content") return;
    if (root.hidden || !root.getClientRects().length) return;
    onKey(event);
  });

  let swipe = null;
  board.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    swipe = { id: event.pointerId, x: event.clientX, y: event.clientY };
  });
  board.addEventListener("pointerup", (event) => {
    if (!swipe || swipe.id !== event.pointerId) return;
    const dx = event.clientX - swipe.x, dy = event.clientY - swipe.y;
    swipe = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_MIN_PX) return;
    suppressClicks();
    slide(Math.abs(dx) > Math.abs(dy) ? (dx < 0 ? "l" : "r") : (dy < 0 ? "u" : "d"));
  });
  board.addEventListener("pointercancel", () => { swipe = null; });
}
