// play/mode-menu.js -- the solve type's menu (`play-mode`) and its length (`play-mode-length`: a marathon's boards,
// a relay's largest size, a fewest-moves solve's seconds; Enter or a change applies it), kept in the settings across
// reloads.  Choosing a type other than a single loads its player (mode-run.js, only then) and starts a run; back to
// a single, a fresh board is dealt.  The elements are in index.html; the types in modes.js.
//
//   modeMenu(root, game);   // root: the game's section; game: mountGame's object (game.js)

import { MODES, lengthOf, lengthRefusal, readMode } from "./modes.js";
import { settings } from "./settings.js";

export function modeMenu(root, game) {
  const part = (testid) => root.querySelector(`[data-testid="${testid}"]`);
  const menu = part("play-mode"), length = part("play-mode-length"), lengthPart = part("play-mode-length-part");
  const lengthName = root.querySelector("[data-mode-length-name]"), offers = root.querySelector("#play-mode-offers");
  let chosen = readMode(null);
  let runner = null;   // mode-run.js's, once loaded

  /** The menu and the length field say `mode`: the field, its name and its offers shown for a type with a length. */
  function show(mode) {
    menu.value = mode.type;
    const rule = MODES[mode.type].length;
    lengthPart.hidden = !rule;
    if (!rule) return;
    lengthName.textContent = rule.name;
    Object.assign(length, { min: String(rule.least), max: String(rule.most), value: String(mode.length) });
    offers.replaceChildren(...rule.offers.map((value) => Object.assign(document.createElement("option"), { value: String(value) })));
    length.setCustomValidity("");
  }

  /** Play `mode` from now on, and keep it. */
  async function apply(mode, { now = true, resume = false } = {}) {
    chosen = mode;
    show(mode);
    settings.set("mode", mode);
    if (mode.type === "single") {
      if (!runner) return;
      runner.stop();
      game.newPuzzle(game.session.n, game.session.height);
      part("play-board").focus();
      return;
    }
    runner ??= (await import("./mode-run.js")).modeRunner(root, game);
    if (chosen !== mode) return;
    if (resume && runner.resume(mode)) return;   // a reload's board of a run: the run goes on
    if (now) runner.start(mode); else runner.arm(mode);
  }

  menu.addEventListener("change", () => apply(readMode({ type: menu.value })));
  const applyLength = (event) => {
    if (!MODES[chosen.type].length) return;   // (a change after the type changed to one without a length)
    const value = lengthOf(chosen.type, length.value);
    if (value === null) {
      length.setCustomValidity(lengthRefusal(chosen.type));
      length.reportValidity();
      return;
    }
    if (event.type === "keydown" || value !== chosen.length) apply({ type: chosen.type, length: value });
  };
  length.addEventListener("change", applyLength);
  length.addEventListener("input", () => length.setCustomValidity(""));
  length.addEventListener("keydown", (event) => {   // Enter: this length, and the arrow keys slide tiles again
    if (event.key !== "Enter") return;
    event.preventDefault();
    applyLength(event);
  });

  // The type kept: shown once the settings are read, and played at once unless a game is under way (a reload's); a
  // reload's board of a marathon or a relay goes on with its run.
  let restored = false;
  settings.whenLoaded(() => {
    if (restored) return;
    restored = true;
    const kept = readMode(settings.get("mode"));
    if (kept.type === "single" || menu.value !== "single") { if (menu.value === "single") show(kept); return; }
    const session = game.session;
    apply(kept, { now: !session || !session.past.length || session.origin === "run", resume: session?.origin === "run" });
  });
}
