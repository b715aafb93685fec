// play/mode-run.js -- a solve type played (modes.js), loaded when a type other than a single is first chosen: a run
// of boards (a marathon's, a relay's; blind and fewest moves are runs of one board, with the rules of
// mode-blind.js and mode-fewest.js), one timer from the first move of the first board to the last move of the last,
// each board dealt the moment the one before is solved.  A finished run is one result under the board, one solve in
// its type's statistics and one replay holding every board (mode-record.js).  "New puzzle" (N), the size menu and
// "Restart" (R) start a run again: a new one, or the same boards from the first.
//
//   const runner = modeRunner(root, game);   // root: the game's section; game: mountGame's object (game.js)
//   runner.start({ type: "marathon", length: 10 });   // a new run, of the shape on screen
//   runner.arm(mode);                                  // the next deal starts one (a reload's game goes on)
//   runner.resume(mode);                               // a reload's board goes on with its run (kept-run.js)
//   runner.stop();                                     // back to single solves

import { dealTiles, goalTiles, sameTiles } from "../core/rules.js";
import { el, formatTime } from "../core/dom.js";
import { formatStatNumber, tilesPerSecond } from "../core/averages.js";
import { plural } from "../core/messages.js";
import { MODES, boardsOf, statsType } from "./modes.js";
import { UNCOUNTED } from "./result.js";
import { recordRun } from "./mode-record.js";
import { forgetRun, keepRun, keptRun } from "./kept-run.js";
import { GameSession } from "./session.js";
import { blindRules } from "./mode-blind.js";
import { fewestRules } from "./mode-fewest.js";

const RULES = { blind: blindRules, fewest: fewestRules };

/** A board dealt uniformly among those that reach the goal, the goal itself excepted (a board of a run is solved by
 *  a move, as Slidysim's scrambles are never solved). */
function scramble(width, height) {
  const goal = goalTiles(width, height);
  for (;;) {
    const tiles = dealTiles(width, goal);
    if (!sameTiles(tiles, goal)) return tiles;
  }
}

/** A run: its mode, its boards ([width, height] and scramble each), the boards played so far and when each began
 *  (ms of the run's clock), and its category in the statistics. */
class Run {
  constructor(mode, boards, scrambles = boards.map(([w, h]) => scramble(w, h))) {
    this.mode = mode;
    this.boards = boards;
    this.scrambles = scrambles;
    this.played = [];         // [{session, from}]: each board's session and the run's time when it was dealt
    this.statsType = statsType(mode);
    this.category = `${this.statsType}:${boards[0][0]}x${boards[0][1]}`;
    this.recorded = false;
  }

  get last() {
    return this.played.length === this.boards.length;
  }

  get name() {
    const { type, length } = this.mode;
    if (type === "marathon") return `Marathon of ${length}`;
    if (type === "relay") return `Relay 2–${length}`;
    return MODES[type].label;
  }

  caption(index) {
    const [w, h] = this.boards[index];
    return this.boards.length > 1 ? `${this.name}: board ${index + 1} of ${this.boards.length} (${w}×${h})` : "";
  }

  /** The result under the board: a board of the run solved, or the whole run (its time, moves and TPS). */
  finishedResult(session, { unknown }) {
    if (!this.last || session !== this.played.at(-1).session) {
      return { parts: [el("strong", { text: `Board ${this.played.length} of ${this.boards.length} solved.` })], spoken: "Next board." };
    }
    const time = session.elapsedMs(), stm = this.played.reduce((sum, { session: s }) => sum + s.moveCount, 0);
    const tps = tilesPerSecond(stm, time);
    const own = this.rules?.result?.(session, { unknown }) ?? null;
    const parts = [el("strong", { text: own?.title ?? `${this.name} done!` }), " ",
      el("span", { "data-testid": "mode-result", "data-time-ms": String(time), "data-stm": String(stm), "data-boards": String(this.boards.length),
        text: `${this.boards.length > 1 ? `${this.boards.length} boards, ` : ""}${plural(stm, "move")} in ${formatTime(time)}` +
          `${tps === null || !Number.isFinite(tps) ? "" : `, ${formatStatNumber(tps, 3)} TPS`}.` }),
      ...(own?.parts ? [" ", ...own.parts] : [])];
    if (this.helped) parts.push(el("span", { class: "play-uncounted", "data-testid": "play-uncounted", text: UNCOUNTED.help }));
    if (session.notes?.size) parts.push(el("span", { text: [...session.notes].join(" "), class: "play-kept", "data-testid": "play-kept" }));
    return { parts, spoken: `${own?.title ?? `${this.name} done`}: ${formatTime(time)}.` };
  }

  get helped() {
    return this.played.some(({ session }) => session.helped);
  }
}

export function modeRunner(root, game) {
  let run = null;
  let armed = null;   // the mode the next deal starts a run of, when none is under way (a reload's game went on)
  game.setModeHooks({
    deal: (shape) => { const mode = run?.mode ?? armed; if (!mode) return false; begin(mode, shape); return true; },
    restart: () => { if (!run) return false; begin(run.mode, null, run); return true; },
    done: () => run?.rules?.done?.() ?? false,   // the Done key (keymap.js): a blind solve's
  });
  root.addEventListener("game-render", follow);

  /** A new run of `mode` on boards of `shape` ([width, height]), or the boards of `again` from the first. */
  function begin(mode, shape, again = null) {
    run?.rules?.leave();
    forgetRun();
    armed = null;
    run = again ? new Run(mode, again.boards, again.scrambles) : new Run(mode, boardsOf(mode, shape));
    run.rules = RULES[mode.type]?.(root, game, run) ?? null;
    Object.assign(root.dataset, { mode: mode.type, run: run.statsType });
    deal(0, 0, null);
    run.rules?.begin();
  }

  /** Board `index` of the run, its clock at `time` (the run's so far) and running since `since` (null: from its first move). */
  function deal(index, time, since) {
    const [n, height] = run.boards[index];
    game.loadGame({ n, height, tiles: run.scrambles[index], origin: "run", time, runningSince: since, run,
      caption: run.caption(index), blind: run.mode.type === "blind" });
    run.played.push({ session: game.session, from: time });
    if (!run.rules) keepRun(run);   // a blind or fewest-moves run is not gone on with after a reload: it shows its board
  }

  /** The run a reload cut, rebuilt from what kept-run.js kept and the board on screen (a reload's, kept-game.js),
   *  which goes on with its moves, times and running clock; false when there is none to go on with. */
  function resume(mode) {
    const session = game.session;
    if (RULES[mode.type] || !session || session.origin !== "run" || session.solved) return false;
    const kept = keptRun(mode, session.start);
    if (!kept) return false;
    armed = null;
    run = new Run(mode, kept.boards, kept.scrambles);
    run.rules = null;
    run.played = kept.solved.map(({ moves, times, from, elapsed, helped }, index) => {
      const [n, height] = run.boards[index];
      const solved = new GameSession({ n, height, tiles: run.scrambles[index], moves, origin: "run", time: elapsed, times, helped, run });
      return { session: solved, from };
    });
    const index = run.played.length, [n, height] = run.boards[index];
    Object.assign(root.dataset, { mode: mode.type, run: run.statsType });
    game.loadGame({ n, height, tiles: session.start, moves: session.past.join(""), origin: "run", time: session.elapsedMs(),
      running: session.timerRunning, times: session.moveTimesMs(), helped: session.helped, run, caption: run.caption(index) });
    run.played.push({ session: game.session, from: kept.solved.at(-1)?.elapsed ?? 0 });
    keepRun(run);
    return true;
  }

  /** After each change on the board: a board of the run solved deals the next, and the last keeps the run. */
  function follow() {
    const session = game.session;
    if (!run || session?.run !== run) { if (run && session && !session.run) root.dataset.mode = "single"; return; }
    root.dataset.mode = run.mode.type;
    if (!session.solved || session !== run.played.at(-1).session) return;
    if (!run.last) {
      const since = performance.now(), time = session.elapsedMs(), next = run.played.length, current = run;
      queueMicrotask(() => { if (run === current && game.session === session) deal(next, time, since); });
      return;
    }
    if (run.recorded) return;
    const done = run;
    done.recorded = true;
    forgetRun();
    done.rules?.leave();
    recordRun(done, session).then((problem) => {
      if (problem) game.noteResult(session, problem);
      root.dispatchEvent(new CustomEvent("mode-recorded", { detail: { category: done.category } }));
    });
  }

  return {
    start(mode) {
      const { session } = game;
      begin(mode, session ? [session.n, session.height] : [4, 4]);
      root.querySelector('[data-testid="play-board"]').focus();
    },
    resume,
    /** The next deal ("New puzzle", N, the size menu) starts a run of `mode`; the game on screen stays. */
    arm(mode) {
      armed = mode;
    },
    stop() {
      run?.rules?.leave();
      forgetRun();
      run = null;
      armed = null;
      root.dataset.mode = "single";
      delete root.dataset.run;
    },
  };
}
