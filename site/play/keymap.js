// play/keymap.js -- which key does what in the game: the four slides, a new scramble, a restart, a blind solve's
// "Done", and the key that, held, freezes hover sliding (as Slidysim's does: the pointer can then be moved back without
// sliding tiles).
// Each action's key can be changed (settings "keymap", play/key-settings.js draws the choices); a key does one thing.
// No DOM.
//
//   const keys = keymapOf(settings.get("keymap"));   // {l: ["ArrowLeft", "a"], ..., freeze: [" "]}
//   actionFor(keys, "A")                             // "l": letters in either case
//   withKey(keys, "l", "j")                          // "j" slides left (and does nothing else); the arrows stay

/** [action, what it does], in the order the settings list them. */
export const ACTIONS = [
  ["l", "Slide left"], ["r", "Slide right"], ["u", "Slide up"], ["d", "Slide down"],
  ["newGame", "New scramble"], ["restart", "Restart"], ["done", "Done (blind)"], ["freeze", "Hold to freeze hover"],
];
const ARROWS = { l: "ArrowLeft", r: "ArrowRight", u: "ArrowUp", d: "ArrowDown" };
export const DEFAULT_KEYS = { l: ["ArrowLeft", "a"], r: ["ArrowRight", "d"], u: ["ArrowUp", "w"], d: ["ArrowDown", "s"],
  newGame: ["n"], restart: ["r"], done: ["e"], freeze: [" "] };
// Keys that stay the page's own: leaving the board (Tab), closing things (Escape), pressing buttons (Enter).
const RESERVED = new Set(["Tab", "Escape", "Enter", "Shift", "Control", "Alt", "Meta"]);

const normal = (key) => (key.length === 1 ? key.toLowerCase() : key);

/** The keymap kept (or none), each action's keys; the defaults for what it does not say. */
export function keymapOf(kept) {
  const keys = {};
  for (const [action] of ACTIONS) {
    const chosen = kept?.[action];
    keys[action] = Array.isArray(chosen) && chosen.every((key) => typeof key === "string") ? chosen.map(normal) : DEFAULT_KEYS[action];
  }
  return keys;
}

/** The action `key` does under `keys`, or null. */
export function actionFor(keys, key) {
  const pressed = normal(key);
  return ACTIONS.find(([action]) => keys[action].includes(pressed))?.[0] ?? null;
}

/** Whether `key` can be given to an action (not a key the page needs for itself). */
export const assignable = (key) => !RESERVED.has(key) && !key.startsWith("F");

/** `keys` with `key` doing `action` and nothing else: it replaces the action's own key (a slide keeps its arrow). */
export function withKey(keys, action, key) {
  const own = [ARROWS[action], normal(key)].filter((k, i, all) => k && all.indexOf(k) === i);
  const next = Object.fromEntries(Object.entries(keys).map(([name, list]) => [name, list.filter((k) => !own.includes(k))]));
  next[action] = own;
  return next;
}

/** A key as the settings show it: "←", "Space", "J". */
export function keyName(key) {
  return { ArrowLeft: "←", ArrowRight: "→", ArrowUp: "↑", ArrowDown: "↓", " ": "Space" }[key] ?? (key.length === 1 ? key.toUpperCase() : key);
}
