// play/view.js -- the Play view: the game (game.js), drawn and playable at once with its keys (keymap.js, from the
// settings: settings.js) and its zoom (zoom.js); the player's features around it (features.js: judging, analysis,
// solve types, the panels below the board and the session's averages) are loaded meanwhile and mounted once the
// board is drawn, so that Play's first paint waits for none of them.  Its links: #play=N:tiles[&goal=...]
// [&moves=...][&time=MS] restores a game, #daily=YYYY-MM-DD&n=N opens that date's daily puzzle, #replay=... plays
// a replay in the Replays panel (replays.js), #game (or no fragment) shows the game on screen.  A link is opened
// once the features are mounted (the router's `ready` waits for it).

import { mountGame } from "./game.js";
import { settings } from "./settings.js";
import { boardZoom } from "./zoom.js";
import { keymapOf } from "./keymap.js";
import { FragmentError, parseDaily } from "../core/links.js";

const FIRST_SIZE = 4;

export function mount(section, { solver, router, budgets }) {
  const game = mountGame(section, { solver, budgets, onFragment: (fragment) => router.publish(fragment, "play"),
    keys: () => keymapOf(settings.get("keymap")) });
  boardZoom(section, settings);
  const features = import("./features.js").then(({ mountFeatures }) => mountFeatures(section, game, { solver }));

  /** The link's game on the board at once (a daily puzzle's once the features have come), then what else it opens. */
  async function open(name, link) {
    if (!game.session) await nextTask();   // the first board drawn in a task of its own, after the modules' evaluation
    if (link.startsWith("daily=")) return openDaily(link, (await features).daily);
    if (link.startsWith("replay=") || !link) { if (!game.session) game.newPuzzle(FIRST_SIZE); }
    else if (!game.shows(link)) game.loadFragment(link);
    const { replays } = await features;
    if (link.startsWith("replay=")) replays.openLink(link);   // the panel plays it (or says why not)
  }

  function openDaily(link, daily) {
    try {
      const { n, date } = parseDaily(link);
      daily.load(n, date);
    } catch (error) {
      if (!(error instanceof FragmentError)) throw error;
      game.refuse(error.message, error.size, error.height);
    }
  }

  return { open, game };
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
