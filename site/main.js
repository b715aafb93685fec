// main.js -- start-up: the solver's worker, the status line, the router and its views, offline use.
// Views are loaded when first shown (core/router.js); they get what they share through `context`, never
// through window.  The test hooks below are the only globals (README: "Stable hooks for outside checks").

import { SolverClient } from "./core/solver-client.js";
import { Router } from "./core/router.js";
import { registerOffline } from "./core/offline.js";

const solver = new SolverClient();
// What the views share: the solver, and the budgets tests may shorten (seconds of searching per request).
const context = { solver, budgets: { form: null, game: 8 } };
const router = new Router(document, {
  play: () => import("./play/view.js"),
  solve: () => import("./solve/view.js"),
  learn: () => import("./learn/view.js"),
  code: () => import("./code/view.js"),
}, context);

followSolver(solver);
router.start();

function followSolver(client) {
  const status = document.getElementById("solver-status");
  const offline = document.getElementById("offline-status");
  const offlineText = { "offline ready": "Works offline: saved on this device.", "update ready": "A new version is ready.",
    "offline unavailable": "No offline use in this browser." };
  client.addEventListener("status", (event) => {
    const { state, message } = event.detail;
    status.dataset.state = state;
    if (state === "booting") {
      status.textContent = client.restarts ? "Starting a new solver…" : "Starting the solver…";
    } else if (state === "ready") {
      performance.mark("solver-ready");
      status.textContent = "Solver ready.";
      status.title = `Python ${client.info.python}, started in ${client.bootTook}`;
      // The worker's downloads are in the HTTP cache by now: the service worker's precache reuses them.
      registerOffline({ onStatus: (state) => { offline.textContent = offlineText[state]; } });
    } else if (state === "died" || state === "fatal") {
      status.textContent = message;
    }
  });
}

// -- test hooks (documented in the README) ----------------------------------------------------------
window.__solver = solver;   // .state, .bootMs, .restarts, .terminateForTest(), .request(...)
window.__app = {
  /** The form's budget in seconds for its next searches (null: the engine's default). */
  set maxSeconds(seconds) { context.budgets.form = seconds || null; },
  get maxSeconds() { return context.budgets.form; },
  /** True once the view on screen has mounted and opened its link. */
  get viewReady() { return router.ready; },
  /** The Solve view, emptied, and the Learn view's settings back to their defaults (tests use this between
   *  cases; the worker stays up). */
  reset: async () => {
    if (router.mounted.has("learn")) (await router.view("learn")).hooks.reset();
    return (await router.show("solve")).hooks.reset();
  },
  clearResult: async () => (await router.view("solve")).hooks.clearResult(),
  /** The game, shown: {loadFragment, loadGame, play, newPuzzle} resolve as the game's own calls do. */
  game: {
    set maxSeconds(seconds) { context.budgets.game = seconds || 8; },
    loadFragment: async (fragment) => (await router.show("play")).game.loadFragment(fragment),
    loadGame: async (game) => (await router.show("play")).game.loadGame(game),
    play: async (action) => (await router.show("play")).game.play(action),
    newPuzzle: async (n, height = n) => (await router.show("play")).game.newPuzzle(n, height),
  },
  get explain() { return router.mounted.has("learn"); },
  /** The Code view's {files, editor, runner} (mounted, not shown): `files.file("board.py").text`. */
  code: async () => (await router.view("code")).hooks,
};
