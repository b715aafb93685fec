"""site/core/solver-client.js without a browser (Node, with a stand-in for the worker): a request the worker
died on is never sent again by itself, a request the protocol does not declare is never sent at all, and
what the client says is one sentence, never the browser's words."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

SITE = Path(__file__).resolve().parents[2] / "site"

SCRIPT = """
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { SolverClient } from "./core/solver-client.js";

const protocol = JSON.parse(readFileSync("../pysrc/puzzlesolver/protocol.json", "utf8"));
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));   // requests are checked, then sent
const workers = [];
class StandInWorker {
  constructor() { this.posted = []; workers.push(this); }
  postMessage(message) { this.posted.push(message); }
  terminate() { this.terminated = true; }
  say(data) { this.onmessage({ data }); }
  crash() { this.onerror({ preventDefault() {}, message: "Uncaught RangeError: Maximum call stack size exceeded" }); }
}
const client = new SolverClient("worker.js", { createWorker: () => new StandInWorker(), protocol });
clearInterval(client._watchdog);
const statuses = [];
client.addEventListener("status", (event) => statuses.push(event.detail));
workers[0].say({ type: "ready", info: {} });

// The worker crashes while checking a board: the request rejects with one sentence of the client's own.
const huge = { board: "200 x 200 tiles" };
const checking = client.request("check_board", huge);
const solving = client.request("solve_board", { board: "8 1 3\\n4 0 2\\n7 6 5", owner: "form" });
await tick();
workers[0].crash();
await assert.rejects(checking, { message: "The solver crashed; a new solver is starting." });
await assert.rejects(solving, { message: "The solver crashed; a new solver is starting." });
assert.equal(statuses.at(-2).message, "The solver crashed; a new solver is starting.");
assert.equal(workers.length, 2);
workers[1].say({ type: "ready", info: {} });

// Asked again by itself (a check when the new worker is ready), it is answered at once, not sent.
const again = await client.request("check_board", { ...huge, owner: "form" });
assert.equal(again.type, "error");
assert.equal(again.field, "worker");
assert.match(again.message, /^The solver stopped while working on this before, so it was not asked again\\.$/);
assert.deepEqual(workers[1].posted, []);

// Other requests go through; so does the same one when the person asks for it.
client.request("check_board", { board: "1 2\\n3 0" });
const asked = client.request("solve_board", { board: "8 1 3\\n4 0 2\\n7 6 5" }, null, { again: true });
await tick();
assert.deepEqual(workers[1].posted.map((m) => m.op), ["check_board", "solve_board"]);
// ... and once sent again, it is an ordinary request (this one was answered).
workers[1].say({ id: asked.id, type: "result", status: "solved" });
client.request("solve_board", { board: "8 1 3\\n4 0 2\\n7 6 5" });
await tick();
assert.equal(workers[1].posted.length, 3);

// Cancel is a request of its own, naming the job (or an owner).
client.cancel(asked.id);
client.cancel(null, "game");
await tick();
assert.deepEqual(workers[1].posted.slice(3).map(({ op, job, owner }) => ({ op, job, owner })),
  [{ op: "cancel", job: asked.id, owner: undefined }, { op: "cancel", job: undefined, owner: "game" }]);

// A request the protocol does not declare is the page's mistake: refused at once, never sent.
const errors = [];
console.error = (text) => errors.push(text);
const typo = await client.request("solve_board", { board: "1 2\\n3 0", max_second: 5 });
const unknown = await client.request("launch", {});
const missing = await client.request("judge", {});
for (const answer of [typo, unknown, missing]) {
  assert.equal(answer.type, "error");
  assert.equal(answer.message, "The page sent the solver a request it does not understand; reload the page.");
}
assert.deepEqual(errors, ["solver-client: solve_board has no field \\"max_second\\"", "solver-client: unknown op \\"launch\\"",
  "solver-client: judge needs tiles"]);
assert.equal(workers[1].posted.length, 5);

// A worker that cannot start says so in one sentence, with what to do.
const starting = new SolverClient("worker.js", { createWorker: () => new StandInWorker(), protocol });
clearInterval(starting._watchdog);
const pending = starting.request("info");
const awaited = starting.ready;
await tick();
workers.at(-1).say({ type: "fatal", message: "the solver could not start: build.json could not be downloaded (is this device offline?)" });
const refused = await pending;
assert.equal(refused.message, "The solver could not start: build.json could not be downloaded (is this device offline?); reload the page to try again.");
assert.equal(starting.state, "fatal");
// ... and whoever waits for it to be ready stops waiting, with the same sentence (now or later).
await assert.rejects(awaited, { message: refused.message });
await assert.rejects(starting.ready, { message: refused.message });

// A worker that died, replaced by one that cannot start: a wait begun in between ends too.
const replaced = new SolverClient("worker.js", { createWorker: () => new StandInWorker(), protocol });
clearInterval(replaced._watchdog);
workers.at(-1).say({ type: "ready", info: { python: "3.12" } });
assert.deepEqual(await replaced.ready, { python: "3.12" });
workers.at(-1).crash();
assert.equal(replaced.state, "booting");
const waitingForTheNext = replaced.ready;
workers.at(-1).crash();
assert.equal(replaced.state, "fatal");
await assert.rejects(waitingForTheNext, { message: "The solver crashed while starting; reload the page to try again." });
"""


def test_solver_client_in_node():
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    run = subprocess.run([node, "--input-type=module", "-e", SCRIPT], cwd=SITE, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr
