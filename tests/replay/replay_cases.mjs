// Runs replay cases through site/core/replay.js for test_replay.py: JSON on stdin, JSON on stdout, each list
// answered in its own order.
//   links:     pasted link texts  -> the replay read (and both links written back, read again) or its refusal
//   solutions: {solution, scramble, convention?, time_ms?} -> the same, from parseSolutionWithScramble
//   timing:    link texts -> how long each import took and its longest stretch without a break (below)
import { readFileSync } from "node:fs";
import { ReplayError, isSolved, parseReplayLink, parseSolutionWithScramble, positionAfter, replayFragment,
  slidysimLink } from "../../site/core/replay.js";

const input = JSON.parse(readFileSync(0, "utf8"));

const fields = (replay) => JSON.stringify([replay.width, replay.height, replay.scramble, replay.moves, replay.times, replay.timeMs]);

async function described(replay) {
  const fragment = await replayFragment(replay);
  const slidysim = await slidysimLink(replay);
  return {
    replay: {
      width: replay.width, height: replay.height, scramble: replay.scramble, moves: replay.moves, times: replay.times,
      timeMs: replay.timeMs, stm: replay.stm, mtm: replay.mtm, tps: replay.tps,
      final: positionAfter(replay), solved: isSolved(replay), halfway: positionAfter(replay, replay.stm >> 1),
    },
    fragment, slidysim,
    fragmentReadsBack: fields(await parseReplayLink(fragment)) === fields(replay),
    about: replay.about, fragmentAbout: (await parseReplayLink(fragment)).about,
    slidysimReadsBack: fields(await parseReplayLink(slidysim)) === fields(replay),
  };
}

async function answer(read) {
  try {
    return await described(await read());
  } catch (error) {
    if (error instanceof ReplayError) return { refused: error.message };
    return { crashed: String(error?.stack ?? error) };
  }
}

/** The longest time the event loop went without a turn while `work` ran (a macrotask ticking on setImmediate
 *  marks every turn: a stretch between two ticks is a task the page could not interrupt, microtasks included),
 *  and the whole time it took. */
async function measured(work) {
  let running = true, longest = 0, last = performance.now();
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const start = performance.now();
  const result = await work();
  const totalMs = performance.now() - start;
  running = false;
  longest = Math.max(longest, performance.now() - last);
  return { result, totalMs, longestStretchMs: longest };
}

async function timed(text) {
  const read = await measured(() => parseReplayLink(text));
  const fragment = await measured(() => replayFragment(read.result));
  const slidysim = await measured(() => slidysimLink(read.result));
  const readFragment = await measured(() => parseReplayLink(fragment.result));
  const readSlidysim = await measured(() => parseReplayLink(slidysim.result));
  const figures = ({ totalMs, longestStretchMs }) => ({ totalMs, longestStretchMs });
  return {
    stm: read.result.stm, linkChars: text.length, fragmentChars: fragment.result.length, slidysimChars: slidysim.result.length,
    import: figures(read), fragment: figures(fragment), slidysim: figures(slidysim),
    importFragment: figures(readFragment), importSlidysim: figures(readSlidysim),
  };
}

const output = { links: [], solutions: [], timing: [] };
for (const text of input.links ?? []) output.links.push(await answer(() => parseReplayLink(text)));
for (const { solution, scramble, convention = "tile", time_ms: timeMs = null } of input.solutions ?? []) {
  output.solutions.push(await answer(() => parseSolutionWithScramble(solution, scramble, { convention, timeMs })));
}
for (const text of input.timing ?? []) output.timing.push(await timed(text));
process.stdout.write(JSON.stringify(output));
