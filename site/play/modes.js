// play/modes.js -- the solve types, as data: which boards a solve of each type plays, what its length means, and the
// name its statistics are kept under.  No DOM: mode-menu.js is the menu, mode-run.js plays a run of boards,
// mode-blind.js and mode-fewest.js the two types of one board with rules of their own.
//
// The types (Slidysim's solve types, and fewest moves):
//   single: one board;  marathon: `length` boards of the shape chosen, one after another, one timer;
//   relay (Slidysim's "2-N relay"): N×N, then (N-1)×(N-1) ... down to 2×2, N the length;
//   width relay: N×N, (N-1)×N ... down to 2×N;  height relay: N×N, N×(N-1) ... down to N×2;
//   blind: memorise, then solve with the tiles hidden and say "Done" (a wrong position is a DNF);
//   fewest: a time limit (the length, in seconds) to solve in as few moves as the player can: the optimum and
//   the moves wasted are named after.
// A solve's statistics are kept under its category: its type and length ("marathon-10", "relay-5", "blind",
// "fewest-60"; none for a single) and its board's shape ("4x4"; a relay's first, largest board).
//
//   boardsOf({ type: "relay", length: 3 }, [4, 4])   // [[3, 3], [2, 2]]
//   statsType({ type: "marathon", length: 10 })      // "marathon-10"
//   categoryLabel("marathon-10:4x4")                 // "Marathon of 10, 4×4"

export const MODES = {
  single: { label: "Single", length: null },
  marathon: { label: "Marathon", length: { least: 2, most: 1000, first: 10, offers: [10, 25, 42, 50, 100], name: "Boards" } },
  relay: { label: "Relay 2–N", length: { least: 3, most: 20, first: 4, offers: [3, 4, 5, 6, 7, 8, 10], name: "Up to N" } },
  "width-relay": { label: "Width relay", length: { least: 3, most: 20, first: 4, offers: [3, 4, 5, 6, 7, 8, 10], name: "Up to N" } },
  "height-relay": { label: "Height relay", length: { least: 3, most: 20, first: 4, offers: [3, 4, 5, 6, 7, 8, 10], name: "Up to N" } },
  blind: { label: "Blind", length: null },
  fewest: { label: "Fewest moves", length: { least: 10, most: 3600, first: 60, offers: [30, 60, 120, 300], name: "Seconds" } },
};

const RELAYS = new Set(["relay", "width-relay", "height-relay"]);
export const isRelay = (type) => RELAYS.has(type);

/** {type, length} as kept, checked: an unknown type is a single, a length out of its range its first value. */
export function readMode(raw) {
  const type = Object.hasOwn(MODES, raw?.type) ? raw.type : "single";
  return { type, length: readLength(type, raw?.length) };
}

/** The length of a type read from a field's text or a number, or null when it is not a whole number in range
 *  (a type without a length: null). */
export function lengthOf(type, text) {
  const rule = MODES[type]?.length;
  if (!rule) return null;
  const value = Number(String(text).trim());
  return Number.isInteger(value) && value >= rule.least && value <= rule.most ? value : null;
}

function readLength(type, value) {
  const rule = MODES[type].length;
  return rule ? lengthOf(type, value) ?? rule.first : null;
}

/** The sentence for a length refused. */
export function lengthRefusal(type) {
  const { least, most, name } = MODES[type].length;
  return `${MODES[type].label}: ${name.toLowerCase()} is a whole number from ${least} to ${most}.`;
}

/** The boards a solve of `mode` plays, each [width, height], in order; `shape`: the size chosen, [width, height]. */
export function boardsOf({ type, length }, shape) {
  const down = (make) => Array.from({ length: length - 1 }, (_, i) => make(length - i));
  if (type === "marathon") return Array.from({ length }, () => shape.slice());
  if (type === "relay") return down((side) => [side, side]);
  if (type === "width-relay") return down((side) => [side, length]);
  if (type === "height-relay") return down((side) => [length, side]);
  return [shape.slice()];
}

/** The type its statistics are kept under ("marathon-10"...), or null for a single. */
export function statsType({ type, length }) {
  if (type === "single") return null;
  return MODES[type].length ? `${type}-${length}` : type;
}

const TYPE_PATTERN = /^(marathon|relay|width-relay|height-relay|fewest)-(\d+)$|^blind$/;

/** Whether `text` is a type a solve is kept under (statsType's). */
export const isStatsType = (text) => typeof text === "string" && TYPE_PATTERN.test(text);

/** "Marathon of 10, 4×4", "Relay 2–5", "Width relay 5×5 to 2×5", "Blind 4×4", "Fewest moves in 60 s, 3×3", or
 *  "4×4" for singles, from a category ("type:WxH", or "WxH"). */
export function categoryLabel(category) {
  const [type, shape] = category.includes(":") ? category.split(":") : [null, category];
  const size = shape.replace("x", "×");
  const match = type && TYPE_PATTERN.exec(type);
  if (!match) return size;
  const [, kind, n] = match;
  if (!kind) return `Blind ${size}`;
  if (kind === "marathon") return `Marathon of ${n}, ${size}`;
  if (kind === "relay") return `Relay 2–${n}`;
  if (kind === "width-relay") return `Width relay ${n}×${n} to 2×${n}`;
  if (kind === "height-relay") return `Height relay ${n}×${n} to ${n}×2`;
  return `Fewest moves in ${n} s, ${size}`;
}
