// worker/code-worker.js -- the Code view's Python: a module Web Worker of its own, where a student's Board and Solver
// run against the assignment's tests (puzzlesolver.teach), so that the solver's worker keeps serving Play and Solve.
//
// What the student's code can reach: this scope, sealed before any of it runs.  The storage APIs (IndexedDB, the
// caches, OPFS through navigator.storage), BroadcastChannel and nested workers are deleted from it, so no file,
// however written, can read or delete the players' games, replays, statistics or other code (the page keeps those).
// A scope that cannot be sealed refuses to run code.
//
// Messages (the page's code/runner.js is the only sender; every answer carries the request's id):
//   {type: "interrupt", buffer}              a SharedArrayBuffer: the page writes 2 into it to stop the code
//                                            (a KeyboardInterrupt), when the page is cross-origin isolated
//   {id, type: "call", message}              puzzlesolver.teach.page.answer(message): {id, type: "answer", answer,
//                                            heapBytes} (Python's memory, which never shrinks), or
//                                            {id, type: "interrupted"} when stopped through the buffer
// and on its own: {type: "ready", bootMs} once, {type: "fatal", message} if it could not start.

import { ROOT, fetchResponse, readBytes, startPython } from "./python.js";

const FULL_STDLIB = "pyodide/python_stdlib_full.zip";   // build.py copies Pyodide's whole standard library here
const post = (message) => self.postMessage(message);
// The full zip on sys.path, and in the __path__ of each package already imported from the trimmed zip, so that
// their submodules left out of it are found too (importlib.resources._adapters, say).
const FULL_STDLIB_ON_PATH = `
import sys
full = "/lib/python_stdlib_full.zip"
trimmed = next(entry for entry in sys.path if entry.endswith(".zip"))
sys.path.append(full)
for module in list(sys.modules.values()):
    for entry in list(getattr(module, "__path__", None) or ()):
        if isinstance(entry, str) and entry.startswith(trimmed + "/"):
            module.__path__.append(full + entry[len(trimmed):])
`;
let answer = null;   // puzzlesolver.teach.answer, through JSON

/** Delete `name` from the scope and its prototypes; true when it is gone. */
function remove(target, name) {
  for (let object = target; object; object = Object.getPrototypeOf(object)) {
    if (Object.prototype.hasOwnProperty.call(object, name)) {
      try { delete object[name]; } catch { /* not configurable: checked below */ }
    }
  }
  return !(name in target);
}

const SEALED = ["indexedDB", "caches", "localStorage", "sessionStorage", "cookieStore", "BroadcastChannel", "Worker",
  "SharedWorker", "IDBFactory", "CacheStorage", "FileSystemHandle", "FileSystemDirectoryHandle"];

function seal() {
  const open = SEALED.filter((name) => !remove(self, name));
  if (self.navigator && !remove(self.navigator, "storage")) open.push("navigator.storage");
  if (open.length) throw new Error(`this browser would let the code reach stored data (${open.join(", ")})`);
}

async function boot() {
  const fullStdlib = fetchResponse(new URL(FULL_STDLIB, ROOT)).then(readBytes);
  const { pyodide, since } = await startPython();
  // The whole standard library after the trimmed one: a student may import any of it (compiled when imported).
  const full = await fullStdlib.catch(() => null);   // offline, and never fetched online: the trimmed one only
  if (full) {
    pyodide.FS.writeFile("/lib/python_stdlib_full.zip", full);
    pyodide.runPython(FULL_STDLIB_ON_PATH);
  }
  const page = pyodide.pyimport("puzzlesolver.teach.page");
  answer = (message) => JSON.parse(page.answer_json(JSON.stringify(message)));
  self.__pyodide = pyodide;   // for devtools only
  seal();
  post({ type: "ready", bootMs: since() });
}

const booted = boot().then(() => true, (error) => {
  console.error(error);
  post({ type: "fatal", message: `Python could not start for your code: ${error.message}.` });
  return false;
});

self.onmessage = async (event) => {
  const { id, type, message, buffer } = event.data || {};
  if (type === "interrupt") {
    if (await booted) self.__pyodide.setInterruptBuffer(new Uint8Array(buffer));
    return;
  }
  if (type !== "call" || !(await booted)) return;
  try {
    const reply = answer(message);
    post({ id, type: "answer", answer: reply, heapBytes: self.__pyodide._module?.HEAP8?.length ?? 0 });
  } catch (error) {
    if (error && error.type === "KeyboardInterrupt") post({ id, type: "interrupted" });
    else {
      console.error(error);
      post({ id, type: "crashed", message: String(error && error.message || error).slice(-2000) });
    }
  }
};
