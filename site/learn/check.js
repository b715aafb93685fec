// learn/check.js -- the Learn view's answer checker, as algs4's PuzzleChecker would judge: a student pastes
// what their own solver printed for the puzzle on screen (algs4's "Minimum number of moves = N" and the
// boards, "No solution possible", a move string such as R2 D L, or a ladder's words) and gets one verdict:
// right, or the first thing wrong.  The judging is the engine's (op "check", puzzlesolver.check); the same
// verdicts come from `python -m puzzlesolver --check OUTPUT PUZZLE`.

import { el } from "../core/dom.js";
import { progressText } from "../core/job.js";
import * as ops from "../core/ops.js";
import { NO_PUZZLE, sentence } from "../core/messages.js";

/** The checker panel; `ask` and `puzzleParams` as in compare.js. */
export function checkerPanel({ ask, puzzleParams }) {
  const answer = el("textarea", { id: "check-answer", rows: 8, spellcheck: false, autocomplete: "off",
    "data-testid": "check-answer", "aria-describedby": "check-help" });
  const submit = el("button", { type: "submit", text: "Check answer", "data-testid": "check-submit" });
  const verdict = el("p", { class: "check-verdict", role: "status", "data-testid": "check-verdict" });
  const form = el("form", { class: "learn-check", "aria-labelledby": "check-heading" },
    el("h3", { id: "check-heading", text: "Check your solver's answer" }),
    el("p", { id: "check-help", class: "note", text: "Paste what your own program prints for the puzzle above: the algs4 output "
      + "(Minimum number of moves = N, then every board), \"No solution possible\", a move string such as R2 D L (the way a tile "
      + "moves), or for a word ladder its words in order. It is judged as algs4's PuzzleChecker would." }),
    el("label", { for: "check-answer", text: "Your program's output" }), answer,
    el("div", { class: "actions" }, submit), verdict);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const params = puzzleParams();
    if (!params) { show("is-wrong", `${NO_PUZZLE}: the answer is checked against the puzzle on screen.`); return; }
    if (!answer.value.trim()) { show("is-wrong", "Paste your program's output first."); answer.focus(); return; }
    show("", "Checking…");
    const reply = await ask(ops.check, { ...params, answer: answer.value }, (progress) => { verdict.textContent = progressText(progress, "Checking…"); });
    if (reply === null) return;
    if (reply.type !== "verdict") { show("is-wrong", sentence(reply.message || "The answer could not be checked.")); return; }
    show(reply.right ? "is-right" : "is-wrong", `${reply.right ? "✓" : "✗"} ${reply.message}`);
    verdict.dataset.status = reply.status;
  });

  function show(kind, text) {
    verdict.className = `check-verdict ${kind}`.trim();
    verdict.textContent = text;
    delete verdict.dataset.status;
  }

  return { panel: form, clear() { show("", ""); } };
}
