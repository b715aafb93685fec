// play/mode-blind.js -- the rules of a blind solve (modes.js; mode-run.js plays it): the board is shown to be
// memorised with the clock stopped; "Start" (or the first move) starts the clock and hides the tiles (their numbers
// and colours: the board's outline and the blank stay); "Done", or its key (E at first: keymap.js), ends it.  The board solved then is a blind solve, kept
// like any run; any other position is a DNF, said under the board and kept as one in the statistics (mode-record.js),
// and the tiles show again.
//
//   const rules = blindRules(root, game, run);   // rules.begin(); rules.done(); rules.leave(); rules.result(session)

import { el } from "../core/dom.js";
import { recordDnf } from "./mode-record.js";
import { keyName, keymapOf } from "./keymap.js";
import { settings } from "./settings.js";

export function blindRules(root, game, run) {
  const part = (testid) => root.querySelector(`[data-testid="${testid}"]`);
  const start = part("play-mode-start"), done = part("play-mode-done"), caption = part("play-caption"), result = part("play-result");
  const onStart = () => hide(true), onDone = () => finish();
  const say = (text) => { caption.textContent = text; caption.hidden = false; };

  function begin() {
    root.dataset.blind = "memorise";
    start.hidden = false;
    done.hidden = false;
    done.disabled = true;
    nameDoneKey();
    start.addEventListener("click", onStart);
    done.addEventListener("click", onDone);
    root.addEventListener("game-render", onMove);
    say("Blind: memorise the board; Start (or your first move) hides the tiles.");
  }

  function onMove() {
    if (game.session.run === run && root.dataset.blind === "memorise" && game.session.past.length) hide(false);
  }

  /** The tiles hidden and the clock running: from "Start", or from the first move. */
  function hide(fromStart) {
    if (game.session.run !== run || root.dataset.blind !== "memorise") return;
    root.dataset.blind = "hidden";
    start.hidden = true;
    done.disabled = false;
    say("Blind: solve the board from memory, then press Done.");
    if (fromStart) { game.session.startClock(); game.settle(); }
    root.querySelector('[data-testid="play-board"]').focus();
  }

  /** "Done": solved, the run ends as any other; else a DNF. */
  function finish() {
    const session = game.session;
    if (session.run !== run || session.closed) return;
    const solved = session.close();
    root.dataset.blind = "shown";
    done.hidden = true;
    game.settle();
    say(solved ? "Blind: solved, and said so." : "Blind: DNF. The tiles show again, as you left them.");
    if (solved) return;
    result.replaceChildren(el("strong", { text: "DNF." }), " ",
      el("span", { "data-testid": "mode-dnf", text: "The board was not solved when you pressed Done: here it is as you left it. It is kept in your statistics as a DNF." }));
    result.hidden = false;
    recordDnf(run, session).then((problem) => {
      if (problem) game.noteResult(session, problem);
      root.dispatchEvent(new CustomEvent("mode-recorded", { detail: { category: run.category } }));
    });
    if (result.getBoundingClientRect().bottom > innerHeight) result.scrollIntoView({ block: "nearest" });
  }

  /** "Done (E)": the button says its key (the keymap's, keymap.js), if it has one. */
  function nameDoneKey() {
    const [key] = keymapOf(settings.get("keymap")).done;
    done.textContent = key ? `Done (${keyName(key)})` : "Done";
    done.title = key ? `End the blind solve (key ${keyName(key)})` : "End the blind solve";
    if (key) done.setAttribute("aria-keyshortcuts", keyName(key)); else done.removeAttribute("aria-keyshortcuts");
  }

  function leave() {
    start.removeEventListener("click", onStart);
    done.removeEventListener("click", onDone);
    root.removeEventListener("game-render", onMove);
    start.hidden = true;
    done.hidden = true;
    delete root.dataset.blind;
  }

  /** The Done key: as the button, once the tiles are hidden; true when it was taken. */
  const doneKey = () => { if (done.hidden || done.disabled) return false; finish(); return true; };

  return { begin, leave, done: doneKey, result: () => ({ title: "Blind solve done!" }) };
}
