// Runs the statistics model (site/core/averages.js, site/play/stats-record.js) on the cases test_stats_model.py
// holds to hand-computed numbers: JSON on stdout, one entry per case.  No browser: the store (core/store.js)
// keeps its records in memory.
import { readFileSync } from "node:fs";
import { bestAverage, currentAverage, formatStatNumber, moveCounts, trimmedMean } from "../../site/core/averages.js";
import { formatTime } from "../../site/core/dom.js";
import { Stats } from "../../site/play/stats-record.js";
import { readImport } from "../../site/play/stats-file.js";
import { openStore } from "../../site/core/store.js";
import { Replay } from "../../site/core/replay.js";
import { ReplayStore } from "../../site/play/replay-store.js";

const storage = () => openStore({ indexedDB: null });

/** The old records (localStorage's texts) moved into a new store as the page does (play/player-data.js). */
async function migrated(old, clock) {
  const store = await storage();
  const stats = new Stats(store, clock);
  await store.migrate("from-localStorage", ["solves", "setAside"], (tx) => stats.migrate(tx, old));
  return { store, stats };
}

let tick = Date.parse("2026-11-26T10:00:00.000Z");
const clock = () => new Date((tick += 1000));   // a solve a second, so every date differs

/** (N - 3) solves of 10, then 4, 7 and 100: one best (4) and one worst (100) dropped leaves (N-3)*10 + 7. */
const spread = (n) => [...Array(n - 3).fill(10), 4, 7, 100];

const out = {};
out.trimmed = Object.fromEntries([5, 12, 25, 50, 100].map((n) => [n, currentAverage(spread(n), n)]));
out.tooFew = currentAverage([1, 2, 3, 4], 5);
out.missing = trimmedMean([1, 2, null, 4, 5]);
out.windows = {
  best: bestAverage([10, 20, 30, 40, 11, 90], 5, "lower"),
  current: currentAverage([10, 20, 30, 40, 11, 90], 5),
  bestHigher: bestAverage([10, 20, 30, 40, 11, 90], 5, "higher"),
  skipsMissing: bestAverage([1, 2, 3, 4, 5, null, 9, 9, 9, 9, 9], 5),
};
// The one-pass best average against the definition: the best trimmedMean of every window (seeded runs).
{
  let seed = 28;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const byDefinition = (values, count, better) => values.slice(0, Math.max(0, values.length - count + 1))
    .map((_, start) => trimmedMean(values.slice(start, start + count))).filter((a) => a !== null)
    .reduce((best, a) => (best === null || (better === "higher" ? a > best : a < best) ? a : best), null);
  let runs = 0, differ = 0;
  for (let trial = 0; trial < 500; trial++) {
    const values = Array.from({ length: Math.floor(random() * 60) }, () => (random() < 0.05 ? null : Math.floor(random() * 30)));
    for (const count of [5, 12, 25, 50]) for (const better of ["lower", "higher"]) {
      const fast = bestAverage(values, count, better), slow = byDefinition(values, count, better);
      runs += 1;
      if (!(fast === slow || (fast !== null && slow !== null && Math.abs(fast - slow) < 1e-9))) differ += 1;
    }
  }
  out.definition = { runs, differ };
}
out.counts = ["lllurrd", "", "l", "lrlr", "uuuu"].map(moveCounts);
out.formats = {
  times: [9876, 62345, 3723456, 59999.9, null].map(formatTime),
  numbers: [formatStatNumber(Infinity, 3), formatStatNumber(61 / 3, 3), formatStatNumber(2.0004999, 3), formatStatNumber(2.0005, 3),
    formatStatNumber(64, 0), formatStatNumber(null, 3)],
};
// Slidysim's own figures: each world record's TPS as its link keeps it (x1000), and as this page writes it.
const LINKS = JSON.parse(readFileSync(new URL("../replay/slidysim_links.json", import.meta.url), "utf-8")).links;
out.slidysimTps = LINKS.map(({ width, states }) => ({ width, theirs: (states.tps_x1000 / 1000).toFixed(3),
  ours: formatStatNumber(states.moves_x1000 / states.time_ms, 3) }));

// Five solves whose fastest is not their fewest moves: each measure is trimmed on its own.
{
  const stats = new Stats(await storage(), clock);
  const solves = [[10, 50, 30], [20, 90, 40], [30, 60, 35], [40, 70, 50], [50, 10, 10]];
  for (const [s, stm, mtm] of solves) await stats.record(4, { time: s * 1000, stm, mtm, optimal: 40 });
  out.perMeasure = await stats.summary("4x4");
}
// TPS: the trimmed mean of each solve's TPS, not total moves over total time.
{
  const stats = new Stats(await storage(), clock);
  for (const s of [10, 20, 40, 50, 100]) await stats.record("4x3", { time: s * 1000, stm: 100, mtm: 50 });
  out.tps = (await stats.summary("4x3")).tps;
  out.rectangleShapes = await stats.shapes();
}
// The game's moves: STM and MTM from the move string, time to the millisecond.
{
  const stats = new Stats(await storage(), clock);
  await stats.record(3, { time: 1234.4, moves: "llluurd", optimal: null });
  out.fromMoves = await stats.solves(3);
  out.refusedRecord = await stats.record(3, { time: -1, moves: "l" });
  await stats.record(3, { time: 0, moves: "l" });   // one move: the clock, started by the first move, says 0
  out.oneMove = { time: (await stats.solves(3)).at(-1).time, tps: formatStatNumber((await stats.summary(3)).tps.single.best, 3) };
}
// The first record (per side n, moves) moves in without loss.
{
  const first = { sizes: { 3: [{ time: 5000, moves: 20, optimal: 18, date: "2026-01-02T03:04:05.678Z" },
                               { time: 6000, moves: 22, optimal: null, date: "2026-01-03T03:04:05.678Z" }],
                           4: [{ time: 60000, moves: 80, optimal: 50, date: "2026-01-04T00:00:00.000Z" }] } };
  const { store, stats } = await migrated({ first: JSON.stringify(first) }, clock);
  out.migrated = { shapes: await stats.shapes(), three: await stats.solves(3), four: await stats.solves("4x4"), notices: stats.notices,
                   setAside: await store.all("setAside") };
}
// A first record that cannot be read is set aside too.
{
  const { store, stats } = await migrated({ first: "{\"sizes\": [1, 2" }, () => new Date("2026-11-26T12:00:00.000Z"));
  out.firstUnreadable = { shapes: await stats.shapes(), notices: stats.notices, kept: (await store.all("setAside")).map((r) => r.text) };
}
// Export and import: JSON and CSV round trips, nothing doubled, refusals said in one sentence.
{
  let second = Date.parse("2026-11-26T10:00:12.000Z");
  const source = new Stats(await storage(), () => new Date((second += 1000)));   // its own clock: the dates the CSV shows
  await source.record(3, { time: 5001, stm: 20, mtm: 12, optimal: 18 });
  const { id: plusTwo } = await source.record(3, { time: 4002, stm: 24, mtm: 15, optimal: null });
  await source.setPenalty(plusTwo, "+2");   // a penalty goes and comes back with its solve
  await source.record("5x4", { time: 90003, stm: 150, mtm: 90, optimal: null, replay: "abc,\"1\"" });
  const json = await source.exportJson(), csv = await source.exportCsv();
  const viaJson = new Stats(await storage(), clock), viaCsv = new Stats(await storage(), clock);
  out.roundTrip = {
    source: { three: await source.solves(3), five: await source.solves("5x4") },
    csv,
    jsonSentence: await viaJson.importText(json),
    json: { three: await viaJson.solves(3), five: await viaJson.solves("5x4") },
    jsonAgain: await viaJson.importText(json),
    csvSentence: await viaCsv.importText(csv),
    csvSolves: { three: await viaCsv.solves(3), five: await viaCsv.solves("5x4") },
    csvIntoJson: await viaJson.importText(csv),
    countAfter: (await viaJson.solves(3)).length + (await viaJson.solves("5x4")).length,
  };
  const bad = ["shape,date,time_ms,stm,mtm,optimal",
               "3x3,2026-02-01T00:00:00.000Z,7000,30,20,",
               "3x3,2026-02-02T00:00:00.000Z,-5,30,20,",
               "9y9,2026-02-03T00:00:00.000Z,7000,30,20,",
               "3x3,2026-02-04T00:00:00.000Z,7000,30,31,",
               "3x3,not a date,7000,30,20,",
               "3x3,2026-02-05T00:00:00.000Z,7000,,20,"].join("\n");
  const target = new Stats(await storage(), clock);
  out.refusals = { sentence: await target.importText(bad), kept: await target.solves(3) };
  out.notExports = [await target.importText("hello, world"), await target.importText("{not json"), await target.importText('{"a": 1}'),
                    readImport("shape,date,time_ms,stm\n").entries.length];
  out.firstRecordImport = await target.importText(JSON.stringify({ sizes: { 4: [{ time: 1000, moves: 10, optimal: null, date: "2026-03-01T00:00:00.000Z" }] } }));
}
// A stored record that cannot be read is set aside, with a message; a solve in it too, the rest kept.
{
  const { store, stats } = await migrated({ second: "{\"version\": 2, \"shapes\": {\"3x3\": [{\"time\": 10" }, () => new Date("2026-11-26T12:00:00.000Z"));
  const shapes = await stats.shapes();
  const notices = stats.notices.splice(0);
  await stats.record(3, { time: 1000, stm: 4, mtm: 2 });
  out.unreadable = { shapes, notices, kept: (await store.all("setAside")).map((r) => r.text),
                     after: (await stats.solves(3)).length, laterNotices: stats.notices };
  const mixed = await migrated({ second: JSON.stringify({ version: 2, shapes: {
    "3x3": [{ time: 1000, stm: 4, mtm: 2, optimal: null, date: "2026-01-01T00:00:00.000Z" }, { time: "fast", stm: 4 }],
    "banana": [{ time: 1000, stm: 4, mtm: 2, optimal: null, date: "2026-01-01T00:00:00.000Z" }] } }) }, () => new Date("2026-11-26T12:00:00.000Z"));
  const partly = mixed.stats;
  out.partlyUnreadable = { solves: (await partly.solves(3)).length, shapes: await partly.shapes(), notices: partly.notices.slice(),
                           setAside: JSON.parse((await mixed.store.all("setAside"))[0].text) };
  // a record in the store that no longer reads is set aside when read, the rest kept
  await mixed.store.put("solves", { id: "3x3|broken", shape: "3x3", time: "fast" });
  out.storedUnreadable = { solves: (await partly.solves(3)).length, notices: partly.notices.slice(1),
                           left: (await mixed.store.all("solves")).length };
}
out.summaryOfNothing = await new Stats(await storage(), clock).summary(3);
// The replays' cap (play/replay-store.js) past 100: the oldest replay goes unless it is a personal best, and the
// solve just finished (not yet in the statistics) counts among the bests: four old 3x3 solves that make a best ao5
// with it stay, the oldest 4x4 goes.  Without it counted (a solve the statistics leave out) the oldest 3x3 that
// is not its best single goes.
{
  const capped = async (counted) => {
    const store = await storage();
    const at = (i) => new Date(Date.UTC(2020, 0, 1, 0, i)).toISOString();
    const replayOf = (i, width, time) => ({ id: `${width}-${i}`, date: at(i), width, height: width, moves: "l", times: [0], timeMs: time,
      scramble: width === 3 ? [1, 2, 3, 4, 5, 6, 7, 0, 8] : [...Array(14).keys()].map((k) => k + 1).concat([0, 15]) });
    const seeded = [...[0, 1, 2, 3].map((i) => replayOf(i, 3, 10 + i)), ...Array.from({ length: 96 }, (_, k) => replayOf(4 + k, 4, 200_000 - k))];
    await store.write(["replays", "solves"], async (tx) => {
      for (const r of seeded) {
        await tx.put("replays", r);
        await tx.put("solves", { id: `${r.width}x${r.width}|${r.date}`, shape: `${r.width}x${r.width}`, time: r.timeMs, stm: 1, mtm: 1, optimal: 1, date: r.date, replay: r.id });
      }
    });
    const replays = new ReplayStore(store, () => new Date(Date.UTC(2021, 0, 1)));
    const finished = new Replay({ width: 3, height: 3, scramble: [1, 2, 3, 4, 5, 6, 7, 0, 8], moves: "l", times: [0], timeMs: 5 });
    await replays.add(finished, "3-new", { counted });
    const ids = new Set((await store.all("replays")).map((r) => r.id));
    return { count: ids.size, gone: seeded.map((r) => r.id).filter((id) => !ids.has(id)), kept: ids.has("3-new"), notices: replays.notices };
  };
  out.replayCap = { counted: await capped(true), uncounted: await capped(false) };
}
process.stdout.write(JSON.stringify(out));
