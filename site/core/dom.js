// core/dom.js -- building elements without HTML strings (every text goes through textContent), and putting them in order.

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key.startsWith("data-") || key.startsWith("aria-") || key === "role" || key === "for") node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children);
  return node;
}

export function button(text, testid, onClick, props = {}) {
  const b = el("button", { type: "button", text, "data-testid": testid, ...props });
  b.addEventListener("click", onClick);
  return b;
}

/**
 * A time to the millisecond, as speedsolvers write it (Slidysim and its tools): 9.876, 1:02.345, 1:02:03.456;
 * an average's fraction of a millisecond is rounded to the nearest, the one rule of core/averages.js
 * (formatStatNumber).  "–" for no time, "DNF" for a DNF's (Infinity).
 */
export function formatTime(ms) {
  if (ms === null || ms === undefined) return "–";
  if (ms === Infinity) return "DNF";   // a solve not finished, or an average with two of them (core/averages.js)
  const whole = Math.round(ms), thousandths = String(whole % 1000).padStart(3, "0");
  const seconds = Math.floor(whole / 1000) % 60, minutes = Math.floor(whole / 60000) % 60, hours = Math.floor(whole / 3600000);
  if (hours) return `${hours}:${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}.${thousandths}`;
  if (minutes) return `${minutes}:${String(seconds).padStart(2, "0")}.${thousandths}`;
  return `${seconds}.${thousandths}`;
}

/** Copy text to the clipboard; false when the browser refuses (the caller then shows it to copy). */
export async function copyText(text) {
  try {
    if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(text); return true; }
  } catch { /* refused */ }
  return false;
}

/**
 * Put `parent`'s children in the order of `wanted` (every child, once each), moving as few as possible.
 * Moved with insertBefore an element loses the focus and its running CSS transitions; moveBefore, where the
 * browser has it, keeps both.  Without it the elements in `moving` (those in a transition) and then the
 * focused one stay where they are whenever the order allows; a focused element that had to move gets the
 * focus back.
 */
export function arrange(parent, wanted, moving = new Set()) {
  const at = new Map([...parent.children].map((child, i) => [child, i]));
  const focused = document.activeElement;
  // The heaviest run of `wanted` already in order stays put: a moving element outweighs all the others
  // together, the focused one all the others but those.
  const n = wanted.length;
  const place = wanted.map((child) => at.get(child));
  // Only the stretch from the first element out of place to the last can need moving (after most moves there
  // is none; after a move down on a 20x20 it is a row long): the elements either side of it stay.
  let lo = 0, hi = n - 1;
  while (lo < n && place[lo] === lo) lo++;
  if (lo === n) return;
  while (place[hi] === hi) hi--;
  const weight = wanted.map((child) => (moving.has(child) ? 2 * n + 1 : child === focused ? n + 1 : 1));
  const best = [], before = [];
  for (let i = lo; i <= hi; i++) {
    best[i] = weight[i];
    before[i] = -1;
    for (let j = lo; j < i; j++) {
      if (place[j] < place[i] && best[j] + weight[i] > best[i]) { best[i] = best[j] + weight[i]; before[i] = j; }
    }
  }
  let top = lo;
  for (let i = lo; i <= hi; i++) if (best[i] > best[top]) top = i;
  const stays = new Set();
  for (let i = top; i >= 0; i = before[i]) stays.add(wanted[i]);
  let next = hi + 1 < n ? wanted[hi + 1] : null;   // from the end: each element that moves goes just before the one after it
  for (let i = hi; i >= lo; i--) {
    if (!stays.has(wanted[i])) {
      if (parent.moveBefore) parent.moveBefore(wanted[i], next); else parent.insertBefore(wanted[i], next);
    }
    next = wanted[i];
  }
  if (focused && focused !== document.activeElement && parent.contains(focused)) focused.focus({ preventScroll: true });
}
