// Runs the Code view's files (site/code/files.js) through what two tabs do to one store: JSON on stdout, one entry
// per case, for test_code_files.py.  No browser: the store (core/store.js) keeps its records in memory, and two
// CodeFiles over one store stand for two tabs; a page that goes and comes back is a CodeFiles left and a new one
// loaded, over a localStorage kept in a Map.
const local = new Map();
globalThis.localStorage = {
  get length() { return local.size; },
  key: (i) => [...local.keys()][i] ?? null,
  getItem: (key) => local.get(key) ?? null,
  setItem: (key, value) => local.set(key, String(value)),
  removeItem: (key) => local.delete(key),
};
const { CodeFiles } = await import("../../site/code/files.js");
import { openStore } from "../../site/core/store.js";

const STARTER = { "board.py": "class Board: ...\n", "solver.py": "class Solver: ...\n" };
const kept = async (store) => Object.fromEntries((await store.listCode("8puzzle")).map(({ name, text }) => [name, text]));

async function twoTabs() {
  const store = await openStore({ indexedDB: null, channel: false });
  const here = new CodeFiles(store, "8puzzle", STARTER), there = new CodeFiles(store, "8puzzle", STARTER);
  await here.load();
  await there.load();
  return { store, here, there };
}

const out = {};

{  // A first change keeps the whole set: the starter file never touched is kept beside the changed one.
  const { store, here } = await twoTabs();
  here.edit("board.py", "class Board: # mine\n");
  await here.flush();
  out.firstWrite = await kept(store);
}

{  // What one tab kept, the other takes up: a change, an added file, a removed one.
  const { store, here, there } = await twoTabs();
  here.edit("board.py", "class Board: # changed here\n");
  await here.flush();
  const first = await there.refresh();
  here.remove("solver.py");
  await here.flush();
  const second = await there.refresh();
  out.takenUp = { first, second, files: there.files, setAside: (await store.all("setAside")).length };
}

{  // Both tabs changed board.py: the one not yet written keeps its text, the other's is set aside, not lost.
  const { store, here, there } = await twoTabs();
  here.edit("board.py", "class Board: # written first, here\n");
  await here.flush();
  there.edit("board.py", "class Board: # typed there meanwhile\n");
  const refreshed = await there.refresh();
  await there.flush();
  out.conflict = {
    refreshed,
    shownThere: there.file("board.py").text,
    kept: (await kept(store))["board.py"],
    setAside: (await store.all("setAside")).map(({ from, reason, text }) => ({ from, reason, text: JSON.parse(text).text })),
  };
}

{  // A page reloaded right after a key: IndexedDB's write never began; the note left as it went is taken up.
  const { store, here } = await twoTabs();
  here.edit("board.py", "class Board: # typed just before the reload\n");
  here.leaving();   // the page goes; its flush never reaches the store
  const notedWhileAway = local.size;
  const again = new CodeFiles(store, "8puzzle", STARTER);
  await again.load();
  out.reloaded = { notedWhileAway, shown: again.file("board.py").text, kept: await kept(store), notesLeft: local.size };
}

{  // The page that went had a change the other tab wrote over since: its note is set aside, not taken, not lost.
  const { store, here, there } = await twoTabs();
  here.edit("board.py", "class Board: # the page that went\n");
  here.leaving();
  await new Promise((resolve) => setTimeout(resolve, 5));
  there.edit("board.py", "class Board: # written later, there\n");
  await there.flush();
  const again = new CodeFiles(store, "8puzzle", STARTER);
  await again.load();
  out.olderNote = {
    shown: again.file("board.py").text,
    setAside: (await store.all("setAside")).map(({ reason, text }) => ({ reason, text: JSON.parse(text).text })),
    notesLeft: local.size,
  };
}

{  // A flush that reaches the store settles the note at once.
  const { here } = await twoTabs();
  here.edit("board.py", "class Board: # hidden, then written\n");
  here.leaving();
  await here.flush();
  out.settledByFlush = local.size;
}

console.log(JSON.stringify(out));
